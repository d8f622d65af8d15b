import { childrenOf, contains, freeSymbols, mapChildren, size, SWAPPED_RELATION, type Expr } from './ast';
import {
  evaluateExact,
  evaluateFloatChecked,
  evaluateFloatScaled,
  evaluateModular,
  isRationalExpr,
  MODULAR_PRIMES,
  type EvalOptions,
  type FloatValue,
  type FunctionModel,
} from './evaluate';
import { rationalToExpr } from './literals';
import { normaliseLatex, parseLatex } from './parse';
import { degreeIn, polyFromExpr, polyToExpr, scalePoly, type Poly } from './poly';
import { breakpointPoints } from './breakpoints';
import { hashSeed, Prng } from './prng';
import * as Q from './rational';
import type { Rational } from './rational';
import { floatPoint, inInterval, randomPoint, type SampleInterval } from './sampling';

/** A variable replaced before comparing, from a complementary equation such as `a = 2b`. */
export interface Substitution {
  name: string;
  value: Expr;
}

/** What an equivalence test knows about the problem. */
export interface EquivalenceContext {
  /** Trigonometry in degrees (`convertToDegrees`). */
  degrees?: boolean;
  /** Functions the problem names: defined by a body, or arbitrary. */
  functions?: Readonly<Record<string, FunctionModel>>;
  /** Variables replaced first (complementary equations). */
  substitutions?: readonly Substitution[];
  /** Sampling restriction (the problem's `interval`). */
  interval?: SampleInterval | null;
  /** Seed of the sample points; the same seed gives the same verdict. */
  seed?: number;
  /** Internal: the check of decimals that only approximate a fraction is under way. */
  decimalsChecked?: boolean;
}

/** The verdict of an equivalence test. */
export type Verdict = 'equivalent' | 'different' | 'unknown';

/** Outcome of {@link equivalent}. */
export interface EquivalenceResult {
  verdict: Verdict;
  /** A point where the two differ (or where one is defined and the other is not), when known. */
  witness?: Record<string, number>;
  /** How it was decided: exact rationals, modular arithmetic, or floating point. */
  method?: 'exact' | 'modular' | 'float' | 'structure';
  /** Why the verdict is unknown. */
  reason?: 'too-large' | 'undefined' | 'not-comparable';
  /** The difference is where the two are defined (one side undefined on an interval). */
  domain?: boolean;
}

/** Relative tolerance of floating comparisons (times the error scale of both sides). */
export const FLOAT_TOLERANCE = 1e-11;

const MAX_SUBSTITUTED_SIZE = 4_000;

/**
 * Decides whether two expressions are equal as real functions of their variables. Deterministic
 * (seeded sample points). Rational expressions are compared exactly at rational points and modulo
 * large primes (identities hold with overwhelming probability, Schwartz–Zippel; 0.333333 ≠ 1/3);
 * others in floating point with a relative tolerance. A point where both sides are undefined is
 * skipped; one where only one side is undefined counts as a difference unless it is an isolated
 * point (a removable singularity), which is checked by sampling nearby. Never throws.
 */
