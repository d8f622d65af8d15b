/**
 * What the stories of the number-line consoles share: the args they start from, waiting for the
 * board, focusing it, the phone setting, and the checks of the Correct, Disabled and Phone stories.
 */
import type { Decorator } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { linePx, tapAt, waitForBoard } from './number-line-board.testing';

/** The args every number-line console story starts from: no console data, the question, a spy. */
export const lineArgs = (label: string) => ({ data: null, label, onAnswer: fn() });

/** The Phone story's setting: the phone viewport and a 360 px wide wrapper. */
export const onPhone: { globals: { viewport: { value: string } }; decorators: Decorator[] } = {
  globals: { viewport: { value: 'phone' } },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};

/** Waits for the board of a story; then the story's queries and the board's drawing area. */
export async function lineStory(canvasElement: HTMLElement) {
  const board = await waitForBoard(canvasElement);
  return { canvas: within(canvasElement), board };
}

/** Waits for the board and focuses it (checking its name, when given) for keyboard play; returns it. */
export async function focusLine(canvasElement: HTMLElement, name?: string): Promise<HTMLElement> {
  await waitForBoard(canvasElement);
  const app = within(canvasElement).getByRole('application', name === undefined ? {} : { name });
  app.focus();
  return app;
}

/** The Phone story's start: waits for the board, checks it fits the 360 px wrapper, returns it. */
export async function phoneBoard(canvasElement: HTMLElement): Promise<HTMLElement> {
  const board = await waitForBoard(canvasElement);
  await expect(board.getBoundingClientRect().width).toBeLessThanOrEqual(360);
  return board;
}

/** The Correct story's play: the happy badge, face and text. */
export async function playCorrect({ canvasElement }: { canvasElement: HTMLElement }) {
  const canvas = within(canvasElement);
  await expect(canvas.getByText('¡Muy bien!')).toBeInTheDocument();
  await expect(canvas.getByText('☺')).toBeInTheDocument();
}

/**
 * The Disabled story's play: taps at the values `taps` reach nothing; the tool button named `tool`
 * and the board are disabled, and no answer was sent.
 */
export function playDisabled(tool: string, taps: readonly number[]) {
  return async ({ args, canvasElement }: { args: { onAnswer?: unknown }; canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    const board = await waitForBoard(canvasElement);
    for (const value of taps) tapAt(board, linePx(value));
    await expect(canvas.getByRole('button', { name: tool })).toBeDisabled();
    await expect(canvas.getByRole('application')).toHaveAttribute('aria-disabled', 'true');
    await expect(args.onAnswer).not.toHaveBeenCalled();
  };
}
