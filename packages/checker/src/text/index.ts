/** simplify: line-by-line equivalence with the starting expression, located mistakes, forms. */
export { checkSimplify, checkSimplifyLine, checkSimplifyPrepared, prepareSimplify } from './simplify';
export type { SimplifyCheckData, SimplifyLineVerdict, SimplifyProblem } from './simplify';
/** functions: f evaluated at xValue, or every x with f(x) = yValue. */
export { checkFunctions } from './functions';
/** equationOfALine: slope, intercept and equation of the line through two points. */
export { checkEquationOfALine } from './equation-of-a-line';
/** findExpression: isolate the unknown from the defining equation. */
export { checkFindExpression } from './find-expression';
/** Every feedback code the text math types emit. */
export { TEXT_FEEDBACK_CODES, type TextFeedbackCode } from './feedback-codes';
