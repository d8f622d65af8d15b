import type { FeedbackMessage, SolveData, TextAnswer } from '@kib/core';
import { findNode, freeSymbols, mentions, type Expr, type RelationOp } from '../expr/ast';
import type { HintRequest, HintResult } from '../types';
import { checkSolve } from './check-solve';
import { message } from './feedback-codes';
import { relationChain } from '../expr/parse';
import { readLine } from './line-reader';
import { isStated } from './mistakes';
import { deg, pSub, realRoots, toExact, type Poly } from './polynomial';
import { functionNames, unknownsOf } from './problem';
import * as Q from '../expr/rational';
import { toLatex } from '../expr/latex';

const TRIG = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc']);

/** Where the hints start: the last correct line of the answer, or the starting expression. */
interface HintStart {
  readonly latex: string;
  readonly lineIndex: number;
  /** The numeral is already complete: nothing to suggest. */
  readonly complete: boolean;
  /** The last correct line carries extra (extraneous) solutions to discard. */
  readonly extraneous: boolean;
}

function hintStart(data: SolveData, answer: TextAnswer | undefined): HintStart {
  const lines = Array.isArray(answer) ? answer : [];
  const fromStart: HintStart = {
    latex: data.startingExpression,
    lineIndex: 0,
    complete: false,
    extraneous: false,
  };
  if (!lines.some((l) => typeof l?.math === 'string' && l.math.trim() !== '')) return fromStart;
  const result = checkSolve(data, lines);
  let extraneous = false;
  for (let i = lines.length - 1; i >= 0; i--) {
    const fb = result.lines[i];
    const math = lines[i]?.math ?? '';
    if (!fb || math.trim() === '') continue;
    const key = fb.feedback?.key ?? '';
    if (key === 'feedback.extraneous-solution') extraneous = true;
    if (fb.correct) {
      if (key === 'feedback.gained-solutions' || key === 'feedback.extra-solutions') extraneous = true;
      return { latex: math, lineIndex: i, complete: result.correct, extraneous };
    }
  }
  return { ...fromStart, complete: result.correct, extraneous };
}

/**
 * Hints for a solve numeral (spec 01 "Hints"): the author's initial hint first, then next-step
 * hints generated from the last correct line (or the starting expression): move a term, collect,
 * divide both sides (flipping an inequality when the number is negative), factor and use the
 * zero-product property, square both sides and check, the quadratic formula… `shown + 1` of them;
 * `exhausted` once the last one is given. Throws only for a malformed problem definition.
 */
export function hintsForSolve(request: HintRequest<'solve'>): HintResult {
  const own: (FeedbackMessage | { text: string })[] = request.initialHint
    ? [{ text: request.initialHint }]
    : [];
  const start = hintStart(request.data, request.answer);
  const generated = start.complete ? [] : nextStepHints(start.latex, request.data, start.extraneous);
  const all = [...own, ...generated];
  const shown = Math.max(0, Math.floor(request.shown ?? 0));
  return {
    hints: all.slice(0, shown + 1),
    startingMath: start.latex,
    lineIndex: start.lineIndex,
    initialHint: own.length > 0,
    exhausted: shown + 1 >= all.length,
  };
}

/** Next-step hints for one line of a solve derivation, most useful first. */
export function nextStepHints(latex: string, data: SolveData, extraneous = false): FeedbackMessage[] {
  const unknowns = unknownsOf(data);
  const variable = unknownsOf(data)[0] ?? 'x';
  const read = readLine(latex, { variable, functions: functionNames(data) });
  const out: FeedbackMessage[] = [];
  if (extraneous) out.push(message('hint-check-extraneous'));
  if (!read.ok) return out;
  if (read.node.kind !== 'expr') return out;
  const e = read.node.expr;
  if (
    unknowns.length > 1 ||
    (e.type === 'list' &&
      e.delims === undefined &&
      e.items.filter((i) => i.type === 'relation').length > 1 &&
      [...freeSymbols(e)].length > 1)
  ) {
    out.push(message('hint-system-eliminate'), message('hint-system-substitute'));
    return out;
  }
  if (isStated(read.node, variable)) {
    if (!extraneous) out.push(message('hint-state-solution'));
    return out;
  }
  if (e.type === 'logic' || (e.type === 'list' && e.delims === '')) {
    // Several cases at once: solve each one, then join the solutions.
    const first =
      e.type === 'logic'
        ? e.args.find((a) => !isStated({ kind: 'expr', expr: a }, variable))
        : e.items.find((a) => !isStated({ kind: 'expr', expr: a }, variable));
    if (first) out.push(...relationHints(first, variable, data));
    out.push(message('hint-join-branches'));
    return dedupe(out);
  }
  out.push(...relationHints(e, variable, data));
  return dedupe(out);
}

