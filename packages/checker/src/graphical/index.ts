/**
 * The graphical math types: plots, points, number lines, intervals, choices, tables and the prime
 * factor table. Each checker is pure and deterministic and never throws for a student's answer.
 */

/** plotFunction: the freehand stroke against the curve y = f(x). */
export { checkPlotFunction, PLOT_FUNCTION_TUNING } from './plot-function';
/** plotLinearEquation: two placed points against the line y = m·x + b. */
export { checkPlotLinearEquation } from './plot-linear-equation';
/** setPointCartesianPlane and setMultiPointPlane: placed points against the target points. */
export { checkSetMultiPointPlane, checkSetPointCartesianPlane, parsePointsList } from './set-points';
/** numberlinePoints: placed numbers against the target numbers. */
export { checkNumberlinePoints } from './numberline-points';
/** intervals: the union of the student's intervals against the target set, step by step. */
export { checkIntervals } from './intervals';
/** multipleChoice: the selected ids against the correct choices. */
export { checkMultipleChoice } from './multiple-choice';
/** tableSimple: every answer cell through the injected equivalence check. */
export { checkTableSimple, type EquivalenceCheck } from './table-simple';
/** primeDecomposition: the division table and the final answer. */
export { checkPrimeDecomposition } from './prime-decomposition';
/** Every feedback code of this area, each a key of the graphical feedback catalogs. */
export { GRAPHICAL_FEEDBACK_CODES, type GraphicalFeedbackCode } from './feedback-codes';
