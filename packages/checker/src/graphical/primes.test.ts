import { describe, expect, it } from 'vitest';
import { gcdOf, isPrime, lcmOf } from './primes';

describe('isPrime', () => {
  it.each([2, 3, 5, 37, 41, 97, 7919, 1_000_003, 2_147_483_647, 999_999_999_989, 9_999_999_999_971])(
    '%d is prime',
    (n) => {
      expect(isPrime(n)).toBe(true);
    },
  );

  it.each([-7, 0, 1, 4, 9, 1681, 1_000_001, 999_999_999_999, 3_215_031_751, 1e12, 2.5, NaN, 2 ** 60])(
    '%d is not prime',
    (n) => {
      expect(isPrime(n)).toBe(false);
    },
  );
});

describe('gcdOf and lcmOf', () => {
  it.each<[number[], number, bigint]>([
    [[12, 18], 6, 36n],
    [[4, 6, 10], 2, 60n],
    [[8, 15], 1, 120n],
    [[999_999_999_989, 999_999_999_961], 1, 999_999_999_989n * 999_999_999_961n],
  ])('%j has GCD %d and LCM %s', (values, g, l) => {
    expect(gcdOf(values)).toBe(g);
    expect(lcmOf(values)).toBe(l);
  });
});
