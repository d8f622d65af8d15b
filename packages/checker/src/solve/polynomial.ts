import type { Expr } from '../expr/ast';
import {
  ExactSwell,
  gcd,
  q,
  qAdd,
  qDiv,
  qFromFloat,
  qFromText,
  qIsInteger,
  qIsZero,
  qMul,
  qNeg,
  qPow,
  qRoot,
  qSign,
  qSub,
  qToNumber,
  Q0,
  Q1,
  type Q,
} from './rational';
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
export type Poly = readonly Q[];

/** A rational function num/den of the unknown (den not the zero polynomial). */
export interface RatFn {
  readonly num: Poly;
  readonly den: Poly;
}

/** Highest degree handled exactly; larger polynomials are left to the numeric solver. */
export const MAX_DEGREE = 24;

function trim(p: Q[]): Q[] {
  let n = p.length;
  while (n > 0 && qIsZero(p[n - 1]!)) n--;
  return p.slice(0, n);
}

/** Degree of p (−1 for the zero polynomial). */
export function deg(p: Poly): number {
  return p.length - 1;
}

/** The constant polynomial c. */
export function pConst(c: Q): Poly {
  return trim([c]);
}

/** p + r. */
export function pAdd(p: Poly, r: Poly): Poly {
  const out: Q[] = [];
  for (let i = 0; i < Math.max(p.length, r.length); i++) out.push(qAdd(p[i] ?? Q0, r[i] ?? Q0));
  return trim(out);
}

/** −p. */
export function pNeg(p: Poly): Poly {
  return p.map(qNeg);
}

/** p − r. */
export function pSub(p: Poly, r: Poly): Poly {
  return pAdd(p, pNeg(r));
}

/** p · r (degree bounded by {@link MAX_DEGREE}). */
export function pMul(p: Poly, r: Poly): Poly {
  if (p.length === 0 || r.length === 0) return [];
  if (deg(p) + deg(r) > MAX_DEGREE) throw new ExactSwell();
  const out: Q[] = new Array<Q>(p.length + r.length - 1).fill(Q0);
  for (let i = 0; i < p.length; i++) {
    if (qIsZero(p[i]!)) continue;
    for (let j = 0; j < r.length; j++) out[i + j] = qAdd(out[i + j]!, qMul(p[i]!, r[j]!));
  }
  return trim(out);
}

/** c · p. */
export function pScale(p: Poly, c: Q): Poly {
  return trim(p.map((a) => qMul(a, c)));
}

/** Exact division with remainder over Q (r ≠ 0). */
export function pDivmod(p: Poly, r: Poly): [Poly, Poly] {
  if (r.length === 0) throw new RangeError('division by the zero polynomial');
  if (p.length < r.length) return [[], p];
  const rem: Q[] = [...p];
  const quo: Q[] = new Array<Q>(p.length - r.length + 1).fill(Q0);
  const lead = r[r.length - 1]!;
  for (let k = p.length - r.length; k >= 0; k--) {
    const c = qDiv(rem[k + r.length - 1]!, lead)!;
    quo[k] = c;
    if (qIsZero(c)) continue;
    for (let j = 0; j < r.length; j++) rem[k + j] = qSub(rem[k + j]!, qMul(c, r[j]!));
  }
  return [trim(quo), trim(rem.slice(0, r.length - 1))];
}

/** The monic greatest common divisor of p and r. */
export function pGcd(p: Poly, r: Poly): Poly {
  let a = p;
  let b = r;
  while (b.length > 0) {
    const [, rem] = pDivmod(a, b);
    a = b;
    b = rem;
  }
  if (a.length === 0) return [];
  return pScale(a, qDiv(Q1, a[a.length - 1]!)!);
}

/** p′. */
export function pDeriv(p: Poly): Poly {
  return trim(p.slice(1).map((a, i) => qMul(a, q(i + 1))));
}

/** p(x) exactly. */
export function pEval(p: Poly, x: Q): Q {
  let acc = Q0;
  for (let i = p.length - 1; i >= 0; i--) acc = qAdd(qMul(acc, x), p[i]!);
  return acc;
}

/** p(x) in floating point. */
export function pEvalFloat(p: readonly number[], x: number): number {
  let acc = 0;
  for (let i = p.length - 1; i >= 0; i--) acc = acc * x + p[i]!;
  return acc;
}

/** p^k. */
export function pPow(p: Poly, k: number): Poly {
  if (k === 0) return [Q1];
  if (deg(p) * k > MAX_DEGREE) throw new ExactSwell();
  let out: Poly = [Q1];
  for (let i = 0; i < k; i++) out = pMul(out, p);
  return out;
}

