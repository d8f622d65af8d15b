import type { FeedbackMessage } from '@kib/core';

/**
 * Every feedback code the solve checker and its hints can emit; each is a key of
 * `packages/i18n/locales/feedback/solve.{es,en}.json` and is sent as `feedback.<code>`.
 */
export const SOLVE_FEEDBACK_CODES = [
  // Reading the line.
  'unreadable-expression',
  'unreadable-at',
  'too-large',
  'not-an-equation',
  // Comparing a line with the previous correct one.
  'not-equivalent',
  'lost-solution',
  'lost-solutions',
  'gained-solutions',
  'extra-solutions',
  'and-instead-of-or',
  'missing-variable',
  'inequality-direction',
  'inequality-strictness',
  'sign-error',
  'system-cannot-check',
  // The final answer.
  'not-solved-yet',
  'write-as-equation',
  'missing-solutions',
  'extraneous-solution',
  'wrong-solution',
  'outside-interval',
  // Generated next-step hints.
  'hint-remove-brackets',
  'hint-collect-like-terms',
  'hint-move-term',
  'hint-move-variable-terms',
  'hint-divide-both-sides',
  'hint-multiply-both-sides',
  'hint-flip-inequality',
  'hint-move-all-to-one-side',
  'hint-factor',
  'hint-common-factor',
  'hint-zero-product',
  'hint-quadratic-formula',
  'hint-complete-the-square',
  'hint-square-root-both-sides',
  'hint-isolate-radical',
  'hint-square-both-sides',
  'hint-check-extraneous',
  'hint-multiply-by-denominator',
  'hint-check-excluded-values',
  'hint-split-absolute-value',
  'hint-log-definition',
  'hint-same-base',
  'hint-take-logarithm',
  'hint-isolate-trig',
  'hint-trig-solutions-interval',
  'hint-sign-chart',
  'hint-state-solution',
  'hint-join-branches',
  'hint-system-eliminate',
  'hint-system-substitute',
] as const;

/** One of {@link SOLVE_FEEDBACK_CODES}. */
export type SolveFeedbackCode = (typeof SOLVE_FEEDBACK_CODES)[number];

/** The i18n message of a code: `{ key: 'feedback.<code>', params }`. */
export function message(
  code: SolveFeedbackCode,
  params: Record<string, string | number> = {},
): FeedbackMessage {
  return { key: `feedback.${code}`, params };
}