export function equivalent(a: Expr, b: Expr, ctx: EquivalenceContext = {}): EquivalenceResult {
  const sa = applySubstitutions(a, ctx.substitutions ?? []);
  const sb = applySubstitutions(b, ctx.substitutions ?? []);
  if (!sa || !sb) return { verdict: 'unknown', reason: 'too-large' };
  if (isStructure(sa) || isStructure(sb)) return equivalentStructures(sa, sb, ctx);
  const peeled = peelInjective(sa, sb);
  if (peeled) {
    // Arguments that differ only where the function is undefined anyway (ln(√x²)… against ln x)
    // are left to the comparison of the whole.
    const r = equivalent(peeled[0], peeled[1], { ...ctx, substitutions: [] });
    if (r.verdict === 'equivalent' || (r.verdict === 'different' && !r.domain)) return r;
  }
  const variables = [
    ...new Set([...freeSymbols(sa), ...freeSymbols(sb), ...(ctx.interval?.variables ?? [])]),
  ].sort();
  const opts: EvalOptions = { degrees: ctx.degrees, functions: ctx.functions };
  const rng = new Prng((ctx.seed ?? 0x5eed) ^ hashSeed(variables.join(',')));
  // Rational functions equal on an interval are equal everywhere: the interval does not matter.
  if (isRationalExpr(sa, opts) && isRationalExpr(sb, opts)) {
    return rationalCompare(sa, sb, variables, opts, rng);
  }
  // Constants with factorials and binomials (200!/198!, 1000! against 1000·999!) are exact integers
  // that overflow a double: compared exactly where both sides have an exact value.
  if (variables.length === 0) {
    const ea = evaluateExact(sa, new Map(), opts);
    const eb = evaluateExact(sb, new Map(), opts);
    if (ea.kind === 'value' && eb.kind === 'value')
      return { verdict: Q.equals(ea.value, eb.value) ? 'equivalent' : 'different', method: 'exact' };
  }
  const r = floatCompare(sa, sb, variables, opts, rng, ctx.interval ?? null);
  if (r.verdict === 'equivalent' && !ctx.decimalsChecked && approximatesFraction(sa, sb, ctx)) {
    return { verdict: 'different', method: 'float' };
  }
  return r;
}

/** Decimals with at least this many digits after the point may stand for a fraction they round. */
const LONG_DECIMAL_DIGITS = 5;

/** The long decimal literals of a tree (at most four). */
function longDecimals(e: Expr, out: Extract<Expr, { type: 'number' }>[] = []): typeof out {
  if (out.length >= 4) return out;
  if (e.type === 'number') {
    const m = /^\d*\.(\d+)$/.exec(e.text);
    if (m && m[1]!.length >= LONG_DECIMAL_DIGITS) out.push(e);
  } else for (const c of childrenOf(e)) longDecimals(c, out);
  return out;
}

/** The fraction p/q (q ≤ 1000) that `text` rounds without being equal to it, or null. */
function roundedFraction(text: string): Rational | null {
  const exact = Q.parseRational(text);
  const digits = text.length - text.indexOf('.') - 1;
  if (!exact) return null;
  const x = Q.toNumber(exact);
  const half = 0.5 * 10 ** -digits;
  for (let q = 2; q <= 1000; q++) {
    const p = Math.round(x * q);
    if (Math.abs(p / q - x) > half * 1.000001) continue;
    const r = Q.rat(BigInt(p), BigInt(q));
    return Q.equals(r, exact) ? null : r;
  }
  return null;
}

function replaceDecimal(e: Expr, text: string, by: Expr): Expr {
  return e.type === 'number' && e.text === text ? by : mapChildren(e, (c) => replaceDecimal(c, text, by));
}

/**
 * True when the two agree only because a long decimal rounds a fraction: with the fraction in its
 * place (on both sides) they are equal, and with the fraction nudged by 10⁻⁴ they are not — so its
 * value matters, and the decimal, which is not the fraction, makes them different:
 * 2·3^{0.142857142857u} is not 2·3^{u/7}, sin(0.333333333333x) is not sin(x/3).
 */
function approximatesFraction(a: Expr, b: Expr, ctx: EquivalenceContext): boolean {
  const inner: EquivalenceContext = { ...ctx, substitutions: [], decimalsChecked: true };
  const texts = [...new Set([...longDecimals(a), ...longDecimals(b)].map((d) => d.text))].slice(0, 4);
  for (const text of texts) {
    if (unresolvedDecimal(a, b, text, inner)) return true;
    const r = roundedFraction(text);
    if (!r) continue;
    const exact = rationalToExpr(r);
    const nudged = rationalToExpr(Q.mul(r, Q.rat(10001n, 10000n)));
    if (
      equivalent(replaceDecimal(a, text, exact), replaceDecimal(b, text, exact), inner).verdict ===
        'equivalent' &&
      equivalent(replaceDecimal(a, text, nudged), replaceDecimal(b, text, nudged), inner).verdict ===
        'different'
    )
      return true;
  }
  return false;
}

