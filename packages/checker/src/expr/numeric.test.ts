import { describe, expect, it } from 'vitest';
import { compileFloat, evaluateFloat, numericValue } from './numeric';
import { parseLatex } from './parse';

const ev = (latex: string, env: Record<string, number> = {}, degrees = false) => {
  const r = parseLatex(latex);
  if (!r.ok) throw new Error(latex);
  return evaluateFloat(r.expr, env, { degrees });
};

describe('evaluateFloat', () => {
  it.each([
    ['2x+5', { x: 3 }, 11],
    ['\\frac{x^{2}-1}{x-1}', { x: 3 }, 4],
    ['2\\left(x+3\\right)', { x: 1 }, 8],
    ['\\sqrt[3]{-8}', {}, -2],
    ['\\left(-8\\right)^{\\frac{1}{3}}', {}, -2],
    ['\\log_{2}8', {}, 3],
    ['\\ln e', {}, 1],
    ['|x-5|', { x: 2 }, 3],
    ['3!', {}, 6],
  ])('%s at %j is %d', (latex, env, value) => {
    expect(ev(latex, env)).toBeCloseTo(value, 10);
  });

  it('reads trigonometry in degrees when asked', () => {
    expect(ev('\\sin 30', {}, true)).toBeCloseTo(0.5, 12);
    expect(ev('\\sin 30^{\\circ}', {}, false)).toBeCloseTo(0.5, 12);
    expect(ev('\\sin\\frac{\\pi}{6}')).toBeCloseTo(0.5, 12);
  });

  it.each([
    '\\frac{1}{x}',
    '\\sqrt{x-1}',
    '\\ln x',
    '\\tan\\left(\\frac{\\pi}{2}\\right)',
    '10^{10^{10^{10}}}',
    'y',
  ])('%s is NaN where undefined or runaway', (latex) => {
    expect(ev(latex, { x: 0 }, false)).toBeNaN();
  });
});

describe('numericValue', () => {
  it.each([
    ['-3', -3],
    ['\\frac{1}{2}', 0.5],
    ['2\\pi', 2 * Math.PI],
    ['0.25', 0.25],
  ])('%s → %d', (latex, v) => {
    expect(numericValue(latex)).toBeCloseTo(v, 12);
  });

  it('is null for variables and garbage', () => {
    expect(numericValue('x+1')).toBeNull();
    expect(numericValue('\\frac{1}{')).toBeNull();
  });
});

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
