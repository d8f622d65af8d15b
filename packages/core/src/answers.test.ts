import { describe, expect, it } from 'vitest';
import {
  ANSWER_SCHEMAS,
  CustomFeedbackSchema,
  FeedbackMessageSchema,
  IntervalsAnswerSchema,
  LineAnswerSchema,
  LineFeedbackSchema,
  MathTypeAnswerSchema,
  MultipleChoiceAnswerSchema,
  PlotFeedbackSchema,
  PlotFunctionAnswerSchema,
  PrimeDecompositionAnswerSchema,
  PrimeDecompositionFeedbackSchema,
  SetPointsAnswerSchema,
  TableFeedbackSchema,
  TextAnswerSchema,
  type AnswerOf,
  type PrimeDecompositionFeedback,
  type TableFeedback,
} from './answers';
import { toCamelCase, toSnakeCase } from './casing';
import { MATH_TYPES, type MathType } from './math-types';

const VALID_ANSWERS: { [K in MathType]: AnswerOf<K> } = {
  solve: [
    { math: '2x=4', solNum: 0 },
    { math: 'x=2', solNum: 0 },
  ],
  simplify: [{ math: '\\frac{\\left(x-1\\right)\\left(x+1\\right)}{x-1}' }, { math: 'x+1' }],
  functions: [{ math: 'f(3)=7' }],
  equationOfALine: [{ math: 'm=2' }, { math: 'b=1' }, { math: 'y=2x+1' }],
  findExpression: [{ math: 'y=\\frac{6-2x}{3}' }],
  plotLinearEquation: [
    { x: 0, y: -1 },
    { x: 1, y: 1 },
  ],
  plotFunction: {
    points: [
      { x: -1, y: -3 },
      { x: 0, y: -4 },
      { x: 1, y: -3 },
    ],
    inRadians: false,
  },
  intervals: [
    [
      { open: true, value: 'minusInf' },
      { open: true, value: -2 },
    ],
  ],
  multipleChoice: [3, 5],
  setPointCartesianPlane: [{ x: 0, y: -1 }],
  setMultiPointPlane: [
    { x: -1, y: 1 },
    { x: 0, y: 0 },
  ],
  numberlinePoints: [2, 3],
  tableSimple: [{ rIndex: 1, cIndex: 1, cellAns: '1' }],
  primeDecomposition: {
    table: [
      { rIndex: 0, cIndex: 0, cellType: 'fixedMath', cellContent: '360' },
      { rIndex: 0, cIndex: 1, cellType: 'Math', cellContent: '2' },
      { rIndex: 1, cIndex: 0, cellType: 'LastMath', cellContent: '180' },
    ],
    mathText: '2^{3}\\cdot3^{2}\\cdot5',
  },
};