function countDecimal(e: Expr, text: string): number {
  if (e.type === 'number') return e.text === text ? 1 : 0;
  return childrenOf(e).reduce((n, c) => n + countDecimal(c, text), 0);
}

/**
 * True when a long decimal on one side only (1.41421356237 against √2) matters — nudged by 10⁻⁴ the
 * two differ — yet the floating comparison cannot tell it from any value it rounds: moved to either
 * end of its rounding interval the two still agree. The agreement is then only to the decimal's
 * precision, and a decimal is not the exact value it approximates.
 */
function unresolvedDecimal(a: Expr, b: Expr, text: string, inner: EquivalenceContext): boolean {
  // Trailing zeros say nothing: 3.0000000000 is exactly 3.
  const significant = text.replace(/0+$/, '');
  const digits = significant.length - significant.indexOf('.') - 1;
  if (digits < 9 || (countDecimal(a, text) > 0 && countDecimal(b, text) > 0)) return false;
  const q = Q.parseRational(text);
  if (!q) return false;
  const half = Q.rat(5n, 10n ** BigInt(digits + 1));
  const at = (v: Rational) => {
    const by = rationalToExpr(v);
    return equivalent(replaceDecimal(a, text, by), replaceDecimal(b, text, by), inner).verdict;
  };
  return (
    at(Q.sub(q, half)) === 'equivalent' &&
    at(Q.add(q, half)) === 'equivalent' &&
    at(Q.mul(q, Q.rat(10001n, 10000n))) === 'different'
  );
}

function isGammaLike(e: Expr): boolean {
  return e.type === 'fn' && (e.name === 'factorial' || e.name === 'binom');
}

/** One-to-one functions of the reals: f(A) = f(B) exactly when A = B (where both are defined). */
const INJECTIVE = new Set(['exp', 'ln', 'sinh', 'tanh', 'arsinh', 'artanh', 'arctan']);

/** c^A as base and exponent (e^A for exp(A)), or null. */
function asPower(e: Expr): { base: Expr; exp: Expr } | null {
  if (e.type === 'pow') return { base: e.base, exp: e.exp };
  if (e.type === 'fn' && e.name === 'exp' && e.args.length === 1)
    return { base: { type: 'symbol', name: 'e' }, exp: e.args[0]! };
  return null;
}

/**
 * Both sides under the same one-to-one function: the pair of arguments to compare instead, so a
 * difference the float sampling cannot see is decided on the arguments (exactly when they are
 * rational): 3^{0.142857142857u} is not 3^{u/7}, since 0.142857142857u is not u/7. Powers need the
 * same constant base, positive and not 1. Null when the shapes differ.
 */
function peelInjective(a: Expr, b: Expr): [Expr, Expr] | null {
  if (a.type === 'neg' && b.type === 'neg') return peelInjective(a.arg, b.arg) ?? [a.arg, b.arg];
  if (a.type === 'fn' && b.type === 'fn' && a.name === b.name && INJECTIVE.has(a.name)) {
    if (a.args.length === 1 && b.args.length === 1 && !a.base && !b.base) return [a.args[0]!, b.args[0]!];
  }
  const pa = asPower(a);
  const pb = asPower(b);
  if (!pa || !pb || freeSymbols(pa.base).size > 0 || freeSymbols(pb.base).size > 0) return null;
  const base = evaluateFloatScaled(pa.base, {}, {});
  if (!base || !(base.v > 0) || Math.abs(base.v - 1) < 1e-9) return null;
  if (equivalent(pa.base, pb.base).verdict !== 'equivalent') return null;
  return [pa.exp, pb.exp];
}

