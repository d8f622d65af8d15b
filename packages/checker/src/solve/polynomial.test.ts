import { describe, expect, it } from 'vitest';
import { parseLatex } from '../expr/parse';
import { deg, numericPolyRoots, realRoots, toExact, type Poly } from './polynomial';
import * as Q from '../expr/rational';
import { surdToLatex } from './real-value';

const poly = (...cs: number[]): Poly => cs.map((c) => Q.rat(c));
const roots = (p: Poly) => realRoots(p).map((r) => (r.exact ? surdToLatex(r.exact) : r.v.toFixed(6)));

describe('polynomials', () => {
  it.each<[string, Poly, string[]]>([
    ['linear', poly(-6, 2), ['3']],
    ['two rational roots', poly(6, -5, 1), ['2', '3']],
    ['a double root counted once', poly(4, -4, 1), ['2']],
    [
      'irrational roots by the formula',
      poly(3, 5, 1),
      ['\\frac{-5-\\sqrt{13}}{2}', '\\frac{-5+\\sqrt{13}}{2}'],
    ],
    ['no real roots', poly(1, 0, 1), []],
    ['a cubic with rational roots', poly(-6, 11, -6, 1), ['1', '2', '3']],
    [
      'a biquadratic with surds',
      poly(6, 0, -5, 0, 1),
      ['-\\sqrt{3}', '-\\sqrt{2}', '\\sqrt{2}', '\\sqrt{3}'],
    ],
    ['a repeated irrational factor', poly(4, 0, -4, 0, 1), ['-\\sqrt{2}', '\\sqrt{2}']],
    ['a zero root', poly(0, -3, 1), ['0', '3']],
    ['a cubic with one irrational root (numeric)', poly(-2, 0, 0, 1), ['1.259921']],
  ])('finds the roots of %s', (_t, p, expected) => {
    expect(roots(p)).toEqual(expected);
  });

  it('finds the real roots of a quintic numerically', () => {
    const r = numericPolyRoots([-1, -1, 0, 0, 0, 1]);
    expect(r).toHaveLength(1);
    expect(r[0]).toBeCloseTo(1.1673039783, 9);
  });

  it.each<[string, number | null]>([
    ['\\frac{x^{2}-1}{x-1}', 1],
    ['(x+1)^{3}', 3],
    ['2x+\\frac{1}{2}', 1],
    ['\\sqrt{x}', null],
    ['\\sin x', null],
    ['(x-1)^{6000}', null],
    ['8^{\\frac{1}{3}}x', 1],
  ])('converts %s to a rational function (numerator degree %s)', (latex, d) => {
    const r = parseLatex(latex);
    if (!r.ok) throw new Error(latex);
    const f = toExact(r.expr, { variable: 'x', params: {}, degrees: false });
    expect(f ? deg(f.f.num) : null).toBe(d);
  });

  it('records the zeros of denominators as excluded', () => {
    const r = parseLatex('\\frac{1}{\\frac{1}{x}}');
    if (!r.ok) throw new Error('parse');
    const f = toExact(r.expr, { variable: 'x', params: {}, degrees: false })!;
    expect(f.excluded.length).toBeGreaterThan(0);
  });
});
