import type { SolveData, TextAnswer } from '@kib/core';
import type { TextCheckResult } from '../types';

/** Options of a fixture problem. */
export interface FixtureOptions {
  sols?: string[];
  interval?: string;
  degrees?: boolean;
  variable?: string;
  constants?: string[];
}

/** A solve record with defaults (x, no interval, radians). */
export function solveData(start: string, o: FixtureOptions = {}): SolveData {
  return {
    unknownVariable: o.variable ?? 'x',
    startingExpression: start,
    helpingExpression: null,
    constant: (o.constants ?? []).map((latex, i) => ({ id: `con${String(i).padStart(3, '0')}`, latex })),
    units: [],
    definedSymbols: [],
    functions: [],
    definedSolutions: (o.sols ?? []).map((latex, i) => ({ id: `sol${String(i).padStart(3, '0')}`, latex })),
    convertToDegrees: o.degrees ?? false,
    interval: o.interval ?? null,
  };
}

/** A line of a fixture answer: its LaTeX, or [LaTeX, solNum]. */
export type FixtureLine = string | readonly [string, number];

/** The answer of fixture lines. */
export function answerOf(lines: readonly FixtureLine[]): TextAnswer {
  return lines.map((l) => (typeof l === 'string' ? { math: l } : { math: l[0], solNum: l[1] }));
}

/**
 * A result in short form, one string per line: `ok`, `ok:<code>`, `bad:<code>`, with `@i,j` for a
 * highlight path.
 */
export function summarize(r: TextCheckResult): string[] {
  return r.lines.map((l) => {
    if (l.neutral) return l.correct ? 'ok:neutral' : 'blank';
    let s = l.correct ? 'ok' : 'bad';
    if (l.feedback) s += `:${l.feedback.key.replace(/^feedback\./, '')}`;
    if (l.highlight) s += `@${l.highlight.join(',')}`;
    return s;
  });
}

/** One corpus case: a title, the problem, the student's lines, the expected lines and completion. */
export interface SolveCase {
  readonly title: string;
  readonly start: string;
  readonly lines: readonly FixtureLine[];
  readonly expect: readonly string[];
  readonly correct: boolean;
  readonly opts?: FixtureOptions;
}

const c = (
  title: string,
  start: string,
  lines: FixtureLine[],
  expect: string[],
  correct: boolean,
  opts?: FixtureOptions,
): SolveCase => ({
  title,
  start,
  lines,
  expect,
  correct,
  ...(opts ? { opts } : {}),
});

