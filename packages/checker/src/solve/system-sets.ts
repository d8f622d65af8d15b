import { mentions, type Expr } from '../expr/ast';
import { relationChain } from '../expr/parse';
import { Prng } from '../expr/prng';
import * as Q from '../expr/rational';
import { bounded as QB, type Rational } from '../expr/rational';
import { expandPm } from './line-reader';
import { consistent, linearOf, rref, sameVariableList, type Row } from './linear-rows';
import { polyEquation, solvePolynomialSystem, type PolyEquation } from './polynomial-systems';
import { cmpReal, rationalOf, realOfQ, type RealValue } from './real-value';
import type { ParamSample } from './samples';

/**
 * Solution sets of system lines, compared as sets. A line is read as a union of conjunctions
 * (`∨`, `\pm`, a comma list of values of one unknown) of equations; each conjunction's set is an
 * affine subspace when its equations are linear (exact, by reduced echelon form), the points of a
 * polynomial system when it has finitely many, or unknown. Two sets are compared by inclusion both
 * ways: every point of a finite set, and random rational points of an affine subspace (an
 * algebraic set that contains random points of an irreducible set contains it, up to a chance of
 * degree / 2001 per point: Schwartz–Zippel), are tested for membership in the other set.
 */

/** One piece of a set over `vars`. */
export type Component =
  /** The solutions of consistent rows (reduced echelon form over vars). */
  | { readonly kind: 'affine'; readonly rows: readonly Row[] }
  /** Points giving the coordinates at `at` (indexes into vars); the other coordinates are free. */
  | {
      readonly kind: 'points';
      readonly at: readonly number[];
      readonly points: readonly (readonly RealValue[])[];
    }
  | { readonly kind: 'unknown' };

/** A set of points over some of the unknowns: the union of its components. */
export interface PointSet {
  readonly vars: readonly string[];
  readonly components: readonly Component[];
}

/** An equation a = b of a conjunction. */
type Equation = readonly [Expr, Expr];

const MAX_CONJUNCTIONS = 32;

/**
 * A line as a union of conjunctions of equations in the unknowns, or null when it is something else
 * (an inequality, a set, a bare tuple, a negation): such lines are not compared as sets.
 */
export function disjunctiveForm(e: Expr, unknowns: readonly string[], cases: boolean): Equation[][] | null {
  const product = (parts: Equation[][][]): Equation[][] | null => {
    let acc: Equation[][] = [[]];
    for (const p of parts) {
      const next: Equation[][] = [];
      for (const a of acc) for (const b of p) next.push([...a, ...b]);
      if (next.length > MAX_CONJUNCTIONS) return null;
      acc = next;
    }
    return acc;
  };
  const walk = (x: Expr, top: boolean): Equation[][] | null => {
    switch (x.type) {
      case 'relation': {
        const out: Equation[][] = [];
        for (const v of expandPm(x)) {
          const chain = relationChain(v);
          if (!chain || chain.ops.some((o) => o !== '=')) return null;
          const conj: Equation[] = [];
          for (let i = 0; i + 1 < chain.operands.length; i++) {
            const a = chain.operands[i]!;
            const b = chain.operands[i + 1]!;
            if (a.type === 'list' || b.type === 'list') {
              if (a.type !== 'list' || b.type !== 'list' || a.items.length !== b.items.length) return null;
              a.items.forEach((ai, k) => conj.push([ai, b.items[k]!]));
            } else conj.push([a, b]);
          }
          out.push(conj);
        }
        return out.length > MAX_CONJUNCTIONS ? null : out;
      }
      case 'logic': {
        if (x.op === 'not') return null;
        const parts = x.args.map((a) => walk(a, false));
        if (parts.some((p) => p === null)) return null;
        if (x.op === 'or') {
          const flat = (parts as Equation[][][]).flat();
          return flat.length > MAX_CONJUNCTIONS ? null : flat;
        }
        return product(parts as Equation[][][]);
      }
      case 'list': {
        // A tuple of values `(2, 1)` is a statement, not an equation.
        if (x.items.every((i) => !unknowns.some((u) => mentions(i, u)))) return null;
        const parts = x.items.map((a) => walk(a, false));
        if (parts.some((p) => p === null)) return null;
        const or = !(top && cases) && sameVariableList(x, unknowns);
        if (or) {
          const flat = (parts as Equation[][][]).flat();
          return flat.length > MAX_CONJUNCTIONS ? null : flat;
        }
        return product(parts as Equation[][][]);
      }
      default:
        return null;
    }
  };
  return walk(e, true);
}

