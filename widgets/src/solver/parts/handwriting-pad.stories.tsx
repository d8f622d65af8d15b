import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { HandwritingPad } from './handwriting-pad';

const meta = {
  title: 'Solver/Parts/HandwritingPad',
  component: HandwritingPad,
  args: { lang: 'es', onLatex: fn(), recognize: fn(async (_image: File) => "{'latex': 'x^{2}+1'}") },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 600 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof HandwritingPad>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Draws a wavy stroke with pointer events, as a finger would. */
function scribble(canvas: HTMLCanvasElement) {
  const rect = canvas.getBoundingClientRect();
  const at = (i: number) => ({
    clientX: rect.left + rect.width * (0.2 + i * 0.03),
    clientY: rect.top + rect.height * (0.5 + 0.2 * Math.sin(i)),
    pointerId: 3,
    pointerType: 'touch',
    isPrimary: true,
    bubbles: true,
  });
  canvas.dispatchEvent(new PointerEvent('pointerdown', at(0)));
  for (let i = 1; i < 20; i++) canvas.dispatchEvent(new PointerEvent('pointermove', at(i)));
  canvas.dispatchEvent(new PointerEvent('pointerup', at(19)));
}

const canvasOf = (root: HTMLElement) => root.querySelector('canvas') as HTMLCanvasElement;

/** Nothing drawn yet: Clear and Convert wait for ink. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: /Área de dibujo/ })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Convertir' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Dibujar' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Draw, Convert: the recognised LaTeX is handed over. */
export const Converted: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    scribble(canvasOf(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Convertir' }));
    await waitFor(() => expect(args.onLatex).toHaveBeenLastCalledWith('x^{2}+1'));
    const image = (args.recognize as ReturnType<typeof fn>).mock.calls[0]?.[0] as File;
    await expect(image.name).toBe('canvas-image.png');
  },
};

/** The service answered with something that is not the expected JSON: the WrongLatex alert. */
export const WrongLatex: Story = {
  args: { recognize: fn(async (_image: File) => '<html>document error</html>') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    scribble(canvasOf(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Convertir' }));
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent(
        'No pudimos leer la expresión. Inténtalo de nuevo.',
      ),
    );
    await expect(args.onLatex).not.toHaveBeenCalled();
  },
};

/** Eraser and Clear. */
export const EraseAndClear: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    scribble(canvasOf(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Borrador' }));
    await expect(canvas.getByRole('button', { name: 'Borrador' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar' }));
    await expect(canvas.getByRole('button', { name: 'Convertir' })).toBeDisabled();
  },
};

/** No recognition service configured: Convert is disabled and says why. */
export const NotConfigured: Story = {
  args: { recognize: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    scribble(canvasOf(canvasElement));
    await expect(canvas.getByRole('button', { name: 'Convertir' })).toBeDisabled();
    await expect(
      canvas.getByText(
        'El reconocimiento de escritura a mano no está configurado en este Kib, así que Convertir está desactivado: escribe la expresión en el campo de respuesta.',
      ),
    ).toBeVisible();
  },
};

/** Disabled (e.g. while the answer is being checked). */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Dibujar' })).toBeDisabled();
  },
};

/** English. */
export const English: Story = {
  args: { lang: 'en' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    scribble(canvasOf(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Convert' }));
    await waitFor(() => expect(args.onLatex).toHaveBeenCalled());
  },
};

/** On a 360 px phone. */
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
    await expect(canvasOf(canvasElement).getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