/** Linear equations. */
export const LINEAR_CASES: SolveCase[] = [
  c('a correct derivation completes', '2x+3=7', ['2x=7-3', '2x=4', 'x=2'], ['ok', 'ok', 'ok'], true),
  c(
    'a term moved without changing its sign is marked',
    '2x+3=7',
    ['2x=7+3', '2x=4', 'x=2'],
    ['bad:sign-error@1,1', 'ok', 'ok'],
    false,
  ),
  c(
    'dividing only one side is not equivalent',
    '2x+3=7',
    ['2x=4', 'x=4'],
    ['ok', 'bad:wrong-solution'],
    false,
  ),
  c('subtracting instead of dividing is not equivalent', '2x=6', ['x=6-2'], ['bad:wrong-solution'], false),
  c('the answer straight away completes', '5x-2=13', ['x=3'], ['ok'], true),
  c('an equivalent equation is correct but not solved', '5x-2=13', ['5x=15'], ['ok:not-solved-yet'], false),
  c(
    'variables on both sides, moved correctly',
    '3x-5=x+7',
    ['3x-x=7+5', '2x=12', 'x=6'],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c(
    'variables on both sides, a variable term keeps its sign',
    '3x-5=x+7',
    ['3x+x=7+5'],
    ['bad:sign-error@0,1'],
    false,
  ),
  c(
    'a constant that keeps its sign across the equals',
    '3x-5=x+7',
    ['3x-x=7-5'],
    ['bad:sign-error@1,1'],
    false,
  ),
  c('brackets expanded correctly', '2(x+3)=10', ['2x+6=10', '2x=4', 'x=2'], ['ok', 'ok', 'ok'], true),
  c('a factor not distributed to every term', '2(x+3)=10', ['2x+3=10'], ['bad:not-equivalent'], false),
  c('a minus before brackets not distributed', '5-(x-3)=2', ['5-x-3=2'], ['bad:sign-error@0,2'], false),
  c(
    'a minus before brackets distributed',
    '5-(x-3)=2',
    ['5-x+3=2', '8-x=2', 'x=6'],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c('fractions cleared correctly', '\\frac{x}{2}+1=4', ['\\frac{x}{2}=3', 'x=6'], ['ok', 'ok'], true),
  c(
    'fractions cleared, one term not multiplied',
    '\\frac{x}{2}+1=4',
    ['x+1=8'],
    ['bad:not-equivalent'],
    false,
  ),
  c('decimals are read exactly', '0.5x=1.5', ['x=3'], ['ok'], true),
  c('a solution written backwards completes', '2x+3=7', ['2=x'], ['ok'], true),
  c('a fraction as the answer', '3x=2', ['x=\\frac{2}{3}'], ['ok'], true),
  c('an unsimplified fraction is still the solution', '3x=6', ['x=\\frac{6}{3}'], ['ok'], true),
  c('a decimal that is not the exact answer', '3x=1', ['x=0.33'], ['bad:wrong-solution'], false),
  c(
    'an identity has every real as solution',
    '2(x+1)=2x+2',
    ['2x+2=2x+2', 'x\\in\\mathbb{R}'],
    ['ok', 'ok'],
    true,
  ),
  c('a contradiction has no solution', '2x+1=2x+3', ['1=3', '\\text{no tiene solución}'], ['ok', 'ok'], true),
  c('an empty set as the answer of a contradiction', 'x+1=x+2', ['x\\in\\emptyset'], ['ok'], true),
  c(
    'after a wrong line, the next is compared with the last correct one',
    '4x-8=12',
    ['4x=4', '4x=20', 'x=5'],
    ['bad:not-equivalent', 'ok', 'ok'],
    false,
  ),
  c('a wrong value on the last line', '4x-8=12', ['4x=20', 'x=4'], ['ok', 'bad:wrong-solution'], false),
  c('the unknown can be another letter', '3t+1=10', ['3t=9', 't=3'], ['ok', 'ok'], true, { variable: 't' }),
  c('a whole chain on one line with an arrow', '2x+3=7', ['2x=4 \\Rightarrow x=2'], ['ok'], true),
  c('a chain with a wrong step', '2x+3=7', ['2x=10 \\Rightarrow x=5'], ['bad:not-equivalent'], false),
  c('a line that starts with the same equation is fine', '2x+3=7', ['2x+3=7', 'x=2'], ['ok', 'ok'], true),
  c('a decimal comma as MathLive writes it', '2x=5', ['x=2{,}5'], ['ok'], true),
  c('a decimal comma typed alone', '2x=5', ['x=2,5'], ['ok'], true),
  c('checking the solution by substitution', '2x+3=7', ['x=2', '2\\cdot 2+3=7'], ['ok', 'ok'], true),
  c('a check that fails', '2x+3=7', ['x=2', '2\\cdot 3+3=7'], ['ok', 'bad:not-equivalent'], false),
  c('the solution set named S', '4x-1=7', ['S=\\{2\\}'], ['ok'], true),
];

/** Quadratic equations: factoring, the formula, completing the square. */
export const QUADRATIC_CASES: SolveCase[] = [
  c('factored and solved', 'x^{2}-5x+6=0', ['(x-2)(x-3)=0', 'x=2 \\lor x=3'], ['ok', 'ok'], true),
  c('solutions listed with a comma', 'x^{2}-5x+6=0', ['x=2, x=3'], ['ok'], true),
  c('solutions as a set', 'x^{2}-5x+6=0', ['\\{2,3\\}'], ['ok'], true),
  c('solutions with subscripts', 'x^{2}-5x+6=0', ['x_{1}=2, x_{2}=3'], ['ok'], true),
  c('solutions joined with a Spanish o', 'x^{2}-5x+6=0', ['x=2 \\text{ o } x=3'], ['ok'], true),
  c('solutions joined with a Spanish y', 'x^{2}-5x+6=0', ['x=2 \\text{ y } x=3'], ['ok'], true),
  c('a wrong factorization', 'x^{2}-5x+6=0', ['(x+2)(x+3)=0'], ['bad:not-equivalent'], false),
  c('a factorization with one sign wrong', 'x^{2}-5x+6=0', ['(x-2)(x+3)=0'], ['bad:sign-error@0,1,1'], false),
  c('only one root stated', 'x^{2}-5x+6=0', ['(x-2)(x-3)=0', 'x=2'], ['ok', 'bad:lost-solution'], false),
  c('one wrong root among two', 'x^{2}-5x+6=0', ['x=2, x=4'], ['bad:wrong-solution@1'], false),
  c('dividing by x loses x = 0', 'x^{2}=3x', ['x=3'], ['bad:lost-solution'], false),
  c('dividing by x on an intermediate line', 'x^{2}+2x=5x', ['x+2=5'], ['bad:lost-solution'], false),
  c(
    'a common factor taken out',
    'x^{2}=3x',
    ['x^{2}-3x=0', 'x(x-3)=0', 'x=0 \\lor x=3'],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c('a square root without ± loses a root', 'x^{2}=9', ['x=3'], ['bad:lost-solution'], false),
  c('a square root with ±', 'x^{2}=9', ['x=\\pm 3'], ['ok'], true),
  c(
    'a square root with ± on a binomial',
    '(x-1)^{2}=4',
    ['x-1=\\pm 2', 'x=1\\pm 2', 'x=3 \\lor x=-1'],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c('a square root without ± on a binomial', '(x-1)^{2}=4', ['x-1=2'], ['bad:lost-solution'], false),
  c(
    'the quadratic formula with irrational roots',
    'x^{2}+2x-1=0',
    ['x=\\frac{-2\\pm\\sqrt{8}}{2}', 'x=-1\\pm\\sqrt{2}'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'the quadratic formula with a wrong sign of b',
    'x^{2}+2x-1=0',
    ['x=\\frac{2\\pm\\sqrt{8}}{2}'],
    ['bad:sign-error@1,0,0'],
    false,
  ),
  c(
    'the quadratic formula with an irrational discriminant',
    'x^{2}+5x+3=0',
    ['x=\\frac{-5\\pm\\sqrt{13}}{2}'],
    ['ok'],
    true,
  ),
  c('a wrong discriminant', 'x^{2}+5x+3=0', ['x=\\frac{-5\\pm\\sqrt{37}}{2}'], ['bad:wrong-solution'], false),
  c(
    'completing the square',
    'x^{2}+6x+5=0',
    ['x^{2}+6x+9=4', '(x+3)^{2}=4', 'x+3=\\pm 2', 'x=-1 \\lor x=-5'],
    ['ok', 'ok', 'ok', 'ok'],
    true,
  ),
  c(
    'completing the square, not adding to both sides',
    'x^{2}+6x+5=0',
    ['x^{2}+6x+9=0'],
    ['bad:not-equivalent'],
    false,
  ),
  c('no real roots', 'x^{2}+1=0', ['x^{2}=-1', '\\emptyset'], ['ok', 'ok'], true),
  c(
    'no real roots written as no solution in English',
    'x^{2}+4=0',
    ['\\text{no real solution}'],
    ['ok'],
    true,
  ),
  c('a double root', 'x^{2}-4x+4=0', ['(x-2)^{2}=0', 'x=2'], ['ok', 'ok'], true),
  c('a double root stated twice', 'x^{2}-4x+4=0', ['x=2 \\lor x=2'], ['ok'], true),
  c(
    'moving everything to one side',
    'x^{2}=4x+5',
    ['x^{2}-4x-5=0', '(x-5)(x+1)=0', 'x=5, x=-1'],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c(
    'moving everything to one side with a sign lost',
    'x^{2}=4x+5',
    ['x^{2}-4x+5=0'],
    ['bad:sign-error@0,2'],
    false,
  ),
  c(
    'a cubic by rational roots',
    'x^{3}-6x^{2}+11x-6=0',
    ['(x-1)(x-2)(x-3)=0', 'x=1, x=2, x=3'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'a biquadratic',
    'x^{4}-5x^{2}+4=0',
    ['(x^{2}-1)(x^{2}-4)=0', 'x=\\pm 1 \\lor x=\\pm 2'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'a biquadratic missing the negative roots',
    'x^{4}-5x^{2}+4=0',
    ['x=1, x=2'],
    ['bad:lost-solution'],
    false,
  ),
  c('the roots as a set with both signs', 'x^{2}=9', ['\\{3,-3\\}'], ['ok'], true),
  c(
    'the second root without the unknown after ±',
    'x^{2}-9=0',
    ['x=3 \\lor -3'],
    ['bad:missing-variable@1'],
    false,
  ),
];

/** Rational equations with an excluded value. */
export const RATIONAL_CASES: SolveCase[] = [
  c(
    'the excluded value is not a solution',
    '\\frac{x^{2}-1}{x-1}=0',
    ['x^{2}-1=0', 'x=1 \\lor x=-1', 'x=-1'],
    ['ok:gained-solutions', 'bad:extraneous-solution@0', 'ok'],
    false,
  ),
  c('cross-multiplying correctly', '\\frac{2}{x}=\\frac{1}{3}', ['x=6'], ['ok'], true),
  c(
    'clearing a denominator',
    '\\frac{3}{x-1}=2',
    ['3=2(x-1)', '3=2x-2', 'x=\\frac{5}{2}'],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c(
    'clearing a denominator, forgetting to multiply one side',
    '\\frac{3}{x-1}=2',
    ['3=2x-1'],
    ['bad:not-equivalent'],
    false,
  ),
  c(
    'an equation with no solution because of the excluded value',
    '\\frac{x}{x-1}=\\frac{1}{x-1}',
    ['x=1'],
    ['bad:extraneous-solution'],
    false,
  ),
  c(
    'no solution stated',
    '\\frac{x}{x-1}=\\frac{1}{x-1}',
    ['x=1 \\text{, pero } x\\ne 1'],
    ['bad:unreadable-expression'],
    false,
  ),
  c('no solution stated in words', '\\frac{x}{x-1}=\\frac{1}{x-1}', ['\\text{sin solución}'], ['ok'], true),
  c(
    'the excluded value dropped after multiplying',
    '\\frac{x}{x-2}=\\frac{2}{x-2}+1',
    ['x=2+x-2', '0=0', 'x\\in\\mathbb{R}'],
    ['ok:gained-solutions', 'ok', 'bad:extraneous-solution'],
    false,
  ),
  c(
    'two denominators',
    '\\frac{1}{x}+\\frac{1}{2}=\\frac{3}{4}',
    ['\\frac{1}{x}=\\frac{1}{4}', 'x=4'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'a rational equation with a quadratic',
    '\\frac{x+2}{x}=x',
    ['x+2=x^{2}', 'x^{2}-x-2=0', 'x=2, x=-1'],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c(
    'a rational equation losing the excluded check',
    '\\frac{x^{2}-4}{x-2}=4',
    ['x+2=4', 'x=2'],
    ['ok:gained-solutions', 'bad:extraneous-solution'],
    false,
  ),
  c(
    'adding fractions numerator to numerator',
    '\\frac{1}{x}+\\frac{1}{2}=1',
    ['\\frac{2}{x+2}=1'],
    ['bad:not-equivalent'],
    false,
  ),
  c(
    'cross-multiplying two fractions',
    '\\frac{1}{x-2}=\\frac{3}{x}',
    ['x=3(x-2)', 'x=3x-6', 'x=3'],
    ['ok', 'ok', 'ok'],
    true,
  ),
];

/** Radical equations and extraneous roots from squaring. */
export const RADICAL_CASES: SolveCase[] = [
  c(
    'squaring, solving and discarding the extraneous root',
    '\\sqrt{x+2}=x',
    ['x+2=x^{2}', 'x^{2}-x-2=0', '(x-2)(x+1)=0', 'x=2'],
    ['ok:gained-solutions', 'ok', 'ok', 'ok'],
    true,
  ),
  c(
    'keeping the extraneous root',
    '\\sqrt{x+2}=x',
    ['x+2=x^{2}', 'x=2 \\lor x=-1'],
    ['ok:gained-solutions', 'bad:extraneous-solution@1'],
    false,
  ),
  c(
    'squaring wrongly (not squaring the whole side)',
    '\\sqrt{x+2}=x',
    ['x+2=x'],
    ['bad:not-equivalent'],
    false,
  ),
  c('squaring a sum term by term', '\\sqrt{x}+1=x', ['x+1=x^{2}'], ['bad:not-equivalent'], false),
  c(
    'isolating the radical first',
    '\\sqrt{x}+2=x',
    ['\\sqrt{x}=x-2', 'x=(x-2)^{2}', 'x^{2}-5x+4=0', 'x=4'],
    ['ok', 'ok:gained-solutions', 'ok', 'ok'],
    true,
  ),
  c(
    'a radical equation with no solution',
    '\\sqrt{x}=-2',
    ['x=4', '\\emptyset'],
    ['bad:extraneous-solution', 'ok'],
    false,
  ),
  c('a radical answered directly', '\\sqrt{2x+1}=3', ['2x+1=9', 'x=4'], ['ok', 'ok'], true),
  c('a cube root', '\\sqrt[3]{x-1}=2', ['x-1=8', 'x=9'], ['ok', 'ok'], true),
  c('two radicals', '\\sqrt{x-1}+\\sqrt{x+4}=5', ['x=5'], ['ok'], true),
  c(
    'a radical with a wrong value',
    '\\sqrt{x+3}=x-3',
    ['x=6 \\lor x=1'],
    ['bad:extraneous-solution@1'],
    false,
  ),
];

/** Absolute value equations and inequalities. */
export const ABSOLUTE_CASES: SolveCase[] = [
  c(
    'both cases solved in one branch',
    '|x-1|=3',
    ['x-1=3 \\lor x-1=-3', 'x=4 \\lor x=-2'],
    ['ok', 'ok'],
    true,
  ),
  c('only the positive case', '|x-1|=3', ['x-1=3', 'x=4'], ['bad:lost-solution', 'bad:lost-solution'], false),
  c('cases with ±', '\\left|2x+1\\right|=5', ['2x+1=\\pm 5', 'x=2 \\lor x=-3'], ['ok', 'ok'], true),
  c('an absolute value equal to a negative number', '|x|=-3', ['\\emptyset'], ['ok'], true),
  c(
    'an absolute value taken as the inner expression',
    '|x|=-3',
    ['x=-3'],
    ['bad:extraneous-solution'],
    false,
  ),
  c('an absolute value inequality', '|x|<3', ['-3<x<3'], ['ok'], true),
  c(
    'an absolute value inequality answered as an or',
    '|x|<3',
    ['x<-3 \\lor x>3'],
    ['bad:wrong-solution'],
    false,
  ),
  c('an absolute value inequality greater than', '|2x-1|\\ge 5', ['x\\le -2 \\lor x\\ge 3'], ['ok'], true),
];

/** Exponential and logarithmic equations. */
export const EXPLOG_CASES: SolveCase[] = [
  c('same base', '2^{x}=8', ['2^{x}=2^{3}', 'x=3'], ['ok', 'ok'], true),
  c('a wrong power', '2^{x}=8', ['x=4'], ['bad:wrong-solution'], false),
  c('dividing instead of taking logarithms', '2^{x}=8', ['x=\\frac{8}{2}'], ['bad:wrong-solution'], false),
  c('a logarithm by definition', '\\log_{2}x=3', ['x=2^{3}', 'x=8'], ['ok', 'ok'], true),
  c('a logarithm confused with a product', '\\log_{2}x=3', ['x=6'], ['bad:wrong-solution'], false),
  c('a natural logarithm', 'e^{x}=5', ['x=\\ln 5'], ['ok'], true),
  c('an exponent with a linear expression', '3^{2x-1}=27', ['2x-1=3', 'x=2'], ['ok', 'ok'], true),
  c(
    'a logarithm with a domain restriction',
    '\\log(x-1)+\\log(x+2)=1',
    ['(x-1)(x+2)=10', 'x^{2}+x-12=0', 'x=3'],
    ['ok:gained-solutions', 'ok', 'ok'],
    true,
  ),
  c(
    'a logarithm keeping the negative root',
    '\\log(x-1)+\\log(x+2)=1',
    ['x=3 \\lor x=-4'],
    ['bad:extraneous-solution@1'],
    false,
  ),
  c('a natural logarithm equation', '\\ln(2x)=0', ['2x=1', 'x=\\frac{1}{2}'], ['ok', 'ok'], true),
];

/** Trigonometric equations on an interval, in degrees and radians. */
export const TRIG_CASES: SolveCase[] = [
  c(
    'sine in degrees, both angles',
    '2\\sin x=1',
    ['\\sin x=\\frac{1}{2}', 'x=30^{\\circ} \\lor x=150^{\\circ}'],
    ['ok', 'ok'],
    true,
    { degrees: true, interval: '[0,360)' },
  ),
  c(
    'sine in degrees, one angle missing',
    '2\\sin x=1',
    ['\\sin x=\\frac{1}{2}', 'x=30'],
    ['ok', 'bad:lost-solution'],
    false,
    { degrees: true, interval: '[0,360)' },
  ),
  c(
    'sine in degrees, an angle outside the interval',
    '2\\sin x=1',
    ['x=30 \\lor x=390'],
    ['bad:outside-interval'],
    false,
    { degrees: true, interval: '[0,360)' },
  ),
  c('sine in radians', '2\\sin x=1', ['x=\\frac{\\pi}{6} \\lor x=\\frac{5\\pi}{6}'], ['ok'], true, {
    interval: '[0,2\\pi)',
  }),
  c(
    'sine in radians with the wrong second angle',
    '2\\sin x=1',
    ['x=\\frac{\\pi}{6} \\lor x=\\frac{7\\pi}{6}'],
    ['bad:wrong-solution@1'],
    false,
    { interval: '[0,2\\pi)' },
  ),
  c(
    'cosine equal to zero on the default period',
    '\\cos x=0',
    ['x=\\frac{\\pi}{2}, x=\\frac{3\\pi}{2}'],
    ['ok'],
    true,
  ),
  c('tangent in degrees', '\\tan x=1', ['x=45 \\lor x=225'], ['ok'], true, {
    degrees: true,
    interval: '[0,360)',
  }),
  c(
    'a quadratic in sine',
    '2\\sin^{2}x-\\sin x-1=0',
    ['(2\\sin x+1)(\\sin x-1)=0', 'x=90 \\lor x=210 \\lor x=330'],
    ['ok', 'ok'],
    true,
    { degrees: true, interval: '[0,360)' },
  ),
  c('cosine in degrees with defined solutions', '\\cos x=\\frac{1}{2}', ['x=60, x=300'], ['ok'], true, {
    degrees: true,
    interval: '[0^{\\circ},360^{\\circ})',
    sols: ['x=60', 'x=300'],
  }),
  c(
    'sine dividing out a factor loses the zeros',
    '\\sin x\\cos x=\\sin x',
    ['\\cos x=1'],
    ['bad:lost-solution'],
    false,
    { degrees: true, interval: '[0,360)' },
  ),
  c('sine equal to one in degrees', '\\sin x=1', ['x=90^{\\circ}'], ['ok'], true, {
    degrees: true,
    interval: '[0,360)',
  }),
  c(
    'a general solution with k in radians',
    '2\\sin x=1',
    ['x=\\frac{\\pi}{6}+2k\\pi \\lor x=\\frac{5\\pi}{6}+2k\\pi'],
    ['ok'],
    true,
  ),
  c(
    'a general solution with the wrong period',
    '2\\sin x=1',
    ['x=\\frac{\\pi}{6}+k\\pi'],
    ['bad:wrong-solution'],
    false,
  ),
  c('a general solution in degrees', '2\\sin x=1', ['x=30+360k, x=150+360k'], ['ok'], true, {
    degrees: true,
  }),
  c('an angle past one turn without an interval', '2\\sin x=1', ['x=390, x=150'], ['ok'], true, {
    degrees: true,
  }),
];

/** Inequalities: flipping, strictness, quadratic and rational inequalities. */
export const INEQUALITY_CASES: SolveCase[] = [
  c('a linear inequality', '2x+1<7', ['2x<6', 'x<3'], ['ok', 'ok'], true),
  c(
    'multiplying by a negative without flipping',
    '-2x+1>5',
    ['-2x>4', 'x>-2'],
    ['ok', 'bad:inequality-direction'],
    false,
  ),
  c('multiplying by a negative and flipping', '-2x+1>5', ['-2x>4', 'x<-2'], ['ok', 'ok'], true),
  c('a strict inequality made non-strict', '3x-3>0', ['x\\ge 1'], ['bad:inequality-strictness'], false),
  c('a non-strict inequality made strict', '3x-3\\ge 0', ['x>1'], ['bad:inequality-strictness'], false),
  c('the answer as an interval', '2x+1<7', ['x\\in(-\\infty,3)'], ['ok'], true),
  c('the answer as a bare interval', '2x+1<7', ['(-\\infty,3)'], ['ok'], true),
  c(
    'the answer as an interval with the wrong bracket',
    '2x+1\\le 7',
    ['x\\in(-\\infty,3)'],
    ['bad:inequality-strictness@1,1'],
    false,
  ),
  c('a chained inequality', '1<2x+1\\le 7', ['0<2x\\le 6', '0<x\\le 3'], ['ok', 'ok'], true),
  c('a chained inequality as an interval', '1<2x+1\\le 7', ['x\\in(0,3]'], ['ok'], true),
  c('a chained inequality with a wrong end', '1<2x+1\\le 7', ['0<x\\le 4'], ['bad:wrong-solution'], false),
  c(
    'a quadratic inequality between the roots',
    'x^{2}-5x+6<0',
    ['(x-2)(x-3)<0', '2<x<3'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'a quadratic inequality answered outside the roots',
    'x^{2}-5x+6<0',
    ['x<2 \\lor x>3'],
    ['bad:wrong-solution'],
    false,
  ),
  c('a quadratic inequality outside the roots', 'x^{2}-4>0', ['x<-2 \\lor x>2'], ['ok'], true),
  c('a quadratic inequality keeping only one side', 'x^{2}-4>0', ['x>2'], ['bad:lost-solution'], false),
  c('a square root taken without ± in an inequality', 'x^{2}>9', ['x>3'], ['bad:lost-solution'], false),
  c(
    'a rational inequality with the excluded end',
    '\\frac{x-1}{x+2}\\ge 0',
    ['x\\in(-\\infty,-2)\\cup[1,\\infty)'],
    ['ok'],
    true,
  ),
  c(
    'a rational inequality including the excluded value',
    '\\frac{x-1}{x+2}\\ge 0',
    ['x\\le -2 \\lor x\\ge 1'],
    ['bad:inequality-strictness@0'],
    false,
  ),
  c(
    'a rational inequality multiplied by the denominator',
    '\\frac{1}{x}<2',
    ['1<2x'],
    ['bad:lost-solution'],
    false,
  ),
  c('a "not equal" inequality', '2x\\ne 6', ['x\\ne 3'], ['ok'], true),
  c('an inequality with the variable on the right', '5<2x-1', ['6<2x', '3<x'], ['ok', 'ok'], true),
  c('an inequality with a fraction', '\\frac{x}{3}\\ge 2', ['x\\ge 6'], ['ok'], true),
  c('an inequality sign error when moving a term', 'x+4>1', ['x>1+4'], ['bad:sign-error@1,1'], false),
  c(
    'a system of inequalities',
    '\\begin{cases}2x>4\\\\x<5\\end{cases}',
    ['x>2 \\land x<5', '2<x<5'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'a system of inequalities answered with a comma',
    '\\begin{cases}2x>4\\\\x<5\\end{cases}',
    ['x>2, x<5'],
    ['ok'],
    true,
  ),
  c(
    'a chained inequality multiplied by a negative without flipping',
    '-3<-x<2',
    ['3<x<-2'],
    ['bad:inequality-direction'],
    false,
  ),
  c(
    'a chained inequality multiplied by a negative and flipped',
    '-3<-x<2',
    ['3>x>-2', '-2<x<3'],
    ['ok', 'ok'],
    true,
  ),
];

/** Systems in two unknowns. */
export const SYSTEM_CASES: SolveCase[] = [
  c(
    'elimination, then both values',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['2x=4', 'x=2', 'y=1'],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c('the point on one line', '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}', ['x=2, y=1'], ['ok'], true),
  c('the point as a tuple', '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}', ['(x,y)=(2,1)'], ['ok'], true),
  c('the point as a bare pair', '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}', ['(2,1)'], ['ok'], true),
  c(
    'the values swapped',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['x=1, y=2'],
    ['bad:wrong-solution'],
    false,
  ),
  c(
    'a wrong elimination',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['2x=2'],
    ['bad:not-equivalent'],
    false,
  ),
  c(
    'substitution',
    '\\begin{cases}y=2x\\\\x+y=6\\end{cases}',
    ['x+2x=6', '3x=6', 'x=2', 'y=4'],
    ['ok', 'ok', 'ok', 'ok'],
    true,
  ),
  c(
    'substitution with a sign error',
    '\\begin{cases}x-y=1\\\\x+y=5\\end{cases}',
    ['y=x+1'],
    ['bad:sign-error@1,1'],
    false,
  ),
  c(
    'only one value given',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['x=2'],
    ['ok:not-solved-yet'],
    false,
  ),
  c(
    'a system rewritten as an equivalent system',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['\\begin{cases}x=2\\\\y=1\\end{cases}'],
    ['ok'],
    true,
  ),
  c(
    'an inconsistent system',
    '\\begin{cases}x+y=1\\\\x+y=2\\end{cases}',
    ['0=1', '\\text{no tiene solución}'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'a three-unknown linear system',
    '\\begin{cases}x+y+z=6\\\\x-y=0\\\\z=2\\end{cases}',
    ['x+y=4', 'x=2, y=2, z=2'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'a non-linear system with its solutions given',
    '\\begin{cases}y=x^{2}\\\\y=x+2\\end{cases}',
    ['x^{2}=x+2', 'x=2 \\lor x=-1', '(2,4), (-1,1)'],
    ['ok', 'ok', 'ok'],
    true,
    { sols: ['(2,4)', '(-1,1)'] },
  ),
  c(
    'a non-linear system missing a solution',
    '\\begin{cases}y=x^{2}\\\\y=x+2\\end{cases}',
    ['(2,4)'],
    ['bad:missing-solutions'],
    false,
    { sols: ['(2,4)', '(-1,1)'] },
  ),
];

/** And/or confusion and a missing unknown. */
export const LOGIC_CASES: SolveCase[] = [
  c('and written for or', 'x^{2}=3x', ['x=0 \\land x=3'], ['bad:and-instead-of-or'], false),
  c(
    'and written for or inside a longer line',
    '(x-1)(x-2)=0',
    ['x-1=0 \\lor x-2=0', 'x=1 \\land x=2'],
    ['ok', 'bad:and-instead-of-or'],
    false,
  ),
  c(
    'the unknown missing in the second value',
    'x^{2}=3x',
    ['x=0 \\lor 3'],
    ['bad:missing-variable@1'],
    false,
  ),
  c('the unknown missing after a comma', 'x^{2}-1=0', ['x=1, -1'], ['bad:missing-variable@1'], false),
  c('or written properly', 'x^{2}=3x', ['x=0 \\lor x=3'], ['ok'], true),
  c('or written as \\vee', 'x^{2}=3x', ['x=0 \\vee x=3'], ['ok'], true),
  c(
    'three values with one missing the unknown',
    '(x-1)(x-2)(x-3)=0',
    ['x=1 \\lor x=2 \\lor 3'],
    ['bad:missing-variable@1,1'],
    false,
  ),
  c('a correct and of inequalities', '-1<x-2<1', ['x>1 \\land x<3'], ['ok'], true),
];

/** Two branches (solNum). */
export const BRANCH_CASES: SolveCase[] = [
  c(
    'two branches of an absolute value',
    '|x-1|=3',
    [
      ['x-1=3', 1],
      ['x=4', 1],
      ['x-1=-3', 2],
      ['x=-2', 2],
    ],
    ['ok', 'ok', 'ok', 'ok'],
    true,
  ),
  c(
    'two branches of a product',
    '(x-2)(x+5)=0',
    [
      ['x-2=0', 1],
      ['x=2', 1],
      ['x+5=0', 2],
      ['x=-5', 2],
    ],
    ['ok', 'ok', 'ok', 'ok'],
    true,
  ),
  c(
    'two branches, one with a wrong step',
    '(x-2)(x+5)=0',
    [
      ['x=2', 1],
      ['x=5', 2],
    ],
    ['ok', 'bad:wrong-solution'],
    false,
  ),
  c(
    'two branches covering only part',
    '(x-1)(x-2)(x-3)=0',
    [
      ['x=1', 1],
      ['x=2', 2],
    ],
    ['ok', 'ok:missing-solutions'],
    false,
  ),
  c(
    'two branches, one not finished',
    '|x-1|=3',
    [
      ['x-1=3', 1],
      ['x=4', 1],
      ['x-1=-3', 2],
    ],
    ['ok', 'ok', 'ok:not-solved-yet'],
    false,
  ),
  c(
    'a trunk then two branches',
    'x^{2}-x-6=0',
    ['(x-3)(x+2)=0', ['x-3=0', 1], ['x=3', 1], ['x+2=0', 2], ['x=-2', 2]],
    ['ok', 'ok', 'ok', 'ok', 'ok'],
    true,
  ),
  c(
    'a branch with a sign error',
    '|x-1|=3',
    [
      ['x-1=3', 1],
      ['x=4', 1],
      ['x-1=-3', 2],
      ['x=-3-1', 2],
    ],
    ['ok', 'ok', 'ok', 'bad:sign-error@1,1'],
    false,
  ),
  c(
    'two branches of a radical with the extraneous one',
    '\\sqrt{x+2}=x',
    ['x+2=x^{2}', ['x=2', 1], ['x=-1', 2]],
    ['ok:gained-solutions', 'ok', 'bad:wrong-solution'],
    false,
  ),
];

/** Unreadable, too large, empty and other special lines. */
export const SPECIAL_CASES: SolveCase[] = [
  c('an unreadable line', '2x+3=7', ['2x+=7'], ['bad:unreadable-expression'], false),
  c('an empty line is neutral', '2x+3=7', ['2x=4', '', 'x=2'], ['ok', 'blank', 'ok'], true),
  c('a blank line alone is neutral and not an answer', '2x+3=7', ['   '], ['blank'], false),
  c('a LaTeX space line is neutral', '2x+3=7', ['\\,\\quad', 'x=2'], ['blank', 'ok'], true),
  c('a line of = alone is neutral', '2x+3=7', ['2x=4', '='], ['ok:not-solved-yet', 'blank'], false),
  c('a bare expression is not an equation', 'x^{2}-4=0', ['x^{2}-4'], ['bad:not-an-equation'], false),
  c(
    '500 nested brackets are too large',
    '2x+3=7',
    [`${'('.repeat(500)}x${')'.repeat(500)}=2`],
    ['bad:too-large'],
    false,
  ),
  c('a huge power is read and rejected quickly', '2x+3=7', ['x=10^{10^{10^{10}}}'], ['bad:too-large'], false),
  c(
    'a line over the length limit is too large',
    '2x+3=7',
    [`x=${'1+'.repeat(1200)}1`],
    ['bad:too-large'],
    false,
  ),
  c(
    'an unreadable line does not break the derivation',
    '2x+3=7',
    ['2x=4', '\\frac{', 'x=2'],
    ['ok', 'bad:unreadable-at', 'ok'],
    false,
  ),
  c('a stated solution in a set with the wrong value', '3x=12', ['\\{3\\}'], ['bad:wrong-solution'], false),
];

/** Parameters and constants. */
export const PARAMETER_CASES: SolveCase[] = [
  c('a linear equation with parameters', 'ax+b=0', ['ax=-b', 'x=-\\frac{b}{a}'], ['ok', 'ok'], true),
  c('a parameter sign error', 'ax+b=0', ['ax=b'], ['bad:sign-error@1'], false),
  c('a parameter solution divided the wrong way', 'ax=b', ['x=\\frac{a}{b}'], ['bad:wrong-solution'], false),
  c('a quadratic with a parameter', 'x^{2}=a^{2}', ['x=\\pm a'], ['ok'], true),
  c('a quadratic with a parameter losing a root', 'x^{2}=a^{2}', ['x=a'], ['bad:lost-solutions'], false),
  c('a constant with a value', 'gx=19.6', ['x=2'], ['ok'], true, { constants: ['g=9.8'] }),
  c(
    'a parameter in the roots of a quadratic',
    'x^{2}-ax=0',
    ['x(x-a)=0', 'x=0 \\lor x=a'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'dividing by the unknown with a parameter loses a root',
    'x^{2}=ax',
    ['x=a'],
    ['bad:lost-solutions'],
    false,
  ),
];

/** The whole corpus. */
/** Systems: cases answers, other names, redundant equations, non-linear systems solved by substitution. */
export const SYSTEM_FORM_CASES: SolveCase[] = [
  c(
    'a cases answer',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['\\begin{cases}x=2\\\\y=1\\end{cases}'],
    ['ok'],
    true,
    {
      sols: ['2', '1'],
    },
  ),
  c(
    'a cases answer with one value changed',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['\\begin{cases}x=2\\\\y=2\\end{cases}'],
    ['bad:wrong-solution'],
    false,
    { sols: ['2', '1'] },
  ),
  c(
    'a step with one equation changed',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['\\begin{cases}x+y=3\\\\2x=5\\end{cases}', '\\begin{cases}x=2\\\\y=1\\end{cases}'],
    ['bad:not-equivalent', 'ok'],
    false,
  ),
  c(
    'a system with a redundant equation',
    '\\begin{cases}x+y=3\\\\x-y=1\\\\2x=4\\end{cases}',
    ['x=2, y=1'],
    ['ok'],
    true,
  ),
  c('a system in other letters', '\\begin{cases}p+q=3\\\\p-q=1\\end{cases}', ['p=2, q=1'], ['ok'], true, {
    variable: 'p, q',
  }),
  c(
    'a non-linear system without definedSolutions',
    '\\begin{cases}x^{2}+y^{2}=5\\\\y=x+1\\end{cases}',
    ['x^{2}+(x+1)^{2}=5', '2x^{2}+2x-4=0', 'x=1 \\lor x=-2', '(x,y)=(1,2) \\lor (x,y)=(-2,-1)'],
    ['ok', 'ok', 'ok', 'ok'],
    true,
  ),
  c(
    'a non-linear system missing a solution',
    '\\begin{cases}x^{2}+y^{2}=5\\\\y=x+1\\end{cases}',
    ['(x,y)=(1,2)'],
    ['bad:missing-solutions'],
    false,
  ),
  c(
    'a non-linear system with a wrong substitution',
    '\\begin{cases}xy=6\\\\x+y=5\\end{cases}',
    ['x(5-x)=6', 'x^{2}-5x-6=0'],
    ['ok', 'bad:sign-error@0,2'],
    false,
  ),
];

/**
 * System lines compared as solution sets: a disjunction or a system of several equations must be
 * equivalent to the system on the unknowns it mentions; polynomial systems solved by resultants.
 */
export const SYSTEM_SET_CASES: SolveCase[] = [
  c(
    'an "or" of the right values where "and" belongs',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['x=2 \\lor y=1'],
    ['bad:extra-solutions'],
    false,
  ),
  c(
    'an "or" of values that hold only in part',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['x=2 \\lor y=7'],
    ['bad:extra-solutions'],
    false,
  ),
  c(
    'an equation dropped from a three-unknown system',
    '\\begin{cases}x+y+z=6\\\\x-y=0\\\\z=2\\end{cases}',
    ['\\begin{cases}x+y+z=6\\\\x-y=0\\end{cases}'],
    ['bad:extra-solutions'],
    false,
  ),
  c(
    'a three-unknown system reduced to two unknowns',
    '\\begin{cases}x+y+z=6\\\\x-y=0\\\\z=2\\end{cases}',
    ['\\begin{cases}x+y=4\\\\x-y=0\\end{cases}', 'x=2, y=2, z=2'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'a reduced system with a wrong equation',
    '\\begin{cases}x+y+z=6\\\\x-y=0\\\\z=2\\end{cases}',
    ['\\begin{cases}x+y=4\\\\x+y=0\\end{cases}'],
    ['bad:lost-solution'],
    false,
  ),
  c(
    'a polynomial system without a linear equation, solved by resultants',
    '\\begin{cases}x^{3}+y^{3}=9\\\\x^{2}y+xy^{2}=6\\end{cases}',
    ['(1,2), (2,1)'],
    ['ok'],
    true,
  ),
  c(
    'a polynomial system without a linear equation, one point missing',
    '\\begin{cases}x^{3}+y^{3}=9\\\\x^{2}y+xy^{2}=6\\end{cases}',
    ['(1,2)'],
    ['bad:missing-solutions'],
    false,
  ),
  c(
    'a circle and a hyperbola: four points',
    '\\begin{cases}x^{2}+y^{2}=25\\\\xy=12\\end{cases}',
    [
      '\\begin{cases}x^{2}+y^{2}=25\\\\y=\\frac{12}{x}\\end{cases}',
      '(x,y)=(3,4) \\lor (x,y)=(4,3) \\lor (x,y)=(-3,-4) \\lor (x,y)=(-4,-3)',
    ],
    ['ok', 'ok'],
    true,
  ),
  c(
    'a system line with "or" inside a row',
    '\\begin{cases}x^{2}+y^{2}=5\\\\y=x+1\\end{cases}',
    ['x^{2}+(x+1)^{2}=5', '\\begin{cases}x=1 \\lor x=-2\\\\ y=x+1\\end{cases}', '(1,2), (-2,-1)'],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c(
    'a system line that keeps one branch only',
    '\\begin{cases}x^{2}+y^{2}=8\\\\y=x\\end{cases}',
    ['\\begin{cases}x^{2}=4\\\\y=x\\end{cases}', '\\begin{cases}x=2\\\\y=x\\end{cases}'],
    ['ok', 'bad:lost-solution'],
    false,
  ),
  c(
    'a system line that gains a branch',
    '\\begin{cases}y=x\\\\x+y=4\\end{cases}',
    ['\\begin{cases}x^{2}=4\\\\y=x\\end{cases}'],
    ['bad:extra-solutions'],
    false,
  ),
  c(
    'an "or" of values with a parameter',
    '\\begin{cases}x+y=a\\\\x-y=1\\end{cases}',
    ['x=\\frac{a+1}{2} \\lor y=\\frac{a-1}{2}', 'x=\\frac{a+1}{2}, y=\\frac{a-1}{2}'],
    ['bad:extra-solutions', 'ok'],
    false,
    { variable: 'x, y' },
  ),
  c(
    'every point of a system and one more',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    ['(x,y)=(2,1) \\lor (x,y)=(1,2)'],
    ['bad:extraneous-solution'],
    false,
  ),
  c(
    'a non-polynomial system the checker cannot solve, without definedSolutions',
    '\\begin{cases}\\sin(x)+\\cos(y)=1\\\\xy=1\\end{cases}',
    ['x=1'],
    ['bad:system-cannot-check'],
    false,
  ),
];

/** Repeated roots the exact solver does not reach (irrational or transcendental): one value each. */
export const REPEATED_ROOT_CASES: SolveCase[] = [
  c('an irrational root of multiplicity six', '(x-\\sqrt{2})^{6}=0', ['x=\\sqrt{2}'], ['ok'], true),
  c(
    'a rounded value for a repeated irrational root',
    '(x-\\sqrt{2})^{6}=0',
    ['x=1.414'],
    ['bad:wrong-solution'],
    false,
  ),
  c('a logarithm as a root of multiplicity four', '(e^{x}-2)^{4}=0', ['x=\\ln(2)'], ['ok'], true),
  c(
    'a repeated root beside a simple one',
    '(x-\\sqrt{3})^{4}(x-1)=0',
    ['x=\\sqrt{3} \\lor x=1'],
    ['ok'],
    true,
  ),
  c(
    'an interval of solutions stays an interval',
    '\\left|x-1\\right|+\\left|x-2\\right|=1',
    ['1\\le x\\le 2'],
    ['ok'],
    true,
  ),
];

/** Steps classified over the reals: equivalent, gained, lost or unrelated; parameters that can be 0. */
export const CLASSIFICATION_CASES: SolveCase[] = [
  c(
    'dividing by a parameter that can be 0 loses solutions',
    'bu=bv',
    ['u=v'],
    ['bad:lost-solutions'],
    false,
    {
      variable: 'u',
    },
  ),
  c('dividing by the unknown loses solutions', 'pq=3p+2p^{2}', ['q=3+2p'], ['bad:lost-solutions'], false, {
    variable: 'p',
  }),
  c(
    'dividing by a parameter factor loses solutions',
    'pq=3p+2p^{2}',
    ['q=3+2p'],
    ['bad:lost-solutions'],
    false,
    {
      variable: 'q',
    },
  ),
  c(
    'dividing by a parameter factor that vanishes at 1',
    '(b-1)u=(b-1)v',
    ['u=v'],
    ['bad:lost-solutions'],
    false,
    {
      variable: 'u',
    },
  ),
  c('dropping absolute values loses solutions', '|u|=|v|', ['u=v'], ['bad:lost-solutions'], false, {
    variable: 'u',
  }),
  c('absolute values split into both cases', '|u|=|v|', ['u=v \\lor u=-v'], ['ok'], true, { variable: 'u' }),
  c(
    'squaring a negative root gains solutions',
    'y=-\\sqrt{4-x^{2}}',
    ['x^{2}+y^{2}=4'],
    ['ok:extra-solutions'],
    false,
    {
      variable: 'y',
    },
  ),
  c(
    'a parameter divided out where it is visible',
    'ax=a^{2}+a',
    ['x=\\frac{a^{2}+a}{a}', 'x=a+1'],
    ['ok', 'ok'],
    true,
    {
      sols: ['a+1'],
    },
  ),
  c('an inequality case dropped', '|x-1|\\ge2', ['x-1\\ge2'], ['bad:lost-solution'], false),
  c('"and" turned into "or"', '|2x-1|<3', ['2x-1<3 \\lor 2x-1>-3'], ['bad:gained-solutions'], false),
  c('"or" turned into "and"', 'x^{2}>4', ['|x|>2', 'x>2 \\land x<-2'], ['ok', 'bad:not-equivalent'], false),
  c(
    'a case analysis of an inequality with and/or',
    '\\frac{1}{x}<1',
    ['(x>0 \\land 1<x) \\lor (x<0 \\land 1>x)', 'x>1 \\lor x<0'],
    ['ok', 'ok'],
    true,
  ),
  c(
    'a sign analysis of a product',
    'x^{2}-4\\ge0',
    [
      '(x-2)(x+2)\\ge0',
      '(x-2\\ge0 \\land x+2\\ge0) \\lor (x-2\\le0 \\land x+2\\le0)',
      'x\\ge2 \\lor x\\le-2',
    ],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c('≠ kept as "and"', 'x^{2}-x\\ne0', ['x(x-1)\\ne0', 'x\\ne0 \\land x\\ne1'], ['ok', 'ok'], true),
  c('a chain continued with =', 'e^{x}=1', ['x=\\ln1', '=0'], ['ok', 'ok'], true),
  c(
    'a chain continued with = after a division',
    '2x-3=5',
    ['2x=8', 'x=\\frac{8}{2}', '=4'],
    ['ok', 'ok', 'ok'],
    true,
  ),
  c('a chain continued with a wrong value', '2x+3=7', ['2x=4', '=2'], ['ok', 'bad:not-equivalent'], false),
  c('squaring both sides gains a solution', 'x=3', ['x^{2}=9'], ['ok:gained-solutions'], false),
  c('a value alone is not an equation', 'x+1=3', ['2'], ['ok:write-as-equation'], false),
  c('± values alone are not an equation', 'x^{2}=4', ['\\pm2'], ['ok:write-as-equation'], false),
  c('the value stated as an equation completes', 'x+1=3', ['2', 'x=2'], ['ok', 'ok'], true),
  c('a true statement alone is not the solution', 'x+1=3', ['3=3'], ['ok'], false),
  c('a check by substitution after the answer', 'x+1=3', ['x=2', '2+1=3'], ['ok', 'ok'], true),
];

export const SOLVE_CASES: SolveCase[] = [
  ...LINEAR_CASES,
  ...QUADRATIC_CASES,
  ...RATIONAL_CASES,
  ...RADICAL_CASES,
  ...ABSOLUTE_CASES,
  ...EXPLOG_CASES,
  ...TRIG_CASES,
  ...INEQUALITY_CASES,
  ...SYSTEM_CASES,
  ...LOGIC_CASES,
  ...BRANCH_CASES,
  ...SPECIAL_CASES,
  ...PARAMETER_CASES,
  ...CLASSIFICATION_CASES,
  ...SYSTEM_FORM_CASES,
  ...SYSTEM_SET_CASES,
  ...REPEATED_ROOT_CASES,
];

/**
 * Answers no student would type: bounds.test.ts checks them for a result, the benchmark
 * (bench/solve-latency.ts) times them.
 */
export const HOSTILE_ANSWERS: [string, TextAnswer][] = [
  [
    'a 1,000-line answer',
    Array.from({ length: 1000 }, (_, i) => ({ math: i % 7 === 0 ? '' : `2x=${i}+\\frac{${i}}{3}` })),
  ],
  [
    'a 1,000-line answer of hard lines',
    Array.from({ length: 1000 }, (_, i) => ({
      math: `\\sqrt{x+${i}}+\\left|x-${i % 13}\\right|=\\sin(x)+${i}`,
    })),
  ],
  ['500 nested brackets', [{ math: `${'\\left('.repeat(500)}x${'\\right)'.repeat(500)}=2` }]],
  ['500 nested braces', [{ math: `${'{'.repeat(500)}x${'}'.repeat(500)}=2` }]],
  ['100 KB of text', [{ math: 'x+'.repeat(50_000) }]],
  ['a tower of powers', [{ math: 'x=10^{10^{10^{10}}}' }]],
  ['a huge power of the unknown', [{ math: '(x-1)^{6000}=(1-x)^{5999}' }]],
  ['unparseable LaTeX', [{ math: '\\frac{\\sqrt{' }, { math: '}}}{{{' }, { math: '\\begin{cases}' }]],
  ['lines that are not strings', [{ math: null as unknown as string }, { math: 42 as unknown as string }]],
  ['a thousand-digit number', [{ math: `x=${'9'.repeat(1000)}` }]],
  ['a fifty-term polynomial', [{ math: `${Array.from({ length: 50 }, (_, i) => `x^{${i}}`).join('+')}=0` }]],
];
