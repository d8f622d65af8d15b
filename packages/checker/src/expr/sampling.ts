import type { Prng } from './prng';
import * as Q from './rational';
import type { Rational } from './rational';

/** A range that sample values of some variables must fall in (the problem's `interval`). */
export interface SampleInterval {
  lo: number;
  hi: number;
  loOpen: boolean;
  hiOpen: boolean;
  /** The variables it restricts; all variables when absent. */
  variables?: readonly string[];
}

const SMALL_DENOMINATORS = [1, 1, 1, 2, 3, 4, 5, 7, 8, 11, 13];

/**
 * A random rational spread over negative and positive values, small and large magnitudes: mostly
 * within ±12 with small denominators, sometimes tiny (±1/50) or large (±10⁵), so Schwartz–Zippel
 * sampling meets many different values and domain restrictions on either side of 0 are seen.
 */
export function randomRational(rng: Prng): Rational {
  const u = rng.next();
  const s = rng.next() < 0.5 ? -1 : 1;
  if (u < 0.55) return Q.rat(s * rng.int(1, 97), rng.pick(SMALL_DENOMINATORS) * (rng.next() < 0.5 ? 1 : 8));
  if (u < 0.7) return Q.rat(s * rng.int(1, 9), rng.int(11, 60));
  if (u < 0.85) return Q.rat(s * rng.int(13, 400), rng.pick(SMALL_DENOMINATORS));
  if (u < 0.95) return Q.rat(s * rng.int(1_000, 200_000), rng.pick(SMALL_DENOMINATORS));
  return Q.rat(s * rng.int(0, 6));
}

/** A random rational inside an interval (an unbounded end reaches out exponentially). */
export function randomInInterval(rng: Prng, iv: SampleInterval): Rational {
  const lo = Number.isFinite(iv.lo) ? iv.lo : null;
  const hi = Number.isFinite(iv.hi) ? iv.hi : null;
  let x: number;
  if (lo !== null && hi !== null) x = lo + (hi - lo) * (0.02 + 0.96 * rng.next());
  else if (lo !== null) x = lo + Math.exp(rng.next() * 8 - 3);
  else if (hi !== null) x = hi - Math.exp(rng.next() * 8 - 3);
  else return randomRational(rng);
  // Round to a short rational so exact evaluation stays cheap.
  return Q.rat(Math.round(x * 1024), 1024);
}

/** True when x lies in the interval (respecting open ends). */
export function inInterval(x: number, iv: SampleInterval): boolean {
  if (iv.loOpen ? x <= iv.lo : x < iv.lo) return false;
  if (iv.hiOpen ? x >= iv.hi : x > iv.hi) return false;
  return true;
}

/** A random point: a rational per variable, inside the interval for the variables it restricts. */
export function randomPoint(
  rng: Prng,
  variables: readonly string[],
  interval?: SampleInterval | null,
): Map<string, Rational> {
  const point = new Map<string, Rational>();
  for (const v of variables) {
    const restricted = interval && (!interval.variables || interval.variables.includes(v));
    point.set(v, restricted ? randomInInterval(rng, interval) : randomRational(rng));
  }
  return point;
}

/** A point as floating values. */
export function floatPoint(point: ReadonlyMap<string, Rational>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of point) out[k] = Q.toNumber(v);
  return out;
}
