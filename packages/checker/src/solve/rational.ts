/**
 * A small exact rational type on BigInt, private to the solve checker. Every operation is bounded:
 * results over {@link MAX_BITS} bits throw {@link ExactSwell}, which callers catch to fall back to
 * floating point (so `(x-1)^{6000}` never expands into a huge number).
 */

/** An exact rational n/d in lowest terms with d > 0. */
export interface Q {
  readonly n: bigint;
  readonly d: bigint;
}

/** Largest size (bits) of a numerator or denominator before exact arithmetic gives up. */
export const MAX_BITS = 2048;

/** Thrown when exact arithmetic would grow beyond its bounds; callers fall back to floats. */
export class ExactSwell extends Error {
  constructor() {
    super('exact arithmetic too large');
  }
}

const LIMIT = 1n << BigInt(MAX_BITS);

function abs(a: bigint): bigint {
  return a < 0n ? -a : a;
}

/** Greatest common divisor of two integers (non-negative result). */
export function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function make(n: bigint, d: bigint): Q {
  if (d === 0n) throw new RangeError('zero denominator');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  if (g > 1n) {
    n /= g;
    d /= g;
  }
  if (abs(n) > LIMIT || d > LIMIT) throw new ExactSwell();
  return { n, d };
}

/** The rational n/d (d ≠ 0). */
export function q(n: bigint | number, d: bigint | number = 1n): Q {
  return make(BigInt(n), BigInt(d));
}

/** Zero and one. */
export const Q0: Q = { n: 0n, d: 1n };
/** One. */
export const Q1: Q = { n: 1n, d: 1n };

/** The exact value of a decimal numeral (`12`, `0.25`, `1.5e3`), or null when out of bounds. */
export function qFromText(text: string): Q | null {
  const m = /^(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return null;
  const intPart = m[1] ?? '';
  const frac = m[2] ?? '';
  const exp = m[3] ? Number(m[3]) : 0;
  if (intPart.length + frac.length > 400 || Math.abs(exp) > 400) return null;
  let n = BigInt((intPart + frac).replace(/^0+(?=\d)/, '') || '0');
  let d = 10n ** BigInt(frac.length);
  if (exp > 0) n *= 10n ** BigInt(exp);
  else if (exp < 0) d *= 10n ** BigInt(-exp);
  try {
    return make(n, d);
  } catch {
    return null;
  }
}

/** The exact value of a finite double (doubles are dyadic rationals). */
export function qFromFloat(x: number): Q {
  if (!Number.isFinite(x)) throw new RangeError('not finite');
  if (Number.isInteger(x) && Math.abs(x) < 2 ** 53) return { n: BigInt(x), d: 1n };
  let d = 1n;
  let y = x;
  let k = 0;
  while (!Number.isInteger(y) && k < 1100) {
    y *= 2;
    d *= 2n;
    k++;
  }
  return make(BigInt(y), d);
}

/** a + b. */
export function qAdd(a: Q, b: Q): Q {
  if (a.d === b.d) return make(a.n + b.n, a.d);
  return make(a.n * b.d + b.n * a.d, a.d * b.d);
}

/** a − b. */
export function qSub(a: Q, b: Q): Q {
  return qAdd(a, qNeg(b));
}

/** a · b. */
export function qMul(a: Q, b: Q): Q {
  if (a.n === 0n || b.n === 0n) return Q0;
  return make(a.n * b.n, a.d * b.d);
}

/** a / b, or null when b = 0. */
export function qDiv(a: Q, b: Q): Q | null {
  if (b.n === 0n) return null;
  return make(a.n * b.d, a.d * b.n);
}

/** −a. */
export function qNeg(a: Q): Q {
  return { n: -a.n, d: a.d };
}

/** Sign of a: −1, 0 or 1. */
export function qSign(a: Q): -1 | 0 | 1 {
  return a.n < 0n ? -1 : a.n > 0n ? 1 : 0;
}

/** Compares a and b: −1, 0 or 1. */
export function qCmp(a: Q, b: Q): -1 | 0 | 1 {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** True when a = b. */
export function qEq(a: Q, b: Q): boolean {
  return a.n === b.n && a.d === b.d;
}

/** True when a is zero. */
export function qIsZero(a: Q): boolean {
  return a.n === 0n;
}

/** True when a is an integer. */
export function qIsInteger(a: Q): boolean {
  return a.d === 1n;
}

/** a^k for an integer k (null for 0 to a negative power); bounded by {@link MAX_BITS}. */
export function qPow(a: Q, k: number): Q | null {
  if (!Number.isInteger(k)) return null;
  if (k < 0) {
    const p = qPow(a, -k);
    return p ? qDiv(Q1, p) : null;
  }
  if (k === 0) return Q1;
  const bits = Math.max(bitLength(a.n), bitLength(a.d));
  if (bits * k > MAX_BITS + 64) throw new ExactSwell();
  return make(a.n ** BigInt(k), a.d ** BigInt(k));
}

/** Number of bits of |a|. */
export function bitLength(a: bigint): number {
  return abs(a).toString(2).length;
}

/** The value of a as a double (correct for huge numerators and denominators too). */
export function qToNumber(a: Q): number {
  const nb = bitLength(a.n);
  const db = bitLength(a.d);
  if (nb < 1000 && db < 1000) return Number(a.n) / Number(a.d);
  const shift = BigInt(Math.max(0, Math.max(nb, db) - 900));
  return Number(a.n >> shift) / Number(a.d >> shift);
}

/** Integer square root ⌊√a⌋ of a non-negative BigInt. */
export function isqrt(a: bigint): bigint {
  if (a < 0n) throw new RangeError('negative');
  if (a < 2n) return a;
  let x = BigInt(Math.floor(Math.sqrt(Number(a))));
  // Newton steps correct the float estimate for large values.
  for (;;) {
    const y = (x + a / x) >> 1n;
    if (y >= x) {
      if (x * x > a) {
        x -= 1n;
        continue;
      }
      if ((x + 1n) * (x + 1n) <= a) {
        x += 1n;
        continue;
      }
      return x;
    }
    x = y;
  }
}

/** Exact k-th root of a rational (k ≥ 2) when it is rational, else null. */
export function qRoot(a: Q, k: number): Q | null {
  if (!Number.isInteger(k) || k < 2) return null;
  if (a.n < 0n) {
    if (k % 2 === 0) return null;
    const r = qRoot(qNeg(a), k);
    return r ? qNeg(r) : null;
  }
  const rn = intRoot(a.n, k);
  const rd = intRoot(a.d, k);
  return rn !== null && rd !== null ? make(rn, rd) : null;
}

function intRoot(a: bigint, k: number): bigint | null {
  if (a < 2n) return a;
  if (k === 2) {
    const r = isqrt(a);
    return r * r === a ? r : null;
  }
  const guess = BigInt(Math.round(Math.pow(Number(a), 1 / k)));
  for (const c of [guess - 1n, guess, guess + 1n]) if (c >= 0n && c ** BigInt(k) === a) return c;
  return null;
}

/** LaTeX of a rational: `3`, `-\frac{1}{2}`; decimals stay decimals (`1.414`, not `\frac{707}{500}`). */
export function qToLatex(a: Q): string {
  if (a.d === 1n) return a.n.toString();
  const decimal = decimalText(a);
  if (decimal) return decimal;
  const sign = a.n < 0n ? '-' : '';
  return `${sign}\\frac{${abs(a.n).toString()}}{${a.d.toString()}}`;
}

/** The terminating decimal of a rational whose denominator is a multiple of 10 (it came from a decimal). */
function decimalText(a: Q): string | null {
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
