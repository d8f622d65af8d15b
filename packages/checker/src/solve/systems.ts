import type { LineFeedback } from '@kib/core';
import { mapChildren, mentions, type Expr, type RelationOp } from '../expr/ast';
import { blankLine, isWrongLine, type TextCheckResult } from '../types';
import type { LineInput, StepInput } from './check-solve';
import { compileFloat } from '../expr/numeric';
import { message, type SolveFeedbackCode } from './feedback-codes';
import { relationChain } from '../expr/parse';
import { expandPm, withHighlightRange, type LineNode } from './line-reader';
import { detectSignError } from './mistakes';
import { constOf, toExact } from './polynomial';
import * as Q from '../expr/rational';
import { bounded as QB, type Rational } from '../expr/rational';
import { cmpReal, rationalOf, realOfQ, realToLatex, type RealValue } from './real-value';
import type { ParamSample } from './samples';
import type { SolveProblem } from './problem';
import { constValues, NotAStatement, solveNode } from './solve-line';
import { pointsOf } from './solution-set';
import { degreeIn, isPolynomial, polyFromExpr, polyToExpr, type Term } from '../expr/poly';
import { rationalToExpr } from '../expr/literals';
import { consistent, linearRows, rowsEqual, rref, sameVariableList, type Row } from './linear-rows';
import {
  compareSets,
  disjunctiveForm,
  mentionedUnknowns,
  projectPoints,
  projectRows,
  setOfForm,
  type PointSet,
} from './system-sets';

/** A point of a system's solution set: one value per unknown, in the problem's order. */
export type SystemPoint = readonly RealValue[];

/** A partial or complete assignment of values to the unknowns. */
type Assignment = Readonly<Record<string, RealValue>>;

/** The solution set of a system for one parameter sample. */
type Truth =
  | { readonly kind: 'points'; readonly points: readonly SystemPoint[]; readonly rref: readonly Row[] | null }
  | { readonly kind: 'linear'; readonly rref: readonly Row[]; readonly consistent: boolean }
  /** A non-linear system the checker cannot solve and whose solutions are not defined. */
  | { readonly kind: 'unknown' };

/**
 * The assignments a stated line gives (`x=2, y=1`, `(x,y)=(2,1)`, `(2,1)`, `\{(2,1),(3,4)\}`, or
 * combinations with ∨), or null when the line is not a statement of values.
 */
export function assignmentsOf(
  node: LineNode,
  unknowns: readonly string[],
  values: (e: Expr) => RealValue[],
  cases = false,
): Assignment[] | null {
  if (node.kind === 'none') return [];
  if (node.kind === 'setop') return null;
  const free = (e: Expr) => !unknowns.some((u) => mentions(e, u));
  const tuple = (e: Expr): Assignment[] | null => {
    if (e.type !== 'list' || e.items.length !== unknowns.length || !e.items.every(free)) return null;
    const vs = e.items.map((i) => values(i)[0]);
    if (vs.some((v) => !v)) return [];
    return [Object.fromEntries(unknowns.map((u, i) => [u, vs[i]!]))];
  };
  const merge = (a: Assignment[], b: Assignment[]): Assignment[] => {
    const out: Assignment[] = [];
    for (const x of a)
      for (const y of b) {
        if (Object.keys(y).some((k) => x[k] && cmpReal(x[k], y[k]!) !== 0)) continue;
        out.push({ ...x, ...y });
      }
    return out;
  };
  const walk = (e: Expr, top: boolean): Assignment[] | null => {
    switch (e.type) {
      case 'relation': {
        if (e.op !== '=' || e.args.length !== 2) return null;
        const [a, b] = e.args as [Expr, Expr];
        if (a.type === 'list' && b.type === 'list' && a.items.length === b.items.length) {
          let acc: Assignment[] = [{}];
          for (let i = 0; i < a.items.length; i++) {
            const r = walk({ type: 'relation', op: '=', args: [a.items[i]!, b.items[i]!] }, false);
            if (!r) return null;
            acc = merge(acc, r);
          }
          return acc;
        }
        const [v, c] =
          a.type === 'symbol' && unknowns.includes(a.name)
            ? [a.name, b]
            : b.type === 'symbol' && unknowns.includes(b.name)
              ? [b.name, a]
              : [null, null];
        if (!v || !c || !free(c)) return null;
        return values(c).map((x) => ({ [v]: x }));
      }
      case 'logic': {
        if (e.op === 'not') return null;
        const parts = e.args.map((x) => walk(x, false));
        if (parts.some((p) => p === null)) return null;
        return e.op === 'or' ? (parts.flat() as Assignment[]) : (parts as Assignment[][]).reduce(merge, [{}]);
      }
      case 'list': {
        const t = tuple(e);
        if (t && e.delims === '()') return t;
        const parts = e.items.map((x) => walk(x, false));
        if (parts.some((p) => p === null)) return null;
        const or = !(top && cases) && sameVariableList(e, unknowns);
        return or ? (parts.flat() as Assignment[]) : (parts as Assignment[][]).reduce(merge, [{}]);
      }
      case 'set':
        return e.elements.flatMap((x) => walk(x, false) ?? []);
      case 'element': {
        // (x, y) ∈ \\{(2, 1)\\} or (x, y) ∈ ∅.
        const m = e.member;
        const names =
          m.type === 'list' && m.items.length === unknowns.length
            ? m.items.map((i) => (i.type === 'symbol' ? i.name : ''))
            : [];
        if (names.join(',') !== unknowns.join(',') || e.of.type !== 'set') return null;
        return e.of.elements.flatMap((x) => tuple(x) ?? []);
      }
      default:
        return null;
    }
  };
  return walk(node.expr, true);
}

