import { describe, expect, it } from 'vitest';
import type { Expr } from './ast';
import { equalComAss, isInForm, type FormName } from './forms';
import { parseLatex } from './parse';

function p(latex: string): Expr {
  const r = parseLatex(latex);
  if (!r.ok) throw new Error(`${latex}: ${r.code}`);
  return r.expr;
}

describe('equalComAss (the default final form: the target up to commutativity and associativity)', () => {
  it.each([
    ['2x+6', '6+2x'],
    ['2x+6', 'x\\cdot2+6'],
    ['x-3', '-3+x'],
    ['3-2x', '-2x+3'],
    ['a-b', '-b+a'],
    ['x+(y+z)', '(x+y)+z'],
    ['(ab)c', 'a(bc)'],
    ['(x+2)(x+3)', '(x+3)(x+2)'],
    ['-2x', '2(-x)'],
    ['-2x', '-(2x)'],
    ['x^{2}+5x+6', '6+5x+x^{2}'],
    ['y=2x+1', '2x+1=y'],
    ['a=b+1', 'b+1=a'],
    ['y=3-x', 'y=-x+3'],
    ['e^{2t}', '\\exp(2t)'],
    ['\\exp\\left(x+1\\right)', 'e^{1+x}'],
    ['\\frac{-a}{b}', '-\\frac{a}{b}'],
    ['\\frac{ab}{c}', '\\frac{ba}{c}'],
    ['\\{3,1,2\\}', '\\{1,2,3\\}'],
    ['0.5x', '.50x'],
    ['x>2', '2<x'],
    ['\\sin(x)+\\cos(x)', '\\cos(x)+\\sin(x)'],
  ])('%s ≡ %s', (a, b) => {
    expect(equalComAss(p(a), p(b))).toBe(true);
  });

  it.each([
    ['2(x+3)', '2x+6'],
    ['4+2', '6'],
    ['2\\cdot3x', '6x'],
    ['x^{2}\\cdot x', 'x^{3}'],
    ['x-(-3)', 'x+3'],
    ['\\frac{6}{4}', '\\frac{3}{2}'],
    ['-1\\cdot2x', '-2x'],
    ['a-(b+c)', 'a-b-c'],
    ['\\frac{a}{bc}', '\\frac{a}{b}\\cdot\\frac{1}{c}'],
    ['x<2', 'x\\le2'],
    ['\\sqrt{4}', '2'],
    ['7.0', '7'],
    ['2.0x', '2x'],
    ['0.5', '\\frac{1}{2}'],
    ['\\frac{p-q}{3}', '\\frac{1}{3}(p-q)'],
    ['\\frac{1}{2}x', '\\frac{x}{2}'],
    ['\\frac{x+1}{2}', '\\frac{1}{2}(x+1)'],
    ['t^{3/6}', 't^{1/2}'],
    ['e^{x}', '\\exp(2x)'],
  ])('%s ≢ %s (no arithmetic is performed)', (a, b) => {
    expect(equalComAss(p(a), p(b))).toBe(false);
  });
});

