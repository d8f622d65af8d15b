import { describe, expect, it } from 'vitest';
import { check } from './index';
import { BASE } from './text/text.fixtures';

describe('highlighted part of a wrong line', () => {
  const data = { ...BASE, startingExpression: '2(x+3)+x^2-x+1', target: 'x^2+x+7' };
  it('comes with its LaTeX beside the path', () => {
    const r = check({ mathType: 'simplify', data, answer: [{ math: 'x^2+5x+7' }] });
    expect(r.lines[0]).toMatchObject({ correct: false, highlight: [1], highlightLatex: '5x' });
  });
  it('is absent when nothing is highlighted', () => {
    const r = check({ mathType: 'simplify', data, answer: [{ math: '2x+3' }] });
    expect(r.lines[0]).not.toHaveProperty('highlightLatex');
  });
});
