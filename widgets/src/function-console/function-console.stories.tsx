import type { PlotFunctionAnswer } from '@kib/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { at, board, plotArgs, happyBadge, noInput, focusBoard, phone } from '../shared/graph/graph-stories';
import { FunctionConsole } from './function-console';

const meta = {
  title: 'Consoles/FunctionConsole',
  component: FunctionConsole,
  args: plotArgs('Dibuja la gráfica de y = x²/2 − 1'),
} satisfies Meta<typeof FunctionConsole>;

/** A pointer path along y = f(x) from x = a to x = b, one canvas pixel at a time. */
const along = (f: (x: number) => number, a: number, b: number) =>
  Array.from({ length: Math.round((b - a) * 50) + 1 }, (_, i) => at(a + i / 50, f(a + i / 50)));

type OnAnswer = (answer: PlotFunctionAnswer) => void;
const lastAnswer = (onAnswer: OnAnswer | undefined) =>
  (onAnswer as unknown as { mock: { calls: PlotFunctionAnswer[][] } }).mock.calls.at(-1)?.[0];

/** A saved sine, its x-axis in multiples of π. */
const sine = {
  points: Array.from({ length: 41 }, (_, i) => {
    const x = -Math.PI / 2 + (i * Math.PI) / 10;
    return { x, y: Number(Math.sin(x).toFixed(3)) };
  }),
  inRadians: true,
};

export default meta;
type Story = StoryObj<typeof meta>;

/** An empty plane: a freehand stroke along a parabola is sampled 7 px apart and sent; Clear empties it. */
export const Empty: Story = {
  play: async ({ args, canvas, canvasElement }) => {
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
  play: async ({ args, canvas, canvasElement }) => {
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
  play: happyBadge,
};

/** The checker said wrong: its message stays while the tool changes; erasing part of the stroke clears it and sends the rest. */
export const WrongWithFeedback: Story = {
  args: {
    value: { points: [-1, -0.5, 0, 0.5, 1, 1.5, 2].map((x) => ({ x, y: 1 })), inRadians: false },
    feedback: { correctAns: false, feedbacks: 'feedback.plot-off-curve' },
  },
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.getByText(/Tu trazo se aleja de la gráfica/)).toBeInTheDocument();
    const driver = await board(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Borrar' }));
    await expect(canvas.getByText(/Tu trazo se aleja de la gráfica/)).toBeInTheDocument();
    await driver.drag(at(1.5, 1), at(2, 1));
    await expect(lastAnswer(args.onAnswer)?.points.map((p) => p.x)).toEqual([-1, -0.5, 0, 0.5, 1]);
    await waitFor(() => expect(canvas.queryByText(/Tu trazo se aleja/)).toBeNull());
  },
};

/** While a check is in flight the drawing shows and takes no input. */
export const Disabled: Story = {
  args: { value: sine, disabled: true },
  play: async ({ args, canvasElement }) => {
    const driver = await board(canvasElement);
    await driver.stroke(along((x) => x, 0, 2));
    await noInput(canvasElement, 'Dibujar', args.onAnswer);
  },
};

/** The interface in English; a stroke drawn with the keyboard only (Enter adds points, Escape ends it). */
export const English: Story = {
  args: { lang: 'en', label: 'Draw the graph of y = |x|' },
  play: async ({ args, canvasElement }) => {
    const app = await focusBoard(canvasElement, {
      group: 'Draw the graph of y = |x|',
      name: 'Cartesian plane',
    });
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
  ...phone,
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
