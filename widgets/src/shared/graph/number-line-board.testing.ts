/**
 * Helpers for tests and stories that drive a number-line board with a pointer: events are
 * dispatched at logical canvas px (0–400), converted to the size the board is shown at, so the same
 * test works on a phone-sized board.
 */
import { NUMBER_LINE_INITIAL_VIEW, NUMBER_LINE_SIZE, pxOfValue } from './number-line';

/** Logical px of a value in the initial view (0 at 200, 40 px per unit): where to press for it. */
export const linePx = (value: number) => pxOfValue(NUMBER_LINE_INITIAL_VIEW, value);

/** The drawing area of the first number-line board inside `root`, once JSXGraph has drawn into it. */
export async function waitForBoard(root: ParentNode, timeoutMs = 15_000): Promise<HTMLElement> {
  const start = Date.now();
  for (;;) {
    const canvas = root.querySelector<HTMLElement>('.kib-number-line__canvas');
    if (canvas?.querySelector('svg')) return canvas;
    if (Date.now() - start > timeoutMs) throw new Error('the number-line board did not load');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Client coordinates of logical canvas px on the axis row (y = 100 unless given). */
export function clientAt(canvas: HTMLElement, px: number, py = 100): { clientX: number; clientY: number } {
  const rect = canvas.getBoundingClientRect();
  return {
    clientX: rect.left + (px / NUMBER_LINE_SIZE.width) * rect.width,
    clientY: rect.top + (py / NUMBER_LINE_SIZE.height) * rect.height,
  };
}

/** Dispatches one pointer event at logical px. */
export function pointerAt(
  canvas: HTMLElement,
  type: 'pointerdown' | 'pointermove' | 'pointerup',
  px: number,
  pointerType: 'mouse' | 'touch' = 'mouse',
) {
  canvas.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      composed: true,
      pointerId: 11,
      pointerType,
      isPrimary: true,
      button: 0,
      buttons: type === 'pointerup' ? 0 : 1,
      ...clientAt(canvas, px),
    }),
  );
}

/** A press and release at logical px (a click or a tap). */
export function tapAt(canvas: HTMLElement, px: number, pointerType: 'mouse' | 'touch' = 'mouse') {
  pointerAt(canvas, 'pointerdown', px, pointerType);
  pointerAt(canvas, 'pointerup', px, pointerType);
}

/** A drag from one logical px to another in a few moves. */
export function dragOn(
  canvas: HTMLElement,
  from: number,
  to: number,
  pointerType: 'mouse' | 'touch' = 'mouse',
) {
  pointerAt(canvas, 'pointerdown', from, pointerType);
  const steps = 8;
  for (let k = 1; k <= steps; k++)
    pointerAt(canvas, 'pointermove', from + ((to - from) * k) / steps, pointerType);
  pointerAt(canvas, 'pointerup', to, pointerType);
}

/** One wheel event at logical px (negative deltaY zooms in). */
export function wheelAt(canvas: HTMLElement, px: number, deltaY: number) {
  canvas.dispatchEvent(
    new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY, ...clientAt(canvas, px) }),
  );
}