function rationalCompare(
  a: Expr,
  b: Expr,
  variables: string[],
  opts: EvalOptions,
  rng: Prng,
): EquivalenceResult {
  let agreements = 0;
  let definedA = 0;
  let definedB = 0;
  // Past a few hundred in degree, exact values at rational points run to tens of thousands of bits:
  // the modular stage decides as surely, at a fraction of the cost.
  let goModular = Math.max(degreeBound(a), degreeBound(b)) > EXACT_STAGE_MAX_DEGREE;
  // Exact stage: rational points, exact values; a real point where both sides differ proves it.
  for (let attempt = 0; attempt < 10 && agreements < 4 && !goModular; attempt++) {
    const point = randomPoint(rng, variables);
    const ea = evaluateExact(a, point, opts);
    const eb = evaluateExact(b, point, opts);
    if (ea.kind === 'too-large' || eb.kind === 'too-large') {
      goModular = true;
      break;
    }
    if (ea.kind === 'value') definedA++;
    if (eb.kind === 'value') definedB++;
    if (ea.kind !== 'value' || eb.kind !== 'value') continue;
    if (!Q.equals(ea.value, eb.value))
      return { verdict: 'different', witness: floatPoint(point), method: 'exact' };
    agreements++;
  }
  // Modular stage: residues modulo large primes, so high degrees are covered too.
  let modAgreements = 0;
  let tooLarge = false;
  for (const p of MODULAR_PRIMES.slice(0, 2)) {
    for (let attempt = 0; attempt < 5 && modAgreements < (goModular ? 6 : 3); attempt++) {
      const point = new Map<string, bigint>();
      for (const v of variables) point.set(v, rng.bigBelow(p));
      const ma = evaluateModular(a, point, p, opts);
      const mb = evaluateModular(b, point, p, opts);
      if (ma.kind === 'too-large' || mb.kind === 'too-large') {
        tooLarge = true;
        break;
      }
      if (ma.kind === 'value') definedA++;
      if (mb.kind === 'value') definedB++;
      if (ma.kind !== 'value' || mb.kind !== 'value') continue;
      if (ma.value !== mb.value) return { verdict: 'different', method: 'modular' };
      modAgreements++;
    }
  }
  if (agreements + modAgreements > 0 && (!goModular || modAgreements > 0)) {
    return { verdict: 'equivalent', method: goModular ? 'modular' : 'exact' };
  }
  if (tooLarge) return { verdict: 'unknown', reason: 'too-large' };
  if (definedA > 0 !== definedB > 0) return { verdict: 'different', method: 'exact' };
  return { verdict: 'unknown', reason: 'undefined' };
}

/** Total degree beyond which rational expressions skip the exact stage. */
const EXACT_STAGE_MAX_DEGREE = 256;

/** An upper bound of the total degree of a rational expression (numerator and denominator together). */
function degreeBound(e: Expr): number {
  switch (e.type) {
    case 'number':
      return 0;
    case 'symbol':
      return 1;
    case 'add':
      return Math.max(0, ...e.args.map(degreeBound));
    case 'mul':
      return e.args.reduce((n, x) => n + degreeBound(x), 0);
    case 'neg':
      return degreeBound(e.arg);
    case 'div':
      return degreeBound(e.num) + degreeBound(e.den);
    case 'pow': {
      const k = e.exp.type === 'number' ? Number(e.exp.text) : Number.NaN;
      return degreeBound(e.base) * (Number.isFinite(k) ? Math.abs(k) : EXACT_STAGE_MAX_DEGREE + 1);
    }
    default:
      return childrenOf(e).reduce((n, x) => n + degreeBound(x), 0);
  }
}

