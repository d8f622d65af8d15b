import type { LineFeedback, SolveData, TextAnswer } from '@kib/core';
import { freeSymbols, mentions, type Expr } from '../expr/ast';
import { blankLine, isWrongLine, type TextCheckResult } from '../types';
import { isBlank, relationChain } from '../expr/parse';
import { toLatex } from '../expr/latex';
import { message, type SolveFeedbackCode } from './feedback-codes';
import { functionNames, unknownsOf } from './problem';
import {
  readLine,
  stepsWithOffsets,
  withHighlightRange,
  type LineNode,
  type ReadLine,
  type ReadStep,
} from './line-reader';
import {
  detectInequalityMistake,
  detectSignError,
  findAndInsteadOfOr,
  findMissingVariable,
  hasInequality,
  isStated,
  statedItems,
} from './mistakes';
import { BudgetExceeded } from './numeric-roots';
import {
  CHECK_BUDGET,
  MAX_CHECKED_LINES,
  MAX_DIAGNOSED_LINES,
  prepareProblem,
  type SolveProblem,
} from './problem';
import {
  difference,
  intersection,
  isAllReals,
  isEmpty,
  isSubset,
  pointsOf,
  pointsSet,
  relate,
  setsEqual,
  setToLatex,
  unionAll,
  type SetRelation,
  type SolutionSet,
} from './solution-set';
import { NotAStatement, solveNode } from './solve-line';
import { bounded as QB, type Rational } from '../expr/rational';
import { rationalOf, realApprox, realOfQ, type RealValue } from './real-value';
import type { ParamSample } from './samples';
import { checkSystem } from './systems';

/** A set per parameter sample. */
type Sets = readonly SolutionSet[];

/** One step of a line (a line may chain steps with ⇒). */
export interface StepInput extends ReadStep {
  readonly latex: string;
}

/** A line of the answer as read: empty, beyond the checked limit, or its steps. */
export interface LineInput {
  readonly index: number;
  readonly key: string;
  readonly kind: 'empty' | 'skipped' | 'line';
  readonly steps: readonly StepInput[];
}

type Evaluated =
  | {
      readonly ok: true;
      readonly sets: Sets;
      /** The sets at the problem's zero samples (a parameter at 0), or null when not solvable there. */
      readonly zero: Sets | null;
      readonly node: LineNode;
      readonly cases: boolean;
      readonly stated: boolean;
      /** A value written alone (`2`, `\\pm 2`, `2, -2`) where an equation `x = 2` is expected. */
      readonly bare: boolean;
      readonly inequality: boolean;
    }
  | { readonly ok: false; readonly code: SolveFeedbackCode; readonly params?: Record<string, string> };

interface Judged {
  readonly feedback: LineFeedback;
  readonly accept: boolean;
}

/** The branch key of a line: its solNum, or the trunk. */
function keyOf(solNum: number | undefined): string {
  return typeof solNum === 'number' ? `sol${solNum}` : 'trunk';
}

/** Reads the answer lines (bounded: lines past {@link MAX_CHECKED_LINES} are not parsed). */
export function readAnswer(data: SolveData, answer: TextAnswer): LineInput[] {
  const variable = unknownsOf(data)[0] ?? 'x';
  const functions = functionNames(data);
  const lines = Array.isArray(answer) ? answer : [];
  let checked = 0;
  // The left side of the last equation of each branch: a line `= E` continues it as `L = E`.
  const lastLeft = new Map<string, string>();
  return lines.map((line, index): LineInput => {
    const written = typeof line?.math === 'string' ? line.math : '';
    const key = keyOf(typeof line?.solNum === 'number' ? line.solNum : undefined);
    if (isBlank(written)) return { index, key, kind: 'empty', steps: [] };
    if (++checked > MAX_CHECKED_LINES || written.length > 2000)
      return { index, key, kind: 'skipped', steps: [] };
    const left = lastLeft.get(key) ?? (key !== 'trunk' ? lastLeft.get('trunk') : undefined);
    const continued = /^\s*=/.test(written) && left !== undefined;
    const latex = continued ? `${left}${written.trim()}` : written;
    // Where the LaTeX read starts in what was written (a continued line reads `L` first).
    const shift = continued ? written.length - written.trimStart().length - left.length : 0;
    const parts = stepsWithOffsets(latex);
    const steps = (parts.length > 1 ? parts : [{ latex, offset: 0 }]).slice(0, 8).map((p): StepInput => ({
      latex: p.latex,
      read: readLine(p.latex, { variable, functions }),
      toLine: ([start, end]) => {
        const from = start + p.offset + shift;
        const to = end + p.offset + shift;
        return from >= 0 && to <= written.length && from < to ? [from, to] : undefined;
      },
    }));
    const lastStep = steps[steps.length - 1];
    const nextLeft = lastStep ? equationLeft(lastStep.read) : null;
    if (nextLeft !== null) lastLeft.set(key, nextLeft);
    else lastLeft.delete(key);
    return { index, key, kind: 'line', steps };
  });
}