/** The constant rational of a constant rational function, or null. */
export function constOf(f: RatFn): Q | null {
  if (deg(f.den) !== 0) return null;
  if (f.num.length === 0) return Q0;
  if (deg(f.num) !== 0) return null;
  return qDiv(f.num[0]!, f.den[0]!);
}

function rf(num: Poly, den: Poly): RatFn {
  if (den.length === 0) throw new RangeError('zero denominator');
  if (num.length === 0) return { num: [], den: [Q1] };
  if (deg(den) === 0) return { num: pScale(num, qDiv(Q1, den[0]!)!), den: [Q1] };
  // Keep it reduced so nested fractions do not swell; excluded points are tracked separately.
  const g = pGcd(num, den);
  if (deg(g) > 0) {
    num = pDivmod(num, g)[0];
    den = pDivmod(den, g)[0];
  }
  const lead = den[den.length - 1]!;
  return { num: pScale(num, qDiv(Q1, lead)!), den: pScale(den, qDiv(Q1, lead)!) };
}

/** f + g. */
export function rfAdd(f: RatFn, g: RatFn): RatFn {
  if (deg(f.den) === 0 && deg(g.den) === 0) return rf(pAdd(f.num, g.num), [Q1]);
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
  readonly params: Readonly<Record<string, Q>>;
  readonly degrees: boolean;
}

/** A rational function with the polynomials whose zeros are outside the domain (denominators). */
export interface ExactForm {
  readonly f: RatFn;
  readonly excluded: readonly Poly[];
}

class NotRational extends Error {}

/**
 * Converts an expression into a rational function of the unknown with rational coefficients, or
 * null when it is not one (roots of the unknown, logarithms, trigonometry, π…) or would swell.
 */
export function toExact(e: Expr, env: ExactEnv): ExactForm | null {
  const excluded: Poly[] = [];
  const conv = (x: Expr): RatFn => {
    switch (x.type) {
      case 'number': {
        const v = qFromText(x.text);
        if (!v) throw new NotRational();
        return { num: pConst(v), den: [Q1] };
      }
      case 'symbol': {
        if (x.name === env.variable) return { num: [Q0, Q1], den: [Q1] };
        const p = env.params[x.name];
        if (p) return { num: pConst(p), den: [Q1] };
        throw new NotRational();
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
        if (!r) throw new NotRational();
        return r;
      }
      case 'pow': {
        const b = conv(x.base);
        const ef = conv(x.exp);
        const k = constOf(ef);
        if (!k) throw new NotRational();
        const bc = constOf(b);
        if (!qIsInteger(k)) {
          // A rational power of a constant: exact only when the root is rational (8^{1/3} = 2).
          if (!bc || k.d > 12n) throw new NotRational();
          const r = qRoot(bc, Number(k.d));
          const p = r ? qPow(r, Number(k.n)) : null;
          if (!p) throw new NotRational();
          return { num: pConst(p), den: [Q1] };
        }
        const kk = Number(k.n);
        if (bc) {
          if (Math.abs(kk) > 4096) throw new ExactSwell();
          const p = qPow(bc, kk);
          if (!p) throw new NotRational();
          return { num: pConst(p), den: [Q1] };
        }
        if (Math.abs(kk) > MAX_DEGREE) throw new ExactSwell();
        if (kk >= 0) return rf(pPow(b.num, kk), pPow(b.den, kk));
        if (deg(b.num) > 0) excluded.push(b.num);
        return rf(pPow(b.den, -kk), pPow(b.num, -kk));
      }
      case 'root': {
        const a = constOf(conv(x.arg));
        const idx = x.index ? constOf(conv(x.index)) : q(2);
        if (!a || !idx || !qIsInteger(idx)) throw new NotRational();
        const r = qRoot(a, Number(idx.n));
        if (!r) throw new NotRational();
        return { num: pConst(r), den: [Q1] };
      }
      case 'fn': {
        if (x.name === 'degrees' && env.degrees) return conv(x.args[0]!);
        if (x.name === 'abs') {
          const a = constOf(conv(x.args[0]!));
          if (!a) throw new NotRational();
          return { num: pConst(qSign(a) < 0 ? qNeg(a) : a), den: [Q1] };
        }
        throw new NotRational();
      }
      default:
        throw new NotRational();
    }
  };
  try {
    return { f: conv(e), excluded };
  } catch (err) {
    if (err instanceof NotRational || err instanceof ExactSwell || err instanceof RangeError) return null;
    throw err;
  }
}

/** Divisors of a positive integer up to 1e10, or null when it is larger (then no rational-root search). */
function divisors(n: bigint): bigint[] | null {
  if (n < 0n) n = -n;
  if (n === 0n || n > 10_000_000_000n) return null;
  const m = Number(n);
  const small: number[] = [];
  const large: number[] = [];
  for (let d = 1; d * d <= m; d++) {
    if (m % d === 0) {
      small.push(d);
      if (d * d !== m) large.push(m / d);
    }
  }
  return [...small, ...large.reverse()].map((d) => BigInt(d));
}

