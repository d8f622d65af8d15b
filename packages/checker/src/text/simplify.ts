import type { LineFeedback, SimplifyData, TextAnswer } from '@kib/core';
import { freeSymbols, type Expr } from '../expr/ast';
import {
  approximatelyEqual,
  equivalent,
  equivalentEquations,
  type EquivalenceContext,
} from '../expr/equivalence';
import { comAssKey, isInForm, type FormName } from '../expr/forms';
import { EVALUATION_BUDGET, locateMistake, type LocateBudget } from '../expr/locate';
import { blankLine, type TextCheckResult } from '../types';
import {
  buildContext,
  hasDecimal,
  isBlank,
  mainVariables,
  budgetLines,
  chainSides,
  ANSWER_LOCATE_BUDGET,
  message,
  parseAuthored,
  parseLine,
  symbolNames,
  unreadableLine,
  withinLineWork,
  wrongLine,
} from './context';
import type { TextFeedbackCode } from './feedback-codes';

/** The simplify data the checker reads: the record of spec 02 §3 with the optional `form` and `formVariable`. */
export type SimplifyCheckData = SimplifyData;

/** A prepared simplify problem: parsed once, checked line by line. */
export interface SimplifyProblem {
  start: Expr;
  target: Expr;
  ctx: EquivalenceContext;
  functionNames: string[];
  form: FormName | null;
  formVariable: string | null;
  /**
   * The variables the form is judged in (null: all at once). Without a `formVariable`, also each
   * single variable in which the author's target is in the form: `(x-a)^2+b` is a completed square
   * in x.
   */
  formVariables: (string | null)[];
  exactExpr: boolean;
  targetIsExact: boolean;
}

function formVariablesOf(
  form: FormName | null,
  formVariable: string | null,
  target: Expr,
): (string | null)[] {
  if (!form || formVariable) return [formVariable];
  const single = [...freeSymbols(target)].sort().filter((v) => isInForm(target, form, v));
  return [null, ...single];
}

/** Parses the problem's expressions; throws only for a malformed problem definition. */
export function prepareSimplify(data: SimplifyCheckData): SimplifyProblem {
  const declared = [
    ...symbolNames(data.constant),
    ...symbolNames(data.units),
    ...symbolNames(data.definedSymbols),
    ...symbolNames(data.complementaryVariables),
  ];
  const base = buildContext({
    functions: data.functions,
    complementaryEquations: data.complementaryEquations,
    convertToDegrees: data.convertToDegrees,
    interval: null,
    seedText: `${data.startingExpression}|${data.target}`,
  });
  const start = parseAuthored(data.startingExpression, 'startingExpression', base.functionNames);
  const target = parseAuthored(data.target, 'target', base.functionNames);
  const formVariable = data.formVariable ?? null;
  // The interval restricts the problem's variable(s): the form variable, else the start's own
  // variables that are not declared constants, units or symbols.
  const restricted = formVariable ? [formVariable] : mainVariables(start, declared);
  const { ctx } = data.interval
    ? buildContext({
        functions: data.functions,
        complementaryEquations: data.complementaryEquations,
        convertToDegrees: data.convertToDegrees,
        interval: data.interval,
        intervalVariables: restricted.length ? restricted : undefined,
        seedText: `${data.startingExpression}|${data.target}`,
      })
    : base;
  return {
    start,
    target,
    ctx,
    functionNames: base.functionNames,
    form: data.form ?? null,
    formVariable,
    // Of an equation, the form is the right side's (y = x(x+2) is factored in x).
    formVariables: formVariablesOf(
      data.form ?? null,
      formVariable,
      isEquation(target) ? sidesOf(target)[1] : target,
    ),
    exactExpr: data.exactExpr,
    targetIsExact: !hasDecimal(target),
  };
}

/** The verdict on one line, with the state the next line continues from. */
export interface SimplifyLineVerdict {
  feedback: LineFeedback;
  /** The line's final value when it is correct (the last side of a chain). */
  value: Expr | null;
  /** Correct and in the required form. */
  final: boolean;
  /** The line was blank. */
  empty: boolean;
}

