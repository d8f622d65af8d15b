import { mapChildren, type Expr } from '../expr/ast';
import { evaluateFloatScaled, type EvalOptions } from '../expr/evaluate';
import {
  isPolynomial,
  ratFunFromExpr,
  realRoots,
  rationalRoots,
  toUPoly,
  udegree,
  uevalExact,
  uevalFloat,
} from '../expr/poly';
import { rationalToExpr } from '../expr/literals';
import * as Q from '../expr/rational';
import type { Rational } from '../expr/rational';

/** A real root: its float value, and its exact value when it is rational. */
export interface Root {
  value: number;
  exact: Rational | null;
}

/** Range scanned for roots of non-polynomial equations. */
export const ROOT_RANGE = { lo: -1000, hi: 1000, steps: 2000 } as const;

/**
 * The distinct real roots of `expr` = 0 in the variable `v`, the other variables fixed by `env`
 * (rational values, substituted exactly). A rational function's numerator is solved exactly
 * (rational roots) and numerically (the rest), poles excluded; anything else is scanned on
 * [−1000, 1000] (denser near 0) and refined by bisection. Bounded; never throws.
 */
export function rootsOf(
  expr: Expr,
  v: string,
  env: ReadonlyMap<string, Rational> = new Map(),
  opts: EvalOptions = {},
): Root[] {
  const fixed = env.size ? substituteValues(expr, env) : expr;
  const poly = polynomialRoots(fixed, v);
  if (poly) return poly;
  const floatEnv: Record<string, number> = {};
  for (const [k, x] of env) floatEnv[k] = Q.toNumber(x);
  return scanRoots((u) => {
    const r = evaluateFloatScaled(expr, { ...floatEnv, [v]: u }, opts);
    return r ? { v: r.v, scale: r.scale } : null;
  });
}

function substituteValues(e: Expr, env: ReadonlyMap<string, Rational>): Expr {
  if (e.type === 'symbol') {
    const r = env.get(e.name);
    return r ? rationalToExpr(r) : e;
  }
  return mapChildren(e, (c) => substituteValues(c, env));
}

function polynomialRoots(expr: Expr, v: string): Root[] | null {
  const rf = ratFunFromExpr(expr);
  if (!rf || !isPolynomial(rf.num) || !isPolynomial(rf.den)) return null;
  const num = toUPoly(rf.num, v);
  const den = toUPoly(rf.den, v);
  if (!num || !den || udegree(num) < 0) return null;
  const exact = rationalRoots(num) ?? [];
  const roots: Root[] = exact.map((r) => ({ value: Q.toNumber(r), exact: r }));
  for (const x of realRoots(num)) {
    if (!roots.some((r) => Math.abs(r.value - x) <= 1e-7 * Math.max(1, Math.abs(x))))
      roots.push({ value: x, exact: null });
  }
  // A root of the numerator that is also a pole is not a solution.
  return roots
    .filter((r) =>
      r.exact ? !Q.isZero(uevalExact(den, r.exact)) : Math.abs(uevalFloat(den, r.value)) > 1e-9,
    )
    .sort((a, b) => a.value - b.value);
}

/** Roots of a float function by a scan (asinh-spaced grid) and bisection; poles are rejected. */
export function scanRoots(
  f: (u: number) => { v: number; scale: number } | null,
  lo: number = ROOT_RANGE.lo,
  hi: number = ROOT_RANGE.hi,
  steps: number = ROOT_RANGE.steps,
): Root[] {
  const roots: Root[] = [];
  const a = Math.asinh(lo);
  const b = Math.asinh(hi);
  let prevU = NaN;
  let prev: { v: number; scale: number } | null = null;
  const push = (x: number) => {
    if (!roots.some((r) => Math.abs(r.value - x) <= 1e-7 * Math.max(1, Math.abs(x))))
      roots.push({ value: x, exact: null });
  };
  for (let i = 0; i <= steps; i++) {
    const u = Math.sinh(a + ((b - a) * i) / steps);
    const cur = f(u);
    if (cur && Math.abs(cur.v) <= 1e-12 * cur.scale) push(u);
    else if (cur && prev && Math.sign(cur.v) !== Math.sign(prev.v) && prev.v !== 0) {
      const x = bisectF(f, prevU, u);
      const at = f(x);
      // A sign change across a pole has a huge value at the midpoint: not a root.
      if (at && Math.abs(at.v) <= 1e-6 * Math.max(1, at.scale)) push(x);
    }
    prev = cur;
    prevU = u;
  }
  return roots.sort((x, y) => x.value - y.value);
}

function bisectF(f: (u: number) => { v: number; scale: number } | null, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  let fa = f(a)?.v ?? NaN;
  for (let i = 0; i < 100; i++) {
    const m = (a + b) / 2;
    if (m === a || m === b) break;
    const fm = f(m)?.v;
    if (fm === undefined) return m;
    if (fm === 0) return m;
    if (Math.sign(fm) !== Math.sign(fa)) b = m;
    else {
      a = m;
      fa = fm;
    }
  }
  return (a + b) / 2;
}

/** True when two root values are the same (within a relative 1e-6). */
export function sameValue(x: number, y: number): boolean {
  return Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x), Math.abs(y));
}

/** True when two root lists are the same set (each value within a relative 1e-6). */
export function sameRoots(a: readonly number[], b: readonly number[]): boolean {
  return a.every((x) => b.some((y) => sameValue(x, y))) && b.every((y) => a.some((x) => sameValue(x, y)));
}
