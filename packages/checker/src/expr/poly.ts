import type { Expr } from './ast';
import { evaluateExact } from './evaluate';
import * as Q from './rational';
import type { Rational } from './rational';

/**
 * Small exact polynomial algebra over Q: sparse multivariate Laurent polynomials (negative exponents
 * allowed, so x^{-2} and \frac{3}{x} are terms), rational functions as num/den pairs, and dense
 * univariate polynomials with gcd, rational roots and real roots. Bounded: operations that would
 * exceed {@link POLY_LIMITS} give up (null), never swell.
 */

/** A monomial: variables with non-zero exponents, sorted by name. */
export type Monomial = readonly (readonly [string, number])[];

/** A term: coefficient times monomial. */
export interface Term {
  readonly mono: Monomial;
  readonly c: Rational;
}

/** A sparse polynomial: terms by monomial key; no zero coefficients. */
export type Poly = ReadonlyMap<string, Term>;

/** Bounds of the polynomial algebra. */
export const POLY_LIMITS = {
  maxTerms: 400,
  maxExponent: 64,
  maxBits: 4_000,
} as const;

/** Ends a conversion early. Not an Error: no stack is captured, so giving up is cheap. */
class TooBig {}
const TOO_BIG = new TooBig();

/** The key of a monomial (`x^2*y^-1`, `` for 1). */
export function monoKey(m: Monomial): string {
  return m.map(([v, k]) => (k === 1 ? v : `${v}^${k}`)).join('*');
}

function mulMono(a: Monomial, b: Monomial): Monomial {
  const out = new Map<string, number>(a.map(([v, k]) => [v, k]));
  for (const [v, k] of b) out.set(v, (out.get(v) ?? 0) + k);
  return [...out.entries()].filter(([, k]) => k !== 0).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
}

/** The constant polynomial r. */
export function constPoly(r: Rational): Poly {
  return Q.isZero(r) ? new Map() : new Map([['', { mono: [], c: r }]]);
}

/** The polynomial v. */
export function varPoly(v: string): Poly {
  const mono: Monomial = [[v, 1]];
  return new Map([[monoKey(mono), { mono, c: Q.ONE }]]);
}

function guard(p: Map<string, Term>): Map<string, Term> {
  if (p.size > POLY_LIMITS.maxTerms) throw TOO_BIG;
  return p;
}

/** a + b. */
export function addPoly(a: Poly, b: Poly): Poly {
  const out = new Map(a);
  for (const [k, t] of b) {
    const prev = out.get(k);
    if (!prev) out.set(k, t);
    else {
      const c = Q.add(prev.c, t.c);
      if (Q.isZero(c)) out.delete(k);
      else out.set(k, { mono: t.mono, c });
    }
  }
  return guard(out);
}

/** r · a. */
export function scalePoly(a: Poly, r: Rational): Poly {
  if (Q.isZero(r)) return new Map();
  const out = new Map<string, Term>();
  for (const [k, t] of a) out.set(k, { mono: t.mono, c: Q.mul(t.c, r) });
  return out;
}

/** −a. */
export function negPoly(a: Poly): Poly {
  return scalePoly(a, Q.rat(-1));
}

/** a − b. */
export function subPoly(a: Poly, b: Poly): Poly {
  return addPoly(a, negPoly(b));
}

/** a · b. */
export function mulPoly(a: Poly, b: Poly): Poly {
  if (a.size * b.size > POLY_LIMITS.maxTerms * 8) throw TOO_BIG;
  const out = new Map<string, Term>();
  for (const s of a.values()) {
    for (const t of b.values()) {
      const mono = mulMono(s.mono, t.mono);
      for (const [, k] of mono) if (Math.abs(k) > POLY_LIMITS.maxExponent) throw TOO_BIG;
      const key = monoKey(mono);
      const c = Q.mul(s.c, t.c);
      if (Q.bitSize(c) > POLY_LIMITS.maxBits) throw TOO_BIG;
      const prev = out.get(key);
      const sum = prev ? Q.add(prev.c, c) : c;
      if (Q.isZero(sum)) out.delete(key);
      else out.set(key, { mono, c: sum });
    }
  }
  return guard(out);
}

/** a^k for k ≥ 0. */
export function powPoly(a: Poly, k: number): Poly {
  let result: Poly = constPoly(Q.ONE);
  let base = a;
  let e = k;
  while (e > 0) {
    if (e & 1) result = mulPoly(result, base);
    e >>= 1;
    if (e > 0) base = mulPoly(base, base);
  }
  return result;
}