/** True when two float values agree within the tolerance of their error scales. */
export function floatClose(x: FloatValue, y: FloatValue, tolerance = FLOAT_TOLERANCE): boolean {
  return Math.abs(x.v - y.v) <= tolerance * (x.scale + y.scale) + 1e-300;
}

function floatCompare(
  a: Expr,
  b: Expr,
  variables: string[],
  opts: EvalOptions,
  rng: Prng,
  interval: SampleInterval | null,
): EquivalenceResult {
  let agreements = 0;
  let definedA = 0;
  let definedB = 0;
  // n! and binomials have poles at the negative integers that cancel in ratios ((n+2)!/n!).
  const gammaPoles = contains(a, isGammaLike) || contains(b, isGammaLike);
  /** One point: a verdict of difference, or whether the two agreed there. */
  const judge = (point: Record<string, number>): EquivalenceResult | 'agree' | 'skip' => {
    const ca = evaluateFloatChecked(a, point, opts);
    const cb = evaluateFloatChecked(b, point, opts);
    // Too large (or too small) for a double on either side (e^{1000}): says nothing, skip it.
    if (ca === 'overflow' || cb === 'overflow') return 'skip';
    const fa = ca === 'undefined' ? null : ca;
    const fb = cb === 'undefined' ? null : cb;
    if (fa) definedA++;
    if (fb) definedB++;
    if (!fa && !fb) return 'skip';
    if (!fa || !fb) {
      if (gammaPoles && Object.values(point).some((x) => Number.isInteger(x))) return 'skip';
      if (isIsolated(a, b, point, opts, rng, interval)) return 'skip';
      return { verdict: 'different', witness: point, method: 'float', domain: true };
    }
    if (!floatClose(fa, fb)) return { verdict: 'different', witness: point, method: 'float' };
    return 'agree';
  };
  let base: Record<string, number> | null = null;
  for (let attempt = 0; attempt < 80 && agreements < 12; attempt++) {
    const point = floatPoint(randomPoint(rng, variables, interval));
    const r = judge(point);
    if (typeof r === 'object') return r;
    if (r === 'skip') continue;
    base ??= point;
    agreements++;
    if (variables.length === 0 && agreements >= 1) break;
  }
  // Two agreeing points at least (one for a constant): a domain met only once is too little evidence.
  if (agreements >= Math.min(2, Math.max(1, variables.length * 2))) {
    // Random points can all miss a half-line where the two differ (|u| against u beyond u = 0):
    // both sides of every place where either can change its formula are tried too.
    for (const point of breakpointPoints(a, b, variables, base ?? {}, opts, rng, interval)) {
      const r = judge(point);
      if (typeof r === 'object') return r;
    }
    return { verdict: 'equivalent', method: 'float' };
  }
  if (definedA > 0 !== definedB > 0) return { verdict: 'different', method: 'float' };
  return { verdict: 'unknown', reason: 'undefined' };
}

/**
 * True when the point where only one side is defined is isolated: nearby (in every direction tried)
 * both sides are defined and agree, as at x = 1 for (x²−1)/(x−1) and x+1.
 */
function isIsolated(
  a: Expr,
  b: Expr,
  point: Record<string, number>,
  opts: EvalOptions,
  rng: Prng,
  interval: SampleInterval | null,
): boolean {
  const vars = Object.keys(point);
  if (vars.length === 0) return false;
  let good = 0;
  let tried = 0;
  for (const delta of [1e-3, 1e-5, 3e-4, 2e-2]) {
    for (const dir of [1, -1]) {
      const near: Record<string, number> = {};
      for (const v of vars) {
        const x = point[v]!;
        near[v] = x + dir * (0.5 + rng.next()) * delta * Math.max(1, Math.abs(x));
      }
      if (
        interval &&
        vars.some(
          (v) => (!interval.variables || interval.variables.includes(v)) && !inInterval(near[v]!, interval),
        )
      ) {
        continue;
      }
      tried++;
      const fa = evaluateFloatScaled(a, near, opts);
      const fb = evaluateFloatScaled(b, near, opts);
      if (fa && fb && floatClose(fa, fb, 1e-6)) good++;
    }
  }
  return tried > 0 && good === tried;
}