/** p scaled to integer coefficients with no common factor. */
function primitive(p: Poly): bigint[] {
  let l = 1n;
  for (const c of p) l = (l * c.d) / gcd(l, c.d);
  const ints = p.map((c) => (c.n * l) / c.d);
  let g = 0n;
  for (const c of ints) g = gcd(g, c);
  return ints.map((c) => c / (g === 0n ? 1n : g));
}

/**
 * The distinct real roots of a non-zero polynomial, sorted: exact for rational roots, for what is
 * left of degree 2 (quadratic formula) and for biquadratics; numeric (with error bounds) otherwise.
 */
export function realRoots(p: Poly): RealValue[] {
  if (deg(p) <= 0) return [];
  let sq = p;
  try {
    const g = pGcd(p, pDeriv(p));
    if (deg(g) > 0) sq = pDivmod(p, g)[0];
  } catch (err) {
    if (!(err instanceof ExactSwell)) throw err;
  }
  const roots: RealValue[] = [];
  let rest = sq;
  // Zero roots.
  if (qIsZero(rest[0]!)) {
    roots.push(realOfQ(Q0));
    let k = 0;
    while (qIsZero(rest[k]!)) k++;
    rest = rest.slice(k);
  }
  // Rational roots (degrees 1 and 2 are solved exactly below anyway).
  if (deg(rest) >= 3) {
    const ints = primitive(rest);
    const ps = divisors(ints[0]!);
    const qs = divisors(ints[ints.length - 1]!);
    if (ps && qs && ps.length * qs.length <= 4000) {
      const seen = new Set<string>();
      for (const dp of ps) {
        for (const dq of qs) {
          if (deg(rest) < 1) break;
          for (const sign of [1n, -1n]) {
            const cand = q(sign * dp, dq);
            const key = `${cand.n}/${cand.d}`;
            if (seen.has(key)) continue;
            seen.add(key);
            if (qIsZero(pEval(rest, cand))) {
              roots.push(realOfQ(cand));
              rest = pDivmod(rest, [qNeg(cand), Q1])[0];
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
  if (d === 1) return [realOfQ(qNeg(qDiv(p[0]!, p[1]!)!))];
  if (d === 2) return quadraticRoots(p[2]!, p[1]!, p[0]!).map(realOfSurd);
  if (d === 4 && qIsZero(p[1]!) && qIsZero(p[3]!)) {
    // Biquadratic: y = x², then x = ±√y.
    const ys = quadraticRoots(p[4]!, p[2]!, p[0]!);
    const out: RealValue[] = [];
    for (const y of ys) {
      const yv = surdToNumber(y);
      if (yv <= 0) continue;
      const s = qIsZero(y.b) ? surdSqrtOfQ(y.a) : null;
      if (s) out.push(realOfSurd(s), realOfSurd({ a: qNeg(s.a), b: qNeg(s.b), c: s.c }));
      else out.push(realApprox(Math.sqrt(yv), 1e-13), realApprox(-Math.sqrt(yv), 1e-13));
    }
    return out;
  }
  return numericPolyRoots(p.map(qToNumber)).map((v) => realApprox(v, 1e-10));
}

/** Real roots of a·x² + b·x + c (a ≠ 0) as surds. */
export function quadraticRoots(a: Q, b: Q, c: Q): Surd[] {
  const disc = qSub(qMul(b, b), qMul(q(4), qMul(a, c)));
  const s = qSign(disc);
  if (s < 0) return [];
  const twoA = qMul(q(2), a);
  const minusB = surdOfQ(qNeg(b));
  if (s === 0) return [surdDiv(minusB, surdOfQ(twoA))!];
  const r = surdSqrtOfQ(disc);
  if (!r) {
    const dv = Math.sqrt(qToNumber(disc));
    const bv = qToNumber(b);
    const av = qToNumber(a);
    // Not representable (huge discriminant): approximate with a rational.
    return [(-bv - dv) / (2 * av), (-bv + dv) / (2 * av)].map((v) => surdOfQ(qFromFloat(v)));
  }
  const plus = surdDiv(surdAdd(minusB, r)!, surdOfQ(twoA))!;
  const minus = surdDiv(surdAdd(minusB, { a: qNeg(r.a), b: qNeg(r.b), c: r.c })!, surdOfQ(twoA))!;
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
export function rfSignAt(f: RatFn, x: Q): -1 | 0 | 1 | null {
  const d = pEval(f.den, x);
  if (qIsZero(d)) return null;
  return (qSign(pEval(f.num, x)) * qSign(d)) as -1 | 0 | 1;
}
