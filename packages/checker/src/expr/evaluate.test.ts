import { describe, expect, it } from 'vitest';
import type { Expr } from './ast';
import {
  evaluateExact,
  evaluateFloatScaled,
  evaluateModular,
  isRationalExpr,
  MODULAR_PRIMES,
  modInverse,
  modPow,
} from './evaluate';
import { parseLatex } from './parse';
import * as Q from './rational';

function p(latex: string, functions?: string[]): Expr {
  const r = parseLatex(latex, { functions });
  if (!r.ok) throw new Error(`${latex}: ${r.code}`);
  return r.expr;
}

/** Deterministic Miller–Rabin for n < 3.3·10^24 with these bases. */
function isPrime(n: bigint): boolean {
  if (n < 2n) return false;
  let d = n - 1n;
  let s = 0;
  while (d % 2n === 0n) {
    d /= 2n;
    s++;
  }
  for (const a of [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n]) {
    let x = modPow(a, d, n);
    if (x === 1n || x === n - 1n) continue;
    let composite = true;
    for (let r = 1; r < s; r++) {
      x = (x * x) % n;
      if (x === n - 1n) {
        composite = false;
        break;
      }
    }
    if (composite) return false;
  }
  return true;
}

describe('evaluateExact', () => {
  const at = (latex: string, env: Record<string, Q.Rational> = {}) =>
    evaluateExact(p(latex), new Map(Object.entries(env)));

  it.each([
    ['2(x+3)', { x: Q.rat(1, 2) }, Q.rat(7)],
    ['\\frac{x^{2}-1}{x-1}', { x: Q.rat(3) }, Q.rat(4)],
    ['0.333333', {}, Q.rat(333333, 1000000)],
    ['x^{-2}', { x: Q.rat(2, 3) }, Q.rat(9, 4)],
    ['\\sqrt{\\frac{9}{4}}', {}, Q.rat(3, 2)],
    ['\\sqrt[3]{-8}', {}, Q.rat(-2)],
    ['8^{\\frac{2}{3}}', {}, Q.rat(4)],
    ['|x|', { x: Q.rat(-5, 2) }, Q.rat(5, 2)],
    ['5!', {}, Q.rat(120)],
  ])('evaluates %s exactly', (latex, env, value) => {
    expect(at(latex, env)).toEqual({ kind: 'value', value });
  });

  it.each([
    ['\\frac{1}{x-1}', { x: Q.ONE }, 'undefined'],
    ['\\sqrt{-4}', {}, 'undefined'],
    ['\\sqrt{2}', {}, 'not-rational'],
    ['\\sin x', { x: Q.ONE }, 'not-rational'],
    ['\\pi', {}, 'not-rational'],
    ['x^{5000}', { x: Q.rat(2) }, 'too-large'],
    ['10^{10^{10^{10}}}', {}, 'too-large'],
    ['(2^{3000})^{100}', {}, 'too-large'],
  ])('answers %s with %s', (latex, env, kind) => {
    expect(at(latex, env).kind).toBe(kind);
  });
});

describe('evaluateModular', () => {
  const P = MODULAR_PRIMES[0]!;

  it.each(MODULAR_PRIMES.map((q) => [q]))('uses a prime: %s', (q) => {
    expect(isPrime(q)).toBe(true);
  });

  it('agrees with exact evaluation on a rational expression', () => {
    const e = p('\\frac{(x+1)^{3}}{x-2}-\\frac{1}{3}');
    const exact = evaluateExact(e, new Map([['x', Q.rat(5)]]));
    const mod = evaluateModular(e, new Map([['x', 5n]]), P);
    expect(exact.kind).toBe('value');
    const v = exact.kind === 'value' ? exact.value : Q.ZERO;
    const expected = ((((v.n % P) + P) % P) * modInverse(v.d, P)!) % P;
    expect(mod).toEqual({ kind: 'value', value: expected });
  });

  it('reduces a tower of exponents modulo p − 1 (Fermat)', () => {
    const r = evaluateModular(p('10^{10^{10^{10}}}'), new Map(), P);
    expect(r).toEqual({ kind: 'value', value: modPow(10n, modPow(10n, 10n ** 10n, P - 1n), P) });
  });

  it('says undefined when a denominator vanishes modulo p', () => {
    expect(evaluateModular(p('\\frac{1}{x}'), new Map([['x', 0n]]), P).kind).toBe('undefined');
  });

  it('refuses what is not rational arithmetic', () => {
    expect(evaluateModular(p('\\sqrt{x}'), new Map([['x', 4n]]), P).kind).toBe('not-rational');
  });
});

describe('evaluateFloatScaled', () => {
  it.each([
    ['\\sin^{2}x+\\cos^{2}x', { x: 1000 }, 1],
    ['\\sqrt[3]{-27}', {}, -3],
    ['(-8)^{\\frac{1}{3}}', {}, -2],
    ['\\log_{2}8', {}, 3],
    ['30^{\\circ}', {}, Math.PI / 6],
  ])('evaluates %s', (latex, env, value) => {
    expect(evaluateFloatScaled(p(latex), env)!.v).toBeCloseTo(value, 10);
  });

  it.each([
    ['\\sqrt{x}', { x: -1 }],
    ['\\ln x', { x: 0 }],
    ['\\frac{1}{x}', { x: 0 }],
    ['e^{x}', { x: 1000 }],
    ['\\tan(90)', {}],
    ['y', {}],
  ])('%s is undefined at %j', (latex, env) => {
    expect(evaluateFloatScaled(p(latex), env, { degrees: true })).toBeNull();
  });

  it('carries the magnitude of the terms: a cancellation is within its rounding scale', () => {
    const r = evaluateFloatScaled(p('(x+1)^{2}-x^{2}-2x-1'), { x: 1e6 })!;
    expect(Math.abs(r.v)).toBeLessThanOrEqual(1e-12 * r.scale);
  });

  it('evaluates in degrees when asked', () => {
    expect(evaluateFloatScaled(p('\\sin(30)'), {}, { degrees: true })!.v).toBeCloseTo(0.5, 12);
  });

  it('evaluates a defined function call', () => {
    const body = p('x^{2}+3');
    const v = evaluateFloatScaled(
      p('f\\left(2\\right)', ['f']),
      {},
      { functions: { f: { kind: 'defined', params: ['x'], body } } },
    );
    expect(v!.v).toBe(7);
  });
});

describe('isRationalExpr', () => {
  it.each([
    ['\\frac{x^{2}-1}{x-1}', true],
    ['x^{-3}+2', true],
    ['(x+1)^{10^{10}}', true],
    ['\\sqrt{x}', false],
    ['x^{y}', false],
    ['\\pi x', false],
    ['|x|', false],
  ])('%s is %s', (latex, expected) => {
    expect(isRationalExpr(p(latex))).toBe(expected);
  });
});