function dedupe(hints: FeedbackMessage[]): FeedbackMessage[] {
  const seen = new Set<string>();
  return hints.filter((h) => {
    const k = `${h.key}${JSON.stringify(h.params)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function relationHints(e: Expr, variable: string, data: SolveData): FeedbackMessage[] {
  const chain = relationChain(e);
  if (!chain) return [];
  const out: FeedbackMessage[] = [];
  const has = (pred: (x: Expr) => boolean) => chain.operands.some((o) => findNode(o, pred) !== null);
  const withVar = (x: Expr) => mentions(x, variable);

  if (has((x) => x.type === 'fn' && x.name === 'abs' && x.args.some(withVar))) {
    out.push(message('hint-split-absolute-value'));
    return out;
  }
  if (
    has(
      (x) =>
        (x.type === 'root' && withVar(x.arg)) ||
        (x.type === 'pow' && withVar(x.base) && x.exp.type === 'div'),
    )
  ) {
    const isolated = chain.operands.some((o) => o.type === 'root');
    if (!isolated) out.push(message('hint-isolate-radical'));
    out.push(message('hint-square-both-sides'), message('hint-check-extraneous'));
    return out;
  }
  const log = chain.operands
    .map((o) =>
      findNode(o, (x) => x.type === 'fn' && (x.name === 'log' || x.name === 'ln') && x.args.some(withVar)),
    )
    .find((x) => x);
  if (log && log.type === 'fn') {
    const base = log.name === 'ln' ? 'e' : log.base ? toLatex(log.base) : '10';
    out.push(message('hint-log-definition', { base }), message('hint-check-excluded-values'));
    return out;
  }
  if (has((x) => x.type === 'pow' && withVar(x.exp))) {
    const bases = chain.operands.map((o) => (o.type === 'pow' ? o.base : o));
    const sameBase = bases.length === 2 && bases.every((b) => b.type === 'number');
    out.push(message(sameBase ? 'hint-same-base' : 'hint-take-logarithm'));
    if (sameBase) out.push(message('hint-take-logarithm'));
    return out;
  }
  if (has((x) => x.type === 'fn' && TRIG.has(x.name) && x.args.some(withVar))) {
    const isolated =
      chain.operands.some((o) => o.type === 'fn' && TRIG.has(o.name)) &&
      chain.operands.filter(withVar).length === 1;
    if (!isolated) out.push(message('hint-isolate-trig'));
    out.push(message('hint-trig-solutions-interval'));
    return out;
  }
  const den = chain.operands
    .map((o) => findNode(o, (x) => x.type === 'div' && withVar(x.den)))
    .find((x) => x);
  if (den && den.type === 'div') {
    out.push(
      message('hint-multiply-by-denominator', { value: toLatex(den.den) }),
      message('hint-check-excluded-values'),
    );
    return out;
  }
  if (chain.operands.length !== 2) {
    // A chained inequality: work on the three parts at once.
    const middle = chain.operands[1]!;
    out.push(
      ...linearHints({ lhs: middle, rhs: { type: 'number', text: '0' }, op: chain.ops[0]!, variable, data }),
    );
    return out;
  }
  const [lhs, rhs] = chain.operands as [Expr, Expr];
  out.push(...polynomialHints({ lhs, rhs, op: chain.ops[0]!, variable, data }));
  return out;
}

function exactPoly(e: Expr, variable: string, data: SolveData): Poly | null {
  const f = toExact(e, { variable, params: {}, degrees: data.convertToDegrees });
  if (!f || deg(f.f.den) !== 0) return null;
  return f.f.num;
}

function hasUnexpandedProduct(e: Expr, variable: string): boolean {
  return (
    findNode(
      e,
      (x) =>
        (x.type === 'mul' &&
          x.args.some((a) => a.type === 'add' && mentions(a, variable)) &&
          x.args.length > 1) ||
        (x.type === 'pow' && x.base.type === 'add' && mentions(x.base, variable)),
    ) !== null
  );
}

/** A relation being solved: its two sides and operator, the unknown, the problem. */
interface Step {
  readonly lhs: Expr;
  readonly rhs: Expr;
  readonly op: RelationOp;
  readonly variable: string;
  readonly data: SolveData;
}

function isInequality(op: RelationOp): boolean {
  return op !== '=' && op !== '!=';
}

/** `hint-remove-brackets` when a side still has a product of a sum with the unknown. */
function bracketHints({ lhs, rhs, variable }: Step): FeedbackMessage[] {
  return hasUnexpandedProduct(lhs, variable) || hasUnexpandedProduct(rhs, variable)
    ? [message('hint-remove-brackets')]
    : [];
}

function polynomialHints(step: Step): FeedbackMessage[] {
  const { lhs, rhs, op, variable, data } = step;
  const pl = exactPoly(lhs, variable, data);
  const pr = exactPoly(rhs, variable, data);
  const inequality = isInequality(op);
  // Parameters or other letters: structural hints only.
  if (!pl || !pr) return linearHints(step);
  const p = pSub(pl, pr);
  const d = deg(p);
  const out: FeedbackMessage[] = [];
  if (d <= 0) return [message('hint-state-solution')];
  if (d === 1) return linearHints(step);
  const rhsZero = pr.length === 0;
  const lhsZero = pl.length === 0;
  const productSide = rhsZero ? lhs : lhsZero ? rhs : null;
  if (
    productSide &&
    productSide.type === 'mul' &&
    productSide.args.filter((a) => mentions(a, variable)).length > 1
  ) {
    out.push(message('hint-zero-product'));
    if (inequality) out.push(message('hint-sign-chart'));
    return out;
  }
  const squareForm =
    (lhs.type === 'pow' && !mentions(rhs, variable)) || (rhs.type === 'pow' && !mentions(lhs, variable));
  if (squareForm) {
    out.push(message('hint-square-root-both-sides'));
    if (inequality) out.push(message('hint-sign-chart'));
    return out;
  }
  out.push(...bracketHints(step));
  if (!rhsZero && !lhsZero) out.push(message('hint-move-all-to-one-side'));
  if (Q.isZero(p[0]!))
    out.push(message('hint-common-factor', { factor: variable }), message('hint-zero-product'));
  else if (d === 2 && Q.isZero(p[1]!) && !inequality) out.push(message('hint-square-root-both-sides'));
  if (d === 2) {
    const rational = realRoots(p).every((r) => r.exact !== null && Q.isZero(r.exact.b));
    const hasRoots = realRoots(p).length > 0;
    if (rational && hasRoots && !Q.isZero(p[0]!))
      out.push(message('hint-factor'), message('hint-zero-product'));
    if (!Q.isZero(p[0]!))
      out.push(
        message('hint-quadratic-formula', {
          a: Q.toLatex(p[2]!, 'decimal'),
          b: Q.toLatex(p[1]!, 'decimal'),
          c: Q.toLatex(p[0]!, 'decimal'),
        }),
      );
    if (!rational || !hasRoots) out.push(message('hint-complete-the-square'));
  } else if (d > 2) {
    out.push(message('hint-factor'), message('hint-zero-product'));
  }
  if (inequality) out.push(message('hint-sign-chart'));
  return out;
}

/** Terms of a side: the arguments of a sum, or the side itself. */
function termsOf(e: Expr): Expr[] {
  return e.type === 'add' ? e.args : [e];
}

function linearHints(step: Step): FeedbackMessage[] {
  const { lhs, rhs, op, variable, data } = step;
  const out = bracketHints(step);
  const inequality = isInequality(op);
  const lv = termsOf(lhs).filter((t) => mentions(t, variable));
  const rv = termsOf(rhs).filter((t) => mentions(t, variable));
  if (lv.length > 0 && rv.length > 0) {
    out.push(message('hint-move-variable-terms', { term: signedLatex(rv[0]!) }));
  }
  const [side, other] = lv.length > 0 ? [lhs, rhs] : [rhs, lhs];
  const sideTerms = termsOf(side);
  const varTerms = sideTerms.filter((t) => mentions(t, variable));
  const constTerms = sideTerms.filter((t) => !mentions(t, variable));
  if (varTerms.length > 1 || termsOf(other).filter((t) => !mentions(t, variable)).length > 1)
    out.push(message('hint-collect-like-terms'));
  if (constTerms.length > 0) out.push(message('hint-move-term', { term: signedLatex(constTerms[0]!) }));
  // The coefficient of the unknown once it is alone on its side.
  const poly = exactPoly(side, variable, data);
  if (poly && deg(poly) === 1 && !Q.equals(poly[1]!, Q.ONE)) {
    const a = poly[1]!;
    const single = varTerms.length === 1 ? varTerms[0]! : null;
    if (
      single &&
      single.type === 'div' &&
      !mentions(single.den, variable) &&
      mentions(single.num, variable) &&
      Q.equals(a.n < 0n ? Q.neg(a) : a, { n: 1n, d: a.d })
    ) {
      out.push(message('hint-multiply-both-sides', { value: a.d.toString() }));
    } else out.push(message('hint-divide-both-sides', { value: Q.toLatex(a, 'decimal') }));
    if (inequality && Q.sign(a) < 0) out.push(message('hint-flip-inequality'));
  } else if (!poly && varTerms.length === 1) {
    const t = varTerms[0]!;
    if (t.type === 'mul') {
      const coef = t.args.filter((f) => !mentions(f, variable));
      if (coef.length > 0)
        out.push(
          message('hint-divide-both-sides', {
            value: toLatex(coef.length === 1 ? coef[0]! : { type: 'mul', args: coef }),
          }),
        );
      if (inequality) out.push(message('hint-flip-inequality'));
    }
  }
  if (out.length === 0) out.push(message('hint-state-solution'));
  return out;
}

/** A term with its sign, as it stands in a sum: `+3`, `-2x`. */
function signedLatex(t: Expr): string {
  if (t.type === 'neg') return `-${toLatex(t.arg)}`;
  const s = toLatex(t);
  return s.startsWith('-') ? s : `+${s}`;
}
