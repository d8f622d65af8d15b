import type { EquationOfALineData, LineFeedback, TextAnswer } from '@kib/core';
import { childrenOf, freeSymbols, mapChildren, type Expr } from '../expr/ast';
import { equivalent, type EquivalenceContext } from '../expr/equivalence';
import { evaluateExact, evaluateFloatScaled } from '../expr/evaluate';
import { isNumberLiteral, rationalToExpr } from '../expr/literals';
import { locateMistake, type LocateBudget } from '../expr/locate';
import { degreeIn, polyVariables, ratFunFromExpr, totalDegree } from '../expr/poly';
import * as Q from '../expr/rational';
import type { Rational } from '../expr/rational';
import type { TextCheckResult } from '../types';
import {
  ANSWER_LOCATE_BUDGET,
  chainSides,
  checkLines,
  message,
  parseAuthored,
  parseLine,
  wrongLine,
} from './context';
import type { TextFeedbackCode } from './feedback-codes';

/** A number of the problem: exact when rational, else a float. */
interface Num {
  expr: Expr;
  exact: Rational | null;
  value: number;
}

function readNumber(latex: string, what: string): Num {
  const expr = parseAuthored(latex, what);
  const ex = evaluateExact(expr, new Map());
  if (ex.kind === 'value') return { expr, exact: ex.value, value: Q.toNumber(ex.value) };
  const f = evaluateFloatScaled(expr, {});
  if (!f) throw new Error(`malformed problem: ${what} ${JSON.stringify(latex)} is not a number`);
  return { expr, exact: null, value: f.v };
}

function numExpr(n: Num): Expr {
  return n.exact ? rationalToExpr(n.exact) : n.expr;
}

function symbolOf(latex: string, fallback: string): string {
  const r = parseLine(latex, []);
  return r.ok && r.expr.type === 'symbol' ? r.expr.name : fallback;
}

function substitute(e: Expr, values: ReadonlyMap<string, Expr>): Expr {
  if (e.type === 'symbol') return values.get(e.name) ?? e;
  return mapChildren(e, (c) => substitute(c, values));
}

function sub(a: Expr, b: Expr): Expr {
  return { type: 'add', args: [a, { type: 'neg', arg: b }] };
}

/**
 * Checks an equationOfALine answer. A line is right when it is true for the line through the two
 * points: `m = …` and `b = …` (with the problem's symbols) must have the slope and intercept,
 * `3 = 2\cdot 1 + b` must hold, an equation in x and y must hold on the line (any form: y = mx + b,
 * y − y₁ = m(x − x₁), ax + by + c = 0); the points may be written as x_1, y_1, x_2, y_2. The answer
 * is complete when every asked item appears as a final line: `m = <number>`, `b = <number>`, and an
 * equation in x and y only. A wrong equation says whether its slope, its intercept or both are wrong.
 * `mGiven`/`bGiven` (given in the question) change nothing: the student may use them. Never throws
 * for the student's input; a vertical line with `findM` or `findB` is a malformed problem.
 */
