import type { EquationOfALineData } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { checkEquationOfALine } from './equation-of-a-line';

const DATA: EquationOfALineData = {
  x1: '1',
  y1: '3',
  x2: '3',
  y2: '7',
  xSymbol: 'x',
  ySymbol: 'y',
  mSymbol: 'm',
  bSymbol: 'b',
  mGiven: false,
  bGiven: false,
  findM: true,
  findB: true,
  findEquation: true,
};

function check(lines: string[], extra: Partial<EquationOfALineData> = {}) {
  return checkEquationOfALine(
    { ...DATA, ...extra },
    lines.map((math) => ({ math })),
  );
}

describe('checkEquationOfALine: through (1, 3) and (3, 7), m = 2 and b = 1', () => {
  it.each<[string[], Partial<EquationOfALineData>]>([
    [['m=\\frac{7-3}{3-1}=2', 'b=3-2\\cdot1=1', 'y=2x+1'], {}],
    [['m=\\frac{y_{2}-y_{1}}{x_{2}-x_{1}}', 'm=2', '3=2\\cdot1+b', 'b=1', 'y-3=2(x-1)'], {}],
    [['m=2', 'b=1', '2x-y+1=0'], {}],
    [['y=2x+1'], { findM: false, findB: false }],
    [['y-7=2(x-3)'], { findM: false, findB: false }],
    [['\\frac{y-3}{x-1}=2'], { findM: false, findB: false }],
    [['m=2'], { findB: false, findEquation: false }],
    [['b=1'], { findM: false, findEquation: false }],
    [['y=mx+b', 'm=2', 'b=1', 'y=2x+1'], {}],
  ])('%j completes', (lines, extra) => {
    const r = check(lines, extra);
    expect(r.lines.every((l) => l.correct)).toBe(true);
    expect(r.correct).toBe(true);
  });

  it.each<[string, string, number[]]>([
    ['m=\\frac{1}{2}', 'feedback.slope-inverted', [1]],
    ['m=-2', 'feedback.sign-error', [1]],
    ['m=3', 'feedback.wrong-slope', [1]],
    ['m=\\frac{7-3}{3+1}', 'feedback.sign-error', [1, 1, 1]],
    ['b=2', 'feedback.wrong-intercept', [1]],
    ['y=2x+3', 'feedback.wrong-intercept', []],
    ['y=3x', 'feedback.line-through-one-point', []],
    ['y=4x+1', 'feedback.wrong-slope', []],
    ['y=x^{2}+1', 'feedback.wrong-line-equation', []],
    ['y=5x+8', 'feedback.wrong-line-equation', []],
  ])('%s is wrong: %s at %j', (line, key, highlight) => {
    const r = check([line]);
    expect(r.correct).toBe(false);
    expect(r.lines[0]).toMatchObject({ correct: false, feedback: { key }, highlight });
  });

  it('says what is still missing when the lines are right but not all items are there', () => {
    const r = check(['m=2', 'b=1']);
    expect(r.correct).toBe(false);
    expect(r.lines[1]).toEqual({
      correct: true,
      feedback: { key: 'feedback.line-incomplete', params: { missing: 'y(x)' } },
    });
  });

  it('does not take m = 4/2 as the final slope', () => {
    expect(check(['m=\\frac{4}{2}'], { findB: false, findEquation: false }).correct).toBe(false);
  });

  it('handles a vertical line: x = 2 through (2, 1) and (2, 5)', () => {
    const r = check(['x=2'], { x1: '2', y1: '1', x2: '2', y2: '5', findM: false, findB: false });
    expect(r.correct).toBe(true);
  });

  it('throws for a malformed problem: the slope of a vertical line', () => {
    expect(() => check(['m=0'], { x1: '2', y1: '1', x2: '2', y2: '5' })).toThrow(/malformed problem/);
  });

  it('uses the problem symbols: p for the slope, t and s for the axes', () => {
    const r = check(['p=2', 's=2t+1'], { mSymbol: 'p', xSymbol: 't', ySymbol: 's', findB: false });
    expect(r.correct).toBe(true);
  });
});
