import { LIMITS, type AnswerOf, type PlotFeedback } from '@kib/core';
import type { CheckData } from '../types';
import { feedbackKey, type GraphicalFeedbackCode } from './feedback-codes';
import { listOf } from './numbers';

/** Two numbers closer than this are the same place on the number line. */
const SNAP = 1e-9;

/**
 * numberlinePoints: the placed numbers must be exactly the set `data.points` (order free, repeats
 * ignored, compared after snapping to 1e-9). All right but some missing, and all present plus extra
 * ones, get their own messages; anything else is "try again".
 */
export function checkNumberlinePoints(
  data: CheckData<'numberlinePoints'>,
  answer: AnswerOf<'numberlinePoints'>,
): PlotFeedback {
  if (!Array.isArray(data.points) || data.points.length === 0 || !data.points.every(Number.isFinite)) {
    throw new Error('numberlinePoints: points must be a non-empty list of finite numbers');
  }
  const targets: number[] = [];
  for (const t of data.points) if (!targets.some((u) => sameSpot(u, t))) targets.push(t);
  const placed = listOf(answer, LIMITS.numberlinePointsMaxItems * 20);
  if (placed.length === 0) return result(false, 'numberline-try-again');
  const found = new Set<number>();
  let wrong = 0;
  for (const value of placed) {
    const i =
      typeof value === 'number' && Number.isFinite(value) ? targets.findIndex((t) => sameSpot(t, value)) : -1;
    if (i >= 0) found.add(i);
    else wrong++;
  }
  const missing = targets.length - found.size;
  if (wrong === 0 && missing === 0) return result(true, 'numberline-correct');
  if (wrong === 0) return result(false, 'numberline-missing-points');
  if (missing === 0) return result(false, 'numberline-extra-points');
  return result(false, 'numberline-try-again');
}

function snapped(v: number): number {
  return Math.round(v / SNAP);
}

function sameSpot(a: number, b: number): boolean {
  return snapped(a) === snapped(b) || Math.abs(a - b) <= SNAP * Math.max(1, Math.abs(a), Math.abs(b));
}

function result(correctAns: boolean, code: GraphicalFeedbackCode): PlotFeedback {
  return { correctAns, feedbacks: feedbackKey(code) };
}