export function checkEquationOfALine(data: EquationOfALineData, answer: TextAnswer): TextCheckResult {
  const x1 = readNumber(data.x1, 'x1');
  const y1 = readNumber(data.y1, 'y1');
  const x2 = readNumber(data.x2, 'x2');
  const y2 = readNumber(data.y2, 'y2');
  const xs = symbolOf(data.xSymbol ?? 'x', 'x');
  const ys = symbolOf(data.ySymbol ?? 'y', 'y');
  const ms = symbolOf(data.mSymbol ?? 'm', 'm');
  const bs = symbolOf(data.bSymbol ?? 'b', 'b');
  const vertical = x1.exact && x2.exact ? Q.equals(x1.exact, x2.exact) : x1.value === x2.value;
  if (vertical && (data.findM || data.findB))
    throw new Error('malformed problem: a vertical line has no slope or intercept');
  const dx: Expr = sub(x2.expr, x1.expr);
  const dy: Expr = sub(y2.expr, y1.expr);
  const slopeExpr: Expr = { type: 'div', num: dy, den: dx };
  const mExact =
    x1.exact && x2.exact && y1.exact && y2.exact && !vertical
      ? Q.div(Q.sub(y2.exact, y1.exact), Q.sub(x2.exact, x1.exact))
      : null;
  const m: Num = vertical
    ? { expr: { type: 'number', text: '0' }, exact: null, value: NaN }
    : mExact
      ? { expr: slopeExpr, exact: mExact, value: Q.toNumber(mExact) }
      : { expr: slopeExpr, exact: null, value: (y2.value - y1.value) / (x2.value - x1.value) };
  const bExact = m.exact && x1.exact && y1.exact ? Q.sub(y1.exact, Q.mul(m.exact, x1.exact)) : null;
  const b: Num = vertical
    ? { expr: { type: 'number', text: '0' }, exact: null, value: NaN }
    : bExact
      ? { expr: rationalToExpr(bExact), exact: bExact, value: Q.toNumber(bExact) }
      : {
          expr: sub(y1.expr, { type: 'mul', args: [slopeExpr, x1.expr] }),
          exact: null,
          value: y1.value - m.value * x1.value,
        };
  const ctx: EquivalenceContext = { seed: 0x11e };
  // The truth every line must respect: the given points, m and b, and y on the line.
  const known = new Map<string, Expr>([
    [`${xs}_1`, x1.expr],
    [`${ys}_1`, y1.expr],
    [`${xs}_2`, x2.expr],
    [`${ys}_2`, y2.expr],
  ]);
  if (!vertical) {
    known.set(ms, numExpr(m));
    known.set(bs, numExpr(b));
    known.set(ys, {
      type: 'add',
      args: [{ type: 'mul', args: [numExpr(m), { type: 'symbol', name: xs }] }, numExpr(b)],
    });
  } else {
    known.set(xs, x1.expr);
  }
  const budget: LocateBudget = { remaining: ANSWER_LOCATE_BUDGET };
  let gotM = false;
  let gotB = false;
  let gotEquation = false;
  let mReference: Expr = slopeExpr;
  let bReference: Expr = b.expr;
  const { lines, any, anyWrong } = checkLines(answer, [], {
    read: (e) => {
      if (e.type !== 'relation' || e.op !== '=' || e.args.length < 2)
        return wrongLine('wrong-line-equation', []);
      const chain = chainSides(e);
      const sides = chain.map((c) => c.expr);
      const lone = (name: string) => sides[0]!.type === 'symbol' && sides[0]!.name === name;
      // Every adjacent pair of sides must be equal on the line.
      let wrongAt = -1;
      for (let k = 0; k + 1 < sides.length && wrongAt < 0; k++) {
        const l = substitute(sides[k]!, known);
        const r = substitute(sides[k + 1]!, known);
        if (equivalent(l, r, ctx).verdict !== 'equivalent') wrongAt = k + 1;
      }
      const last = sides[sides.length - 1]!;
      if (wrongAt < 0) {
        const constantLast = freeSymbols(last).size === 0;
        if (lone(ms) && !vertical) {
          mReference = last;
          if (constantLast && isNumberLiteral(last)) gotM = true;
        } else if (lone(bs) && !vertical) {
          bReference = last;
          if (constantLast && isNumberLiteral(last)) gotB = true;
        } else if (isLineEquation(e, xs, ys)) gotEquation = true;
        return { correct: true };
      }
      const side = sides[wrongAt]!;
      const knownSide = substitute(side, known);
      if (lone(ms) && !vertical && freeSymbols(knownSide).size === 0) {
        const fb = slopeFeedback(knownSide, m, mReference, chain[wrongAt]!.path, budget);
        return { ...fb, highlight: validPath(e, fb.highlight ?? []) };
      }
      if (lone(bs) && !vertical && freeSymbols(knownSide).size === 0) {
        const loc = locateMistake(bReference, knownSide, ctx, budget);
        return wrongLine(loc.code ?? 'wrong-intercept', validPath(e, [...chain[wrongAt]!.path, ...loc.path]));
      }
      return wrongLine(lineMistake(e, xs, ys, x1, y1, x2, y2, m, b, vertical), []);
    },
  });
  const missing = [
    data.findM && !gotM ? ms : null,
    data.findB && !gotB ? bs : null,
    data.findEquation && !gotEquation ? `${ys}(${xs})` : null,
  ].filter((x): x is string => x !== null);
  const complete = missing.length === 0;
  if (any && !anyWrong && !complete) {
    const lastIndex = findLastIndex(lines, answer);
    if (lastIndex >= 0)
      lines[lastIndex] = {
        correct: true,
        feedback: message('line-incomplete', { missing: missing.join(', ') }),
      };
  }
  return { correct: any && !anyWrong && complete, lines };
}

