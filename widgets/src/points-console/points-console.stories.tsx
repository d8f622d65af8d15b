import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { at, board, plotArgs, happyBadge, noInput, focusBoard, phone } from '../shared/graph/graph-stories';
import { PointsConsole } from './points-console';

const meta = {
  title: 'Consoles/PointsConsole',
  component: PointsConsole,
  args: plotArgs('Ubica los puntos (1, 2) y (3, −1)'),
} satisfies Meta<typeof PointsConsole>;

/** The points the label asks for. */
const ASKED = [
  { x: 1, y: 2 },
  { x: 3, y: -1 },
];

export default meta;
type Story = StoryObj<typeof meta>;

/** An empty plane: a click places a snapped point and the tool returns to move; a second point follows. */
export const Empty: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    const driver = await board(canvasElement);
    await driver.tap(at(1, 2)[0] - 4, at(1, 2)[1] + 6);
    await expect(args.onAnswer).toHaveBeenLastCalledWith([{ x: 1, y: 2 }]);
    await expect(canvas.getByRole('button', { name: 'Mover el plano' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Crear punto' }));
    await driver.tap(...at(3, -1));
    await expect(args.onAnswer).toHaveBeenLastCalledWith(ASKED);
    await expect(canvas.getByRole('application')).toHaveAccessibleDescription(
      /Puntos colocados: \(1, 2\); \(3, −1\)\./,
    );
  },
};

/** A saved answer is drawn again; by keyboard a point is selected, moved and deleted. */
export const SavedAnswer: Story = {
  args: {
    value: [
      { x: 1, y: 2 },
      { x: -1, y: 0.5 },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const app = await focusBoard(canvasElement);
    await expect(app).toHaveAccessibleDescription(/Puntos colocados: \(1, 2\); \(−1, 0.5\)\./);
    await userEvent.keyboard('n{Shift>}{ArrowRight}{/Shift}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { x: 2, y: 2 },
      { x: -1, y: 0.5 },
    ]);
    await userEvent.keyboard('n{Delete}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([{ x: 2, y: 2 }]);
  },
};

/** The checker said right: the happy badge. */
export const Correct: Story = {
  args: { value: ASKED, feedback: { correctAns: true, feedbacks: 'feedback.points-correct' } },
  play: happyBadge,
};

/** The checker said wrong: its message; dragging the point to its place sends the answer and clears it. */
export const WrongWithFeedback: Story = {
  args: {
    value: [{ x: 2, y: 1 }],
    feedback: { correctAns: false, feedbacks: 'feedback.point-swapped-coordinates' },
    label: 'Ubica el punto (1, 2)',
  },
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.getByText(/intercambiaste las coordenadas/)).toBeInTheDocument();
    const driver = await board(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mover puntos' }));
    await expect(canvas.getByText(/intercambiaste las coordenadas/)).toBeInTheDocument();
    await driver.drag(at(2, 1), at(1, 2));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([{ x: 1, y: 2 }]);
    await waitFor(() => expect(canvas.queryByText(/intercambiaste las coordenadas/)).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Mover el plano' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** While a check is in flight the plane shows the answer and takes no input. */
export const Disabled: Story = {
  args: { value: [{ x: 1, y: 2 }], disabled: true },
  play: async ({ args, canvasElement }) => {
    const driver = await board(canvasElement);
    await driver.tap(...at(3, 3));
    await focusBoard(canvasElement);
    await userEvent.keyboard('{Enter}');
    await noInput(canvasElement, 'Crear punto', args.onAnswer);
  },
};

/** The interface in English, with points placed by keyboard only. */
export const English: Story = {
  args: { lang: 'en', label: 'Place the point (−1, 1.5)' },
  play: async ({ args, canvas, canvasElement }) => {
    const app = await focusBoard(canvasElement, {
      group: 'Place the point (−1, 1.5)',
      name: 'Cartesian plane',
    });
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{Shift>}{ArrowUp}{/Shift}{ArrowUp}{Enter}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([{ x: -1, y: 1.5 }]);
    await expect(app).toHaveAccessibleDescription(/Placed points: \(−1, 1.5\)\./);
    await expect(canvas.getByRole('toolbar', { name: 'Plane tools' })).toBeInTheDocument();
  },
};

/** On a 360 px phone the plane scales down; a finger places and moves points as a mouse does. */
export const Phone: Story = {
  ...phone,
  play: async ({ args, canvas, canvasElement }) => {
    const driver = await board(canvasElement);
    await expect(driver.surface().getBoundingClientRect().width).toBeLessThanOrEqual(360);
    await driver.tap(...at(1, 2), 'touch');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([{ x: 1, y: 2 }]);
    await userEvent.click(canvas.getByRole('button', { name: 'Mover puntos' }));
    // A finger gets a wider hit: 15 px off the point still grabs it.
    await driver.drag([at(1, 2)[0] + 15, at(1, 2)[1]], at(3, -1), { pointerType: 'touch' });
    await expect(args.onAnswer).toHaveBeenLastCalledWith([{ x: 3, y: -1 }]);
  },
};
