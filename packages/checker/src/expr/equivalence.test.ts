import { describe, expect, it } from 'vitest';
import type { Expr } from './ast';
import { equivalent, equivalentLatex, substitutionsFrom, type EquivalenceContext } from './equivalence';
import { parseLatex } from './parse';

function p(latex: string, functions?: string[]): Expr {
  const r = parseLatex(latex, { functions });
  if (!r.ok) throw new Error(`${latex}: ${r.code}`);
  return r.expr;
}

function verdict(a: string, b: string, ctx: EquivalenceContext = {}, functions?: string[]): string {
  return equivalent(p(a, functions), p(b, functions), ctx).verdict;
}

describe('equivalent: rational expressions, decided exactly', () => {
  it.each([
    ['2(x+3)', '2x+6'],
    ['2(x+3)', '6+2x'],
    ['(x+1)^{2}', 'x^{2}+2x+1'],
    ['(x-1)(x+1)', 'x^{2}-1'],
    ['(a+b)^{3}', 'a^{3}+3a^{2}b+3ab^{2}+b^{3}'],
    ['x^{2}\\cdot x^{3}', 'x^{5}'],
    ['\\frac{x^{6}}{x^{2}}', 'x^{4}'],
    ['(x^{2})^{3}', 'x^{6}'],
    ['x^{-2}', '\\frac{1}{x^{2}}'],
    ['\\frac{1}{2}+\\frac{1}{3}', '\\frac{5}{6}'],
    ['\\frac{a}{b}+\\frac{c}{d}', '\\frac{ad+bc}{bd}'],
    ['\\frac{1}{x}+\\frac{1}{y}', '\\frac{x+y}{xy}'],
    ['\\frac{x^{2}-1}{x-1}', 'x+1'],
    ['\\frac{x^{2}-5x+6}{x-2}', 'x-3'],
    ['\\frac{x}{x}', '1'],
    ['0.5x', '\\frac{x}{2}'],
    ['0.25', '\\frac{1}{4}'],
    ['1.5\\times10^{3}', '1500'],
    ['-(x-3)', '3-x'],
    ['-3(x-2)', '-3x+6'],
    ['(x-y)^{2}', '(y-x)^{2}'],
    ['\\frac{-a}{b}', '-\\frac{a}{b}'],
    ['\\frac{a}{-b}', '-\\frac{a}{b}'],
    ['2^{10}', '1024'],
    ['2^{100}', '1267650600228229401496703205376'],
    ['(x-a)^{6000}', '-(a-x)^{5999}(x-a)'],
    ['(x+1)^{5000}(x+1)', '(x+1)^{5001}'],
    ['10^{10^{10^{10}}}', '10^{10^{10^{10}}}'],
    ['\\frac{3}{4}x-\\frac{1}{4}x', '\\frac{x}{2}'],
    ['(2x+1)(3x-2)', '6x^{2}-x-2'],
    ['x^{3}-8', '(x-2)(x^{2}+2x+4)'],
    ['\\frac{2x+4}{2}', 'x+2'],
    ['\\frac{1}{\\frac{1}{x}}', 'x'],
    ['|-3|', '3'],
    ['3!', '6'],
  ])('%s equals %s', (a, b) => {
    expect(verdict(a, b)).toBe('equivalent');
  });

  it.each([
    ['2(x+3)', '2x+5'],
    ['2(x+3)', '2x+3'],
    ['(x+1)^{2}', 'x^{2}+1'],
    ['x^{2}\\cdot x^{3}', 'x^{6}'],
    ['(x^{2})^{3}', 'x^{5}'],
    ['\\frac{1}{2}+\\frac{1}{3}', '\\frac{2}{5}'],
    ['\\frac{a}{b}+\\frac{c}{d}', '\\frac{a+c}{b+d}'],
    ['0.333333', '\\frac{1}{3}'],
    ['0.333333x', '\\frac{x}{3}'],
    ['0.3333333333333333', '\\frac{1}{3}'],
    ['-(x-3)', '-x-3'],
    ['(x-a)^{6000}', '(a-x)^{5999}(x-a)'],
    ['(x+1)^{5000}', '(x+1)^{5001}'],
    ['10^{10^{10^{10}}}', '10^{10^{10^{10}}}+1'],
    ['2^{100}', '1267650600228229401496703205377'],
    ['x^{2}-1', '(x-1)^{2}'],
    ['\\frac{x+1}{x+2}', '\\frac{1}{2}'],
    ['\\frac{x}{y}', '\\frac{y}{x}'],
    ['a-b', 'b-a'],
    ['xy', 'x+y'],
    ['x^{3}-8', '(x-2)^{3}'],
    ['\\frac{x^{2}+x}{x}', 'x'],
  ])('%s differs from %s', (a, b) => {
    expect(verdict(a, b)).toBe('different');
  });

  it('gives a real point where the two differ', () => {
    const r = equivalent(p('2x+6'), p('2x+5'));
    expect(r.witness).toBeDefined();
    expect(r.method).toBe('exact');
  });

  it('compares huge powers modulo primes, without expanding', () => {
    expect(equivalent(p('(x-a)^{6000}'), p('-(a-x)^{5999}(x-a)')).method).toBe('modular');
  });

  it('is deterministic: the same input gives the same verdict and witness', () => {
    const a = equivalent(p('\\sqrt{x^{2}}'), p('x'));
    const b = equivalent(p('\\sqrt{x^{2}}'), p('x'));
    expect(a).toEqual(b);
  });
});

