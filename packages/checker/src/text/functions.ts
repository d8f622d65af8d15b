import type { FunctionsData, TextAnswer } from '@kib/core';
import { contains, freeSymbols, mapChildren, type Expr } from '../expr/ast';
import { approximatelyEqual, equivalent, type EquivalenceContext } from '../expr/equivalence';
import { evaluateExact, evaluateFloatScaled, type EvalOptions, type FunctionModel } from '../expr/evaluate';
import { toLatex } from '../expr/latex';
import { isNumberLiteral } from '../expr/literals';
import { locateMistake, type LocateBudget } from '../expr/locate';
import * as Q from '../expr/rational';
import type { TextCheckResult } from '../types';
import {
  ANSWER_LOCATE_BUDGET,
  buildContext,
  chainSides,
  checkLines,
  hasDecimal,
  message,
  parseAuthored,
  wrongLine,
} from './context';
import { rootsOf, sameRoots, sameValue } from './roots';

/** The function of a functions numeral: its name, variable and body. */
interface FunctionDefinition {
  name: string;
  variable: string;
  body: Expr;
}

/** Reads `f(x)=…`, `y=…` or a bare expression; throws for a malformed problem definition. */
function readFunction(latex: string): FunctionDefinition {
  const named = /^\s*([A-Za-z])\s*(?:\\left)?\s*\(\s*([A-Za-z])\s*(?:\\right)?\s*\)\s*=(.*)$/s.exec(latex);
  if (named) return { name: named[1]!, variable: named[2]!, body: parseAuthored(named[3]!, 'functionExpr') };
  const y = /^\s*y\s*=(.*)$/s.exec(latex);
  const body = parseAuthored(y ? y[1]! : latex, 'functionExpr');
  const vars = [...freeSymbols(body)].sort();
  const variable = vars.includes('x') ? 'x' : (vars[0] ?? 'x');
  return { name: 'f', variable, body };
}

function substitute(e: Expr, name: string, value: Expr): Expr {
  if (e.type === 'symbol') return e.name === name ? value : e;
  return mapChildren(e, (c) => substitute(c, name, value));
}

/**
 * Checks a functions answer. With `xValue`: every line must be f(xValue) (a chain such as
 * `f(2)=2^{2}+3=7`, or a restatement of f such as `f(x)=x^{2}+3`), and the last line must end in the
 * value written as a number (or, for an irrational value, any exact form). With `yValue`: lines are
 * equations with the same solutions as f(x) = yValue, or statements of solutions (`x=2`,
 * `x=\pm 2`, `x=2 \lor x=-2`, a set); the answer is complete when the stated values are exactly all
 * the solutions. Never throws for the student's input.
 */
export function checkFunctions(data: FunctionsData, answer: TextAnswer): TextCheckResult {
  const def = readFunction(data.functionExpr);
  const model: FunctionModel = { kind: 'defined', params: [def.variable], body: def.body };
  const { ctx, functionNames } = buildContext({
    convertToDegrees: data.convertToDegrees,
    seedText: `${data.functionExpr}|${data.xValue ?? ''}|${data.yValue ?? ''}`,
    defined: { [def.name]: model },
  });
  if (data.xValue !== null && data.xValue !== undefined) {
    const x = parseAuthored(data.xValue, 'xValue');
    return checkEvaluation(def, x, ctx, functionNames, answer);
  }
  if (data.yValue !== null && data.yValue !== undefined) {
    const y = parseAuthored(data.yValue, 'yValue');
    return checkPreimage(def, y, ctx, functionNames, answer);
  }
  throw new Error('malformed problem: functions needs xValue or yValue');
}

function checkEvaluation(
  def: FunctionDefinition,
  x: Expr,
  ctx: EquivalenceContext,
  functionNames: string[],
  answer: TextAnswer,
): TextCheckResult {
  const value: Expr = { type: 'call', name: def.name, args: [x] };
  const substituted = substitute(def.body, def.variable, x);
  const opts: EvalOptions = { degrees: ctx.degrees, functions: ctx.functions };
  const exact = evaluateExact(value, new Map(), opts);
  const rationalValue = exact.kind === 'value';
  const budget: LocateBudget = { remaining: ANSWER_LOCATE_BUDGET };
  let reference: Expr = substituted;
  const state = { lastFinal: false };
  const { lines, any, anyWrong } = checkLines(answer, functionNames, {
    attempt: () => {
      state.lastFinal = false;
    },
    read: (e) => {
      const chain = chainSides(e);
      const sides = chain.map((c) => c.expr);
      const prefix = (k: number) => chain[k]!.path;
      const wrong = sides.findIndex((s) => equivalent(s, value, ctx).verdict !== 'equivalent');
      if (wrong < 0) {
        const last = sides[sides.length - 1]!;
        state.lastFinal =
          !contains(last, (x) => x.type === 'call') &&
          (rationalValue ? isNumberLiteral(last) : freeSymbols(last).size === 0);
        reference = last;
        return state.lastFinal
          ? { correct: true }
          : { correct: true, feedback: message('equivalent-not-simplified') };
      }
      // A restatement of the function (f(x) = x^2+3) is true, though not progress.
      if (
        sides.length > 1 &&
        freeSymbols(sides[0]!).has(def.variable) &&
        sides.every((s) => equivalent(s, sides[0]!, ctx).verdict === 'equivalent')
      ) {
        return { correct: true };
      }
      const side = sides[wrong]!;
      if (hasDecimal(side) && approximatelyEqual(side, value, ctx)) {
        return wrongLine('rounded-value', prefix(wrong));
      }
      const loc = locateMistake(wrong > 0 ? sides[wrong - 1]! : reference, side, ctx, budget);
      return wrongLine(loc.code ?? 'wrong-value', [...prefix(wrong), ...loc.path]);
    },
  });
  return { correct: any && !anyWrong && state.lastFinal, lines };
}

