import { describe, expect, it } from 'vitest';
import { parseLatex } from '../expr/parse';
import * as Q from '../expr/rational';
import { makeSamples } from './samples';
import { linearOf, rref } from './linear-rows';

const sample = makeSamples([])[0]!;
const lin = (latex: string) => {
  const r = parseLatex(latex);
  if (!r.ok) throw new Error(latex);
  const f = linearOf(r.expr, ['x', 'y'], sample);
  return f ? [...f.c.map((c) => Q.toLatex(c, 'decimal')), Q.toLatex(f.k, 'decimal')] : null;
};

describe('linear systems', () => {
  it.each<[string, string[] | null]>([
    ['2x+3y-1', ['2', '3', '-1']],
    ['\\frac{x}{2}-y', ['\\frac{1}{2}', '-1', '0']],
    ['3(x-y)+4', ['3', '-3', '4']],
    ['xy', null],
    ['x^{2}', null],
  ])('reads %s as a linear form', (latex, expected) => {
    expect(lin(latex)).toEqual(expected);
  });

  it('reduces to a canonical echelon form', () => {
    const q = (n: number) => ({ n: BigInt(n), d: 1n });
    const a = rref(
      [
        { coef: [q(1), q(1)], rhs: q(3) },
        { coef: [q(1), q(-1)], rhs: q(1) },
      ],
      2,
    );
    const b = rref(
      [
        { coef: [q(2), q(0)], rhs: q(4) },
        { coef: [q(0), q(3)], rhs: q(3) },
      ],
      2,
    );
    expect(a).toEqual(b);
    expect(a.map((r) => Q.toLatex(r.rhs, 'decimal'))).toEqual(['2', '1']);
  });
});