function isComplete(a: Assignment, unknowns: readonly string[]): boolean {
  return unknowns.every((u) => a[u] !== undefined);
}

function pointOf(a: Assignment, unknowns: readonly string[]): SystemPoint {
  return unknowns.map((u) => a[u]!);
}

function samePoint(a: SystemPoint, b: SystemPoint): boolean {
  return a.every((v, i) => cmpReal(v, b[i]!) === 0);
}

function samePoints(a: readonly SystemPoint[], b: readonly SystemPoint[]): boolean {
  return a.every((p) => b.some((r) => samePoint(p, r))) && b.every((p) => a.some((r) => samePoint(p, r)));
}

const HOLDS: Record<RelationOp, (s: number) => boolean> = {
  '=': (s) => s === 0,
  '!=': (s) => s !== 0,
  '<': (s) => s < 0,
  '<=': (s) => s <= 0,
  '>': (s) => s > 0,
  '>=': (s) => s >= 0,
};

/** Whether a line holds at a point (null when it cannot be evaluated there). */
export function holdsAt(
  e: Expr,
  unknowns: readonly string[],
  point: SystemPoint,
  sample: ParamSample,
  degrees: boolean,
  cases = false,
): boolean | null {
  const rational = point.map(rationalOf);
  const exactParams: Record<string, Rational> = { ...sample.exact };
  const floatParams: Record<string, number> = { ...sample.float };
  unknowns.forEach((u, i) => {
    floatParams[u] = point[i]!.v;
    if (rational[i]) exactParams[u] = rational[i]!;
  });
  const allExact = rational.every((r) => r !== null);
  const signOf = (a: Expr, b: Expr): number | null => {
    if (allExact) {
      const fa = toExact(a, { variable: '\u0000', params: exactParams, degrees });
      const fb = fa ? toExact(b, { variable: '\u0000', params: exactParams, degrees }) : null;
      const ca = fa ? constOf(fa.f) : null;
      const cb = fb ? constOf(fb.f) : null;
      if (ca && cb) return Q.sign(QB.sub(ca, cb));
    }
    const va = compileFloat(a, '\u0000', floatParams, degrees)(NaN);
    const vb = compileFloat(b, '\u0000', floatParams, degrees)(NaN);
    if (Number.isNaN(va) || Number.isNaN(vb)) return null;
    const d = va - vb;
    return Math.abs(d) <= 1e-9 * Math.max(1, Math.abs(va) + Math.abs(vb)) ? 0 : Math.sign(d);
  };
  const walk = (x: Expr, top: boolean): boolean | null => {
    switch (x.type) {
      case 'relation': {
        const variants = expandPm(x);
        let any = false;
        for (const v of variants) {
          const chain = relationChain(v);
          if (!chain) return null;
          let all = true;
          for (let i = 0; i < chain.ops.length; i++) {
            const a = chain.operands[i]!;
            const b = chain.operands[i + 1]!;
            if (a.type === 'list' && b.type === 'list') {
              const r = walk(
                {
                  type: 'logic',
                  op: 'and',
                  args: a.items.map((ai, k) => ({
                    type: 'relation',
                    op: chain.ops[i]!,
                    args: [ai, b.items[k] ?? ai],
                  })),
                },
                false,
              );
              if (r === null) return null;
              all &&= r;
              continue;
            }
            const s = signOf(a, b);
            if (s === null) return false;
            all &&= HOLDS[chain.ops[i]!](s);
          }
          any ||= all;
        }
        return any;
      }
      case 'logic': {
        const rs = x.args.map((a) => walk(a, false));
        if (rs.some((r) => r === null)) return null;
        if (x.op === 'not') return !rs[0];
        return x.op === 'or' ? rs.some(Boolean) : rs.every(Boolean);
      }
      case 'list': {
        if (
          x.delims === '()' &&
          x.items.length === unknowns.length &&
          x.items.every((i) => !unknowns.some((u) => mentions(i, u)))
        ) {
          return walk(
            {
              type: 'relation',
              op: '=',
              args: [
                { type: 'list', items: unknowns.map((u) => ({ type: 'symbol', name: u })), delims: '()' },
                x,
              ],
            },
            false,
          );
        }
        const rs = x.items.map((a) => walk(a, false));
        if (rs.some((r) => r === null)) return null;
        const or = !(top && cases) && sameVariableList(x, unknowns);
        return or ? rs.some(Boolean) : rs.every(Boolean);
      }
      case 'set': {
        const rs = x.elements.map((a) => walk(a, false));
        return rs.some((r) => r === true);
      }
      default:
        return null;
    }
  };
  return walk(e, true);
}

