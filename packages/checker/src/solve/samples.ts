import { q, qToNumber, type Q } from './rational';

/** Values given to the parameters (letters other than the unknown) for one comparison. */
export interface ParamSample {
  readonly exact: Readonly<Record<string, Q>>;
  readonly float: Readonly<Record<string, number>>;
}

/** A seeded PRNG (mulberry32): the same seed gives the same sequence, on every platform. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string (a seed). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const DENOMINATORS = [1, 2, 3, 5];

/**
 * Deterministic parameter values: sample k gives each name a rational that depends only on the
 * name and k (never 0 or ±1, so that parameters do not vanish or cancel by accident). The first
 * sample uses integers, and `integerNames` (the k of x = 30° + 360°k) always do. One sample when
 * there is no parameter.
 */
export function makeSamples(
  names: readonly string[],
  count = 3,
  integerNames: readonly string[] = [],
): ParamSample[] {
  if (names.length === 0) return [{ exact: {}, float: {} }];
  const out: ParamSample[] = [];
  for (let k = 0; k < count; k++) {
    const exact: Record<string, Q> = {};
    const float: Record<string, number> = {};
    for (const name of [...names].sort()) {
      const rnd = mulberry32(hashString(`${name}#${k}`));
      const n = 2 + Math.floor(rnd() * 9);
      const sign = rnd() < 0.5 ? -1 : 1;
      const d =
        k === 0 || integerNames.includes(name) ? 1 : DENOMINATORS[Math.floor(rnd() * DENOMINATORS.length)]!;
      const v = q(sign * n, n % d === 0 ? 1 : d);
      exact[name] = v;
      float[name] = qToNumber(v);
    }
    out.push({ exact, float });
  }
  return out;
}
