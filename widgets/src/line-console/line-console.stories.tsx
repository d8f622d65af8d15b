import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { boardDriver, boardIsReady } from '../shared/graph/board-testing';
import { LineConsole } from './line-console';

/** Canvas pixel of a plane point in the first view: origin at (100, 200) px, 50 px per unit. */
const at = (x: number, y: number) => [100 + 50 * x, 200 - 50 * y] as const;

async function board(canvasElement: HTMLElement) {
  await waitFor(() => expect(boardIsReady(canvasElement)).toBe(true), { timeout: 15_000 });
  return boardDriver(canvasElement);
}

const meta = {
  title: 'Consoles/LineConsole',
  component: LineConsole,
  args: {
    data: null,
    label: 'Grafica la recta y = x + 1',
    onAnswer: fn(),
  },
} satisfies Meta<typeof LineConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * An empty plane: the first click places a point (no answer yet), a click on it again is refused,
 * the second point completes the line and sends [p1, p2]; then a point is dragged.
 */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
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
    const canvas = within(canvasElement);
    await board(canvasElement);
    const app = canvas.getByRole('application');
    await expect(app).toHaveAccessibleDescription(/Recta que pasa por \(−1, 0\) y \(1, 2\)\./);
    app.focus();
    await userEvent.keyboard('{Shift>}N{/Shift}{ArrowUp}{ArrowUp}');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { x: -1, y: 0 },
      { x: 1, y: 3 },
    ]);
  },
};

/** The checker said right: the happy badge. */
export const Correct: Story = {
  args: {
    value: [
      { x: 0, y: 1 },
      { x: 1, y: 2 },
    ],
    feedback: { correctAns: true, feedbacks: 'feedback.line-correct' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('¡Muy bien!')).toBeInTheDocument();
    await expect(canvas.getByText('☺')).toBeInTheDocument();
  },
};

/** The checker said wrong: its message; moving a point fixes the line and clears the badge. */
export const WrongWithFeedback: Story = {
  args: {
    value: [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
    ],
    feedback: { correctAns: false, feedbacks: 'feedback.line-wrong-intercept' },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/pendiente correcta, pero no corta el eje y/)).toBeInTheDocument();
    const driver = await board(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Acercar' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Alejar' }));
    await waitFor(() => expect(canvas.queryByText(/pendiente correcta/)).toBeNull());
    await driver.drag(at(0, 0), at(0, 1));
    await driver.drag(at(1, 1), at(1, 2));
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { x: 0, y: 1 },
      { x: 1, y: 2 },
    ]);
  },
};

/** While a check is in flight the line shows and takes no input. */
export const Disabled: Story = {
  args: {
    value: [
      { x: 0, y: 1 },
      { x: 1, y: 2 },
    ],
    disabled: true,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const driver = await board(canvasElement);
    await driver.drag(at(1, 2), at(3, 3));
    await expect(canvas.getByRole('button', { name: 'Acercar' })).toBeDisabled();
    await expect(canvas.getByRole('application')).toHaveAttribute('aria-disabled', 'true');
    await expect(args.onAnswer).not.toHaveBeenCalled();
  },
};

/** The interface in English, with the line drawn by keyboard only. */
export const English: Story = {
  args: { lang: 'en', label: 'Graph the line y = −x' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await board(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Graph the line y = −x' })).toBeInTheDocument();
    const app = canvas.getByRole('application', { name: 'Cartesian plane' });
    app.focus();
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
