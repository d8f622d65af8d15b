import type { Expr } from './ast';
import { hashSeed, Prng } from './prng';
import * as Q from './rational';
import type { Rational } from './rational';

/**
 * How a function named in the problem is evaluated: `defined` by a body (`f(x)=x^2+1`), or
 * `arbitrary` (an unknown function: modelled by a seeded random polynomial per name, so f(x)+f(x)
 * equals 2f(x) but f(x) does not equal f(2x)).
 */
export type FunctionModel =
  { kind: 'defined'; params: readonly string[]; body: Expr } | { kind: 'arbitrary' };

/** Options shared by the evaluators. */
export interface EvalOptions {
  /** Trigonometric functions take degrees (inverse ones return degrees). */
  degrees?: boolean;
  /** The functions the problem names, by name. */
  functions?: Readonly<Record<string, FunctionModel>>;
}

/** Guards of exact evaluation: beyond them it answers `too-large` and the caller goes modular. */
export const EXACT_LIMITS = {
  /** Largest |n| of an integer power computed exactly. */
  maxExponent: 4096,
  /** Largest size (bits of numerator plus denominator) of an intermediate result. */
  maxBits: 32_000,
  /** Deepest nesting of calls to defined functions. */
  maxCallDepth: 16,
} as const;

/** Outcome of exact evaluation. */
export type ExactResult =
  | { kind: 'value'; value: Rational }
  | { kind: 'undefined' }
  | { kind: 'not-rational' }
  | { kind: 'too-large' };

/** Outcome of modular evaluation (value in [0, p)). */
export type ModResult =
  { kind: 'value'; value: bigint } | { kind: 'undefined' } | { kind: 'not-rational' } | { kind: 'too-large' };

/** A floating value with the magnitude that bounds its rounding error (error ≈ ε·scale). */
export interface FloatValue {
  v: number;
  scale: number;
}

/** Ends an evaluation early. Not an Error: no stack is captured, so stopping is cheap. */
class Stop {
  constructor(readonly kind: 'undefined' | 'not-rational' | 'too-large') {}
}

const STOPS = {
  undefined: new Stop('undefined'),
  'not-rational': new Stop('not-rational'),
  'too-large': new Stop('too-large'),
} as const;

function stop(kind: Stop['kind']): never {
  throw STOPS[kind];
}

const NAMED_CONSTANTS = new Set(['pi', 'e', 'infinity', 'reals', 'emptyset']);

// ---------------------------------------------------------------------------------------------
// Arbitrary functions: a seeded random polynomial per name.

interface RandomPoly {
  /** Per argument: coefficients of t, t², t³. */
  perArg: Rational[][];
  c0: Rational;
  cross: Rational;
}

const randomPolys = new Map<string, RandomPoly>();

function randomPoly(name: string, arity: number): RandomPoly {
  const key = `${name}/${arity}`;
  let p = randomPolys.get(key);
  if (!p) {
    const g = new Prng(hashSeed(key));
    const coef = (): Rational => Q.rat(g.pick([-7, -5, -3, -2, -1, 1, 2, 3, 5, 7]), g.int(1, 6));
    p = { c0: coef(), cross: coef(), perArg: Array.from({ length: arity }, () => [coef(), coef(), coef()]) };
    randomPolys.set(key, p);
  }
  return p;
}

// ---------------------------------------------------------------------------------------------
// Classification

/**
 * True when the tree is rational arithmetic in its variables: numbers, variables, + − × ÷, integer
 * powers with constant exponents, and arbitrary or rational defined functions. Such expressions are
 * compared exactly (or modulo primes), never in floating point.
 */
export function isRationalExpr(e: Expr, opts: EvalOptions = {}, depth = 0): boolean {
  switch (e.type) {
    case 'number':
      return true;
    case 'symbol':
      return !NAMED_CONSTANTS.has(e.name);
    case 'add':
    case 'mul':
      return e.args.every((a) => isRationalExpr(a, opts, depth));
    case 'neg':
      return isRationalExpr(e.arg, opts, depth);
    case 'div':
      return isRationalExpr(e.num, opts, depth) && isRationalExpr(e.den, opts, depth);
    case 'pow':
      return isRationalExpr(e.base, opts, depth) && isIntegerExponent(e.exp);
    case 'call': {
      const model = opts.functions?.[e.name];
      if (!model || depth > EXACT_LIMITS.maxCallDepth) return false;
      if (!e.args.every((a) => isRationalExpr(a, opts, depth))) return false;
      return model.kind === 'arbitrary' || isRationalExpr(model.body, opts, depth + 1);
    }
    default:
      return false;
  }
}