/** The unknowns an expression mentions, in the problem's order. */
export function mentionedUnknowns(e: Expr, unknowns: readonly string[]): string[] {
  return unknowns.filter((u) => mentions(e, u));
}

/** The set of a union of conjunctions over vars, for one parameter sample. */
export function setOfForm(
  form: readonly (readonly Equation[])[],
  vars: readonly string[],
  sample: ParamSample,
  substitutions: Readonly<Record<string, Expr>> = {},
): PointSet {
  const components: Component[] = [];
  for (const conj of form) {
    const c = componentOf(conj, vars, sample, substitutions);
    if (c) components.push(c);
  }
  return { vars, components };
}

/** One conjunction's set; null when it is empty. */
function componentOf(
  conj: readonly Equation[],
  vars: readonly string[],
  sample: ParamSample,
  substitutions: Readonly<Record<string, Expr>>,
): Component | null {
  const rows: Row[] = [];
  let linear = true;
  for (const [a, b] of conj) {
    const fa = linearOf(a, vars, sample);
    const fb = fa ? linearOf(b, vars, sample) : null;
    if (!fa || !fb) {
      linear = false;
      break;
    }
    rows.push({ coef: fa.c.map((c, j) => QB.sub(c, fb.c[j]!)), rhs: QB.sub(fb.k, fa.k) });
  }
  if (linear) {
    const r = rref(rows, vars.length);
    if (!consistent(r)) return null;
    return { kind: 'affine', rows: r.filter((row) => !row.coef.every(Q.isZero)) };
  }
  const at = vars
    .map((v, i) => [v, i] as const)
    .filter(([v]) => conj.some(([a, b]) => mentions(a, v) || mentions(b, v)))
    .map(([, i]) => i);
  const names = at.map((i) => vars[i]!);
  const eqs: PolyEquation[] = [];
  for (const [a, b] of conj) {
    const eq = polyEquation(a, b, names, sample, substitutions);
    if (!eq) return { kind: 'unknown' };
    eqs.push(eq);
  }
  const points = solvePolynomialSystem(eqs, names);
  if (!points) return { kind: 'unknown' };
  if (points.length === 0) return null;
  return { kind: 'points', at, points };
}

/** A set over `unknowns` seen on `vars` (a subset, in the same order): its projection. */
export function projectPoints(
  points: readonly (readonly RealValue[])[],
  unknowns: readonly string[],
  vars: readonly string[],
): PointSet {
  const idx = vars.map((v) => unknowns.indexOf(v));
  const out: RealValue[][] = [];
  for (const p of points) {
    const q = idx.map((i) => p[i]!);
    if (!out.some((r) => samePoint(r, q))) out.push(q);
  }
  return { vars, components: out.length ? [{ kind: 'points', at: vars.map((_, i) => i), points: out }] : [] };
}

/** The projection on vars of the solutions of consistent rows over unknowns. */
export function projectRows(
  rows: readonly Row[],
  unknowns: readonly string[],
  vars: readonly string[],
): PointSet {
  const dropped = unknowns.map((_, i) => i).filter((i) => !vars.includes(unknowns[i]!));
  const kept = vars.map((v) => unknowns.indexOf(v));
  const order = [...dropped, ...kept];
  const reordered = rows.map((r) => ({ coef: order.map((i) => r.coef[i]!), rhs: r.rhs }));
  const reduced = rref(reordered, order.length);
  const own = reduced
    .filter((r) => r.coef.slice(0, dropped.length).every(Q.isZero) && !r.coef.every(Q.isZero))
    .map((r) => ({ coef: r.coef.slice(dropped.length), rhs: r.rhs }));
  return { vars, components: [{ kind: 'affine', rows: own }] };
}