describe('equivalent: roots, logarithms, trigonometry, in floating point', () => {
  it.each([
    ['\\sin^{2}x+\\cos^{2}x', '1'],
    ['\\tan x', '\\frac{\\sin x}{\\cos x}'],
    ['\\sin(2x)', '2\\sin x\\cos x'],
    ['\\cos(2x)', '1-2\\sin^{2}x'],
    ['\\sqrt{x^{2}}', '|x|'],
    ['\\frac{\\sqrt{2}}{2}', '\\frac{1}{\\sqrt{2}}'],
    ['\\sqrt{8}', '2\\sqrt{2}'],
    ['\\sqrt{12}+\\sqrt{3}', '3\\sqrt{3}'],
    ['\\frac{1}{\\sqrt{3}-1}', '\\frac{\\sqrt{3}+1}{2}'],
    ['\\log_{2}8', '3'],
    ['\\log(100)', '2'],
    ['e^{2x}', '(e^{x})^{2}'],
    ['e^{a}e^{b}', 'e^{a+b}'],
    ['\\sqrt[3]{-8}', '-2'],
    ['x^{\\frac{1}{2}}', '\\sqrt{x}'],
    ['2\\pi r', '\\pi\\cdot2r'],
    ['\\frac{\\pi}{3}', '60^{\\circ}'],
    ['\\frac{\\sqrt{x}(x-1)}{x-1}', '\\sqrt{x}'],
    ['e^{x}e^{-x}', '1'],
    ['\\frac{e^{2x}}{e^{x}}', 'e^{x}'],
    ['\\sqrt{1-x^{2}}', '\\sqrt{(1-x)(1+x)}'],
    ['\\sqrt{x-100}\\cdot\\sqrt{x-100}', 'x-100+\\sqrt{x-100}-\\sqrt{x-100}'],
  ])('%s equals %s', (a, b) => {
    expect(verdict(a, b)).toBe('equivalent');
  });

  it.each([
    ['\\sqrt{x^{2}}', 'x'],
    ['\\sqrt{(x-3)(x-5)}', '\\sqrt{x-3}\\sqrt{x-5}'],
    ['\\ln(x^{2})', '2\\ln x'],
    ['e^{\\ln x}', 'x'],
    ['\\ln(xy)', '\\ln x+\\ln y'],
    ['(\\sqrt{x})^{2}', 'x'],
    ['\\sqrt{x}\\sqrt{x}', 'x'],
    ['\\ln(xy)', '\\ln x\\cdot\\ln y'],
    ['\\sin(2x)', '2\\sin x'],
    ['\\sqrt{x^{2}+9}', 'x+3'],
    ['\\frac{\\pi}{3}', '0.333333\\pi'],
    ['\\sqrt{2}', '1.41421356'],
    ['\\pi', '3.14159'],
    ['\\frac{\\sqrt{2}}{2}', '0.7071'],
    ['\\sin x', 'x'],
    ['\\cos^{2}x', '\\cos(x^{2})'],
    ['\\frac{1}{\\sqrt{x}}', '\\sqrt{\\frac{1}{x}}+1'],
  ])('%s differs from %s', (a, b) => {
    expect(verdict(a, b)).toBe('different');
  });

  it('flags a difference of domain on an interval as a domain difference', () => {
    const r = equivalent(p('\\sqrt{(x-3)(x-5)}'), p('\\sqrt{x-3}\\sqrt{x-5}'));
    expect(r).toMatchObject({ verdict: 'different', domain: true });
    expect(r.witness!.x!).toBeLessThan(3);
  });

  it('ignores an isolated point where only one side is defined (a removable singularity)', () => {
    expect(verdict('\\frac{\\sin(x)(x-2)}{x-2}', '\\sin x')).toBe('equivalent');
  });

  it.each([
    ['\\sin(30)', '\\frac{1}{2}'],
    ['\\cos(60)', '\\frac{1}{2}'],
    ['\\tan(45)', '1'],
    ['\\sin(x+90)', '\\cos x'],
    ['\\arcsin(1)', '90'],
  ])('in degrees, %s equals %s', (a, b) => {
    expect(verdict(a, b, { degrees: true })).toBe('equivalent');
  });

  it('in radians, sin(30) is not 1/2', () => {
    expect(verdict('\\sin(30)', '\\frac{1}{2}')).toBe('different');
  });

  it.each([
    ['\\sqrt{x^{2}}', 'x'],
    ['(\\sqrt{x})^{2}', 'x'],
    ['\\ln(x^{2})', '2\\ln x'],
    ['|x|', 'x'],
    ['e^{\\ln x}', 'x'],
  ])('on the interval (0, ∞), %s equals %s', (a, b) => {
    expect(verdict(a, b, { interval: { lo: 0, hi: Infinity, loOpen: true, hiOpen: true } })).toBe(
      'equivalent',
    );
  });

  it('on [0, 2π) restricted to x only, |y| and y still differ', () => {
    const ctx: EquivalenceContext = {
      interval: { lo: 0, hi: 2 * Math.PI, loOpen: false, hiOpen: true, variables: ['x'] },
    };
    expect(verdict('|x|+|y|', 'x+y', ctx)).toBe('different');
  });
});

