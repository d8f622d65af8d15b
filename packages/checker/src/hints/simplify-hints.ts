import type { FeedbackMessage } from '@kib/core';
import { childrenOf, freeSymbols, type Expr } from '../expr/ast';
import { isRationalExpr } from '../expr/evaluate';
import { comAssKey, isInForm, termSignature, type FormName } from '../expr/forms';
import { toLatex } from '../expr/latex';
import { isNumberLiteral } from '../expr/literals';
import {
  fromUPoly,
  isPolynomial,
  lowDegreeIn,
  polyFromExpr,
  polyToExpr,
  polyVariables,
  rationalRoots,
  toUPoly,
  udegree,
  ugcd,
  type Poly,
} from '../expr/poly';
import * as Q from '../expr/rational';
import { chainSides, parseLine } from '../text/context';
import {
  checkSimplifyPrepared,
  prepareSimplify,
  type SimplifyCheckData,
  type SimplifyProblem,
} from '../text/simplify';
import type { HintRequest, HintResult } from '../types';
import type { HintsFeedbackCode } from './hint-codes';

function hint(code: HintsFeedbackCode, params: Record<string, string | number> = {}): FeedbackMessage {
  return { key: `feedback.${code}`, params };
}

/** What the hints steer toward: the required form, or the target's own shape. */
type Goal = 'expanded' | 'factored' | 'fraction' | 'rationalized' | 'completed-square' | 'any';

function goalOf(problem: SimplifyProblem): Goal {
  const form: FormName | null = problem.form;
  if (form === 'expanded') return 'expanded';
  if (form === 'factored') return 'factored';
  if (form === 'single_fraction' || form === 'lowest_terms' || form === 'partial_fractions')
    return 'fraction';
  if (form === 'rationalized_denominator') return 'rationalized';
  if (form === 'completed_square') return 'completed-square';
  if (
    !isInForm(problem.start, 'rationalized_denominator') &&
    isInForm(problem.target, 'rationalized_denominator')
  ) {
    return 'rationalized';
  }
  const t = problem.target.type === 'neg' ? problem.target.arg : problem.target;
  if (t.type === 'mul' && t.args.some((a) => a.type === 'add' || (a.type === 'pow' && a.base.type === 'add')))
    return 'factored';
  if (t.type === 'pow' && t.base.type === 'add') return 'factored';
  if (t.type === 'div') return 'fraction';
  if (isInForm(problem.target, 'expanded')) return 'expanded';
  return 'any';
}

function walk(e: Expr, visit: (node: Expr, inDenominator: boolean) => void, inDenominator = false): void {
  visit(e, inDenominator);
  if (e.type === 'div') {
    walk(e.num, visit, inDenominator);
    walk(e.den, visit, true);
  } else for (const c of childrenOf(e)) walk(c, visit, inDenominator);
}

function first(e: Expr, pred: (node: Expr, inDenominator: boolean) => boolean): Expr | null {
  let hit: Expr | null = null;
  walk(e, (node, den) => {
    if (!hit && pred(node, den)) hit = node;
  });
  return hit;
}

function isNumeric(e: Expr): boolean {
  return freeSymbols(e).size === 0 && !containsNamedConstant(e);
}

function containsNamedConstant(e: Expr): boolean {
  if (e.type === 'symbol') return true;
  return childrenOf(e).some(containsNamedConstant);
}

/** Arithmetic left to do: 2\cdot 3, 4+2, 2^{3}, \frac{6}{4}. */
function computeHint(e: Expr): FeedbackMessage | null {
  const node = first(
    e,
    (n) =>
      (n.type === 'add' || n.type === 'mul' || n.type === 'pow' || n.type === 'div') &&
      isNumeric(n) &&
      isRationalExpr(n) &&
      !isNumberLiteral(n, 0),
  );
  if (!node) {
    // Numbers in one product that can be multiplied: 2\cdot 3x.
    const isNumber = (a: Expr) => isNumeric(a) && isRationalExpr(a);
    const product = first(e, (n) => n.type === 'mul' && n.args.filter(isNumber).length > 1);
    if (product && product.type === 'mul') {
      const nums = product.args.filter(isNumber);
      return hint('hint-compute', { expression: toLatex({ type: 'mul', args: nums }) });
    }
    return null;
  }
  return hint('hint-compute', { expression: toLatex(node) });
}

function baseKey(f: Expr): string | null {
  if (f.type === 'symbol') return comAssKey(f);
  if (f.type === 'pow' && !isNumeric(f.base)) return comAssKey(f.base);
  return null;
}

/** x^2 \cdot x^3, (x^2)^3, \frac{x^5}{x^2}: an exponent rule applies. */
function exponentHint(e: Expr): FeedbackMessage | null {
  const node = first(e, (n) => {
    if (n.type === 'mul') {
      const keys = n.args.map(baseKey).filter((k): k is string => k !== null);
      return new Set(keys).size < keys.length;
    }
    if (n.type === 'pow' && n.base.type === 'pow') return true;
    if (n.type === 'div') {
      const nk = (n.num.type === 'mul' ? n.num.args : [n.num]).map(baseKey);
      const dk = (n.den.type === 'mul' ? n.den.args : [n.den]).map(baseKey);
      return nk.some((k) => k !== null && dk.includes(k));
    }
    return false;
  });
  return node ? hint('hint-exponent-rule', { expression: toLatex(node) }) : null;
}

