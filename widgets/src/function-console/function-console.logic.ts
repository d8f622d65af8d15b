/**
 * The freehand drawing of the function console (spec 02 §3–§4, §9), as plain data: strokes of plane
 * points in the order drawn. Sampling keeps 7 px between points, the eraser cuts strokes, a created
 * point is a stroke of one point. A saved answer comes back sorted by x and drawn as a path, lifted
 * only where two neighbours are far apart (a gap the student left, e.g. at an asymptote).
 */
import { LIMITS, type CartesianPoint, type PlotFunctionAnswer } from '@kib/core';
import {
  TOOL_MIN_DISTANCE_PX,
  initialCartesianView,
  samePoint,
  screenDistance,
  toScreen,
  type CartesianView,
} from '../shared/graph/cartesian';
import { HIT_TOLERANCE_PX } from '../shared/graph/scale';
import type { AnswerModel } from '../shared/graph/use-local-answer';

/** The tools of the freehand console (spec 02 §4). */
export const FREEHAND_TOOLS = ['draw', 'erase', 'move', 'createPoint', 'movePoints'] as const;

/** A tool of the freehand console. */
export type FreehandTool = (typeof FREEHAND_TOOLS)[number];

/** A stroke: points joined in the order drawn. One point alone is a created point. */
export type Stroke = readonly CartesianPoint[];

/** The drawing: its strokes, in the order drawn. */
export type Strokes = readonly Stroke[];

/** Where one point of the drawing is: stroke and index in it. */
export interface VertexRef {
  stroke: number;
  index: number;
}

/** Pixels between two points a saved drawing is split at when restored (a lifted pen). */
export const RESTORE_GAP_PX = 40;

/** The points of a drawing, as the answer sends them (in the order drawn). */
export function drawingPoints(strokes: Strokes): CartesianPoint[] {
  return strokes.flatMap((s) => s.map((p) => ({ x: p.x, y: p.y })));
}

/** The number of points of a drawing. */
export function pointCount(strokes: Strokes): number {
  return strokes.reduce((n, s) => n + s.length, 0);
}

/** The console's answer for a drawing. */
export function freehandAnswer(strokes: Strokes, inRadians: boolean): PlotFunctionAnswer {
  return { points: drawingPoints(strokes), inRadians };
}

/** True when an answer holds exactly the points of the drawing, in order, and the same mode. */
export function sameDrawing(
  strokes: Strokes,
  inRadians: boolean,
  answer: PlotFunctionAnswer | null | undefined,
): boolean {
  const points = answer?.points ?? [];
  if ((answer?.inRadians ?? false) !== inRadians) return false;
  if (points.length !== pointCount(strokes)) return false;
  let i = 0;
  for (const stroke of strokes) {
    for (const p of stroke) {
      const q = points[i++]!;
      if (p.x !== q.x || p.y !== q.y) return false;
    }
  }
  return true;
}

/**
 * A saved drawing (spec 02 §3): the points sorted by x and joined as one path, lifted where two
 * neighbours lie more than RESTORE_GAP_PX apart on the canvas.
 */
export function restoreStrokes(points: readonly CartesianPoint[], view: CartesianView): Stroke[] {
  const sorted = points
    .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y))
    .map((p) => ({ x: p.x, y: p.y }))
    .sort((a, b) => a.x - b.x);
  const strokes: CartesianPoint[][] = [];
  for (const p of sorted) {
    const current = strokes[strokes.length - 1];
    const last = current?.[current.length - 1];
    if (current && last && screenDistance(view, last, p) <= RESTORE_GAP_PX) current.push(p);
    else strokes.push([p]);
  }
  return strokes;
}

/** A new stroke starting at `p`; null when the drawing already holds the most points an answer may. */
export function startStroke(strokes: Strokes, p: CartesianPoint): Stroke[] | null {
  if (pointCount(strokes) >= LIMITS.drawnPointsMaxItems) return null;
  return [...strokes, [p]];
}

/**
 * The drawing with `p` added to its last stroke, when `p` lies at least `minPx` (7 px) from the
 * stroke's last point; null when it is too close or the drawing is full.
 */
