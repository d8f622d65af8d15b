import type { PublicChoice } from '@kib/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChoiceConsole } from './choice-console';

const TRIANGLE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><polygon points="10,70 110,70 60,10" fill="none" stroke="black" stroke-width="3"/></svg>',
  );

const CHOICES: PublicChoice[] = [
  { id: 101, position: 0, text: '$x = 2$', picture: null },
  { id: 102, position: 1, text: '$x = -2$', picture: null },
  { id: 103, position: 2, text: '$x = \\frac{1}{2}$', picture: null },
  { id: 104, position: 3, text: 'Un triángulo', picture: TRIANGLE },
];

const meta = {
  title: 'Consoles/ChoiceConsole',
  component: ChoiceConsole,
  args: {
    data: { choices: CHOICES, multipleSelection: false },
    label: '¿Cuál es la solución de $2x = 4$?',
    onAnswer: fn(),
  },
} satisfies Meta<typeof ChoiceConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: a click, then the arrow keys, move the single selection. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /^A/ }));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([101]);
    await userEvent.keyboard('{ArrowDown}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([102]);
    await userEvent.click(canvas.getByRole('radio', { name: /^C/ }));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([103]);
    await expect(canvas.getByRole('radio', { name: /^B/ })).not.toBeChecked();
  },
};

/** A saved answer restores the selection. */
export const SavedAnswer: Story = {
  args: { value: [102] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /^B/ })).toBeChecked();
  },
};

/** The checker said right: a happy face and its message. */
export const Correct: Story = {
  args: {
    value: [101],
    feedback: { correct: true, feedback: { key: 'feedback.choice-correct', params: {} } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('¡Muy bien!')).toBeInTheDocument();
    await expect(canvas.getByText('☺')).toBeInTheDocument();
  },
};

/** The checker said wrong: a sad face; picking again clears it and reports the new answer. */
export const WrongWithFeedback: Story = {
  args: {
    value: [102],
    feedback: { correct: false, feedback: { key: 'feedback.choice-wrong', params: {} } },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Elegiste una opción que no es correcta/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: /^A/ }));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([101]);
    await waitFor(() => expect(canvas.queryByText(/Elegiste una opción/)).toBeNull());
  },
};

/** While a check is in flight the choices show the answer and take no input. */
export const Disabled: Story = {
  args: { value: [103], disabled: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /^A/ })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: /^C/ })).toBeChecked();
    await expect(args.onAnswer).not.toHaveBeenCalled();
  },
};

/** The interface in English. */
export const English: Story = {
  args: { lang: 'en', label: undefined },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Choose one option.' })).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'Picture: Un triángulo' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: /^D/ }));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([104]);
  },
};

/** Several correct options: a checkbox group; clicks and Space toggle. */
export const MultiSelect: Story = {
  args: { data: { choices: CHOICES, multipleSelection: true }, label: 'Marca las soluciones de $x^2 = 4$' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: /^B/ }));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([102]);
    await userEvent.click(canvas.getByRole('checkbox', { name: /^A/ }));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([101, 102]);
    await userEvent.keyboard(' ');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([102]);
    await expect(canvas.getByText('Puedes marcar varias opciones.', { exact: false })).toBeInTheDocument();
  },
};

/** On a 360 px phone the choices stack and keep 44 px targets. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const choice = canvas.getByRole('radio', { name: /^D/ });
    await expect(choice.closest('label')!.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(360 + 16);
    await userEvent.click(choice);
    await expect(args.onAnswer).toHaveBeenLastCalledWith([104]);
  },
};
