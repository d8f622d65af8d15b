import { describe, expect, it } from 'vitest';
import { fastestMs } from './graphical.fixtures';
import { checkSetMultiPointPlane, checkSetPointCartesianPlane, parsePointsList } from './set-points';

type Pt = { x: number; y: number };
const P = (x: number, y: number): Pt => ({ x, y });

describe('checkSetPointCartesianPlane', () => {
  it.each<[string, string, unknown]>([
    ['the point itself', 'points-correct', [P(2, -3)]],
    ['the point placed twice', 'points-correct', [P(2, -3), P(2, -3)]],
    ['the point up to rounding', 'points-correct', [P(2.0000000001, -3)]],
    ['nothing placed', 'points-try-again', []],
    ['x and y swapped', 'point-swapped-coordinates', [P(-3, 2)]],
    ['the sign of y forgotten', 'points-wrong', [P(2, 3)]],
    ['the right point plus a stray one', 'points-extra', [P(2, -3), P(1, 1)]],
    ['two wrong points', 'points-wrong', [P(1, 1), P(5, 5)]],
    ['a NaN point', 'points-wrong', [P(NaN, 1)]],
    ['the right point plus a NaN one', 'points-extra', [P(2, -3), P(NaN, 1)]],
    ['not a list', 'points-try-again', 'garbage'],
  ])('%s gives %s', (_title, code, answer) => {
    const r = checkSetPointCartesianPlane({ x: 2, y: -3 }, answer as Pt[]);
    expect(r).toEqual({ correctAns: code === 'points-correct', feedbacks: `feedback.${code}` });
  });
});

describe('checkSetMultiPointPlane', () => {
  const pointsList = '(1,2)\n(-1, \\frac{1}{2})\n(0,-3)';
  it.each<[string, string, Pt[]]>([
    ['all points in order', 'points-correct', [P(1, 2), P(-1, 0.5), P(0, -3)]],
    ['all points in another order', 'points-correct', [P(0, -3), P(1, 2), P(-1, 0.5)]],
    ['all points, one of them twice', 'points-correct', [P(0, -3), P(1, 2), P(-1, 0.5), P(1, 2)]],
    ['one point missing', 'points-missing', [P(1, 2), P(0, -3)]],
    ['all points and one more', 'points-extra', [P(1, 2), P(-1, 0.5), P(0, -3), P(4, 4)]],
    ['one point wrong', 'points-wrong', [P(1, 2), P(-1, -0.5), P(0, -3)]],
    ['one point with x and y swapped', 'point-swapped-coordinates', [P(2, 1), P(-1, 0.5), P(0, -3)]],
    ['the fraction placed as 1 instead of 1/2', 'points-wrong', [P(1, 2), P(-1, 1), P(0, -3)]],
    ['nothing placed', 'points-try-again', []],
  ])('%s gives %s', (_title, code, answer) => {
    expect(checkSetMultiPointPlane({ pointsList }, answer).feedbacks).toBe(`feedback.${code}`);
  });

  it('accepts 200 placed points against 200 listed ones within 50 ms', () => {
    const list = Array.from({ length: 200 }, (_, i) => `(${i % 20},${Math.floor(i / 20)})`).join('\n');
    const placed = Array.from({ length: 200 }, (_, i) => P(i % 20, Math.floor(i / 20))).reverse();
    expect(checkSetMultiPointPlane({ pointsList: list }, placed).correctAns).toBe(true);
    expect(fastestMs(() => checkSetMultiPointPlane({ pointsList: list }, placed))).toBeLessThan(50);
  });
});

describe('parsePointsList', () => {
  it.each<[string, Pt[]]>([
    ['(1,2)\n(3,4)', [P(1, 2), P(3, 4)]],
    ['\\left(1,2\\right)\\\\\\left(3,4\\right)', [P(1, 2), P(3, 4)]],
    ['$(1,2)$', [P(1, 2)]],
    ['(1;2)', [P(1, 2)]],
    ['(1,2), (3,4)', [P(1, 2), P(3, 4)]],
    ['(\\sqrt{4}, -\\frac{3}{2})', [P(2, -1.5)]],
    ['(\\frac{1}{2},\\left(3\\right))', [P(0.5, 3)]],
    ['\n\n(0,0)\n\n', [P(0, 0)]],
  ])('reads %j', (text, points) => {
    expect(parsePointsList(text)).toEqual(points);
  });

  it('reads 2π as a number', () => {
    expect(parsePointsList('(2\\pi, 0)')[0]!.x).toBeCloseTo(2 * Math.PI, 12);
  });

  it.each(['(1)', '(a,b)', 'no points here', '(1,2,3)', ''])('throws for the malformed list %j', (text) => {
    expect(() => parsePointsList(text)).toThrow(/setMultiPointPlane/);
  });
});
