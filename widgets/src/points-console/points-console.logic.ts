/**
 * The set-points console's rules (spec 02 §3–§5, §9) as plain data: points snap to half a scale
 * step, two points never share a place, at most LIMITS.cartesianPointsMaxItems, and after placing or
 * moving a point the tool returns to move.
 */
import { LIMITS, type CartesianPoint, type SetPointsAnswer } from '@kib/core';
import { samePoint } from '../shared/graph/cartesian';
import type { AnswerModel } from '../shared/graph/use-local-answer';

/** The tools of the set-points console (spec 02 §4). */
export const POINTS_TOOLS = ['createPoint', 'movePoints', 'erase', 'move'] as const;

/** A tool of the set-points console. */
export type PointsTool = (typeof POINTS_TOOLS)[number];

/** Why a point was refused. */
export type PointRefusal = 'occupied' | 'full';

/** The result of a change: the new points, or why nothing changed. */
export type PointsChange = { ok: true; points: CartesianPoint[] } | { ok: false; reason: PointRefusal };

/** The answer's points, copied. */
export function pointsFromValue(value: SetPointsAnswer | null | undefined): CartesianPoint[] {
  return (value ?? [])
    .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y))
    .map((p) => ({ x: p.x, y: p.y }));
}

/** True when two lists hold the same points in the same order. */
export function samePoints(
  a: readonly CartesianPoint[],
  b: readonly CartesianPoint[] | null | undefined,
): boolean {
  const other = b ?? [];
  return a.length === other.length && a.every((p, i) => p.x === other[i]!.x && p.y === other[i]!.y);
}

/** Adds a (snapped) point; refused on top of another point or past the limit. */
export function placePoint(points: readonly CartesianPoint[], p: CartesianPoint): PointsChange {
  if (points.length >= LIMITS.cartesianPointsMaxItems) return { ok: false, reason: 'full' };
  if (points.some((q) => samePoint(q, p))) return { ok: false, reason: 'occupied' };
  return { ok: true, points: [...points, p] };
}

/** Moves point `index` to `p`; refused on top of another point. */
export function movePoint(points: readonly CartesianPoint[], index: number, p: CartesianPoint): PointsChange {
  if (points.some((q, i) => i !== index && samePoint(q, p))) return { ok: false, reason: 'occupied' };
  return { ok: true, points: points.map((q, i) => (i === index ? p : q)) };
}

/** The points without point `index`. */
export function removePoint(points: readonly CartesianPoint[], index: number): CartesianPoint[] {
  return points.filter((_, i) => i !== index);
}

/** The tool after a point was placed or moved (spec 02 §4): move. */
export function toolAfterEdit(): PointsTool {
  return 'move';
}

/** The placed points of a saved answer; every change reports them all. */
export const POINTS_MODEL: AnswerModel<SetPointsAnswer, CartesianPoint[]> = {
  fromValue: pointsFromValue,
  sameAs: samePoints,
  toAnswer: (points) => points,
};
