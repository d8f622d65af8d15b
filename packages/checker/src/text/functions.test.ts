import type { FunctionsData } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { checkFunctions } from './functions';

function check(
  functionExpr: string,
  xValue: string | null,
  yValue: string | null,
  lines: string[],
  convertToDegrees = false,
) {
  const data: FunctionsData = { functionExpr, xValue, yValue, convertToDegrees };
  return checkFunctions(
    data,
    lines.map((math) => ({ math })),
  );
}

describe('checkFunctions with xValue: f(xValue)', () => {
  it.each<[string, string, string[]]>([
    ['f(x)=x^{2}+3', '2', ['f(2)=2^{2}+3', '=7']],
    ['f(x)=x^{2}+3', '2', ['7']],
    ['f(x)=x^{2}+3', '2', ['f(2)=7']],
    ['f(x)=x^{2}+3', '2', ['f(x)=x^{2}+3', 'f(2)=4+3=7']],
    ['f(x)=x^{2}+3', '-1', ['f(-1)=(-1)^{2}+3=4']],
    ['g(t)=\\frac{1}{t}', '4', ['g(4)=\\frac{1}{4}']],
    ['f(x)=2x+1', '\\frac{1}{2}', ['2']],
    ['f(x)=\\sqrt{x}', '2', ['\\sqrt{2}']],
    ['f(x)=\\sin(x)', '30', ['\\frac{1}{2}']],
    ['y=3x-1', '2', ['5']],
    ['x^{2}', '3', ['9']],
  ])('%s at %s: %j completes', (f, x, lines) => {
    const r = check(f, x, null, lines, f.includes('sin'));
    expect(r.lines.every((l) => l.correct)).toBe(true);
    expect(r.correct).toBe(true);
  });

  it.each<[string, string, string[], string, number[]]>([
    ['f(x)=x^{2}+3', '2', ['f(2)=2^{2}+3=4+3=8'], 'feedback.wrong-value', [1, 1, 1]],
    ['f(x)=x^{2}+3', '2', ['8'], 'feedback.wrong-value', []],
    ['f(x)=x^{2}+3', '-1', ['f(-1)=-1^{2}+3=2'], 'feedback.sign-error', [1, 0, 0]],
    ['f(x)=x^{2}+3', '2', ['f(2)=2\\cdot2+3'], '', []],
    ['f(x)=\\frac{1}{x}', '3', ['0.333'], 'feedback.rounded-value', []],
  ])('%s at %s: %j is wrong (%s)', (f, x, lines, key, highlight) => {
    const r = check(f, x, null, lines);
    expect(r.correct).toBe(false);
    if (key) expect(r.lines.at(-1)).toMatchObject({ correct: false, feedback: { key }, highlight });
  });

  it('does not complete until the value is a number: f(2) = 14/2', () => {
    const r = check('f(x)=x^{2}+3', '2', null, ['f(2)=\\frac{14}{2}']);
    expect(r.correct).toBe(false);
    expect(r.lines[0]).toMatchObject({
      correct: true,
      feedback: { key: 'feedback.equivalent-not-simplified' },
    });
  });
});

describe('checkFunctions with yValue: every x with f(x) = yValue', () => {
  it.each<[string, string, string[]]>([
    ['f(x)=x^{2}-4', '0', ['x^{2}-4=0', 'x^{2}=4', 'x=\\pm2']],
    ['f(x)=x^{2}-4', '0', ['x=2\\lor x=-2']],
    ['f(x)=x^{2}-4', '0', ['x=2,x=-2']],
    ['f(x)=x^{2}-4', '0', ['x\\in\\left\\lbrace-2,2\\right\\rbrace']],
    ['f(x)=x^{2}-4', '0', ['x_{1}=2', 'x_{2}=-2']],
    ['f(x)=2x+1', '5', ['2x+1=5', '2x=4', 'x=2']],
    ['f(x)=x^{2}+1', '0', ['\\emptyset']],
    ['f(x)=x^{2}-2', '0', ['x=\\pm\\sqrt{2}']],
    ['f(x)=\\frac{x^{2}-1}{x-1}', '2', ['\\emptyset']],
    ['f(x)=2^{x}', '8', ['x=3']],
  ])('%s = %s: %j completes', (f, y, lines) => {
    const r = check(f, null, y, lines);
    expect(r.lines.every((l) => l.correct)).toBe(true);
    expect(r.correct).toBe(true);
  });

  it('says a solution is missing when one is lost', () => {
    const r = check('f(x)=x^{2}-4', null, '0', ['x^{2}=4', 'x=2']);
    expect(r.correct).toBe(false);
    expect(r.lines[1]).toEqual({
      correct: true,
      feedback: { key: 'feedback.missing-solution', params: { count: 1 } },
    });
  });

  it('marks a value that is not a solution, at its place in the line', () => {
    const r = check('f(x)=x^{2}-4', null, '0', ['x=2,x=-3']);
    expect(r.lines[0]).toMatchObject({
      correct: false,
      feedback: { key: 'feedback.not-a-solution', params: { value: '-3' } },
      highlight: [1, 1],
    });
  });

  it('marks an equation that changed the solutions', () => {
    const r = check('f(x)=x^{2}-4', null, '0', ['x^{2}=-4']);
    expect(r.lines[0]).toMatchObject({ correct: false, feedback: { key: 'feedback.wrong-equation' } });
  });

  it('asks to state the solutions when the last line is still an equation', () => {
    const r = check('f(x)=2x+1', null, '5', ['2x+1=5', '2x=4']);
    expect(r.correct).toBe(false);
    expect(r.lines[1]).toEqual({
      correct: true,
      feedback: { key: 'feedback.state-the-solutions', params: {} },
    });
  });

  it('excludes a pole: (x²−1)/(x−1) = 2 has no solution', () => {
    expect(check('f(x)=\\frac{x^{2}-1}{x-1}', null, '2', ['x=1']).lines[0]!.correct).toBe(false);
  });

  it('never throws on unreadable lines', () => {
    const r = check('f(x)=x^{2}', null, '4', ['\\frac{', 'x=']);
    expect(r.lines.map((l) => l.correct)).toEqual([false, false]);
  });
});
