import type { AnswerOf, PlotFeedback } from '@kib/core';
import { numericValue } from '../expr/numeric';
import type { CheckData } from '../types';
import { feedbackKey, type GraphicalFeedbackCode } from './feedback-codes';
import { memoize } from './memo';
import { listOf, readPoint, sameNumber, type PlanePoint } from './numbers';

/**
 * plotLinearEquation: right when the two placed points are distinct and both lie on y = m·x + b
 * (relative tolerance 1e-6, as points snap to half a scale step). A wrong line is told apart: the
 * right slope through the wrong intercept, the right intercept with the wrong slope, m and b
 * swapped (y = b·x + m), or a line through only one right point. Throws only when m or b is not a number.
 */
export function checkPlotLinearEquation(
  data: CheckData<'plotLinearEquation'>,
  answer: AnswerOf<'plotLinearEquation'>,
): PlotFeedback {
  const m = constantValue(data.m);
  const b = constantValue(data.b);
  if (m === null || b === null || !Number.isFinite(m) || !Number.isFinite(b)) {
    throw new Error(
      `plotLinearEquation: m ${JSON.stringify(data.m)} and b ${JSON.stringify(data.b)} must be numbers`,
    );
  }
  const items = listOf(answer, 3);
  const p = readPoint(items[0]);
  const q = readPoint(items[1]);
  if (items.length !== 2 || !p || !q) return result(false, 'line-try-again');
  if (sameNumber(p.x, q.x) && sameNumber(p.y, q.y)) return result(false, 'line-same-point');
  const pOn = onLine(p, m, b);
  const qOn = onLine(q, m, b);
  if (pOn && qOn) return result(true, 'line-correct');
  if (!sameNumber(p.x, q.x)) {
    const slope = (q.y - p.y) / (q.x - p.x);
    const intercept = p.y - slope * p.x;
    if (sameNumber(slope, m)) return result(false, 'line-wrong-intercept');
    if (sameNumber(intercept, b)) return result(false, 'line-wrong-slope');
    if (sameNumber(slope, b) && sameNumber(intercept, m))
      return result(false, 'line-swapped-slope-intercept');
  }
  return result(false, pOn || qOn ? 'line-one-point' : 'line-wrong');
}

/** m and b of the problem, read once per distinct text. */
const constantValue = memoize((latex: string) => numericValue(latex));

/** True when the point lies on y = m·x + b, relative to the size of the terms involved. */
function onLine({ x, y }: PlanePoint, m: number, b: number): boolean {
  const mx = m * x;
  return Math.abs(y - (mx + b)) <= 1e-6 * Math.max(1, Math.abs(y), Math.abs(mx), Math.abs(b));
}

function result(correctAns: boolean, code: GraphicalFeedbackCode): PlotFeedback {
  return { correctAns, feedbacks: feedbackKey(code) };
}