export function extendStroke(
  strokes: Strokes,
  view: CartesianView,
  p: CartesianPoint,
  minPx: number = TOOL_MIN_DISTANCE_PX.draw,
): Stroke[] | null {
  const last = strokes[strokes.length - 1];
  if (!last || pointCount(strokes) >= LIMITS.drawnPointsMaxItems) return null;
  const end = last[last.length - 1];
  if (end && (screenDistance(view, end, p) < minPx || samePoint(end, p))) return null;
  return [...strokes.slice(0, -1), [...last, p]];
}

/**
 * The drawing with every point within `tolerance` px of the canvas pixel (px, py) removed; a stroke
 * cut in the middle becomes two. Returns the same array when nothing was near.
 */
export function eraseAt(
  strokes: Strokes,
  view: CartesianView,
  px: number,
  py: number,
  tolerance: number = HIT_TOLERANCE_PX,
): Strokes {
  let changed = false;
  const out: Stroke[] = [];
  for (const stroke of strokes) {
    let piece: CartesianPoint[] = [];
    for (const p of stroke) {
      const s = toScreen(view, p);
      if (Math.hypot(s.px - px, s.py - py) <= tolerance) {
        changed = true;
        if (piece.length > 0) out.push(piece);
        piece = [];
      } else {
        piece.push(p);
      }
    }
    if (piece.length > 0) out.push(piece);
  }
  return changed ? out : strokes;
}

/** Every point of the drawing with where it is, in the order drawn (the keyboard selects in this order). */
export function vertexRefs(strokes: Strokes): VertexRef[] {
  return strokes.flatMap((s, stroke) => s.map((_, index) => ({ stroke, index })));
}

/** The point nearest to a canvas pixel within `tolerance` px, or null. */
export function vertexAt(
  strokes: Strokes,
  view: CartesianView,
  px: number,
  py: number,
  tolerance: number = HIT_TOLERANCE_PX,
): VertexRef | null {
  let best: VertexRef | null = null;
  let bestDistance = Infinity;
  strokes.forEach((s, stroke) =>
    s.forEach((p, index) => {
      const q = toScreen(view, p);
      const d = Math.hypot(q.px - px, q.py - py);
      if (d <= tolerance && d <= bestDistance) {
        best = { stroke, index };
        bestDistance = d;
      }
    }),
  );
  return best;
}

/** The point at a reference. */
export function vertex(strokes: Strokes, ref: VertexRef): CartesianPoint | undefined {
  return strokes[ref.stroke]?.[ref.index];
}

/** The drawing with one point moved. */
export function moveVertex(strokes: Strokes, ref: VertexRef, p: CartesianPoint): Stroke[] {
  return strokes.map((s, i) => (i === ref.stroke ? s.map((q, j) => (j === ref.index ? p : q)) : s));
}

/** The drawing without one point (its stroke stays joined around the gap). */
export function removeVertex(strokes: Strokes, ref: VertexRef): Stroke[] {
  return strokes
    .map((s, i) => (i === ref.stroke ? s.filter((_, j) => j !== ref.index) : s))
    .filter((s) => s.length > 0);
}

/** The created points: strokes of a single point (drawn as dots, not as paths). */
export function loosePoints(strokes: Strokes): CartesianPoint[] {
  return strokes.filter((s) => s.length === 1).map((s) => s[0]!);
}

/** The x-range of a drawing, or null when it is empty. */
export function drawingSpan(strokes: Strokes): { from: number; to: number } | null {
  let from = Infinity;
  let to = -Infinity;
  for (const s of strokes)
    for (const p of s) {
      from = Math.min(from, p.x);
      to = Math.max(to, p.x);
    }
  return from <= to ? { from, to } : null;
}

/** The tool after Clear (spec 02 §4): always draw. */
export function toolAfterClear(): FreehandTool {
  return 'draw';
}

/** The console's own state: the strokes (the answer's points in drawing order) and the x-axis mode. */
export interface Drawing {
  strokes: Strokes;
  inRadians: boolean;
}

/** The drawing of a saved answer (restored in the first view), and the answer of a drawing. */
export const DRAWING_MODEL: AnswerModel<PlotFunctionAnswer, Drawing> = {
  fromValue: (value) => {
    const inRadians = value?.inRadians === true;
    return { strokes: restoreStrokes(value?.points ?? [], initialCartesianView(inRadians)), inRadians };
  },
  sameAs: (local, value) => sameDrawing(local.strokes, local.inRadians, value),
  toAnswer: (local) => freehandAnswer(local.strokes, local.inRadians),
};