/** Reads the truth of a system for one sample: linear systems exactly, others from the defined solutions. */
function truthOf(
  problem: SolveProblem,
  sample: ParamSample,
  definedPoints: readonly SystemPoint[] | null,
): Truth {
  const { unknowns } = problem;
  const start = problem.start;
  const rows = start.kind === 'expr' ? linearRows(start.expr, unknowns, sample) : null;
  if (rows) {
    const r = rref(rows, unknowns.length);
    const ok = consistent(r);
    if (!ok) return { kind: 'points', points: [], rref: r };
    if (r.length === unknowns.length)
      return { kind: 'points', points: [r.map((row) => realOfQ(row.rhs))], rref: r };
    return { kind: 'linear', rref: r, consistent: true };
  }
  if (definedPoints) return { kind: 'points', points: definedPoints, rref: null };
  const solved = polynomialPoints(problem, sample) ?? substitutionPoints(problem, sample);
  if (!solved) return { kind: 'unknown' };
  return { kind: 'points', points: solved, rref: null };
}

/** The real points of a polynomial start (each of its ∨-branches solved exactly), or null. */
function polynomialPoints(problem: SolveProblem, sample: ParamSample): SystemPoint[] | null {
  const { unknowns, start } = problem;
  if (start.kind !== 'expr') return null;
  const form = disjunctiveForm(start.expr, unknowns, problem.startCases);
  if (!form) return null;
  const set = setOfForm(form, unknowns, sample, problem.ctx.substitutions);
  const points: SystemPoint[] = [];
  for (const c of set.components) {
    if (c.kind !== 'points' || c.at.length !== unknowns.length) return null;
    for (const p of c.points) if (!points.some((q) => samePoint(q, p))) points.push(p);
  }
  return points;
}

/** The equations of a system line (`cases`, a list, or `\\land`). */
function equationsOf(e: Expr): Expr[] {
  const items = e.type === 'list' ? e.items : e.type === 'logic' && e.op === 'and' ? e.args : [e];
  return items.filter((x) => x.type === 'relation' && x.op === '=' && x.args.length === 2);
}

/** u = E from an equation linear in u whose coefficient has neither unknown; null otherwise. */
function solveFor(eq: Expr, u: string, w: string): Expr | null {
  if (eq.type !== 'relation') return null;
  const p = polyFromExpr({ type: 'add', args: [eq.args[0]!, { type: 'neg', arg: eq.args[1]! }] });
  if (!p || !isPolynomial(p) || degreeIn(p, u) !== 1) return null;
  const coef = new Map<string, Term>();
  const rest = new Map<string, Term>();
  for (const [key, t] of p) {
    const withU = t.mono.some(([v]) => v === u);
    if (!withU) {
      rest.set(key, t);
      continue;
    }
    const mono = t.mono.filter(([v]) => v !== u);
    if (mono.some(([v]) => v === w)) return null;
    coef.set(key, { mono, c: t.c });
  }
  if (coef.size === 0) return null;
  return { type: 'div', num: { type: 'neg', arg: polyToExpr(rest) }, den: polyToExpr(coef) };
}