/**
 * Checks one line of a simplify answer against the problem: every side of a chain `a = b = c` must be
 * equivalent to the starting expression; a wrong side is located against `reference` (the last
 * correct line or the start). Never throws.
 */
export function checkSimplifyLine(
  problem: SimplifyProblem,
  latex: string,
  reference: Expr,
  budget: LocateBudget = { remaining: EVALUATION_BUDGET },
): SimplifyLineVerdict {
  if (isBlank(latex)) return { feedback: blankLine(), value: null, final: false, empty: true };
  const parsed = parseLine(latex, problem.functionNames);
  if (!parsed.ok) {
    return { feedback: unreadableLine(parsed), value: null, final: false, empty: false };
  }
  const line = parsed.expr;
  if (isEquation(problem.start)) return checkEquationLine(problem, line, reference, budget);
  if (problem.start.type === 'set') return checkSetLine(problem, line);
  const chain = chainSides(line);
  if (chain.some((c) => ['relation', 'logic', 'set', 'interval'].includes(c.expr.type))) {
    return { feedback: wrongLine('unexpected-relation', []), value: null, final: false, empty: false };
  }
  const sides = chain.map((c) => c.expr);
  const prefix = (k: number) => chain[k]!.path;
  for (let k = 0; k < sides.length; k++) {
    const side = sides[k]!;
    const r = equivalent(side, problem.start, problem.ctx);
    if (r.verdict === 'equivalent') continue;
    if (r.verdict === 'unknown') {
      return {
        feedback: wrongLine(r.reason === 'too-large' ? 'too-large' : 'cannot-check'),
        value: null,
        final: false,
        empty: false,
      };
    }
    // A later side of a chain is compared with the side before it (it was correct).
    const ref = k > 0 ? sides[k - 1]! : reference;
    return {
      feedback: wrongSide(problem, side, ref, prefix(k), r.domain === true, budget),
      value: null,
      final: false,
      empty: false,
    };
  }
  const value = sides[sides.length - 1]!;
  const decimalsNotAllowed = problem.exactExpr && problem.targetIsExact && sides.some(hasDecimal);
  if (decimalsNotAllowed) {
    return {
      feedback: { correct: true, feedback: message('exact-value-required') },
      value,
      final: false,
      empty: false,
    };
  }
  // The very value, written with decimals where the target has none (0.5 for 1/2): not the form
  // asked for (simplify judges the form; solve, which asks for values, takes it), and said so.
  if (problem.targetIsExact && hasDecimal(value) && !problem.form) {
    return {
      feedback: { correct: true, feedback: message('write-without-decimals') },
      value,
      final: false,
      empty: false,
    };
  }
  return formVerdict(problem, value, value, [value]);
}

/**
 * A correct line's verdict: final when in the required form (checked on `formPart`, the answer
 * itself even when it is the target as written: the authoring checks refuse a target not in its
 * own form), or without a form when one of `asWritten` is the target as written.
 */
function formVerdict(
  problem: SimplifyProblem,
  value: Expr,
  formPart: Expr,
  asWritten: readonly Expr[],
): SimplifyLineVerdict {
  const target = comAssKey(problem.target);
  const inForm = problem.form
    ? problem.formVariables.some((v) => isInForm(formPart, problem.form!, v))
    : asWritten.some((e) => comAssKey(e) === target);
  if (inForm) return { feedback: { correct: true }, value, final: true, empty: false };
  const fb = problem.form
    ? message('not-in-form', { form: problem.form.replace(/_/g, '-') })
    : message('equivalent-not-simplified');
  return { feedback: { correct: true, feedback: fb }, value, final: false, empty: false };
}

function isEquation(e: Expr): e is Extract<Expr, { type: 'relation' }> {
  return e.type === 'relation' && e.op === '=' && e.args.length === 2;
}

/** The two sides of an equation l = r. */
function sidesOf(e: Extract<Expr, { type: 'relation' }>): [Expr, Expr] {
  return [e.args[0]!, e.args[e.args.length - 1]!];
}