function samePoint(a: readonly RealValue[], b: readonly RealValue[]): boolean {
  return a.length === b.length && a.every((v, i) => cmpReal(v, b[i]!) === 0);
}

/** Points that stand for the set: all of a finite one, random rational points of the rest; null when unknown. */
export function samplePoints(set: PointSet): RealValue[][] | null {
  const rng = new Prng(0x5eed);
  const draw = (): Rational => {
    const n = rng.int(-1000, 1000);
    return Q.rat(n, rng.pick([1, 1, 2, 3, 7]));
  };
  const n = set.vars.length;
  const out: RealValue[][] = [];
  for (const c of set.components) {
    if (c.kind === 'unknown') return null;
    if (c.kind === 'points') {
      const free = set.vars.map((_, i) => i).filter((i) => !c.at.includes(i));
      for (const p of c.points)
        for (let k = 0; k < (free.length ? 3 : 1); k++) {
          const full: RealValue[] = new Array<RealValue>(n);
          c.at.forEach((i, j) => (full[i] = p[j]!));
          for (const i of free) full[i] = realOfQ(draw());
          out.push(full);
        }
      continue;
    }
    const pivots = c.rows.map((r) => r.coef.findIndex((x) => !Q.isZero(x)));
    const free = set.vars.map((_, i) => i).filter((i) => !pivots.includes(i));
    for (let k = 0; k < (free.length ? 3 : 1); k++) {
      const values = new Array<Rational>(n).fill(Q.ZERO);
      for (const i of free) values[i] = draw();
      c.rows.forEach((r, j) => {
        let v = r.rhs;
        for (const i of free) v = QB.sub(v, QB.mul(r.coef[i]!, values[i]!));
        values[pivots[j]!] = v;
      });
      out.push(values.map(realOfQ));
    }
  }
  return out;
}

/** Whether a point (over set.vars) is in a set without unknown components. */
export function inSet(set: PointSet, p: readonly RealValue[]): boolean {
  return set.components.some((c) => {
    if (c.kind === 'unknown') return false;
    if (c.kind === 'points') return c.points.some((q) => c.at.every((i, j) => cmpReal(p[i]!, q[j]!) === 0));
    return c.rows.every((r) => rowHolds(r, p));
  });
}

function rowHolds(r: Row, p: readonly RealValue[]): boolean {
  const exact = p.map(rationalOf);
  if (exact.every((x) => x !== null)) {
    let s = Q.ZERO;
    r.coef.forEach((c, i) => (s = QB.add(s, QB.mul(c, exact[i]!))));
    return Q.equals(s, r.rhs);
  }
  let s = 0;
  let scale = Math.abs(Q.toNumber(r.rhs));
  r.coef.forEach((c, i) => {
    const t = Q.toNumber(c) * p[i]!.v;
    s += t;
    scale += Math.abs(t);
  });
  return Math.abs(s - Q.toNumber(r.rhs)) <= 1e-9 * Math.max(1, scale);
}

/** How a line's set relates to the reference set. */
export type SetVerdict = 'equal' | 'lost' | 'gained' | 'other';

/**
 * Compares a line's set with the reference: `holds` tells whether the line holds at a point of
 * the reference (null when it cannot be evaluated). Null when either set cannot be sampled.
 */
export function compareSets(
  line: PointSet,
  reference: PointSet,
  holds: (p: readonly RealValue[]) => boolean | null,
): { verdict: SetVerdict; lost: RealValue[][] } | null {
  const refPoints = samplePoints(reference);
  const linePoints = samplePoints(line);
  if (!refPoints || !linePoints) return null;
  const lost: RealValue[][] = [];
  for (const p of refPoints) {
    const h = holds(p);
    if (h === null) return null;
    if (!h) lost.push(p);
  }
  const gained = linePoints.some((p) => !inSet(reference, p));
  const verdict: SetVerdict = lost.length === 0 ? (gained ? 'gained' : 'equal') : gained ? 'other' : 'lost';
  return { verdict, lost };
}
