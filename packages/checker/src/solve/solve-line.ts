import {
  childrenOf,
  mapChildren,
  mentions,
  size,
  SWAPPED_RELATION,
  type Expr,
  type RelationOp,
} from '../expr/ast';
import { compileFloat } from '../expr/numeric';
import { relationChain } from '../expr/parse';
import { expandPm, readLine, type LineNode } from './line-reader';
import {
  analyzeNumeric,
  dedupeCritical,
  type Budget,
  type CriticalPoint,
  type SearchWindow,
} from './numeric-roots';
import {
  deg,
  realRoots,
  rfAdd,
  rfNeg,
  rfSignAt,
  toExact,
  type ExactEnv,
  type Poly,
  type RatFn,
} from './polynomial';
import * as Q from '../expr/rational';
import { bounded as QB } from '../expr/rational';
import {
  NEG_INF,
  POS_INF,
  realApprox,
  realOfSurd,
  surdAdd,
  surdDiv,
  surdMul,
  surdNeg,
  surdOfQ,
  surdSign,
  surdSqrtOfQ,
  isRationalSurd,
  rationalOf,
  type RealValue,
  type Surd,
} from './real-value';
import type { ParamSample } from './samples';
import {
  ALL_REALS,
  complement,
  EMPTY_SET,
  intersection,
  intersectionAll,
  intervalSet,
  pointsSet,
  setOfPieces,
  union,
  unionAll,
  type Piece,
  type SolutionSet,
} from './solution-set';

/** Everything a line's solution set depends on besides the line and the parameter values. */
export interface SolveContext {
  /** The unknown. */
  readonly variable: string;
  /** Trigonometry in degrees. */
  readonly degrees: boolean;
  /** Names declared as functions. */
  readonly functions: readonly string[];
  /** Where the unknown lives (the problem's interval, or a default period for trigonometry); null = ℝ. */
  readonly domain: SolutionSet | null;
  /** Where the numeric solver searches. */
  readonly window: SearchWindow;
  /** Shared work budget of the check. */
  readonly budget: Budget;
  /** Constants with values (`g = 9.8`) substituted before solving. */
  readonly substitutions?: Readonly<Record<string, Expr>>;
}

/** Why a readable line is not a statement about the unknown. */
export type NotStatementCode = 'not-an-equation' | 'missing-variable' | 'too-large';

/** Thrown while solving a line that states nothing about the unknown (e.g. a bare `x^{2}-4`). */
export class NotAStatement extends Error {
  constructor(readonly code: NotStatementCode) {
    super(code);
  }
}

/** The solution set of one line, or why there is none. */
export type LineSolution =
  { readonly ok: true; readonly set: SolutionSet } | { readonly ok: false; readonly code: string };

/**
 * Solves a LaTeX line in the unknown: an equation, inequality, chain, `\lor`/`\land` combination,
 * interval, set, list of solutions, `\pm`, or a `cases` system (intersection), restricted to the
 * domain of the original expressions (denominators ≠ 0, logarithms of positives, even roots of
 * non-negatives) and to the context's domain. Never throws for the student's input, except
 * `BudgetExceeded` when the shared budget runs out.
 */
export function solveLine(latex: string, ctx: SolveContext, sample: ParamSample): LineSolution {
  const r = readLine(latex, { variable: ctx.variable, functions: ctx.functions });
  if (!r.ok) return { ok: false, code: r.code };
  try {
    return { ok: true, set: solveNode(r.node, r.cases, ctx, sample) };
  } catch (err) {
    if (err instanceof NotAStatement) return { ok: false, code: err.code };
    throw err;
  }
}

/** The solution set of a read line (see {@link solveLine}); throws {@link NotAStatement}. */
export function solveNode(
  node: LineNode,
  cases: boolean,
  ctx: SolveContext,
  sample: ParamSample,
): SolutionSet {
  const s = new LineSolver(ctx, sample);
  const set = s.node(node, cases);
  return ctx.domain ? intersection(set, ctx.domain) : set;
}

