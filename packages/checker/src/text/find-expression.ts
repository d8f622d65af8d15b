import type { FindExpressionData, TextAnswer } from '@kib/core';
import { freeSymbols, mentions, type Expr } from '../expr/ast';
import { equivalent, floatClose, type EquivalenceContext } from '../expr/equivalence';
import { evaluateFloatScaled, type EvalOptions } from '../expr/evaluate';
import { locateMistake, type LocateBudget } from '../expr/locate';
import { Prng } from '../expr/prng';
import { floatPoint, randomInInterval, randomPoint } from '../expr/sampling';
import type { TextCheckResult } from '../types';
import {
  ANSWER_LOCATE_BUDGET,
  buildContext,
  checkLines,
  message,
  parseAuthored,
  symbolNames,
  wrongLine,
} from './context';
import { rootsOf } from './roots';

function diff(l: Expr, r: Expr): Expr {
  return { type: 'add', args: [l, { type: 'neg', arg: r }] };
}

/** A prepared findExpression problem. */
interface Problem {
  unknown: string;
  target: Expr;
  defining: Expr;
  ctx: EquivalenceContext;
  opts: EvalOptions;
}

/**
 * True when the equation l = r keeps the defining relation: the target branch satisfies it (with
 * unknown := target the two sides agree wherever the target is defined), and every solution for the
 * unknown it has (at sample values of the other letters) satisfies the defining equation — so no
 * solution is invented, though another branch (the negative root) may be dropped.
 */
function keepsRelation(p: Problem, l: Expr, r: Expr): boolean {
  const others = [
    ...new Set([...freeSymbols(l), ...freeSymbols(r), ...freeSymbols(p.defining), ...freeSymbols(p.target)]),
  ]
    .filter((v) => v !== p.unknown)
    .sort();
  const rng = new Prng(p.ctx.seed ?? 0xf1e);
  const lineDiff = diff(l, r);
  // (1) The target branch satisfies the line.
  let checked = 0;
  for (let i = 0; i < 40 && checked < 6; i++) {
    const point = floatPoint(positivePoint(rng, others));
    const t = evaluateFloatScaled(p.target, point, p.opts);
    if (!t) continue;
    const at = { ...point, [p.unknown]: t.v };
    const lv = evaluateFloatScaled(l, at, p.opts);
    const rv = evaluateFloatScaled(r, at, p.opts);
    if (!lv || !rv) continue;
    if (!floatClose(lv, rv, 1e-7)) return false;
    checked++;
  }
  if (checked === 0) return false;
  // (2) No solution of the line breaks the defining relation.
  const definingDiff =
    p.defining.type === 'relation' ? diff(p.defining.args[0]!, p.defining.args[1]!) : p.defining;
  // π and e are fixed to other values here, the same in both equations: what follows from the
  // defining equation for every value of a constant follows for these, and the line becomes a
  // polynomial in the unknown more often (solved exactly instead of scanned).
  const constants = ['pi', 'e'].filter((c) => mentions(lineDiff, c) || mentions(definingDiff, c));
  let solved = 0;
  for (let i = 0; i < 8 && solved < 3; i++) {
    const exactPoint = positivePoint(rng, [...others, ...constants]);
    const point = floatPoint(exactPoint);
    const roots = rootsOf(lineDiff, p.unknown, exactPoint, p.opts);
    if (roots.length === 0) continue;
    solved++;
    for (const root of roots.slice(0, 6)) {
      const d = evaluateFloatScaled(definingDiff, { ...point, [p.unknown]: root.value }, p.opts);
      if (d && Math.abs(d.v) > 1e-6 * Math.max(1, d.scale)) return false;
    }
  }
  return true;
}

/** Sample values of the other letters: mostly positive (formulas of lengths, areas, masses). */
function positivePoint(rng: Prng, vars: readonly string[]) {
  return rng.next() < 0.75
    ? new Map(vars.map((v) => [v, randomInInterval(rng, { lo: 0.1, hi: 20, loOpen: false, hiOpen: false })]))
    : randomPoint(rng, vars);
}

/**
 * Checks a findExpression answer: each line is an equation that keeps the defining relation (the
 * target solves it, and it invents no solution), and the answer is complete when the last line is
 * `unknown = <expression equivalent to targetExpression>` (either way round). A line that isolates the
 * unknown wrongly is located against the target. Never throws for the student's input.
 */
export function checkFindExpression(data: FindExpressionData, answer: TextAnswer): TextCheckResult {
  const { ctx, functionNames } = buildContext({
    convertToDegrees: data.convertToDegrees,
    seedText: `${data.definingEquation}|${data.targetExpression}`,
  });
  const unknown =
    symbolNames([{ id: 'unknwn', latex: data.unknownVariable }])[0] ?? data.unknownVariable.trim();
  const defining = parseAuthored(data.definingEquation, 'definingEquation', functionNames);
  if (defining.type !== 'relation' || defining.op !== '=' || defining.args.length !== 2) {
    throw new Error('malformed problem: definingEquation must be an equation');
  }
  const target = parseAuthored(data.targetExpression, 'targetExpression', functionNames);
  const p: Problem = {
    unknown,
    target,
    defining,
    ctx,
    opts: { degrees: ctx.degrees, functions: ctx.functions },
  };
  const budget: LocateBudget = { remaining: ANSWER_LOCATE_BUDGET };
  const state = { lastFinal: false };
  const { lines, any, anyWrong } = checkLines(answer, functionNames, {
    attempt: () => {
      state.lastFinal = false;
    },
    read: (e) => {
      if (e.type !== 'relation' || e.op !== '=' || e.args.length !== 2) {
        // A bare expression: right if it is the target, but the unknown must be isolated: h = ….
        const ok =
          e.type !== 'relation' &&
          !freeSymbols(e).has(unknown) &&
          equivalent(e, target, ctx).verdict === 'equivalent';
        return ok ? { correct: true, feedback: message('not-isolated') } : wrongLine('relation-not-kept', []);
      }
      const [l, r] = e.args as [Expr, Expr];
      const isUnknown = (x: Expr) => x.type === 'symbol' && x.name === unknown;
      const solvedSide =
        isUnknown(l) && !freeSymbols(r).has(unknown)
          ? 1
          : isUnknown(r) && !freeSymbols(l).has(unknown)
            ? 0
            : -1;
      if (solvedSide >= 0) {
        const expr = e.args[solvedSide]!;
        if (equivalent(expr, target, ctx).verdict === 'equivalent') {
          state.lastFinal = true;
          return { correct: true };
        }
        const loc = locateMistake(target, expr, ctx, budget);
        return wrongLine(loc.code ?? 'wrong-expression', [solvedSide, ...loc.path]);
      }
      return keepsRelation(p, l, r) ? { correct: true } : wrongLine('relation-not-kept', []);
    },
  });
  return { correct: any && !anyWrong && state.lastFinal, lines };
}