/**
 * True when the two agree to a relative tolerance (1% by default) at a few sample points: a rounded
 * decimal (0.333 for 1/3, 1.41 for √2) passes, a different expression does not.
 */
export function approximatelyEqual(
  a: Expr,
  b: Expr,
  ctx: EquivalenceContext = {},
  tolerance = 1e-2,
): boolean {
  const sa = applySubstitutions(a, ctx.substitutions ?? []);
  const sb = applySubstitutions(b, ctx.substitutions ?? []);
  if (!sa || !sb) return false;
  const variables = [...new Set([...freeSymbols(sa), ...freeSymbols(sb)])].sort();
  const opts: EvalOptions = { degrees: ctx.degrees, functions: ctx.functions };
  const rng = new Prng((ctx.seed ?? 0x5eed) ^ 0xa11);
  let agreements = 0;
  for (let attempt = 0; attempt < 30 && agreements < 4; attempt++) {
    const point = floatPoint(randomPoint(rng, variables, ctx.interval));
    const fa = evaluateFloatScaled(sa, point, opts);
    const fb = evaluateFloatScaled(sb, point, opts);
    if (!fa || !fb) continue;
    if (Math.abs(fa.v - fb.v) > tolerance * Math.max(Math.abs(fa.v), Math.abs(fb.v), 1e-12)) return false;
    agreements++;
    if (variables.length === 0) break;
  }
  return agreements > 0;
}

// ---------------------------------------------------------------------------------------------
// Relations, lists, sets, intervals

function isStructure(e: Expr): boolean {
  return ['relation', 'logic', 'list', 'set', 'interval', 'element', 'pm'].includes(e.type);
}

function equivalentStructures(a: Expr, b: Expr, ctx: EquivalenceContext): EquivalenceResult {
  const all = (pairs: [Expr, Expr][]): EquivalenceResult => {
    for (const [x, y] of pairs) {
      const r = equivalent(x, y, ctx);
      if (r.verdict !== 'equivalent') return r;
    }
    return { verdict: 'equivalent', method: 'structure' };
  };
  if (a.type === 'relation' && b.type === 'relation') {
    if (a.args.length === 2 && b.args.length === 2) {
      let [bl, br] = b.args as [Expr, Expr];
      let op = b.op;
      if (a.op !== op && SWAPPED_RELATION[op] === a.op) {
        [bl, br] = [br, bl];
        op = a.op;
      }
      if (a.op !== op) return { verdict: 'different', method: 'structure' };
      return equivalentEquations(a.args[0]!, a.args[1]!, bl, br, ctx, op === '=' || op === '!=');
    }
    if (a.op !== b.op || a.args.length !== b.args.length)
      return { verdict: 'different', method: 'structure' };
    return all(a.args.map((x, i) => [x, b.args[i]!]));
  }
  if (a.type === 'list' && b.type === 'list') {
    if (a.items.length !== b.items.length) return { verdict: 'different', method: 'structure' };
    return all(a.items.map((x, i) => [x, b.items[i]!]));
  }
  if (a.type === 'set' && b.type === 'set') {
    const used = new Set<number>();
    for (const x of a.elements) {
      const j = b.elements.findIndex(
        (y, k) => !used.has(k) && equivalent(x, y, ctx).verdict === 'equivalent',
      );
      if (j < 0) return { verdict: 'different', method: 'structure' };
      used.add(j);
    }
    return { verdict: used.size === b.elements.length ? 'equivalent' : 'different', method: 'structure' };
  }
  if (a.type === 'interval' && b.type === 'interval') {
    if (a.leftOpen !== b.leftOpen || a.rightOpen !== b.rightOpen)
      return { verdict: 'different', method: 'structure' };
    return all([
      [a.left, b.left],
      [a.right, b.right],
    ]);
  }
  if (a.type === 'pm' && b.type === 'pm') {
    if ((a.left === null) !== (b.left === null)) return { verdict: 'different', method: 'structure' };
    return all(
      a.left && b.left
        ? [
            [a.left, b.left],
            [a.right, b.right],
          ]
        : [[a.right, b.right]],
    );
  }
  if (a.type === 'logic' && b.type === 'logic' && a.op === b.op && a.args.length === b.args.length) {
    return all(a.args.map((x, i) => [x, b.args[i]!]));
  }
  if (a.type === 'element' && b.type === 'element') {
    return all([
      [a.member, b.member],
      [a.of, b.of],
    ]);
  }
  return { verdict: 'different', method: 'structure' };
}

