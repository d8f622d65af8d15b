import { hashSeed, Prng } from '../expr/prng';
import * as Q from '../expr/rational';
import { bounded as QB, type Rational } from '../expr/rational';

/** Values given to the parameters (letters other than the unknown) for one comparison. */
export interface ParamSample {
  readonly exact: Readonly<Record<string, Rational>>;
  readonly float: Readonly<Record<string, number>>;
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
    const exact: Record<string, Rational> = {};
    const float: Record<string, number> = {};
    for (const name of [...names].sort()) {
      const rng = new Prng(hashSeed(`${name}#${k}`));
      let n = rng.int(2, 10);
      const sign = rng.next() < 0.5 ? -1 : 1;
      const integer = k === 0 || integerNames.includes(name);
      let d = integer ? 1 : rng.pick(DENOMINATORS);
      if (k === 2 && !integer) {
        // The third sample keeps values inside (−2, 2), where conditions such as 4 − y² ≥ 0 hold.
        n = rng.pick([2, 3, 4, 6, 7, 8, 9]);
        d = 5;
      }
      const v = QB.rat(sign * n, n % d === 0 ? 1 : d);
      exact[name] = v;
      float[name] = Q.toNumber(v);
    }
    out.push({ exact, float });
  }
  return out;
}

/**
 * Samples where one parameter is 0 (or a value in `special`: where a factor of the problem
 * vanishes, b = 1 for (b − 1)u) and the others keep the first sample's values: where dividing both
 * sides by a parameter (`bu = bv` to `u = v`) loses solutions. In name order.
 */
export function zeroSamples(
  names: readonly string[],
  base: ParamSample,
  special: ReadonlyMap<string, readonly Rational[]> = new Map(),
): ParamSample[] {
  const out: ParamSample[] = [];
  for (const name of [...names].sort()) {
    const values = [Q.ZERO, ...(special.get(name) ?? [])];
    const seen = new Set<string>();
    for (const v of values) {
      const key = Q.toString(v);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ exact: { ...base.exact, [name]: v }, float: { ...base.float, [name]: Q.toNumber(v) } });
    }
  }
  return out;
}
