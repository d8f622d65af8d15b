import { describe, expect, it } from 'vitest';
import * as Q from '../expr/rational';
import { NEG_INF, POS_INF, realApprox, realOfQ, realOfSurd, surdSqrtOfQ, type RealValue } from './real-value';
import {
  ALL_REALS,
  complement,
  contains,
  difference,
  EMPTY_SET,
  intersection,
  intervalSet,
  isAllReals,
  isEmpty,
  isSubset,
  pointsOf,
  pointsSet,
  relate,
  setsEqual,
  setToLatex,
  union,
  type SolutionSet,
} from './solution-set';

const r = (n: number, d = 1): RealValue => realOfQ(Q.rat(n, d));
const sqrt2 = realOfSurd(surdSqrtOfQ(Q.rat(2))!);
const open = (a: RealValue, b: RealValue) => intervalSet(a, b, false, false);
const closed = (a: RealValue, b: RealValue) => intervalSet(a, b, true, true);

describe('solution sets', () => {
  it.each<[string, SolutionSet, SolutionSet, SolutionSet]>([
    [
      'touching intervals merge when one end is closed',
      open(r(0), r(1)),
      closed(r(1), r(2)),
      intervalSet(r(0), r(2), false, true),
    ],
    [
      'touching open intervals stay apart',
      open(r(0), r(1)),
      open(r(1), r(2)),
      { pieces: [...open(r(0), r(1)).pieces, ...open(r(1), r(2)).pieces] },
    ],
    [
      'a point fills the gap between open intervals',
      union(open(r(0), r(1)), open(r(1), r(2))),
      pointsSet([r(1)]),
      open(r(0), r(2)),
    ],
    ['overlapping intervals merge', closed(r(0), r(3)), closed(r(2), r(5)), closed(r(0), r(5))],
    ['the empty set is neutral', EMPTY_SET, pointsSet([r(3)]), pointsSet([r(3)])],
  ])('union: %s', (_t, a, b, expected) => {
    expect(setsEqual(union(a, b), expected)).toBe(true);
  });

  it.each<[string, SolutionSet, SolutionSet, SolutionSet]>([
    ['of overlapping intervals', closed(r(0), r(3)), open(r(2), r(5)), intervalSet(r(2), r(3), false, true)],
    ['of disjoint intervals is empty', open(r(0), r(1)), open(r(2), r(3)), EMPTY_SET],
    ['of an interval and a point inside', closed(r(0), r(3)), pointsSet([r(1), r(7)]), pointsSet([r(1)])],
    ['of an open end and a point at it is empty', open(r(0), r(3)), pointsSet([r(3)]), EMPTY_SET],
    ['with all reals is the same set', open(r(0), POS_INF), ALL_REALS, open(r(0), POS_INF)],
  ])('intersection %s', (_t, a, b, expected) => {
    expect(setsEqual(intersection(a, b), expected)).toBe(true);
  });

  it.each<[string, SolutionSet, SolutionSet]>([
    ['of a point is everything but it', pointsSet([r(2)]), union(open(NEG_INF, r(2)), open(r(2), POS_INF))],
    [
      'of a closed interval is two open rays',
      closed(r(-1), r(1)),
      union(open(NEG_INF, r(-1)), open(r(1), POS_INF)),
    ],
    ['of the empty set is all reals', EMPTY_SET, ALL_REALS],
    ['of all reals is empty', ALL_REALS, EMPTY_SET],
  ])('complement %s', (_t, a, expected) => {
    expect(setsEqual(complement(a), expected)).toBe(true);
  });

  it('complements twice to the same set', () => {
    const s = union(intervalSet(r(-3), r(1), true, false), pointsSet([r(4)]));
    expect(setsEqual(complement(complement(s)), s)).toBe(true);
  });

  it('keeps square-root ends exact', () => {
    const a = closed(realOfSurd({ a: Q.rat(0), b: Q.rat(-1), c: 2n }), sqrt2);
    const b = closed(realApprox(-Math.SQRT2), realApprox(Math.SQRT2));
    expect(setsEqual(a, b)).toBe(true);
    expect(setToLatex(a)).toBe('x \\in [-\\sqrt{2}, \\sqrt{2}]');
  });

  it('tells an exact end from a close decimal', () => {
    expect(setsEqual(pointsSet([r(1, 3)]), pointsSet([r(333333, 1000000)]))).toBe(false);
    expect(setsEqual(pointsSet([sqrt2]), pointsSet([r(14142136, 10000000)]))).toBe(false);
  });

  it('compares a numeric value within its error bound', () => {
    expect(setsEqual(pointsSet([r(2)]), pointsSet([realApprox(2 + 1e-13)]))).toBe(true);
    expect(setsEqual(pointsSet([r(2)]), pointsSet([realApprox(2 + 1e-6)]))).toBe(false);
  });

  it.each<[string, SolutionSet, SolutionSet, string]>([
    ['equal sets', pointsSet([r(1), r(2)]), pointsSet([r(2), r(1)]), 'equal'],
    ['a lost point', pointsSet([r(1)]), pointsSet([r(1), r(2)]), 'subset'],
    ['a gained point', pointsSet([r(1), r(2), r(3)]), pointsSet([r(1), r(2)]), 'superset'],
    ['unrelated sets', pointsSet([r(5)]), pointsSet([r(1)]), 'other'],
  ])('relates %s', (_t, a, b, expected) => {
    expect(relate(a, b)).toBe(expected);
  });

  it('answers membership, emptiness and points', () => {
    const s = union(open(r(0), r(1)), pointsSet([r(5)]));
    expect(contains(s, r(1, 2))).toBe(true);
    expect(contains(s, r(1))).toBe(false);
    expect(contains(s, r(5))).toBe(true);
    expect(isEmpty(EMPTY_SET)).toBe(true);
    expect(isAllReals(complement(EMPTY_SET))).toBe(true);
    expect(pointsOf(s)).toBeNull();
    expect(pointsOf(pointsSet([r(2), r(-1)]))?.map((p) => p.v)).toEqual([-1, 2]);
    expect(isSubset(pointsSet([r(5)]), s)).toBe(true);
    expect(setsEqual(difference(s, pointsSet([r(5)])), open(r(0), r(1)))).toBe(true);
  });

  it.each<[SolutionSet, string]>([
    [pointsSet([r(2), r(-3)]), 'x = -3, x = 2'],
    [open(r(2), POS_INF), 'x \\in (2, \\infty)'],
    [EMPTY_SET, 'x \\in \\emptyset'],
    [ALL_REALS, 'x \\in \\mathbb{R}'],
    [
      union(open(NEG_INF, r(-2)), intervalSet(r(1), POS_INF, true, false)),
      'x \\in (-\\infty, -2) \\cup [1, \\infty)',
    ],
    [union(open(r(0), r(1)), pointsSet([r(3, 2)])), 'x \\in (0, 1) \\cup \\{\\frac{3}{2}\\}'],
  ])('prints set %# as %s', (s, latex) => {
    expect(setToLatex(s)).toBe(latex);
  });
});
