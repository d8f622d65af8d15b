import { chargeWork } from './work';

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
  // Euclid on numbers of a and b words costs about 19·a·b word operations: charged to the line.
  if (x > CHARGED_FROM && y > CHARGED_FROM) chargeWork(19 * words(x) * words(y));
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Numbers above 2^1024 are charged for their reduction; below, it is too cheap to count. */
const CHARGED_FROM = 1n << 1024n;

/** The size of a non-negative integer in 64-bit words. */
function words(x: bigint): number {
  return Math.ceil(x.toString(16).length / 16);
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

/** Bounds of {@link parseRational}: longer numerals or larger exponents are refused (null). */
export interface NumeralLimits {
  /** Most digits (integer and fractional part together); unbounded by default. */
  maxDigits?: number;
  /** Largest |exponent|; 100000 by default. */
  maxExponent?: number;
}

/**
 * The exact value of a number as written (`12`, `0.333333`, `.5`, `1.5e3`, `2E-4`), or null when
 * the text is not a plain decimal number or exceeds `limits` (exponents beyond ±100000 by default).
 */
export function parseRational(text: string, limits: NumeralLimits = {}): Rational | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) return null;
  const [, sign, intPart = '', fracPart = '', expPart] = m;
  if (intPart === '' && fracPart === '') return null;
  const exp = expPart === undefined ? 0 : Number(expPart);
  if (!Number.isFinite(exp) || Math.abs(exp) > (limits.maxExponent ?? 100_000)) return null;
  if (intPart.length + fracPart.length > (limits.maxDigits ?? Infinity)) return null;
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

/** Number of bits of a BigInt's magnitude (0 for 0). */
export function bitLength(x: bigint): number {
  const v = x < 0n ? -x : x;
  if (v < 9007199254740992n) {
    const n = Number(v);
    if (n === 0) return 0;
    const high = Math.floor(n / 2 ** 32);
    return high > 0 ? 64 - Math.clz32(high) : 32 - Math.clz32(n);
  }
  // Whole hex digits, then the bits of the leading one.
  const hex = v.toString(16);
  return (hex.length - 1) * 4 + 32 - Math.clz32(parseInt(hex[0]!, 16));
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

/**
 * LaTeX of the rational: `3`, `-3`, `\frac{1}{3}`, `-\frac{1}{3}`. In the `decimal` style a number
 * that came from a decimal (its denominator a multiple of 10, at most 12 places) stays one: `-0.05`,
 * `1.414` rather than `-\frac{1}{20}`, `\frac{707}{500}`.
 */
export function toLatex(a: Rational, style: 'fraction' | 'decimal' = 'fraction'): string {
  if (a.d === 1n) return a.n.toString();
  const decimal = style === 'decimal' ? decimalText(a) : null;
  if (decimal) return decimal;
  const s = a.n < 0n ? '-' : '';
  return `${s}\\frac{${a.n < 0n ? -a.n : a.n}}{${a.d}}`;
}

/** The terminating decimal of a rational whose denominator is a multiple of 10, or null. */
function decimalText(a: Rational): string | null {
  if (a.d % 10n !== 0n) return null;
  let d = a.d;
  let digits = 0;
  while (d % 10n === 0n) {
    d /= 10n;
    digits++;
  }
  // Still 2s or 5s left: scale them up to a power of ten.
  while (d % 2n === 0n || d % 5n === 0n) {
    d /= d % 2n === 0n ? 2n : 5n;
    digits++;
  }
  if (d !== 1n || digits > 12) return null;
  const scaled = (a.n * 10n ** BigInt(digits)) / a.d;
  const neg = scaled < 0n;
  const text = (neg ? -scaled : scaled).toString().padStart(digits + 1, '0');
  return `${neg ? '-' : ''}${text.slice(0, text.length - digits)}.${text.slice(text.length - digits)}`;
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

/** The real k-th root of a (k ≥ 2; odd roots of negatives included) when it is rational, else null. */
export function root(a: Rational, k: number): Rational | null {
  if (!Number.isInteger(k) || k < 2) return null;
  if (a.n < 0n) {
    if (k % 2 === 0) return null;
    const r = root(neg(a), k);
    return r ? neg(r) : null;
  }
  const rn = integerRoot(a.n, k);
  const rd = integerRoot(a.d, k);
  return rn !== null && rd !== null ? rat(rn, rd) : null;
}

/** The k-th root of a non-negative integer when it is an integer (exact for square roots). */
function integerRoot(x: bigint, k: number): bigint | null {
  if (x < 2n) return x;
  if (k === 2) {
    const r = isqrt(x);
    return r * r === x ? r : null;
  }
  // A float estimate is within one of the root for the sizes that reach here.
  const guess = BigInt(Math.round(Math.pow(Number(x), 1 / k)));
  for (const c of [guess - 1n, guess, guess + 1n]) if (c >= 0n && c ** BigInt(k) === x) return c;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Bounded arithmetic

/** Largest size (bits) of a numerator or denominator in {@link bounded} arithmetic. */
export const MAX_BOUNDED_BITS = 2048;

const BOUND = 1n << BigInt(MAX_BOUNDED_BITS);

/** Thrown by {@link bounded} arithmetic when a result grows past its bound; callers fall back to floats. */
export class ExactSwell extends Error {
  constructor() {
    super('exact arithmetic too large');
  }
}

function capped(r: Rational): Rational {
  if ((r.n < 0n ? -r.n : r.n) > BOUND || r.d > BOUND) throw new ExactSwell();
  return r;
}

/**
 * This module's operations for callers that must stay small (the solve checker): a result whose
 * numerator or denominator exceeds 2^{@link MAX_BOUNDED_BITS} throws {@link ExactSwell}, which the
 * caller catches to fall back to floating point (so `(x-1)^{6000}` never expands into a huge number).
 */
export const bounded = {
  /** The rational n/d (d ≠ 0). */
  rat: (n: bigint | number, d: bigint | number = 1n): Rational => capped(rat(n, d)),
  /** a + b. */
  add: (a: Rational, b: Rational): Rational => capped(add(a, b)),
  /** a − b. */
  sub: (a: Rational, b: Rational): Rational => capped(sub(a, b)),
  /** a · b. */
  mul: (a: Rational, b: Rational): Rational => capped(mul(a, b)),
  /** a / b, or null when b = 0. */
  div: (a: Rational, b: Rational): Rational | null => {
    const r = div(a, b);
    return r && capped(r);
  },
  /** a^k for an integer k (null for 0 to a negative power, or a non-integer k). */
  pow: (a: Rational, k: number): Rational | null => {
    if (!Number.isInteger(k)) return null;
    if (k < 0) {
      const p = bounded.pow(a, -k);
      return p && bounded.div(ONE, p);
    }
    // Refused before it is computed: the power has about bits·k bits.
    if (Math.max(bitLength(a.n), bitLength(a.d)) * k > MAX_BOUNDED_BITS + 64) throw new ExactSwell();
    return capped(pow(a, k)!);
  },
  /** The exact value of a decimal numeral (`12`, `0.25`, `1.5e3`), or null beyond 400 digits or exponent 400. */
  fromText: (text: string): Rational | null => {
    try {
      const r = parseRational(text, { maxDigits: 400, maxExponent: 400 });
      return r && capped(r);
    } catch (err) {
      if (err instanceof ExactSwell) return null;
      throw err;
    }
  },
  /** The exact value of a finite double. */
  fromNumber: (x: number): Rational => capped(fromNumber(x)),
} as const;
