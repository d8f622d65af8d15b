/**
 * The solve checker's exact algebra in its unknown: rational functions with the points they exclude,
 * conversion of a line with parameter values and angle mode, and real roots as exact surds
 * (a + b√c) where possible. Polynomials are the dense arrays of expr/poly.ts, whose operations
 * (division, gcd, derivative, evaluation, divisors) serve here with bounded arithmetic
 * (`Q.bounded`: an `ExactSwell` past 2048 bits sends the line to the numeric solver); expr/poly.ts
 * itself is about sparse multivariate Laurent polynomials (equivalence, forms, hints).
 */
import type { Expr } from '../expr/ast';
import { divisors, primitiveInt, trim, udivmod, ugcd, uderivative, uevalExact } from '../expr/poly';
import * as Q from '../expr/rational';
import { bounded as QB, type Rational } from '../expr/rational';
import {
  cmpReal,
  realApprox,
  realOfQ,
  realOfSurd,
  surdAdd,
  surdDiv,
  surdOfQ,
  surdSqrtOfQ,
  surdToNumber,
  type RealValue,
  type Surd,
} from './real-value';

/** A polynomial with rational coefficients, lowest degree first, without trailing zeros ([] is 0). */
export type Poly = readonly Rational[];

/** A rational function num/den of the unknown (den not the zero polynomial). */
export interface RatFn {
  readonly num: Poly;
  readonly den: Poly;
}

/** Highest degree handled exactly; larger polynomials are left to the numeric solver. */
export const MAX_DEGREE = 24;

/** Largest coefficient whose divisors are tried as rational roots. */
const MAX_ENUMERATED = 10_000_000_000;

/** Degree of p (−1 for the zero polynomial). */
export function deg(p: Poly): number {
  return p.length - 1;
}

/** The constant polynomial c. */
export function pConst(c: Rational): Poly {
  return trim([c]);
}

/** p + r. */
export function pAdd(p: Poly, r: Poly): Poly {
  const out: Rational[] = [];
  for (let i = 0; i < Math.max(p.length, r.length); i++) out.push(QB.add(p[i] ?? Q.ZERO, r[i] ?? Q.ZERO));
  return trim(out);
}

/** −p. */
export function pNeg(p: Poly): Poly {
  return p.map(Q.neg);
}

/** p − r. */
export function pSub(p: Poly, r: Poly): Poly {
  return pAdd(p, pNeg(r));
}

/** p · r (degree bounded by {@link MAX_DEGREE}). */
export function pMul(p: Poly, r: Poly): Poly {
  if (p.length === 0 || r.length === 0) return [];
  if (deg(p) + deg(r) > MAX_DEGREE) throw new Q.ExactSwell();
  const out: Rational[] = new Array<Rational>(p.length + r.length - 1).fill(Q.ZERO);
  for (let i = 0; i < p.length; i++) {
    if (Q.isZero(p[i]!)) continue;
    for (let j = 0; j < r.length; j++) out[i + j] = QB.add(out[i + j]!, QB.mul(p[i]!, r[j]!));
  }
  return trim(out);
}

/** c · p. */
export function pScale(p: Poly, c: Rational): Poly {
  return trim(p.map((a) => QB.mul(a, c)));
}

/** p(x) in floating point. */
export function pEvalFloat(p: readonly number[], x: number): number {
  let acc = 0;
  for (let i = p.length - 1; i >= 0; i--) acc = acc * x + p[i]!;
  return acc;
}

/** p^k. */
export function pPow(p: Poly, k: number): Poly {
  if (k === 0) return [Q.ONE];
  if (deg(p) * k > MAX_DEGREE) throw new Q.ExactSwell();
  let out: Poly = [Q.ONE];
  for (let i = 0; i < k; i++) out = pMul(out, p);
  return out;
}

/** The constant rational of a constant rational function, or null. */
export function constOf(f: RatFn): Rational | null {
  if (deg(f.den) !== 0) return null;
  if (f.num.length === 0) return Q.ZERO;
  if (deg(f.num) !== 0) return null;
  return QB.div(f.num[0]!, f.den[0]!);
}