/** The values of a constant expression (two for ±; none when undefined). */
export function constValues(e: Expr, ctx: SolveContext, sample: ParamSample): RealValue[] {
  return new LineSolver(ctx, sample).values(e);
}

/** Whether a sign (−1, 0, 1) or an undefined value satisfies the operator. */
function holds(op: RelationOp, s: -1 | 0 | 1 | 'undef'): boolean {
  if (s === 'undef') return false;
  switch (op) {
    case '=':
      return s === 0;
    case '!=':
      return s !== 0;
    case '<':
      return s < 0;
    case '<=':
      return s <= 0;
    case '>':
      return s > 0;
    case '>=':
      return s >= 0;
  }
}

type Status = -1 | 0 | 1 | 'undef';

/** Pieces from a sign chart: the status at each critical point and on each segment between them. */
function buildSet(
  points: readonly RealValue[],
  pointStatus: readonly Status[],
  segStatus: readonly Status[],
  op: RelationOp,
): SolutionSet {
  const pieces: Piece[] = [];
  const ends = [NEG_INF, ...points, POS_INF];
  for (let i = 0; i + 1 < ends.length; i++) {
    if (holds(op, segStatus[i]!))
      pieces.push({ lo: { value: ends[i]!, closed: false }, hi: { value: ends[i + 1]!, closed: false } });
  }
  points.forEach((p, i) => {
    if (holds(op, pointStatus[i]!))
      pieces.push({ lo: { value: p, closed: true }, hi: { value: p, closed: true } });
  });
  return setOfPieces(pieces);
}

/** Test abscissas strictly inside each segment of a sorted list of points. */
function segmentTests(points: readonly RealValue[]): number[] {
  if (points.length === 0) return [0.5];
  const first = points[0]!.v;
  const last = points[points.length - 1]!.v;
  const out = [first - Math.max(1, Math.abs(first))];
  for (let i = 0; i + 1 < points.length; i++) out.push((points[i]!.v + points[i + 1]!.v) / 2);
  out.push(last + Math.max(1, Math.abs(last)));
  return out;
}

class LineSolver {
  private readonly env: ExactEnv;

  constructor(
    private readonly ctx: SolveContext,
    private readonly sample: ParamSample,
  ) {
    this.env = { variable: ctx.variable, params: sample.exact, degrees: ctx.degrees };
  }

  private free(e: Expr): boolean {
    return !mentions(e, this.ctx.variable);
  }

  private isVar(e: Expr): boolean {
    return e.type === 'symbol' && e.name === this.ctx.variable;
  }

  node(n: LineNode, cases: boolean): SolutionSet {
    switch (n.kind) {
      case 'none':
        return EMPTY_SET;
      case 'setop': {
        const [a, b] = n.args.map((x) => this.node(x, false)) as [SolutionSet, SolutionSet];
        return n.op === 'cup'
          ? union(a, b)
          : n.op === 'cap'
            ? intersection(a, b)
            : intersection(a, complement(b));
      }
      case 'expr':
        if (this.hugePower(n.expr)) throw new NotAStatement('too-large');
        return this.statement(n.expr, cases);
    }
  }

  /** True when a power has a constant exponent beyond what is evaluated (`10^{10^{10^{10}}}`). */
  private hugePower(e: Expr): boolean {
    if (e.type === 'pow' && this.free(e.exp)) {
      if (this.hugePower(e.exp)) return true;
      const p = compileFloat(e.exp, this.ctx.variable, this.sample.float, this.ctx.degrees)(NaN);
      if (Math.abs(p) > 10_000) return true;
    }
    return childrenOf(e).some((c) => this.hugePower(c));
  }