/**
 * Whether l1 = r1 and l2 = r2 (or the inequalities l op r) are the same condition in the simplest
 * sense: l1 − r1 is a constant non-zero multiple of l2 − r2 (any sign for equations, a positive
 * one for inequalities). Solution-set reasoning (squaring, dividing by a variable) is the solve
 * checker's business.
 */
export function equivalentEquations(
  l1: Expr,
  r1: Expr,
  l2: Expr,
  r2: Expr,
  ctx: EquivalenceContext = {},
  anySign = true,
): EquivalenceResult {
  const d1: Expr = { type: 'add', args: [l1, { type: 'neg', arg: r1 }] };
  const d2: Expr = { type: 'add', args: [l2, { type: 'neg', arg: r2 }] };
  const direct = equivalent(d1, d2, ctx);
  if (direct.verdict === 'equivalent') return direct;
  const k = constantRatio(d1, d2, ctx);
  if (k === null || k === 0 || (!anySign && k < 0))
    return direct.verdict === 'unknown' ? direct : { verdict: 'different', method: 'structure' };
  const kExpr = numberExpr(k);
  return equivalent(d1, { type: 'mul', args: [kExpr, d2] }, ctx);
}

function numberExpr(k: number): Expr {
  // A short rational when the float is one (ratios of small integers).
  const r = shortRational(Math.abs(k)) ?? Q.fromNumber(Math.abs(k));
  return rationalToExpr(k < 0 ? Q.neg(r) : r);
}

/** The best rational approximation with denominator ≤ 10⁶ when it matches x to 1e-12. */
export function shortRational(x: number): Rational | null {
  if (!Number.isFinite(x)) return null;
  let [h0, h1] = [0, 1];
  let [k0, k1] = [1, 0];
  let v = x;
  for (let i = 0; i < 40; i++) {
    const a = Math.floor(v);
    [h0, h1] = [h1, a * h1 + h0];
    [k0, k1] = [k1, a * k1 + k0];
    if (k1 > 1e6) break;
    if (Math.abs(h1 / k1 - x) <= 1e-12 * Math.max(1, Math.abs(x))) return Q.rat(BigInt(h1), BigInt(k1));
    const f = v - a;
    if (f < 1e-15) break;
    v = 1 / f;
  }
  return null;
}

