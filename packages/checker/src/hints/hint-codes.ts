/**
 * Every hint code the generated hints emit, as `feedback.<code>`; each has a text in
 * locales/feedback/hints.{es,en}.json.
 */
export const HINTS_FEEDBACK_CODES = [
  'hint-compute',
  'hint-exponent-rule',
  'hint-expand',
  'hint-collect',
  'hint-common-denominator',
  'hint-cancel',
  'hint-factor-common',
  'hint-factor-polynomial',
  'hint-difference-of-squares',
  'hint-rationalize',
  'hint-complete-square',
  'hint-form',
  'hint-compare-target',
] as const;

/** One of HINTS_FEEDBACK_CODES. */
export type HintsFeedbackCode = (typeof HINTS_FEEDBACK_CODES)[number];
