import { LIMITS, type AnswerOf, type CustomFeedback } from '@kib/core';
import type { CheckData } from '../types';
import { feedbackKey, type GraphicalFeedbackCode } from './feedback-codes';
import { listOf } from './numbers';

/**
 * multipleChoice: correct when exactly the correct choices are selected. A selection that holds a
 * wrong choice (or an id that is not a choice) is wrong; right choices only, but not all of them, is
 * incomplete (params: how many are still missing); nothing selected says so. Throws only when the
 * choices have no correct one.
 */
export function checkMultipleChoice(
  data: CheckData<'multipleChoice'>,
  answer: AnswerOf<'multipleChoice'>,
): CustomFeedback {
  const choices = Array.isArray(data.choices) ? data.choices : [];
  const correctIds = new Set(choices.filter((c) => c.correct === true).map((c) => c.id));
  if (correctIds.size === 0) throw new Error('multipleChoice: at least one choice must be correct');
  const selected = new Set(listOf(answer, LIMITS.choicesMaxItems * 5));
  if (selected.size === 0) return result(false, 'choice-none-selected');
  const wrong = [...selected].filter((id) => typeof id !== 'number' || !correctIds.has(id)).length;
  if (wrong > 0) return result(false, 'choice-wrong');
  const missing = [...correctIds].filter((id) => !selected.has(id)).length;
  if (missing > 0) return result(false, 'choice-incomplete', { missing });
  return result(true, 'choice-correct');
}

function result(
  correct: boolean,
  code: GraphicalFeedbackCode,
  params: Record<string, number> = {},
): CustomFeedback {
  return { correct, feedback: { key: feedbackKey(code), params } };
}