/** The LaTeX of the first side of a read equation (a chain `a = b = c` gives a), or null. */
function equationLeft(read: ReadLine): string | null {
  if (!read.ok || read.node.kind !== 'expr') return null;
  const chain = relationChain(read.node.expr, (op) => op === '=');
  if (!chain || chain.ops.some((op) => op !== '=')) return null;
  const first = chain.operands[0]!;
  if (first.type === 'relation' || first.type === 'logic') return null;
  return toLatex(first);
}

function wrong(code: SolveFeedbackCode, params: Record<string, string> = {}, highlight?: number[]): Judged {
  const feedback: LineFeedback = { correct: false, feedback: message(code, params) };
  // An empty path would mark the whole line: leave it out.
  if (highlight && highlight.length > 0 && highlight.length <= 64) feedback.highlight = highlight;
  return { feedback, accept: false };
}

function ok(code?: SolveFeedbackCode, params: Record<string, string> = {}): Judged {
  return {
    feedback: code ? { correct: true, feedback: message(code, params) } : { correct: true },
    accept: true,
  };
}

/**
 * Checks a solve answer line by line, as STACK's equivalence reasoning does: each line against the
 * previous correct line of its branch (lines with the same solNum; no solNum is one branch). The
 * numeral is complete when the final line of the branch (or the union of the branches' final
 * lines) states exactly the defined solutions. Never throws for the student's answer; throws for a
 * malformed problem definition.
 */
export function checkSolve(data: SolveData, answer: TextAnswer): TextCheckResult {
  const inputs = readAnswer(data, answer);
  const nodes: LineNode[] = [];
  for (const l of inputs) for (const s of l.steps) if (s.read.ok) nodes.push(s.read.node);
  const problem = prepareProblem(data, nodes);
  problem.ctx.budget.left = CHECK_BUDGET;
  if (problem.mode === 'system') return checkSystem(problem, inputs);
  return new SingleChecker(problem, inputs).run();
}

/** The single-unknown checker: sets per parameter sample, branches, completion. */
class SingleChecker {
  private readonly cache = new Map<string, Evaluated>();
  private exhausted = false;
  private diagnosed = 0;
  private readonly P: SolveProblem;

  constructor(
    problem: SolveProblem,
    private readonly inputs: readonly LineInput[],
  ) {
    this.P = problem;
  }

  run(): TextCheckResult {
    const { inputs, P } = this;
    const evals = inputs.map((l) => l.steps.map((s) => this.evaluate(s)));
    const results: LineFeedback[] = inputs.map((l) => (l.kind === 'empty' ? blankLine() : { correct: true }));
    const numbered = [
      ...new Set(inputs.filter((l) => l.kind === 'line' && l.key !== 'trunk').map((l) => l.key)),
    ];
    const multi = numbered.length >= 2;

    const refs = new Map<string, Sets>();
    const zeroRefs = new Map<string, Sets | null>();
    const finals = new Map<string, { index: number; ev: Evaluated | undefined }>();
    inputs.forEach((line, i) => {
      if (line.kind === 'empty') return;
      if (line.kind === 'skipped') {
        results[i] = wrong('too-large').feedback;
        finals.set(line.key, { index: i, ev: undefined });
        return;
      }
      let ref = refs.get(line.key) ?? refs.get('trunk') ?? P.truth;
      let zeroRef =
        zeroRefs.get(line.key) ?? zeroRefs.get('trunk') ?? (P.zeroTruth.length ? P.zeroTruth : null);
      let judged: Judged = ok();
      let judgedStep: StepInput | undefined;
      const lineEvals = evals[i]!;
      if (lineEvals.length === 1 && this.isVerification(lineEvals[0]!, ref)) {
        // "2·2 + 3 = 7": checking a value, not a step of the derivation.
        results[i] = { correct: true };
        return;
      }
      for (const [s, ev] of lineEvals.entries()) {
        judgedStep = line.steps[s];
        if (!ev.ok) {
          judged = wrong(ev.code, ev.params);
          break;
        }
        judged = this.judge(ev, ref, multi);
        const atZero = judged.accept && !multi ? this.changesAtZero(ev, zeroRef) : null;
        if (atZero) judged = wrong(atZero);
        if (!judged.accept) break;
        ref = ev.sets;
        zeroRef = ev.zero ?? zeroRef;
      }
      if (judged.accept) {
        refs.set(line.key, ref);
        zeroRefs.set(line.key, zeroRef);
      }
      results[i] = withHighlightRange(judged.feedback, judgedStep);
      finals.set(line.key, { index: i, ev: lineEvals[lineEvals.length - 1] });
    });

    // As for simplify: complete only when the solutions are stated and no line is left wrong.
    const correct = this.complete(results, finals, numbered, multi) && !results.some(isWrongLine);
    return { correct, lines: results };
  }

