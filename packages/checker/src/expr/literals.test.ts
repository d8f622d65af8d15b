import { describe, expect, it } from 'vitest';
import { isNumberLiteral, rationalToExpr } from './literals';
import { parseLatex } from './parse';
import * as Q from './rational';

const tree = (latex: string) => {
  const r = parseLatex(latex);
  if (!r.ok) throw new Error(latex);
  return r.expr;
};

describe('rationalToExpr', () => {
  it.each([
    ['3', Q.rat(3)],
    ['-3', Q.rat(-3)],
    ['\\frac{1}{3}', Q.rat(1, 3)],
    ['-\\frac{1}{3}', Q.rat(-1, 3)],
  ])('writes the rational %s as its tree', (latex, r) => {
    expect(rationalToExpr(r)).toEqual(tree(latex));
  });
});

describe('isNumberLiteral', () => {
  it.each<[string, boolean, boolean]>([
    ['7', true, true],
    ['-2.5', true, true],
    ['\\frac{3}{4}', true, true],
    ['-\\frac{3}{4}', true, true],
    ['\\frac{6}{8}', false, false],
    ['\\frac{3}{1}', false, true],
    ['2+1', false, false],
    ['\\frac{x}{2}', false, false],
  ])('%s is a final number: %s (any denominator: %s)', (latex, final, anyDenominator) => {
    expect(isNumberLiteral(tree(latex))).toBe(final);
    expect(isNumberLiteral(tree(latex), 0)).toBe(anyDenominator);
  });
});