  /** A statement about the unknown, or a set / value written alone (a stated solution). */
  statement(e: Expr, cases = false): SolutionSet {
    switch (e.type) {
      case 'relation':
        return unionAll(expandPm(e).map((v) => this.relation(v)));
      case 'logic': {
        if (e.op === 'not') return complement(this.statement(e.args[0]!));
        const sets = e.args.map((a) => this.statement(a));
        return e.op === 'or' ? unionAll(sets) : intersectionAll(sets);
      }
      case 'list':
        return this.list(e, cases);
      case 'element':
        if (!this.isVar(e.member)) throw new NotAStatement('not-an-equation');
        return this.setValue(e.of);
      default:
        if (!this.free(e)) throw new NotAStatement('not-an-equation');
        return this.setValue(e);
    }
  }

  private list(e: Extract<Expr, { type: 'list' }>, cases: boolean): SolutionSet {
    const items = e.items;
    const allFree = items.every((i) => this.free(i) && i.type !== 'relation');
    if (allFree) {
      if (items.length === 2 && !cases && e.delims !== '') {
        // A bare interval: (a, b) open, [a, b] closed.
        const [lo, hi] = items.map((i) => this.values(i)[0]);
        if (!lo || !hi) return EMPTY_SET;
        const closed = e.delims !== '()';
        return intervalSet(lo, hi, closed, closed);
      }
      return pointsSet(items.flatMap((i) => this.values(i)));
    }
    const sets = items.map((i) => this.statement(i));
    if (cases || e.delims === undefined) return intersectionAll(sets);
    if (items.every((i) => i.type === 'relation' && i.op === '=')) return unionAll(sets);
    // A comma list of inequalities: "x > 1, x < 5" means both; "x < -2, x > 2" (no common point) means either.
    const both = intersectionAll(sets);
    return both.pieces.length === 0 ? unionAll(sets) : both;
  }

  /** A written set: `\{1,2\}`, an interval, `\mathbb{R}`, `\emptyset`, or a value. */
  setValue(e: Expr): SolutionSet {
    switch (e.type) {
      case 'set': {
        const out: SolutionSet[] = [];
        const pts: RealValue[] = [];
        for (const el of e.elements) {
          if (this.free(el) && el.type !== 'relation') pts.push(...this.values(el));
          else out.push(this.statement(el));
        }
        return unionAll([pointsSet(pts), ...out]);
      }
      case 'interval': {
        const lo = this.values(e.left)[0];
        const hi = this.values(e.right)[0];
        if (!lo || !hi) return EMPTY_SET;
        return intervalSet(lo, hi, !e.leftOpen, !e.rightOpen);
      }
      case 'symbol':
        if (e.name === 'reals') return ALL_REALS;
        break;
      case 'list':
        return this.list(e, false);
      case 'logic':
      case 'relation':
      case 'element':
        return this.statement(e);
      default:
        break;
    }
    if (!this.free(e)) throw new NotAStatement('not-an-equation');
    return pointsSet(this.values(e));
  }

  /** The values of a constant expression: exact when possible (rationals, square roots), else floats. */
  values(e: Expr): RealValue[] {
    return expandPm(e).flatMap((v) => {
      const x = this.value(v);
      return x ? [x] : [];
    });
  }

  private value(e: Expr): RealValue | null {
    if (e.type === 'symbol' && e.name === 'infinity') return POS_INF;
    if (e.type === 'neg' && e.arg.type === 'symbol' && e.arg.name === 'infinity') return NEG_INF;
    const s = this.surd(e);
    if (s) return realOfSurd(s);
    const v = compileFloat(this.subst(e), this.ctx.variable, this.sample.float, this.ctx.degrees)(NaN);
    if (Number.isNaN(v)) return null;
    return realApprox(v, 1e-12);
  }

  private subst(e: Expr): Expr {
    const subs = this.ctx.substitutions;
    if (!subs || Object.keys(subs).length === 0) return e;
    const walk = (x: Expr): Expr =>
      x.type === 'symbol' && subs[x.name] ? subs[x.name]! : mapChildren(x, walk);
    return walk(e);
  }

