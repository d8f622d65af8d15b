import type { TextCheckResult } from '@kib/checker';
import type { TextAnswer } from '@kib/core';
import type { MathConsoleData } from './math-console.types';

/** A simplify with its starting expression: the console the tests and stories show by default. */
export const simplify: MathConsoleData = { mathType: 'simplify', startingExpression: '2(x+3)+x^2-x+1' };

/** A saved answer of three lines to `simplify`; the second is wrong (`5x` where `x` belongs). */
export const saved: TextAnswer = [
  { math: '2x+6+x^2-x+1', solNum: 0 },
  { math: 'x^2+5x+7', solNum: 0 },
  { math: 'x^2+x+7', solNum: 0 },
];

/** The feedback on `saved`: its second line wrong (a sign error), `5x` boxed. */
export const wrongSecond: TextCheckResult = {
  correct: false,
  lines: [
    { correct: true },
    {
      correct: false,
      feedback: { key: 'feedback.sign-error', params: {} },
      highlight: [1],
      highlightRange: [4, 6],
      highlightLatex: '5x',
    },
    { correct: true },
  ],
};
