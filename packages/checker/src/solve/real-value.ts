import * as Q from '../expr/rational';
import { bounded as QB, type Rational } from '../expr/rational';

/**
 * An exact real of the form a + b·√c (a, b rational; c a square-free integer ≥ 2, or c = 1 and
 * b = 0 for a rational). Enough for the ends that school solving produces: rationals and the
 * quadratic formula.
 */
export interface Surd {
  readonly a: Rational;
  readonly b: Rational;
  readonly c: bigint;
}

/**
 * A real number as the solver knows it: its double value (±Infinity allowed), its exact form when
 * it has one, and an error bound for values found numerically. Two values are equal when their
 * exact forms are, or (when one is not exact) when they are within the larger error bound.
 */
export interface RealValue {
  readonly v: number;
  readonly exact: Surd | null;
  readonly err: number;
}

/** A rational as a surd. */
export function surdOfQ(a: Rational): Surd {
  return { a, b: Q.ZERO, c: 1n };
}

/** The exact real value of a rational. */
export function realOfQ(a: Rational): RealValue {
  return { v: Q.toNumber(a), exact: surdOfQ(a), err: 0 };
}

/** The exact real value of a surd. */
export function realOfSurd(s: Surd): RealValue {
  return { v: surdToNumber(s), exact: normalizeSurd(s), err: 0 };
}

/** A value known only approximately; `relErr` is the relative error bound. */
export function realApprox(v: number, relErr = 1e-12): RealValue {
  return { v, exact: null, err: Number.isFinite(v) ? relErr * Math.max(1, Math.abs(v)) : 0 };
}

/** +∞ and −∞. */
export const POS_INF: RealValue = { v: Infinity, exact: null, err: 0 };
/** −∞. */
export const NEG_INF: RealValue = { v: -Infinity, exact: null, err: 0 };

/** The double value of a surd. */
export function surdToNumber(s: Surd): number {
  return Q.toNumber(s.a) + (Q.isZero(s.b) ? 0 : Q.toNumber(s.b) * Math.sqrt(Number(s.c)));
}

function normalizeSurd(s: Surd): Surd {
  return Q.isZero(s.b) || s.c === 1n ? { a: s.c === 1n ? QB.add(s.a, s.b) : s.a, b: Q.ZERO, c: 1n } : s;
}

/** True when the surd is a rational. */
export function isRationalSurd(s: Surd): boolean {
  return Q.isZero(s.b);
}

/** s + t, or null when their radicals differ. */
export function surdAdd(s: Surd, t: Surd): Surd | null {
  s = normalizeSurd(s);
  t = normalizeSurd(t);
  if (isRationalSurd(s)) return { a: QB.add(s.a, t.a), b: t.b, c: t.c };
  if (isRationalSurd(t)) return { a: QB.add(s.a, t.a), b: s.b, c: s.c };
  if (s.c !== t.c) return null;
  return normalizeSurd({ a: QB.add(s.a, t.a), b: QB.add(s.b, t.b), c: s.c });
}

/** −s. */
export function surdNeg(s: Surd): Surd {
  return { a: Q.neg(s.a), b: Q.neg(s.b), c: s.c };
}

/** s − t, or null when their radicals differ. */
export function surdSub(s: Surd, t: Surd): Surd | null {
  return surdAdd(s, surdNeg(t));
}

/** s · t, or null when their radicals differ. */
export function surdMul(s: Surd, t: Surd): Surd | null {
  s = normalizeSurd(s);
  t = normalizeSurd(t);
  if (isRationalSurd(s)) return normalizeSurd({ a: QB.mul(s.a, t.a), b: QB.mul(s.a, t.b), c: t.c });
  if (isRationalSurd(t)) return normalizeSurd({ a: QB.mul(t.a, s.a), b: QB.mul(t.a, s.b), c: s.c });
  if (s.c !== t.c) return null;
  const cq = QB.rat(s.c);
  return normalizeSurd({
    a: QB.add(QB.mul(s.a, t.a), QB.mul(QB.mul(s.b, t.b), cq)),
    b: QB.add(QB.mul(s.a, t.b), QB.mul(s.b, t.a)),
    c: s.c,
  });
}

/** s / t, or null when t = 0 or the radicals differ. */
export function surdDiv(s: Surd, t: Surd): Surd | null {
  t = normalizeSurd(t);
  if (isRationalSurd(t)) {
    if (Q.isZero(t.a)) return null;
    const inv = QB.div(Q.ONE, t.a)!;
    return surdMul(s, surdOfQ(inv));
  }
  // Multiply by the conjugate: (a + b√c)(a − b√c) = a² − b²c, a non-zero rational.
  const conj: Surd = { a: t.a, b: Q.neg(t.b), c: t.c };
  const norm = QB.sub(QB.mul(t.a, t.a), QB.mul(QB.mul(t.b, t.b), QB.rat(t.c)));
  if (Q.isZero(norm)) return null;
  const top = surdMul(s, conj);
  return top ? surdMul(top, surdOfQ(QB.div(Q.ONE, norm)!)) : null;
}

/** √r of a rational r ≥ 0 as a surd (square factors taken out), or null when r < 0 or too large. */
export function surdSqrtOfQ(r: Rational): Surd | null {
  if (Q.sign(r) < 0) return null;
  if (Q.isZero(r)) return surdOfQ(Q.ZERO);
  // √(n/d) = √(n·d)/d
  const m = r.n * r.d;
  const split = squareFree(m);
  if (!split) return null;
  const [outside, inside] = split;
  const coef = QB.div(QB.rat(outside), QB.rat(r.d))!;
  return inside === 1n ? surdOfQ(coef) : { a: Q.ZERO, b: coef, c: inside };
}