  /** Exact value a + b√c of a constant, or null. */
  private surd(e: Expr): Surd | null {
    try {
      return this.surdOf(this.subst(e));
    } catch (err) {
      if (err instanceof Q.ExactSwell || err instanceof RangeError) return null;
      throw err;
    }
  }

  private surdOf(e: Expr): Surd | null {
    switch (e.type) {
      case 'number': {
        const f = toExact(e, this.env);
        return f && deg(f.f.num) <= 0 ? surdOfQ(f.f.num[0] ?? Q.ZERO) : null;
      }
      case 'symbol': {
        const p = this.sample.exact[e.name];
        return p ? surdOfQ(p) : null;
      }
      case 'add': {
        let acc: Surd | null = surdOfQ(Q.ZERO);
        for (const a of e.args) {
          const s = this.surdOf(a);
          acc = s && acc ? surdAdd(acc, s) : null;
          if (!acc) return null;
        }
        return acc;
      }
      case 'mul': {
        let acc: Surd | null = surdOfQ(Q.ONE);
        for (const a of e.args) {
          const s = this.surdOf(a);
          acc = s && acc ? surdMul(acc, s) : null;
          if (!acc) return null;
        }
        return acc;
      }
      case 'neg': {
        const s = this.surdOf(e.arg);
        return s ? surdNeg(s) : null;
      }
      case 'div': {
        const n = this.surdOf(e.num);
        const d = this.surdOf(e.den);
        return n && d ? surdDiv(n, d) : null;
      }
      case 'pow': {
        const b = this.surdOf(e.base);
        const k = this.surdOf(e.exp);
        if (!b || !k || !isRationalSurd(k)) return null;
        const kq = k.a;
        if (kq.d === 1n) {
          const n = Number(kq.n);
          if (Math.abs(n) > 64) return null;
          if (isRationalSurd(b)) {
            const p = QB.pow(b.a, n);
            return p ? surdOfQ(p) : null;
          }
          let acc: Surd | null = surdOfQ(Q.ONE);
          for (let i = 0; i < Math.abs(n); i++) acc = acc ? surdMul(acc, b) : null;
          return acc && n < 0 ? surdDiv(surdOfQ(Q.ONE), acc) : acc;
        }
        if (kq.d === 2n && isRationalSurd(b) && Q.sign(b.a) >= 0) {
          const r = surdSqrtOfQ(b.a);
          if (!r) return null;
          let acc: Surd | null = surdOfQ(Q.ONE);
          const n = Number(kq.n);
          if (Math.abs(n) > 16) return null;
          for (let i = 0; i < Math.abs(n); i++) acc = acc ? surdMul(acc, r) : null;
          return acc && n < 0 ? surdDiv(surdOfQ(Q.ONE), acc) : acc;
        }
        return null;
      }
      case 'root': {
        const a = this.surdOf(e.arg);
        if (!a || !isRationalSurd(a)) return null;
        const idx = e.index ? this.surdOf(e.index) : surdOfQ(Q.rat(2));
        if (!idx || !isRationalSurd(idx) || idx.a.d !== 1n) return null;
        const n = Number(idx.a.n);
        if (n === 2) return surdSqrtOfQ(a.a);
        const r = Q.root(a.a, n);
        return r ? surdOfQ(r) : null;
      }
      case 'fn': {
        if (e.name === 'degrees' && this.ctx.degrees) return this.surdOf(e.args[0]!);
        if (e.name === 'abs') {
          const a = this.surdOf(e.args[0]!);
          return a ? (surdSign(a) < 0 ? surdNeg(a) : a) : null;
        }
        return null;
      }
      default:
        return null;
    }
  }

  /** One relation (possibly a chain `a < b \le c`): the intersection of its links. */
  private relation(e: Expr): SolutionSet {
    const chain = relationChain(e);
    if (!chain) throw new NotAStatement('not-an-equation');
    const sets: SolutionSet[] = [];
    for (let i = 0; i < chain.ops.length; i++)
      sets.push(this.link(chain.operands[i]!, chain.ops[i]!, chain.operands[i + 1]!));
    return intersectionAll(sets);
  }

