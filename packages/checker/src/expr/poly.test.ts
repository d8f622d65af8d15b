import { describe, expect, it } from 'vitest';
import type { Expr } from './ast';
import { parseLatex } from './parse';
import {
  divisors,
  equalPoly,
  isIrreducible,
  polyFromExpr,
  polyToExpr,
  ratFunFromExpr,
  rationalRoots,
  realRoots,
  toUPoly,
  udegree,
  ugcd,
  type UPoly,
} from './poly';
import * as Q from './rational';

function p(latex: string): Expr {
  const r = parseLatex(latex);
  if (!r.ok) throw new Error(`${latex}: ${r.code}`);
  return r.expr;
}

function u(latex: string): UPoly {
  return toUPoly(polyFromExpr(p(latex))!, 'x')!;
}

describe('polynomials over Q', () => {
  it.each([
    ['(x+1)^{2}', 'x^{2}+2x+1'],
    ['(a+b)(a-b)', 'a^{2}-b^{2}'],
    ['\\frac{x^{3}+x}{x}', 'x^{2}+1'],
    ['x^{-1}\\cdot x^{3}', 'x^{2}'],
    ['\\frac{1}{2}(4x-2)', '2x-1'],
  ])('expands %s to %s', (a, b) => {
    expect(equalPoly(polyFromExpr(p(a))!, polyFromExpr(p(b))!)).toBe(true);
  });

  it.each(['\\frac{1}{x+1}', '\\sqrt{x}', '\\sin x', 'x^{y}', 'x^{1000}', '\\pi x'])(
    '%s is not a (bounded) polynomial',
    (latex) => {
      expect(polyFromExpr(p(latex))).toBeNull();
    },
  );

  it('writes a polynomial back as an expression', () => {
    const back = polyToExpr(polyFromExpr(p('(x-1)(x+2)'))!);
    expect(equalPoly(polyFromExpr(back)!, polyFromExpr(p('x^{2}+x-2'))!)).toBe(true);
  });

  it('reads a rational function as numerator over denominator', () => {
    const r = ratFunFromExpr(p('\\frac{1}{x}+\\frac{1}{x+1}'))!;
    expect(equalPoly(r.num, polyFromExpr(p('2x+1'))!)).toBe(true);
  });
});

describe('univariate algebra', () => {
  it.each([
    ['x^{2}-1', 'x^{2}+2x+1', 1],
    ['x^{2}-1', 'x^{2}-4', 0],
    ['(x-2)^{2}(x+3)', '(x-2)(x+5)', 1],
  ])('gcd(%s, %s) has degree %d', (a, b, d) => {
    expect(udegree(ugcd(u(a), u(b)))).toBe(d);
  });

  it('computes a monic gcd, with bounded arithmetic too (the solve checker)', () => {
    const poly = (...cs: number[]) => cs.map((c) => Q.rat(c));
    expect(ugcd(poly(-1, 0, 1), poly(-1, 1)).map(Q.toNumber)).toEqual([-1, 1]);
    expect(ugcd(poly(-1, 0, 1), poly(-1, 1), Q.bounded).map(Q.toNumber)).toEqual([-1, 1]);
  });

  it.each<[bigint, number, number, number[] | null]>([
    [12n, 1e12, Infinity, [1, 2, 3, 4, 6, 12]],
    [-9n, 1e12, Infinity, [1, 3, 9]],
    [0n, 1e12, Infinity, null],
    [10n ** 11n, 1e10, Infinity, null],
    [720720n, 1e12, 60, null],
  ])('divisors(%s) up to %d, at most %d of them: %j', (n, max, limit, expected) => {
    expect(divisors(n, max, limit)?.map(Number) ?? null).toEqual(expected);
  });

  it.each([
    ['x^{2}-5x+6', ['2', '3']],
    ['2x^{2}-x-1', ['-1/2', '1']],
    ['x^{3}-x', ['-1', '0', '1']],
    ['x^{2}+1', []],
  ])('rational roots of %s are %j', (latex, roots) => {
    expect(rationalRoots(u(latex))!.map(Q.toString).sort()).toEqual([...roots].sort());
  });

  it.each([
    ['x^{2}-2', [-Math.SQRT2, Math.SQRT2]],
    ['(x-1)^{2}', [1]],
    ['x^{3}-2x', [-Math.SQRT2, 0, Math.SQRT2]],
    ['x^{2}+1', []],
  ])('real roots of %s', (latex, roots) => {
    const got = realRoots(u(latex));
    expect(got).toHaveLength(roots.length);
    got.forEach((g, i) => expect(g).toBeCloseTo(roots[i]!, 9));
  });

  it.each([
    ['x+1', true],
    ['x^{2}+1', true],
    ['x^{2}-2', true],
    ['x^{2}-4', false],
    ['x^{3}-2', true],
    ['x^{4}+4', false],
    ['x^{4}+1', true],
  ])('%s irreducible over Q: %s', (latex, expected) => {
    expect(isIrreducible(u(latex))).toBe(expected);
  });
});