function rf(num: Poly, den: Poly): RatFn {
  if (den.length === 0) throw new RangeError('zero denominator');
  if (num.length === 0) return { num: [], den: [Q.ONE] };
  if (deg(den) === 0) return { num: pScale(num, QB.div(Q.ONE, den[0]!)!), den: [Q.ONE] };
  // Keep it reduced so nested fractions do not swell; excluded points are tracked separately.
  const g = ugcd(num, den, QB);
  if (deg(g) > 0) {
    num = udivmod(num, g, QB).q;
    den = udivmod(den, g, QB).q;
  }
  const lead = den[den.length - 1]!;
  return { num: pScale(num, QB.div(Q.ONE, lead)!), den: pScale(den, QB.div(Q.ONE, lead)!) };
}

/** f + g. */
export function rfAdd(f: RatFn, g: RatFn): RatFn {
  if (deg(f.den) === 0 && deg(g.den) === 0) return rf(pAdd(f.num, g.num), [Q.ONE]);
  return rf(pAdd(pMul(f.num, g.den), pMul(g.num, f.den)), pMul(f.den, g.den));
}

/** f · g. */
export function rfMul(f: RatFn, g: RatFn): RatFn {
  return rf(pMul(f.num, g.num), pMul(f.den, g.den));
}

/** −f. */
export function rfNeg(f: RatFn): RatFn {
  return { num: pNeg(f.num), den: f.den };
}

/** f / g, or null when g is the zero function. */
export function rfDiv(f: RatFn, g: RatFn): RatFn | null {
  if (g.num.length === 0) return null;
  return rf(pMul(f.num, g.den), pMul(f.den, g.num));
}

/** The environment of an exact conversion: the unknown, parameter values, the angle mode. */
export interface ExactEnv {
  readonly variable: string;
  readonly params: Readonly<Record<string, Rational>>;
  readonly degrees: boolean;
}

/** A rational function with the polynomials whose zeros are outside the domain (denominators). */
export interface ExactForm {
  readonly f: RatFn;
  readonly excluded: readonly Poly[];
}

/** Ends a conversion early. Not an Error: no stack is captured, so giving up is cheap. */
class NotRational {}
const NOT_RATIONAL = new NotRational();

/**
 * Converts an expression into a rational function of the unknown with rational coefficients, or
 * null when it is not one (roots of the unknown, logarithms, trigonometry, π…) or would swell.
 */
export function toExact(e: Expr, env: ExactEnv): ExactForm | null {
  const excluded: Poly[] = [];
  const conv = (x: Expr): RatFn => {
    switch (x.type) {
      case 'number': {
        const v = QB.fromText(x.text);
        if (!v) throw NOT_RATIONAL;
        return { num: pConst(v), den: [Q.ONE] };
      }
      case 'symbol': {
        if (x.name === env.variable) return { num: [Q.ZERO, Q.ONE], den: [Q.ONE] };
        const p = env.params[x.name];
        if (p) return { num: pConst(p), den: [Q.ONE] };
        throw NOT_RATIONAL;
      }
      case 'add':
        return x.args.map(conv).reduce(rfAdd);
      case 'mul':
        return x.args.map(conv).reduce(rfMul);
      case 'neg':
        return rfNeg(conv(x.arg));
      case 'div': {
        const n = conv(x.num);
        const d = conv(x.den);
        if (deg(d.num) > 0) excluded.push(d.num);
        const r = rfDiv(n, d);
        if (!r) throw NOT_RATIONAL;
        return r;
      }
      case 'pow': {
        const b = conv(x.base);
        const ef = conv(x.exp);
        const k = constOf(ef);
        if (!k) throw NOT_RATIONAL;
        const bc = constOf(b);
        if (!Q.isInteger(k)) {
          // A rational power of a constant: exact only when the root is rational (8^{1/3} = 2).
          if (!bc || k.d > 12n) throw NOT_RATIONAL;
          const r = Q.root(bc, Number(k.d));
          const p = r ? QB.pow(r, Number(k.n)) : null;
          if (!p) throw NOT_RATIONAL;
          return { num: pConst(p), den: [Q.ONE] };
        }
        const kk = Number(k.n);
        if (bc) {
          if (Math.abs(kk) > 4096) throw new Q.ExactSwell();
          const p = QB.pow(bc, kk);
          if (!p) throw NOT_RATIONAL;
          return { num: pConst(p), den: [Q.ONE] };
        }
        if (Math.abs(kk) > MAX_DEGREE) throw new Q.ExactSwell();
        if (kk >= 0) return rf(pPow(b.num, kk), pPow(b.den, kk));
        if (deg(b.num) > 0) excluded.push(b.num);
        return rf(pPow(b.den, -kk), pPow(b.num, -kk));
      }
      case 'root': {
        const a = constOf(conv(x.arg));
        const idx = x.index ? constOf(conv(x.index)) : Q.rat(2);
        if (!a || !idx || !Q.isInteger(idx)) throw NOT_RATIONAL;
        const r = Q.root(a, Number(idx.n));
        if (!r) throw NOT_RATIONAL;
        return { num: pConst(r), den: [Q.ONE] };
      }
      case 'fn': {
        if (x.name === 'degrees' && env.degrees) return conv(x.args[0]!);
        if (x.name === 'abs') {
          const a = constOf(conv(x.args[0]!));
          if (!a) throw NOT_RATIONAL;
          return { num: pConst(Q.sign(a) < 0 ? Q.neg(a) : a), den: [Q.ONE] };
        }
        throw NOT_RATIONAL;
      }
      default:
        throw NOT_RATIONAL;
    }
  };
  try {
    return { f: conv(e), excluded };
  } catch (err) {
    if (err instanceof NotRational || err instanceof Q.ExactSwell || err instanceof RangeError) return null;
    throw err;
  }
}