  private link(a: Expr, op: RelationOp, b: Expr): SolutionSet {
    // x = \{1, 2\}, and a named solution set S = \{1, 2\}.
    if (a.type === 'symbol' && this.isSetLike(b) && op === '=') return this.setValue(b);
    if (b.type === 'symbol' && this.isSetLike(a) && op === '=') return this.setValue(a);
    if (this.isVar(a) && this.free(b)) return this.direct(op, this.values(b));
    if (this.isVar(b) && this.free(a)) return this.direct(SWAPPED_RELATION[op], this.values(a));
    const power = this.hugePowerLink(a, op, b) ?? this.hugePowerLink(b, SWAPPED_RELATION[op], a);
    if (power) return power;
    const exact = this.exactLink(a, op, b);
    if (exact) return exact;
    return this.numericLink(a, op, b);
  }

  /**
   * A^n op 0 with a large constant n (`(x-1)^{6000}=0`) is decided from A op 0 and the parity of n,
   * without expanding and without floating-point underflow.
   */
  private hugePowerLink(a: Expr, op: RelationOp, b: Expr): SolutionSet | null {
    if (
      a.type !== 'pow' ||
      b.type !== 'number' ||
      Number(b.text) !== 0 ||
      this.free(a.base) ||
      !this.free(a.exp)
    )
      return null;
    const p = this.values(a.exp)[0];
    if (!p || !(p.v > 24)) return null;
    const zero: Expr = { type: 'number', text: '0' };
    const base = a.base;
    if (op === '=') return this.link(base, '=', zero);
    const n = rationalOf(p);
    if (!n || n.d !== 1n) return null;
    const domain = () => union(this.link(base, '!=', zero), this.link(base, '=', zero));
    if (n.n % 2n === 1n) return this.link(base, op, zero);
    switch (op) {
      case '!=':
      case '>':
        return this.link(base, '!=', zero);
      case '>=':
        return domain();
      case '<':
        return EMPTY_SET;
      case '<=':
        return this.link(base, '=', zero);
    }
  }

  private isSetLike(e: Expr): boolean {
    return e.type === 'set' || e.type === 'interval' || (e.type === 'symbol' && e.name === 'reals');
  }

  private direct(op: RelationOp, vals: RealValue[]): SolutionSet {
    const v = vals[0];
    if (!v || !Number.isFinite(v.v)) return EMPTY_SET;
    switch (op) {
      case '=':
        return pointsSet([v]);
      case '!=':
        return complement(pointsSet([v]));
      case '<':
        return intervalSet(NEG_INF, v, false, false);
      case '<=':
        return intervalSet(NEG_INF, v, false, true);
      case '>':
        return intervalSet(v, POS_INF, false, false);
      case '>=':
        return intervalSet(v, POS_INF, true, false);
    }
  }

  private exactLink(a: Expr, op: RelationOp, b: Expr): SolutionSet | null {
    const fa = toExact(this.subst(a), this.env);
    const fb = fa ? toExact(this.subst(b), this.env) : null;
    if (!fa || !fb) return null;
    let diff: RatFn;
    try {
      diff = rfAdd(fa.f, rfNeg(fb.f));
    } catch (err) {
      if (err instanceof Q.ExactSwell) return null;
      throw err;
    }
    return exactSet(diff, [...fa.excluded, ...fb.excluded], op);
  }

