import type { PlotFunctionAnswer } from '@kib/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { boardDriver, boardIsReady } from '../shared/graph/board-testing';
import { FunctionConsole } from './function-console';

/** Canvas pixel of a plane point in the first view: origin at (100, 200) px, 50 px per unit. */
const at = (x: number, y: number) => [100 + 50 * x, 200 - 50 * y] as const;

/** A pointer path along y = f(x) from x = a to x = b, one canvas pixel at a time. */
const along = (f: (x: number) => number, a: number, b: number) =>
  Array.from({ length: Math.round((b - a) * 50) + 1 }, (_, i) => at(a + i / 50, f(a + i / 50)));

async function board(canvasElement: HTMLElement) {
  await waitFor(() => expect(boardIsReady(canvasElement)).toBe(true), { timeout: 15_000 });
  return boardDriver(canvasElement);
}

type OnAnswer = (answer: PlotFunctionAnswer) => void;
const lastAnswer = (onAnswer: OnAnswer | undefined) =>
  (onAnswer as unknown as { mock: { calls: PlotFunctionAnswer[][] } }).mock.calls.at(-1)?.[0];

const sine = {
  points: Array.from({ length: 41 }, (_, i) => {
    const x = -Math.PI / 2 + (i * Math.PI) / 10;
    return { x, y: Number(Math.sin(x).toFixed(3)) };
  }),
  inRadians: true,
};

const meta = {
  title: 'Consoles/FunctionConsole',
  component: FunctionConsole,
  args: {
    data: null,
    label: 'Dibuja la gráfica de y = x²/2 − 1',
    onAnswer: fn(),
  },
} satisfies Meta<typeof FunctionConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An empty plane: a freehand stroke along a parabola is sampled 7 px apart and sent; Clear empties it. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const driver = await board(canvasElement);
    await driver.stroke(along((x) => (x * x) / 2 - 1, -1.8, 2.5));
    await waitFor(() => expect(args.onAnswer).toHaveBeenCalledTimes(1));
    const answer = lastAnswer(args.onAnswer)!;
    await expect(answer.inRadians).toBe(false);
    await expect(answer.points.length).toBeGreaterThan(20);
    for (const p of answer.points) await expect(Math.abs(p.y - (p.x * p.x) / 2 + 1)).toBeLessThan(0.05);
    await userEvent.click(canvas.getByRole('button', { name: 'Borrar' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar' }));
    await expect(args.onAnswer).toHaveBeenLastCalledWith({ points: [], inRadians: false });
    await expect(canvas.getByRole('button', { name: 'Dibujar' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** A saved sine in radians comes back as a path; To Integers flips the x-axis labels and the answer. */
export const SavedAnswer: Story = {
  args: { value: sine, label: 'Dibuja la gráfica de y = sen x' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await board(canvasElement);
    await expect(canvas.getByRole('application')).toHaveAccessibleDescription(
      /Dibujo de 41 puntos entre x = −π\/2 y x = 7π\/2\./,
    );
    const labels = () => [...canvasElement.querySelectorAll('svg text')].map((n) => n.textContent);
    await waitFor(() => expect(labels()).toContain('3π/2'));
    await userEvent.click(canvas.getByRole('button', { name: 'A enteros' }));
    await expect(lastAnswer(args.onAnswer)?.inRadians).toBe(false);
    await expect(lastAnswer(args.onAnswer)?.points).toEqual(sine.points);
    await waitFor(() => expect(labels()).not.toContain('3π/2'));
    await expect(canvas.getByRole('button', { name: 'A radianes' })).toBeInTheDocument();
  },
};

/** The checker said right: the happy badge. */
export const Correct: Story = {
  args: { value: sine, feedback: { correctAns: true, feedbacks: 'feedback.plot-correct' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('¡Muy bien!')).toBeInTheDocument();
    await expect(canvas.getByText('☺')).toBeInTheDocument();
  },
};

/** The checker said wrong: its message; erasing part of the stroke clears the badge and sends the rest. */
export const WrongWithFeedback: Story = {
  args: {
    value: { points: [-1, -0.5, 0, 0.5, 1, 1.5, 2].map((x) => ({ x, y: 1 })), inRadians: false },
    feedback: { correctAns: false, feedbacks: 'feedback.plot-off-curve' },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Tu trazo se aleja de la gráfica/)).toBeInTheDocument();
    const driver = await board(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Borrar' }));
    await waitFor(() => expect(canvas.queryByText(/Tu trazo se aleja/)).toBeNull());
    await driver.drag(at(1.5, 1), at(2, 1));
    await expect(lastAnswer(args.onAnswer)?.points.map((p) => p.x)).toEqual([-1, -0.5, 0, 0.5, 1]);
  },
};

/** While a check is in flight the drawing shows and takes no input. */
export const Disabled: Story = {
  args: { value: sine, disabled: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const driver = await board(canvasElement);
    await driver.stroke(along((x) => x, 0, 2));
    await expect(canvas.getByRole('button', { name: 'Dibujar' })).toBeDisabled();
    await expect(canvas.getByRole('application')).toHaveAttribute('aria-disabled', 'true');
    await expect(args.onAnswer).not.toHaveBeenCalled();
  },
};

/** The interface in English; a stroke drawn with the keyboard only (Enter adds points, Escape ends it). */
export const English: Story = {
  args: { lang: 'en', label: 'Draw the graph of y = |x|' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await board(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Draw the graph of y = |x|' })).toBeInTheDocument();
    const app = canvas.getByRole('application', { name: 'Cartesian plane' });
    app.focus();
    await userEvent.keyboard('{Shift>}{ArrowLeft}{ArrowUp}{/Shift}{Enter}');
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowDown}{/Shift}{Enter}');
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowUp}{/Shift}{Enter}{Escape}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith({
      points: [
        { x: -1, y: 1 },
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ],
      inRadians: false,
    });
    await expect(app).toHaveAccessibleDescription(/Drawing of 3 points between x = −1 and x = 1\./);
  },
};

/** On a 360 px phone the plane scales down; a finger draws as a mouse does. */
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
    const driver = await board(canvasElement);
    await expect(driver.surface().getBoundingClientRect().width).toBeLessThanOrEqual(360);
    await driver.stroke(
      along((x) => x - 1, -0.5, 3),
      'touch',
    );
    await waitFor(() => expect(args.onAnswer).toHaveBeenCalledTimes(1));
    const answer = lastAnswer(args.onAnswer)!;
    await expect(answer.points[0]).toEqual({ x: -0.5, y: -1.5 });
    for (const p of answer.points) await expect(p.y).toBeCloseTo(p.x - 1, 1);
  },
};
