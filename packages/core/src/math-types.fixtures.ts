import type { MathType, MathTypeDataOf } from './math-types';

/**
 * One valid, mathematically correct data record per math type, for tests of this package and of the
 * packages that build on it (`@kib/core/fixtures`). Not exported from the package index.
 */
export const VALID_MATH_TYPE_DATA: { [K in MathType]: MathTypeDataOf<K> } = {
  solve: {
    unknownVariable: 'x',
    startingExpression: '2x+3=7',
    helpingExpression: null,
    constant: [],
    units: [],
    definedSymbols: [],
    functions: [],
    definedSolutions: [{ id: 'sol001', latex: 'x=2' }],
    convertToDegrees: false,
    interval: null,
  },
  simplify: {
    startingExpression: '\\frac{x^{2}-1}{x-1}',
    target: 'x+1',
    constant: [],
    units: [],
    definedSymbols: [],
    functions: [],
    complementaryEquations: [],
    complementaryVariables: [],
    convertToDegrees: false,
    exactExpr: false,
    interval: null,
  },
  functions: {
    functionExpr: 'f(x)=2x+1',
    xValue: '3',
    yValue: null,
    convertToDegrees: false,
  },
  equationOfALine: {
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
  },
  findExpression: {
    unknownVariable: 'y',
    targetExpression: '\\frac{6-2x}{3}',
    definingEquation: '2x+3y=6',
    constant: [],
    convertToDegrees: false,
  },
  plotLinearEquation: { m: '2', b: '-1' },
  plotFunction: { function: 'x^{2}-4' },
  intervals: {
    intervals: [
      [
        { open: true, value: 'minusInf' },
        { open: true, value: -2 },
      ],
      [
        { open: true, value: 2 },
        { open: true, value: 'inf' },
      ],
    ],
  },
  multipleChoice: {
    choices: [
      { text: '$\\frac{1}{2}$', picture: null, correct: true },
      { text: '$\\frac{\\sqrt{3}}{2}$', picture: null, correct: false },
    ],
  },
  setPointCartesianPlane: { x: 0, y: -1 },
  setMultiPointPlane: { pointsList: '(-1,1)\n(0,0)\n(1,1)' },
  numberlinePoints: { points: [2, 3] },
  tableSimple: {
    constant: [],
    interval: false,
    numRows: 3,
    numColumns: 2,
    tableData: [
      { rIndex: 0, cIndex: 0, cellType: 'headerText', cellContent: '$x$' },
      { rIndex: 0, cIndex: 1, cellType: 'headerText', cellContent: '$2x+1$' },
      { rIndex: 1, cIndex: 0, cellType: 'text', cellContent: '0' },
      { rIndex: 1, cIndex: 1, cellType: 'mathAns', cellContent: '1' },
      { rIndex: 2, cIndex: 0, cellType: 'text', cellContent: '1' },
      { rIndex: 2, cIndex: 1, cellType: 'mathAns', cellContent: '3' },
    ],
  },
  primeDecomposition: {
    numbers: [{ id: 'num360', latex: '360' }],
    decompType: 'Decomp',
  },
};
