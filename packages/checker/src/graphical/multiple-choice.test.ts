import { describe, expect, it } from 'vitest';
import { checkMultipleChoice } from './multiple-choice';

const single = [
  { id: 11, correct: false },
  { id: 12, correct: true },
  { id: 13, correct: false },
];
const several = [
  { id: 21, correct: true },
  { id: 22, correct: false },
  { id: 23, correct: true },
  { id: 24, correct: true },
];

describe('checkMultipleChoice', () => {
  it.each<[string, string, { id: number; correct: boolean }[], unknown, Record<string, number>]>([
    ['the one correct choice', 'choice-correct', single, [12], {}],
    ['a wrong choice', 'choice-wrong', single, [11], {}],
    ['a wrong choice plus the right one', 'choice-wrong', single, [12, 13], {}],
    ['nothing', 'choice-none-selected', single, [], {}],
    ['every correct choice', 'choice-correct', several, [24, 21, 23], {}],
    ['two of three correct choices', 'choice-incomplete', several, [21, 23], { missing: 1 }],
    ['one of three correct choices', 'choice-incomplete', several, [24], { missing: 2 }],
    ['every correct choice and a wrong one', 'choice-wrong', several, [21, 22, 23, 24], {}],
    ['every choice', 'choice-wrong', several, [21, 22, 23, 24], {}],
    ['an id that is not a choice', 'choice-wrong', single, [99], {}],
    ['an id sent as text', 'choice-wrong', single, ['12'], {}],
    ['the same id twice', 'choice-correct', single, [12, 12], {}],
    ['not a list', 'choice-none-selected', single, 12, {}],
  ])('%s gives %s', (_title, code, choices, answer, params) => {
    expect(checkMultipleChoice({ choices }, answer as number[])).toEqual({
      correct: code === 'choice-correct',
      feedback: { key: `feedback.${code}`, params },
    });
  });

  it('throws when no choice is correct', () => {
    expect(() => checkMultipleChoice({ choices: [{ id: 1, correct: false }] }, [1])).toThrow(
      /multipleChoice/,
    );
  });
});
