import type { LineAnswer } from '@kib/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { at, board, plotArgs, happyBadge, noInput, focusBoard, phone } from '../shared/graph/graph-stories';
import { LineConsole } from './line-console';

const meta = {
  title: 'Consoles/LineConsole',
  component: LineConsole,
  args: plotArgs('Grafica la recta y = x + 1'),
} satisfies Meta<typeof LineConsole>;

/** The line the label asks for, y = x + 1, through (0, 1) and (1, 2). */
const ASKED: LineAnswer = [
  { x: 0, y: 1 },
  { x: 1, y: 2 },
];

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * An empty plane: the first click places a point (no answer yet), a click on it again is refused,
 * the second point completes the line and sends [p1, p2]; then a point is dragged.
 */
export const Empty: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    const driver = await board(canvasElement);
    await driver.tap(...at(0, 1));
    await expect(args.onAnswer).not.toHaveBeenCalled();
    await driver.tap(...at(0, 1));
    await waitFor(() =>
      expect(
        canvas
          .getAllByRole('status')
          .map((s) => s.textContent)
          .join(' '),
      ).toContain('El segundo punto no puede estar sobre el primero'),
    );
    await driver.tap(...at(2, 3));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { x: 0, y: 1 },
      { x: 2, y: 3 },
    ]);
    await driver.drag(at(2, 3), at(3, 4));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { x: 0, y: 1 },
      { x: 3, y: 4 },
    ]);
    await expect(canvas.getByRole('application')).toHaveAccessibleDescription(
      /Recta que pasa por \(0, 1\) y \(3, 4\)\./,
    );
  },
};

/** A saved line is drawn again; by keyboard one point is selected and moved. */
export const SavedAnswer: Story = {
  args: {
    value: [
      { x: -1, y: 0 },
      { x: 1, y: 2 },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const app = await focusBoard(canvasElement);
    await expect(app).toHaveAccessibleDescription(/Recta que pasa por \(−1, 0\) y \(1, 2\)\./);
    await userEvent.keyboard('{Shift>}N{/Shift}{ArrowUp}{ArrowUp}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { x: -1, y: 0 },
      { x: 1, y: 3 },
    ]);
  },
};

/** The checker said right: the happy badge. */
export const Correct: Story = {
  args: { value: ASKED, feedback: { correctAns: true, feedbacks: 'feedback.line-correct' } },
  play: happyBadge,
};

/** The checker said wrong: its message stays while the view changes; moving a point fixes the line and clears it. */
export const WrongWithFeedback: Story = {
  args: {
    value: [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
    ],
    feedback: { correctAns: false, feedbacks: 'feedback.line-wrong-intercept' },
  },
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.getByText(/pendiente correcta, pero no corta el eje y/)).toBeInTheDocument();
    const driver = await board(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Acercar' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Alejar' }));
    await expect(canvas.getByText(/pendiente correcta, pero no corta el eje y/)).toBeInTheDocument();
    await driver.drag(at(0, 0), at(0, 1));
    await driver.drag(at(1, 1), at(1, 2));
    await expect(args.onAnswer).toHaveBeenLastCalledWith(ASKED);
    await waitFor(() => expect(canvas.queryByText(/pendiente correcta/)).toBeNull());
  },
};

/** While a check is in flight the line shows and takes no input. */
export const Disabled: Story = {
  args: {
    value: ASKED,
    disabled: true,
  },
  play: async ({ args, canvasElement }) => {
    const driver = await board(canvasElement);
    await driver.drag(at(1, 2), at(3, 3));
    await noInput(canvasElement, 'Acercar', args.onAnswer);
  },
};

/** The interface in English, with the line drawn by keyboard only. */
export const English: Story = {
  args: { lang: 'en', label: 'Graph the line y = −x' },
  play: async ({ args, canvasElement }) => {
    const app = await focusBoard(canvasElement, { group: 'Graph the line y = −x', name: 'Cartesian plane' });
    await userEvent.keyboard('{Enter}{Shift>}{ArrowRight}{ArrowDown}{/Shift}{Enter}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { x: 0, y: 0 },
      { x: 1, y: -1 },
    ]);
    await expect(app).toHaveAccessibleDescription(/Line through \(0, 0\) and \(1, −1\)\./);
  },
};

/** On a 360 px phone the plane scales down; a finger places and drags the points. */
export const Phone: Story = {
  ...phone,
  play: async ({ args, canvasElement }) => {
    const driver = await board(canvasElement);
    await expect(driver.surface().getBoundingClientRect().width).toBeLessThanOrEqual(360);
    await driver.tap(...at(-1, -1), 'touch');
    await driver.tap(...at(2, 2), 'touch');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { x: -1, y: -1 },
      { x: 2, y: 2 },
    ]);
    await driver.drag(at(2, 2), at(2, 0.5), { pointerType: 'touch' });
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { x: -1, y: -1 },
      { x: 2, y: 0.5 },
    ]);
  },
};
