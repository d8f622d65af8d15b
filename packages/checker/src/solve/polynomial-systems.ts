import { mapChildren, type Expr } from '../expr/ast';
import { rationalToExpr } from '../expr/literals';
import {
  addPoly,
  constantOf,
  degreeIn,
  isPolynomial,
  isZeroPoly,
  mulPoly,
  polyVariables,
  powPoly,
  ratFunFromExpr,
  clearLaurent,
  scalePoly,
  monoKey,
  type Poly,
  type Term,
  toUPoly,
  trim,
  udegree,
  ugcd,
  type UPoly,
} from '../expr/poly';
import * as Q from '../expr/rational';
import { bounded as QB, type Rational } from '../expr/rational';
import { realRoots } from './polynomial';
import {
  rationalOf,
  realApprox,
  realOfSurd,
  surdAdd,
  surdMul,
  surdOfQ,
  type RealValue,
  type Surd,
} from './real-value';
import type { ParamSample } from './samples';

/**
 * Exact solving of polynomial systems over the reals: the real points of f₁ = … = fₖ = 0 (with the
 * denominators of rational equations ≠ 0). An equation linear in one unknown with a constant
 * coefficient is used to eliminate that unknown; two unknowns that remain are separated by
 * resultants (Res_y(f, g) is a polynomial in x that vanishes at the x of every common root); one
 * unknown is solved from the gcd of its polynomials. Gives up (null) when the set is not finite, a
 * degree passes {@link SYSTEM_LIMITS}, or an equation is not polynomial.
 */

/** Bounds of the exact system solver. */
export const SYSTEM_LIMITS = {
  /** Degree in one unknown of an equation entering a resultant. */
  maxDegree: 8,
  /** Degree of a resultant. */
  maxResultantDegree: 24,
} as const;

/** One equation f = 0, with what must not vanish. */
export interface PolyEquation {
  readonly f: Poly;
  readonly den: Poly;
}

/** Ends a computation early. Not an Error: no stack is captured. */
class GiveUp {}
const GIVE_UP = new GiveUp();

/**
 * The polynomial equation of `a = b` for one parameter sample (parameters and named constants
 * replaced by their values), in the given unknowns only; null when it is not rational in them.
 */
export function polyEquation(
  a: Expr,
  b: Expr,
  unknowns: readonly string[],
  sample: ParamSample,
  substitutions: Readonly<Record<string, Expr>> = {},
): PolyEquation | null {
  const replace = (e: Expr): Expr => {
    if (e.type === 'symbol') {
      if (unknowns.includes(e.name)) return e;
      const v = sample.exact[e.name];
      if (v) return rationalToExpr(v);
      const s = substitutions[e.name];
      if (s) return s;
      return e;
    }
    return mapChildren(e, replace);
  };
  const r = ratFunFromExpr(replace({ type: 'add', args: [a, { type: 'neg', arg: b }] }));
  if (!r) return null;
  const c = clearLaurent(r);
  if (!isPolynomial(c.num) || !isPolynomial(c.den)) return null;
  for (const v of [...polyVariables(c.num), ...polyVariables(c.den)]) if (!unknowns.includes(v)) return null;
  return { f: c.num, den: c.den };
}

/** The real points of a polynomial system in `unknowns` (values in that order), or null. */
export function solvePolynomialSystem(
  equations: readonly PolyEquation[],
  unknowns: readonly string[],
): RealValue[][] | null {
  try {
    const points = solve(
      equations.map((e) => e.f).filter((f) => !isZeroPoly(f)),
      unknowns,
    );
    if (!points) return null;
    return points.filter((p) => equations.every((e) => nonZeroAt(e.den, unknowns, p)));
  } catch (err) {
    if (err instanceof GiveUp || err instanceof Q.ExactSwell || err instanceof RangeError) return null;
    throw err;
  }
}

function solve(polys: readonly Poly[], unknowns: readonly string[]): RealValue[][] | null {
  // A non-zero constant equation has no solution.
  for (const p of polys) {
    const c = constantOf(p);
    if (c && !Q.isZero(c)) return [];
  }
  const live = polys.filter((p) => !constantOf(p));
  if (unknowns.length === 0) return [[]];
  if (live.length === 0) return null;
  // Unknowns no equation mentions are free: infinitely many points.
  const mentioned = new Set(live.flatMap((p) => [...polyVariables(p)]));
  if (unknowns.some((u) => !mentioned.has(u))) return null;

  if (unknowns.length === 1) return solveOne(live, unknowns[0]!);

  // Eliminate an unknown that some equation gives linearly, with a constant coefficient.
  for (let i = 0; i < live.length; i++) {
    for (let ui = 0; ui < unknowns.length; ui++) {
      const u = unknowns[ui]!;
      const value = linearSolution(live[i]!, u);
      if (!value) continue;
      const rest = unknowns.filter((_, j) => j !== ui);
      const others = live.filter((_, j) => j !== i).map((p) => substitute(p, u, value));
      const sub = solve(others, rest);
      if (!sub) return null;
      return sub.map((point) => {
        const uv = evaluate(value, rest, point);
        const out = [...point];
        out.splice(ui, 0, uv);
        return out;
      });
    }
  }
  if (unknowns.length !== 2) return null;
  return solveTwo(live, unknowns[0]!, unknowns[1]!);
}

