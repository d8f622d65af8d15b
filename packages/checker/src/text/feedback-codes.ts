import { MISTAKE_CODES } from '../expr/locate';
import { FORMS } from '../expr/forms';

/**
 * Every feedback code the text math types (simplify, functions, equationOfALine, findExpression)
 * can emit, as `feedback.<code>`; each has a text in locales/feedback/text.{es,en}.json.
 */
export const TEXT_FEEDBACK_CODES = [
  // Reading the line
  'unreadable-expression',
  'unreadable-at',
  'too-large',
  'too-complex',
  'cannot-check',
  // simplify
  'not-equivalent',
  ...MISTAKE_CODES,
  'domain-changed',
  'equivalent-not-simplified',
  'not-in-form',
  'exact-value-required',
  'write-without-decimals',
  'rounded-value',
  'unexpected-relation',
  'not-an-equation',
  'expected-set',
  'not-an-element',
  'missing-element',
  // functions
  'wrong-value',
  'missing-solution',
  'not-a-solution',
  'state-the-solutions',
  'wrong-equation',
  // equationOfALine
  'wrong-slope',
  'slope-inverted',
  'wrong-intercept',
  'wrong-line-equation',
  'line-through-one-point',
  'line-incomplete',
  // findExpression
  'relation-not-kept',
  'wrong-expression',
  'not-isolated',
  // Names of the forms, nested into not-in-form ($t(feedback.form-{{form}})).
  ...FORMS.map((f) => `form-${f.replace(/_/g, '-')}` as const),
] as const;

/** One of TEXT_FEEDBACK_CODES. */
export type TextFeedbackCode = (typeof TEXT_FEEDBACK_CODES)[number];