describe('isInForm', () => {
  it.each<[string, FormName, boolean]>([
    ['(x+2)(x+3)', 'factored', true],
    ['x^{2}+5x+6', 'factored', false],
    ['(2x+4)(x+1)', 'factored', false],
    ['2(x+2)(x+1)', 'factored', true],
    ['x(x^{2}-4)', 'factored', false],
    ['(x^{2}+1)(x-1)', 'factored', true],
    ['x^{2}+2x', 'factored', false],
    ['x(x+2)', 'factored', true],
    ['(x-y)(x+y)', 'factored', true],
    ['x^{2}-y^{2}', 'factored', false],
    ['x^{2}-2', 'factored', true],
    ['x^{4}+4', 'factored', false],
    ['(x^{2}+2x+2)(x^{2}-2x+2)', 'factored', true],
    ['-3(x-1)^{2}', 'factored', true],
    ['(x-1)^{2}(x+1)', 'factored', true],
    ['(x^{2}-1)^{2}', 'factored', false],
    ['\\frac{x+1}{(x-2)(x+3)}', 'factored', true],
    ['x^{3}-1', 'factored', false],
    ['x\\left(x+6+\\frac{9}{x}\\right)', 'factored', false],
    ['x^{2}\\left(1+\\frac{6}{x}+\\frac{9}{x^{2}}\\right)', 'factored', false],
    ['\\left(x+\\frac{1}{2}\\right)(x-1)', 'factored', true],
    ['t^{3/6}', 'lowest_terms', false],
    ['\\frac{x^{\\frac{2}{4}}}{3}', 'lowest_terms', false],
    ['t^{\\frac{1}{2}}', 'lowest_terms', true],
    ['\\frac{3}{1}x', 'lowest_terms', false],
    ['x+1', 'factored', true],
    ['x^{2}+5x+6', 'expanded', true],
    ['(x+2)(x+3)', 'expanded', false],
    ['x^{2}+2x+3x+6', 'expanded', false],
    ['\\frac{x+1}{2}', 'expanded', false],
    ['\\frac{x}{2}+\\frac{1}{2}', 'expanded', true],
    ['(x+1)^{2}', 'expanded', false],
    ['\\frac{1}{x+1}', 'expanded', true],
    ['2\\cdot3x', 'expanded', false],
    ['-(x+1)', 'expanded', true],
    ['\\frac{x+1}{x}', 'single_fraction', true],
    ['1+\\frac{1}{x}', 'single_fraction', false],
    ['\\frac{\\frac{1}{x}}{2}', 'single_fraction', false],
    ['-\\frac{a}{b}', 'single_fraction', true],
    ['x^{2}+1', 'single_fraction', true],
    ['\\frac{x+1}{x^{2}-1}', 'lowest_terms', false],
    ['\\frac{1}{x-1}', 'lowest_terms', true],
    ['\\frac{2x+2}{4}', 'lowest_terms', false],
    ['\\frac{x+1}{2}', 'lowest_terms', true],
    ['\\frac{6}{4}', 'lowest_terms', false],
    ['\\frac{3}{2}', 'lowest_terms', true],
    ['\\frac{xy+y}{y^{2}}', 'lowest_terms', false],
    ['\\frac{1}{x}+1', 'lowest_terms', false],
    ['\\frac{1}{\\sqrt{2}}', 'rationalized_denominator', false],
    ['\\frac{\\sqrt{2}}{2}', 'rationalized_denominator', true],
    ['\\frac{1}{1+\\sqrt{3}}', 'rationalized_denominator', false],
    ['\\frac{\\sqrt{3}-1}{2}', 'rationalized_denominator', true],
    ['\\frac{2}{x^{\\frac{1}{2}}}', 'rationalized_denominator', false],
    ['\\frac{1}{x-1}-\\frac{1}{x+1}', 'partial_fractions', true],
    ['\\frac{2}{x^{2}-1}', 'partial_fractions', false],
    ['\\frac{1}{x}+\\frac{2}{x^{2}}+\\frac{x+1}{x^{2}+1}', 'partial_fractions', true],
    ['\\frac{x}{x-1}', 'partial_fractions', false],
    ['x+1+\\frac{3}{x-2}', 'partial_fractions', true],
    ['\\frac{1}{x-1}+\\frac{2}{x-1}', 'partial_fractions', false],
    ['(x-3)^{2}+2', 'completed_square', true],
    ['2(x+1)^{2}-5', 'completed_square', true],
    ['-\\frac{1}{2}(x-4)^{2}', 'completed_square', true],
    ['x^{2}-6x+11', 'completed_square', false],
    ['(x-3)^{2}+1+1', 'completed_square', false],
    ['(x^{2}-3)^{2}+1', 'completed_square', false],
  ])('%s is %s: %s', (latex, form, expected) => {
    expect(isInForm(p(latex), form)).toBe(expected);
  });

  it('checks the form with respect to the form variable: a(x+1) is factored in x', () => {
    expect(isInForm(p('a(x+1)'), 'factored', 'x')).toBe(true);
    expect(isInForm(p('ax+a'), 'factored', 'x')).toBe(false);
  });
});