/** A real value as a tree: exact for a + b√c, else its decimal. */
function valueExpr(x: RealValue): Expr {
  if (x.exact) {
    const a = rationalToExpr(x.exact.a);
    if (Q.isZero(x.exact.b) || x.exact.c === 1n) return a;
    const root: Expr = { type: 'root', arg: { type: 'number', text: x.exact.c.toString() }, index: null };
    return { type: 'add', args: [a, { type: 'mul', args: [rationalToExpr(x.exact.b), root] }] };
  }
  const text = Math.abs(x.v).toPrecision(17);
  const body: Expr = { type: 'number', text: /e/.test(text) ? text.replace(/\.?0+e/, 'e') : text };
  return x.v < 0 ? { type: 'neg', arg: body } : body;
}

function replaceSymbol(e: Expr, name: string, value: Expr): Expr {
  if (e.type === 'symbol') return e.name === name ? value : e;
  return mapChildren(e, (c) => replaceSymbol(c, name, value));
}

/**
 * The real solutions of a system in two unknowns by substitution: an equation linear in one unknown
 * (with a coefficient free of both) gives it in terms of the other; the other equations then have
 * one unknown and are solved as such. Null when no equation allows it or the solutions are not
 * finitely many.
 */
function substitutionPoints(problem: SolveProblem, sample: ParamSample): SystemPoint[] | null {
  const { unknowns, ctx } = problem;
  if (unknowns.length !== 2 || problem.start.kind !== 'expr') return null;
  const eqs = equationsOf(problem.start.expr);
  if (eqs.length < 2) return null;
  for (let i = 0; i < eqs.length; i++) {
    for (const [ui, wi] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const u = unknowns[ui]!;
      const w = unknowns[wi]!;
      const uExpr = solveFor(eqs[i]!, u, w);
      if (!uExpr) continue;
      const rest = eqs.filter((_, j) => j !== i).map((q) => replaceSymbol(q, u, uExpr));
      const node: LineNode = {
        kind: 'expr',
        expr: rest.length === 1 ? rest[0]! : { type: 'logic', op: 'and', args: rest },
      };
      let set;
      try {
        set = solveNode(node, false, { ...ctx, variable: w, domain: null }, sample);
      } catch (err) {
        if (err instanceof NotAStatement) continue;
        throw err;
      }
      const ws = pointsOf(set);
      if (!ws) return null;
      const points: SystemPoint[] = [];
      for (const wv of ws) {
        const uv = constValues(replaceSymbol(uExpr, w, valueExpr(wv)), ctx, sample)[0];
        if (!uv) continue;
        const point: RealValue[] = [];
        point[ui] = uv;
        point[wi] = wv;
        points.push(point);
      }
      return points;
    }
  }
  return null;
}

function wrongLine(
  code: SolveFeedbackCode,
  params: Record<string, string> = {},
  highlight?: number[],
): LineFeedback {
  const f: LineFeedback = { correct: false, feedback: message(code, params) };
  if (highlight) f.highlight = highlight;
  return f;
}

function pointsLatex(points: readonly SystemPoint[], unknowns: readonly string[], radians: boolean): string {
  return points
    .map((p) => `(${unknowns.join(', ')}) = (${p.map((v) => realToLatex(v, radians)).join(', ')})`)
    .join(', ');
}

/**
 * Checks an answer to a system in several unknowns: each line must follow from the system (hold at
 * every solution, or for linear systems be implied by it), a line that is a whole system must be
 * equivalent to it, and the numeral completes when the solutions are stated (one line, or
 * consecutive lines `x = 2` then `y = 1`).
 */
