import { isTextMathType, type MathType, type TextAnswer } from '@kib/core';
import { equivalentLatex } from './expr/index';
import {
  checkIntervals,
  checkMultipleChoice,
  checkNumberlinePoints,
  checkPlotFunction,
  checkPlotLinearEquation,
  checkPrimeDecomposition,
  checkSetMultiPointPlane,
  checkSetPointCartesianPlane,
  checkTableSimple,
} from './graphical/index';
import { hintsForSimplify } from './hints/index';
import { checkSolve, hintsForSolve } from './solve/index';
import { functionNames, lineHighlightRange } from './text/context';
import { checkEquationOfALine, checkFindExpression, checkFunctions, checkSimplify } from './text/index';
import type {
  CheckRequest,
  CheckResult,
  CheckResultMap,
  HintRequest,
  HintResult,
  TextCheckResult,
} from './types';

/**
 * Checks one answer: the result shape of its math type (spec 02 §3) with feedback as i18n keys.
 * Never throws for a student's answer; throws only for a malformed problem definition.
 */
export function check<K extends MathType>(request: CheckRequest<K>): CheckResult<K> {
  const r = request as unknown as CheckRequest;
  const results: { [T in MathType]: () => CheckResultMap[T] } = {
    simplify: () => checkSimplify(data<'simplify'>(r), answer<'simplify'>(r)),
    solve: () => checkSolve(data<'solve'>(r), answer<'solve'>(r)),
    functions: () => checkFunctions(data<'functions'>(r), answer<'functions'>(r)),
    equationOfALine: () => checkEquationOfALine(data<'equationOfALine'>(r), answer<'equationOfALine'>(r)),
    findExpression: () => checkFindExpression(data<'findExpression'>(r), answer<'findExpression'>(r)),
    plotFunction: () => checkPlotFunction(data<'plotFunction'>(r), answer<'plotFunction'>(r)),
    plotLinearEquation: () =>
      checkPlotLinearEquation(data<'plotLinearEquation'>(r), answer<'plotLinearEquation'>(r)),
    setPointCartesianPlane: () =>
      checkSetPointCartesianPlane(data<'setPointCartesianPlane'>(r), answer<'setPointCartesianPlane'>(r)),
    setMultiPointPlane: () =>
      checkSetMultiPointPlane(data<'setMultiPointPlane'>(r), answer<'setMultiPointPlane'>(r)),
    numberlinePoints: () => checkNumberlinePoints(data<'numberlinePoints'>(r), answer<'numberlinePoints'>(r)),
    intervals: () => checkIntervals(data<'intervals'>(r), answer<'intervals'>(r)),
    multipleChoice: () => checkMultipleChoice(data<'multipleChoice'>(r), answer<'multipleChoice'>(r)),
    tableSimple: () => checkTableSimple(data<'tableSimple'>(r), answer<'tableSimple'>(r), equivalentLatex),
    primeDecomposition: () =>
      checkPrimeDecomposition(data<'primeDecomposition'>(r), answer<'primeDecomposition'>(r)),
  };
  const result = results[r.mathType]();
  if (isTextMathType(r.mathType)) {
    const functions = functionNames(
      (r.data as { functions?: Parameters<typeof functionNames>[0] }).functions,
    );
    return withHighlightRange(
      result as TextCheckResult,
      r.answer as TextAnswer,
      functions,
      r.mathType,
    ) as CheckResult<K>;
  }
  return result as CheckResult<K>;
}

/**
 * Gives each wrong line with a highlight path its range in the line's own LaTeX (`highlightRange`,
 * from where the line was parsed: the solve checker sets it, the other text types read it from the
 * cached parse) and the LaTeX in that range, so a math field can box exactly that part.
 */
function withHighlightRange(
  result: TextCheckResult,
  answer: TextAnswer,
  functions: string[],
  mathType: MathType,
): TextCheckResult {
  const lines = result.lines.map((line, i) => {
    const math = answer[i]?.math;
    if (!line.highlight?.length || math === undefined) return line;
    const range =
      line.highlightRange ??
      (mathType === 'solve' ? undefined : lineHighlightRange(math, functions, line.highlight));
    if (!range || range[1] > math.length) return line;
    return { ...line, highlightRange: range, highlightLatex: math.slice(range[0], range[1]) };
  });
  return { ...result, lines };
}

function data<K extends MathType>(r: CheckRequest): CheckRequest<K>['data'] {
  return r.data as CheckRequest<K>['data'];
}
function answer<K extends MathType>(r: CheckRequest): CheckRequest<K>['answer'] {
  return r.answer as CheckRequest<K>['answer'];
}

/** True when a result means the numeral or step is complete. */
export function isCorrect<K extends MathType>(mathType: K, result: CheckResult<K>): boolean {
  const r = result as CheckResult;
  switch (mathType) {
    case 'simplify':
    case 'solve':
    case 'functions':
    case 'equationOfALine':
    case 'findExpression':
      return (r as CheckResultMap['simplify']).correct;
    case 'multipleChoice':
      return (r as CheckResultMap['multipleChoice']).correct;
    case 'tableSimple': {
      const cells = r as CheckResultMap['tableSimple'];
      return cells.length > 0 && cells.every((c) => c.correct && c.complete);
    }
    case 'primeDecomposition':
      return (r as CheckResultMap['primeDecomposition']).correct;
    default:
      return (r as CheckResultMap['plotFunction']).correctAns;
  }
}

/**
 * Hints for the current state (spec 01 "Hints"): the author's initial hint first, then generated
 * next-step hints for simplify and solve; `shown` + 1 of them, or `exhausted` when none are left.
 */
export function hints<K extends MathType>(request: HintRequest<K>): HintResult {
  const r = request as unknown as HintRequest;
  if (r.mathType === 'simplify') return hintsForSimplify(r as HintRequest<'simplify'>);
  if (r.mathType === 'solve') return hintsForSolve(r as HintRequest<'solve'>);
  const own = r.initialHint ? [{ text: r.initialHint }] : [];
  const shown = Math.max(0, r.shown ?? 0);
  return {
    hints: own.slice(0, shown + 1),
    startingMath: null,
    lineIndex: 0,
    initialHint: own.length > 0,
    exhausted: shown + 1 >= own.length,
  };
}
