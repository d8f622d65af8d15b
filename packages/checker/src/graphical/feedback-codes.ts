/**
 * Every feedback code the graphical math types can emit, by the console that shows it. Each code is a
 * key of the per-area catalogs `packages/i18n/locales/feedback/graphical.{es,en}.json` and is sent as
 * the i18n key `feedback.<code>`; a console keeps room for the longest text of its own codes.
 */
export const GRAPHICAL_FEEDBACK_BY_CONSOLE = {
  plotFunction: [
    'plot-correct',
    'plot-try-again',
    'plot-too-short',
    'plot-off-curve',
    'plot-crosses-asymptote',
  ],
  plotLinearEquation: [
    'line-correct',
    'line-try-again',
    'line-same-point',
    'line-one-point',
    'line-wrong-slope',
    'line-wrong-intercept',
    'line-swapped-slope-intercept',
    'line-wrong',
  ],
  /** setPointCartesianPlane and setMultiPointPlane. */
  points: [
    'points-correct',
    'points-try-again',
    'points-missing',
    'points-extra',
    'points-wrong',
    'point-swapped-coordinates',
  ],
  numberlinePoints: [
    'numberline-correct',
    'numberline-try-again',
    'numberline-missing-points',
    'numberline-extra-points',
  ],
  intervals: [
    'intervals-correct',
    'intervals-try-again',
    'intervals-incorrect-interval',
    'intervals-degenerate',
    'intervals-check-brackets',
    'intervals-continue',
    'intervals-simplify',
  ],
  multipleChoice: ['choice-correct', 'choice-wrong', 'choice-incomplete', 'choice-none-selected'],
  primeDecomposition: [
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
  ],
} as const;

/** A console that shows graphical feedback codes. */
export type GraphicalFeedbackConsole = keyof typeof GRAPHICAL_FEEDBACK_BY_CONSOLE;

/** Every feedback code of the graphical math types. */
export const GRAPHICAL_FEEDBACK_CODES = Object.values(GRAPHICAL_FEEDBACK_BY_CONSOLE).flat();

/** A feedback code of the graphical math types. */
export type GraphicalFeedbackCode = (typeof GRAPHICAL_FEEDBACK_BY_CONSOLE)[GraphicalFeedbackConsole][number];

/** The i18n key of a graphical feedback code: `feedback.<code>`. */
export function feedbackKey(code: GraphicalFeedbackCode): `feedback.${GraphicalFeedbackCode}` {
  return `feedback.${code}`;
}
