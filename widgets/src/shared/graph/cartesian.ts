/**
 * The geometry of a cartesian plane console (spec 02 §9): where the plane sits on the canvas, how
 * pixels and plane units convert (x counted in multiples of π/2 in the To Radians mode), snapping,
 * panning with the axes kept inside the canvas, zooming in the 1-2-5 sequence, hit testing and the
 * texts read out for coordinates. No DOM: the board and the consoles share it, node tests cover it.
 */
import type { CartesianPoint } from '@kib/core';
import {
  CELL_BOUNDS,
  HIT_TOLERANCE_PX,
  clampAxis,
  formatTick,
  gridValues,
  snapToGrid,
  zoomView,
  type GridView,
} from './scale';

/** A canvas size in CSS pixels (the logical size: the board may be drawn smaller on a phone). */
export interface BoardSize {
  width: number;
  height: number;
}

/** A cartesian grid: the 1-2-5 grid of scale.ts plus whether x is read in multiples of π/2. */
export interface CartesianView extends GridView {
  /** To Radians mode: a cell on the x-axis is worth `scale · π/2`, labelled in multiples of π. */
  radians: boolean;
}

/** Where the origin starts on every cartesian canvas (spec 02 §9). */
export const CARTESIAN_ORIGIN_PX = { x: 100, y: 200 } as const;
/** The cell a plane starts with: the smallest of CELL_BOUNDS.cartesian, worth 1 unit. */
export const INITIAL_CELL_PX = CELL_BOUNDS.cartesian.min;
/** Canvas sizes (spec 02 §9): freehand 450x300, line and set points 450x350. */
export const CANVAS_SIZES = {
  freehand: { width: 450, height: 300 },
  line: { width: 450, height: 350 },
  points: { width: 450, height: 350 },
} as const satisfies Record<string, BoardSize>;
/** Radius of a placed point (set points, freehand points) and of a line's point. */
export const POINT_RADIUS_PX = { point: 5, linePoint: 6 } as const;
/**
 * Pixels a pointer must travel before a press becomes a drag (spec 02 §9): none when panning, 7
 * between freehand samples, 3 for every other tool.
 */
export const TOOL_MIN_DISTANCE_PX = { move: 0, draw: 7, other: 3 } as const;

/** The grid every cartesian console opens with: origin at (100, 200) px, 50 px per unit. */
export function initialCartesianView(radians = false): CartesianView {
  return {
    originX: CARTESIAN_ORIGIN_PX.x,
    originY: CARTESIAN_ORIGIN_PX.y,
    cell: INITIAL_CELL_PX,
    scale: 1,
    radians,
  };
}

/** What one cell is worth on the x-axis: the scale, times π/2 in the To Radians mode. */
export function xStep(view: CartesianView): number {
  return view.radians ? (view.scale * Math.PI) / 2 : view.scale;
}

/** What one cell is worth on the y-axis. */
export function yStep(view: CartesianView): number {
  return view.scale;
}

/** The canvas pixel of a plane point. */
export function toScreen(view: CartesianView, p: CartesianPoint): { px: number; py: number } {
  return {
    px: view.originX + (p.x / xStep(view)) * view.cell,
    py: view.originY - (p.y / yStep(view)) * view.cell,
  };
}

/** The plane point under a canvas pixel. */
export function fromScreen(view: CartesianView, px: number, py: number): CartesianPoint {
  return {
    x: ((px - view.originX) / view.cell) * xStep(view) + 0,
    y: ((view.originY - py) / view.cell) * yStep(view) + 0,
  };
}

/** A point rounded to half a scale step on each axis (spec 02 §5), so points land on the grid. */
export function snapPoint(view: CartesianView, p: CartesianPoint): CartesianPoint {
  return { x: snapToGrid(p.x, xStep(view)), y: snapToGrid(p.y, yStep(view)) };
}