/** The constant ratio d1/d2 read at one sample point, or null. */
function constantRatio(d1: Expr, d2: Expr, ctx: EquivalenceContext): number | null {
  const variables = [...new Set([...freeSymbols(d1), ...freeSymbols(d2)])].sort();
  const rng = new Prng((ctx.seed ?? 0x5eed) ^ 0x9e3779b9);
  const opts: EvalOptions = { degrees: ctx.degrees, functions: ctx.functions };
  for (let i = 0; i < 20; i++) {
    const point = floatPoint(randomPoint(rng, variables, ctx.interval));
    const x = evaluateFloatScaled(d1, point, opts);
    const y = evaluateFloatScaled(d2, point, opts);
    if (x && y && y.v !== 0 && Math.abs(y.v) > 1e-9 * y.scale) return x.v / y.v;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Substitutions

/**
 * Substitutions from complementary equations: `a = 2b` replaces a (a lone symbol on either side);
 * otherwise an equation linear in some variable with a constant coefficient is solved for it
 * (`a + b = 5` → a = 5 − b). Equations that give neither are ignored.
 */
export function substitutionsFrom(equations: readonly Expr[]): Substitution[] {
  const out: Substitution[] = [];
  for (const eq of equations) {
    if (eq.type !== 'relation' || eq.op !== '=' || eq.args.length !== 2) continue;
    const [l, r] = eq.args as [Expr, Expr];
    if (l.type === 'symbol' && !freeSymbols(r).has(l.name)) out.push({ name: l.name, value: r });
    else if (r.type === 'symbol' && !freeSymbols(l).has(r.name)) out.push({ name: r.name, value: l });
    else {
      const p = polyFromExpr({ type: 'add', args: [l, { type: 'neg', arg: r }] });
      const solved = p ? solveLinear(p) : null;
      if (solved) out.push(solved);
    }
  }
  return out;
}

function solveLinear(p: Poly): Substitution | null {
  const vars = [...new Set([...p.values()].flatMap((t) => t.mono.map(([v]) => v)))].sort();
  for (const v of vars) {
    if (degreeIn(p, v) !== 1) continue;
    const terms = [...p.values()];
    if (terms.some((t) => t.mono.some(([w, k]) => w === v && k !== 1))) continue;
    const withV = terms.filter((t) => t.mono.some(([w]) => w === v));
    if (withV.length !== 1 || withV[0]!.mono.length !== 1) continue;
    const coef = withV[0]!.c;
    const rest: Poly = new Map([...p].filter(([, t]) => !t.mono.some(([w]) => w === v)));
    const inv = Q.inv(Q.neg(coef));
    if (!inv) continue;
    const value = scalePoly(rest, inv);
    return { name: v, value: polyToExpr(value) };
  }
  return null;
}

/** Replaces substituted variables (repeatedly, for chains), or null when the tree grows too large. */
export function applySubstitutions(e: Expr, subs: readonly Substitution[]): Expr | null {
  if (subs.length === 0) return e;
  let cur = e;
  for (let pass = 0; pass < 4; pass++) {
    const names = freeSymbols(cur);
    if (!subs.some((s) => names.has(s.name))) return cur;
    cur = replaceSymbols(cur, subs);
    if (size(cur) > MAX_SUBSTITUTED_SIZE) return null;
  }
  return cur;
}

function replaceSymbols(e: Expr, subs: readonly Substitution[]): Expr {
  if (e.type === 'symbol') return subs.find((s) => s.name === e.name)?.value ?? e;
  return mapChildren(e, (c) => replaceSymbols(c, subs));
}

// ---------------------------------------------------------------------------------------------
// The table console's entry point

/** Options of {@link equivalentLatex}. */
export interface EquivalentLatexOptions {
  /** Symbols that are arbitrary constants (compared as variables). */
  constants: string[];
  /** Trigonometry in degrees. */
  degrees: boolean;
}

/**
 * Whether a student's LaTeX is equivalent to the expected LaTeX: true, false, or null when either
 * is unreadable (or too large to decide). The table console uses exactly this signature.
 */
export function equivalentLatex(
  studentLatex: string,
  targetLatex: string,
  opts: EquivalentLatexOptions,
): boolean | null {
  const s = parseLatex(normaliseLatex(studentLatex));
  const t = parseLatex(normaliseLatex(targetLatex));
  if (!s.ok || !t.ok) return null;
  // Constants are compared as variables, which every free symbol already is.
  const r = equivalent(s.expr, t.expr, { degrees: opts.degrees });
  if (r.verdict === 'unknown') return r.reason === 'too-large' ? null : false;
  return r.verdict === 'equivalent';
}
