import { describe, expect, it } from 'vitest';
import { checkSolve } from './check-solve';
import { answerOf, solveData, summarize, SOLVE_CASES, type SolveCase } from './solve.fixtures';

describe('checkSolve corpus', () => {
  it('has at least 150 cases', () => {
    expect(SOLVE_CASES.length).toBeGreaterThanOrEqual(150);
  });

  it.each(SOLVE_CASES.map((k) => [k.title, k] as [string, SolveCase]))('%s', (_title, k) => {
    const r = checkSolve(solveData(k.start, k.opts), answerOf(k.lines));
    expect({ lines: summarize(r), correct: r.correct }).toEqual({ lines: k.expect, correct: k.correct });
  });
});

describe('checkSolve feedback parameters', () => {
  it.each<[string, string, string[], number, string, Record<string, string>]>([
    ['dividing by x names the lost root', 'x^{2}=3x', ['x=3'], 0, 'lost-solution', { value: 'x = 0' }],
    [
      'squaring names the extra root',
      '\\sqrt{x+2}=x',
      ['x+2=x^{2}'],
      0,
      'gained-solutions',
      { value: 'x = -1' },
    ],
    [
      'a root taken without ± names the lost root',
      '(x-1)^{2}=4',
      ['x-1=2'],
      0,
      'lost-solution',
      { value: 'x = -1' },
    ],
    [
      'a kept extraneous root is named',
      '\\sqrt{x+2}=x',
      ['x+2=x^{2}', 'x=2, x=-1'],
      1,
      'extraneous-solution',
      { value: 'x = -1' },
    ],
    ['a wrong value is named', 'x^{2}-5x+6=0', ['x=2, x=4'], 0, 'wrong-solution', { value: 'x = 4' }],
    [
      'a lost interval is named',
      '\\frac{1}{x}<2',
      ['1<2x'],
      0,
      'lost-solution',
      { value: 'x \\in (-\\infty, 0)' },
    ],
    [
      'a value outside the interval is named',
      '2\\sin x=1',
      ['x=30 \\lor x=150 \\lor x=390'],
      0,
      'outside-interval',
      { value: 'x = 390' },
    ],
    [
      'a lost irrational root is exact',
      'x^{2}=2',
      ['x=\\sqrt{2}'],
      0,
      'lost-solution',
      { value: 'x = -\\sqrt{2}' },
    ],
  ])('%s', (_t, start, lines, index, code, params) => {
    const opts = start.includes('\\sin') ? { degrees: true, interval: '[0,360)' } : undefined;
    const r = checkSolve(solveData(start, opts), answerOf(lines));
    expect(r.lines[index]?.feedback).toEqual({ key: `feedback.${code}`, params });
  });

  it('sends keys under the feedback namespace only', () => {
    for (const k of SOLVE_CASES) {
      const r = checkSolve(solveData(k.start, k.opts), answerOf(k.lines));
      for (const l of r.lines) if (l.feedback) expect(l.feedback.key).toMatch(/^feedback\.[a-z-]+$/);
    }
  });
});

describe('checkSolve: a letter the student introduces is tried at 0', () => {
  it.each<[string, string[], string]>([
    ['2x=6', ['2ax=6a'], 'bad:gained-solutions'],
    ['x=y', ['ax=ay'], 'bad:gained-solutions'],
    ['y=2x-5', ['yz=2xz-5z'], 'bad:gained-solutions'],
    ['x+y=3', ['xz+yz=3z'], 'bad:gained-solutions'],
    ['x^{2}=4', ['cx^{2}=4c'], 'bad:gained-solutions'],
    ['3x-1=2', ['(3x-1)m^{2}=2m^{2}'], 'bad:gained-solutions'],
  ])('%s to %j', (start, lines, first) => {
    const r = checkSolve(solveData(start), answerOf(lines));
    expect(summarize(r)[0]).toBe(first);
    expect(r.correct).toBe(false);
  });

  it.each<[string, string[]]>([
    // A letter that changes nothing where it is 0 is no mistake.
    ['2x=6', ['2x+a=6+a', 'x=3']],
    ['2x=6', ['2x(a^{2}+1)=6(a^{2}+1)', 'x=3']],
    ['ax=b', ['x=\\frac{b}{a}']],
  ])('keeps %s to %j', (start, lines) => {
    const r = checkSolve(solveData(start), answerOf(lines));
    expect(summarize(r).every((l) => l.startsWith('ok'))).toBe(true);
    expect(r.correct).toBe(true);
  });
});