/** Values a solution statement gives for v, with their paths in the line; null when not a statement. */
function statedValues(e: Expr, v: string): { expr: Expr; path: number[] }[] | null {
  const isVar = (x: Expr) => x.type === 'symbol' && (x.name === v || x.name.startsWith(`${v}_`));
  const fromRelation = (r: Expr, path: number[]): { expr: Expr; path: number[] }[] | null => {
    if (r.type !== 'relation' || r.op !== '=' || r.args.length !== 2) return null;
    const [l, rr] = r.args as [Expr, Expr];
    const side = isVar(l) ? 1 : isVar(rr) ? 0 : -1;
    if (side < 0) return null;
    const val = r.args[side]!;
    if (freeSymbols(val).has(v)) return null;
    if (val.type === 'pm') {
      const right = val.right;
      const left = val.left;
      const plus: Expr = left ? { type: 'add', args: [left, right] } : right;
      const minus: Expr = left
        ? { type: 'add', args: [left, { type: 'neg', arg: right }] }
        : { type: 'neg', arg: right };
      return [
        { expr: plus, path: [...path, side] },
        { expr: minus, path: [...path, side] },
      ];
    }
    return [{ expr: val, path: [...path, side] }];
  };
  if (e.type === 'relation') return fromRelation(e, []);
  if ((e.type === 'list' && e.items.length > 0) || (e.type === 'logic' && e.op === 'or')) {
    const items = e.type === 'list' ? e.items : e.args;
    const out: { expr: Expr; path: number[] }[] = [];
    for (let i = 0; i < items.length; i++) {
      const r = fromRelation(items[i]!, [i]);
      if (!r) return null;
      out.push(...r);
    }
    return out;
  }
  if (e.type === 'set') return e.elements.map((x, i) => ({ expr: x, path: [i] }));
  if (e.type === 'element' && isVar(e.member) && e.of.type === 'set') {
    return e.of.elements.map((x, i) => ({ expr: x, path: [1, i] }));
  }
  return null;
}

function checkPreimage(
  def: FunctionDefinition,
  y: Expr,
  ctx: EquivalenceContext,
  functionNames: string[],
  answer: TextAnswer,
): TextCheckResult {
  const v = def.variable;
  const opts: EvalOptions = { degrees: ctx.degrees, functions: ctx.functions };
  const g: Expr = { type: 'add', args: [def.body, { type: 'neg', arg: y }] };
  const solutions = rootsOf(g, v, new Map(), opts);
  const isSolution = (val: Expr): boolean => {
    const at = substitute(g, v, val);
    const ex = evaluateExact(at, new Map(), opts);
    if (ex.kind === 'value') return Q.isZero(ex.value);
    const f = evaluateFloatScaled(at, {}, opts);
    return !!f && Math.abs(f.v) <= 1e-9 * Math.max(1, f.scale);
  };
  const stated: number[] = [];
  const state = { lastIsStatement: false, lastLineIndex: -1, lastIndex: -1 };
  const { lines, any, anyWrong } = checkLines(answer, functionNames, {
    attempt: (index) => {
      state.lastIsStatement = false;
      state.lastIndex = index;
    },
    read: (e, index) => {
      const values = statedValues(e, v);
      if (values) {
        const bad = values.find((x) => !isSolution(x.expr));
        if (bad) return wrongLine('not-a-solution', bad.path, { value: toLatex(bad.expr) });
        for (const x of values) {
          const f = evaluateFloatScaled(x.expr, {}, opts);
          if (f) stated.push(f.v);
        }
        state.lastIsStatement = true;
        state.lastLineIndex = index;
        return { correct: true };
      }
      // An equation in x: the same solutions as f(x) = y; or a true restatement of f.
      if (e.type === 'relation' && e.op === '=') {
        const sides = chainSides(e).map((c) => c.expr);
        const identity = sides.every((s) => equivalent(s, sides[0]!, ctx).verdict === 'equivalent');
        if (identity && freeSymbols(sides[0]!).has(v)) return { correct: true };
        let ok = true;
        for (let k = 0; k + 1 < sides.length && ok; k++) {
          const diff: Expr = { type: 'add', args: [sides[k]!, { type: 'neg', arg: sides[k + 1]! }] };
          const roots = rootsOf(diff, v, new Map(), opts).map((r) => r.value);
          ok = sameRoots(
            roots,
            solutions.map((r) => r.value),
          );
        }
        if (ok) return { correct: true };
      }
      return wrongLine('wrong-equation', []);
    },
  });
  const { lastIsStatement, lastLineIndex, lastIndex } = state;
  const complete = sameRoots(
    stated,
    solutions.map((r) => r.value),
  );
  if (lastIsStatement && !complete && lastLineIndex >= 0) {
    const missing = solutions.filter((s) => !stated.some((x) => sameValue(x, s.value))).length;
    if (missing > 0)
      lines[lastLineIndex] = { correct: true, feedback: message('missing-solution', { count: missing }) };
  }
  if (any && !lastIsStatement && !anyWrong && lastIndex >= 0) {
    lines[lastIndex] = { correct: true, feedback: message('state-the-solutions') };
  }
  return { correct: any && !anyWrong && lastIsStatement && complete, lines };
}
