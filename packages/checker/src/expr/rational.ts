/**
 * Exact rational numbers on BigInt, always normalised: the denominator is positive and coprime with
 * the numerator, so two equal rationals have equal fields.
 */
export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

/** 0 as a rational. */
export const ZERO: Rational = { n: 0n, d: 1n };
/** 1 as a rational. */
export const ONE: Rational = { n: 1n, d: 1n };

/** Greatest common divisor of two integers (non-negative result). */
export function gcdInt(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The normalised rational n/d; throws on a zero denominator (a bug, never a student's input). */
export function rat(n: bigint | number, d: bigint | number = 1n): Rational {
  let nn = typeof n === 'bigint' ? n : BigInt(n);
  let dd = typeof d === 'bigint' ? d : BigInt(d);
  if (dd === 0n) throw new RangeError('zero denominator');
  if (dd < 0n) {
    nn = -nn;
    dd = -dd;
  }
  if (dd === 1n) return { n: nn, d: 1n };
  const g = gcdInt(nn, dd);
  return g === 1n ? { n: nn, d: dd } : { n: nn / g, d: dd / g };
}

/**
 * The exact value of a number as written (`12`, `0.333333`, `.5`, `1.5e3`, `2E-4`), or null when
 * the text is not a plain decimal number. Exponents beyond ±100000 are refused (null).
 */
export function parseRational(text: string): Rational | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) return null;
  const [, sign, intPart = '', fracPart = '', expPart] = m;
  if (intPart === '' && fracPart === '') return null;
  const exp = expPart === undefined ? 0 : Number(expPart);
  if (!Number.isFinite(exp) || Math.abs(exp) > 100_000) return null;
  let n = BigInt(intPart + fracPart || '0');
  if (sign === '-') n = -n;
  const shift = exp - fracPart.length;
  return shift >= 0 ? rat(n * 10n ** BigInt(shift)) : rat(n, 10n ** BigInt(-shift));
}

/** The exact value of a finite double (every double is a dyadic rational). */
export function fromNumber(x: number): Rational {
  if (!Number.isFinite(x)) throw new RangeError('not finite');
  if (Number.isInteger(x)) return rat(BigInt(x));
  let d = 1n;
  let v = x;
  while (!Number.isInteger(v)) {
    v *= 2;
    d *= 2n;
  }
  return rat(BigInt(v), d);
}

/** a + b. */
export function add(a: Rational, b: Rational): Rational {
  if (a.d === 1n && b.d === 1n) return { n: a.n + b.n, d: 1n };
  return rat(a.n * b.d + b.n * a.d, a.d * b.d);
}

/** a − b. */
export function sub(a: Rational, b: Rational): Rational {
  return add(a, neg(b));
}

/** a · b. */
export function mul(a: Rational, b: Rational): Rational {
  if (a.d === 1n && b.d === 1n) return { n: a.n * b.n, d: 1n };
  return rat(a.n * b.n, a.d * b.d);
}

/** a / b, or null when b is 0. */
export function div(a: Rational, b: Rational): Rational | null {
  if (b.n === 0n) return null;
  return rat(a.n * b.d, a.d * b.n);
}

/** −a. */
export function neg(a: Rational): Rational {
  return { n: -a.n, d: a.d };
}

/** |a|. */
export function abs(a: Rational): Rational {
  return a.n < 0n ? neg(a) : a;
}

/** 1/a, or null when a is 0. */
export function inv(a: Rational): Rational | null {
  return div(ONE, a);
}

/** a^k for an integer k (0^0 = 1); null for 0 to a negative power. The caller bounds k. */
export function pow(a: Rational, k: bigint | number): Rational | null {
  const e = typeof k === 'bigint' ? k : BigInt(k);
  if (e < 0n) {
    const r = inv(a);
    return r ? pow(r, -e) : null;
  }
  return { n: a.n ** e, d: a.d ** e };
}

/** −1, 0 or 1 as a < b, a = b, a > b. */
export function cmp(a: Rational, b: Rational): -1 | 0 | 1 {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** True when a = b. */
export function equals(a: Rational, b: Rational): boolean {
  return a.n === b.n && a.d === b.d;
}

/** True when a = 0. */
export function isZero(a: Rational): boolean {
  return a.n === 0n;
}

/** True when a is an integer. */
export function isInteger(a: Rational): boolean {
  return a.d === 1n;
}

/** The sign of a: −1, 0 or 1. */
export function sign(a: Rational): -1 | 0 | 1 {
  return a.n < 0n ? -1 : a.n > 0n ? 1 : 0;
}

/** Number of bits of a BigInt's magnitude (exact below 2^53, within 3 bits above). */
export function bitLength(x: bigint): number {
  const v = x < 0n ? -x : x;
  if (v < 9007199254740992n) {
    const n = Number(v);
    if (n === 0) return 0;
    const high = Math.floor(n / 2 ** 32);
    return high > 0 ? 64 - Math.clz32(high) : 32 - Math.clz32(n);
  }
  // Beyond 2^53 an estimate within 3 bits is enough (size guards).
  return v.toString(16).length * 4;
}

/** Size of a rational in bits (numerator plus denominator). */
export function bitSize(a: Rational): number {
  return bitLength(a.n) + bitLength(a.d);
}

/** The nearest double (±Infinity when out of range); exact ratios of huge numbers are scaled first. */
export function toNumber(a: Rational): number {
  const nb = bitLength(a.n);
  const db = bitLength(a.d);
  if (nb < 1000 && db < 1000) return Number(a.n) / Number(a.d);
  // Keep about 64 significant bits of each part, then scale back by a power of two.
  const ns = Math.max(0, nb - 64);
  const ds = Math.max(0, db - 64);
  const q = Number(a.n >> BigInt(ns)) / Number(a.d >> BigInt(ds));
  const e = ns - ds;
  if (e > 2000) return q === 0 ? 0 : q > 0 ? Infinity : -Infinity;
  if (e < -2000) return 0;
  return q * 2 ** e;
}

/** `n` or `n/d`, as text. */
export function toString(a: Rational): string {
  return a.d === 1n ? a.n.toString() : `${a.n}/${a.d}`;
}

/** LaTeX of the rational: `3`, `-3`, `\frac{1}{3}`, `-\frac{1}{3}`. */
export function toLatex(a: Rational): string {
  if (a.d === 1n) return a.n.toString();
  const s = a.n < 0n ? '-' : '';
  return `${s}\\frac{${a.n < 0n ? -a.n : a.n}}{${a.d}}`;
}

/** The square root of a when a is the square of a rational, otherwise null. */
export function exactSqrt(a: Rational): Rational | null {
  if (a.n < 0n) return null;
  const rn = isqrt(a.n);
  const rd = isqrt(a.d);
  return rn * rn === a.n && rd * rd === a.d ? { n: rn, d: rd } : null;
}

/** ⌊√x⌋ for x ≥ 0 (Newton's method on BigInt, from a power of two above the root). */
export function isqrt(x: bigint): bigint {
  if (x < 2n) return x;
  let r = 1n << BigInt(Math.ceil(bitLength(x) / 2));
  let y = (r + x / r) >> 1n;
  while (y < r) {
    r = y;
    y = (r + x / r) >> 1n;
  }
  return r;
}
