import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dragOn, linePx, tapAt, waitForBoard } from '../shared/graph/number-line-board.testing';
import {
  focusLine,
  lineArgs,
  lineStory,
  onPhone,
  phoneBoard,
  playCorrect,
  playDisabled,
} from '../shared/graph/number-line-stories';
import { IntervalConsole } from './interval-console';

const b = (open: boolean, value: number | 'minusInf' | 'inf') => ({ open, value });

const meta = {
  title: 'Consoles/IntervalConsole',
  component: IntervalConsole,
  args: lineArgs('Dibuja el conjunto solución de −2 ≤ x < 3'),
} satisfies Meta<typeof IntervalConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * An empty line: two clicks draw [−2, 3]; dragging the right bracket past the left one swaps them;
 * the round-or-square control makes the new left end open.
 */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const { canvas, board } = await lineStory(canvasElement);
    tapAt(board, linePx(-2));
    tapAt(board, linePx(3));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([[b(false, -2), b(false, 3)]]);
    await expect(canvas.getByRole('button', { name: /Mover extremo/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    dragOn(board, linePx(3), linePx(-4));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([[b(false, -4), b(false, -2)]]);
    const control = await canvas.findByRole('group', { name: 'Extremo en −4' });
    await userEvent.click(within(control).getByRole('button', { name: /Abierto/ }));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([[b(true, -4), b(false, -2)]]);
    await expect(canvas.getByRole('application')).toHaveAccessibleDescription(/Intervalos: \(−4, −2\]\./);
  },
};

/** A saved answer is drawn again; the keyboard picks a bracket, crosses it over and toggles it. */
export const SavedAnswer: Story = {
  args: {
    value: [
      [b(true, 'minusInf'), b(false, -1)],
      [b(true, 1), b(true, 2)],
    ],
  },
  play: async ({ args, canvasElement }) => {
    const app = await focusLine(canvasElement);
    await expect(app).toHaveAccessibleDescription(/Intervalos: \(−∞, −1\]; \(1, 2\)\./);
    // Left to right: −∞, −1, 1, 2. Three Tabs pick the bracket at 1.
    await userEvent.keyboard('{Tab}{Tab}{Tab}');
    // A whole step right lands on the bracket at 2, so it jumps past it: the ends swap.
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      [b(true, 'minusInf'), b(false, -1)],
      [b(true, 2), b(true, 3)],
    ]);
    await userEvent.keyboard(' ');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      [b(true, 'minusInf'), b(false, -1)],
      [b(true, 2), b(false, 3)],
    ]);
  },
};

/** The checker said right: the happy badge. */
export const Correct: Story = {
  args: {
    value: [[b(false, -2), b(true, 3)]],
    feedback: { correctAns: true, feedbacks: 'feedback.intervals-correct' },
  },
  play: playCorrect,
};

/** The checker said wrong: its message; fixing the bracket by pointer clears it and sends the answer. */
export const WrongWithFeedback: Story = {
  args: {
    value: [[b(false, -2), b(false, 3)]],
    feedback: { correctAns: false, feedbacks: 'feedback.intervals-check-brackets' },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Revisa si los extremos/)).toBeInTheDocument();
    const board = await waitForBoard(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Mover extremo/ }));
    tapAt(board, linePx(3));
    await userEvent.click(
      within(await canvas.findByRole('group', { name: 'Extremo en 3' })).getByRole('button', {
        name: /Abierto/,
      }),
    );
    await expect(args.onAnswer).toHaveBeenLastCalledWith([[b(false, -2), b(true, 3)]]);
    await waitFor(() => expect(canvas.queryByText(/Revisa si los extremos/)).toBeNull());
  },
};

/** While a check is in flight the line shows the answer and takes no input. */
export const Disabled: Story = {
  args: { value: [[b(false, 0), b(true, 'inf')]], disabled: true },
  play: playDisabled('Dibujar intervalo', [-1, 1]),
};

/** The interface in English, drawn with the keyboard only. */
export const English: Story = {
  args: { lang: 'en', label: 'Draw the solution set of x > 1' },
  play: async ({ args, canvasElement }) => {
    const app = await focusLine(canvasElement, 'Number line to draw intervals');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}{End}{Enter}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([[b(false, 1), b(true, 'inf')]]);
    // The right end is selected; Shift+Tab picks the left one and "(" makes it open.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}(');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([[b(true, 1), b(true, 'inf')]]);
    await expect(app).toHaveAccessibleDescription(/Intervals: \(1, ∞\)\./);
  },
};

/** On a 360 px phone the line scales down; taps with a finger draw and drag as with a mouse. */
export const Phone: Story = {
  ...onPhone,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const board = await phoneBoard(canvasElement);
    tapAt(board, linePx(-1), 'touch');
    tapAt(board, linePx(2), 'touch');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([[b(false, -1), b(false, 2)]]);
    dragOn(board, linePx(-1), linePx(3.5), 'touch');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([[b(false, 2), b(false, 3.5)]]);
    const control = await canvas.findByRole('group', { name: 'Extremo en 3.5' });
    await userEvent.click(within(control).getByRole('button', { name: /Abierto/ }));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([[b(false, 2), b(true, 3.5)]]);
  },
};