export function checkSystem(problem: SolveProblem, inputs: readonly LineInput[]): TextCheckResult {
  const { unknowns, samples } = problem;
  const ctx = problem.ctx;
  const valuesOf = (sample: ParamSample) => (e: Expr) => constValues(e, ctx, sample);

  // Defined solutions as points (per sample).
  const definedPoints: (SystemPoint[] | null)[] = samples.map(() => null);
  if (problem.solutionNodes.length > 0) {
    // One value per unknown, in the unknowns' order (`2`, `1` for x = 2, y = 1).
    const inOrder =
      problem.solutionNodes.length === unknowns.length &&
      problem.solutionNodes.every(
        (n) =>
          n.kind === 'expr' &&
          !['relation', 'logic', 'list', 'set', 'interval', 'element'].includes(n.expr.type) &&
          !unknowns.some((u) => mentions(n.expr as Expr, u)),
      );
    samples.forEach((s, k) => {
      const pts: SystemPoint[] = [];
      let partial: Assignment = {};
      if (inOrder) {
        const values = problem.solutionNodes.map((n) => constValues((n as { expr: Expr }).expr, ctx, s)[0]);
        if (values.some((v) => !v))
          throw new Error('solve: malformed problem definition: definedSolutions of a system');
        definedPoints[k] = [values as RealValue[]];
        return;
      }
      for (const n of problem.solutionNodes) {
        const as = assignmentsOf(n, unknowns, valuesOf(s));
        if (!as) throw new Error('solve: malformed problem definition: definedSolutions of a system');
        for (const a of as) {
          if (isComplete(a, unknowns)) pts.push(pointOf(a, unknowns));
          else partial = { ...partial, ...a };
        }
      }
      if (isComplete(partial, unknowns)) pts.push(pointOf(partial, unknowns));
      definedPoints[k] = pts;
    });
  }
  const truths = samples.map((s, k) => truthOf(problem, s, definedPoints[k] ?? null));
  const results: LineFeedback[] = inputs.map((l) => (l.kind === 'empty' ? blankLine() : { correct: true }));
  if (truths.some((t) => t.kind === 'unknown')) {
    // Neither solvable here nor given its solutions: say so on every line rather than guess.
    for (const l of inputs) if (l.kind !== 'empty') results[l.index] = wrongLine('system-cannot-check');
    return { correct: false, lines: results };
  }
  const known = truths as Exclude<Truth, { kind: 'unknown' }>[];
  const targets = samples.map(
    (_s, k) => definedPoints[k] ?? (known[k]!.kind === 'points' ? known[k]!.points : null),
  );

  const facts: { index: number; assignment: Assignment[] | null; correct: boolean }[] = [];
  let complete = false;

  for (const line of inputs) {
    if (line.kind === 'empty') continue;
    if (line.kind === 'skipped') {
      results[line.index] = wrongLine('too-large');
      facts.push({ index: line.index, assignment: null, correct: false });
      continue;
    }
    let fb: LineFeedback = { correct: true };
    let assignment: Assignment[] | null = null;
    let judged: StepInput | undefined;
    for (const step of line.steps) {
      judged = step;
      if (!step.read.ok) {
        fb =
          step.read.code !== 'too-large' && step.read.at !== undefined
            ? wrongLine('unreadable-at', { at: step.read.at })
            : wrongLine(step.read.code === 'empty-expression' ? 'unreadable-expression' : step.read.code);
        break;
      }
      const node = step.read.node;
      const cases = step.read.cases;
      fb = judgeSystemLine(node, cases);
      assignment = fb.correct ? assignmentsOf(node, unknowns, valuesOf(samples[0]!), cases) : null;
      if (!fb.correct) break;
    }
    results[line.index] = withHighlightRange(fb, judged);
    facts.push({ index: line.index, assignment, correct: fb.correct });
  }

  // Completion: the last line states all solutions, or the last lines state one value each.
  const last = facts[facts.length - 1];
  if (last && last.correct) {
    const target0 = targets[0];
    const stated = last.assignment;
    if (stated && target0 && stated.every((a) => isComplete(a, unknowns))) {
      complete = samples.every((s, k) => {
        const as = assignmentsOf(
          lineNode(inputs, last.index),
          unknowns,
          valuesOf(s),
          lineCases(inputs, last.index),
        );
        const t = targets[k];
        return (
          as !== null &&
          t !== null &&
          t !== undefined &&
          samePoints(
            as.map((a) => pointOf(a, unknowns)),
            t,
          )
        );
      });
      if (!complete && stated.length > 0) {
        const t = targets[0]!;
        const pts = stated.map((a) => pointOf(a, unknowns));
        if (pts.every((p) => t.some((r) => samePoint(p, r))))
          results[last.index] = wrongLine('missing-solutions');
      }
    } else if (target0 && target0.length === 1) {
      // x = 2 on one line, y = 1 on the next.
      let merged: Assignment = {};
      for (let i = facts.length - 1; i >= 0; i--) {
        const f = facts[i]!;
        if (!f.correct || !f.assignment || f.assignment.length !== 1) break;
        merged = { ...f.assignment[0]!, ...merged };
        if (isComplete(merged, unknowns)) break;
      }
      complete =
        isComplete(merged, unknowns) &&
        samePoint(pointOf(merged, unknowns), target0[0]!) &&
        samples.length === 1;
      if (!complete && samples.length > 1 && isComplete(merged, unknowns))
        complete = samePoint(pointOf(merged, unknowns), target0[0]!);
    } else if (target0 && target0.length === 0 && stated && stated.length === 0) complete = true;
    else if (!target0 && known[0]!.kind === 'linear') {
      const node = lineNode(inputs, last.index);
      const rows = node.kind === 'expr' ? linearRows(node.expr, unknowns, samples[0]!) : null;
      complete =
        rows !== null &&
        rows.length === 1 &&
        rowsEqual(rref(rows, unknowns.length), (known[0] as { rref: readonly Row[] }).rref);
    }
    if (!complete && results[last.index]!.correct && !results[last.index]!.feedback) {
      results[last.index] = { correct: true, feedback: message('not-solved-yet') };
    }
  }
  // As for one unknown: complete only when no line is left wrong.
  return { correct: complete && !results.some(isWrongLine), lines: results };

  function judgeSystemLine(node: LineNode, cases: boolean): LineFeedback {
    const expr = node.kind === 'expr' ? node.expr : null;
    const stated = assignmentsOf(node, unknowns, valuesOf(samples[0]!), cases);
    if (stated && (stated.length === 0 || stated.every((a) => isComplete(a, unknowns)))) {
      // A statement of the solutions: compare as sets of points.
      const verdicts = samples.map((s, k) => {
        const as = assignmentsOf(node, unknowns, valuesOf(s), cases) ?? [];
        const pts = as.map((a) => pointOf(a, unknowns));
        const t = targets[k];
        if (!t) return 'unknown';
        if (samePoints(pts, t)) return 'equal';
        if (pts.every((p) => t.some((r) => samePoint(p, r)))) return 'subset';
        if (t.every((r) => pts.some((p) => samePoint(p, r)))) return 'superset';
        return 'other';
      });
      if (verdicts.every((v) => v === 'equal')) return { correct: true };
      if (verdicts.every((v) => v === 'equal' || v === 'subset') && verdicts.includes('subset'))
        return wrongLine('missing-solutions');
      if (verdicts.includes('unknown')) return judgeByTruth(expr, cases);
      // Every solution and more: a point that does not satisfy the system.
      if (verdicts.every((v) => v === 'equal' || v === 'superset')) return wrongLine('extraneous-solution');
      const t = targets[0] ?? [];
      const pts = (assignmentsOf(node, unknowns, valuesOf(samples[0]!), cases) ?? []).map((a) =>
        pointOf(a, unknowns),
      );
      const extra = pts.filter((p) => !t.some((r) => samePoint(p, r)));
      const wrong = wrongLine(
        'wrong-solution',
        problem.hasParams ? {} : { value: pointsLatex(extra, unknowns, problem.radians) },
      );
      return expr ? signErrorOr(expr, cases, wrong) : wrong;
    }
    return (expr && judgeBySets(expr, cases)) ?? judgeByTruth(expr, cases);
  }

  /** The solutions seen on some unknowns (their projection), for sample k. */
  function referenceOn(k: number, vars: readonly string[]): PointSet {
    const t = targets[k];
    if (t) return projectPoints(t, unknowns, vars);
    return projectRows((known[k] as { rref: readonly Row[] }).rref, unknowns, vars);
  }

  /**
   * A line that is a system (several equations, or a disjunction) is compared with the solutions as
   * a set, on the unknowns it mentions: equivalent, lost or gained. One equation is a consequence of
   * the system and is judged by {@link judgeByTruth}. Null when the line's set cannot be read.
   */
  function judgeBySets(expr: Expr, cases: boolean): LineFeedback | null {
    const form = disjunctiveForm(expr, unknowns, cases);
    if (!form || (form.length === 1 && form[0]!.length <= 1)) return null;
    const vars = mentionedUnknowns(expr, unknowns);
    if (vars.length === 0) return null;
    const compared = samples.map((s, k) =>
      compareSets(setOfForm(form, vars, s, ctx.substitutions), referenceOn(k, vars), (p) =>
        holdsAt(expr, vars, p, s, ctx.degrees, cases),
      ),
    );
    if (compared.some((c) => c === null)) return null;
    const verdicts = compared.map((c) => c!.verdict);
    if (verdicts.every((v) => v === 'equal')) return { correct: true };
    if (verdicts.every((v) => v === 'equal' || v === 'lost')) {
      const finite = targets[0] !== null && targets[0] !== undefined;
      return problem.hasParams || !finite
        ? wrongLine('lost-solutions')
        : wrongLine('lost-solution', { value: pointsLatex(compared[0]!.lost, vars, problem.radians) });
    }
    if (verdicts.every((v) => v === 'equal' || v === 'gained')) return wrongLine('extra-solutions');
    return signErrorOr(expr, cases, wrongLine('not-equivalent'));
  }

  /** A sign slip that explains the line (it holds once one sign is flipped), else `otherwise`. */
  function signErrorOr(expr: Expr, cases: boolean, otherwise: LineFeedback): LineFeedback {
    const sign = detectSignError(
      expr,
      (c) => samples.every((s, k) => holdsEverywhere(c, s, k, cases) === true),
      problem.variable,
    );
    return sign ? wrongLine(sign.code, {}, sign.highlight) : otherwise;
  }

  function holdsEverywhere(e: Expr, s: ParamSample, k: number, cases: boolean): boolean | null {
    const truth = known[k]!;
    if (truth.kind === 'linear') {
      const rows = linearRows(e, unknowns, s);
      if (!rows) return null;
      const both = rref([...truth.rref, ...rows], unknowns.length);
      return rowsEqual(both, truth.rref);
    }
    if (truth.points.length === 0) {
      const rows = linearRows(e, unknowns, s);
      return rows ? !consistent(rref(rows, unknowns.length)) : null;
    }
    let all = true;
    for (const p of truth.points) {
      const h = holdsAt(e, unknowns, p, s, ctx.degrees, cases);
      if (h === null) return null;
      all &&= h;
    }
    return all;
  }

  function judgeByTruth(expr: Expr | null, cases: boolean): LineFeedback {
    if (!expr) return wrongLine('not-equivalent');
    const verdicts = samples.map((s, k) => holdsEverywhere(expr, s, k, cases));
    if (verdicts.some((v) => v === null)) return wrongLine('not-equivalent');
    if (verdicts.every(Boolean)) {
      // A whole system must not lose information: compare linear systems exactly.
      const rows = linearRows(expr, unknowns, samples[0]!);
      const t = known[0]!;
      if (rows && rows.length >= unknowns.length && t.rref) {
        const mine = rref(rows, unknowns.length);
        if (!rowsEqual(mine, t.rref)) return wrongLine('extra-solutions');
      }
      return { correct: true };
    }
    // Holds at some solutions but not all: solutions were lost.
    const t0 = known[0]!;
    if (t0.kind === 'points' && t0.points.length > 1) {
      const lost = t0.points.filter(
        (p) => holdsAt(expr, unknowns, p, samples[0]!, ctx.degrees, cases) === false,
      );
      if (lost.length < t0.points.length) {
        return problem.hasParams
          ? wrongLine('lost-solutions')
          : wrongLine('lost-solution', { value: pointsLatex(lost, unknowns, problem.radians) });
      }
    }
    return signErrorOr(expr, cases, wrongLine('not-equivalent'));
  }
}

function lineNode(inputs: readonly LineInput[], index: number): LineNode {
  const line = inputs.find((l) => l.index === index);
  const step = line?.steps[line.steps.length - 1];
  return step?.read.ok ? step.read.node : { kind: 'none' };
}

function lineCases(inputs: readonly LineInput[], index: number): boolean {
  const line = inputs.find((l) => l.index === index);
  const step = line?.steps[line.steps.length - 1];
  return step?.read.ok ? step.read.cases : false;
}