/** Distance in canvas pixels between two plane points. */
export function screenDistance(view: CartesianView, a: CartesianPoint, b: CartesianPoint): number {
  const pa = toScreen(view, a);
  const pb = toScreen(view, b);
  return Math.hypot(pa.px - pb.px, pa.py - pb.py);
}

/** True when two plane points are the same point (after snapping both sit on the same grid node). */
export function samePoint(a: CartesianPoint, b: CartesianPoint): boolean {
  const eps = 1e-9 * Math.max(1, Math.abs(a.x), Math.abs(a.y));
  return Math.abs(a.x - b.x) <= eps && Math.abs(a.y - b.y) <= eps;
}

/**
 * Moves the plane by a pixel offset (dragging the axes): the origin follows the pointer, and each
 * axis stays at least 25 px inside the canvas (clampAxis).
 */
export function panView<V extends GridView>(view: V, dx: number, dy: number, size: BoardSize): V {
  return {
    ...view,
    originX: clampAxis(view.originX + dx, size.width),
    originY: clampAxis(view.originY + dy, size.height),
  };
}

/**
 * One zoom step (a wheel event, a + or − key): in (`-1`) widens the cell by 10 px, out (`1`) narrows
 * it, switching to the next 1-2-5 scale past the cartesian cell bounds (50–90 px). The origin stays.
 */
export function zoomCartesian<V extends GridView>(view: V, direction: -1 | 1): V {
  return { ...view, ...zoomView(view, direction, CELL_BOUNDS.cartesian) };
}

