import { describe, expect, it } from 'vitest';
import { parseLatex } from '../expr/parse';
import * as Q from '../expr/rational';
import { polyFromExpr, varPoly, type Poly } from '../expr/poly';
import { polyEquation, resultant, solvePolynomialSystem, type PolyEquation } from './polynomial-systems';
import { makeSamples } from './samples';

const sample = makeSamples([])[0]!;
const expr = (latex: string) => {
  const r = parseLatex(latex);
  if (!r.ok) throw new Error(latex);
  return r.expr;
};
const poly = (latex: string): Poly => polyFromExpr(expr(latex))!;
const equation = (latex: string, unknowns = ['x', 'y']): PolyEquation => {
  const e = expr(latex);
  if (e.type !== 'relation') throw new Error(latex);
  return polyEquation(e.args[0]!, e.args[1]!, unknowns, sample)!;
};
const solved = (eqs: string[], unknowns = ['x', 'y']) => {
  const points = solvePolynomialSystem(
    eqs.map((e) => equation(e, unknowns)),
    unknowns,
  );
  return (
    points &&
    points
      .map((p) => p.map((v) => Math.round(v.v * 1e9) / 1e9))
      .sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!)
  );
};

describe('resultants', () => {
  it('eliminates y from a circle and a hyperbola', () => {
    // Res_y(x² + y² − 25, xy − 12) = x⁴ − 25x² + 144 (up to sign).
    const r = resultant(poly('x^{2}+y^{2}-25'), poly('xy-12'), 'y', 'x').map(Q.toNumber);
    const lead = r[4]!;
    expect(r.map((c) => c / lead)).toEqual([144, 0, -25, 0, 1]);
  });

  it('is zero for polynomials with a common factor', () => {
    const r = resultant(poly('(x-y)(x+y)'), poly('(x-y)(x-1)'), 'y', 'x');
    expect(r.every(Q.isZero)).toBe(true);
  });

  it('is constant when one side is free of the eliminated unknown', () => {
    expect(resultant(varPoly('x'), poly('y-1'), 'y', 'x').map(Q.toNumber)).toEqual([0, 1]);
  });
});

describe('solvePolynomialSystem', () => {
  it.each<[string, string[], number[][] | null]>([
    [
      'a symmetric cubic system',
      ['x^{3}+y^{3}=9', 'x^{2}y+xy^{2}=6'],
      [
        [1, 2],
        [2, 1],
      ],
    ],
    [
      'a circle and a hyperbola',
      ['x^{2}+y^{2}=25', 'xy=12'],
      [
        [-4, -3],
        [-3, -4],
        [3, 4],
        [4, 3],
      ],
    ],
    [
      'a circle and a line, by substitution',
      ['x^{2}+y^{2}=5', 'y=x+1'],
      [
        [-2, -1],
        [1, 2],
      ],
    ],
    [
      'two parabolas',
      ['y=x^{2}', 'y=2-x^{2}'],
      [
        [-1, 1],
        [1, 1],
      ],
    ],
    ['a circle and a line that miss', ['x^{2}+y^{2}=1', 'x+y=5'], []],
    ['a rational equation keeps its denominator', ['y=\\frac{x^{2}-1}{x-1}', 'y=2'], []],
    ['a common factor: a curve of solutions', ['(x-y)(x+y)=0', '(x-y)(x-1)=0'], null],
    ['one equation in two unknowns', ['x^{2}+y^{2}=4'], null],
  ])('%s', (_title, eqs, expected) => {
    expect(solved(eqs)).toEqual(expected);
  });

  it('eliminates linear unknowns of a larger system first', () => {
    expect(solved(['x+y+z=6', 'xy=2', 'z=3'], ['x', 'y', 'z'])).toEqual([
      [1, 2, 3],
      [2, 1, 3],
    ]);
  });

  it('gives exact values where the roots are rational or quadratic surds', () => {
    const points = solvePolynomialSystem([equation('y=x^{2}'), equation('y=x+1')], ['x', 'y'])!;
    expect(points).toHaveLength(2);
    for (const p of points) for (const v of p) expect(v.exact).not.toBeNull();
  });

  it('gives up on degrees past its limits rather than work without bound', () => {
    expect(solved(['x^{30}+y^{30}=2', 'x^{29}y=1'])).toBeNull();
  });
});
