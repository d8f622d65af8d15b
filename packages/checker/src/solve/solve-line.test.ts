import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW } from './numeric-roots';
import { prepareProblem } from './problem';
import { makeSamples } from './samples';
import { setToLatex } from './solution-set';
import { solveLine, type SolveContext } from './solve-line';
import { solveData } from './solve.fixtures';

const ctx: SolveContext = {
  variable: 'x',
  degrees: false,
  functions: [],
  domain: null,
  window: DEFAULT_WINDOW,
  budget: { left: 1e9 },
};
const sample = makeSamples([])[0]!;

function solved(latex: string, c: SolveContext = ctx): string {
  const r = solveLine(latex, c, sample);
  return r.ok ? setToLatex(r.set, c.variable, !c.degrees) : `(${r.code})`;
}

describe('solveLine', () => {
  it.each<[string, string]>([
    // Equations, exact.
    ['2x+3=7', 'x = 2'],
    ['x^{2}-5x+6=0', 'x = 2, x = 3'],
    ['x^{2}=2', 'x = -\\sqrt{2}, x = \\sqrt{2}'],
    ['x^{2}+1=0', 'x \\in \\emptyset'],
    ['2(x+1)=2x+2', 'x \\in \\mathbb{R}'],
    ['\\frac{x^{2}-1}{x-1}=0', 'x = -1'],
    ['\\frac{x}{x}=1', 'x \\in (-\\infty, 0) \\cup (0, \\infty)'],
    ['\\frac{1}{x}=0', 'x \\in \\emptyset'],
    ['x^{3}-2=0', 'x = 1.2599'],
    // Equations, numeric.
    ['\\sqrt{x+2}=x', 'x = 2'],
    ['|x-1|=3', 'x = -2, x = 4'],
    ['2^{x}=8', 'x = 3'],
    ['\\log_{2}x=3', 'x = 8'],
    ['e^{x}=5', 'x = 1.6094'],
    ['\\sqrt{x-1}+\\sqrt{x+4}=5', 'x = 5'],
    ['\\sqrt{x^{2}}=x', 'x \\in [0, \\infty)'],
    ['|x-2|=0', 'x = 2'],
    ['(x-1)^{6000}=0', 'x = 1'],
    // Inequalities.
    ['x^{2}-4>0', 'x \\in (-\\infty, -2) \\cup (2, \\infty)'],
    ['\\frac{x-1}{x+2}\\le 0', 'x \\in (-2, 1]'],
    ['-2x>4', 'x \\in (-\\infty, -2)'],
    ['1<x\\le 3', 'x \\in (1, 3]'],
    ['-2<x<3', 'x \\in (-2, 3)'],
    ['\\sqrt{x}\\ge 2', 'x \\in [4, \\infty)'],
    ['\\ln x<0', 'x \\in (0, 1)'],
    ['|2x-1|\\ge 5', 'x \\in (-\\infty, -2] \\cup [3, \\infty)'],
    ['x\\ne 2', 'x \\in (-\\infty, 2) \\cup (2, \\infty)'],
    ['(x-1)^{2}\\le 0', 'x = 1'],
    // Stated solutions.
    ['x\\in[1,3)', 'x \\in [1, 3)'],
    ['(2,\\infty)', 'x \\in (2, \\infty)'],
    ['[1,3]', 'x \\in [1, 3]'],
    ['\\{1,2\\}', 'x = 1, x = 2'],
    ['x=1, x=-2', 'x = -2, x = 1'],
    ['x=\\pm 2', 'x = -2, x = 2'],
    ['x=1\\lor x=2', 'x = 1, x = 2'],
    ['x=1\\land x=2', 'x \\in \\emptyset'],
    ['x\\in(-\\infty,2)\\cup(3,\\infty)', 'x \\in (-\\infty, 2) \\cup (3, \\infty)'],
    ['x\\in\\mathbb{R}\\setminus\\{1\\}', 'x \\in (-\\infty, 1) \\cup (1, \\infty)'],
    ['x=\\frac{-5\\pm\\sqrt{13}}{2}', 'x = \\frac{-5-\\sqrt{13}}{2}, x = \\frac{-5+\\sqrt{13}}{2}'],
    ['\\text{no tiene solución}', 'x \\in \\emptyset'],
    ['x=2\\text{ o }x=3', 'x = 2, x = 3'],
    ['x_{1}=2, x_{2}=3', 'x = 2, x = 3'],
    ['\\begin{cases}x>1\\\\x<5\\end{cases}', 'x \\in (1, 5)'],
    ['x<-2, x>2', 'x \\in (-\\infty, -2) \\cup (2, \\infty)'],
    ['\\lnot (x>2)', 'x \\in (-\\infty, 2]'],
    // Not statements.
    ['x^{2}-4', '(not-an-equation)'],
    ['2x+=7', '(unreadable-expression)'],
    ['x=10^{10^{10^{10}}}', '(too-large)'],
  ])('solves %s as %s', (latex, expected) => {
    expect(solved(latex)).toBe(expected);
  });

  it.each<[string, string | null, boolean, string]>([
    ['\\sin x=\\frac{1}{2}', '[0,360)', true, 'x = 30, x = 150'],
    ['\\sin x=\\frac{1}{2}', '[0,2\\pi)', false, 'x = \\frac{\\pi}{6}, x = \\frac{5\\pi}{6}'],
    ['\\tan x=1', '[0^{\\circ},360^{\\circ})', true, 'x = 45, x = 225'],
    ['\\cos x=0', null, false, 'x = \\frac{\\pi}{2}, x = \\frac{3\\pi}{2}'],
    ['\\sin x\\ge 0', '[0,360)', true, 'x \\in [0, 180]'],
    ['x=30^{\\circ}', '[0,360)', true, 'x = 30'],
    ['x^{2}=4', '[0,10]', false, 'x = 2'],
  ])('solves %s on %s (degrees: %s) as %s', (latex, interval, degrees, expected) => {
    const p = prepareProblem(solveData(latex, { interval: interval ?? undefined, degrees }));
    expect(solved(latex, p.ctx)).toBe(expected);
  });

  it('uses the same parameter values for every line', () => {
    const p = prepareProblem(solveData('ax+b=0'));
    expect(p.samples).toHaveLength(3);
    expect(p.samples.map((s) => s.float.a)).toEqual(
      prepareProblem(solveData('ax+b=0')).samples.map((s) => s.float.a),
    );
    const a = solveLine('x=-\\frac{b}{a}', p.ctx, p.samples[1]!);
    const b = solveLine('ax+b=0', p.ctx, p.samples[1]!);
    expect(a.ok && b.ok && setToLatex(a.set) === setToLatex(b.set)).toBe(true);
  });
});
