import type { Expr } from './ast';
import { evaluateExact, evaluateFloatScaled, isRationalExpr, type EvalOptions } from './evaluate';
import * as Q from './rational';
import type { Rational } from './rational';
import { floatPoint } from './sampling';

/** A value at a sample point: exact when the arithmetic was rational, else a float; null undefined. */
export type Value = Rational | number | null;

/** An expression's values at a fixed list of sample points. */
export type Vec = Value[];

/** A sample point kept both exactly and as floats. */
export interface SamplePoint {
  exact: ReadonlyMap<string, Rational>;
  float: Record<string, number>;
}

/** Makes sample points from rational points. */
export function samplePoints(points: readonly ReadonlyMap<string, Rational>[]): SamplePoint[] {
  return points.map((p) => ({ exact: p, float: floatPoint(p) }));
}

/** The values of an expression at the points: exact where possible, floating otherwise. */
export function valuesAt(e: Expr, points: readonly SamplePoint[], opts: EvalOptions): Vec {
  const rational = isRationalExpr(e, opts);
  return points.map((p) => {
    if (rational) {
      const r = evaluateExact(e, p.exact, opts);
      if (r.kind === 'value') return r.value;
      if (r.kind === 'undefined') return null;
    }
    const f = evaluateFloatScaled(e, p.float, opts);
    return f ? f.v : null;
  });
}

function isRational(v: Value): v is Rational {
  return v !== null && typeof v === 'object';
}

function num(v: Rational | number): number {
  return isRational(v) ? Q.toNumber(v) : v;
}

function lift(
  a: Vec,
  b: Vec,
  exact: (x: Rational, y: Rational) => Rational | null,
  float: (x: number, y: number) => number,
): Vec {
  return a.map((x, i) => {
    const y = b[i] ?? null;
    if (x === null || y === null) return null;
    if (isRational(x) && isRational(y)) return exact(x, y);
    const r = float(num(x), num(y));
    return Number.isFinite(r) ? r : null;
  });
}

/** a + b pointwise. */
export function vadd(a: Vec, b: Vec): Vec {
  return lift(a, b, Q.add, (x, y) => x + y);
}

/** a − b pointwise. */
export function vsub(a: Vec, b: Vec): Vec {
  return lift(a, b, Q.sub, (x, y) => x - y);
}

/** a · b pointwise. */
export function vmul(a: Vec, b: Vec): Vec {
  return lift(a, b, Q.mul, (x, y) => x * y);
}

/** a / b pointwise (null where b is 0). */
export function vdiv(a: Vec, b: Vec): Vec {
  return lift(a, b, Q.div, (x, y) => (y === 0 ? NaN : x / y));
}

/** −a pointwise. */
export function vneg(a: Vec): Vec {
  return a.map((x) => (x === null ? null : isRational(x) ? Q.neg(x) : -x));
}

/** True when two values are equal (exactly, or within a relative tolerance for floats). */
export function valueEq(x: Rational | number, y: Rational | number, tolerance = 1e-9): boolean {
  if (isRational(x) && isRational(y)) return Q.equals(x, y);
  const a = num(x);
  const b = num(y);
  return Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * True when a and b agree at every point where both are defined, and there are at least
 * `minPoints` of them (points where one side is undefined, such as a pole of a divisor, are skipped).
 */
export function veq(a: Vec, b: Vec, minPoints = 3): boolean {
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === null || y === null) continue;
    if (!valueEq(x, y)) return false;
    n++;
  }
  return n >= minPoints;
}

/** The common value when the vector is constant (at ≥ 3 defined points), else null. */
export function vconst(a: Vec): Rational | number | null {
  const defined = a.filter((x): x is Rational | number => x !== null);
  if (defined.length < 3 || defined.length < a.length - 1) return null;
  const first = defined[0]!;
  return defined.every((x) => valueEq(x, first)) ? first : null;
}

/** True when every defined value is zero. */
export function vzero(a: Vec): boolean {
  const c = vconst(a);
  return c !== null && valueEq(c, Q.ZERO);
}

/** A value as a number. */
export function valueNumber(v: Rational | number): number {
  return num(v);
}