/** The plane region the canvas shows. */
export interface PlaneBox {
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** The plane region visible on a canvas of `size`. */
export function visibleBox(view: CartesianView, size: BoardSize): PlaneBox {
  const topLeft = fromScreen(view, 0, 0);
  const bottomRight = fromScreen(view, size.width, size.height);
  return { xMin: topLeft.x, xMax: bottomRight.x, yMin: bottomRight.y, yMax: topLeft.y };
}

/** Keeps a plane point inside a box. */
export function clampToBox(p: CartesianPoint, box: PlaneBox): CartesianPoint {
  return {
    x: Math.min(box.xMax, Math.max(box.xMin, p.x)),
    y: Math.min(box.yMax, Math.max(box.yMin, p.y)),
  };
}

/** The x and y values of the visible grid lines (multiples of the cell's worth on each axis). */
export function gridLineValues(view: CartesianView, size: BoardSize): { xs: number[]; ys: number[] } {
  const box = visibleBox(view, size);
  return {
    xs: gridValues(box.xMin, box.xMax, xStep(view)),
    ys: gridValues(box.yMin, box.yMax, yStep(view)),
  };
}

/**
 * A multiple of π as text ("π/2", "−3π/4", "2π", "0") when `value` is k·π/d for a denominator d up to
 * 400 (every half step of every scale of the To Radians mode); otherwise the plain number.
 */
export function formatPiRatio(value: number): string {
  const ratio = value / Math.PI;
  if (Math.abs(ratio) < 1e-12) return '0';
  for (let d = 1; d <= 400; d++) {
    const n = Math.round(ratio * d);
    if (n !== 0 && Math.abs(ratio * d - n) < 1e-7) {
      const sign = n < 0 ? '\u2212' : '';
      const k = Math.abs(n);
      return `${sign}${k === 1 ? '' : k}π${d === 1 ? '' : `/${d}`}`;
    }
  }
  return formatTick(value);
}

/** An x value as shown and read out: a multiple of π in the To Radians mode, else a number. */
export function formatX(view: Pick<CartesianView, 'radians'>, x: number): string {
  return view.radians ? formatPiRatio(x) : formatTick(x);
}

/** A y value as shown and read out. */
export function formatY(y: number): string {
  return formatTick(y);
}

/** A point as text: "(2, −1.5)", or "(π/2, 1)" in the To Radians mode. */
export function formatPoint(view: Pick<CartesianView, 'radians'>, p: CartesianPoint): string {
  return `(${formatX(view, p.x)}, ${formatY(p.y)})`;
}

/**
 * The index of the point nearest to a canvas pixel within `tolerance` pixels (spec 02 §9: 10 px),
 * or -1 when none is that close. The later of two equally near points wins (it is drawn on top).
 */
export function hitPoint(
  view: CartesianView,
  points: readonly CartesianPoint[],
  px: number,
  py: number,
  tolerance: number = HIT_TOLERANCE_PX,
): number {
  let best = -1;
  let bestDistance = Infinity;
  points.forEach((p, i) => {
    const s = toScreen(view, p);
    const d = Math.hypot(s.px - px, s.py - py);
    if (d <= tolerance && d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

/**
 * The part of the line through `a` and `b` that crosses a box (its two ends on the box border), so
 * a line is drawn across the whole plane; null when a and b coincide or the line misses the box.
 */
export function lineAcrossBox(
  a: CartesianPoint,
  b: CartesianPoint,
  box: PlaneBox,
): [CartesianPoint, CartesianPoint] | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return null;
  // Liang–Barsky on the infinite line a + t·(b − a).
  let tMin = -Infinity;
  let tMax = Infinity;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q >= 0;
    const r = q / p;
    if (p < 0) tMin = Math.max(tMin, r);
    else tMax = Math.min(tMax, r);
    return true;
  };
  if (
    !clip(-dx, a.x - box.xMin) ||
    !clip(dx, box.xMax - a.x) ||
    !clip(-dy, a.y - box.yMin) ||
    !clip(dy, box.yMax - a.y) ||
    tMin > tMax
  ) {
    return null;
  }
  return [
    { x: a.x + tMin * dx, y: a.y + tMin * dy },
    { x: a.x + tMax * dx, y: a.y + tMax * dy },
  ];
}

/**
 * One keyboard step of the cursor or of a selected point: half a scale step per press, a whole one
 * with Shift; the result is snapped to the grid and kept inside the visible box.
 */
export function stepPoint(
  view: CartesianView,
  p: CartesianPoint,
  dx: -1 | 0 | 1,
  dy: -1 | 0 | 1,
  whole: boolean,
  box: PlaneBox,
): CartesianPoint {
  const factor = whole ? 1 : 0.5;
  const moved = snapPoint(view, {
    x: p.x + dx * factor * xStep(view),
    y: p.y + dy * factor * yStep(view),
  });
  const inside = snapPoint(view, clampToBox(moved, box));
  // Snapping a clamped point can round it just past the border: step back inside by half a step.
  return {
    x:
      inside.x > box.xMax
        ? snapToGrid(inside.x - xStep(view) / 2, xStep(view))
        : inside.x < box.xMin
          ? snapToGrid(inside.x + xStep(view) / 2, xStep(view))
          : inside.x,
    y:
      inside.y > box.yMax
        ? snapToGrid(inside.y - yStep(view) / 2, yStep(view))
        : inside.y < box.yMin
          ? snapToGrid(inside.y + yStep(view) / 2, yStep(view))
          : inside.y,
  };
}

/**
 * Pixels within which a pointer hits a point: HIT_TOLERANCE_PX (10) for a mouse or pen, twice that
 * for a finger, which covers far more of the screen than a mouse pointer.
 */
export function hitTolerance(pointerType: string): number {
  return pointerType === 'touch' ? 2 * HIT_TOLERANCE_PX : HIT_TOLERANCE_PX;
}

/**
 * A freehand sample rounded to a tenth of a pixel of the current view on each axis: no visible
 * change, but answers without float noise ("1.234", not "1.2340000000000002").
 */
export function tidyPoint(view: CartesianView, p: CartesianPoint): CartesianPoint {
  const round = (value: number, step: number) => {
    const decimals = Math.min(12, Math.max(0, Math.ceil(-Math.log10(step / view.cell / 10))));
    return Number(value.toFixed(decimals)) + 0;
  };
  return { x: round(p.x, xStep(view)), y: round(p.y, yStep(view)) };
}
