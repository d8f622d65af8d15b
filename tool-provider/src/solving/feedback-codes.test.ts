import type { CheckResult } from '@kib/checker';
import { describe, expect, it } from 'vitest';
import { feedbackCodes } from './feedback-codes';

describe('feedbackCodes', () => {
  it.each<[string, CheckResult, boolean, string[]]>([
    [
      'keeps the codes of the wrong lines of a text answer, each once',
      {
        correct: false,
        lines: [
          { correct: true, feedback: { key: 'feedback.good-continue', params: {} } },
          { correct: false, feedback: { key: 'feedback.not-equivalent', params: {} } },
          { correct: false, neutral: true },
          { correct: false, feedback: { key: 'feedback.not-equivalent', params: {} } },
          { correct: false, feedback: { key: 'feedback.lost-solution', params: {} } },
        ],
      },
      false,
      ['not-equivalent', 'lost-solution'],
    ],
    [
      'reads a plot console’s feedback',
      { correctAns: false, feedbacks: 'feedback.wrong-slope' },
      false,
      ['wrong-slope'],
    ],
    [
      'reads the choice list’s message',
      { correct: false, feedback: { key: 'feedback.wrong-choice', params: {} } },
      false,
      ['wrong-choice'],
    ],
    [
      'reads the prime factor table’s message',
      {
        correct: false,
        message: { key: 'feedback.divisor-not-prime', params: {} },
        showMathField: false,
        cells: [],
      },
      false,
      ['divisor-not-prime'],
    ],
    [
      'ignores text that is not a feedback key',
      { correctAns: false, feedbacks: 'Intenta de Nuevo!' },
      false,
      [],
    ],
    ['gives none for a table', [{ rIndex: 0, cIndex: 0, correct: false, complete: true }], false, []],
    ['gives none for a right answer', { correctAns: true, feedbacks: 'feedback.well-done' }, true, []],
  ])('%s', (_title, result, correct, expected) => {
    expect(feedbackCodes(result, correct)).toEqual(expected);
  });
});