function solveOne(polys: readonly Poly[], v: string): RealValue[][] | null {
  let g: UPoly | null = null;
  for (const p of polys) {
    const u = toUPoly(p, v);
    if (!u) throw GIVE_UP;
    g = g ? ugcd(g, u, QB) : u;
  }
  if (!g || udegree(g) < 0) return null;
  if (udegree(g) > SYSTEM_LIMITS.maxResultantDegree) throw GIVE_UP;
  return realRoots(g).map((r) => [r]);
}

/** Two unknowns: the x of each common root from Res_y, the y from Res_x, then each pair tried. */
function solveTwo(polys: readonly Poly[], x: string, y: string): RealValue[][] | null {
  let xs: RealValue[] | null = null;
  let ys: RealValue[] | null = null;
  for (let i = 0; i < polys.length && !(xs && ys); i++)
    for (let j = i + 1; j < polys.length && !(xs && ys); j++) {
      const f = polys[i]!;
      const g = polys[j]!;
      if (!xs) {
        const r = resultant(f, g, y, x);
        if (udegree(r) >= 0) xs = udegree(r) === 0 ? [] : realRoots(r);
      }
      if (!ys) {
        const r = resultant(f, g, x, y);
        if (udegree(r) >= 0) ys = udegree(r) === 0 ? [] : realRoots(r);
      }
    }
  // Every resultant vanishing means a common factor: a curve of solutions (or none over ℝ).
  if (!xs || !ys) return null;
  const out: RealValue[][] = [];
  for (const xv of xs)
    for (const yv of ys) {
      const point = [xv, yv];
      if (polys.every((p) => zeroAt(p, [x, y], point))) out.push(point);
    }
  return out;
}

/** u = value when p is c·u + rest with c a non-zero constant and rest free of u. */
function linearSolution(p: Poly, u: string): Poly | null {
  if (degreeIn(p, u) !== 1) return null;
  let c: Rational | null = null;
  let rest: Poly = new Map();
  for (const t of p.values()) {
    const k = t.mono.find(([v]) => v === u)?.[1] ?? 0;
    if (k === 0) rest = addPoly(rest, new Map([[monoKey(t.mono), t]]));
    else if (t.mono.length === 1 && c === null) c = t.c;
    else return null;
  }
  if (!c) return null;
  return scalePoly(rest, QB.div(Q.rat(-1), c)!);
}

/** p with u replaced by the polynomial q. */
function substitute(p: Poly, u: string, q: Poly): Poly {
  let out: Poly = new Map();
  for (const t of p.values()) {
    const k = t.mono.find(([v]) => v === u)?.[1] ?? 0;
    const mono = t.mono.filter(([v]) => v !== u);
    const base: Poly = new Map([[monoKey(mono), { mono, c: t.c } satisfies Term]]);
    out = addPoly(out, k === 0 ? base : mulPoly(base, powPoly(q, k)));
  }
  return out;
}

/** The value of p at a point: exact when every coordinate is exact (and one radicand), else a float. */
function evaluate(p: Poly, vars: readonly string[], point: readonly RealValue[]): RealValue {
  if (point.every((x) => x.exact)) {
    let sum: Surd | null = surdOfQ(Q.ZERO);
    for (const t of p.values()) {
      let term: Surd | null = surdOfQ(t.c);
      for (const [v, k] of t.mono)
        for (let i = 0; i < k && term; i++) term = surdMul(term, point[vars.indexOf(v)]!.exact!);
      sum = sum && term ? surdAdd(sum, term) : null;
      if (!sum) break;
    }
    if (sum) return realOfSurd(sum);
  }
  const { value } = floatValue(p, vars, point);
  return realApprox(value, 1e-10);
}

function floatValue(
  p: Poly,
  vars: readonly string[],
  point: readonly RealValue[],
): { value: number; scale: number } {
  let value = 0;
  let scale = 0;
  for (const t of p.values()) {
    let term = Q.toNumber(t.c);
    for (const [v, k] of t.mono) term *= point[vars.indexOf(v)]!.v ** k;
    value += term;
    scale += Math.abs(term);
  }
  return { value, scale };
}

function zeroAt(p: Poly, vars: readonly string[], point: readonly RealValue[]): boolean {
  const exact = point.map(rationalOf);
  if (exact.every((r) => r !== null)) {
    const v = evaluate(p, vars, point).exact!;
    return Q.isZero(v.a) && Q.isZero(v.b);
  }
  const { value, scale } = floatValue(p, vars, point);
  return Math.abs(value) <= 1e-9 * Math.max(1, scale);
}

function nonZeroAt(p: Poly, vars: readonly string[], point: readonly RealValue[]): boolean {
  if (constantOf(p)) return true;
  return !zeroAt(p, vars, point);
}