/** The inverse of a single-term polynomial (a monomial times a coefficient), else null. */
function invertTerm(a: Poly): Poly | null {
  if (a.size !== 1) return null;
  const t = [...a.values()][0]!;
  const c = Q.inv(t.c);
  if (!c) return null;
  const mono: Monomial = t.mono.map(([v, k]) => [v, -k] as const);
  return new Map([[monoKey(mono), { mono, c }]]);
}

/** True when a is the zero polynomial. */
export function isZeroPoly(a: Poly): boolean {
  return a.size === 0;
}

/** True when a = b. */
export function equalPoly(a: Poly, b: Poly): boolean {
  return isZeroPoly(subPoly(a, b));
}

/** The constant value of a when it has no variables, else null. */
export function constantOf(a: Poly): Rational | null {
  if (a.size === 0) return Q.ZERO;
  if (a.size === 1 && a.has('')) return a.get('')!.c;
  return null;
}

/** The variables of a. */
export function polyVariables(a: Poly): Set<string> {
  const out = new Set<string>();
  for (const t of a.values()) for (const [v] of t.mono) out.add(v);
  return out;
}

/** Highest exponent of v in a (0 when absent). */
export function degreeIn(a: Poly, v: string): number {
  let d = 0;
  for (const t of a.values()) for (const [w, k] of t.mono) if (w === v) d = Math.max(d, k);
  return d;
}

/** Lowest exponent of v in a (negative for Laurent terms; 0 when absent from some term). */
export function lowDegreeIn(a: Poly, v: string): number {
  let d = Infinity;
  for (const t of a.values()) d = Math.min(d, t.mono.find(([w]) => w === v)?.[1] ?? 0);
  return d === Infinity ? 0 : d;
}

/** Total degree of a (largest sum of exponents of a term). */
export function totalDegree(a: Poly): number {
  let d = 0;
  for (const t of a.values())
    d = Math.max(
      d,
      t.mono.reduce((s, [, k]) => s + k, 0),
    );
  return d;
}

/** True when no exponent is negative. */
export function isPolynomial(a: Poly): boolean {
  for (const t of a.values()) for (const [, k] of t.mono) if (k < 0) return false;
  return true;
}

/**
 * The expression as a Laurent polynomial, or null when it is not one (division by a sum, roots,
 * functions, non-integer or huge exponents, named constants) or when it would grow past the limits.
 */
export function polyFromExpr(e: Expr): Poly | null {
  try {
    return toPoly(e);
  } catch (err) {
    if (err instanceof TooBig || err instanceof RangeError) return null;
    throw err;
  }
}

function toPoly(e: Expr): Poly {
  switch (e.type) {
    case 'number': {
      const r = Q.parseRational(e.text);
      if (!r || Q.bitSize(r) > POLY_LIMITS.maxBits) throw TOO_BIG;
      return constPoly(r);
    }
    case 'symbol':
      if (['pi', 'e', 'infinity', 'reals', 'emptyset'].includes(e.name)) throw TOO_BIG;
      return varPoly(e.name);
    case 'add':
      return e.args.reduce<Poly>((s, a) => addPoly(s, toPoly(a)), new Map());
    case 'mul':
      return e.args.reduce<Poly>((s, a) => mulPoly(s, toPoly(a)), constPoly(Q.ONE));
    case 'neg':
      return negPoly(toPoly(e.arg));
    case 'div': {
      const inv = invertTerm(toPoly(e.den));
      if (!inv) throw TOO_BIG;
      return mulPoly(toPoly(e.num), inv);
    }
    case 'pow': {
      const k = integerExponent(e.exp);
      const base = toPoly(e.base);
      if (k >= 0) return powPoly(base, k);
      const inv = invertTerm(base);
      if (!inv) throw TOO_BIG;
      return powPoly(inv, -k);
    }
    default:
      throw TOO_BIG;
  }
}

function integerExponent(e: Expr): number {
  const r = evaluateExact(e, new Map());
  if (r.kind !== 'value' || !Q.isInteger(r.value)) throw TOO_BIG;
  const k = Number(r.value.n);
  if (Math.abs(k) > POLY_LIMITS.maxExponent) throw TOO_BIG;
  return k;
}

/** A rational function: numerator over denominator (not reduced). */
export interface RatFun {
  num: Poly;
  den: Poly;
}