/** True when a constant exponent is an integer: exactly, or as a tower of positive integers. */
function isIntegerExponent(e: Expr): boolean {
  if (isPositiveIntegerTower(e)) return true;
  const r = evaluateExact(e, new Map());
  return r.kind === 'value' && Q.isInteger(r.value);
}

/** Built only from integer literals with +, × and powers: a positive (or zero) integer. */
function isPositiveIntegerTower(e: Expr): boolean {
  switch (e.type) {
    case 'number':
      return /^\d+$/.test(e.text);
    case 'add':
    case 'mul':
      return e.args.every(isPositiveIntegerTower);
    case 'pow':
      return isPositiveIntegerTower(e.base) && isPositiveIntegerTower(e.exp);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Exact evaluation

/**
 * Evaluates rational arithmetic exactly at a rational point. Roots and fractional powers are exact
 * when the result is rational (√(9/4) = 3/2), otherwise `not-rational`; functions other than
 * arbitrary/defined ones, |x| and n! are `not-rational`. Division by zero is `undefined`; powers with
 * |n| > 4096 or results over 32 000 bits are `too-large`. Never throws.
 */
export function evaluateExact(
  e: Expr,
  env: ReadonlyMap<string, Rational>,
  opts: EvalOptions = {},
): ExactResult {
  try {
    return { kind: 'value', value: exact(e, env, opts, 0) };
  } catch (err) {
    if (err instanceof Stop) return { kind: err.kind };
    if (err instanceof RangeError) return { kind: 'too-large' };
    throw err;
  }
}

function checkSize(r: Rational): Rational {
  if (Q.bitSize(r) > EXACT_LIMITS.maxBits) stop('too-large');
  return r;
}

/** Number literals parsed once per node. */
const literalCache = new WeakMap<Expr, Rational | null>();

function literal(e: Extract<Expr, { type: 'number' }>): Rational | null {
  let r = literalCache.get(e);
  if (r === undefined) {
    r = Q.parseRational(e.text);
    literalCache.set(e, r);
  }
  return r;
}

function exact(e: Expr, env: ReadonlyMap<string, Rational>, opts: EvalOptions, depth: number): Rational {
  switch (e.type) {
    case 'number': {
      const r = literal(e);
      if (!r) stop('not-rational');
      return checkSize(r);
    }
    case 'symbol': {
      const v = env.get(e.name);
      if (v) return v;
      return stop('not-rational');
    }
    case 'add': {
      let s = Q.ZERO;
      for (const a of e.args) s = checkSize(Q.add(s, exact(a, env, opts, depth)));
      return s;
    }
    case 'mul': {
      let p = Q.ONE;
      for (const a of e.args) p = checkSize(Q.mul(p, exact(a, env, opts, depth)));
      return p;
    }
    case 'neg':
      return Q.neg(exact(e.arg, env, opts, depth));
    case 'div': {
      const n = exact(e.num, env, opts, depth);
      const d = exact(e.den, env, opts, depth);
      const r = Q.div(n, d);
      if (!r) stop('undefined');
      return checkSize(r);
    }
    case 'pow': {
      const b = exact(e.base, env, opts, depth);
      const k = exact(e.exp, env, opts, depth);
      return exactPow(b, k);
    }
    case 'root': {
      const a = exact(e.arg, env, opts, depth);
      const n = e.index ? exact(e.index, env, opts, depth) : Q.rat(2);
      if (!Q.isInteger(n) || n.n < 2n) {
        if (Q.isZero(n)) stop('undefined');
        const inv = Q.inv(n);
        if (!inv) stop('undefined');
        return exactPow(a, inv);
      }
      return exactPow(a, Q.rat(1n, n.n));
    }
    case 'fn': {
      if (e.name === 'abs' && e.args.length === 1) return Q.abs(exact(e.args[0]!, env, opts, depth));
      if (e.name === 'factorial' && e.args.length === 1) {
        const a = exact(e.args[0]!, env, opts, depth);
        if (!Q.isInteger(a) || a.n < 0n) stop('undefined');
        if (a.n > 1000n) stop('too-large');
        let f = 1n;
        for (let i = 2n; i <= a.n; i++) f *= i;
        return Q.rat(f);
      }
      if (e.name === 'binom' && e.args.length === 2) {
        const n = exact(e.args[0]!, env, opts, depth);
        const k = exact(e.args[1]!, env, opts, depth);
        if (!Q.isInteger(n) || !Q.isInteger(k) || n.n < 0n) stop('not-rational');
        if (k.n < 0n || k.n > n.n) return Q.ZERO;
        if (n.n > 1000n) stop('too-large');
        let c = 1n;
        const kk = k.n < n.n - k.n ? k.n : n.n - k.n;
        for (let i = 1n; i <= kk; i++) c = (c * (n.n - kk + i)) / i;
        return Q.rat(c);
      }
      return stop('not-rational');
    }
    case 'call': {
      const model = opts.functions?.[e.name];
      if (!model) stop('not-rational');
      const args = e.args.map((x) => exact(x, env, opts, depth));
      if (model.kind === 'arbitrary') return applyRandomExact(e.name, args);
      if (depth >= EXACT_LIMITS.maxCallDepth || args.length !== model.params.length) stop('undefined');
      const inner = new Map(env);
      model.params.forEach((p, i) => inner.set(p, args[i]!));
      return exact(model.body, inner, opts, depth + 1);
    }
    default:
      stop('not-rational');
  }
}

function applyRandomExact(name: string, args: Rational[]): Rational {
  const p = randomPoly(name, args.length);
  let s = p.c0;
  let prod = Q.ONE;
  args.forEach((t, i) => {
    const [c1, c2, c3] = p.perArg[i]!;
    const t2 = Q.mul(t, t);
    s = Q.add(s, Q.add(Q.mul(c1!, t), Q.add(Q.mul(c2!, t2), Q.mul(c3!, Q.mul(t2, t)))));
    prod = Q.mul(prod, t);
  });
  if (args.length > 1) s = Q.add(s, Q.mul(p.cross, prod));
  return checkSize(s);
}

/** b^k exactly: integer k directly, k = p/q through an exact q-th root when there is one. */
function exactPow(b: Rational, k: Rational): Rational {
  if (Q.isInteger(k)) {
    if (Q.isZero(b) && k.n < 0n) stop('undefined');
    if (Q.isZero(b) || (b.n === 1n && b.d === 1n)) return k.n === 0n ? Q.ONE : b;
    if (b.n === -1n && b.d === 1n) return k.n % 2n === 0n ? Q.ONE : b;
    const mag = k.n < 0n ? -k.n : k.n;
    if (mag > BigInt(EXACT_LIMITS.maxExponent)) stop('too-large');
    if (Q.bitSize(b) * Number(mag) > EXACT_LIMITS.maxBits) stop('too-large');
    const r = Q.pow(b, k.n);
    if (!r) stop('undefined');
    return r;
  }
  if (k.d > 64n) stop('not-rational');
  const q = k.d;
  if (b.n < 0n && q % 2n === 0n) stop('undefined');
  const root = exactRoot(b, q);
  if (!root) stop('not-rational');
  return exactPow(root, Q.rat(k.n));
}

/** The real q-th root of a rational when it is rational (not tried beyond 4096 bits). */
function exactRoot(b: Rational, q: bigint): Rational | null {
  return Q.bitSize(b) > 4096 ? null : Q.root(b, Number(q));
}

// ---------------------------------------------------------------------------------------------
// Modular evaluation

/** Large primes (below 2^64) for modular evaluation; verified prime by a test. */
export const MODULAR_PRIMES: readonly bigint[] = [
  2305843009213693951n, // 2^61 − 1
  4611686018427387847n, // 2^62 − 57
  9223372036854775783n, // 2^63 − 25
];

/** b^k mod m for k ≥ 0. */
export function modPow(b: bigint, k: bigint, m: bigint): bigint {
  let result = 1n % m;
  let base = ((b % m) + m) % m;
  let e = k;
  while (e > 0n) {
    if (e & 1n) result = (result * base) % m;
    base = (base * base) % m;
    e >>= 1n;
  }
  return result;
}

/** a^(−1) mod m, or null when a is not invertible. */
export function modInverse(a: bigint, m: bigint): bigint | null {
  let [oldR, r] = [((a % m) + m) % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  if (oldR !== 1n) return null;
  return ((oldS % m) + m) % m;
}

/**
 * Evaluates rational arithmetic modulo the prime p at a point given as residues: no expression
 * swell, so (x−a)^6000 and (a−x)^5999·(x−a)·(−1) compare without expanding. Exponents too large to
 * compute exactly (10^{10^{10}}) are reduced modulo p−1 (Fermat). A denominator ≡ 0 (mod p) is
 * `undefined` (the caller tries another point or prime). Never throws.
 */
export function evaluateModular(
  e: Expr,
  env: ReadonlyMap<string, bigint>,
  p: bigint,
  opts: EvalOptions = {},
): ModResult {
  try {
    return { kind: 'value', value: modular(e, env, p, opts, 0) };
  } catch (err) {
    if (err instanceof Stop) return { kind: err.kind };
    if (err instanceof RangeError) return { kind: 'too-large' };
    throw err;
  }
}

function modular(
  e: Expr,
  env: ReadonlyMap<string, bigint>,
  p: bigint,
  opts: EvalOptions,
  depth: number,
): bigint {
  switch (e.type) {
    case 'number': {
      const r = literal(e);
      if (!r) stop('not-rational');
      const d = modInverse(r.d % p, p);
      if (d === null) stop('undefined');
      return ((((r.n % p) + p) % p) * d) % p;
    }
    case 'symbol': {
      const v = env.get(e.name);
      if (v === undefined) stop('not-rational');
      return v;
    }
    case 'add':
      return e.args.reduce((s, a) => (s + modular(a, env, p, opts, depth)) % p, 0n);
    case 'mul':
      return e.args.reduce((s, a) => (s * modular(a, env, p, opts, depth)) % p, 1n);
    case 'neg':
      return (p - modular(e.arg, env, p, opts, depth)) % p;
    case 'div': {
      const n = modular(e.num, env, p, opts, depth);
      const d = modInverse(modular(e.den, env, p, opts, depth), p);
      if (d === null) stop('undefined');
      return (n * d) % p;
    }
    case 'pow': {
      const b = modular(e.base, env, p, opts, depth);
      const k = evaluateExact(e.exp, new Map());
      if (k.kind === 'value') {
        if (!Q.isInteger(k.value)) stop('not-rational');
        if (k.value.n >= 0n) return modPow(b, k.value.n, p);
        const inv = modInverse(b, p);
        if (inv === null) stop('undefined');
        return modPow(inv, -k.value.n, p);
      }
      if (k.kind === 'too-large' && isPositiveIntegerTower(e.exp)) {
        if (b === 0n) return 0n;
        return modPow(b, towerMod(e.exp, p - 1n), p);
      }
      throw new Stop(
        k.kind === 'undefined' ? 'undefined' : k.kind === 'too-large' ? 'too-large' : 'not-rational',
      );
    }
    case 'call': {
      const model = opts.functions?.[e.name];
      if (!model) stop('not-rational');
      const args = e.args.map((x) => modular(x, env, p, opts, depth));
      if (model.kind === 'arbitrary') return applyRandomMod(e.name, args, p);
      if (depth >= EXACT_LIMITS.maxCallDepth || args.length !== model.params.length) stop('undefined');
      const inner = new Map(env);
      model.params.forEach((q, i) => inner.set(q, args[i]!));
      return modular(model.body, inner, p, opts, depth + 1);
    }
    default:
      stop('not-rational');
  }
}

/** A positive-integer tower modulo m (m need not be prime): exponents must be exact. */
function towerMod(e: Expr, m: bigint): bigint {
  switch (e.type) {
    case 'number':
      return BigInt(e.text) % m;
    case 'add':
      return e.args.reduce((s, a) => (s + towerMod(a, m)) % m, 0n);
    case 'mul':
      return e.args.reduce((s, a) => (s * towerMod(a, m)) % m, 1n);
    case 'pow': {
      const k = evaluateExact(e.exp, new Map());
      if (k.kind !== 'value' || !Q.isInteger(k.value)) stop('too-large');
      return modPow(towerMod(e.base, m), k.value.n, m);
    }
    default:
      stop('too-large');
  }
}

function applyRandomMod(name: string, args: bigint[], p: bigint): bigint {
  const poly = randomPoly(name, args.length);
  const r = (q: Rational): bigint => {
    const d = modInverse(q.d, p);
    if (d === null) stop('undefined');
    return ((((q.n % p) + p) % p) * d) % p;
  };
  let s = r(poly.c0);
  let prod = 1n;
  args.forEach((t, i) => {
    const [c1, c2, c3] = poly.perArg[i]!;
    const t2 = (t * t) % p;
    s = (s + r(c1!) * t + r(c2!) * t2 + ((r(c3!) * t2) % p) * t) % p;
    prod = (prod * t) % p;
  });
  if (args.length > 1) s = (s + r(poly.cross) * prod) % p;
  return s;
}

// ---------------------------------------------------------------------------------------------
// Floating evaluation with an error scale

/** Largest |exponent| evaluated in floating point. */
const MAX_FLOAT_EXPONENT = 10_000;

/**
 * Evaluates a tree in double precision at a point, with the magnitude that bounds its rounding
 * error (for additions the sum of the magnitudes of the terms, so (x+1)²−x²−2x−1 at x = 10⁶ is
 * recognised as 0 up to rounding). Undefined results (division by zero, even roots and logarithms of
 * negatives, overflow, unknown symbols) are null. Real-valued only. Never throws.
 */
export function evaluateFloatScaled(
  e: Expr,
  env: Readonly<Record<string, number>>,
  opts: EvalOptions = {},
): FloatValue | null {
  const r = evaluateFloatChecked(e, env, opts);
  return typeof r === 'string' ? null : r;
}

/**
 * {@link evaluateFloatScaled}, telling apart a value that is mathematically undefined (√−1, 1/0)
 * from one that is only too large for a double (e^{1000}, 200!): a comparison skips the second.
 */
export function evaluateFloatChecked(
  e: Expr,
  env: Readonly<Record<string, number>>,
  opts: EvalOptions = {},
): FloatValue | 'undefined' | 'overflow' {
  try {
    const r = flt(e, env, opts, 0);
    if (!Number.isFinite(r.scale)) return 'overflow';
    return r;
  } catch (err) {
    if (err instanceof Stop) return err.kind === 'too-large' ? 'overflow' : 'undefined';
    if (err instanceof RangeError) return 'overflow';
    throw err;
  }
}

function fv(v: number, scale: number): FloatValue {
  if (Number.isNaN(v) || Number.isNaN(scale)) stop('undefined');
  if (!Number.isFinite(v)) stop('too-large');
  return { v, scale: Math.max(Math.abs(v), scale) };
}

function flt(e: Expr, env: Readonly<Record<string, number>>, opts: EvalOptions, depth: number): FloatValue {
  switch (e.type) {
    case 'number': {
      const v = Number(e.text);
      return fv(v, Math.abs(v));
    }
    case 'symbol': {
      if (Object.prototype.hasOwnProperty.call(env, e.name)) return fv(env[e.name]!, Math.abs(env[e.name]!));
      if (e.name === 'pi') return fv(Math.PI, Math.PI);
      if (e.name === 'e') return fv(Math.E, Math.E);
      return stop('undefined');
    }
    case 'add': {
      let v = 0;
      let s = 0;
      for (const a of e.args) {
        const r = flt(a, env, opts, depth);
        v += r.v;
        s += r.scale;
      }
      return fv(v, s);
    }
    case 'mul': {
      const rs = e.args.map((x) => flt(x, env, opts, depth));
      let v = 1;
      for (const r of rs) v *= r.v;
      // Scale of a product: the product of the factors' scales (a bound on each rounding error's reach).
      let s = 1;
      for (const r of rs) s *= r.scale;
      return fv(v, s);
    }
    case 'neg': {
      const r = flt(e.arg, env, opts, depth);
      return fv(-r.v, r.scale);
    }
    case 'div': {
      const n = flt(e.num, env, opts, depth);
      const d = flt(e.den, env, opts, depth);
      if (d.v === 0 || Math.abs(d.v) < 1e-14 * d.scale) stop('undefined');
      return fv(n.v / d.v, (n.scale + Math.abs(n.v / d.v) * d.scale) / Math.abs(d.v));
    }
    case 'pow':
      return floatPow(flt(e.base, env, opts, depth), e.exp, env, opts, depth);
    case 'root': {
      const a = flt(e.arg, env, opts, depth);
      let n = 2;
      if (e.index) n = flt(e.index, env, opts, depth).v;
      if (Number.isInteger(n) && n >= 2) {
        if (a.v < 0) {
          if (n % 2 === 0) stop('undefined');
          const r = -Math.pow(-a.v, 1 / n);
          return fv(r, rootScale(a, n, r));
        }
        const r = Math.pow(a.v, 1 / n);
        return fv(r, rootScale(a, n, r));
      }
      if (n === 0 || a.v < 0) stop('undefined');
      return fv(
        Math.pow(a.v, 1 / n),
        Math.abs(Math.pow(a.v, 1 / n)) * (1 + a.scale / Math.max(Math.abs(a.v), 1e-300)),
      );
    }
    case 'fn':
      return floatFn(e, env, opts, depth);
    case 'call': {
      const model = opts.functions?.[e.name];
      if (!model) stop('undefined');
      const args = e.args.map((x) => flt(x, env, opts, depth));
      if (model.kind === 'arbitrary') {
        const p = randomPoly(e.name, args.length);
        let v = Q.toNumber(p.c0);
        let s = Math.abs(v);
        let prod = 1;
        let prodS = 1;
        args.forEach((t, i) => {
          const [c1, c2, c3] = p.perArg[i]!.map(Q.toNumber) as [number, number, number];
          v += c1 * t.v + c2 * t.v * t.v + c3 * t.v * t.v * t.v;
          s += Math.abs(c1) * t.scale + Math.abs(c2) * t.scale ** 2 + Math.abs(c3) * t.scale ** 3;
          prod *= t.v;
          prodS *= t.scale;
        });
        if (args.length > 1) {
          v += Q.toNumber(p.cross) * prod;
          s += Math.abs(Q.toNumber(p.cross)) * prodS;
        }
        return fv(v, s);
      }
      if (depth >= EXACT_LIMITS.maxCallDepth || args.length !== model.params.length) stop('undefined');
      const inner: Record<string, number> = { ...env };
      model.params.forEach((q, i) => (inner[q] = args[i]!.v));
      return flt(model.body, inner, opts, depth + 1);
    }
    default:
      stop('undefined');
  }
}

function rootScale(a: FloatValue, n: number, r: number): number {
  // d(a^{1/n}) = a^{1/n}/(n a) da: the error of a grows near 0, bounded by the value's own size.
  if (a.v === 0) return Math.pow(a.scale, 1 / n);
  return Math.abs(r) + (Math.abs(r) / (n * Math.abs(a.v))) * a.scale;
}

function floatPow(
  b: FloatValue,
  expExpr: Expr,
  env: Readonly<Record<string, number>>,
  opts: EvalOptions,
  depth: number,
): FloatValue {
  const k = evaluateExact(expExpr, new Map());
  if (k.kind === 'value' && Q.isInteger(k.value)) {
    const n = Number(k.value.n);
    if (Math.abs(n) > MAX_FLOAT_EXPONENT) stop('too-large');
    if (b.v === 0 && n < 0) stop('undefined');
    const v = Math.pow(b.v, n);
    // A non-zero base whose power rounds to 0 is too small for a double, not 0.
    if (v === 0 && b.v !== 0) stop('too-large');
    const s = n >= 0 ? Math.pow(b.scale, n) : Math.abs(v) * (1 + (Math.abs(n) * b.scale) / Math.abs(b.v));
    return fv(v, s);
  }
  if (k.kind === 'value') {
    // A rational exponent p/q: a real odd root of a negative base when q is odd.
    const p = Number(k.value.n);
    const q = Number(k.value.d);
    if (b.v < 0) {
      if (q % 2 === 0) stop('undefined');
      const mag = Math.pow(-b.v, p / q);
      const v = p % 2 === 0 ? mag : -mag;
      return fv(v, Math.abs(v) * (1 + (Math.abs(p / q) * b.scale) / Math.abs(b.v)));
    }
    if (b.v === 0 && p < 0) stop('undefined');
    const v = Math.pow(b.v, p / q);
    if (v === 0 && b.v !== 0) stop('too-large');
    return fv(
      v,
      b.v === 0 ? Math.pow(b.scale, Math.abs(p / q)) : Math.abs(v) * (1 + (Math.abs(p / q) * b.scale) / b.v),
    );
  }
  const x = flt(expExpr, env, opts, depth);
  if (Math.abs(x.v) > MAX_FLOAT_EXPONENT) stop('too-large');
  if (b.v < 0) {
    if (!Number.isInteger(x.v)) stop('undefined');
    return fv(Math.pow(b.v, x.v), Math.abs(Math.pow(b.v, x.v)) * (1 + x.scale));
  }
  if (b.v === 0) {
    if (x.v <= 0) stop('undefined');
    return fv(0, 0);
  }
  const v = Math.pow(b.v, x.v);
  if (v === 0) stop('too-large');
  return fv(v, Math.abs(v) * (1 + (Math.abs(x.v) * b.scale) / b.v + Math.abs(Math.log(b.v)) * x.scale));
}

function floatFn(
  e: Extract<Expr, { type: 'fn' }>,
  env: Readonly<Record<string, number>>,
  opts: EvalOptions,
  depth: number,
): FloatValue {
  const toRad = opts.degrees ? Math.PI / 180 : 1;
  const fromRad = opts.degrees ? 180 / Math.PI : 1;
  if (e.name === 'binom' && e.args.length === 2) {
    const n = flt(e.args[0]!, env, opts, depth);
    const k = flt(e.args[1]!, env, opts, depth);
    const v = binomial(n.v, k.v);
    if (Number.isNaN(v)) stop('undefined');
    return fv(v, Math.abs(v) * (1 + (n.scale + k.scale) * (1 + Math.log1p(Math.abs(n.v) + Math.abs(k.v)))));
  }
  if (e.args.length !== 1) stop('undefined');
  const a = flt(e.args[0]!, env, opts, depth);
  const x = a.v;
  // Scale of the argument as an angle in radians: errors of the argument carry into the value.
  const angleScale = a.scale * toRad;
  switch (e.name) {
    case 'sin':
      return fv(Math.sin(x * toRad), 1 + angleScale);
    case 'cos':
      return fv(Math.cos(x * toRad), 1 + angleScale);
    case 'tan':
    case 'cot':
    case 'sec':
    case 'csc': {
      const s = Math.sin(x * toRad);
      const c = Math.cos(x * toRad);
      const den = e.name === 'tan' || e.name === 'sec' ? c : s;
      if (Math.abs(den) < 1e-12 * (1 + angleScale)) stop('undefined');
      const v = e.name === 'tan' ? s / c : e.name === 'cot' ? c / s : 1 / den;
      return fv(v, (1 + angleScale) / (den * den));
    }
    case 'arcsin':
    case 'arccos': {
      if (x < -1 || x > 1) stop('undefined');
      const v = (e.name === 'arcsin' ? Math.asin(x) : Math.acos(x)) * fromRad;
      return fv(v, (Math.abs(v) + a.scale / Math.sqrt(Math.max(1e-300, 1 - x * x))) * fromRad);
    }
    case 'arctan':
      return fv(Math.atan(x) * fromRad, (Math.PI / 2 + a.scale) * fromRad);
    case 'sinh':
    case 'cosh': {
      if (Math.abs(x) > 700) stop('too-large');
      const v = e.name === 'sinh' ? Math.sinh(x) : Math.cosh(x);
      return fv(v, Math.cosh(x) * (1 + a.scale));
    }
    case 'tanh':
      return fv(Math.tanh(x), 1 + a.scale);
    case 'csch':
    case 'sech':
    case 'coth': {
      if (Math.abs(x) > 700) stop('too-large');
      const den = e.name === 'sech' ? Math.cosh(x) : Math.sinh(x);
      if (den === 0) stop('undefined');
      const v = e.name === 'coth' ? Math.cosh(x) / den : 1 / den;
      return fv(v, (Math.abs(v) + Math.cosh(x) / (den * den)) * (1 + a.scale));
    }
    case 'arsinh':
      return fv(Math.asinh(x), Math.abs(Math.asinh(x)) + a.scale);
    case 'arcosh':
      if (x < 1) stop('undefined');
      return fv(Math.acosh(x), Math.abs(Math.acosh(x)) + a.scale / Math.sqrt(Math.max(1e-300, x * x - 1)));
    case 'artanh':
      if (x <= -1 || x >= 1) stop('undefined');
      return fv(Math.atanh(x), Math.abs(Math.atanh(x)) + a.scale / Math.max(1e-300, 1 - x * x));
    case 'arccot': {
      // The real arccotangent with values in (0, π): continuous, arccot 0 = π/2.
      const v = (Math.PI / 2 - Math.atan(x)) * fromRad;
      return fv(v, (Math.PI + a.scale) * fromRad);
    }
    case 'arcsec':
    case 'arccsc': {
      if (Math.abs(x) < 1) stop('undefined');
      const v = (e.name === 'arcsec' ? Math.acos(1 / x) : Math.asin(1 / x)) * fromRad;
      return fv(
        v,
        (Math.abs(v) + a.scale / (x * x * Math.sqrt(Math.max(1e-300, 1 - 1 / (x * x))))) * fromRad,
      );
    }
    case 'ln':
      if (x <= 0) stop('undefined');
      return fv(Math.log(x), Math.abs(Math.log(x)) + a.scale / x);
    case 'log': {
      if (x <= 0) stop('undefined');
      const base = e.base ? flt(e.base, env, opts, depth).v : 10;
      if (base <= 0 || base === 1) stop('undefined');
      const lb = Math.log(base);
      return fv(Math.log(x) / lb, (Math.abs(Math.log(x)) + a.scale / x) / Math.abs(lb));
    }
    case 'exp': {
      // Beyond ±700 e^x is too large or too small for a double: neither is a value to compare.
      if (x > 700 || x < -700) stop('too-large');
      const v = Math.exp(x);
      return fv(v, v * (1 + a.scale));
    }
    case 'abs':
      return fv(Math.abs(x), a.scale);
    case 'factorial': {
      if (x > 170) stop('too-large');
      const f = factorialReal(x);
      if (Number.isNaN(f)) stop('undefined');
      // Γ is never 0: a 0 is a value below what a double holds (far out on the negative side).
      if (f === 0 || !Number.isFinite(f)) stop('too-large');
      return fv(f, Math.abs(f) * (1 + a.scale * (1 + Math.log1p(Math.abs(x)))));
    }
    case 'degrees':
      // x° as a number: in degree mode the degree is the unit; otherwise it is converted to radians.
      return opts.degrees ? fv(x, a.scale) : fv((x * Math.PI) / 180, (a.scale * Math.PI) / 180);
    default:
      stop('undefined');
  }
}

/**
 * x! for a real x: exact products for integers, Γ(x + 1) otherwise (Lanczos, g = 7, relative error
 * about 1e-15; the reflection formula below 1/2); NaN at the poles (negative integers).
 */
export function factorialReal(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  if (x > 171) return Infinity;
  if (Number.isInteger(x)) {
    if (x < 0) return NaN;
    let f = 1;
    for (let i = 2; i <= x; i++) f *= i;
    return f;
  }
  return gamma(x + 1);
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

function gamma(z: number): number {
  if (z < 0.5) {
    const s = Math.sin(Math.PI * z);
    return s === 0 ? NaN : Math.PI / (s * gamma(1 - z));
  }
  // Beyond 171.6 Γ exceeds a double; the product below would be ∞ · 0.
  if (z > 171.6) return Infinity;
  const w = z - 1;
  let acc = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) acc += LANCZOS[i]! / (w + i);
  const t = w + 7.5;
  return Math.sqrt(2 * Math.PI) * Math.pow(t, w + 0.5) * Math.exp(-t) * acc;
}

/** The binomial coefficient C(n, k) = n! / (k! (n − k)!) for real n, k (exact products for integers). */
export function binomial(n: number, k: number): number {
  if (Number.isInteger(n) && Number.isInteger(k) && n >= 0) {
    if (k < 0 || k > n) return 0;
    let r = 1;
    for (let i = 1; i <= Math.min(k, n - k); i++) r = (r * (n - Math.min(k, n - k) + i)) / i;
    return Math.round(r);
  }
  if (Number.isInteger(k) && k >= 0 && k <= 170) {
    // A polynomial in n of degree k: n(n − 1)…(n − k + 1) / k!.
    let r = 1;
    for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
    return r;
  }
  const num = factorialReal(n);
  const den = factorialReal(k) * factorialReal(n - k);
  if (Number.isNaN(num)) return NaN;
  if (!Number.isFinite(den) || Number.isNaN(den)) return Number.isNaN(den) ? 0 : NaN;
  return num / den;
}
