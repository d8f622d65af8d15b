import { ANSWER_SCHEMAS, type AnswerOf, type MathType, type MathTypeContent } from '@kib/core';
import { check, hints, isCorrect } from './check';
import type { CheckRequest, CheckResult, HintResult } from './types';

/**
 * What checking a numeral reads of it: what it asks (math type and full data, or its stored choices
 * for multiple choice), its steps, and the author's hint for hints. A core `Numeral` is one.
 */
export type CheckableNumeral = MathTypeContent & {
  steps: readonly MathTypeContent[];
  initialHint?: string | null;
  hintPicture?: string | null;
};

/** One answer to a numeral, or to one of its steps, as it arrives from a console. */
export interface NumeralAnswer {
  numeral: CheckableNumeral;
  /** The step answered (0-based), or null for the numeral itself. */
  step: number | null;
  /** The console's answer, not yet validated: its math type's answer schema reads it here. */
  answer: unknown;
}

/**
 * Why an answer could not be checked: the step does not exist, the answer does not fit the
 * console's shape, or the numeral (or step) has no math-type data yet.
 */
export type NumeralCheckError = 'step-not-found' | 'answer-invalid' | 'problem-incomplete';

/** An answer that could not be checked, and why. */
export interface NumeralCheckRefused {
  ok: false;
  error: NumeralCheckError;
}

/** A checked answer: the checker's result, whether the step is right and whether the numeral is now complete. */
export interface NumeralChecked {
  ok: true;
  /** The math type of what was answered (the step's, when a step was answered). */
  mathType: MathType;
  /** The answer as its schema read it (what an attempt records). */
  answer: AnswerOf<MathType>;
  /** The checker's result in the console's feedback shape (spec 02 §3). */
  result: CheckResult;
  /** The numeral, or the step answered, is right. */
  correct: boolean;
  /** The whole numeral is complete: it was answered right directly, or its last step was. */
  numeralCompleted: boolean;
}

/** The outcome of checkNumeral. */
export type NumeralCheck = NumeralChecked | NumeralCheckRefused;

/** Hints for an answer to a numeral or step, with the author's hint picture when the author's hint is shown. */
export type NumeralHints = (HintResult & { ok: true; hintPicture: string | null }) | NumeralCheckRefused;

/**
 * Checks an answer to a numeral or one of its steps, the one rule the server and the offline solver
 * share: the answer is read with its math type's schema, multiple choice is checked against its
 * stored correct flags, and the numeral is complete when it is answered right directly or when its
 * last step is. Never throws for a student's answer.
 */
export function checkNumeral({ numeral, step, answer }: NumeralAnswer): NumeralCheck {
  const built = requestFor(numeral, step, answer);
  if (!built.ok) return built;
  const { request } = built;
  const result = check(request);
  const correct = isCorrect(request.mathType, result);
  return {
    ok: true,
    mathType: request.mathType,
    answer: request.answer,
    result,
    correct,
    numeralCompleted: correct && (step === null || step === numeral.steps.length - 1),
  };
}

/**
 * The next hint(s) for an answer to a numeral or step (`shown` already seen): the numeral's own
 * hint and picture count only when the numeral itself is answered, not one of its steps.
 */
export function numeralHints({
  numeral,
  step,
  answer,
  shown,
}: NumeralAnswer & { shown: number }): NumeralHints {
  const built = requestFor(numeral, step, answer);
  if (!built.ok) return built;
  const own = step === null;
  const result = hints({
    ...built.request,
    shown,
    initialHint: own ? (numeral.initialHint ?? null) : null,
    hintPicture: own ? (numeral.hintPicture ?? null) : null,
  });
  return { ok: true, ...result, hintPicture: result.initialHint ? (numeral.hintPicture ?? null) : null };
}

function requestFor(
  numeral: CheckableNumeral,
  step: number | null,
  rawAnswer: unknown,
): { ok: true; request: CheckRequest } | NumeralCheckRefused {
  const asked = step === null ? numeral : numeral.steps[step];
  if (!asked) return { ok: false, error: 'step-not-found' };
  const parsed = ANSWER_SCHEMAS[asked.mathType].safeParse(rawAnswer);
  if (!parsed.success) return { ok: false, error: 'answer-invalid' };
  if (asked.mathType === 'multipleChoice') {
    // The checker needs only each choice's id and correct flag, never its text or picture.
    const choices = asked.choices.map((c) => ({ id: c.id, correct: c.correct }));
    return {
      ok: true,
      request: { mathType: 'multipleChoice', data: { choices }, answer: parsed.data } as CheckRequest,
    };
  }
  if (!asked.data) return { ok: false, error: 'problem-incomplete' };
  return {
    ok: true,
    request: { mathType: asked.mathType, data: asked.data, answer: parsed.data } as CheckRequest,
  };
}
