import type { MathTypeContent, MultipleChoiceEntry } from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { describe, expect, it } from 'vitest';
import { stroke } from './graphical/graphical.fixtures';
import { checkNumeral, numeralHints, type CheckableNumeral } from './index';
import { BASE } from './text/text.fixtures';

const simplifyData = (startingExpression: string, target: string) => ({
  ...BASE,
  startingExpression,
  target,
});

const choice = (id: number, correct: boolean, position: number): MultipleChoiceEntry => ({
  id,
  position,
  text: `$${id}$`,
  picture: null,
  correct,
  numeralId: 1,
  stepId: null,
});

const numeral = (asked: MathTypeContent, steps: MathTypeContent[] = []): CheckableNumeral => ({
  ...asked,
  steps,
  initialHint: null,
  hintPicture: null,
});

/** One numeral per console family, with a right and a wrong answer of that console. */
const FAMILIES: [console: string, asked: MathTypeContent, right: unknown, wrong: unknown][] = [
  [
    'math console (simplify)',
    { mathType: 'simplify', data: simplifyData('\\frac{x^{2}-1}{x-1}', 'x+1') },
    [{ math: 'x+1' }],
    [{ math: 'x-1' }],
  ],
  [
    'math console (solve)',
    { mathType: 'solve', data: VALID_MATH_TYPE_DATA.solve },
    [{ math: '2x=4' }, { math: 'x=2' }],
    [{ math: 'x=3' }],
  ],
  [
    'function console',
    { mathType: 'plotFunction', data: { function: 'x^{2}' } },
    { points: stroke((x) => x * x, -2, 2, 150), inRadians: false },
    { points: stroke((x) => 2 * x + 1, -1.5, 1.5, 120), inRadians: false },
  ],
  [
    'line console',
    { mathType: 'plotLinearEquation', data: { m: '2', b: '-1' } },
    [
      { x: 0, y: -1 },
      { x: 2, y: 3 },
    ],
    [
      { x: 0, y: 1 },
      { x: 1, y: 3 },
    ],
  ],
  [
    'points console',
    { mathType: 'setPointCartesianPlane', data: { x: 0, y: -1 } },
    [{ x: 0, y: -1 }],
    [{ x: 1, y: 1 }],
  ],
  [
    'interval console',
    {
      mathType: 'intervals',
      data: {
        intervals: [
          [
            { open: true, value: 'minusInf' },
            { open: true, value: -2 },
          ],
        ],
      },
    },
    [
      [
        { open: true, value: 'minusInf' },
        { open: true, value: -2 },
      ],
    ],
    [
      [
        { open: true, value: 'minusInf' },
        { open: false, value: -2 },
      ],
    ],
  ],
  ['numberline console', { mathType: 'numberlinePoints', data: { points: [2, 3] } }, [3, 2], [2]],
  [
    'choice console',
    { mathType: 'multipleChoice', choices: [choice(11, false, 0), choice(12, true, 1)] },
    [12],
    [11],
  ],
  [
    'table console',
    // The table of x and 2x+1 for x = 0 and 1: its answer cells hold 1 and 3.
    { mathType: 'tableSimple', data: VALID_MATH_TYPE_DATA.tableSimple },
    [
      { rIndex: 1, cIndex: 1, cellAns: '1' },
      { rIndex: 2, cIndex: 1, cellAns: '3' },
    ],
    [
      { rIndex: 1, cIndex: 1, cellAns: '1' },
      { rIndex: 2, cIndex: 1, cellAns: '4' },
    ],
  ],
  [
    'prime console',
    {
      mathType: 'primeDecomposition',
      data: { numbers: [{ id: 'num012', latex: '12' }], decompType: 'Decomp' },
    },
    {
      table: primeTable([
        ['12', '2'],
        ['6', '2'],
        ['3', '3'],
        ['1', ''],
      ]),
      mathText: '2^{2}\\cdot3',
    },
    {
      table: primeTable([
        ['12', '4'],
        ['3', '3'],
        ['1', ''],
      ]),
      mathText: '',
    },
  ],
];

/** The prime console's cells from rows written as on paper: the numbers, then the divisor. */
function primeTable(rows: string[][]) {
  return rows.flatMap((row, r) =>
    row.map((cellContent, c) => ({
      rIndex: r,
      cIndex: c,
      cellType: r === 0 && c < row.length - 1 ? 'fixedMath' : r === rows.length - 1 ? 'LastMath' : 'Math',
      cellContent,
    })),
  );
}

