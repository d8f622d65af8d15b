import { modPow } from '../expr/evaluate';
import { gcdInt } from '../expr/rational';

/** Largest integer the prime table works with: 13 digits, beyond any number a problem can give. */
export const MAX_TABLE_INTEGER = 9_999_999_999_999;

const SMALL_PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

/**
 * True when n is a prime. Trial division below 10^10, deterministic Miller–Rabin (BigInt, the first
 * twelve primes as bases) above; exact for every n up to 3.3·10^24, so bounded time for any table.
 */
export function isPrime(n: number): boolean {
  if (!Number.isSafeInteger(n) || n < 2) return false;
  for (const p of SMALL_PRIMES) {
    if (n === p) return true;
    if (n % p === 0) return false;
  }
  if (n < 1e10) {
    for (let d = 41; d * d <= n; d += 2) if (n % d === 0) return false;
    return true;
  }
  return millerRabin(BigInt(n));
}

function millerRabin(n: bigint): boolean {
  let d = n - 1n;
  let s = 0;
  while (d % 2n === 0n) {
    d /= 2n;
    s++;
  }
  for (const base of SMALL_PRIMES) {
    let x = modPow(BigInt(base), d, n);
    if (x === 1n || x === n - 1n) continue;
    let witness = true;
    for (let i = 1; i < s; i++) {
      x = (x * x) % n;
      if (x === n - 1n) {
        witness = false;
        break;
      }
    }
    if (witness) return false;
  }
  return true;
}

/** Greatest common divisor of non-negative safe integers. */
export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

/** Greatest common divisor of a list (0 for an empty list). */
export function gcdOf(values: readonly number[]): number {
  return values.reduce((g, v) => gcd(g, v), 0);
}

/** Least common multiple of a list, exact (BigInt: ten 12-digit numbers overflow a double). */
export function lcmOf(values: readonly number[]): bigint {
  return values.reduce((l, v) => {
    const big = BigInt(v);
    return (l / gcdInt(l, big)) * big;
  }, 1n);
}
