import { describe, expect, it } from 'vitest';
import * as Q from './rational';

describe('parseRational', () => {
  it.each([
    ['12', 12n, 1n],
    ['0.333333', 333333n, 1000000n],
    ['0.5', 1n, 2n],
    ['.25', 1n, 4n],
    ['1.5e3', 1500n, 1n],
    ['2E-4', 1n, 5000n],
    ['-0.75', -3n, 4n],
    ['3.000', 3n, 1n],
    ['0', 0n, 1n],
  ])('reads %s exactly as %s/%s', (text, n, d) => {
    expect(Q.parseRational(text)).toEqual({ n, d });
  });

  it.each(['', 'abc', '1.2.3', '1e999999', '--1'])('refuses %j', (text) => {
    expect(Q.parseRational(text)).toBeNull();
  });
});

describe('arithmetic stays normalised', () => {
  it.each([
    ['1/2 + 1/3', Q.add(Q.rat(1, 2), Q.rat(1, 3)), '5/6'],
    ['1/2 − 1/2', Q.sub(Q.rat(1, 2), Q.rat(1, 2)), '0'],
    ['2/3 · 3/4', Q.mul(Q.rat(2, 3), Q.rat(3, 4)), '1/2'],
    ['(1/2) / (−1/4)', Q.div(Q.rat(1, 2), Q.rat(-1, 4))!, '-2'],
    ['(2/3)^−2', Q.pow(Q.rat(2, 3), -2)!, '9/4'],
    ['6/−4', Q.rat(6, -4), '-3/2'],
  ])('%s is %s', (_name, got, expected) => {
    expect(Q.toString(got)).toBe(expected);
  });

  it('refuses division by zero and 0 to a negative power (null, no throw)', () => {
    expect(Q.div(Q.ONE, Q.ZERO)).toBeNull();
    expect(Q.pow(Q.ZERO, -1)).toBeNull();
  });

  it('keeps 0.333333 and 1/3 apart', () => {
    expect(Q.equals(Q.parseRational('0.333333')!, Q.rat(1, 3))).toBe(false);
  });
});

describe('conversions', () => {
  it.each([
    ['1/3', Q.rat(1, 3), 1 / 3],
    ['10^400 / (3·10^399)', Q.rat(10n ** 400n, 3n * 10n ** 399n), 10 / 3],
    ['−10^500', Q.rat(-(10n ** 500n)), -Infinity],
  ])('toNumber(%s) is %d', (_name, r, x) => {
    if (Number.isFinite(x)) expect(Q.toNumber(r)).toBeCloseTo(x, 12);
    else expect(Q.toNumber(r)).toBe(x);
  });

  it.each([
    [Q.rat(3), '3'],
    [Q.rat(-1, 3), '-\\frac{1}{3}'],
  ])('toLatex(%#) gives %s', (r, latex) => {
    expect(Q.toLatex(r)).toBe(latex);
  });

  it.each([
    ['9/4', Q.rat(9, 4), '3/2'],
    ['2', Q.rat(2), null],
    ['-4', Q.rat(-4), null],
  ])('exactSqrt(%s) is %s', (_name, r, s) => {
    const got = Q.exactSqrt(r);
    expect(got ? Q.toString(got) : null).toBe(s);
  });

  it.each([0n, 1n, 2n, 255n, 256n, 2n ** 32n, 2n ** 52n + 1n])('bitLength(%s) is exact below 2^53', (x) => {
    expect(Q.bitLength(x)).toBe(x === 0n ? 0 : x.toString(2).length);
  });

  it('fromNumber is exact for doubles', () => {
    expect(Q.fromNumber(0.375)).toEqual(Q.rat(3, 8));
  });

  it.each([0n, 1n, 15n, 16n, 10n ** 40n + 7n])('isqrt(%s) is the floor of the root', (x) => {
    const r = Q.isqrt(x);
    expect(r * r <= x && (r + 1n) * (r + 1n) > x).toBe(true);
  });
});

describe('rationals as the solve checker reads and prints them', () => {
  it.each<[string, string]>([
    ['12', '12'],
    ['0.25', '\\frac{1}{4}'],
    ['1.5e3', '1500'],
    ['0.333333', '0.333333'],
    ['1.414', '1.414'],
    ['0.05', '0.05'],
  ])('reads %s exactly as %s', (text, latex) => {
    expect(Q.toLatex(Q.bounded.fromText(text)!, 'decimal')).toBe(latex);
  });

  it('prints negative decimals as decimals and other fractions as fractions', () => {
    expect(Q.toLatex(Q.rat(-1, 20), 'decimal')).toBe('-0.05');
    expect(Q.toLatex(Q.rat(-1, 2), 'decimal')).toBe('-\\frac{1}{2}');
  });

  it('takes exact roots only when they are rational', () => {
    expect(Q.root(Q.rat(8, 27), 3)).toEqual(Q.rat(2, 3));
    expect(Q.root(Q.rat(2), 2)).toBeNull();
    expect(Q.isqrt(10n ** 40n)).toBe(10n ** 20n);
  });

  it('converts huge rationals to doubles', () => {
    expect(Q.toNumber(Q.rat(10n ** 400n, 10n ** 399n))).toBeCloseTo(10);
  });
});

describe('bounded arithmetic', () => {
  it('throws ExactSwell once a result passes 2^2048, and not before', () => {
    const big = Q.rat(2n ** 2047n);
    expect(Q.bounded.add(big, big)).toEqual(Q.rat(2n ** 2048n));
    expect(() => Q.bounded.mul(big, Q.rat(4))).toThrow(Q.ExactSwell);
    expect(() => Q.bounded.pow(Q.rat(3), 2000)).toThrow(Q.ExactSwell);
    expect(Q.bounded.pow(Q.rat(1, 2), -10)).toEqual(Q.rat(1024));
  });

  it('reads numerals up to 400 digits and exponents up to 400, else null', () => {
    expect(Q.bounded.fromText('1e400')).toEqual(Q.rat(10n ** 400n));
    expect(Q.bounded.fromText('1e401')).toBeNull();
    expect(Q.bounded.fromText('9'.repeat(401))).toBeNull();
    expect(Q.bounded.fromText('1e-400')).toEqual(Q.rat(1n, 10n ** 400n));
  });
});
