import type { MathType, NumeralDraft, ProblemDraft, StepDraft } from '@kib/core';

/** A solve record of x with its stated solutions. */
export function solve(start: string, solutions: string[], interval: string | null = null) {
  return {
    unknownVariable: 'x',
    startingExpression: start,
    helpingExpression: null,
    constant: [],
    units: [],
    definedSymbols: [],
    functions: [],
    definedSolutions: solutions.map((latex, i) => ({ id: `sol00${i}`, latex })),
    convertToDegrees: false,
    interval,
  };
}

/** A simplify record. */
export function simplify(start: string, target: string) {
  return {
    startingExpression: start,
    target,
    constant: [],
    units: [],
    definedSymbols: [],
    functions: [],
    complementaryEquations: [],
    complementaryVariables: [],
    convertToDegrees: false,
    exactExpr: true,
    interval: null,
  };
}

let keys = 0;
const key = () => `key${String(++keys).padStart(4, '0')}`;

/** A step of a draft. */
export function step(instruction: string, mathType: MathType, data: unknown): StepDraft {
  return {
    key: key(),
    id: 7,
    instruction,
    explanation: '',
    picture: null,
    videoS3: null,
    calculator: false,
    mathType,
    data,
    choices: [],
  };
}

/** A numeral of a draft. */
export function numeral(
  question: string,
  mathType: MathType,
  data: unknown,
  steps: StepDraft[] = [],
): NumeralDraft {
  return {
    key: key(),
    id: 5,
    question,
    initialHint: null,
    hintPicture: null,
    picture: null,
    videoS3: null,
    calculator: false,
    mathType,
    data,
    choices: [],
    steps,
  };
}

/** A saved, published draft with these numerals. */
export function problem(numerals: NumeralDraft[], description = ''): ProblemDraft {
  return {
    id: 42,
    title: 'Problema',
    description,
    language: 'es',
    courseId: null,
    topicId: null,
    subtopicId: null,
    numeration: null,
    publishProblem: true,
    calculator: false,
    picture: null,
    videoS3: null,
    numerals,
    skillIds: [],
  };
}

/** The equation of a line through (1, 3) and (3, 7), asking for m, b and the equation. */
export const LINE = {
  x1: '1',
  y1: '3',
  x2: '3',
  y2: '7',
  xSymbol: 'x',
  ySymbol: 'y',
  mSymbol: 'm',
  bSymbol: 'b',
  mGiven: false,
  bGiven: false,
  findM: true,
  findB: true,
  findEquation: true,
};

/** A value table of y = 2x + 1 at x = -1, 0, 2. */
export const TABLE = {
  constant: [],
  interval: false,
  numRows: 4,
  numColumns: 2,
  tableData: [
    { rIndex: 0, cIndex: 0, cellType: 'headerText' as const, cellContent: '$x$' },
    { rIndex: 0, cIndex: 1, cellType: 'headerText' as const, cellContent: '$y=2x+1$' },
    { rIndex: 1, cIndex: 0, cellType: 'text' as const, cellContent: '$-1$' },
    { rIndex: 1, cIndex: 1, cellType: 'mathAns' as const, cellContent: '-1' },
    { rIndex: 2, cIndex: 0, cellType: 'text' as const, cellContent: '$0$' },
    { rIndex: 2, cIndex: 1, cellType: 'mathAns' as const, cellContent: '1' },
    { rIndex: 3, cIndex: 0, cellType: 'text' as const, cellContent: '$2$' },
    { rIndex: 3, cIndex: 1, cellType: 'mathAns' as const, cellContent: '5' },
  ],
};