/**
 * A line of a simplify whose start is an equation (`y=2x+4x` to `y=6x`): the line is an equation, or
 * a chain `y=2x+4x=6x`, and each equation of its first side with a later one must be the start's
 * equation (the same condition: one difference a non-zero constant multiple of the other). Complete
 * when the last equation is the target as written, either way round, or in the required form.
 */
function checkEquationLine(
  problem: SimplifyProblem,
  line: Expr,
  reference: Expr,
  budget: LocateBudget,
): SimplifyLineVerdict {
  const wrong = (feedback: LineFeedback): SimplifyLineVerdict => ({
    feedback,
    value: null,
    final: false,
    empty: false,
  });
  const chain = chainSides(line);
  if (chain.length < 2 || chain.some((c) => ['relation', 'logic', 'set', 'interval'].includes(c.expr.type)))
    return wrong(wrongLine('not-an-equation', []));
  const [startLeft, startRight] = sidesOf(problem.start as Extract<Expr, { type: 'relation' }>);
  const first = chain[0]!.expr;
  for (let k = 1; k < chain.length; k++) {
    const side = chain[k]!.expr;
    const r = equivalentEquations(first, side, startLeft, startRight, problem.ctx);
    if (r.verdict === 'equivalent') continue;
    if (r.verdict === 'unknown')
      return wrong(wrongLine(r.reason === 'too-large' ? 'too-large' : 'cannot-check'));
    // The first side kept, a later one changed: the mistake is in that side, against the one before.
    const ref = k > 1 ? chain[k - 1]!.expr : isEquation(reference) ? sidesOf(reference)[1] : startRight;
    const sameLeft = equivalent(
      first,
      isEquation(reference) ? sidesOf(reference)[0] : startLeft,
      problem.ctx,
    );
    if (sameLeft.verdict !== 'equivalent') return wrong(wrongLine('not-equivalent', []));
    return wrong(wrongSide(problem, side, ref, chain[k]!.path, r.domain === true, budget));
  }
  const value: Expr = { type: 'relation', op: '=', args: [first, chain[chain.length - 1]!.expr] };
  const swapped: Expr = { type: 'relation', op: '=', args: [value.args[1]!, value.args[0]!] };
  return formVerdict(problem, value, value.args[1]!, [value, swapped]);
}

/**
 * A line of a simplify whose start is a set of expressions (`\\{1+1, \\sqrt{4}, 3\\}`): the line is
 * a set, each of its elements equivalent to one of the start's and each of the start's to one of
 * its own (order and repetition do not change a set). Complete when no two elements are equal and
 * each is in the required form, or is one of the target's elements as written.
 */
function checkSetLine(problem: SimplifyProblem, line: Expr): SimplifyLineVerdict {
  const wrong = (feedback: LineFeedback): SimplifyLineVerdict => ({
    feedback,
    value: null,
    final: false,
    empty: false,
  });
  if (line.type !== 'set') return wrong(wrongLine('expected-set', []));
  const start = (problem.start as Extract<Expr, { type: 'set' }>).elements;
  const same = (a: Expr, b: Expr): boolean | 'unknown' => {
    const r = equivalent(a, b, problem.ctx);
    return r.verdict === 'unknown' ? 'unknown' : r.verdict === 'equivalent';
  };
  const unknown = () => wrong(wrongLine('cannot-check'));
  for (const [i, element] of line.elements.entries()) {
    let found = false;
    for (const s of start) {
      const r = same(element, s);
      if (r === 'unknown') return unknown();
      if (r) {
        found = true;
        break;
      }
    }
    if (!found) return wrong(wrongLine('not-an-element', [i]));
  }
  for (const s of start) {
    let found = false;
    for (const element of line.elements) {
      const r = same(element, s);
      if (r === 'unknown') return unknown();
      if (r) {
        found = true;
        break;
      }
    }
    if (!found) return wrong(wrongLine('missing-element', []));
  }
  const repeated = line.elements.some((a, i) => line.elements.slice(i + 1).some((b) => same(a, b) === true));
  const target = problem.target.type === 'set' ? problem.target.elements.map(comAssKey) : [];
  const inForm = (e: Expr) =>
    problem.form
      ? problem.formVariables.some((v) => isInForm(e, problem.form!, v))
      : target.includes(comAssKey(e));
  if (!repeated && line.elements.every(inForm))
    return { feedback: { correct: true }, value: line, final: true, empty: false };
  const fb =
    problem.form && !repeated
      ? message('not-in-form', { form: problem.form.replace(/_/g, '-') })
      : message('equivalent-not-simplified');
  return { feedback: { correct: true, feedback: fb }, value: line, final: false, empty: false };
}

