/**
 * Every feedback code the graphical math types can emit. Each code is a key of the per-area catalogs
 * `packages/i18n/locales/feedback/graphical.{es,en}.json` and is sent as the i18n key `feedback.<code>`.
 */
export const GRAPHICAL_FEEDBACK_CODES = [
  // plotFunction
  'plot-correct',
  'plot-try-again',
  'plot-too-short',
  'plot-off-curve',
  'plot-crosses-asymptote',
  // plotLinearEquation
  'line-correct',
  'line-try-again',
  'line-same-point',
  'line-one-point',
  'line-wrong-slope',
  'line-wrong-intercept',
  'line-swapped-slope-intercept',
  'line-wrong',
  // setPointCartesianPlane, setMultiPointPlane
  'points-correct',
  'points-try-again',
  'points-missing',
  'points-extra',
  'points-wrong',
  'point-swapped-coordinates',
  // numberlinePoints
  'numberline-correct',
  'numberline-try-again',
  'numberline-missing-points',
  'numberline-extra-points',
  // intervals
  'intervals-correct',
  'intervals-try-again',
  'intervals-incorrect-interval',
  'intervals-degenerate',
  'intervals-check-brackets',
  'intervals-continue',
  'intervals-simplify',
  // multipleChoice
  'choice-correct',
  'choice-wrong',
  'choice-incomplete',
  'choice-none-selected',
  // primeDecomposition
  'correct',
  'wrong-division',
  'divisor-does-not-divide',
  'divide-last-row',
  'decomposition-not-finished',
  'coprime-decompose-divisor',
  'divisor-divides-no-number',
  'write-final-answer',
  'divisor-not-prime',
  'missing-divisor',
  'unreadable-cell',
  'number-too-large',
  'wrong-final-answer',
  'final-answer-not-factored',
] as const;

/** A feedback code of the graphical math types. */
export type GraphicalFeedbackCode = (typeof GRAPHICAL_FEEDBACK_CODES)[number];

/** The i18n key of a graphical feedback code: `feedback.<code>`. */
export function feedbackKey(code: GraphicalFeedbackCode): `feedback.${GraphicalFeedbackCode}` {
  return `feedback.${code}`;
}
