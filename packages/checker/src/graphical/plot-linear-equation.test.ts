import { describe, expect, it } from 'vitest';
import { checkPlotLinearEquation } from './plot-linear-equation';

type Pt = { x: number; y: number };
const P = (x: number, y: number): Pt => ({ x, y });

describe('checkPlotLinearEquation', () => {
  it.each<[string, string, string, string, Pt[]]>([
    ['two points of y = 2x + 1', 'line-correct', '2', '1', [P(0, 1), P(1, 3)]],
    ['the same two points in the other order', 'line-correct', '2', '1', [P(1, 3), P(0, 1)]],
    ['points on half steps', 'line-correct', '2', '1', [P(-0.5, 0), P(2.5, 6)]],
    ['a fractional slope', 'line-correct', '\\frac{1}{3}', '-2', [P(0, -2), P(3, -1)]],
    [
      'a fractional slope through non-integer points',
      'line-correct',
      '\\frac{1}{3}',
      '-2',
      [P(1.5, -1.5), P(4.5, -0.5)],
    ],
    [
      'a negative fraction and a decimal intercept',
      'line-correct',
      '-\\frac{2}{5}',
      '0.5',
      [P(0, 0.5), P(2.5, -0.5)],
    ],
    [
      'decimal points whose products round in binary',
      'line-correct',
      '0.1',
      '0.2',
      [P(0.1, 0.21), P(0.3, 0.23)],
    ],
    ['a steep line with big numbers', 'line-correct', '1000', '-5000', [P(5, 0), P(10, 5000)]],
    ['a horizontal line', 'line-correct', '0', '-3', [P(-4, -3), P(6, -3)]],
    ['the same point twice', 'line-same-point', '2', '1', [P(1, 3), P(1, 3)]],
    ['a line through one right point only', 'line-one-point', '2', '1', [P(1, 3), P(2, 6)]],
    ['a vertical line through a right point', 'line-one-point', '2', '1', [P(1, 0), P(1, 3)]],
    ['slope and intercept swapped (y = x + 2)', 'line-swapped-slope-intercept', '2', '1', [P(0, 2), P(2, 4)]],
    ['the right slope shifted up', 'line-wrong-intercept', '2', '1', [P(0, 2), P(1, 4)]],
    ['the right intercept with half the slope', 'line-wrong-slope', '2', '1', [P(0, 1), P(2, 3)]],
    ['the opposite slope through the intercept', 'line-wrong-slope', '2', '1', [P(0, 1), P(1, -1)]],
    ['a line nowhere near', 'line-wrong', '2', '1', [P(0, 0), P(3, 1)]],
  ])('%s gives %s', (_title, code, m, b, points) => {
    const r = checkPlotLinearEquation({ m, b }, points as [Pt, Pt]);
    expect(r).toEqual({ correctAns: code === 'line-correct', feedbacks: `feedback.${code}` });
  });

  it.each<[string, unknown]>([
    ['a NaN coordinate', [P(NaN, 1), P(1, 3)]],
    ['a single point', [P(0, 1)]],
    ['no points', []],
    ['three points', [P(0, 1), P(1, 3), P(2, 5)]],
    ['not a list', { x: 0, y: 1 }],
    ['infinite coordinates', [P(Infinity, 1), P(1, 3)]],
  ])('answers %s with try-again', (_title, answer) => {
    expect(checkPlotLinearEquation({ m: '2', b: '1' }, answer as never).feedbacks).toBe(
      'feedback.line-try-again',
    );
  });

  it('throws when the slope is not a number', () => {
    expect(() => checkPlotLinearEquation({ m: 'x', b: '1' }, [P(0, 1), P(1, 3)])).toThrow(
      /plotLinearEquation/,
    );
  });
});
