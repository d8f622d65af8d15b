/**
 * The two-point line console's rules (spec 02 §3–§5): two points, placed one after the other and
 * then dragged; the second may never sit on the first (no degenerate line). The answer exists only
 * once both points are placed.
 */
import type { CartesianPoint, LineAnswer } from '@kib/core';
import { samePoint } from '../shared/graph/cartesian';
import type { AnswerModel } from '../shared/graph/use-local-answer';

/** The points placed so far: none, one, or the two of the line. */
export type LinePoints = readonly [] | readonly [CartesianPoint] | readonly [CartesianPoint, CartesianPoint];

/** The result of a change: the new points, or why nothing changed. */
export type LineChange = { ok: true; points: LinePoints } | { ok: false; reason: 'same-point' | 'complete' };

/** The points of a saved answer (both, or none when there is no answer). */
export function linePointsFromValue(value: LineAnswer | null | undefined): LinePoints {
  if (!value || value.length !== 2) return [];
  const [a, b] = value;
  if (![a.x, a.y, b.x, b.y].every(Number.isFinite)) return [];
  return [
    { x: a.x, y: a.y },
    { x: b.x, y: b.y },
  ];
}

/** The answer of two placed points, or null while the line is not complete. */
export function lineAnswer(points: LinePoints): LineAnswer | null {
  if (points.length !== 2) return null;
  return [
    { x: points[0].x, y: points[0].y },
    { x: points[1].x, y: points[1].y },
  ];
}

/** True when the answer holds exactly the placed points (an empty answer for fewer than two). */
export function sameLine(points: LinePoints, value: LineAnswer | null | undefined): boolean {
  if (!value) return points.length < 2;
  return (
    points.length === 2 &&
    points[0].x === value[0].x &&
    points[0].y === value[0].y &&
    points[1].x === value[1].x &&
    points[1].y === value[1].y
  );
}

/** Places the next point; the second is refused on top of the first, a third is refused. */
export function placeLinePoint(points: LinePoints, p: CartesianPoint): LineChange {
  if (points.length === 0) return { ok: true, points: [p] };
  if (points.length === 1) {
    if (samePoint(points[0], p)) return { ok: false, reason: 'same-point' };
    return { ok: true, points: [points[0], p] };
  }
  return { ok: false, reason: 'complete' };
}

/** Moves point `index` to `p`; refused when it would land on the other point. */
export function moveLinePoint(points: LinePoints, index: number, p: CartesianPoint): LineChange {
  const other = points[1 - index];
  if (other && samePoint(other, p)) return { ok: false, reason: 'same-point' };
  const next = points.map((q, i) => (i === index ? p : q)) as CartesianPoint[];
  return { ok: true, points: next as unknown as LinePoints };
}

/** The placed points without point `index` (only before the line is complete). */
export function removeLinePoint(points: LinePoints, index: number): LinePoints {
  return points.filter((_, i) => i !== index) as unknown as LinePoints;
}

/** The points of a saved line, and the answer once both are placed. */
export const LINE_MODEL: AnswerModel<LineAnswer, LinePoints> = {
  fromValue: linePointsFromValue,
  sameAs: sameLine,
  toAnswer: lineAnswer,
};
