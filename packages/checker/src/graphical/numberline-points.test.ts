import { describe, expect, it } from 'vitest';
import { checkNumberlinePoints } from './numberline-points';

describe('checkNumberlinePoints', () => {
  it.each<[string, string, number[], unknown]>([
    ['every number', 'numberline-correct', [-2, 0.5, 3], [3, -2, 0.5]],
    ['every number, one placed twice', 'numberline-correct', [-2, 0.5, 3], [3, 3, -2, 0.5]],
    ['a number off by float noise', 'numberline-correct', [-2, 0.5, 3], [-2, 0.5 + 1e-12, 3]],
    ['a third as the console rounds it', 'numberline-correct', [1 / 3], [0.33333333333]],
    ['a repeated target placed once', 'numberline-correct', [1, 1], [1]],
    ['one number missing', 'numberline-missing-points', [-2, 0.5, 3], [0.5, 3]],
    ['every number plus one', 'numberline-extra-points', [-2, 0.5, 3], [-2, 0.5, 3, 1]],
    ['a wrong number', 'numberline-try-again', [-2, 0.5, 3], [-2, 0.5, 1]],
    ['the sign of a number forgotten', 'numberline-try-again', [-2], [2]],
    ['a third placed at 0.3334', 'numberline-try-again', [1 / 3], [0.3334]],
    ['nothing placed', 'numberline-try-again', [-2, 0.5, 3], []],
    ['a NaN next to every number', 'numberline-extra-points', [-2, 0.5, 3], [NaN, -2, 0.5, 3]],
    ['text instead of numbers', 'numberline-try-again', [1], ['1']],
    ['not a list', 'numberline-try-again', [1], null],
  ])('%s gives %s', (_title, code, points, answer) => {
    const r = checkNumberlinePoints({ points }, answer as number[]);
    expect(r).toEqual({ correctAns: code === 'numberline-correct', feedbacks: `feedback.${code}` });
  });

  it('throws for an empty target', () => {
    expect(() => checkNumberlinePoints({ points: [] }, [1])).toThrow(/numberlinePoints/);
  });
});