/** The expression as a quotient of polynomials, or null (roots, functions, limits). */
export function ratFunFromExpr(e: Expr): RatFun | null {
  try {
    return toRatFun(e);
  } catch (err) {
    if (err instanceof TooBig || err instanceof RangeError) return null;
    throw err;
  }
}

const ONE_POLY = constPoly(Q.ONE);

function toRatFun(e: Expr): RatFun {
  switch (e.type) {
    case 'add':
      return e.args
        .map(toRatFun)
        .reduce((a, b) =>
          equalPoly(a.den, b.den)
            ? { num: addPoly(a.num, b.num), den: a.den }
            : { num: addPoly(mulPoly(a.num, b.den), mulPoly(b.num, a.den)), den: mulPoly(a.den, b.den) },
        );
    case 'mul':
      return e.args
        .map(toRatFun)
        .reduce((a, b) => ({ num: mulPoly(a.num, b.num), den: mulPoly(a.den, b.den) }));
    case 'neg': {
      const r = toRatFun(e.arg);
      return { num: negPoly(r.num), den: r.den };
    }
    case 'div': {
      const n = toRatFun(e.num);
      const d = toRatFun(e.den);
      if (isZeroPoly(d.num)) throw TOO_BIG;
      return { num: mulPoly(n.num, d.den), den: mulPoly(n.den, d.num) };
    }
    case 'pow': {
      const k = integerExponent(e.exp);
      const b = toRatFun(e.base);
      return k >= 0
        ? { num: powPoly(b.num, k), den: powPoly(b.den, k) }
        : { num: powPoly(b.den, -k), den: powPoly(b.num, -k) };
    }
    default:
      return clearLaurent({ num: toPoly(e), den: ONE_POLY });
  }
}

/** Moves negative exponents into the denominator: x^{-1} + 1 → (1 + x)/x. */
export function clearLaurent(r: RatFun): RatFun {
  const vars = new Set([...polyVariables(r.num), ...polyVariables(r.den)]);
  let shift: Poly = ONE_POLY;
  for (const v of vars) {
    const low = Math.min(lowDegreeIn(r.num, v), lowDegreeIn(r.den, v));
    if (low < 0) shift = mulPoly(shift, powPoly(varPoly(v), -low));
  }
  return { num: mulPoly(r.num, shift), den: mulPoly(r.den, shift) };
}

/** A polynomial back to an expression (terms by descending degree; coefficients as fractions). */
export function polyToExpr(a: Poly): Expr {
  const terms = [...a.values()].sort(
    (s, t) => totalDeg(t) - totalDeg(s) || (monoKey(s.mono) < monoKey(t.mono) ? -1 : 1),
  );
  if (terms.length === 0) return { type: 'number', text: '0' };
  const exprs = terms.map(termToExpr);
  return exprs.length === 1 ? exprs[0]! : { type: 'add', args: exprs };
}

function totalDeg(t: Term): number {
  return t.mono.reduce((s, [, k]) => s + k, 0);
}

function termToExpr(t: Term): Expr {
  const negative = t.c.n < 0n;
  const c = Q.abs(t.c);
  const factors: Expr[] = [];
  const denFactors: Expr[] = [];
  for (const [v, k] of t.mono) {
    const sym: Expr = { type: 'symbol', name: v };
    const pw = (n: number): Expr =>
      n === 1 ? sym : { type: 'pow', base: sym, exp: { type: 'number', text: String(n) } };
    if (k > 0) factors.push(pw(k));
    else denFactors.push(pw(-k));
  }
  let body: Expr;
  const num: Expr[] = [];
  if (c.n !== 1n || factors.length === 0) num.push({ type: 'number', text: c.n.toString() });
  num.push(...factors);
  const numExpr: Expr = num.length === 1 ? num[0]! : { type: 'mul', args: num };
  const den: Expr[] = c.d !== 1n ? [{ type: 'number', text: c.d.toString() }, ...denFactors] : denFactors;
  if (den.length === 0) body = numExpr;
  else body = { type: 'div', num: numExpr, den: den.length === 1 ? den[0]! : { type: 'mul', args: den } };
  return negative ? { type: 'neg', arg: body } : body;
}

// ---------------------------------------------------------------------------------------------
// Univariate polynomials over Q (dense, index = degree).

/**
 * A univariate polynomial over Q: coefficients by degree, no trailing zeros. The solve checker's
 * polynomials are the same arrays (read-only), so the operations below serve both.
 */
