import { describe, expect, it } from 'vitest';
import { check } from './index';
import { BASE } from './text/text.fixtures';
import { solveData } from './solve/solve.fixtures';

describe('highlighted part of a wrong line', () => {
  const data = { ...BASE, startingExpression: '2(x+3)+x^2-x+1', target: 'x^2+x+7' };
  it('comes with its LaTeX beside the path', () => {
    const r = check({ mathType: 'simplify', data, answer: [{ math: 'x^2+5x+7' }] });
    expect(r.lines[0]).toMatchObject({ correct: false, highlight: [1], highlightLatex: '5x' });
  });
  it('carries the range of the part in the line, not the first equal text', () => {
    // The constant term is wrong; the first "2" of the line is the exponent.
    const square = { ...BASE, startingExpression: '(x+1)^{2}', target: 'x^{2}+2x+1' };
    const r = check({ mathType: 'simplify', data: square, answer: [{ math: 'x^{2}+2x+2' }] });
    expect(r.lines[0]).toMatchObject({ highlight: [2], highlightRange: [9, 10], highlightLatex: '2' });
  });
  it('is absent when nothing is highlighted', () => {
    const r = check({ mathType: 'simplify', data, answer: [{ math: '2x+3' }] });
    expect(r.lines[0]).not.toHaveProperty('highlightLatex');
  });
});

describe('highlight ranges of solve lines', () => {
  const solve = (start: string, lines: string[]) =>
    check({ mathType: 'solve', data: solveData(start), answer: lines.map((math) => ({ math })) }).lines;

  it.each<[string, string, string, [number, number], string]>([
    ['the moved term, not the equal coefficient before it', '2x+2=6', '2x=6+2', [5, 6], '2'],
    ['a term of the second step of a chained line', 'x+4>1', 'x+4>1 \\Rightarrow x>1+4', [22, 23], '4'],
    ['a line with spaces the reader removes', 'x+4=1', 'x \\, = \\, 1+4', [12, 13], '4'],
    ['a line in a system', '\\begin{cases}x-y=1\\\\x+y=5\\end{cases}', 'y=x+1', [4, 5], '1'],
  ])('%s', (_title, start, line, range, part) => {
    const [fb] = solve(start, [line]);
    expect(fb).toMatchObject({ correct: false, highlightRange: range, highlightLatex: part });
    expect(line.slice(range[0], range[1])).toBe(part);
  });

  it('has no range for a part the line continues from the line before', () => {
    const fb = solve('x+4=1', ['x+4-4=1-4', '=1+4'])[1]!;
    expect(fb.correct).toBe(false);
    expect(fb.highlightRange).toBeUndefined();
  });
});
