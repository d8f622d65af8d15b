import { describe, expect, it } from 'vitest';
import { analyzeNumeric, BudgetExceeded, DEFAULT_WINDOW } from './numeric-roots';

const zero = () => 0;
const run = (f: (x: number) => number, budget = 1e9) =>
  analyzeNumeric(f, zero, DEFAULT_WINDOW, { radians: false, budget: { left: budget }, cost: 1 }).map(
    (p) => `${p.kind}:${+p.value.v.toFixed(6)}`,
  );

describe('analyzeNumeric', () => {
  it.each<[string, (x: number) => number, string[]]>([
    ['a crossing root', (x) => x - 3, ['root:3']],
    ['a touching root (double)', (x) => (x - 2) ** 2, ['root:2']],
    ['two roots closer than the grid', (x) => (x - 100) * (x - 100.3), ['root:100', 'root:100.3']],
    ['a pole is not a root', (x) => 1 / (x - 1), ['pole:1']],
    ['a domain boundary', (x) => (x >= 4 ? Math.sqrt(x - 4) - 1 : NaN), ['boundary:4', 'root:5']],
    ['no root', (x) => x * x + 1, []],
  ])('finds %s', (_t, f, expected) => {
    expect(run(f)).toEqual(expected);
  });

  it('stops when the work budget runs out', () => {
    expect(() => run((x) => x, 100)).toThrow(BudgetExceeded);
  });
});
