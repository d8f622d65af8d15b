import { LIMITS, type AnswerOf, type PlotFeedback } from '@kib/core';
import type { CheckData } from '../types';
import { feedbackKey, type GraphicalFeedbackCode } from './feedback-codes';
import { listOf, sameNumber } from './numbers';

/** An interval of the real line; ends may be ±Infinity. */
interface Span {
  lo: number;
  hi: number;
  loOpen: boolean;
  hiOpen: boolean;
}

/** A student interval as read: a span, or why it cannot be one. */
type ReadInterval =
  { ok: true; span: Span; closedInfinity: boolean } | { ok: false; reason: 'malformed' | 'degenerate' };

const same = (a: number, b: number) => a === b || sameNumber(a, b, 1e-9);

/**
 * intervals (spec 02 §4 "Interval exercise flow", §8 "Interval feedback"): the student adds
 * intervals one by one and their union must end equal to the target set, written without
 * intervals that could be merged. In order of precedence the feedback says: an interval is
 * incorrect (it leaves the target set, or an end of the student's union is not an end of a piece of
 * the target, numbers compared regardless of brackets: `intervals-incorrect-interval`; an interval with equal ends: `intervals-degenerate`);
 * the numbers are right but an end is open where it should be closed or the reverse, or an
 * infinite end is closed (`intervals-check-brackets`); every interval so far is right but some are
 * missing (`intervals-continue`); the union is right but overlapping or touching intervals were not
 * merged (`intervals-simplify`); correct. Throws only for a malformed target.
 */
export function checkIntervals(data: CheckData<'intervals'>, answer: AnswerOf<'intervals'>): PlotFeedback {
  const target = readTarget(data.intervals);
  const items = listOf(answer, LIMITS.intervalsMaxItems * 5);
  if (items.length === 0)
    return target.length === 0 ? result(true, 'intervals-correct') : result(false, 'intervals-try-again');
  const read = items.map(readInterval);
  const bad = read.find((r) => !r.ok);
  if (bad && !bad.ok)
    return result(
      false,
      bad.reason === 'degenerate' ? 'intervals-degenerate' : 'intervals-incorrect-interval',
    );
  const student = read.flatMap((r) => (r.ok ? [r] : []));
  if (target.length === 0) return result(false, 'intervals-incorrect-interval');

  // By numbers only (brackets aside): each interval inside the target, each end of the student's
  // union an end of a piece of the target.
  const targetSet = mergeSets(target);
  const targetBlocks = mergeClosures(target);
  const studentBlocks = mergeClosures(student.map((r) => r.span));
  const inside = (s: Span) => targetBlocks.some((b) => geq(s.lo, b.lo) && geq(b.hi, s.hi));
  if (!student.every((r) => inside(r.span))) return result(false, 'intervals-incorrect-interval');
  const endsMatch = (b: Span) =>
    targetSet.some((t) => same(t.lo, b.lo)) && targetSet.some((t) => same(t.hi, b.hi));
  if (!studentBlocks.every(endsMatch)) return result(false, 'intervals-incorrect-interval');

  // The same numbers: now the exact sets, over the pieces of the target the student has covered.
  const union = mergeSets(student.map((r) => r.span));
  const covered = targetSet.filter((t) => studentBlocks.some((b) => geq(t.lo, b.lo) && geq(b.hi, t.hi)));
  if (student.some((r) => r.closedInfinity) || !sameSets(union, covered)) {
    return result(false, 'intervals-check-brackets');
  }
  if (covered.length < targetSet.length) return result(false, 'intervals-continue');
  if (union.length < student.length) return result(false, 'intervals-simplify');
  return result(true, 'intervals-correct');
}

function result(correctAns: boolean, code: GraphicalFeedbackCode): PlotFeedback {
  return { correctAns, feedbacks: feedbackKey(code) };
}

/** a ≥ b, with ends that are the same number counting as equal. */
function geq(a: number, b: number): boolean {
  return a >= b || same(a, b);
}

function bracketValue(value: unknown): number | null {
  if (value === 'minusInf') return -Infinity;
  if (value === 'inf') return Infinity;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function readBracket(value: unknown): { value: number; open: boolean } | null {
  if (typeof value !== 'object' || value === null) return null;
  const b = value as Record<string, unknown>;
  const v = bracketValue(b.value);
  return v === null || typeof b.open !== 'boolean' ? null : { value: v, open: b.open };
}

/**
 * Reads one interval of the answer. Ends given in reverse order are put back in order (the console
 * flips both brackets when one is dragged past the other); equal ends make a degenerate interval.
 */
function readInterval(item: unknown): ReadInterval {
  if (!Array.isArray(item) || item.length !== 2) return { ok: false, reason: 'malformed' };
  let left = readBracket(item[0]);
  let right = readBracket(item[1]);
  if (!left || !right) return { ok: false, reason: 'malformed' };
  if (left.value > right.value) [left, right] = [right, left];
  if (same(left.value, right.value)) return { ok: false, reason: 'degenerate' };
  const closedInfinity =
    (!Number.isFinite(left.value) && !left.open) || (!Number.isFinite(right.value) && !right.open);
  // An infinite end is open whatever was drawn; the closed bracket is reported on its own.
  const span: Span = {
    lo: left.value,
    hi: right.value,
    loOpen: left.open || !Number.isFinite(left.value),
    hiOpen: right.open || !Number.isFinite(right.value),
  };
  return { ok: true, span, closedInfinity };
}

function readTarget(intervals: unknown): Span[] {
  if (!Array.isArray(intervals)) throw new Error('intervals: the target must be a list of intervals');
  return intervals.map((item: unknown) => {
    const pair = Array.isArray(item) ? (item as unknown[]) : [];
    const left = readBracket(pair[0]);
    const right = readBracket(pair[1]);
    const r = readInterval(item);
    if (!left || !right || !(left.value < right.value) || !r.ok || r.closedInfinity) {
      throw new Error(`intervals: the target interval ${JSON.stringify(item)} is not well formed`);
    }
    return r.span;
  });
}

function byStart(a: Span, b: Span): number {
  return a.lo - b.lo || Number(a.loOpen) - Number(b.loOpen);
}

/** The union of the closures, as disjoint blocks: touching intervals join whatever their brackets. */
function mergeClosures(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort(byStart)) {
    const last = out[out.length - 1];
    if (last && geq(last.hi, s.lo)) {
      if (s.hi > last.hi) last.hi = s.hi;
    } else {
      out.push({ lo: s.lo, hi: s.hi, loOpen: false, hiOpen: false });
    }
  }
  return out;
}

/** The union as a set, in canonical form: disjoint intervals that cannot be merged further. */
function mergeSets(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort(byStart)) {
    const last = out[out.length - 1];
    const overlaps = last !== undefined && last.hi > s.lo && !same(last.hi, s.lo);
    const touches = last !== undefined && same(last.hi, s.lo) && (!last.hiOpen || !s.loOpen);
    const joins = overlaps || touches;
    if (last && joins) {
      if (s.hi > last.hi && !same(s.hi, last.hi)) {
        last.hi = s.hi;
        last.hiOpen = s.hiOpen;
      } else if (same(s.hi, last.hi)) {
        last.hiOpen = last.hiOpen && s.hiOpen;
      }
    } else {
      out.push({ ...s });
    }
  }
  return out;
}

function sameSets(a: Span[], b: Span[]): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => {
      const t = b[i]!;
      return same(s.lo, t.lo) && same(s.hi, t.hi) && s.loOpen === t.loOpen && s.hiOpen === t.hiOpen;
    })
  );
}
