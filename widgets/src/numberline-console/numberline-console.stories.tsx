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
import { NumberlineConsole } from './numberline-console';

const meta = {
  title: 'Consoles/NumberlineConsole',
  component: NumberlineConsole,
  args: lineArgs('Ubica en la recta los números −1.5 y 2'),
} satisfies Meta<typeof NumberlineConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An empty line: a click places a dot (the tool turns to moving it), a drag moves it, another click adds one. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const { canvas, board } = await lineStory(canvasElement);
    tapAt(board, linePx(-1));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([-1]);
    await expect(canvas.getByRole('button', { name: /Mover punto/ })).toHaveAttribute('aria-pressed', 'true');
    dragOn(board, linePx(-1), linePx(-1.5));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([-1.5]);
    await userEvent.click(canvas.getByRole('button', { name: /Colocar punto/ }));
    tapAt(board, linePx(2));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([-1.5, 2]);
    await expect(canvas.getByRole('application')).toHaveAccessibleDescription(/Puntos en: −1.5, 2\./);
  },
};

/** A saved answer is drawn again; the keyboard picks a dot, moves it past another and deletes one. */
export const SavedAnswer: Story = {
  args: { value: [-1, 0.5, 3] },
  play: async ({ args, canvasElement }) => {
    const app = await focusLine(canvasElement);
    await expect(app).toHaveAccessibleDescription(/Puntos en: −1, 0.5, 3\./);
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    // −1 → −0.5 → 0 → (0.5 is taken) 1.
    await expect(args.onAnswer).toHaveBeenLastCalledWith([1, 0.5, 3]);
    await userEvent.keyboard('{Tab}{Delete}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([1, 0.5]);
  },
};

/** The checker said right: the happy badge. */
export const Correct: Story = {
  args: { value: [-1.5, 2], feedback: { correctAns: true, feedbacks: 'feedback.numberline-correct' } },
  play: playCorrect,
};

/** The checker said wrong: its message; placing the missing dot clears it and sends the answer. */
export const WrongWithFeedback: Story = {
  args: { value: [2], feedback: { correctAns: false, feedbacks: 'feedback.numberline-missing-points' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/faltan puntos por colocar/)).toBeInTheDocument();
    const board = await waitForBoard(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Colocar punto/ }));
    tapAt(board, linePx(-1.5));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([2, -1.5]);
    await waitFor(() => expect(canvas.queryByText(/faltan puntos por colocar/)).toBeNull());
  },
};

/** While a check is in flight the line shows the answer and takes no input. */
export const Disabled: Story = {
  args: { value: [-1.5, 2], disabled: true },
  play: playDisabled('Colocar punto', [1]),
};

/** The interface in English, used with the keyboard only. */
export const English: Story = {
  args: { lang: 'en', label: 'Place −1.5 and 2 on the number line' },
  play: async ({ args, canvasElement }) => {
    const app = await focusLine(canvasElement, 'Number line to place points');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{Enter}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([-1.5]);
    await userEvent.keyboard(
      '{Escape}{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{/Shift}{ArrowRight}{Enter}',
    );
    await expect(args.onAnswer).toHaveBeenLastCalledWith([-1.5, 2]);
    await expect(app).toHaveAccessibleDescription(/Points at: −1.5, 2\./);
  },
};

/** On a 360 px phone the line scales down; a finger places and drags dots. */
export const Phone: Story = {
  ...onPhone,
  play: async ({ args, canvasElement }) => {
    const board = await phoneBoard(canvasElement);
    tapAt(board, linePx(1), 'touch');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([1]);
    dragOn(board, linePx(1) + 12, linePx(2), 'touch');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([2]);
  },
};
