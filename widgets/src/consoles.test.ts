import { MATH_TYPES } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { CONSOLES, consoleData, consoleFor } from './consoles';

describe('the console chooser (spec 02 §2)', () => {
  it.each([
    ['solve', 'kib-math-console'],
    ['simplify', 'kib-math-console'],
    ['functions', 'kib-math-console'],
    ['equationOfALine', 'kib-math-console'],
    ['findExpression', 'kib-math-console'],
    ['plotLinearEquation', 'kib-line-console'],
    ['plotFunction', 'kib-function-console'],
    ['intervals', 'kib-interval-console'],
    ['multipleChoice', 'kib-choice-console'],
    ['setPointCartesianPlane', 'kib-points-console'],
    ['setMultiPointPlane', 'kib-points-console'],
    ['numberlinePoints', 'kib-numberline-console'],
    ['tableSimple', 'kib-table-console'],
    ['primeDecomposition', 'kib-prime-console'],
  ])('answers %s with %s', (mathType, tag) => {
    expect(consoleFor(mathType)?.tag).toBe(tag);
  });

  it('has a console for every math type, and each math type in one console only', () => {
    const all = CONSOLES.flatMap((c) => c.mathTypes);
    expect([...all].sort()).toEqual([...MATH_TYPES].sort());
  });

  it('has nothing for an unknown math type (the solver renders nothing)', () => {
    expect(consoleFor('drawAHouse')).toBeUndefined();
  });

  it('gives the text console its math type, multiple choice its choices, the others their data', () => {
    expect(consoleData({ mathType: 'solve', data: { unknownVariable: 'x' } } as never)).toEqual({
      mathType: 'solve',
      unknownVariable: 'x',
    });
    expect(
      consoleData({
        mathType: 'multipleChoice',
        choices: [{ id: 1, position: 0, text: '$1$', picture: null }],
        multipleSelection: false,
      }),
    ).toEqual({ choices: [{ id: 1, position: 0, text: '$1$', picture: null }], multipleSelection: false });
    expect(consoleData({ mathType: 'intervals', data: {} })).toEqual({});
  });
});