function wrongSide(
  problem: SimplifyProblem,
  side: Expr,
  reference: Expr,
  prefix: number[],
  domain: boolean,
  budget: LocateBudget,
): LineFeedback {
  if (hasDecimal(side) && approximatelyEqual(side, problem.start, problem.ctx)) {
    const code: TextFeedbackCode = problem.exactExpr ? 'exact-value-required' : 'rounded-value';
    return wrongLine(code, prefix);
  }
  if (domain) return wrongLine('domain-changed', prefix);
  const loc = locateMistake(reference, side, problem.ctx, budget);
  return wrongLine(loc.code ?? 'not-equivalent', [...prefix, ...loc.path]);
}

/** {@link checkSimplifyLine} within the line's work budget: past it, "too complex to check here". */
function lineWithinWork(
  problem: SimplifyProblem,
  latex: string,
  reference: Expr,
  budget: LocateBudget,
  index: number,
): SimplifyLineVerdict {
  return withinLineWork(
    index,
    () => checkSimplifyLine(problem, latex, reference, budget),
    (feedback) => ({ feedback, value: null, final: false, empty: false }),
  );
}

/**
 * Checks a simplify answer line by line (spec 01 "Answer lines"): each line must be equivalent to
 * the starting expression (a leading `=` continues the chain); a wrong line is marked with the
 * mistake located against the last correct line (or the start) and the next lines continue from
 * that correct line. The numeral is complete (`correct`) when no line is wrong and each branch
 * (`solNum`) ends with a line in the required form: the target's (EqualComAss), or `data.form`.
 * Blank lines are neutral (no mark, never correct). Never throws for the student's input.
 */
export function checkSimplify(data: SimplifyCheckData, answer: TextAnswer): TextCheckResult {
  const problem = prepareSimplify(data);
  return checkSimplifyPrepared(problem, answer);
}

/** {@link checkSimplify} on an already prepared problem. */
export function checkSimplifyPrepared(problem: SimplifyProblem, answer: TextAnswer): TextCheckResult {
  const lines: LineFeedback[] = [];
  const branches = new Map<number, { reference: Expr; final: boolean; any: boolean }>();
  let anyWrong = false;
  // One evaluation budget for locating mistakes in the whole answer.
  const budget: LocateBudget = { remaining: ANSWER_LOCATE_BUDGET };
  const memo = new Map<string, SimplifyLineVerdict>();
  for (const line of budgetLines(answer)) {
    if (!line.checked) {
      lines.push(wrongLine('too-large'));
      anyWrong = true;
      continue;
    }
    const key = line.solNum ?? -1;
    const branch = branches.get(key) ?? { reference: problem.start, final: false, any: false };
    branches.set(key, branch);
    // The same line after the same reference gets the same verdict: repeated lines cost nothing.
    const memoKey = `${line.math}\u0000${comAssKey(branch.reference)}`;
    const v = memo.get(memoKey) ?? lineWithinWork(problem, line.math, branch.reference, budget, lines.length);
    memo.set(memoKey, v);
    lines.push(v.feedback);
    if (v.empty) continue;
    branch.any = true;
    if (!v.feedback.correct) {
      anyWrong = true;
      branch.final = false;
      continue;
    }
    branch.reference = v.value ?? branch.reference;
    branch.final = v.final;
  }
  const used = [...branches.values()].filter((b) => b.any);
  const correct = !anyWrong && used.length > 0 && used.every((b) => b.final);
  return { correct, lines };
}
