import type { Interval } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { checkIntervals } from './intervals';

type End = number | 'minusInf' | 'inf';
/** iv('(', 1, 3, ']') is the interval (1, 3]. */
const iv = (l: '(' | '[', a: End, b: End, r: ')' | ']'): Interval => [
  { open: l === '(', value: a },
  { open: r === ')', value: b },
];

const splitLine = [iv('(', 'minusInf', -2, ')'), iv('[', 3, 'inf', ')')];
const closed = [iv('[', 0, 5, ']')];
const punctured = [iv('(', 0, 2, ')'), iv('(', 2, 5, ')')];

describe('checkIntervals', () => {
  it.each<[string, string, Interval[], unknown[]]>([
    ['the exact set', 'intervals-correct', splitLine, splitLine],
    ['the exact set in the other order', 'intervals-correct', splitLine, [...splitLine].reverse()],
    ['the first interval only', 'intervals-continue', splitLine, [splitLine[0]]],
    ['the second interval only', 'intervals-continue', splitLine, [splitLine[1]]],
    [
      'a closed end where it is open',
      'intervals-check-brackets',
      splitLine,
      [iv('(', 'minusInf', -2, ']'), splitLine[1]],
    ],
    [
      'an open end where it is closed',
      'intervals-check-brackets',
      splitLine,
      [splitLine[0], iv('(', 3, 'inf', ')')],
    ],
    [
      'swapped brackets on both intervals',
      'intervals-check-brackets',
      splitLine,
      [iv('(', 'minusInf', -2, ']'), iv('(', 3, 'inf', ')')],
    ],
    [
      'a closed bracket at minus infinity',
      'intervals-check-brackets',
      splitLine,
      [iv('[', 'minusInf', -2, ')'), splitLine[1]],
    ],
    [
      'a closed bracket at infinity',
      'intervals-check-brackets',
      splitLine,
      [splitLine[0], iv('[', 3, 'inf', ']')],
    ],
    [
      'a wrong bracket before the rest is added',
      'intervals-check-brackets',
      splitLine,
      [iv('(', 'minusInf', -2, ']')],
    ],
    [
      'an interval that leaves the set',
      'intervals-incorrect-interval',
      splitLine,
      [iv('(', 'minusInf', 0, ')')],
    ],
    [
      'an interval inside the set but stopping short',
      'intervals-incorrect-interval',
      splitLine,
      [iv('(', 'minusInf', -3, ')')],
    ],
    ['the complement', 'intervals-incorrect-interval', splitLine, [iv('[', -2, 3, ')')]],
    [
      'a right interval plus a wrong one',
      'intervals-incorrect-interval',
      splitLine,
      [splitLine[0], iv('[', 0, 1, ']')],
    ],
    ['the whole line', 'intervals-incorrect-interval', splitLine, [iv('(', 'minusInf', 'inf', ')')]],
    [
      'a right set plus an overlapping piece',
      'intervals-simplify',
      splitLine,
      [...splitLine, iv('[', 5, 6, ']')],
    ],
    [
      'a piece split at a closed point',
      'intervals-simplify',
      splitLine,
      [splitLine[0], iv('[', 3, 5, ']'), iv('[', 5, 'inf', ')')],
    ],
    [
      'a piece split at an open point',
      'intervals-check-brackets',
      splitLine,
      [splitLine[0], iv('[', 3, 5, ')'), iv('(', 5, 'inf', ')')],
    ],
    [
      'an unmerged pair touching at a closed end',
      'intervals-simplify',
      splitLine,
      [iv('(', 'minusInf', -5, ')'), iv('[', -5, -2, ')'), splitLine[1]],
    ],
    ['a degenerate interval', 'intervals-degenerate', splitLine, [iv('[', 2, 2, ']')]],
    [
      'an interval given right to left',
      'intervals-continue',
      splitLine,
      [
        [
          { open: true, value: -2 },
          { open: true, value: 'minusInf' },
        ],
      ],
    ],
    ['an unmerged overlap', 'intervals-simplify', closed, [iv('[', 0, 3, ']'), iv('[', 2, 5, ']')]],
    ['an unmerged touch', 'intervals-simplify', closed, [iv('[', 0, 3, ']'), iv('[', 3, 5, ']')]],
    ['a touch with one closed side', 'intervals-simplify', closed, [iv('[', 0, 3, ')'), iv('[', 3, 5, ']')]],
    [
      'a hole left at the touching point',
      'intervals-check-brackets',
      closed,
      [iv('[', 0, 3, ')'), iv('(', 3, 5, ']')],
    ],
    ['the same interval twice', 'intervals-simplify', closed, [closed[0], closed[0]]],
    ['open where closed', 'intervals-check-brackets', closed, [iv('(', 0, 5, ')')]],
    ['a sub-interval', 'intervals-incorrect-interval', closed, [iv('[', 1, 4, ']')]],
    ['a punctured set', 'intervals-correct', punctured, punctured],
    ['a punctured set written whole', 'intervals-check-brackets', punctured, [iv('(', 0, 5, ')')]],
    ['one piece of a punctured set', 'intervals-continue', punctured, [punctured[0]]],
    [
      'a punctured set with a closed hole',
      'intervals-check-brackets',
      punctured,
      [iv('(', 0, 2, ']'), punctured[1]],
    ],
    ['nothing', 'intervals-try-again', splitLine, []],
    ['nothing for the empty set', 'intervals-correct', [], []],
    ['an interval for the empty set', 'intervals-incorrect-interval', [], [closed[0]]],
  ])('%s gives %s', (_title, code, intervals, answer) => {
    const r = checkIntervals({ intervals }, answer as Interval[]);
    expect(r).toEqual({ correctAns: code === 'intervals-correct', feedbacks: `feedback.${code}` });
  });

  it.each<[string, unknown]>([
    [
      'a bracket whose open flag is text',
      [
        [
          { open: 'yes', value: 1 },
          { open: true, value: 3 },
        ],
      ],
    ],
    [
      'a NaN end',
      [
        [
          { open: true, value: NaN },
          { open: true, value: 3 },
        ],
      ],
    ],
    ['a single bracket', [[{ open: true, value: 1 }]]],
    [
      'an unknown end',
      [
        [
          { open: true, value: 'minusInfinity' },
          { open: true, value: 3 },
        ],
      ],
    ],
    ['not a list of intervals', ['(1,3)']],
  ])('answers %s as an incorrect interval', (_title, answer) => {
    expect(checkIntervals({ intervals: splitLine }, answer as Interval[]).feedbacks).toBe(
      'feedback.intervals-incorrect-interval',
    );
  });

  it('throws for a target with a closed infinite end', () => {
    expect(() => checkIntervals({ intervals: [iv('[', 'minusInf', 2, ')')] }, [])).toThrow(/intervals/);
  });
});