describe('answer schemas', () => {
  it.each(MATH_TYPES)('accepts a %s answer from its console, alone and in the union', (mathType) => {
    const answer = VALID_ANSWERS[mathType];
    expect(ANSWER_SCHEMAS[mathType].safeParse(answer).success).toBe(true);
    expect(MathTypeAnswerSchema.safeParse({ mathType, answer }).success).toBe(true);
  });

  it.each<[string, { safeParse: (value: unknown) => { success: boolean } }, unknown]>([
    ['a text answer without lines', TextAnswerSchema, []],
    ['a text line of 2001 characters', TextAnswerSchema, [{ math: 'x'.repeat(2001) }]],
    ['a text answer of 51 lines', TextAnswerSchema, Array.from({ length: 51 }, () => ({ math: 'x' }))],
    ['a negative solution number', TextAnswerSchema, [{ math: 'x=2', solNum: -1 }]],
    ['a line with one point', LineAnswerSchema, [{ x: 0, y: 0 }]],
    [
      'a line with three points',
      LineAnswerSchema,
      [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ],
    ],
    ['a point with a text coordinate', SetPointsAnswerSchema, [{ x: '1', y: 2 }]],
    ['an infinite coordinate', SetPointsAnswerSchema, [{ x: Number.POSITIVE_INFINITY, y: 2 }]],
    ['a drawing without the radians flag', PlotFunctionAnswerSchema, { points: [] }],
    [
      'a drawing of 5001 points',
      PlotFunctionAnswerSchema,
      {
        points: Array.from({ length: 5001 }, (_, x) => ({ x, y: 0 })),
        inRadians: false,
      },
    ],
    ['a half-drawn interval', IntervalsAnswerSchema, [[{ open: true, value: 1 }]]],
    [
      'a bracket at an unknown infinity',
      IntervalsAnswerSchema,
      [
        [
          { open: true, value: '-inf' },
          { open: true, value: 1 },
        ],
      ],
    ],
    ['a choice selected twice', MultipleChoiceAnswerSchema, [3, 3]],
    ['a choice id that is not an id', MultipleChoiceAnswerSchema, [0]],
    [
      'an unknown prime-table cell type',
      PrimeDecompositionAnswerSchema,
      {
        table: [{ rIndex: 0, cIndex: 0, cellType: 'math', cellContent: '2' }],
        mathText: '',
      },
    ],
  ])('refuses %s', (_title, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it('refuses a text answer sent for a graphical math type', () => {
    expect(MathTypeAnswerSchema.safeParse({ mathType: 'intervals', answer: [{ math: 'x>2' }] }).success).toBe(
      false,
    );
  });
});

describe('feedback schemas', () => {
  it.each<[string, { safeParse: (value: unknown) => { success: boolean } }, unknown]>([
    ['plot feedback', PlotFeedbackSchema, { correctAns: false, feedbacks: 'Intenta de Nuevo!' }],
    ['custom feedback', CustomFeedbackSchema, { correct: true, feedback: { key: 'well-done', params: {} } }],
    ['table feedback', TableFeedbackSchema, [{ rIndex: 1, cIndex: 1, correct: true, complete: false }]],
    [
      'prime decomposition feedback',
      PrimeDecompositionFeedbackSchema,
      {
        correct: false,
        message: { key: 'divisor-not-prime', params: { divisor: 4 } },
        showMathField: false,
        cells: [{ rIndex: 0, cIndex: 1 }],
      },
    ],
    ['a correct text line', LineFeedbackSchema, { correct: true }],
    ['a blank text line (no mark)', LineFeedbackSchema, { correct: false, neutral: true }],
    [
      'a wrong text line with a highlight path',
      LineFeedbackSchema,
      {
        correct: false,
        feedback: { key: 'not-equivalent', params: {} },
        highlight: [1, 0],
      },
    ],
  ])('accepts %s', (_title, schema, value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });

  it("refuses table feedback written with the wire's snake_case keys", () => {
    expect(
      TableFeedbackSchema.safeParse([{ r_index: 1, c_index: 1, correct: true, complete: true }]).success,
    ).toBe(false);
  });

  it("puts table and prime feedback on the wire with the spec's keys, and reads them back", () => {
    const table: TableFeedback = [{ rIndex: 1, cIndex: 2, correct: true, complete: false }];
    const prime: PrimeDecompositionFeedback = {
      correct: false,
      message: { key: 'divisor-not-prime', params: {} },
      showMathField: true,
      cells: [{ rIndex: 0, cIndex: 1 }],
    };
    expect(toSnakeCase(table)).toEqual([{ r_index: 1, c_index: 2, correct: true, complete: false }]);
    expect(toSnakeCase(prime)).toEqual({
      correct: false,
      message: { key: 'divisor-not-prime', params: {} },
      show_math_field: true,
      cells: [{ r_index: 0, c_index: 1 }],
    });
    expect(toCamelCase(toSnakeCase(table))).toEqual(table);
    expect(toCamelCase(toSnakeCase(prime))).toEqual(prime);
  });

  it('gives a feedback message empty params when none are sent', () => {
    expect(FeedbackMessageSchema.parse({ key: 'lost-solution' })).toEqual({
      key: 'lost-solution',
      params: {},
    });
  });
});
