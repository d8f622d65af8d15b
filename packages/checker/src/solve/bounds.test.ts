import { describe, expect, it } from 'vitest';
import { checkSolve } from './check-solve';
import { hintsForSolve } from './solve-hints';
import { answerOf, HOSTILE_ANSWERS as hostile, solveData, summarize, SOLVE_CASES } from './solve.fixtures';

describe('bounded checking', () => {
  it.each(hostile)('%s gets a result, never an exception', (_title, answer) => {
    const data = solveData('2x+3=7');
    const first = checkSolve(data, answer);
    expect(first.lines).toHaveLength(answer.length);
    // Checked again (the problem prepared, the lines parsed before), the result is the same.
    expect(checkSolve(data, answer)).toEqual(first);
  });

  it('gives the same result twice (deterministic)', () => {
    for (const k of SOLVE_CASES.slice(0, 60)) {
      const a = checkSolve(solveData(k.start, k.opts), answerOf(k.lines));
      const b = checkSolve(solveData(k.start, k.opts), answerOf(k.lines));
      expect(a).toEqual(b);
    }
  });

  it('marks lines past the checked limit as too large', () => {
    const answer = Array.from({ length: 60 }, () => ({ math: '2x=4' }));
    const r = checkSolve(solveData('2x+3=7'), answer);
    expect(summarize(r).slice(48, 52)).toEqual(['ok', 'ok', 'bad:too-large', 'bad:too-large']);
  });

  it('throws for a malformed problem definition only', () => {
    expect(() => checkSolve(solveData('2x+=7'), [{ math: 'x=2' }])).toThrow(/malformed problem/);
    expect(() => checkSolve(solveData('2x=4', { interval: '[3,' }), [{ math: 'x=2' }])).toThrow(
      /malformed problem/,
    );
  });

  // Its latency (p50/p99 per check and per line) is measured by the benchmark (bench/solve-latency.ts).
  it('checks the whole corpus twice over with the same results, the second time from its caches', () => {
    const first = SOLVE_CASES.map((k) => checkSolve(solveData(k.start, k.opts), answerOf(k.lines)));
    first.forEach((r, i) => expect(r.lines).toHaveLength(SOLVE_CASES[i]!.lines.length));
    const again = SOLVE_CASES.map((k) => checkSolve(solveData(k.start, k.opts), answerOf(k.lines)));
    expect(again).toEqual(first);
  });

  it('answers hints for hostile input without throwing', () => {
    for (const [, answer] of hostile) {
      const r = hintsForSolve({ mathType: 'solve', data: solveData('2x+3=7'), answer, shown: 2 });
      expect(Array.isArray(r.hints)).toBe(true);
    }
  });
});
