/**
 * The fixed benchmark corpus: typical school lines with the verdict a teacher would give (does this
 * answer complete the numeral?). Text cases carry `start`/`target` for the baseline.
 */
export interface BenchCase {
  name: string;
  request: { mathType: string; data: Record<string, unknown>; answer: unknown };
  /** The answer completes the numeral. */
  expected: boolean;
}

const simplify = (
  name: string,
  start: string,
  target: string,
  line: string,
  expected: boolean,
): BenchCase => ({
  name,
  request: { mathType: 'simplify', data: { startingExpression: start, target }, answer: [{ math: line }] },
  expected,
});

const solve = (
  name: string,
  start: string,
  solutions: string[],
  lines: string[],
  expected: boolean,
): BenchCase => ({
  name,
  request: {
    mathType: 'solve',
    data: {
      unknownVariable: 'x',
      startingExpression: start,
      definedSolutions: solutions.map((latex, i) => ({ id: `sol00${i}`, latex })),
    },
    answer: lines.map((math) => ({ math })),
  },
  expected,
});

const simplifyForm = (
  name: string,
  start: string,
  target: string,
  form: string,
  line: string,
  expected: boolean,
): BenchCase => ({
  name,
  request: {
    mathType: 'simplify',
    data: { startingExpression: start, target, form },
    answer: [{ math: line }],
  },
  expected,
});

const solveIn = (
  name: string,
  variable: string,
  start: string,
  solutions: string[],
  lines: string[],
  expected: boolean,
): BenchCase => {
  const c = solve(name, start, solutions, lines, expected);
  return { ...c, request: { ...c.request, data: { ...c.request.data, unknownVariable: variable } } };
};

