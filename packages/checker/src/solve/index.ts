/**
 * The solve math type: solution sets of equations, inequalities and systems, line-by-line checking
 * of a derivation (equivalence reasoning) and next-step hints.
 */

/** Checks a solve answer line by line; complete when the defined solutions are stated. */
export { checkSolve } from './check-solve';
/** The class of one step over the reals: equivalent, gained, lost or unrelated. */
export { classifyStep, type StepClass, type StepClassification } from './classify';
/** Hints for a solve numeral: the author's initial hint, then generated next steps. */
export { hintsForSolve } from './solve-hints';
/** Every feedback code the solve checker emits (keys of the solve catalogs). */
export { SOLVE_FEEDBACK_CODES, type SolveFeedbackCode } from './feedback-codes';
/** Solving one line into its solution set. */
export { solveLine, type LineSolution, type SolveContext } from './solve-line';
/** Real solution sets: finite unions of intervals and points, with exact ends where possible. */
export {
  ALL_REALS,
  EMPTY_SET,
  complement,
  contains,
  difference,
  intersection,
  intervalSet,
  isEmpty,
  isSubset,
  pointsOf,
  pointsSet,
  relate,
  setsEqual,
  setToLatex,
  union,
  type Bound,
  type Piece,
  type SetRelation,
  type SolutionSet,
} from './solution-set';
/** Real values with exact forms a + b√c where known. */
export { realApprox, realOfQ, type RealValue } from './real-value';
/** Reads a solve record into a checkable problem (throws for a malformed definition). */
export { prepareProblem, type SolveProblem } from './problem';