export type UPoly = Rational[];

/**
 * The exact arithmetic of the dense operations: {@link Q} itself (unbounded, the default) or
 * `Q.bounded` (throws `ExactSwell` past its size bound, for callers that fall back to floats).
 */
export interface Arithmetic {
  add(a: Rational, b: Rational): Rational;
  sub(a: Rational, b: Rational): Rational;
  mul(a: Rational, b: Rational): Rational;
  div(a: Rational, b: Rational): Rational | null;
}

/** Removes zero leading coefficients. */
export function trim(a: readonly Rational[]): UPoly {
  let n = a.length;
  while (n > 0 && Q.isZero(a[n - 1]!)) n--;
  return a.slice(0, n);
}

/** Degree (−1 for the zero polynomial). */
export function udegree(a: readonly Rational[]): number {
  return trim(a).length - 1;
}

/**
 * The polynomial as univariate in v, or null when other variables or negative exponents of v remain.
 */
export function toUPoly(a: Poly, v: string): UPoly | null {
  const out: Rational[] = [];
  for (const t of a.values()) {
    if (t.mono.some(([w, k]) => w !== v || k < 0)) return null;
    const k = t.mono[0]?.[1] ?? 0;
    while (out.length <= k) out.push(Q.ZERO);
    out[k] = Q.add(out[k]!, t.c);
  }
  return trim(out);
}

/** A univariate polynomial as a sparse one in the variable v. */
export function fromUPoly(u: UPoly, v: string): Poly {
  let out: Poly = new Map();
  u.forEach((c, k) => {
    if (Q.isZero(c)) return;
    const mono: Monomial = k === 0 ? [] : [[v, k]];
    out = addPoly(out, new Map([[monoKey(mono), { mono, c }]]));
  });
  return out;
}

/** Substitutes rational values for variables (others stay). */
export function substitutePoly(a: Poly, values: ReadonlyMap<string, Rational>): Poly {
  let out: Poly = new Map();
  for (const t of a.values()) {
    let c = t.c;
    const mono: [string, number][] = [];
    for (const [v, k] of t.mono) {
      const val = values.get(v);
      if (val === undefined) mono.push([v, k]);
      else {
        const p = Q.pow(val, k);
        if (!p) throw new RangeError('zero to a negative power');
        c = Q.mul(c, p);
      }
    }
    out = addPoly(out, new Map([[monoKey(mono), { mono, c }]]));
  }
  return out;
}

/** The quotient and the remainder of a by b (b non-zero). */
export function udivmod(
  a: readonly Rational[],
  b: readonly Rational[],
  R: Arithmetic = Q,
): { q: UPoly; r: UPoly } {
  const p = trim(a);
  const d = trim(b);
  if (d.length === 0) throw new RangeError('division by the zero polynomial');
  if (p.length < d.length) return { q: [], r: p };
  const rem = p;
  const quo: Rational[] = new Array<Rational>(p.length - d.length + 1).fill(Q.ZERO);
  const lead = d[d.length - 1]!;
  for (let k = p.length - d.length; k >= 0; k--) {
    const c = R.div(rem[k + d.length - 1]!, lead)!;
    quo[k] = c;
    if (Q.isZero(c)) continue;
    for (let j = 0; j < d.length; j++) rem[k + j] = R.sub(rem[k + j]!, R.mul(c, d[j]!));
  }
  return { q: trim(quo), r: trim(rem.slice(0, d.length - 1)) };
}

/** The monic gcd of two univariate polynomials over Q ([] when both are zero). */
export function ugcd(a: readonly Rational[], b: readonly Rational[], R: Arithmetic = Q): UPoly {
  let x = trim(a);
  let y = trim(b);
  let guardSteps = 0;
  while (y.length > 0 && guardSteps++ < 200) {
    const { r } = udivmod(x, y, R);
    x = y;
    // Keep the remainders small: make them monic.
    y = r.length > 0 ? monic(r, R) : r;
  }
  return x.length > 0 ? monic(x, R) : x;
}

/** The polynomial divided by its leading coefficient. */
export function monic(a: readonly Rational[], R: Arithmetic = Q): UPoly {
  const t = trim(a);
  const lead = t[t.length - 1];
  if (!lead) return t;
  return t.map((c) => R.div(c, lead)!);
}