function isSumLike(e: Expr): boolean {
  const x = e.type === 'neg' ? e.arg : e;
  return x.type === 'add';
}

/** A product of a sum (or a power of a sum) left to multiply out. */
function expandHint(e: Expr): FeedbackMessage | null {
  const node = first(e, (n, den) => {
    if (den) return false;
    if (n.type === 'mul')
      return n.args.length > 1 && n.args.some((a) => isSumLike(a) || (a.type === 'pow' && isSumLike(a.base)));
    if (n.type === 'pow' && isSumLike(n.base)) {
      const k = n.exp.type === 'number' ? Q.parseRational(n.exp.text) : null;
      return !!k && Q.isInteger(k) && k.n >= 2n;
    }
    if (n.type === 'neg') return isSumLike(n.arg);
    return false;
  });
  return node ? hint('hint-expand', { expression: toLatex(node) }) : null;
}

/** Two terms of one sum with the same letters: 3x + 5x. */
function collectHint(e: Expr): FeedbackMessage | null {
  let found: FeedbackMessage | null = null;
  walk(e, (n) => {
    if (found || n.type !== 'add') return;
    const bySig = new Map<string, Expr[]>();
    for (const t of n.args) {
      const s = termSignature(t);
      bySig.set(s, [...(bySig.get(s) ?? []), t]);
    }
    for (const group of bySig.values()) {
      if (group.length > 1) {
        found = hint('hint-collect', { terms: group.map(toLatex).join(', ') });
        return;
      }
    }
  });
  return found;
}

function isFraction(e: Expr): boolean {
  return (e.type === 'neg' ? e.arg : e).type === 'div';
}

/** Fractions added together (two or more): they need a common denominator. */
function commonDenominatorHint(e: Expr): FeedbackMessage | null {
  const node = first(e, (n) => n.type === 'add' && n.args.filter(isFraction).length >= 2);
  return node ? hint('hint-common-denominator', { expression: toLatex(node) }) : null;
}

/** A sum with a fraction in it, when a single fraction is wanted: 1 + \frac{1}{x}. */
function singleFractionHint(e: Expr): FeedbackMessage | null {
  const node = first(e, (n) => n.type === 'add' && n.args.some(isFraction));
  return node ? hint('hint-common-denominator', { expression: toLatex(node) }) : null;
}

function asPoly(e: Expr): Poly | null {
  const p = polyFromExpr(e);
  return p && isPolynomial(p) ? p : null;
}

/** A fraction whose numerator and denominator share a factor. */
function cancelHint(e: Expr): FeedbackMessage | null {
  let found: FeedbackMessage | null = null;
  walk(e, (n) => {
    if (found || n.type !== 'div') return;
    const num = asPoly(n.num);
    const den = asPoly(n.den);
    if (!num || !den) return;
    const vars = [...new Set([...polyVariables(num), ...polyVariables(den)])];
    if (vars.length === 1) {
      const v = vars[0]!;
      const un = toUPoly(num, v);
      const ud = toUPoly(den, v);
      if (un && ud) {
        const g = ugcd(un, ud);
        if (udegree(g) > 0) {
          found = hint('hint-cancel', {
            factor: toLatex(polyToExpr(fromUPoly(g, v))),
            expression: toLatex(n),
          });
          return;
        }
      }
    }
    if (vars.length === 0) {
      const a = Q.parseRational(n.num.type === 'number' ? n.num.text : '');
      const b = Q.parseRational(n.den.type === 'number' ? n.den.text : '');
      if (a && b && Q.isInteger(a) && Q.isInteger(b) && Q.gcdInt(a.n, b.n) > 1n) {
        found = hint('hint-cancel', { factor: Q.gcdInt(a.n, b.n).toString(), expression: toLatex(n) });
      }
    }
  });
  return found;
}

/** A sum whose terms share a factor: a number, a power of a letter. */
function commonFactorHint(e: Expr): FeedbackMessage | null {
  const x = e.type === 'neg' ? e.arg : e;
  if (x.type !== 'add') return null;
  const p = asPoly(x);
  if (!p || p.size < 2) return null;
  const parts: string[] = [];
  const coeffs = [...p.values()].map((t) => t.c);
  if (coeffs.every(Q.isInteger)) {
    let g = 0n;
    for (const c of coeffs) g = Q.gcdInt(g, c.n);
    if (g > 1n) parts.push(g.toString());
  }
  for (const v of [...polyVariables(p)].sort()) {
    const k = lowDegreeIn(p, v);
    if (k > 0) parts.push(k === 1 ? v : `${v}^{${k}}`);
  }
  return parts.length ? hint('hint-factor-common', { factor: parts.join('') }) : null;
}