describe('equivalent: constants, units, functions, complementary equations', () => {
  it.each([
    ['C+x^{2}', 'x^{2}+C', 'equivalent'],
    ['kx+k', 'k(x+1)', 'equivalent'],
    ['kx+k', 'k(x+2)', 'different'],
  ])('treats constants as variables: %s vs %s is %s', (a, b, expected) => {
    expect(verdict(a, b)).toBe(expected);
  });

  it.each([
    ['5\\operatorname{cm}+3\\operatorname{cm}', '8\\operatorname{cm}', 'equivalent'],
    ['5\\operatorname{cm}+3\\operatorname{cm}', '8\\operatorname{m}', 'different'],
    ['2\\operatorname{m}\\cdot3\\operatorname{m}', '6\\operatorname{m}^{2}', 'equivalent'],
  ])('units must match: %s vs %s is %s', (a, b, expected) => {
    expect(verdict(a, b)).toBe(expected);
  });

  it.each([
    ['f\\left(x\\right)+f\\left(x\\right)', '2f\\left(x\\right)', 'equivalent'],
    ['f\\left(2x\\right)', '2f\\left(x\\right)', 'different'],
    ['f\\left(x+1\\right)', 'f\\left(1+x\\right)', 'equivalent'],
    ['g\\left(x\\right)', 'f\\left(x\\right)', 'different'],
  ])('arbitrary functions: %s vs %s is %s', (a, b, expected) => {
    const ctx: EquivalenceContext = { functions: { f: { kind: 'arbitrary' }, g: { kind: 'arbitrary' } } };
    expect(verdict(a, b, ctx, ['f', 'g'])).toBe(expected);
  });

  it.each([
    ['2a+b', '5b', 'equivalent'],
    ['a+b', '3b', 'equivalent'],
    ['a+b', '2b', 'different'],
  ])('with a = 2b, %s vs %s is %s', (a, b, expected) => {
    const ctx: EquivalenceContext = { substitutions: substitutionsFrom([p('a=2b')]) };
    expect(verdict(a, b, ctx)).toBe(expected);
  });

  it('solves a linear complementary equation for a letter: a + b = 5 gives a = 5 − b', () => {
    const subs = substitutionsFrom([p('a+b=5')]);
    expect(subs).toHaveLength(1);
    expect(verdict('a+b+c', '5+c', { substitutions: subs })).toBe('equivalent');
  });

  it('substitutes a lone symbol on the right too: 2b = a', () => {
    expect(verdict('a', '2b', { substitutions: substitutionsFrom([p('2b=a')]) })).toBe('equivalent');
  });
});

