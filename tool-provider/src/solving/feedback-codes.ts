import type { CheckResult } from '@kib/checker';

const PREFIX = 'feedback.';
/** The most codes kept for one attempt. */
const MAX_CODES = 8;

function codeOf(key: unknown): string | null {
  return typeof key === 'string' && key.startsWith(PREFIX) ? key.slice(PREFIX.length) : null;
}

/**
 * The feedback codes a wrong answer got from the checker, as the attempts log keeps them
 * (kebab-case, without `feedback.`, each once, at most eight): the messages of the wrong lines of a
 * text answer, the plot consoles' feedback, the choice list's and the prime factor table's message.
 * A right answer has none.
 */
export function feedbackCodes(result: CheckResult, correct: boolean): string[] {
  if (correct || Array.isArray(result)) return [];
  let keys: unknown[] = [];
  if ('lines' in result)
    keys = result.lines.filter((l) => !l.correct && l.neutral !== true).map((l) => l.feedback?.key);
  else if ('feedbacks' in result) keys = [result.feedbacks];
  else if ('feedback' in result) keys = [result.feedback.key];
  else if ('message' in result) keys = [result.message.key];
  const codes = keys.map(codeOf).filter((c): c is string => c !== null);
  return [...new Set(codes)].slice(0, MAX_CODES);
}
