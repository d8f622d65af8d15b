import fc from 'fast-check';

/**
 * LaTeX as MathLive's math field writes it: numbers (with decimal commas), letters, Greek letters,
 * \frac, \sqrt, powers and subscripts, \left…\right brackets and bars, named functions, relations,
 * connectives, cases, sets, intervals, text — and, as typed mid-edit, unbalanced or partial pieces.
 */
export const mathliveLatex: fc.Arbitrary<string> = fc.letrec<{ expr: string; atom: string; line: string }>(
  (tie) => ({
    atom: fc.oneof(
      fc.integer({ min: 0, max: 10_000 }).map(String),
      fc.tuple(fc.nat(99), fc.nat(999)).map(([a, b]) => `${a}.${b}`),
      fc.tuple(fc.nat(99), fc.nat(99)).map(([a, b]) => `${a}{,}${b}`),
      fc.constantFrom('x', 'y', 'a', 'b', 'n', 'm', 't', 'k', 'x_{1}', 'y_2'),
      fc.constantFrom(
        '\\pi',
        'e',
        '\\infty',
        '\\alpha',
        '\\theta',
        '\\emptyset',
        '\\mathbb{R}',
        '\\mathrm{e}',
      ),
    ),
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      tie('atom'),
      fc
        .tuple(tie('expr'), fc.constantFrom('+', '-', '\\cdot', '\\times', '\\div', '', '\\pm'), tie('expr'))
        .map(([a, op, b]) => `${a}${op}${b}`),
      fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `\\frac{${a}}{${b}}`),
      tie('expr').map((a) => `\\sqrt{${a}}`),
      fc.tuple(fc.constantFrom('3', '4', 'n'), tie('expr')).map(([n, a]) => `\\sqrt[${n}]{${a}}`),
      fc.tuple(tie('atom'), tie('expr')).map(([a, b]) => `${a}^{${b}}`),
      tie('expr').map((a) => `\\left(${a}\\right)`),
      tie('expr').map((a) => `\\left|${a}\\right|`),
      tie('expr').map((a) => `\\left[${a}\\right]`),
      fc
        .tuple(
          fc.constantFrom(
            '\\sin',
            '\\cos',
            '\\tan',
            '\\ln',
            '\\log',
            '\\log_{2}',
            '\\exp',
            '\\arcsin',
            '\\sinh',
            '\\coth',
            '\\operatorname{csch}',
            '\\operatorname{arsinh}',
            '\\operatorname{arcsec}',
            '\\arccot',
            '\\sin^{-1}',
            '\\cos^{2}',
          ),
          tie('expr'),
        )
        .map(([f, a]) => `${f}\\left(${a}\\right)`),
      tie('atom').map((a) => `${a}!`),
      fc.tuple(tie('atom'), tie('atom')).map(([a, b]) => `\\binom{${a}}{${b}}`),
      tie('atom').map((a) => `${a}^{\\circ}`),
    ),
    line: fc.oneof(
      tie('expr'),
      fc
        .tuple(tie('expr'), fc.constantFrom('=', '<', '>', '\\le', '\\ge', '\\ne', '\\lt'), tie('expr'))
        .map(([a, op, b]) => `${a}${op}${b}`),
      fc
        .tuple(
          tie('line'),
          fc.constantFrom('\\lor', '\\land', ',', '\\Rightarrow', '\\text{ o }'),
          tie('line'),
        )
        .map(([a, op, b]) => `${a}${op}${b}`),
      fc.tuple(tie('line'), tie('line')).map(([a, b]) => `\\begin{cases}${a}\\\\${b}\\end{cases}`),
      fc.array(tie('atom'), { maxLength: 4 }).map((xs) => `\\left\\lbrace ${xs.join(',')}\\right\\rbrace`),
      fc
        .tuple(tie('atom'), tie('atom'))
        .map(([a, b]) => `x\\in\\left(${a},${b}\\right]\\cup\\left[${b},\\infty\\right)`),
      tie('expr').map((a) => `=${a}`),
      fc.constantFrom('', ' ', '\\,', '\\text{no solution}', '\\placeholder{}', '{', '\\frac{', '\\left(x'),
      // A partial edit: a prefix of a well-formed line.
      fc.tuple(tie('line'), fc.nat()).map(([a, n]) => a.slice(0, n % (a.length + 1))),
    ),
  }),
).line;