/** A quadratic (or higher) polynomial in one letter with rational roots: it factors. */
function factorPolynomialHint(e: Expr): FeedbackMessage | null {
  let found: FeedbackMessage | null = null;
  walk(e, (n) => {
    if (found || n.type !== 'add') return;
    const p = asPoly(n);
    if (!p) return;
    const vars = [...polyVariables(p)];
    if (vars.length !== 1) return;
    const u = toUPoly(p, vars[0]!);
    if (!u || udegree(u) < 2) return;
    const roots = rationalRoots(u);
    if (roots && roots.length > 0) {
      const isDifferenceOfSquares = udegree(u) === 2 && Q.isZero(u[1]!) && Q.sign(u[0]!) !== Q.sign(u[2]!);
      found = hint(isDifferenceOfSquares ? 'hint-difference-of-squares' : 'hint-factor-polynomial', {
        expression: toLatex(n),
      });
    }
  });
  return found;
}

function containsRoot(e: Expr): boolean {
  if (e.type === 'root') return true;
  if (e.type === 'pow' && e.exp.type === 'div') return true;
  return childrenOf(e).some(containsRoot);
}

function rationalizeHint(e: Expr): FeedbackMessage | null {
  const node = first(e, (n) => n.type === 'div' && containsRoot(n.den));
  return node ? hint('hint-rationalize', { expression: toLatex(node) }) : null;
}

function completeSquareHint(e: Expr): FeedbackMessage | null {
  const p = asPoly(e);
  if (!p) return null;
  const vars = [...polyVariables(p)];
  if (vars.length !== 1) return null;
  const u = toUPoly(p, vars[0]!);
  if (!u || udegree(u) !== 2) return null;
  return hint('hint-complete-square', { expression: toLatex(e) });
}

type Detector = (e: Expr) => FeedbackMessage | null;

const ORDER: Record<Goal, Detector[]> = {
  expanded: [computeHint, exponentHint, expandHint, collectHint, commonDenominatorHint, cancelHint],
  factored: [computeHint, collectHint, commonFactorHint, factorPolynomialHint, exponentHint, cancelHint],
  fraction: [computeHint, singleFractionHint, exponentHint, cancelHint, factorPolynomialHint, collectHint],
  rationalized: [computeHint, rationalizeHint, exponentHint, collectHint],
  'completed-square': [computeHint, expandHint, collectHint, completeSquareHint],
  any: [computeHint, exponentHint, collectHint, commonDenominatorHint, cancelHint, expandHint],
};

/**
 * The next-step hints from `current` toward the problem's target: which transformation applies next
 * (compute, an exponent rule, expand a product, collect like terms, put fractions over a common
 * denominator, cancel a common factor, take out a common factor, factor a polynomial, rationalise a
 * denominator, complete the square), in an order suited to the required form, one per kind.
 */
export function nextStepHints(problem: SimplifyProblem, current: Expr): FeedbackMessage[] {
  const out: FeedbackMessage[] = [];
  const seen = new Set<string>();
  for (const detect of ORDER[goalOf(problem)]) {
    const h = detect(current);
    if (h && !seen.has(h.key)) {
      seen.add(h.key);
      out.push(h);
    }
  }
  if (problem.form) out.push(hint('hint-form', { form: problem.form.replace(/_/g, '-') }));
  else if (out.length === 0) out.push(hint('hint-compare-target'));
  return out;
}

/**
 * Hints for a simplify numeral or step (spec 01 "Hints"): the author's initial hint first, then
 * generated next-step hints from the last correct line (or the starting expression), one more per
 * request (`shown` already seen); `exhausted` when this request has nothing new to add. `lineIndex`
 * is the index of the last correct line, −1 when the hints start from the starting expression.
 */
export function hintsForSimplify(request: HintRequest<'simplify'>): HintResult {
  const problem = prepareSimplify(request.data as SimplifyCheckData);
  const answer = Array.isArray(request.answer) ? request.answer : [];
  const result = answer.length ? checkSimplifyPrepared(problem, answer) : { correct: false, lines: [] };
  let lineIndex = -1;
  let current = problem.start;
  let startingMath: string = request.data.startingExpression;
  result.lines.forEach((l, i) => {
    const math = answer[i]?.math ?? '';
    if (!l.correct || math.trim() === '') return;
    const parsed = parseLine(math, problem.functionNames);
    if (!parsed.ok) return;
    const sides = chainSides(parsed.expr);
    current = sides[sides.length - 1]!.expr;
    startingMath = math;
    lineIndex = i;
  });
  const own = request.initialHint ? [{ text: request.initialHint }] : [];
  const generated = result.correct ? [] : nextStepHints(problem, current);
  const all: HintResult['hints'] = [...own, ...generated];
  const shown = Math.max(0, Math.floor(request.shown ?? 0));
  return {
    hints: all.slice(0, shown + 1),
    startingMath,
    lineIndex,
    initialHint: own.length > 0,
    exhausted: all.length <= shown,
  };
}
