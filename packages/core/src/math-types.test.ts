import { describe, expect, it } from 'vitest';
import { VALID_MATH_TYPE_DATA } from './math-types.fixtures';
import {
  EquationOfALineDataSchema,
  ExpressionListSchema,
  FunctionsDataSchema,
  IntervalsDataSchema,
  isTextMathType,
  intervalsLatex,
  isWellFormedInterval,
  MATH_TYPE_DATA_SCHEMAS,
  MATH_TYPES,
  MathTypeDataSchema,
  MultipleChoiceDataSchema,
  PrimeDecompositionDataSchema,
  SimplifyDataSchema,
  TableSimpleDataSchema,
  TEXT_MATH_TYPES,
  type Interval,
} from './math-types';

describe('MATH_TYPES', () => {
  it('lists the fourteen math types of the spec once each', () => {
    expect(MATH_TYPES).toHaveLength(14);
    expect(new Set(MATH_TYPES).size).toBe(14);
  });

  it.each([
    ['solve', true],
    ['simplify', true],
    ['functions', true],
    ['equationOfALine', true],
    ['findExpression', true],
    ['plotLinearEquation', false],
    ['plotFunction', false],
    ['intervals', false],
    ['multipleChoice', false],
    ['setPointCartesianPlane', false],
    ['setMultiPointPlane', false],
    ['numberlinePoints', false],
    ['tableSimple', false],
    ['primeDecomposition', false],
  ] as const)('%s is answered in the text console: %s', (mathType, expected) => {
    expect(isTextMathType(mathType)).toBe(expected);
    expect((TEXT_MATH_TYPES as readonly string[]).includes(mathType)).toBe(expected);
  });
});

