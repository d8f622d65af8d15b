/** Kib's expression tree and its path helpers. */
export { childrenOf, freeSymbols, nodeAt, size, type Expr, type FunctionName, type RelationOp } from './ast';
/** Parsing MathLive LaTeX into the tree (bounded; never throws). */
export { parseLatex, PARSE_LIMITS, type ParseResult, type ParseOptions } from './parse';
/** Exact rationals on BigInt. */
export * as rational from './rational';
export type { Rational } from './rational';
/** Exact, modular and floating evaluation of a tree at a point. */
export {
  evaluateExact,
  evaluateFloatScaled,
  evaluateModular,
  isRationalExpr,
  EXACT_LIMITS,
  MODULAR_PRIMES,
  type EvalOptions,
  type ExactResult,
  type FloatValue,
  type FunctionModel,
  type ModResult,
} from './evaluate';
/** Deterministic equivalence of expressions (and the table console's LaTeX entry point). */
export {
  approximatelyEqual,
  applySubstitutions,
  equivalent,
  equivalentEquations,
  equivalentLatex,
  substitutionsFrom,
  type EquivalenceContext,
  type EquivalenceResult,
  type EquivalentLatexOptions,
  type Substitution,
  type Verdict,
} from './equivalence';
/** EqualComAss and the named forms (factored, expanded, …). */
export { comAssKey, equalComAss, FORMS, isInForm, type FormName } from './forms';
/** Where the mistake is in a non-equivalent line, and its name. */
export {
  locateMistake,
  MISTAKE_CODES,
  type LocateBudget,
  type MistakeCode,
  type MistakeLocation,
} from './locate';
/** Writing a tree back as LaTeX. */
export { toLatex } from './latex';
/** Sampling restrictions. */
export type { SampleInterval } from './sampling';