describe('equivalent: relations, sets, intervals', () => {
  it.each([
    ['y=2x+1', '2x+1=y', 'equivalent'],
    ['y=2x+1', '2y=4x+2', 'equivalent'],
    ['y=2x+1', 'y-2x-1=0', 'equivalent'],
    ['y=2x+1', 'y=2x+2', 'different'],
    ['x<3', '3>x', 'equivalent'],
    ['x<3', '2x<6', 'equivalent'],
    ['x<3', '-x<-3', 'different'],
    ['\\left\\lbrace1,2\\right\\rbrace', '\\left\\lbrace2,1\\right\\rbrace', 'equivalent'],
    ['\\left\\lbrace1,2\\right\\rbrace', '\\left\\lbrace1,3\\right\\rbrace', 'different'],
    ['\\left[0,1\\right)', '\\left[0,\\frac{2}{2}\\right)', 'equivalent'],
    ['\\left[0,1\\right)', '\\left(0,1\\right)', 'different'],
  ])('%s vs %s is %s', (a, b, expected) => {
    expect(verdict(a, b)).toBe(expected);
  });
});

describe('equivalentLatex (the table console)', () => {
  it.each([
    ['\\frac{1}{2}', '0.5', true],
    ['2x+6', '2(x+3)', true],
    ['2x+5', '2(x+3)', false],
    ['\\sin(30)', '\\frac{1}{2}', false],
  ])('%s vs %s is %s', (s, t, expected) => {
    expect(equivalentLatex(s, t, { constants: [], degrees: false })).toBe(expected);
  });

  it('reads units written as text', () => {
    expect(
      equivalentLatex('3\\text{cm}+5\\text{cm}', '8\\mathrm{cm}', { constants: [], degrees: false }),
    ).toBe(true);
  });

  it('works in degrees', () => {
    expect(equivalentLatex('\\sin(30)', '\\frac{1}{2}', { constants: [], degrees: true })).toBe(true);
  });

  it.each(['\\frac{1}{', ''])('answers null for unreadable input %j', (s) => {
    expect(equivalentLatex(s, '1', { constants: [], degrees: false })).toBeNull();
  });
});

describe('equivalent: special functions and notation', () => {
  it.each([
    ['\\binom{m}{j}', '\\frac{m!}{j!(m-j)!}'],
    ['\\binom{5}{2}', '10'],
    ['\\binom{n}{1}', 'n'],
    ['\\frac{(m+1)!}{m!}', 'm+1'],
    ['\\frac{(n+2)!}{n!}', '(n+2)(n+1)'],
    ['(m+1)!', '(m+1)m!'],
    ['\\operatorname{csch}(x)', '\\frac{1}{\\sinh x}'],
    ['\\operatorname{sech}x', '\\frac{2}{e^{x}+e^{-x}}'],
    ['\\coth x', '\\frac{\\cosh x}{\\sinh x}'],
    ['\\operatorname{arsinh}(x)', '\\ln\\left(x+\\sqrt{x^{2}+1}\\right)'],
    ['\\operatorname{arcosh}(x)', '\\ln\\left(x+\\sqrt{x^{2}-1}\\right)'],
    ['\\operatorname{artanh}(x)', '\\frac{1}{2}\\ln\\frac{1+x}{1-x}'],
    ['\\operatorname{arccsc}(x)', '\\arcsin\\frac{1}{x}'],
    ['\\operatorname{arcsec}(x)', '\\arccos\\frac{1}{x}'],
    ['\\operatorname{arccot}(x)', '\\frac{\\pi}{2}-\\arctan x'],
    ['\\cosh^{2}x-\\sinh^{2}x', '1'],
    ['\\exp(2t)', 'e^{2t}'],
    ['\\exp(a)\\exp(b)', 'e^{a+b}'],
    ['\\sqrt{3+2\\sqrt{2}}', '1+\\sqrt{2}'],
    ['\\sqrt{5-2\\sqrt{6}}', '\\sqrt{3}-\\sqrt{2}'],
    ['\\sqrt{\\frac{1}{2}}\\sqrt{\\frac{1}{3}}', '\\frac{1}{\\sqrt{6}}'],
    ['\\sqrt{\\frac{1}{8}}\\sqrt{\\frac{1}{2}}', '\\frac{1}{4}'],
    ['3^{0.5u}', '3^{\\frac{u}{2}}'],
    ['xe^{0.5x}', 'xe^{\\frac{x}{2}}'],
    ['0.12500\\sin x', '\\frac{\\sin x}{8}'],
    ['\\sin(0.333333333333x)', '\\sin(0.333333333333x)'],
    ['\\sin(1.41421356237x)+1', '1+\\sin(1.41421356237x)'],
    ['e^{0.12345678901x}', 'e^{\\frac{12345678901}{100000000000}x}'],
    ['2\\sin(3.0000000000x)', '2\\sin\\left(\\frac{9}{3}x\\right)'],
    ['\\sin(0.1250000000x)', '\\sin\\frac{x}{8}'],
    ['\\ln\\left(\\sqrt{x}^{2}\\right)', '\\ln x'],
  ])('%s equals %s', (a, b) => {
    expect(verdict(a, b)).toBe('equivalent');
  });

  it.each([
    ['3^{0.142857142857u}', '3^{\\frac{u}{7}}'],
    ['e^{0.333333333333x}', '\\exp\\left(\\frac{x}{3}\\right)'],
    ['-2^{0.666666666667t}', '-2^{\\frac{2t}{3}}'],
    ['\\ln(0.142857142857x)', '\\ln\\frac{x}{7}'],
    ['2\\cdot3^{0.142857142857u}', '2\\cdot3^{\\frac{u}{7}}'],
    ['3^{0.142857142857u}+1', '3^{\\frac{u}{7}}+1'],
    ['\\sin(0.333333333333x)', '\\sin\\frac{x}{3}'],
    ['\\sqrt{0.333333333333x}', '\\sqrt{\\frac{x}{3}}'],
    ['x\\cos(0.66667x)', 'x\\cos\\frac{2x}{3}'],
    ['1.41421356237x', '\\sqrt{2}x'],
    ['\\sin(3.14159265359x)', '\\sin(\\pi x)'],
    ['e^{2.71828182846}', 'e^{e}'],
    ['\\binom{m}{j}', '\\frac{m!}{j!(m+j)!}'],
    ['\\frac{(m+1)!}{m!}', 'm'],
    ['\\operatorname{csch}(x)', '\\frac{1}{\\cosh x}'],
    ['\\operatorname{arsinh}(x)', '\\ln\\left(x+\\sqrt{x^{2}-1}\\right)'],
    ['\\sqrt{3+2\\sqrt{2}}', '1+\\sqrt{3}'],
    ['\\exp(2t)', 'e^{t}'],
  ])('%s differs from %s', (a, b) => {
    expect(verdict(a, b)).toBe('different');
  });

  it.each([
    ['2', 'x=2'],
    ['3=3', 'x=3'],
    ['bu=bv', 'u=v'],
    ['pq=3p+2p^{2}', 'q=3+2p'],
    ['|u|=|v|', 'u=v'],
    ['y=-\\sqrt{4-x^{2}}', 'x^{2}+y^{2}=4'],
  ])('the equation %s is not %s', (a, b) => {
    expect(verdict(a, b)).not.toBe('equivalent');
  });

  it.each([
    ['a=b+1', 'b+1=a'],
    ['y=3-x', 'y=-x+3'],
    ['2y=6-2x', 'y=3-x'],
  ])('the equation %s is %s', (a, b) => {
    expect(verdict(a, b)).toBe('equivalent');
  });
});