/** The longest prefix of `path` that stays inside the tree. */
function validPath(e: Expr, path: number[]): number[] {
  let node: Expr | undefined = e;
  const out: number[] = [];
  for (const i of path) {
    node = node ? childrenOf(node)[i] : undefined;
    if (!node) break;
    out.push(i);
  }
  return out;
}

function findLastIndex(lines: LineFeedback[], answer: TextAnswer): number {
  for (let i = lines.length - 1; i >= 0; i--) if ((answer[i]?.math ?? '').trim() !== '') return i;
  return -1;
}

/** True when two values of the line agree (within a relative 1e-9). */
function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** An equation in x and y only, linear in them (after clearing denominators). */
function isLineEquation(e: Extract<Expr, { type: 'relation' }>, xs: string, ys: string): boolean {
  if (e.args.length !== 2) return false;
  const vars = freeSymbols(e);
  if ([...vars].some((v) => v !== xs && v !== ys)) return false;
  const rf = ratFunFromExpr(sub(e.args[0]!, e.args[1]!));
  if (!rf) return false;
  const pv = polyVariables(rf.num);
  return (
    (pv.has(xs) || pv.has(ys)) &&
    totalDegree(rf.num) === 1 &&
    degreeIn(rf.num, xs) <= 1 &&
    degreeIn(rf.num, ys) <= 1
  );
}

function slopeFeedback(
  side: Expr,
  m: Num,
  reference: Expr,
  prefix: number[],
  budget: LocateBudget,
): LineFeedback {
  const f = evaluateFloatScaled(side, {});
  if (f && m.value !== 0) {
    if (close(f.v, -m.value)) return wrongLine('sign-error', prefix);
    if (close(f.v, 1 / m.value)) return wrongLine('slope-inverted', prefix);
  }
  const loc = locateMistake(reference, side, {}, budget);
  const code: TextFeedbackCode = loc.code ?? 'wrong-slope';
  return wrongLine(code, [...prefix, ...loc.path]);
}

/** Why an equation is not the line: wrong slope, wrong intercept, through only one point, or other. */
function lineMistake(
  e: Extract<Expr, { type: 'relation' }>,
  xs: string,
  ys: string,
  x1: Num,
  y1: Num,
  x2: Num,
  y2: Num,
  m: Num,
  b: Num,
  vertical: boolean,
): TextFeedbackCode {
  if (e.args.length !== 2 || !isLineEquation(e, xs, ys)) return 'wrong-line-equation';
  const diff = sub(e.args[0]!, e.args[1]!);
  const at = (x: number, y: number) => evaluateFloatScaled(diff, { [xs]: x, [ys]: y });
  const on = (x: number, y: number) => {
    const r = at(x, y);
    return !!r && Math.abs(r.v) <= 1e-9 * Math.max(1, r.scale);
  };
  const on1 = on(x1.value, y1.value);
  const on2 = on(x2.value, y2.value);
  if (on1 !== on2) return 'line-through-one-point';
  if (vertical) return 'wrong-line-equation';
  // Slope and intercept of the student's line from its values: a·x + c·y + d = 0.
  const d0 = at(0, 0)?.v;
  const ax = at(1, 0)?.v;
  const cy = at(0, 1)?.v;
  if (d0 === undefined || ax === undefined || cy === undefined) return 'wrong-line-equation';
  const a = ax - d0;
  const c = cy - d0;
  if (c === 0) return 'wrong-line-equation';
  const slope = -a / c;
  const intercept = -d0 / c;
  if (close(slope, m.value)) return 'wrong-intercept';
  if (close(intercept, b.value)) return 'wrong-slope';
  return 'wrong-line-equation';
}
