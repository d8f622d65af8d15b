/**
 * What the stories of the cartesian consoles share: the board's pixels, waiting for it, the args
 * every console story starts from, the phone setting, and the checks of the Correct, Disabled and
 * English stories.
 */
import type { Decorator } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { readyBoard } from './board-testing';

/** Canvas pixel of a plane point in the first view: origin at (100, 200) px, 50 px per unit. */
export const at = (x: number, y: number) => [100 + 50 * x, 200 - 50 * y] as const;

/** Waits until JSXGraph has drawn the board of the story; then its pointer driver. */
export const board = (canvasElement: HTMLElement) => readyBoard(canvasElement);

/** The args every cartesian console story starts from: no console data, the question, a spy. */
export const plotArgs = (label: string) => ({ data: null, label, onAnswer: fn() });

/** The Phone story's setting: the phone viewport and a 360 px wide wrapper. */
export const phone: { globals: { viewport: { value: string } }; decorators: Decorator[] } = {
  globals: { viewport: { value: 'phone' } },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
};

/** The Correct story's check: the happy badge. */
export async function happyBadge({ canvasElement }: { canvasElement: HTMLElement }) {
  const canvas = within(canvasElement);
  await expect(canvas.getByText('¡Muy bien!')).toBeInTheDocument();
  await expect(canvas.getByText('☺')).toBeInTheDocument();
}

/** The Disabled story's check: the button `button` is disabled, the board too, and nothing was sent. */
export async function noInput(canvasElement: HTMLElement, button: string, onAnswer: unknown) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('button', { name: button })).toBeDisabled();
  await expect(canvas.getByRole('application')).toHaveAttribute('aria-disabled', 'true');
  await expect(onAnswer).not.toHaveBeenCalled();
}

/**
 * Waits for the board, checks the console's group is named `group` (when given), and focuses the
 * board, named `name` (when given), for keyboard play; returns the board element.
 */
export async function focusBoard(canvasElement: HTMLElement, names: { group?: string; name?: string } = {}) {
  const canvas = within(canvasElement);
  await board(canvasElement);
  if (names.group) await expect(canvas.getByRole('group', { name: names.group })).toBeInTheDocument();
  const app = canvas.getByRole('application', names.name ? { name: names.name } : {});
  app.focus();
  return app;
}