describe('equivalent: a value too small for a double is skipped, as one too large is', () => {
  const seeds = Array.from({ length: 16 }, (_, i) => (i * 0x9e3779b1) >>> 0);
  it.each(['+3', '-7', '+a', '-40', '+250'])(
    'ln(e^{x%s}) equals the exponent, whatever the seed',
    (shift) => {
      for (const seed of seeds) {
        expect(verdict(`\\ln\\left(e^{x${shift}}\\right)`, `x${shift}`, { seed })).toBe('equivalent');
        expect(verdict(`\\ln\\left(\\exp\\left(2x${shift}\\right)\\right)`, `2x${shift}`, { seed })).toBe(
          'equivalent',
        );
      }
    },
  );

  it('keeps ratios of exponentials and of factorials equal far out on the negative side', () => {
    for (const seed of seeds) {
      expect(verdict('\\frac{e^{2x}}{e^{x}}', 'e^{x}', { seed })).toBe('equivalent');
      expect(verdict('\\frac{(m+1)!}{m!}', 'm+1', { seed })).toBe('equivalent');
      expect(verdict('\\frac{e^{x}}{e^{x}+1}', '\\frac{1}{1+e^{-x}}', { seed })).toBe('equivalent');
    }
  });
});

describe('equivalent: constants too large for a double are compared exactly', () => {
  it.each([
    ['\\frac{200!}{198!}', '39800', 'equivalent'],
    ['\\frac{200!}{198!}', '39801', 'different'],
    ['1000!', '1000\\cdot999!', 'equivalent'],
    ['1000!', '999\\cdot999!', 'different'],
    ['\\binom{300}{150}', '\\frac{300!}{150!\\cdot150!}', 'equivalent'],
    ['\\binom{300}{150}', '\\frac{300!}{149!\\cdot151!}', 'different'],
  ])('%s against %s: %s', (a, b, expected) => {
    expect(verdict(a, b)).toBe(expected);
  });
});
