import { describe, expect, it } from 'vitest';
import { parseLatex } from '../expr/parse';
import * as Q from '../expr/rational';
import { makeSamples } from './samples';
import { realOfQ } from './real-value';
import { rref } from './linear-rows';
import {
  compareSets,
  disjunctiveForm,
  inSet,
  projectPoints,
  projectRows,
  samplePoints,
  setOfForm,
} from './system-sets';
import { holdsAt } from './systems';

const sample = makeSamples([])[0]!;
const XY = ['x', 'y'];
const expr = (latex: string) => {
  const r = parseLatex(latex);
  if (!r.ok) throw new Error(latex);
  return r.expr;
};
const setOf = (latex: string, vars = XY) =>
  setOfForm(disjunctiveForm(expr(latex), vars, false)!, vars, sample);
const point = (...v: number[]) => v.map((n) => realOfQ(Q.rat(n)));

describe('disjunctiveForm', () => {
  it.each<[string, number[] | null]>([
    ['x=1 \\lor y=2', [1, 1]],
    ['x+y=3 \\land x-y=1', [2]],
    ['x=\\pm 2', [1, 1]],
    ['(x=1 \\lor x=2) \\land (y=3 \\lor y=4)', [2, 2, 2, 2]],
    ['x=y=2', [2]],
    ['x<2', null],
    ['(2,1)', null],
  ])('%s', (latex, sizes) => {
    const form = disjunctiveForm(expr(latex), XY, false);
    expect(form && form.map((c) => c.length)).toEqual(sizes);
  });
});

describe('sets of lines', () => {
  it('reads a linear conjunction as an affine set and a polynomial one as points', () => {
    expect(setOf('x+y=3 \\land x-y=1').components.map((c) => c.kind)).toEqual(['affine']);
    expect(setOf('x^{2}=4 \\land y=x').components.map((c) => c.kind)).toEqual(['points']);
    expect(setOf('x+y=1 \\land x+y=2').components).toEqual([]);
  });

  it('stands for an infinite set by points on it', () => {
    const line = setOf('x=1 \\lor y=2');
    const points = samplePoints(line)!;
    expect(points.length).toBeGreaterThan(2);
    for (const p of points) expect(inSet(line, p)).toBe(true);
    expect(inSet(line, point(3, 3))).toBe(false);
  });

  it('projects a line of solutions onto one unknown', () => {
    // x + y + z = 3, x − y = 0: on (x, y) every point with x = y; on z nothing is fixed.
    const rows = rref(
      [
        { coef: [Q.ONE, Q.ONE, Q.ONE], rhs: Q.rat(3) },
        { coef: [Q.ONE, Q.rat(-1), Q.ZERO], rhs: Q.ZERO },
      ],
      3,
    );
    const onXY = projectRows(rows, ['x', 'y', 'z'], XY);
    expect(inSet(onXY, point(5, 5))).toBe(true);
    expect(inSet(onXY, point(5, 4))).toBe(false);
    expect(inSet(projectRows(rows, ['x', 'y', 'z'], ['z']), point(7))).toBe(true);
  });

  it.each<[string, string, string]>([
    ['x=2 \\land y=1', 'equal', 'the point itself'],
    ['x=2 \\lor y=1', 'gained', 'an "or" of its coordinates'],
    ['x+y=3 \\land x+y=4', 'lost', 'an inconsistent system'],
    ['x=1 \\land y=2', 'other', 'another point'],
  ])('compares %s with the point (2, 1): %s (%s)', (latex, verdict) => {
    const ref = projectPoints([point(2, 1)], XY, XY);
    const line = expr(latex);
    const r = compareSets(setOf(latex), ref, (p) => holdsAt(line, XY, p, sample, false));
    expect(r?.verdict).toBe(verdict);
  });
});