/**
 * The resultant of f and g with respect to v, as a polynomial in w (both must be polynomials in v
 * and w only): the determinant of their Sylvester matrix, computed at deg + 1 integer values of w
 * and interpolated.
 */
export function resultant(f: Poly, g: Poly, v: string, w: string): UPoly {
  const cf = coefficientsIn(f, v, w);
  const cg = coefficientsIn(g, v, w);
  const m = cf.length - 1;
  const n = cg.length - 1;
  if (m < 0 || n < 0) return [];
  if (m === 0 && n === 0) return [Q.ONE];
  if (m > SYSTEM_LIMITS.maxDegree || n > SYSTEM_LIMITS.maxDegree) throw GIVE_UP;
  const dx = (c: readonly UPoly[]) => Math.max(0, ...c.map(udegree));
  const bound = n * dx(cf) + m * dx(cg);
  if (bound > SYSTEM_LIMITS.maxResultantDegree) throw GIVE_UP;
  const xs: Rational[] = [];
  const ys: Rational[] = [];
  for (let i = 0; i <= bound; i++) {
    const t = Q.rat(i);
    const a = cf.map((c) => horner(c, t));
    const b = cg.map((c) => horner(c, t));
    xs.push(t);
    ys.push(sylvesterDeterminant(a, b));
  }
  return interpolate(xs, ys);
}

/** f as Σ cᵢ(w)·vⁱ: the coefficients cᵢ, dense in w. */
function coefficientsIn(p: Poly, v: string, w: string): UPoly[] {
  const out: UPoly[] = [];
  for (const t of p.values()) {
    let kv = 0;
    let kw = 0;
    for (const [name, k] of t.mono) {
      if (name === v) kv = k;
      else if (name === w) kw = k;
      else throw GIVE_UP;
    }
    while (out.length <= kv) out.push([]);
    const c = out[kv]!;
    while (c.length <= kw) c.push(Q.ZERO);
    c[kw] = QB.add(c[kw]!, t.c);
  }
  while (out.length > 0 && udegree(out[out.length - 1]!) < 0) out.pop();
  return out;
}

function horner(c: readonly Rational[], t: Rational): Rational {
  let s = Q.ZERO;
  for (let i = c.length - 1; i >= 0; i--) s = QB.add(QB.mul(s, t), c[i]!);
  return s;
}

/** det of the Sylvester matrix of a (degree m) and b (degree n), coefficients low first. */
function sylvesterDeterminant(a: readonly Rational[], b: readonly Rational[]): Rational {
  const m = a.length - 1;
  const n = b.length - 1;
  const size = m + n;
  const rows: Rational[][] = [];
  for (let i = 0; i < n; i++) {
    const row = new Array<Rational>(size).fill(Q.ZERO);
    for (let k = 0; k <= m; k++) row[i + k] = a[m - k]!;
    rows.push(row);
  }
  for (let i = 0; i < m; i++) {
    const row = new Array<Rational>(size).fill(Q.ZERO);
    for (let k = 0; k <= n; k++) row[i + k] = b[n - k]!;
    rows.push(row);
  }
  return determinant(rows);
}

function determinant(rows: Rational[][]): Rational {
  const n = rows.length;
  let det = Q.ONE;
  for (let col = 0; col < n; col++) {
    let piv = -1;
    for (let r = col; r < n; r++)
      if (!Q.isZero(rows[r]![col]!)) {
        piv = r;
        break;
      }
    if (piv < 0) return Q.ZERO;
    if (piv !== col) {
      [rows[piv], rows[col]] = [rows[col]!, rows[piv]!];
      det = Q.neg(det);
    }
    const p = rows[col]![col]!;
    det = QB.mul(det, p);
    for (let r = col + 1; r < n; r++) {
      const f = QB.div(rows[r]![col]!, p)!;
      if (Q.isZero(f)) continue;
      for (let j = col; j < n; j++) rows[r]![j] = QB.sub(rows[r]![j]!, QB.mul(f, rows[col]![j]!));
    }
  }
  return det;
}

/** The polynomial through (xs[i], ys[i]) (Newton's divided differences), low first. */
function interpolate(xs: readonly Rational[], ys: readonly Rational[]): UPoly {
  const n = xs.length;
  const coef = ys.slice();
  for (let j = 1; j < n; j++)
    for (let i = n - 1; i >= j; i--)
      coef[i] = QB.div(QB.sub(coef[i]!, coef[i - 1]!), QB.sub(xs[i]!, xs[i - j]!))!;
  // Expand Σ coef[i]·Π_{k<i}(x − xs[k]) by Horner from the top.
  let out: Rational[] = [coef[n - 1]!];
  for (let i = n - 2; i >= 0; i--) {
    const next = new Array<Rational>(out.length + 1).fill(Q.ZERO);
    for (let k = 0; k < out.length; k++) {
      next[k + 1] = QB.add(next[k + 1]!, out[k]!);
      next[k] = QB.sub(next[k]!, QB.mul(xs[i]!, out[k]!));
    }
    next[0] = QB.add(next[0]!, coef[i]!);
    out = next;
  }
  return trim(out);
}
