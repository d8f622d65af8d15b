import { describe, expect, it } from 'vitest';
import { equalComAss } from './forms';
import { toLatex } from './latex';
import { parseLatex } from './parse';

describe('toLatex', () => {
  it.each([
    ['2\\left(x+3\\right)+1', '2\\left(x+3\\right)+1'],
    ['\\frac{x^{2}-1}{x-1}', '\\frac{x^{2}-1}{x-1}'],
    ['x-\\left(-3\\right)', 'x-\\left(-3\\right)'],
    ['2\\pi x', '2\\pi x'],
    ['\\sqrt[3]{x}', '\\sqrt[3]{x}'],
    ['x=\\pm 2', 'x=\\pm 2'],
    ['3!', '3!'],
    ['30^{\\circ}', '30^{\\circ}'],
    ['-2\\cdot 3', '-2\\cdot 3'],
  ])('writes %s as %s', (latex, out) => {
    const r = parseLatex(latex);
    expect(r.ok && toLatex(r.expr)).toBe(out);
  });

  it.each([
    '\\sin\\left(x\\right)^{2}',
    '\\log_{2}8',
    '\\left|x-1\\right|',
    'e^{x}+\\ln\\left(x\\right)',
    '\\left(x+1\\right)\\left(x-1\\right)',
    'x^{-2}\\cdot y',
    'x\\le 3',
    '\\left[0,2\\pi\\right)',
  ])('round-trips %s up to grouping', (latex) => {
    const r = parseLatex(latex);
    if (!r.ok) throw new Error(latex);
    const back = parseLatex(toLatex(r.expr));
    expect(back.ok && equalComAss(back.expr, r.expr)).toBe(true);
  });
});