/** Writes m = s²·t with t square-free; null when m cannot be factored quickly (a factor above 1e5). */
function squareFree(m: bigint): [bigint, bigint] | null {
  if (m > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  let rest = Number(m);
  let s = 1;
  let t = 1;
  for (let p = 2; p * p <= rest; p += p === 2 ? 1 : 2) {
    if (p > 100_000) return null;
    let k = 0;
    while (rest % p === 0) {
      rest /= p;
      k++;
    }
    for (let i = 0; i + 1 < k; i += 2) s *= p;
    if (k % 2 === 1) t *= p;
  }
  t *= rest;
  return [BigInt(s), BigInt(t)];
}

/** Sign of a surd, exactly. */
export function surdSign(s: Surd): -1 | 0 | 1 {
  const sa = Q.sign(s.a);
  const sb = isRationalSurd(s) ? 0 : Q.sign(s.b);
  if (sb === 0) return sa;
  if (sa === 0 || sa === sb) return sb;
  // Opposite signs: compare a² with b²c.
  const c = Q.cmp(QB.mul(s.a, s.a), QB.mul(QB.mul(s.b, s.b), QB.rat(s.c)));
  return c > 0 ? sa : c < 0 ? sb : 0;
}

/** Compares two reals: exactly when both are exact and comparable, else with their error bounds. */
export function cmpReal(x: RealValue, y: RealValue): -1 | 0 | 1 {
  if (x.v === y.v && !Number.isFinite(x.v)) return 0;
  if (!Number.isFinite(x.v) || !Number.isFinite(y.v)) return x.v < y.v ? -1 : 1;
  if (x.exact && y.exact) {
    const d = surdSub(x.exact, y.exact);
    if (d) return surdSign(d);
  }
  const tol = Math.max(x.err, y.err, 4 * Number.EPSILON * Math.max(Math.abs(x.v), Math.abs(y.v)));
  if (Math.abs(x.v - y.v) <= tol) return 0;
  return x.v < y.v ? -1 : 1;
}

/** The rational of a value when it is exactly rational. */
export function rationalOf(x: RealValue): Rational | null {
  return x.exact && isRationalSurd(x.exact) ? x.exact.a : null;
}

const PI_FRACTIONS: [number, number][] = [];
for (const den of [1, 2, 3, 4, 5, 6, 8, 10, 12])
  for (let num = -48; num <= 48; num++) PI_FRACTIONS.push([num, den]);

/**
 * A numerically found value made exact when it is (within `relTol`) a simple rational (denominator
 * up to 12); in radian mode a simple multiple of π gets its exact double and a tight error bound.
 */
export function snapReal(v: number, relTol: number, radians = false): RealValue {
  if (!Number.isFinite(v)) return realApprox(v);
  const tol = relTol * Math.max(1, Math.abs(v));
  for (let den = 1; den <= 12; den++) {
    const num = Math.round(v * den);
    if (Math.abs(num / den - v) <= tol && Math.abs(num) < 1e15) return realOfQ(QB.rat(num, den));
  }
  if (radians) {
    for (const [num, den] of PI_FRACTIONS) {
      const c = (num * Math.PI) / den;
      if (Math.abs(c - v) <= tol) return realApprox(c, 1e-12);
    }
  }
  return { v, exact: null, err: tol };
}

/** LaTeX of a surd: `3`, `-\frac{1}{2}`, `2+\sqrt{3}`, `\frac{-5-\sqrt{13}}{2}`. */
export function surdToLatex(s: Surd): string {
  s = normalizeSurd(s);
  if (isRationalSurd(s)) return Q.toLatex(s.a, 'decimal');
  const den = (s.a.d * s.b.d) / Q.gcdInt(s.a.d, s.b.d);
  const A = (s.a.n * den) / s.a.d;
  const B = (s.b.n * den) / s.b.d;
  const absB = B < 0n ? -B : B;
  const root = `${absB === 1n ? '' : absB.toString()}\\sqrt{${s.c.toString()}}`;
  let top: string;
  if (A === 0n) top = `${B < 0n ? '-' : ''}${root}`;
  else top = `${A.toString()}${B < 0n ? '-' : '+'}${root}`;
  if (den === 1n) return top;
  if (A === 0n && B < 0n) return `-\\frac{${root}}{${den.toString()}}`;
  return `\\frac{${top}}{${den.toString()}}`;
}

/** LaTeX of a real value: exact when known, a multiple of π when it is one, else 4 decimals. */
export function realToLatex(x: RealValue, radians = false): string {
  if (x.v === Infinity) return '\\infty';
  if (x.v === -Infinity) return '-\\infty';
  if (x.exact) return surdToLatex(x.exact);
  if (radians) {
    for (const [num, den] of PI_FRACTIONS) {
      if (num !== 0 && Math.abs((num * Math.PI) / den - x.v) <= Math.max(x.err, 1e-12)) {
        const sign = num < 0 ? '-' : '';
        const n = Math.abs(num);
        const top = n === 1 ? '\\pi' : `${n}\\pi`;
        return den === 1 ? `${sign}${top}` : `${sign}\\frac{${top}}{${den}}`;
      }
    }
  }
  const r = Math.round(x.v * 1e4) / 1e4;
  return `${Object.is(r, -0) ? 0 : r}`;
}
