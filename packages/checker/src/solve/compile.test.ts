import { describe, expect, it } from 'vitest';
import { evaluateFloat } from '../expr/numeric';
import { parseLatex } from '../expr/parse';
import { compileFloat } from './compile';

const LINES = [
  '2x+3',
  '\\frac{x^{2}-1}{x-1}',
  '\\sqrt{x+2}-x',
  '\\left|x-1\\right|',
  '2^{x}-8',
  '\\log_{2}x',
  '\\ln(x)+e^{x}',
  '\\sin x+\\cos x-\\tan x',
  '\\sqrt[3]{x}',
  'x^{\\frac{2}{3}}',
  '\\frac{1}{\\sin x}',
  '\\arcsin(x)+\\arctan x',
  'a x^{2}+\\pi',
  '30^{\\circ}+x',
];

describe('compileFloat', () => {
  it.each([false, true])('agrees with evaluateFloat on every sample point (degrees: %s)', (degrees) => {
    for (const latex of LINES) {
      const r = parseLatex(latex);
      if (!r.ok) throw new Error(latex);
      const f = compileFloat(r.expr, 'x', { a: 2 }, degrees);
      for (let i = -40; i <= 40; i++) {
        const x = i * 0.37;
        const expected = evaluateFloat(r.expr, { x, a: 2 }, { degrees });
        const got = f(x);
        if (Number.isNaN(expected)) expect(got, `${latex} at ${x}`).toBeNaN();
        else expect(got, `${latex} at ${x}`).toBeCloseTo(expected, 9);
      }
    }
  });
});