describe('math-type data schemas', () => {
  it.each(MATH_TYPES)('accepts a correct %s record, alone and in the union', (mathType) => {
    const data = VALID_MATH_TYPE_DATA[mathType];
    expect(MATH_TYPE_DATA_SCHEMAS[mathType].safeParse(data).success).toBe(true);
    expect(MathTypeDataSchema.safeParse({ mathType, data }).success).toBe(true);
  });

  it('refuses a record paired with another math type', () => {
    const result = MathTypeDataSchema.safeParse({
      mathType: 'solve',
      data: VALID_MATH_TYPE_DATA.simplify,
    });
    expect(result.success).toBe(false);
  });

  it('refuses an unknown math type', () => {
    expect(MathTypeDataSchema.safeParse({ mathType: 'proof', data: {} }).success).toBe(false);
  });

  it('fills the default line symbols x, y, m and b when they are missing', () => {
    const { x1, y1, x2, y2, mGiven, bGiven, findM, findB, findEquation } =
      VALID_MATH_TYPE_DATA.equationOfALine;
    const parsed = EquationOfALineDataSchema.parse({
      x1,
      y1,
      x2,
      y2,
      mGiven,
      bGiven,
      findM,
      findB,
      findEquation,
    });
    expect([parsed.xSymbol, parsed.ySymbol, parsed.mSymbol, parsed.bSymbol]).toEqual(['x', 'y', 'm', 'b']);
  });

  const huge = 'x+'.repeat(5000);
  const simplify = VALID_MATH_TYPE_DATA.simplify;
  const table = VALID_MATH_TYPE_DATA.tableSimple;
  const functions = VALID_MATH_TYPE_DATA.functions;
  const line = VALID_MATH_TYPE_DATA.equationOfALine;

  it.each<[string, { safeParse: (value: unknown) => { success: boolean } }, unknown]>([
    ['a huge starting expression', SimplifyDataSchema, { ...simplify, startingExpression: huge }],
    ['an empty target', SimplifyDataSchema, { ...simplify, target: '  ' }],
    ['a functions record with both values', FunctionsDataSchema, { ...functions, xValue: '3', yValue: '7' }],
    ['a functions record with no value', FunctionsDataSchema, { ...functions, xValue: null, yValue: null }],
    [
      'a line record that asks for nothing',
      EquationOfALineDataSchema,
      { ...line, findM: false, findB: false, findEquation: false },
    ],
    ['a line through one repeated point', EquationOfALineDataSchema, { ...line, x2: '1', y2: '3' }],
    [
      'a choice list with no correct choice',
      MultipleChoiceDataSchema,
      {
        choices: [{ text: '$1$', picture: null, correct: false }],
      },
    ],
    ['an empty choice list', MultipleChoiceDataSchema, { choices: [] }],
    [
      'a choice with neither text nor picture',
      MultipleChoiceDataSchema,
      {
        choices: [{ text: '', picture: null, correct: true }],
      },
    ],
    [
      'a table cell outside the table',
      TableSimpleDataSchema,
      {
        ...table,
        tableData: [...table.tableData, { rIndex: 5, cIndex: 0, cellType: 'text', cellContent: '' }],
      },
    ],
    [
      'two table cells at one position',
      TableSimpleDataSchema,
      {
        ...table,
        tableData: [...table.tableData, { rIndex: 1, cIndex: 1, cellType: 'text', cellContent: '' }],
      },
    ],
    [
      'a table without an answer cell',
      TableSimpleDataSchema,
      {
        ...table,
        tableData: table.tableData.filter((cell) => cell.cellType !== 'mathAns'),
      },
    ],
    [
      'an answer cell without its expected answer',
      TableSimpleDataSchema,
      {
        ...table,
        tableData: [{ rIndex: 0, cIndex: 0, cellType: 'mathAns', cellContent: '' }],
      },
    ],
    ['a table of 31 rows', TableSimpleDataSchema, { ...table, numRows: 31 }],
    [
      'the number 1 to decompose',
      PrimeDecompositionDataSchema,
      {
        numbers: [{ id: 'num001', latex: '1' }],
        decompType: 'Decomp',
      },
    ],
    [
      'a negative number to decompose',
      PrimeDecompositionDataSchema,
      {
        numbers: [{ id: 'num001', latex: '-12' }],
        decompType: 'Decomp',
      },
    ],
    [
      'a decimal number to decompose',
      PrimeDecompositionDataSchema,
      {
        numbers: [{ id: 'num001', latex: '12.5' }],
        decompType: 'Decomp',
      },
    ],
    [
      'a number with a leading zero',
      PrimeDecompositionDataSchema,
      {
        numbers: [{ id: 'num001', latex: '012' }],
        decompType: 'Decomp',
      },
    ],
    [
      'a 13-digit number',
      PrimeDecompositionDataSchema,
      {
        numbers: [{ id: 'num001', latex: '1234567890123' }],
        decompType: 'Decomp',
      },
    ],
    [
      'an LCM of a single number',
      PrimeDecompositionDataSchema,
      {
        numbers: [{ id: 'num001', latex: '12' }],
        decompType: 'LCM',
      },
    ],
    [
      'an unknown decomposition type',
      PrimeDecompositionDataSchema,
      {
        numbers: [{ id: 'num001', latex: '12' }],
        decompType: 'lcm',
      },
    ],
    [
      'an expression list with a repeated id',
      ExpressionListSchema,
      [
        { id: 'abc123', latex: 'a' },
        { id: 'abc123', latex: 'b' },
      ],
    ],
    ['an expression item with a long id', ExpressionListSchema, [{ id: 'abcdefg', latex: 'a' }]],
    [
      'an expression list of 51 items',
      ExpressionListSchema,
      Array.from({ length: 51 }, (_, index) => ({
        id: `id${String(index).padStart(4, '0')}`,
        latex: 'a',
      })),
    ],
    [
      'an interval whose ends are swapped',
      IntervalsDataSchema,
      {
        intervals: [
          [
            { open: true, value: 3 },
            { open: true, value: 1 },
          ],
        ],
      },
    ],
    [
      '21 intervals',
      IntervalsDataSchema,
      {
        intervals: Array.from({ length: 21 }, (_, index) => [
          { open: true, value: 2 * index },
          { open: true, value: 2 * index + 1 },
        ]),
      },
    ],
  ])('refuses %s', (_title, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('intervalsLatex', () => {
  it('writes each interval with its brackets, joined by a union, and none as the empty set', () => {
    expect(
      intervalsLatex([
        [
          { open: true, value: 'minusInf' },
          { open: false, value: -2 },
        ],
        [
          { open: false, value: 1.5 },
          { open: true, value: 'inf' },
        ],
      ]),
    ).toBe('(-\\infty,-2]\\cup [1.5,\\infty)');
    expect(intervalsLatex([])).toBe('\\emptyset');
  });
});

describe('isWellFormedInterval', () => {
  const bracket = (open: boolean, value: number | 'minusInf' | 'inf') => ({ open, value });

  it.each<[string, Interval, boolean]>([
    ['(-2, 2)', [bracket(true, -2), bracket(true, 2)], true],
    ['[0, 3)', [bracket(false, 0), bracket(true, 3)], true],
    ['(-inf, -2)', [bracket(true, 'minusInf'), bracket(true, -2)], true],
    ['(-inf, inf)', [bracket(true, 'minusInf'), bracket(true, 'inf')], true],
    ['a degenerate [1, 1]', [bracket(false, 1), bracket(false, 1)], false],
    ['reversed (3, 1)', [bracket(true, 3), bracket(true, 1)], false],
    ['closed at -inf', [bracket(false, 'minusInf'), bracket(true, 0)], false],
    ['closed at inf', [bracket(true, 0), bracket(false, 'inf')], false],
    ['inf on the left', [bracket(true, 'inf'), bracket(true, 'inf')], false],
    ['-inf on the right', [bracket(true, 0), bracket(true, 'minusInf')], false],
  ])('%s is well formed: %s', (_title, interval, expected) => {
    expect(isWellFormedInterval(interval)).toBe(expected);
  });
});
