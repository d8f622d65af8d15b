/**
 * The geometry of the number-line consoles (spec 02 §9): a 400x200 canvas whose axis sits at y = 100,
 * centred horizontally; a cell of 30–50 px worth a 1-2-5 scale; values snapped to half a scale step;
 * a pointer beyond the axis ends means minus or plus infinity.
 */
import type { BracketValue } from '@kib/core';
import {
  AXIS_MARGIN_PX,
  CELL_BOUNDS,
  formatTick,
  fromPixelX,
  snapToGrid,
  toPixelX,
  zoomView,
  type GridView,
} from './scale';

/** Logical size of a number-line canvas in px; the board scales it to the space it has. */
export const NUMBER_LINE_SIZE = { width: 400, height: 200 } as const;

/** Logical y of the axis. */
export const NUMBER_LINE_AXIS_Y = 100;

/** The finite part of the axis ends this far from each side; a pointer beyond it means infinity. */
export const NUMBER_LINE_END_PX = AXIS_MARGIN_PX;

/** Height of an interval's fill along the axis. */
export const INTERVAL_FILL_PX = 18;

/** Radius of a number-line dot. */
export const DOT_RADIUS_PX = 5;

/** The view a number line starts with: origin at the centre, 40 px per unit. */
export const NUMBER_LINE_INITIAL_VIEW: GridView = {
  originX: NUMBER_LINE_SIZE.width / 2,
  originY: NUMBER_LINE_AXIS_Y,
  cell: 40,
  scale: 1,
};

/** Where a bracket value sits on the line: −Infinity, a number, or +Infinity. */
export function valuePosition(value: BracketValue): number {
  if (value === 'minusInf') return Number.NEGATIVE_INFINITY;
  if (value === 'inf') return Number.POSITIVE_INFINITY;
  return value;
}

/** True when two bracket values are the same place on the line. */
export function sameValue(a: BracketValue, b: BracketValue): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  return a === b;
}

/** True for 'minusInf' and 'inf'. */
export function isInfinite(value: BracketValue): value is 'minusInf' | 'inf' {
  return value === 'minusInf' || value === 'inf';
}

/** Half a scale step: what a value snaps to and what an arrow key moves by. */
export function halfStep(view: GridView): number {
  return view.scale / 2;
}

/** The finite values reachable on screen: snapped values between the axis ends. */
export function visibleRange(view: GridView): { min: number; max: number } {
  const half = halfStep(view);
  const lo = fromPixelX(view, NUMBER_LINE_END_PX);
  const hi = fromPixelX(view, NUMBER_LINE_SIZE.width - NUMBER_LINE_END_PX);
  const min = Number((Math.ceil(lo / half - 1e-9) * half).toPrecision(12)) + 0;
  const max = Number((Math.floor(hi / half + 1e-9) * half).toPrecision(12)) + 0;
  return { min, max };
}

/** Logical px of a value; the infinities sit at the axis ends. */
export function pxOfValue(view: GridView, value: BracketValue): number {
  if (value === 'minusInf') return NUMBER_LINE_END_PX;
  if (value === 'inf') return NUMBER_LINE_SIZE.width - NUMBER_LINE_END_PX;
  return toPixelX(view, value);
}

/**
 * The bracket value under a pointer at logical px: beyond an axis end it is that infinity,
 * otherwise the value snapped to half a scale step (kept between the visible ends).
 */
export function bracketValueAtPx(view: GridView, px: number): BracketValue {
  if (px < NUMBER_LINE_END_PX) return 'minusInf';
  if (px > NUMBER_LINE_SIZE.width - NUMBER_LINE_END_PX) return 'inf';
  return finiteValueAtPx(view, px);
}

/** The finite value under a pointer at logical px, snapped, clamped to the visible part of the axis. */
export function finiteValueAtPx(view: GridView, px: number): number {
  const { min, max } = visibleRange(view);
  return Math.min(max, Math.max(min, snapToGrid(fromPixelX(view, px), view.scale)));
}