describe('checkNumeral', () => {
  it.each(FAMILIES)('completes a numeral of the %s answered right', (_console, asked, right) => {
    const checked = checkNumeral({ numeral: numeral(asked), step: null, answer: right });
    expect(checked).toMatchObject({
      ok: true,
      mathType: asked.mathType,
      correct: true,
      numeralCompleted: true,
    });
  });

  it.each(FAMILIES)(
    'leaves a numeral of the %s answered wrong incomplete',
    (_console, asked, _right, wrong) => {
      const checked = checkNumeral({ numeral: numeral(asked), step: null, answer: wrong });
      expect(checked).toMatchObject({ ok: true, correct: false, numeralCompleted: false });
    },
  );

  it('answers the checker result in camelCase, as the consoles take it', () => {
    const [, tableAsked, , tableWrong] = FAMILIES.find(([c]) => c === 'table console')!;
    const table = checkNumeral({ numeral: numeral(tableAsked), step: null, answer: tableWrong });
    expect(table.ok && table.result).toEqual([
      { rIndex: 1, cIndex: 1, correct: true, complete: true },
      { rIndex: 2, cIndex: 1, correct: false, complete: true },
    ]);
    const [, primeAsked, primeRight] = FAMILIES.find(([c]) => c === 'prime console')!;
    const prime = checkNumeral({ numeral: numeral(primeAsked), step: null, answer: primeRight });
    expect(prime.ok && prime.result).toMatchObject({ correct: true, showMathField: true });
  });

  describe('a numeral solved step by step', () => {
    const stepped = numeral({ mathType: 'simplify', data: simplifyData('2(x+3)+x^2-x+1', 'x^2+x+7') }, [
      { mathType: 'simplify', data: simplifyData('2(x+3)', '2x+6') },
      { mathType: 'simplify', data: simplifyData('2x+6+x^2-x+1', 'x^2+x+7') },
    ]);

    it('is not complete when a step before the last is right', () => {
      const checked = checkNumeral({ numeral: stepped, step: 0, answer: [{ math: '2x+6' }] });
      expect(checked).toMatchObject({ ok: true, correct: true, numeralCompleted: false });
    });

    it('is complete when its last step is right', () => {
      const checked = checkNumeral({ numeral: stepped, step: 1, answer: [{ math: 'x^2+x+7' }] });
      expect(checked).toMatchObject({ ok: true, correct: true, numeralCompleted: true });
    });

    it('is not complete when its last step is wrong', () => {
      const checked = checkNumeral({ numeral: stepped, step: 1, answer: [{ math: 'x^2+x+8' }] });
      expect(checked).toMatchObject({ ok: true, correct: false, numeralCompleted: false });
    });

    it('checks a step against the step, not the numeral', () => {
      const checked = checkNumeral({ numeral: stepped, step: 0, answer: [{ math: 'x^2+x+7' }] });
      expect(checked).toMatchObject({ ok: true, correct: false });
    });

    it('refuses a step the numeral does not have', () => {
      expect(checkNumeral({ numeral: stepped, step: 2, answer: [{ math: 'x' }] })).toEqual({
        ok: false,
        error: 'step-not-found',
      });
    });
  });

  describe('multiple choice', () => {
    const choices = numeral({
      mathType: 'multipleChoice',
      choices: [choice(21, true, 0), choice(22, false, 1), choice(23, true, 2)],
    });

    it('is right when exactly the stored correct choices are selected, in any order', () => {
      expect(checkNumeral({ numeral: choices, step: null, answer: [23, 21] })).toMatchObject({
        ok: true,
        mathType: 'multipleChoice',
        answer: [23, 21],
        correct: true,
        numeralCompleted: true,
      });
    });

    it('is wrong when a correct choice is missing or a wrong one is selected', () => {
      expect(checkNumeral({ numeral: choices, step: null, answer: [21] })).toMatchObject({ correct: false });
      expect(checkNumeral({ numeral: choices, step: null, answer: [21, 22, 23] })).toMatchObject({
        correct: false,
      });
    });
  });

  describe('an answer that cannot be checked', () => {
    const line = numeral({ mathType: 'plotLinearEquation', data: { m: '2', b: '-1' } });

    it.each<[string, unknown]>([
      ['of another console', [{ math: 'y=2x-1' }]],
      [
        'with a point that is not a number',
        [
          { x: 'a', y: 1 },
          { x: 1, y: 1 },
        ],
      ],
      [
        'sent as a JSON string',
        JSON.stringify([
          { x: 0, y: -1 },
          { x: 2, y: 3 },
        ]),
      ],
      ['missing', undefined],
    ])('is refused when %s', (_title, answer) => {
      expect(checkNumeral({ numeral: line, step: null, answer })).toEqual({
        ok: false,
        error: 'answer-invalid',
      });
    });

    it('is refused when the numeral has no math-type data yet, after the answer is read', () => {
      const empty = numeral({ mathType: 'plotLinearEquation', data: null });
      expect(
        checkNumeral({
          numeral: empty,
          step: null,
          answer: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ],
        }),
      ).toEqual({
        ok: false,
        error: 'problem-incomplete',
      });
      expect(checkNumeral({ numeral: empty, step: null, answer: 'x' })).toEqual({
        ok: false,
        error: 'answer-invalid',
      });
    });
  });

  it('answers the answer as its schema read it', () => {
    const [, asked] = FAMILIES[0]!;
    const checked = checkNumeral({
      numeral: numeral(asked),
      step: null,
      answer: [{ math: 'x+1', solNum: 0 }],
    });
    expect(checked.ok && checked.answer).toEqual([{ math: 'x+1', solNum: 0 }]);
  });
});

describe('numeralHints', () => {
  const withHint: CheckableNumeral = {
    mathType: 'plotLinearEquation',
    data: { m: '2', b: '-1' },
    initialHint: 'Start at the y-intercept.',
    hintPicture: 'hints/line.png',
    steps: [{ mathType: 'plotLinearEquation', data: { m: '1', b: '0' } }],
  };
  const answer = [
    { x: 0, y: 0 },
    { x: 1, y: 1 },
  ];

  it("gives the numeral's own hint first, with its picture", () => {
    expect(numeralHints({ numeral: withHint, step: null, answer, shown: 0 })).toMatchObject({
      ok: true,
      hints: [{ text: 'Start at the y-intercept.' }],
      initialHint: true,
      hintPicture: 'hints/line.png',
    });
  });

  it("leaves the numeral's hint and picture out of its steps", () => {
    expect(numeralHints({ numeral: withHint, step: 0, answer, shown: 0 })).toMatchObject({
      ok: true,
      hints: [],
      initialHint: false,
      hintPicture: null,
      exhausted: true,
    });
  });

  it('refuses an answer that does not fit the console', () => {
    expect(numeralHints({ numeral: withHint, step: null, answer: [1], shown: 0 })).toEqual({
      ok: false,
      error: 'answer-invalid',
    });
  });
});