  /** Marks the final lines and decides whether the numeral is complete. */
  private complete(
    results: LineFeedback[],
    finals: Map<string, { index: number; ev: Evaluated | undefined }>,
    numbered: string[],
    multi: boolean,
  ): boolean {
    const { P } = this;
    const stated = (f: { index: number; ev: Evaluated | undefined } | undefined) =>
      f !== undefined && results[f.index]!.correct && f.ev?.ok === true && f.ev.stated && !f.ev.bare;
    const unfinished = (f: { index: number; ev: Evaluated | undefined }) => {
      if (!results[f.index]!.correct) return;
      if (f.ev?.ok && f.ev.stated && f.ev.bare) note(f, 'write-as-equation', { variable: P.variable });
      else if (!(f.ev?.ok && f.ev.stated)) note(f, 'not-solved-yet');
    };
    const note = (
      f: { index: number; ev: Evaluated | undefined },
      code: SolveFeedbackCode,
      params: Record<string, string> = {},
    ) => {
      const r = results[f.index]!;
      if (r.correct && !r.feedback) results[f.index] = { correct: true, feedback: message(code, params) };
    };
    const equalsTarget = (sets: Sets) => sets.every((s, k) => setsEqual(s, P.target[k]!));

    if (!multi) {
      // One branch: the last line of the answer.
      let last: { index: number; ev: Evaluated | undefined } | undefined;
      for (const f of finals.values()) if (!last || f.index > last.index) last = f;
      if (!last) return false;
      if (stated(last) && last.ev?.ok && equalsTarget(last.ev.sets)) return true;
      unfinished(last);
      return false;
    }
    const trunk = finals.get('trunk');
    const branchFinals = numbered.map((k) => finals.get(k)!);
    const lastIndex = Math.max(...branchFinals.map((f) => f.index));
    if (trunk && trunk.index > lastIndex && stated(trunk) && trunk.ev?.ok && equalsTarget(trunk.ev.sets))
      return true;
    for (const f of branchFinals) unfinished(f);
    if (!branchFinals.every(stated)) return false;
    const unionSets = P.samples.map((_s, k) =>
      unionAll(branchFinals.map((f) => (f.ev as Extract<Evaluated, { ok: true }>).sets[k]!)),
    );
    if (equalsTarget(unionSets)) return true;
    const latest = branchFinals.find((f) => f.index === lastIndex)!;
    if (unionSets.every((s, k) => isSubset(s, P.target[k]!))) note(latest, 'missing-solutions');
    return false;
  }

  private evaluate(step: StepInput): Evaluated {
    if (this.exhausted) return { ok: false, code: 'too-large' };
    const cached = this.cache.get(step.latex);
    if (cached) return cached;
    const r = step.read;
    let out: Evaluated;
    if (!r.ok) {
      out =
        r.code !== 'too-large' && r.at !== undefined
          ? { ok: false, code: 'unreadable-at', params: { at: r.at } }
          : { ok: false, code: r.code === 'empty-expression' ? 'unreadable-expression' : r.code };
    } else {
      try {
        const stated = isStated(r.node, this.P.variable);
        const sets = this.P.samples.map((s) => this.solveStated(r.node, r.cases, s, stated));
        const zero = this.zeroSets(r.node, r.cases, stated);
        out = {
          ok: true,
          sets,
          zero,
          node: r.node,
          cases: r.cases,
          stated,
          bare: stated && isBareValue(r.node, r.cases),
          inequality: hasInequality(r.node),
        };
      } catch (err) {
        if (err instanceof NotAStatement) out = { ok: false, code: err.code };
        else if (err instanceof BudgetExceeded) {
          this.exhausted = true;
          out = { ok: false, code: 'too-large' };
        } else throw err;
      }
    }
    this.cache.set(step.latex, out);
    return out;
  }