/**
 * The distinct real roots of a non-zero polynomial, sorted: exact for rational roots, for what is
 * left of degree 2 (quadratic formula) and for biquadratics; numeric (with error bounds) otherwise.
 */
export function realRoots(p: Poly): RealValue[] {
  if (deg(p) <= 0) return [];
  let sq = p;
  try {
    const g = ugcd(p, uderivative(p, QB), QB);
    if (deg(g) > 0) sq = udivmod(p, g, QB).q;
  } catch (err) {
    if (!(err instanceof Q.ExactSwell)) throw err;
  }
  const roots: RealValue[] = [];
  let rest = sq;
  // Zero roots.
  if (Q.isZero(rest[0]!)) {
    roots.push(realOfQ(Q.ZERO));
    let k = 0;
    while (Q.isZero(rest[k]!)) k++;
    rest = rest.slice(k);
  }
  // Rational roots (degrees 1 and 2 are solved exactly below anyway).
  if (deg(rest) >= 3) {
    const ints = primitiveInt(rest);
    const ps = divisors(ints[0]!, MAX_ENUMERATED);
    const qs = divisors(ints[ints.length - 1]!, MAX_ENUMERATED);
    if (ps && qs && ps.length * qs.length <= 4000) {
      const seen = new Set<string>();
      for (const dp of ps) {
        for (const dq of qs) {
          if (deg(rest) < 1) break;
          for (const sign of [1n, -1n]) {
            const cand = QB.rat(sign * dp, dq);
            const key = `${cand.n}/${cand.d}`;
            if (seen.has(key)) continue;
            seen.add(key);
            if (Q.isZero(uevalExact(rest, cand, QB))) {
              roots.push(realOfQ(cand));
              rest = udivmod(rest, [Q.neg(cand), Q.ONE], QB).q;
            }
          }
        }
      }
    }
  }
  roots.push(...irrationalRoots(rest));
  return roots.sort(cmpReal);
}

function irrationalRoots(p: Poly): RealValue[] {
  const d = deg(p);
  if (d <= 0) return [];
  if (d === 1) return [realOfQ(Q.neg(QB.div(p[0]!, p[1]!)!))];
  if (d === 2) return quadraticRoots(p[2]!, p[1]!, p[0]!).map(realOfSurd);
  if (d === 4 && Q.isZero(p[1]!) && Q.isZero(p[3]!)) {
    // Biquadratic: y = x², then x = ±√y.
    const ys = quadraticRoots(p[4]!, p[2]!, p[0]!);
    const out: RealValue[] = [];
    for (const y of ys) {
      const yv = surdToNumber(y);
      if (yv <= 0) continue;
      const s = Q.isZero(y.b) ? surdSqrtOfQ(y.a) : null;
      if (s) out.push(realOfSurd(s), realOfSurd({ a: Q.neg(s.a), b: Q.neg(s.b), c: s.c }));
      else out.push(realApprox(Math.sqrt(yv), 1e-13), realApprox(-Math.sqrt(yv), 1e-13));
    }
    return out;
  }
  return numericPolyRoots(p.map(Q.toNumber)).map((v) => realApprox(v, 1e-10));
}