/** The derivative. */
export function uderivative(a: readonly Rational[], R: Arithmetic = Q): UPoly {
  return trim(a.slice(1).map((c, i) => R.mul(c, Q.rat(i + 1))));
}

/** Value at x in floating point (Horner). */
export function uevalFloat(a: readonly Rational[], x: number): number {
  let s = 0;
  for (let i = a.length - 1; i >= 0; i--) s = s * x + Q.toNumber(a[i]!);
  return s;
}

/** Value at a rational x, exactly (Horner). */
export function uevalExact(a: readonly Rational[], x: Rational, R: Arithmetic = Q): Rational {
  let s = Q.ZERO;
  for (let i = a.length - 1; i >= 0; i--) s = R.add(R.mul(s, x), a[i]!);
  return s;
}

/** The coefficients scaled to coprime integers (positive leading coefficient). */
export function primitiveInt(a: readonly Rational[]): bigint[] {
  const t = trim(a);
  let l = 1n;
  for (const c of t) l = (l / Q.gcdInt(l, c.d)) * c.d;
  const ints = t.map((c) => (c.n * l) / c.d);
  let g = 0n;
  for (const c of ints) g = Q.gcdInt(g, c);
  if (g === 0n) return ints;
  const s = ints[ints.length - 1]! < 0n ? -1n : 1n;
  return ints.map((c) => (c / g) * s);
}

/** The gcd of the integer coefficients (the content) of a polynomial with integer coefficients. */
export function integerContent(a: UPoly): bigint | null {
  if (a.some((c) => !Q.isInteger(c))) return null;
  let g = 0n;
  for (const c of a) g = Q.gcdInt(g, c.n);
  return g;
}

/**
 * The positive divisors of |n| in increasing order, or null when n is 0, |n| exceeds `max` (at most
 * 2^53) or it has more than `limit` divisors: the candidates of a rational-root search.
 */
export function divisors(n: bigint, max: number, limit = Infinity): bigint[] | null {
  const m = n < 0n ? -n : n;
  if (m === 0n || m > BigInt(max)) return null;
  const v = Number(m);
  const small: number[] = [];
  const large: number[] = [];
  for (let d = 1; d * d <= v; d++) {
    if (v % d === 0) {
      small.push(d);
      if (d * d !== v) large.push(v / d);
    }
  }
  if (small.length + large.length > limit) return null;
  return [...small, ...large.reverse()].map((d) => BigInt(d));
}

/** Largest coefficient whose divisors are enumerated for rational roots and quadratic factors. */
const MAX_ENUMERATED = 1e12;

/**
 * The distinct rational roots (rational-root theorem), or null when the coefficients are too large
 * to enumerate the candidates.
 */
export function rationalRoots(a: UPoly): Rational[] | null {
  let ints = primitiveInt(a);
  const roots: Rational[] = [];
  // Factor out x^k: 0 is a root.
  let k = 0;
  while (k < ints.length - 1 && ints[k] === 0n) k++;
  if (k > 0) {
    roots.push(Q.ZERO);
    ints = ints.slice(k);
  }
  if (ints.length <= 1) return roots;
  const ps = divisors(ints[0]!, MAX_ENUMERATED, 400);
  const qs = divisors(ints[ints.length - 1]!, MAX_ENUMERATED, 400);
  if (!ps || !qs) return null;
  const poly = ints.map((c) => Q.rat(c));
  const seen = new Set<string>();
  for (const p of ps) {
    for (const q of qs) {
      for (const s of [1n, -1n]) {
        const r = Q.rat(s * p, q);
        const key = Q.toString(r);
        if (seen.has(key)) continue;
        seen.add(key);
        if (Q.isZero(uevalExact(poly, r))) roots.push(r);
      }
    }
  }
  return roots;
}

/**
 * True when the polynomial cannot be factored over Q into polynomials of lower degree: degree 1;
 * degree 2 and 3 without a rational root; degree 4 without a rational root and without a pair of
 * rational quadratic factors found by a bounded search; higher degrees without a rational root
 * (assumed irreducible — a limitation). Null when the coefficients are too large to decide.
 */
export function isIrreducible(a: UPoly): boolean | null {
  const d = udegree(a);
  if (d <= 1) return true;
  const roots = rationalRoots(a);
  if (roots === null) return null;
  if (roots.length > 0) return false;
  if (d === 4) return !hasQuadraticFactor(a);
  return true;
}