  /** The line's sets at the zero samples; null when there are none or the line says nothing there. */
  private zeroSets(node: LineNode, cases: boolean, stated: boolean): Sets | null {
    if (this.P.zeroSamples.length === 0) return null;
    try {
      return this.P.zeroSamples.map((s) => this.solveStated(node, cases, s, stated));
    } catch (err) {
      if (err instanceof NotAStatement) return null;
      throw err;
    }
  }

  /**
   * How a step accepted at the generic samples changes the solutions where a letter is 0: a problem's
   * parameter may not lose any (`bu = bv` to `u = v` drops every u when b = 0); a letter the student
   * introduced may neither lose nor gain (`2x = 6` to `2ax = 6a` gains every x when a = 0). A stated
   * answer that is the problem's own `definedSolutions` is the author's reading of the parameters
   * and is not second-guessed.
   */
  private changesAtZero(
    ev: Extract<Evaluated, { ok: true }>,
    zeroRef: Sets | null,
  ): 'lost-solutions' | 'gained-solutions' | null {
    if (!ev.zero || !zeroRef) return null;
    const own = !(ev.stated && this.P.definedTarget);
    for (let k = 0; k < ev.zero.length; k++) {
      const relation = relate(ev.zero[k]!, zeroRef[k]!);
      // A letter of the student's own is no parameter of the problem: at 0 the step must hold both ways.
      if (this.P.zeroIntroduced[k]) {
        if (relation === 'subset') return 'lost-solutions';
        if (relation !== 'equal') return 'gained-solutions';
      } else if (own && relation === 'subset') return 'lost-solutions';
    }
    return null;
  }

  /**
   * The set of a line; without a given interval, stated angles of a periodic equation are read
   * modulo the period (x = 390° is x = 30°, and x = 30° + 360°k is x = 30° for every integer k).
   */
  private solveStated(node: LineNode, cases: boolean, sample: ParamSample, stated: boolean): SolutionSet {
    const { P } = this;
    if (!stated || !P.period || !P.ctx.domain) return solveNode(node, cases, P.ctx, sample);
    const free = solveNode(node, cases, { ...P.ctx, domain: null }, sample);
    const pts = pointsOf(free);
    if (!pts) return intersection(free, P.ctx.domain);
    return intersection(pointsSet(pts.map((p) => modulo(p, P.period!))), P.ctx.domain);
  }

  /** A true statement without the unknown (checking a solution by substitution) that is not the current state. */
  private isVerification(ev: Evaluated, ref: Sets): boolean {
    if (!ev.ok || ev.node.kind !== 'expr' || ev.node.expr.type !== 'relation') return false;
    const e = ev.node.expr;
    if (mentions(e, this.P.variable) || freeSymbols(e).size > 0) return false;
    const domain = this.P.ctx.domain;
    const holds = ev.sets.every((s) => isAllReals(s) || (domain !== null && setsEqual(s, domain)));
    return holds && !ev.sets.every((s, k) => setsEqual(s, ref[k]!));
  }

  /** Sets of a modified expression, or null when it is not a statement or the budget is short. */
  private setsOfExpr(e: Expr, cases: boolean): Sets | null {
    if (this.exhausted || this.P.ctx.budget.left < CHECK_BUDGET / 10) return null;
    try {
      return this.P.samples.map((s) => solveNode({ kind: 'expr', expr: e }, cases, this.P.ctx, s));
    } catch (err) {
      if (err instanceof NotAStatement) return null;
      if (err instanceof BudgetExceeded) {
        this.exhausted = true;
        return null;
      }
      throw err;
    }
  }

  private value(sets: Sets): Record<string, string> {
    return { value: setToLatex(sets[0]!, this.P.variable, this.P.radians) };
  }