  private numericLink(a: Expr, op: RelationOp, b: Expr): SolutionSet {
    const { ctx } = this;
    a = this.subst(a);
    b = this.subst(b);
    const fa = compileFloat(a, ctx.variable, this.sample.float, ctx.degrees);
    const fb = compileFloat(b, ctx.variable, this.sample.float, ctx.degrees);
    const radians = !ctx.degrees;
    const crit: CriticalPoint[] = analyzeNumeric(fa, fb, ctx.window, {
      radians,
      budget: ctx.budget,
      cost: size(a) + size(b),
    });
    for (const p of [...this.excludedPoints(a), ...this.excludedPoints(b)])
      crit.push({ value: p, kind: 'excluded' });
    if (!ctx.window.extend) {
      crit.push(
        { value: snapEnd(ctx.window.lo), kind: 'boundary' },
        { value: snapEnd(ctx.window.hi), kind: 'boundary' },
      );
    }
    const points = dedupeCritical(crit).filter(
      (p) => ctx.window.extend || (p.value.v >= ctx.window.lo - 1e-9 && p.value.v <= ctx.window.hi + 1e-9),
    );
    const status = (x: number): Status => {
      ctx.budget.left -= size(a) + size(b);
      const va = fa(x);
      const vb = fb(x);
      const h = va - vb;
      if (Number.isNaN(h)) return 'undef';
      if (Number.isFinite(h) && Math.abs(h) <= 1e-9 * Math.max(1, Math.abs(va) + Math.abs(vb))) return 0;
      return h > 0 ? 1 : -1;
    };
    const pointStatus: Status[] = points.map((p) => {
      if (p.kind === 'excluded' || p.kind === 'pole') return 'undef';
      if (p.kind === 'root') return 0;
      return status(p.value.v);
    });
    const values = points.map((p) => p.value);
    const tests = segmentTests(values);
    const segStatus: Status[] = tests.map((t, i) => {
      if (!ctx.window.extend && (i === 0 || i === tests.length - 1)) return 'undef';
      if (ctx.window.extend && i === 0 && values.length > 0 && values[0]!.v > ctx.window.lo)
        return status((ctx.window.lo + values[0]!.v) / 2);
      const lastV = values[values.length - 1]?.v;
      if (ctx.window.extend && i === tests.length - 1 && lastV !== undefined && lastV < ctx.window.hi)
        return status((ctx.window.hi + lastV) / 2);
      return status(t);
    });
    return buildSet(values, pointStatus, segStatus, op);
  }

  /** Exact zeros of the denominators of an expression that are polynomial (outside its domain). */
  private excludedPoints(e: Expr): RealValue[] {
    const out: RealValue[] = [];
    const visit = (x: Expr) => {
      if (x.type === 'div') {
        const f = toExact(x.den, this.env);
        if (f) for (const p of [f.f.num, ...f.excluded]) if (deg(p) > 0) out.push(...realRoots(p));
      }
      if (x.type === 'pow' && x.exp.type === 'neg') {
        const f = toExact(x.base, this.env);
        if (f) for (const p of [f.f.num, ...f.excluded]) if (deg(p) > 0) out.push(...realRoots(p));
      }
      for (const c of childrenOf(x)) visit(c);
    };
    visit(e);
    return out;
  }
}

function snapEnd(v: number): RealValue {
  if (Number.isInteger(v)) return realOfSurd(surdOfQ(QB.rat(v)));
  return realApprox(v, 1e-13);
}

/**
 * The solution set of f op 0 for a rational function f, with `excluded` polynomials whose zeros are
 * outside the domain: exact critical points and an exact sign test between them.
 */
export function exactSet(f: RatFn, excluded: readonly Poly[], op: RelationOp): SolutionSet {
  const crit: CriticalPoint[] = [];
  if (f.num.length > 0) for (const r of realRoots(f.num)) crit.push({ value: r, kind: 'root' });
  for (const p of [f.den, ...excluded])
    if (deg(p) > 0) for (const r of realRoots(p)) crit.push({ value: r, kind: 'excluded' });
  const points = dedupeCritical(crit);
  const values = points.map((p) => p.value);
  const pointStatus: Status[] = points.map((p) => (p.kind === 'excluded' ? 'undef' : 0));
  const segStatus: Status[] = segmentTests(values).map((t) => {
    const s = rfSignAt(f, QB.fromNumber(t));
    return s === null ? 'undef' : s;
  });
  return buildSet(values, pointStatus, segStatus, op);
}
