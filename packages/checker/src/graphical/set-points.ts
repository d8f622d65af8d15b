import { LIMITS, type AnswerOf, type PlotFeedback } from '@kib/core';
import { numericValue } from '../expr/numeric';
import type { CheckData } from '../types';
import { feedbackKey, type GraphicalFeedbackCode } from './feedback-codes';
import { memoize } from './memo';
import { listOf, readPoint, sameNumber, splitTopLevel, type PlanePoint } from './numbers';

/**
 * setPointCartesianPlane: exactly the point (x, y) must be placed (a repeat of it is ignored). A
 * point with its coordinates swapped gets its own message.
 */
export function checkSetPointCartesianPlane(
  data: CheckData<'setPointCartesianPlane'>,
  answer: AnswerOf<'setPointCartesianPlane'>,
): PlotFeedback {
  if (!Number.isFinite(data.x) || !Number.isFinite(data.y)) {
    throw new Error('setPointCartesianPlane: x and y must be finite numbers');
  }
  return comparePoints([{ x: data.x, y: data.y }], answer);
}

/**
 * setMultiPointPlane: the placed points must be exactly the points of `pointsList` (order free,
 * repeats ignored). Says whether points are missing, extra, wrong or placed with x and y swapped.
 * Throws only when `pointsList` cannot be read.
 */
export function checkSetMultiPointPlane(
  data: CheckData<'setMultiPointPlane'>,
  answer: AnswerOf<'setMultiPointPlane'>,
): PlotFeedback {
  return comparePoints(readPointsList(data.pointsList), answer);
}

/**
 * Reads a points list as authors type it: `(x, y)` groups, one per line (`\left(…\right)`, `$…$` and
 * a `;` separator accepted), each coordinate a constant LaTeX expression read with numericValue.
 * Throws for a list with no point or a coordinate that is not a number.
 */
export function parsePointsList(pointsList: string): PlanePoint[] {
  return readPointsList(pointsList).map((p) => ({ ...p }));
}

const readPointsList = memoize(readPoints, 32);

function readPoints(pointsList: string): PlanePoint[] {
  const text = pointsList.replace(/\\left|\\right|\$/g, '').replace(/\\\\/g, '\n');
  const points: PlanePoint[] = [];
  for (const group of topLevelGroups(text)) {
    const parts = splitTopLevel(group);
    const coords = parts.map(coordinate);
    const [x, y] = coords;
    if (parts.length !== 2 || x === null || y === null || x === undefined || y === undefined) {
      throw new Error(`setMultiPointPlane: cannot read the point (${group}) of pointsList`);
    }
    points.push({ x, y });
  }
  if (points.length === 0) throw new Error('setMultiPointPlane: pointsList holds no point written as (x, y)');
  return points;
}

/** A coordinate: plain decimals directly, anything else (fractions, roots, π) through numericValue. */
function coordinate(text: string): number | null {
  const t = text.trim();
  return /^[-+]?\d+(\.\d+)?$/.test(t) ? Number(t) : numericValue(t);
}

/** The contents of the outermost parenthesised groups of a text. */
function topLevelGroups(text: string): string[] {
  const groups: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') {
      if (depth === 0) start = i + 1;
      depth++;
    } else if (ch === ')' && depth > 0) {
      depth--;
      if (depth === 0) groups.push(text.slice(start, i));
    }
  }
  return groups;
}

function samePoint(a: PlanePoint, b: PlanePoint): boolean {
  return sameNumber(a.x, b.x) && sameNumber(a.y, b.y);
}

/** Compares the placed points with the target set: correct, missing, extra, wrong or swapped. */
function comparePoints(targets: PlanePoint[], answer: unknown): PlotFeedback {
  const placed: (PlanePoint | null)[] = listOf(answer, LIMITS.cartesianPointsMaxItems * 5).map(readPoint);
  if (placed.length === 0) return result(false, 'points-try-again');
  const found = new Set<number>();
  const wrong: (PlanePoint | null)[] = [];
  for (const p of placed) {
    const i = p ? targets.findIndex((t) => samePoint(t, p)) : -1;
    if (i >= 0) found.add(i);
    else wrong.push(p);
  }
  const missing = targets.length - found.size;
  if (wrong.length === 0 && missing === 0) return result(true, 'points-correct');
  if (wrong.length === 0) return result(false, 'points-missing');
  if (missing === 0) return result(false, 'points-extra');
  // (3, 1) placed for (1, 3): the most common slip, worth its own message.
  const swapped = wrong.every((p) => p !== null && targets.some((t) => samePoint({ x: p.y, y: p.x }, t)));
  return result(false, swapped ? 'point-swapped-coordinates' : 'points-wrong');
}

function result(correctAns: boolean, code: GraphicalFeedbackCode): PlotFeedback {
  return { correctAns, feedbacks: feedbackKey(code) };
}