  private judge(ev: Extract<Evaluated, { ok: true }>, ref: Sets, multi: boolean): Judged {
    const { P } = this;
    const { sets, node, stated } = ev;
    const expr = node.kind === 'expr' ? node.expr : null;
    if (expr) {
      const mv = findMissingVariable(expr, P.variable);
      if (mv) return wrong('missing-variable', {}, mv);
      const ao = findAndInsteadOfOr(expr, P.variable);
      if (ao) return wrong('and-instead-of-or', {}, ao);
    }
    const v = this.verdict(sets, ref, ev.inequality);
    const minus = (a: Sets, b: Sets): Sets => a.map((s, k) => difference(s, b[k]!));
    const generic = P.hasParams;
    const withinTarget = sets.every((s, k) => isSubset(s, P.target[k]!));

    // A stated value outside the problem's interval is wrong even when the others are right.
    if (stated) {
      const outside = this.outsideInterval(ev);
      if (outside) return wrong('outside-interval', { value: outside });
    }
    // Accepted lines.
    if (stated && !multi && sets.every((s, k) => setsEqual(s, P.target[k]!))) return ok();
    if ((!stated || multi) && (!stated || withinTarget)) {
      if (v.kind === 'equal' || v.kind === 'discard') return ok();
      // Several branches: a line may keep only some cases; the union is checked at the end.
      if (multi && v.kind === 'lost') return ok();
      if (!stated && v.kind === 'gained' && v.acceptable) {
        return ok(
          generic ? 'extra-solutions' : 'gained-solutions',
          generic ? {} : this.value(minus(sets, ref)),
        );
      }
    }

    // Wrong lines: the most specific explanation first.
    if (stated) {
      const keptExtra = v.kind === 'equal' || v.kind === 'discard' || (v.kind === 'gained' && v.acceptable);
      if (keptExtra && firstRelation(sets, P.target) === 'superset') {
        const extra = minus(sets, P.target);
        return wrong(
          'extraneous-solution',
          generic ? {} : this.value(extra),
          this.itemHighlight(expr, extra),
        );
      }
    }
    const found = this.detect(expr, ev, ref);
    if (found) return found;
    if (isEmpty(sets[0]!) && !isEmpty(ref[0]!)) {
      return stated && saysNoSolution(node) ? wrong('missing-solutions') : wrong('not-equivalent');
    }
    if (stated) {
      const rt = firstRelation(sets, P.target);
      if (rt === 'superset' || (multi && !withinTarget && rt !== 'other')) {
        const extra = minus(sets, P.target);
        const code =
          v.kind === 'equal' || v.kind === 'discard' || (v.kind === 'gained' && v.acceptable)
            ? 'extraneous-solution'
            : 'wrong-solution';
        return wrong(code, generic ? {} : this.value(extra), this.itemHighlight(expr, extra));
      }
      if (rt === 'subset') {
        // "x^2 = 3x, so x = 3": name what was lost on the way; otherwise only say something is missing.
        if (v.kind !== 'lost') return wrong('missing-solutions');
        return generic ? wrong('lost-solutions') : wrong('lost-solution', this.value(minus(P.target, sets)));
      }
      const extra = minus(sets, P.target);
      if (!isEmpty(extra[0]!))
        return wrong('wrong-solution', generic ? {} : this.value(extra), this.itemHighlight(expr, extra));
      return wrong('not-equivalent');
    }
    if (v.kind === 'lost') {
      const lost: Sets = ref.map((r, k) => difference(intersection(r, P.truth[k]!), sets[k]!));
      const shown = isEmpty(lost[0]!) ? minus(ref, sets) : lost;
      return generic ? wrong('lost-solutions') : wrong('lost-solution', this.value(shown));
    }
    if (v.kind === 'gained')
      return generic ? wrong('extra-solutions') : wrong('gained-solutions', this.value(minus(sets, ref)));
    return wrong('not-equivalent');
  }

  /** Recognised mistakes: an inequality turned or made strict, a sign lost on one term. */
  private detect(expr: Expr | null, ev: Extract<Evaluated, { ok: true }>, ref: Sets): Judged | null {
    if (!expr || ++this.diagnosed > MAX_DIAGNOSED_LINES) return null;
    const matches = (candidate: Expr) => {
      const s = this.setsOfExpr(candidate, ev.cases);
      return (
        s !== null &&
        (s.every((x, k) => setsEqual(x, ref[k]!)) || s.every((x, k) => setsEqual(x, this.P.target[k]!)))
      );
    };
    const found = detectInequalityMistake(expr, matches) ?? detectSignError(expr, matches, this.P.variable);
    return found ? wrong(found.code, {}, found.highlight) : null;
  }