/**
 * Zooms by one wheel event (10 px of cell, 1-2-5 scale switch past CELL_BOUNDS.numberLine) keeping
 * the value under `atPx` where it is.
 */
export function zoomNumberLine(
  view: GridView,
  direction: -1 | 1,
  atPx = NUMBER_LINE_SIZE.width / 2,
): GridView {
  const anchor = fromPixelX(view, atPx);
  const next = zoomView(view, direction, CELL_BOUNDS.numberLine);
  return { ...next, originX: atPx - (anchor / next.scale) * next.cell };
}

/** Moves the line sideways by `dx` logical px (the move tool). */
export function panNumberLine(view: GridView, dx: number): GridView {
  return { ...view, originX: view.originX + dx };
}

/**
 * Pans the least needed for a finite value to lie inside the axis ends with a little room, so a
 * keyboard cursor or a selected element never leaves the screen.
 */
export function keepVisible(view: GridView, value: BracketValue, roomPx = 20): GridView {
  if (isInfinite(value)) return view;
  const px = toPixelX(view, value);
  const lo = NUMBER_LINE_END_PX + roomPx;
  const hi = NUMBER_LINE_SIZE.width - NUMBER_LINE_END_PX - roomPx;
  if (px < lo) return panNumberLine(view, lo - px);
  if (px > hi) return panNumberLine(view, hi - px);
  return view;
}

/**
 * One arrow-key step from `value`: half a scale step (or a whole one), landing on the half-step
 * grid. From an infinity the first step comes back to the nearest visible end; arrows never reach
 * an infinity (Home and End do).
 */
export function stepValue(
  view: GridView,
  value: BracketValue,
  direction: -1 | 1,
  whole = false,
): BracketValue {
  const { min, max } = visibleRange(view);
  if (value === 'minusInf') return direction > 0 ? min : value;
  if (value === 'inf') return direction < 0 ? max : value;
  const step = whole ? view.scale : halfStep(view);
  let next = snapToGrid(value + direction * step, view.scale);
  if (sameValue(next, value)) next = snapToGrid(value + direction * halfStep(view), view.scale);
  return next;
}

/**
 * One arrow-key step of an element from `from` that jumps over the values in `taken` (where the
 * other elements stand); `from` itself when no step gets past them.
 */
export function freeStep(
  view: GridView,
  from: BracketValue,
  taken: readonly BracketValue[],
  direction: -1 | 1,
  whole = false,
): BracketValue {
  let next = from;
  for (let k = 0; k <= taken.length; k++) {
    const stepped = stepValue(view, next, direction, whole);
    if (!taken.some((value) => sameValue(value, stepped))) return stepped;
    next = stepped;
  }
  return from;
}

/**
 * The values a number-line console works with: what a pointer at logical px means, which values
 * the arrow keys may leave the cursor at, and where Home (−1) and End (1) go.
 */
export interface NumberLineValues<Value extends BracketValue> {
  atPx: (view: GridView, px: number) => Value;
  /** `value` as one of these values, or null when it is not one. */
  accept: (value: BracketValue) => Value | null;
  end: (view: GridView, direction: -1 | 1) => Value;
}

/** Finite values only (points): the pointer stays inside the axis ends; Home and End go to the visible ends. */
export const FINITE_VALUES: NumberLineValues<number> = {
  atPx: finiteValueAtPx,
  accept: (value) => (typeof value === 'number' ? value : null),
  end: (view, direction) => visibleRange(view)[direction < 0 ? 'min' : 'max'],
};

/** Numbers and the infinities (interval ends): past an axis end, and with Home and End, −∞ and ∞. */
export const BRACKET_VALUES: NumberLineValues<BracketValue> = {
  atPx: bracketValueAtPx,
  accept: (value) => value,
  end: (_view, direction) => (direction < 0 ? 'minusInf' : 'inf'),
};

/** A bracket value as text: '−∞', '∞' or the number with a true minus sign. */
export function formatValue(value: BracketValue): string {
  if (value === 'minusInf') return '\u2212\u221e';
  if (value === 'inf') return '\u221e';
  return formatTick(value);
}
