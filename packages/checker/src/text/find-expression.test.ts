import type { FindExpressionData } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { checkFindExpression } from './find-expression';

function check(definingEquation: string, unknownVariable: string, targetExpression: string, lines: string[]) {
  const data: FindExpressionData = {
    definingEquation,
    unknownVariable,
    targetExpression,
    constant: [],
    convertToDegrees: false,
  };
  return checkFindExpression(
    data,
    lines.map((math) => ({ math })),
  );
}

describe('checkFindExpression', () => {
  it.each<[string, string, string, string[]]>([
    ['A=\\frac{1}{2}bh', 'h', '\\frac{2A}{b}', ['2A=bh', 'h=\\frac{2A}{b}']],
    ['A=\\frac{1}{2}bh', 'h', '\\frac{2A}{b}', ['\\frac{2A}{b}=h']],
    ['A=\\pi r^{2}', 'r', '\\sqrt{\\frac{A}{\\pi}}', ['r^{2}=\\frac{A}{\\pi}', 'r=\\sqrt{\\frac{A}{\\pi}}']],
    ['A=\\pi r^{2}', 'r', '\\sqrt{\\frac{A}{\\pi}}', ['r=\\frac{\\sqrt{A}}{\\sqrt{\\pi}}']],
    ['v=u+at', 't', '\\frac{v-u}{a}', ['v-u=at', 't=\\frac{v-u}{a}']],
    ['F=\\frac{9}{5}C+32', 'C', '\\frac{5}{9}(F-32)', ['F-32=\\frac{9}{5}C', 'C=\\frac{5(F-32)}{9}']],
    ['y=mx+b', 'x', '\\frac{y-b}{m}', ['y-b=mx', 'x=\\frac{y-b}{m}']],
  ])('%s for %s: %j completes', (eq, v, target, lines) => {
    const r = check(eq, v, target, lines);
    expect(r.lines.every((l) => l.correct)).toBe(true);
    expect(r.correct).toBe(true);
  });

  it.each<[string, string, string, string[], string]>([
    ['A=\\frac{1}{2}bh', 'h', '\\frac{2A}{b}', ['A=bh'], 'feedback.relation-not-kept'],
    ['A=\\frac{1}{2}bh', 'h', '\\frac{2A}{b}', ['h=\\frac{A}{2b}'], 'feedback.coefficient-wrong'],
    ['v=u+at', 't', '\\frac{v-u}{a}', ['v+u=at'], 'feedback.relation-not-kept'],
    ['v=u+at', 't', '\\frac{v-u}{a}', ['t=\\frac{v+u}{a}'], 'feedback.sign-error'],
    ['A=\\pi r^{2}', 'r', '\\sqrt{\\frac{A}{\\pi}}', ['r=\\frac{A}{\\pi}'], 'feedback.wrong-expression'],
    ['A=\\pi r^{2}', 'r', '\\sqrt{\\frac{A}{\\pi}}', ['r^{2}=A-\\pi'], 'feedback.relation-not-kept'],
  ])('%s for %s: %j is wrong (%s)', (eq, v, target, lines, key) => {
    const r = check(eq, v, target, lines);
    expect(r.correct).toBe(false);
    expect(r.lines.at(-1)).toMatchObject({ correct: false, feedback: { key } });
  });

  it('asks to isolate the unknown when only the expression is written', () => {
    const r = check('A=\\frac{1}{2}bh', 'h', '\\frac{2A}{b}', ['\\frac{2A}{b}']);
    expect(r.correct).toBe(false);
    expect(r.lines[0]).toEqual({ correct: true, feedback: { key: 'feedback.not-isolated', params: {} } });
  });

  it('throws for a malformed problem: the defining relation is not an equation', () => {
    expect(() => check('bh', 'h', 'h', ['h=h'])).toThrow(/malformed problem/);
  });
});