  /** How a line's sets relate to the reference: equal, dropping extraneous roots, gaining, losing, other. */
  private verdict(
    sets: Sets,
    ref: Sets,
    inequality: boolean,
  ): { kind: 'equal' | 'discard' | 'lost' | 'other' } | { kind: 'gained'; acceptable: boolean } {
    const { P } = this;
    const rels = sets.map((s, k) => relate(s, ref[k]!));
    if (rels.every((r) => r === 'equal')) return { kind: 'equal' };
    if (sets.every((s, k) => isSubset(P.truth[k]!, s) && isSubset(s, ref[k]!))) return { kind: 'discard' };
    const first = rels.find((r) => r !== 'equal')!;
    if (first === 'superset') {
      // Squaring both sides or multiplying by an expression adds isolated points: a valid step to check later.
      const acceptable =
        !inequality &&
        rels.every((r) => r === 'equal' || r === 'superset') &&
        sets.every((s, k) => pointsOf(difference(s, ref[k]!)) !== null);
      return { kind: 'gained', acceptable };
    }
    return { kind: first === 'subset' ? 'lost' : 'other' };
  }

  /** Values of a stated line outside the problem's interval, as LaTeX, or null. */
  private outsideInterval(ev: Extract<Evaluated, { ok: true }>): string | null {
    const { P } = this;
    if (!P.ctx.domain || P.period) return null;
    try {
      const free = solveNode(ev.node, ev.cases, { ...P.ctx, domain: null }, P.samples[0]!);
      const out = difference(free, P.ctx.domain);
      return isEmpty(out) ? null : setToLatex(out, P.variable, P.radians);
    } catch (err) {
      if (err instanceof NotAStatement || err instanceof BudgetExceeded) return null;
      throw err;
    }
  }

  /** The path of the one stated item holding a value of `extra` (`x = 4` in `x = 2, x = 4`). */
  private itemHighlight(expr: Expr | null, extra: Sets): number[] | undefined {
    if (!expr) return undefined;
    const items = statedItems(expr);
    if (items.length < 2) return undefined;
    const hits = items.filter((it) => {
      const s = this.setsOfExpr(it.expr, false);
      return s !== null && !isEmpty(intersection(s[0]!, extra[0]!));
    });
    return hits.length === 1 ? hits[0]!.path : undefined;
  }
}

/**
 * True for values written alone where the answer should say which unknown they solve for: a number
 * or expression (`2`), ± values, a plain comma list of them. Sets, intervals, bracketed tuples and
 * "no solution" are complete statements.
 */
function isBareValue(node: LineNode, cases: boolean): boolean {
  if (node.kind !== 'expr' || cases) return false;
  const scalar = (e: Expr): boolean =>
    !['relation', 'logic', 'set', 'interval', 'list', 'element'].includes(e.type) &&
    !(e.type === 'symbol' && e.name === 'reals');
  const e = node.expr;
  if (e.type === 'list') return (e.delims === '' || e.delims === undefined) && e.items.every(scalar);
  return scalar(e);
}

/** The relation of a to b at the first sample where they differ. */
function firstRelation(a: Sets, b: Sets): SetRelation {
  for (let k = 0; k < a.length; k++) {
    const r = relate(a[k]!, b[k]!);
    if (r !== 'equal') return r;
  }
  return 'equal';
}

/** True when a line says "no solution" explicitly (words, `\\emptyset`, `x\\in\\emptyset`). */
function saysNoSolution(node: LineNode): boolean {
  if (node.kind === 'none') return true;
  if (node.kind !== 'expr') return false;
  const e = node.expr;
  const empty = (x: Expr) => x.type === 'set' && x.elements.length === 0;
  return empty(e) || (e.type === 'element' && empty(e.of)) || (e.type === 'relation' && e.args.some(empty));
}

/** x reduced into [0, period): exactly for rationals (degrees), else in floating point. */
function modulo(x: RealValue, period: RealValue): RealValue {
  const xq = rationalOf(x);
  const pq = rationalOf(period);
  if (xq && pq) {
    const k = qFloorDiv(xq, pq);
    return realOfQ(QB.sub(xq, QB.mul(pq, k)));
  }
  const r = x.v - period.v * Math.floor(x.v / period.v + 1e-12);
  return realApprox(Math.abs(r) < 1e-12 ? 0 : r, 1e-11);
}

function qFloorDiv(a: Rational, b: Rational): Rational {
  const d = QB.div(a, b)!;
  const fl = d.n >= 0n ? d.n / d.d : -((-d.n + d.d - 1n) / d.d);
  return QB.rat(fl);
}