/** The categories of issue 17: wrong answers that must never be accepted, and valid ones that must. */
const ISSUE_17: BenchCase[] = [
  // Equations against expressions; solution sets that change.
  solve('a value alone is not an equation', 'x+1=3', ['2'], ['2'], false),
  solve('a trivial identity is not the answer', 'x=3', ['3'], ['3=3'], false),
  solveIn('dividing by a parameter that can be 0', 'u', 'bu=bv', [], ['u=v'], false),
  solveIn('dividing by a factor that can be 0', 'q', 'pq=3p+2p^{2}', [], ['q=3+2p'], false),
  solveIn('dropping absolute values', 'u', '|u|=|v|', [], ['u=v'], false),
  solveIn('absolute values as two cases', 'u', '|u|=|v|', [], ['u=v \\lor u=-v'], true),
  solveIn('squaring a negative root', 'y', 'y=-\\sqrt{4-x^{2}}', [], ['x^{2}+y^{2}=4'], false),
  // Line by line.
  solve('squaring gains a root that is kept', '\\sqrt{x+2}=x', ['2'], ['x+2=x^{2}', 'x=2 \\lor x=-1'], false),
  solve('"and" turned into "or"', '|2x-1|<3', ['-1<x<2'], ['2x-1<3 \\lor 2x-1>-3'], false),
  solve('a case of an inequality dropped', '|x-1|\\ge2', [], ['x-1\\ge2', 'x\\ge3'], false),
  solve(
    'a case analysis with and/or',
    '\\frac{1}{x}<1',
    [],
    ['(x>0 \\land 1<x) \\lor (x<0 \\land 1>x)', 'x>1 \\lor x<0'],
    true,
  ),
  solve('≠ as "and"', 'x^{2}-x\\ne0', [], ['x(x-1)\\ne0', 'x\\ne0 \\land x\\ne1'], true),
  solve('a chain continued with =', 'e^{x}=1', ['0'], ['x=\\ln1', '=0'], true),
  solve('a chain continued with a wrong value', '2x+3=7', ['2'], ['2x=4', '=2'], false),
  // Systems.
  solve(
    'a cases answer',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    [],
    ['\\begin{cases}x=2\\\\y=1\\end{cases}'],
    true,
  ),
  solve(
    'a cases answer with one equation changed',
    '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
    [],
    ['\\begin{cases}x+y=3\\\\2x=5\\end{cases}', '\\begin{cases}x=2\\\\y=1\\end{cases}'],
    false,
  ),
  solve('a redundant equation', '\\begin{cases}x+y=3\\\\x-y=1\\\\2x=4\\end{cases}', [], ['x=2, y=1'], true),
  solve(
    'a non-linear system',
    '\\begin{cases}x^{2}+y^{2}=5\\\\y=x+1\\end{cases}',
    [],
    ['(x,y)=(1,2) \\lor (x,y)=(-2,-1)'],
    true,
  ),
  solve(
    'a non-linear system, one point missing',
    '\\begin{cases}x^{2}+y^{2}=5\\\\y=x+1\\end{cases}',
    [],
    ['(x,y)=(1,2)'],
    false,
  ),
  // Exact forms.
  simplify('7.0 is not 7', '3+4', '7', '7.0', false),
  simplify('a fraction is not a product', '\\frac{p-q}{3}', '\\frac{1}{3}(p-q)', '\\frac{p-q}{3}', false),
  simplifyForm(
    'an exponent not in lowest terms',
    '\\sqrt{t}',
    't^{\\frac{1}{2}}',
    'lowest_terms',
    't^{\\frac{3}{6}}',
    false,
  ),
  simplifyForm(
    'a fraction inside a factor',
    'x^{2}+6x+9',
    '(x+3)^{2}',
    'factored',
    'x\\left(x+6+\\frac{9}{x}\\right)',
    false,
  ),
  simplify('\\exp is e to the power', 'e^{t}e^{t}', 'e^{2t}', '\\exp(2t)', true),
  simplifyForm(
    'the completed square as written',
    'x^{2}-2ax+a^{2}+b',
    '(x-a)^{2}+b',
    'completed_square',
    '(x-a)^{2}+b',
    true,
  ),
  // Special functions and decimals.
  simplify('binomial', '\\binom{m}{2}', '\\frac{m(m-1)}{2}', '\\frac{m(m-1)}{2}', true),
  simplify('ratio of factorials', '\\frac{(m+1)!}{m!}', 'm+1', 'm+1', true),
  simplify('ratio of factorials, wrong', '\\frac{(m+1)!}{m!}', 'm+1', 'm', false),
  simplify('csch', '\\operatorname{csch}x', '\\frac{1}{\\sinh x}', '\\frac{1}{\\sinh x}', true),
  simplify(
    'arsinh',
    '\\operatorname{arsinh}x',
    '\\ln\\left(x+\\sqrt{x^{2}+1}\\right)',
    '\\ln\\left(x+\\sqrt{x^{2}+1}\\right)',
    true,
  ),
  simplify('a nested radical denested', '\\sqrt{3+2\\sqrt{2}}', '1+\\sqrt{2}', '1+\\sqrt{2}', true),
  simplify(
    'a decimal only approximating 1/7',
    '3^{\\frac{u}{7}}',
    '3^{\\frac{u}{7}}',
    '3^{0.142857142857u}',
    false,
  ),
  // Blank lines.
  simplify('a blank line is not an answer', '2\\left(x+3\\right)', '2x+6', '   ', false),
];

