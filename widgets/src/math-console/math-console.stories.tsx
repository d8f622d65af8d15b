import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MathfieldElement } from 'mathlive';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MathConsole } from './math-console';
import { saved, simplify, wrongSecond } from './math-console.fixtures';

const fields = (root: HTMLElement) => Array.from(root.querySelectorAll('math-field')) as MathfieldElement[];

/** Waits for the console's math fields (MathLive loads lazily). */
async function lines(root: HTMLElement, count: number) {
  await waitFor(() => expect(fields(root)).toHaveLength(count), { timeout: 10_000 });
  return fields(root);
}

/** Focuses a field and waits until MathLive has given it the keyboard (it settles for 60 ms). */
async function focus(field: MathfieldElement) {
  field.focus();
  await waitFor(() => expect(field.shadowRoot?.activeElement).toBeTruthy());
  await new Promise((resolve) => setTimeout(resolve, 80));
}

/** A key of MathLive's virtual keyboard (it lives in the page, outside the console). */
function virtualKey(root: HTMLElement, name: string) {
  return root.ownerDocument.querySelector<HTMLElement>(`.ML__keyboard .is-visible [aria-label="${name}"]`);
}

const meta = {
  title: 'Consoles/MathConsole',
  component: MathConsole,
  args: {
    data: simplify,
    label: 'Simplifica la expresión',
    onAnswer: fn(),
  },
} satisfies Meta<typeof MathConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * One empty line: typing on the Basic virtual keyboard, then Enter (a line after), Shift+Enter (a
 * line at the end) and Backspace twice on the empty last line.
 */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = await lines(canvasElement, 1);
    await expect(first).toHaveAttribute('aria-label', 'Línea 1');
    await focus(first!);
    const toggle = canvas.getByRole('button', { name: 'Teclado' });
    await userEvent.click(toggle);
    await waitFor(() => expect(virtualKey(canvasElement, '2')).not.toBeNull());
    await userEvent.click(virtualKey(canvasElement, '2')!);
    await userEvent.click(virtualKey(canvasElement, 'x')!);
    await waitFor(() => expect(args.onAnswer).toHaveBeenLastCalledWith([{ math: '2x', solNum: 0 }]));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.keyboard('{Enter}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { math: '2x', solNum: 0 },
      { math: '', solNum: 0 },
    ]);
    await expect(fields(canvasElement)).toHaveLength(2);
    await focus(fields(canvasElement)[1]!);
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    await expect(fields(canvasElement)).toHaveLength(3);
    await focus(fields(canvasElement)[2]!);
    await userEvent.keyboard('{Backspace}');
    await expect(fields(canvasElement)).toHaveLength(3);
    await userEvent.keyboard('{Backspace}');
    await expect(fields(canvasElement)).toHaveLength(2);
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { math: '2x', solNum: 0 },
      { math: '', solNum: 0 },
    ]);
  },
};

/** A saved answer of three lines is restored, each line a named math field. */
export const SavedAnswer: Story = {
  args: { value: saved },
  play: async ({ canvasElement }) => {
    const restored = await lines(canvasElement, 3);
    await expect(restored.map((f) => f.value)).toEqual(saved.map((l) => l.math));
    await expect(restored[2]).toHaveAttribute('aria-label', 'Línea 3');
    await expect(within(canvasElement).getByText('Expresión inicial:')).toBeInTheDocument();
  },
};