/** Real roots of a·x² + b·x + c (a ≠ 0) as surds. */
export function quadraticRoots(a: Rational, b: Rational, c: Rational): Surd[] {
  const disc = QB.sub(QB.mul(b, b), QB.mul(Q.rat(4), QB.mul(a, c)));
  const s = Q.sign(disc);
  if (s < 0) return [];
  const twoA = QB.mul(Q.rat(2), a);
  const minusB = surdOfQ(Q.neg(b));
  if (s === 0) return [surdDiv(minusB, surdOfQ(twoA))!];
  const r = surdSqrtOfQ(disc);
  if (!r) {
    const dv = Math.sqrt(Q.toNumber(disc));
    const bv = Q.toNumber(b);
    const av = Q.toNumber(a);
    // Not representable (huge discriminant): approximate with a rational.
    return [(-bv - dv) / (2 * av), (-bv + dv) / (2 * av)].map((v) => surdOfQ(QB.fromNumber(v)));
  }
  const plus = surdDiv(surdAdd(minusB, r)!, surdOfQ(twoA))!;
  const minus = surdDiv(surdAdd(minusB, { a: Q.neg(r.a), b: Q.neg(r.b), c: r.c })!, surdOfQ(twoA))!;
  return [minus, plus];
}

/**
 * Real roots of a float polynomial by splitting at the roots of its derivative (monotone pieces)
 * and bisecting each sign change. Meant for square-free polynomials.
 */
export function numericPolyRoots(c: readonly number[]): number[] {
  let n = c.length - 1;
  while (n > 0 && c[n] === 0) n--;
  const p = c.slice(0, n + 1);
  if (n <= 0) return [];
  if (n === 1) return [-p[0]! / p[1]!];
  const lead = p[n]!;
  let bound = 1;
  for (let i = 0; i < n; i++) bound = Math.max(bound, 1 + Math.abs(p[i]! / lead));
  const dp = p.slice(1).map((a, i) => a * (i + 1));
  const crit = numericPolyRoots(dp).filter((x) => x > -bound && x < bound);
  const pts = [-bound, ...crit, bound];
  const roots: number[] = [];
  const scale = p.reduce((s, a) => s + Math.abs(a), 0);
  for (let i = 0; i + 1 < pts.length; i++) {
    let lo = pts[i]!;
    let hi = pts[i + 1]!;
    let flo = pEvalFloat(p, lo);
    const fhi = pEvalFloat(p, hi);
    if (Math.abs(flo) <= 1e-13 * scale * Math.max(1, Math.abs(lo) ** n)) {
      if (i > 0) roots.push(lo);
      continue;
    }
    if (flo * fhi > 0) continue;
    for (let k = 0; k < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(lo)); k++) {
      const mid = (lo + hi) / 2;
      const fm = pEvalFloat(p, mid);
      if (fm === 0) {
        lo = hi = mid;
        break;
      }
      if (fm * flo < 0) hi = mid;
      else {
        lo = mid;
        flo = fm;
      }
    }
    roots.push((lo + hi) / 2);
  }
  const last = pts[pts.length - 1]!;
  if (Math.abs(pEvalFloat(p, last)) === 0) roots.push(last);
  return dedupe(roots.sort((a, b) => a - b));
}

function dedupe(xs: number[]): number[] {
  const out: number[] = [];
  for (const x of xs)
    if (!out.length || Math.abs(out[out.length - 1]! - x) > 1e-12 * Math.max(1, Math.abs(x))) out.push(x);
  return out;
}

/** Sign of f at a rational point: −1, 0, 1, or null where f is undefined (den = 0). */
export function rfSignAt(f: RatFn, x: Rational): -1 | 0 | 1 | null {
  const d = uevalExact(f.den, x, QB);
  if (Q.isZero(d)) return null;
  return (Q.sign(uevalExact(f.num, x, QB)) * Q.sign(d)) as -1 | 0 | 1;
}