export const CORPUS: BenchCase[] = [
  ...ISSUE_17,
  simplify('distribute', '2\\left(x+3\\right)', '2x+6', '2x+6', true),
  simplify('distribute, commuted', '2\\left(x+3\\right)', '2x+6', '6+2x', true),
  simplify('distribute, constant wrong', '2\\left(x+3\\right)', '2x+6', '2x+5', false),
  simplify('distribute, not distributed', '2\\left(x+3\\right)', '2x+6', '2x+3', false),
  simplify('unchanged start is not simplified', '2\\left(x+3\\right)', '2x+6', '2\\left(x+3\\right)', false),
  simplify('collect like terms', '3x+2x-4+1', '5x-3', '5x-3', true),
  simplify('collect, sign lost', '3x+2x-4+1', '5x-3', '5x-5', false),
  simplify('cancel', '\\frac{x^{2}-1}{x-1}', 'x+1', 'x+1', true),
  simplify('cancel wrong sign', '\\frac{x^{2}-1}{x-1}', 'x+1', 'x-1', false),
  simplify('square of a sum', '\\left(x+2\\right)^{2}', 'x^{2}+4x+4', 'x^{2}+4x+4', true),
  simplify('square of a sum, forgot the middle', '\\left(x+2\\right)^{2}', 'x^{2}+4x+4', 'x^{2}+4', false),
  simplify('exponent rule', 'x^{2}\\cdot x^{3}', 'x^{5}', 'x^{5}', true),
  simplify('exponent rule, multiplied', 'x^{2}\\cdot x^{3}', 'x^{5}', 'x^{6}', false),
  simplify('fractions', '\\frac{1}{2}+\\frac{1}{3}', '\\frac{5}{6}', '\\frac{5}{6}', true),
  simplify('fractions, added across', '\\frac{1}{2}+\\frac{1}{3}', '\\frac{5}{6}', '\\frac{2}{5}', false),
  simplify('decimal is not exact', '\\frac{1}{3}+0', '\\frac{1}{3}', '0.333333', false),
  simplify(
    'factor',
    'x^{2}-5x+6',
    '\\left(x-2\\right)\\left(x-3\\right)',
    '\\left(x-3\\right)\\left(x-2\\right)',
    true,
  ),
  simplify(
    'factor, wrong sign',
    'x^{2}-5x+6',
    '\\left(x-2\\right)\\left(x-3\\right)',
    '\\left(x+2\\right)\\left(x+3\\right)',
    false,
  ),
  simplify('radicals', '\\sqrt{12}', '2\\sqrt{3}', '2\\sqrt{3}', true),
  simplify('radicals, wrong', '\\sqrt{12}', '2\\sqrt{3}', '3\\sqrt{2}', false),
  simplify('trig identity', '\\sin^{2}x+\\cos^{2}x', '1', '1', true),
  simplify(
    'logs',
    '\\ln\\left(2\\right)+\\ln\\left(3\\right)',
    '\\ln\\left(6\\right)',
    '\\ln\\left(6\\right)',
    true,
  ),
  simplify(
    'logs, added inside',
    '\\ln\\left(2\\right)+\\ln\\left(3\\right)',
    '\\ln\\left(6\\right)',
    '\\ln\\left(5\\right)',
    false,
  ),
  simplify('two variables', '\\left(a+b\\right)\\left(a-b\\right)', 'a^{2}-b^{2}', 'a^{2}-b^{2}', true),
  simplify(
    'two variables, sign',
    '\\left(a+b\\right)\\left(a-b\\right)',
    'a^{2}-b^{2}',
    'a^{2}+b^{2}',
    false,
  ),
  simplify('right value, wrong form (x+x)', 'x+x+0', '2x', 'x+x', false),
  simplify(
    'right value, fraction not reduced',
    '\\frac{2x+4}{2}',
    'x+2',
    '\\frac{2\\left(x+2\\right)}{2}',
    false,
  ),
  simplify('domain: root of a square is not x', '\\sqrt{x^{2}}', '\\left|x\\right|', 'x', false),
  simplify('domain: root of a square', '\\sqrt{x^{2}}', '\\left|x\\right|', '\\left|x\\right|', true),
  simplify(
    'huge power, form differs',
    '\\left(x-1\\right)^{6000}',
    '\\left(x-1\\right)^{6000}',
    '\\left(1-x\\right)^{6000}',
    false,
  ),
  simplify(
    'huge power, not equivalent',
    '\\left(x-1\\right)^{6000}',
    '\\left(x-1\\right)^{6000}',
    '\\left(1-x\\right)^{5999}',
    false,
  ),
  {
    name: 'degrees: sin 30 = 1/2',
    request: {
      mathType: 'simplify',
      data: { startingExpression: '\\sin\\left(30\\right)', target: '\\frac{1}{2}', convertToDegrees: true },
      answer: [{ math: '\\frac{1}{2}' }],
    },
    expected: true,
  },
  solve('linear', '2x+3=7', ['x=2'], ['2x=4', 'x=2'], true),
  solve(
    'rational, extraneous root kept',
    '\\frac{x^{2}-1}{x-1}=0',
    ['x=-1'],
    ['x^{2}-1=0', 'x=1\\lor x=-1'],
    false,
  ),
  solve('rational, excluded value dropped', '\\frac{x^{2}-1}{x-1}=0', ['x=-1'], ['x^{2}-1=0', 'x=-1'], true),
  solve(
    'radical, extraneous root from squaring',
    '\\sqrt{x+2}=x',
    ['x=2'],
    ['x+2=x^{2}', 'x=2\\lor x=-1'],
    false,
  ),
  solve('radical, checked', '\\sqrt{x+2}=x', ['x=2'], ['x+2=x^{2}', 'x=2'], true),
  solve('solutions as a set', 'x^{2}-1=0', ['x=1', 'x=-1'], ['\\left\\{-1,1\\right\\}'], true),
  solve('solutions with plus-minus', 'x^{2}-1=0', ['x=1', 'x=-1'], ['x=\\pm 1'], true),
  solve('solutions in another order', 'x^{2}-1=0', ['x=1', 'x=-1'], ['x=-1\\lor x=1'], true),
  solve('square root without the negative root', 'x^{2}=4', ['x=2', 'x=-2'], ['x=\\sqrt{4}', 'x=2'], false),
  solve('linear, sign error', '2x+3=7', ['x=2'], ['2x=10', 'x=5'], false),
  solve('linear, not solved yet', '2x+3=7', ['x=2'], ['2x=4'], false),
  solve(
    'quadratic',
    'x^{2}-5x+6=0',
    ['x=2', 'x=3'],
    ['\\left(x-2\\right)\\left(x-3\\right)=0', 'x=2\\lor x=3'],
    true,
  ),
  solve('quadratic, one root only', 'x^{2}-5x+6=0', ['x=2', 'x=3'], ['x=2'], false),
  solve('quadratic, and for or', 'x^{2}-5x+6=0', ['x=2', 'x=3'], ['x=2\\land x=3'], false),
  solve('square root, plus-minus', 'x^{2}=9', ['x=3', 'x=-3'], ['x=\\pm 3'], true),
  solve('square root, lost root', 'x^{2}=9', ['x=3', 'x=-3'], ['x=3'], false),
  solve('inequality', '2x-4>0', ['x>2'], ['2x>4', 'x>2'], true),
  solve('inequality, flipped', '-2x>4', ['x<-2'], ['x>-2'], false),
  solve('inequality, right', '-2x>4', ['x<-2'], ['x<-2'], true),
  {
    name: 'line: both points on the line',
    request: {
      mathType: 'plotLinearEquation',
      data: { m: '2', b: '-1' },
      answer: [
        { x: 0, y: -1 },
        { x: 2, y: 3 },
      ],
    },
    expected: true,
  },
  {
    name: 'line: one point off',
    request: {
      mathType: 'plotLinearEquation',
      data: { m: '2', b: '-1' },
      answer: [
        { x: 0, y: -1 },
        { x: 2, y: 4 },
      ],
    },
    expected: false,
  },
  {
    name: 'number line points',
    request: { mathType: 'numberlinePoints', data: { points: [2, -1] }, answer: [-1, 2] },
    expected: true,
  },
  {
    name: 'intervals |x|>2',
    request: {
      mathType: 'intervals',
      data: {
        intervals: [
          [
            { open: true, value: 'minusInf' },
            { open: true, value: -2 },
          ],
          [
            { open: true, value: 2 },
            { open: true, value: 'inf' },
          ],
        ],
      },
      answer: [
        [
          { open: true, value: 'minusInf' },
          { open: true, value: -2 },
        ],
        [
          { open: false, value: 2 },
          { open: true, value: 'inf' },
        ],
      ],
    },
    expected: false,
  },
  {
    name: 'multiple choice',
    request: {
      mathType: 'multipleChoice',
      data: {
        choices: [
          { id: 1, correct: false },
          { id: 2, correct: true },
        ],
      },
      answer: [2],
    },
    expected: true,
  },
];