/** Searches x⁴ + … = (x² + b x + c)(x² + d x + e) over the integers (after making it primitive). */
function hasQuadraticFactor(a: UPoly): boolean {
  const p = primitiveInt(a);
  if (p.length !== 5) return false;
  // Over Z (Gauss's lemma): leading coefficient l = l1·l2, constant term c = c1·c2.
  const l = p[4]!;
  const c0 = p[0]!;
  const ls = divisors(l, MAX_ENUMERATED, 60);
  const cs = divisors(c0, MAX_ENUMERATED, 200);
  if (!ls || !cs) return false;
  for (const l1 of ls) {
    const l2 = l / l1;
    for (const c1a of cs) {
      for (const s of [1n, -1n]) {
        const c1 = s * c1a;
        const c2 = c0 / c1;
        // Coefficient of x³: l1·d2 + l2·d1 = p3; of x: c1·d2 + c2·d1 = p1. Solve for d1, d2.
        const det = l1 * c2 - l2 * c1;
        if (det === 0n) {
          // Fall back to a bounded scan of d1.
          for (let d1 = -40n; d1 <= 40n; d1++) if (checkQuartic(p, l1, l2, c1, c2, d1)) return true;
          continue;
        }
        const d2num = p[3]! * c2 - l2 * p[1]!;
        const d1num = l1 * p[1]! - c1 * p[3]!;
        if (d2num % det !== 0n || d1num % det !== 0n) continue;
        const d1 = d1num / det;
        if (checkQuartic(p, l1, l2, c1, c2, d1)) return true;
      }
    }
  }
  return false;
}

function checkQuartic(p: bigint[], l1: bigint, l2: bigint, c1: bigint, c2: bigint, d1: bigint): boolean {
  // (l1 x² + d1 x + c1)(l2 x² + d2 x + c2); d2 from the x³ coefficient.
  if (l1 === 0n) return false;
  const rem = p[3]! - l2 * d1;
  if (rem % l1 !== 0n) return false;
  const d2 = rem / l1;
  return l1 * c2 + d1 * d2 + c1 * l2 === p[2]! && d1 * c2 + c1 * d2 === p[1]! && c1 * c2 === p[0]!;
}

/**
 * The distinct real roots in floating point, found by isolating them between the critical points
 * (roots of the derivative, recursively) and bisecting; roots of even multiplicity are found as
 * critical points where the value vanishes.
 */
export function realRoots(a: UPoly): number[] {
  const t = trim(a);
  const d = t.length - 1;
  if (d <= 0) return [];
  if (d === 1) return [-Q.toNumber(t[0]!) / Q.toNumber(t[1]!)];
  const coeffs = t.map(Q.toNumber);
  const lead = Math.abs(coeffs[d]!);
  // Cauchy's bound on the roots.
  const bound = 1 + Math.max(...coeffs.slice(0, d).map((c) => Math.abs(c) / lead));
  const crit = realRoots(uderivative(t)).filter((x) => x > -bound && x < bound);
  const pts = [-bound, ...crit, bound];
  const f = (x: number) => uevalFloat(t, x);
  const roots: number[] = [];
  const scale = (x: number) => coeffs.reduce((s, c, i) => s + Math.abs(c) * Math.abs(x) ** i, 0);
  for (let i = 0; i < pts.length - 1; i++) {
    const lo = pts[i]!;
    const hi = pts[i + 1]!;
    const flo = f(lo);
    const fhi = f(hi);
    if (Math.abs(flo) <= 1e-12 * scale(lo)) {
      pushRoot(roots, lo);
      continue;
    }
    if (flo * fhi < 0) pushRoot(roots, bisect(f, lo, hi));
  }
  const last = pts[pts.length - 1]!;
  if (Math.abs(f(last)) <= 1e-12 * scale(last)) pushRoot(roots, last);
  return roots.sort((x, y) => x - y);
}

function pushRoot(roots: number[], x: number): void {
  if (!roots.some((r) => Math.abs(r - x) <= 1e-9 * Math.max(1, Math.abs(x)))) roots.push(x);
}

/** A root of f in [lo, hi] where f changes sign (bisection, 200 steps at most). */
export function bisect(f: (x: number) => number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  let fa = f(a);
  for (let i = 0; i < 200; i++) {
    const m = (a + b) / 2;
    if (m === a || m === b) break;
    const fm = f(m);
    if (fm === 0) return m;
    if (fa * fm < 0) b = m;
    else {
      a = m;
      fa = fm;
    }
  }
  return (a + b) / 2;
}
