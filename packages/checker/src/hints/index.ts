/** Hints for simplify: the author's initial hint, then generated next-step hints. */
export { hintsForSimplify, nextStepHints } from './simplify-hints';
/** Every hint code the generated hints emit. */
export { HINTS_FEEDBACK_CODES, type HintsFeedbackCode } from './hint-codes';
