export type {
  CheckChoice,
  CheckData,
  CheckRequest,
  CheckResult,
  CheckResultMap,
  HintRequest,
  HintResult,
  TextCheckResult,
} from './types';
/** Reads an untrusted `{mathType, data, answer}` with defaults and validation. */
export { parseCheckRequest, type ParsedRequest } from './request';
/** Parses MathLive LaTeX into Kib's expression tree (bounded; never throws). */
export { parseLatex, PARSE_LIMITS, type ParseResult } from './expr/parse';
/** Kib's expression tree and its path helpers. */
export { childrenOf, freeSymbols, nodeAt, type Expr } from './expr/ast';
/** A tree compiled into a fast real function of one variable (NaN where undefined): for plotting. */
export { compileFloat, type FloatFn } from './expr/numeric';
/** Whether two LaTeX expressions are equivalent (null when one is unreadable). */
export { equivalentLatex } from './expr/index';
/** Checks one answer (`check`), tells whether a result completes it (`isCorrect`), gives hints (`hints`). */
export { check, hints, isCorrect } from './check';
/** Checks an answer to a numeral or step and applies the completion rule; its hints likewise. */
export {
  checkNumeral,
  numeralHints,
  type CheckableNumeral,
  type NumeralAnswer,
  type NumeralCheck,
  type NumeralChecked,
  type NumeralCheckError,
  type NumeralCheckRefused,
  type NumeralHints,
} from './numeral';
/**
 * A named function the checker reads. The list itself, `FUNCTION_NAMES`, is exported only as
 * `@kib/checker/function-names`: a bundle then holds it once, outside the checker's lazy chunk.
 */
export type { FunctionName } from './expr/function-names';