/** Every line right: a smile beside each and the badge. */
export const Correct: Story = {
  args: {
    value: [saved[0]!, { math: 'x^2+x+7', solNum: 0 }],
    feedback: { correct: true, lines: [{ correct: true }, { correct: true }] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await lines(canvasElement, 2);
    await expect(canvas.getByText('Línea 1: correcta')).toBeInTheDocument();
    await expect(canvas.getByText('Línea 2: correcta')).toBeInTheDocument();
    await expect(canvas.getByText('¡Muy bien!')).toBeInTheDocument();
  },
};

/**
 * The second line is wrong: its marker, the feedback text and the wrong part boxed until the line
 * is focused; editing it clears its mark.
 */
export const WrongWithFeedback: Story = {
  args: { value: saved, feedback: wrongSecond },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const [, second] = await lines(canvasElement, 3);
    await expect(canvas.getByText('Línea 2: incorrecta')).toBeInTheDocument();
    await expect(canvas.getByText('Revisa el signo de la parte marcada.')).toBeInTheDocument();
    await expect(second!.value).toContain('\\bbox[kibhighlight');
    await focus(second!);
    await waitFor(() => expect(second!.value).toBe('x^2+5x+7'));
    await userEvent.keyboard('{Backspace}');
    await waitFor(() =>
      expect(args.onAnswer).toHaveBeenLastCalledWith([saved[0], { math: 'x^2+5x+', solNum: 0 }, saved[2]]),
    );
    await waitFor(() => expect(canvas.queryByText('Línea 2: incorrecta')).toBeNull());
    await expect(canvas.getByText('Línea 1: correcta')).toBeInTheDocument();
  },
};

/** While a check is in flight the lines are read-only and the buttons off. */
export const Disabled: Story = {
  args: { value: saved, disabled: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const all = await lines(canvasElement, 3);
    await expect(all.every((f) => f.readOnly)).toBe(true);
    await expect(canvas.getByRole('button', { name: 'Añadir línea' })).toBeDisabled();
    await focus(all[0]!);
    await userEvent.keyboard('{Enter}');
    await expect(fields(canvasElement)).toHaveLength(3);
    await expect(args.onAnswer).not.toHaveBeenCalled();
  },
};

/** The interface in English; the add button appends a line. */
export const English: Story = {
  args: { lang: 'en', label: 'Simplify the expression' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = await lines(canvasElement, 1);
    await expect(first).toHaveAttribute('aria-label', 'Line 1');
    await userEvent.click(canvas.getByRole('button', { name: 'Add line' }));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { math: '', solNum: 0 },
      { math: '', solNum: 0 },
    ]);
    await expect(fields(canvasElement)[1]).toHaveAttribute('aria-label', 'Line 2');
    await expect(canvas.getByText(/Shift\+Enter: line at the end/)).toBeInTheDocument();
  },
};

/** On a 360 px phone the lines fit, buttons keep 44 px targets. */
export const Phone: Story = {
  args: { value: saved, feedback: wrongSecond },
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
    await lines(canvasElement, 3);
    const remove = canvas.getByRole('button', { name: 'Borrar la línea 2' });
    await expect(remove.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(remove.getBoundingClientRect().width).toBeGreaterThanOrEqual(44);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(360 + 16);
  },
};

/** A solve with two solutions: the third line is marked as the start of the second one. */
export const SolveWithTwoSolutions: Story = {
  args: {
    data: { mathType: 'solve', startingExpression: '(x-2)(x+5)=0', unknownVariable: 'x' },
    label: 'Resuelve la ecuación',
    value: [
      { math: 'x-2=0', solNum: 0 },
      { math: 'x=2', solNum: 0 },
      { math: 'x+5=0', solNum: 0 },
      { math: 'x=-5', solNum: 0 },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await lines(canvasElement, 4);
    const toggle = canvas.getByRole('button', { name: 'La línea 3 empieza otra solución' });
    await userEvent.click(toggle);
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { math: 'x-2=0', solNum: 0 },
      { math: 'x=2', solNum: 0 },
      { math: 'x+5=0', solNum: 1 },
      { math: 'x=-5', solNum: 1 },
    ]);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('Solución 1')).toBeInTheDocument();
    await expect(canvas.getByText('Solución 2')).toBeInTheDocument();
    await focus(fields(canvasElement)[3]!);
    await userEvent.keyboard('{Enter}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { math: 'x-2=0', solNum: 0 },
      { math: 'x=2', solNum: 0 },
      { math: 'x+5=0', solNum: 1 },
      { math: 'x=-5', solNum: 1 },
      { math: '', solNum: 1 },
    ]);
  },
};
