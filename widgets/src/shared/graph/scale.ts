/**
 * The grid arithmetic shared by the graph consoles (spec 02 §9): scales in a 1-2-5 sequence, a cell
 * size kept between bounds by switching scale, 10 px of zoom per wheel event, snapping to half a
 * scale step, conversion between pixels and plane units.
 */

/** Pixel bounds of a grid cell: cartesian planes and number lines. */
export const CELL_BOUNDS = {
  cartesian: { min: 50, max: 90 },
  numberLine: { min: 30, max: 50 },
} as const;

/** Pixels added to (or removed from) a cell per wheel event. */
export const ZOOM_STEP_PX = 10;
/** Pixels within which a pointer hits an element. */
export const HIT_TOLERANCE_PX = 10;
/** The axis stays at least this far from the canvas border when dragged. */
export const AXIS_MARGIN_PX = 25;
/** Smallest and largest scale a grid may reach. */
export const SCALE_LIMITS = { min: 0.01, max: 10_000 } as const;

const MANTISSAS = [1, 2, 5] as const;

function decompose(scale: number): { mantissa: 1 | 2 | 5; exponent: number } {
  const exponent = Math.floor(Math.log10(scale) + 1e-9);
  const m = scale / 10 ** exponent;
  const mantissa = MANTISSAS.reduce(
    (best, c) => (Math.abs(c - m) < Math.abs(best - m) ? c : best),
    1 as 1 | 2 | 5,
  );
  return { mantissa, exponent };
}

function compose(mantissa: number, exponent: number): number {
  // Rounded so 0.1 * 2 stays 0.2 and labels print cleanly.
  return Number((mantissa * 10 ** exponent).toPrecision(12));
}

/** The next scale of the 1-2-5 sequence up (1 → 2 → 5 → 10) or down (1 → 0.5 → 0.2 → 0.1). */
export function stepScale(scale: number, direction: 1 | -1): number {
  const { mantissa, exponent } = decompose(scale);
  const i = MANTISSAS.indexOf(mantissa) + direction;
  const next =
    i < 0 ? compose(5, exponent - 1) : i > 2 ? compose(1, exponent + 1) : compose(MANTISSAS[i]!, exponent);
  return Math.min(SCALE_LIMITS.max, Math.max(SCALE_LIMITS.min, next));
}

/** A grid: where the origin sits (px), how wide a cell is (px), and what a cell is worth (units). */
export interface GridView {
  originX: number;
  originY: number;
  cell: number;
  scale: number;
}

/**
 * Zooms by one wheel event: in (`-1`, wheel up) widens the cell by 10 px, out narrows it. Past the
 * bounds the scale moves one step of the 1-2-5 sequence and the cell starts again from the other
 * bound, so the grid never gets too dense or too sparse.
 */
export function zoomView(view: GridView, direction: -1 | 1, bounds: { min: number; max: number }): GridView {
  const cell = view.cell + (direction < 0 ? ZOOM_STEP_PX : -ZOOM_STEP_PX);
  if (cell > bounds.max) {
    const scale = stepScale(view.scale, -1);
    return scale === view.scale ? { ...view, cell: bounds.max } : { ...view, scale, cell: bounds.min };
  }
  if (cell < bounds.min) {
    const scale = stepScale(view.scale, 1);
    return scale === view.scale ? { ...view, cell: bounds.min } : { ...view, scale, cell: bounds.max };
  }
  return { ...view, cell };
}

/** Plane units per pixel. */
export function unitsPerPixel(view: GridView): number {
  return view.scale / view.cell;
}

/** Pixel x of a plane x. */
export function toPixelX(view: GridView, x: number): number {
  return view.originX + (x / view.scale) * view.cell;
}

/** Pixel y of a plane y (pixels grow downwards). */
export function toPixelY(view: GridView, y: number): number {
  return view.originY - (y / view.scale) * view.cell;
}

/** Plane x of a pixel x. */
export function fromPixelX(view: GridView, px: number): number {
  return ((px - view.originX) / view.cell) * view.scale;
}

/** Plane y of a pixel y. */
export function fromPixelY(view: GridView, py: number): number {
  return ((view.originY - py) / view.cell) * view.scale;
}

/** Rounds `value` to the nearest half of the scale step (spec 02 §5), without float dust. */
export function snapToGrid(value: number, scale: number): number {
  const step = scale / 2;
  return Number((Math.round(value / step) * step).toPrecision(12)) + 0;
}

/** Keeps an axis position (px) at least AXIS_MARGIN_PX inside a canvas dimension. */
export function clampAxis(position: number, size: number): number {
  return Math.min(size - AXIS_MARGIN_PX, Math.max(AXIS_MARGIN_PX, position));
}

/** The multiples of `scale` visible between two plane values: the grid lines and tick labels. */
export function gridValues(from: number, to: number, scale: number): number[] {
  const first = Math.ceil(Math.min(from, to) / scale);
  const last = Math.floor(Math.max(from, to) / scale);
  const values: number[] = [];
  for (let k = first; k <= last && values.length < 500; k++)
    values.push(Number((k * scale).toPrecision(12)) + 0);
  return values;
}

/** A number as a tick label: no float dust, at most 4 decimals, '−' for minus. */
export function formatTick(value: number): string {
  const text = String(Number(value.toFixed(4)));
  return text.startsWith('-') ? `\u2212${text.slice(1)}` : text;
}

/** A tick label in multiples of π ("π/2", "−3π/2") for the To Radians mode of the function console. */
export function formatPiTick(value: number): string {
  const halves = Math.round((value / Math.PI) * 2);
  if (Math.abs(halves * (Math.PI / 2) - value) > 1e-6) return formatTick(value);
  if (halves === 0) return '0';
  const sign = halves < 0 ? '\u2212' : '';
  const n = Math.abs(halves);
  if (n % 2 === 0) return `${sign}${n / 2 === 1 ? '' : n / 2}π`;
  return `${sign}${n === 1 ? '' : n}π/2`;
}
