import {
  CustomFeedbackSchema,
  PlotFeedbackSchema,
  PrimeDecompositionFeedbackSchema,
  TableFeedbackSchema,
  type MathType,
} from '@kib/core';
import { describe, expect, it } from 'vitest';
import type { CheckData } from '../types';
import { GRAPHICAL_FEEDBACK_CODES } from './feedback-codes';
import { fastestMs, numericEquivalent, seededRandom } from './graphical.fixtures';
import {
  checkIntervals,
  checkMultipleChoice,
  checkNumberlinePoints,
  checkPlotFunction,
  checkPlotLinearEquation,
  checkPrimeDecomposition,
  checkSetMultiPointPlane,
  checkSetPointCartesianPlane,
  checkTableSimple,
} from './index';

const KEYS = new Set(GRAPHICAL_FEEDBACK_CODES.map((code) => `feedback.${code}`));

/** Untrusted values of every awkward kind, drawn from a seeded PRNG. */
function junk(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * 14);
  const n = () =>
    [NaN, Infinity, -Infinity, 1e300, -1e-300, 0, -0, 1e30, 2 ** 53 + 1, random() * 20 - 10][
      Math.floor(random() * 10)
    ]!;
  switch (pick) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return n();
    case 3:
      return ['', 'inf', 'minusInf', '\\frac{', '12', 'x^{2}', '1'.repeat(40)][Math.floor(random() * 7)];
    case 4:
      return { x: n(), y: n() };
    case 5:
      return { open: random() < 0.5, value: random() < 0.3 ? 'inf' : n() };
    case 6:
      return {
        rIndex: Math.floor(random() * 8),
        cIndex: Math.floor(random() * 3),
        cellType: 'Math',
        cellContent: String(junk(random, depth + 1)),
        cellAns: String(junk(random, depth + 1)),
      };
    case 7:
      return Math.floor(random() * 30);
    default:
      if (depth > 2) return [];
      return Array.from({ length: Math.floor(random() * 6) }, () => junk(random, depth + 1));
  }
}

const targets: {
  [K in MathType]?: {
    data: CheckData<K>;
    run: (data: CheckData<K>, answer: unknown) => unknown;
    schema: { parse: (v: unknown) => unknown };
  };
} = {
  plotFunction: {
    data: { function: '\\frac{1}{x-1}+x' },
    run: (d, a) => checkPlotFunction(d, a as never),
    schema: PlotFeedbackSchema,
  },
  plotLinearEquation: {
    data: { m: '2', b: '1' },
    run: (d, a) => checkPlotLinearEquation(d, a as never),
    schema: PlotFeedbackSchema,
  },
  setPointCartesianPlane: {
    data: { x: 1, y: 2 },
    run: (d, a) => checkSetPointCartesianPlane(d, a as never),
    schema: PlotFeedbackSchema,
  },
  setMultiPointPlane: {
    data: { pointsList: '(1,2)\n(3,4)' },
    run: (d, a) => checkSetMultiPointPlane(d, a as never),
    schema: PlotFeedbackSchema,
  },
  numberlinePoints: {
    data: { points: [1, 2] },
    run: (d, a) => checkNumberlinePoints(d, a as never),
    schema: PlotFeedbackSchema,
  },
  intervals: {
    data: {
      intervals: [
        [
          { open: true, value: 'minusInf' },
          { open: false, value: 2 },
        ],
      ],
    },
    run: (d, a) => checkIntervals(d, a as never),
    schema: PlotFeedbackSchema,
  },
  multipleChoice: {
    data: {
      choices: [
        { id: 1, correct: true },
        { id: 2, correct: false },
      ],
    },
    run: (d, a) => checkMultipleChoice(d, a as never),
    schema: CustomFeedbackSchema,
  },
  tableSimple: {
    data: {
      constant: [],
      interval: false,
      numRows: 2,
      numColumns: 2,
      tableData: [{ rIndex: 1, cIndex: 1, cellType: 'mathAns', cellContent: 'x+1' }],
    },
    run: (d, a) => checkTableSimple(d, a as never, numericEquivalent),
    schema: TableFeedbackSchema,
  },
  primeDecomposition: {
    data: {
      numbers: [
        { id: 'aaaaaa', latex: '12' },
        { id: 'bbbbbb', latex: '18' },
      ],
      decompType: 'LCM',
    },
    run: (d, a) => checkPrimeDecomposition(d, a as never),
    schema: PrimeDecompositionFeedbackSchema,
  },
};

function keysOf(result: unknown): string[] {
  if (Array.isArray(result)) return [];
  const r = result as { feedbacks?: string; feedback?: { key: string }; message?: { key: string } };
  return [r.feedbacks ?? r.feedback?.key ?? r.message?.key ?? ''];
}

describe('every graphical checker, with untrusted answers', () => {
  it.each(Object.keys(targets))(
    '%s answers 400 random malformed answers with a valid, repeatable result in under 50 ms (p99), never a throw',
    (type) => {
      const target = targets[type as MathType] as {
        data: unknown;
        run: (d: unknown, a: unknown) => unknown;
        schema: { parse: (v: unknown) => unknown };
      };
      const random = seededRandom(type.length * 7919);
      const times: number[] = [];
      for (let i = 0; i < 400; i++) {
        const answer =
          i % 2 === 0
            ? junk(random)
            : { points: junk(random), inRadians: true, table: junk(random), mathText: junk(random) };
        const t0 = performance.now();
        const result = target.run(target.data, answer);
        times.push(performance.now() - t0);
        expect(() => target.schema.parse(result)).not.toThrow();
        for (const key of keysOf(result)) expect(KEYS.has(key), key).toBe(true);
        expect(target.run(target.data, answer)).toEqual(result);
      }
      times.sort((a, b) => a - b);
      expect(times[Math.floor(times.length * 0.99)]).toBeLessThan(50);
    },
  );

  it('answers 10 000 drawn points and 10 000 placed points in bounded time', () => {
    const random = seededRandom(3);
    const many = Array.from({ length: 10_000 }, () => ({ x: random() * 10 - 5, y: random() * 10 - 5 }));
    for (const run of [
      () => checkPlotFunction({ function: '\\tan x' }, { points: many, inRadians: true }),
      () => checkSetMultiPointPlane({ pointsList: '(1,2)' }, many),
      () =>
        checkNumberlinePoints(
          { points: [1] },
          many.map((p) => p.x),
        ),
      () =>
        checkIntervals(
          { intervals: [] },
          many.map((p) => [
            { open: true, value: p.x },
            { open: true, value: p.y },
          ]) as never,
        ),
    ]) {
      expect(PlotFeedbackSchema.parse(run()).correctAns).toBe(false);
      expect(fastestMs(run)).toBeLessThan(50);
    }
  });
});
