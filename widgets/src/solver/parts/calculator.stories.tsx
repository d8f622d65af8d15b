import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Calculator } from './calculator';

const meta = {
  title: 'Solver/Parts/Calculator',
  component: Calculator,
  args: { lang: 'es', onClose: fn(), onInsert: fn() },
} satisfies Meta<typeof Calculator>;

export default meta;
type Story = StoryObj<typeof meta>;

const press = async (canvas: ReturnType<typeof within>, ...names: string[]) => {
  for (const name of names) await userEvent.click(canvas.getByRole('button', { name }));
};

/** Fresh calculator, degrees, nothing typed. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('dialog', { name: 'Calculadora' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'DEG: grados' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Insertar resultado' })).toBeDisabled();
  },
};

/** sin(30) in degrees gives 0.5; the result goes to the math field. */
export const SineInDegreesAndInsert: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await press(canvas, 'sin: seno', '3', '0', 'Cerrar paréntesis', 'Igual');
    await waitFor(() => expect(canvas.getAllByRole('status')[0]).toHaveTextContent('Resultado: 0.5'));
    await userEvent.click(canvas.getByRole('button', { name: 'Insertar resultado' }));
    await expect(args.onInsert).toHaveBeenLastCalledWith('0.5');
  },
};

/** Radians: cos(π) = −1. */
export const Radians: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await press(canvas, 'RAD: radianes', 'cos: coseno', 'Pi', 'Igual');
    await waitFor(() => expect(canvas.getAllByRole('status')[0]).toHaveTextContent('Resultado: -1'));
  },
};

/** Typed on the keyboard, with implicit multiplication, precedence and Ans. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Expresión' }));
    await userEvent.keyboard('2(3+4)^2{Enter}');
    await waitFor(() => expect(canvas.getAllByRole('status')[0]).toHaveTextContent('Resultado: 98'));
    await userEvent.keyboard('/2=');
    await expect(canvas.getByRole('textbox', { name: 'Expresión' })).toHaveValue('Ans÷2');
    await waitFor(() => expect(canvas.getAllByRole('status')[0]).toHaveTextContent('Resultado: 49'));
  },
};

/** An invalid expression and a division by zero show 'Error'. */
export const ExpressionError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await press(canvas, '1', 'Dividido entre', '0', 'Igual');
    await waitFor(() => expect(canvas.getAllByRole('status')[0]).toHaveTextContent('Error'));
    await expect(canvas.getByRole('button', { name: 'Insertar resultado' })).toBeDisabled();
  },
};

/** Escape and the close button close it. */
export const Close: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Expresión' }));
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Cerrar calculadora' }));
    await expect(args.onClose).toHaveBeenCalledTimes(2);
  },
};

/** Without onClose and onInsert: no close or insert button. */
export const Standalone: Story = {
  args: { onClose: undefined, onInsert: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Cerrar calculadora' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Insertar resultado' })).toBeNull();
  },
};

/** English. */
export const English: Story = {
  args: { lang: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await press(canvas, 'Square root', '8', '1', 'Equals');
    await waitFor(() => expect(canvas.getAllByRole('status')[0]).toHaveTextContent('Result: 9'));
  },
};

/** On a 360 px phone every key stays at least 44 px tall. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const key = canvas.getByRole('button', { name: '7' });
    await expect(key.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(canvasElement.querySelector('.kib-calculator')!.scrollWidth).toBeLessThanOrEqual(360);
  },
};
