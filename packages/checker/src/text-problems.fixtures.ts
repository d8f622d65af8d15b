import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { solveData } from './solve/solve.fixtures';
import { BASE } from './text/text.fixtures';
import type { CheckRequest } from './types';

/**
 * One problem of each text math type with `l` as its answer's only line: what the robustness test
 * checks generated lines against, and the benchmark times.
 */
export const textProblemsAnswered = (l: string): CheckRequest[] => [
  { mathType: 'simplify', data: BASE, answer: [{ math: l }] },
  {
    mathType: 'functions',
    data: { functionExpr: 'f(x)=x^{2}+1', xValue: '2', yValue: null, convertToDegrees: false },
    answer: [{ math: l }],
  },
  {
    mathType: 'findExpression',
    data: {
      unknownVariable: 'h',
      targetExpression: '\\frac{2A}{b}',
      definingEquation: 'A=\\frac{1}{2}bh',
      constant: [],
      convertToDegrees: false,
    },
    answer: [{ math: l }],
  },
  {
    mathType: 'equationOfALine',
    data: VALID_MATH_TYPE_DATA.equationOfALine,
    answer: [{ math: l }],
  },
  { mathType: 'solve', data: solveData('x^{2}-5x+6=0', { sols: ['2', '3'] }), answer: [{ math: l }] },
];
