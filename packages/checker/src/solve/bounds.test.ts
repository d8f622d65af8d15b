import { describe, expect, it } from 'vitest';
import type { TextAnswer } from '@kib/core';
import { checkSolve } from './check-solve';
import { hintsForSolve } from './solve-hints';
import { answerOf, solveData, summarize, SOLVE_CASES } from './solve.fixtures';

/** Milliseconds of one call (measured and reported, never asserted: machines differ). */
function timed<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
}

const hostile: [string, TextAnswer][] = [
  [
    'a 1,000-line answer',
    Array.from({ length: 1000 }, (_, i) => ({ math: i % 7 === 0 ? '' : `2x=${i}+\\frac{${i}}{3}` })),
  ],
  [
    'a 1,000-line answer of hard lines',
    Array.from({ length: 1000 }, (_, i) => ({
      math: `\\sqrt{x+${i}}+\\left|x-${i % 13}\\right|=\\sin(x)+${i}`,
    })),
  ],
  ['500 nested brackets', [{ math: `${'\\left('.repeat(500)}x${'\\right)'.repeat(500)}=2` }]],
  ['500 nested braces', [{ math: `${'{'.repeat(500)}x${'}'.repeat(500)}=2` }]],
  ['100 KB of text', [{ math: 'x+'.repeat(50_000) }]],
  ['a tower of powers', [{ math: 'x=10^{10^{10^{10}}}' }]],
  ['a huge power of the unknown', [{ math: '(x-1)^{6000}=(1-x)^{5999}' }]],
  ['unparseable LaTeX', [{ math: '\\frac{\\sqrt{' }, { math: '}}}{{{' }, { math: '\\begin{cases}' }]],
  ['lines that are not strings', [{ math: null as unknown as string }, { math: 42 as unknown as string }]],
  ['a thousand-digit number', [{ math: `x=${'9'.repeat(1000)}` }]],
  ['a fifty-term polynomial', [{ math: `${Array.from({ length: 50 }, (_, i) => `x^{${i}}`).join('+')}=0` }]],
];

describe('bounded checking', () => {
  it.each(hostile)('%s gets a result, never an exception', (title, answer) => {
    const data = solveData('2x+3=7');
    const [first, cold] = timed(() => checkSolve(data, answer));
    expect(first.lines).toHaveLength(answer.length);
    const runs = Array.from({ length: 5 }, () => timed(() => checkSolve(data, answer))[1]).sort(
      (a, b) => a - b,
    );
    console.info(
      `[solve bounds] ${title}: first ${cold.toFixed(1)} ms, median of 5 ${runs[2]!.toFixed(1)} ms`,
    );
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

  it('measures the latency of the corpus (p50/p99 per check and per line)', { timeout: 60_000 }, () => {
    for (const k of SOLVE_CASES) checkSolve(solveData(k.start, k.opts), answerOf(k.lines));
    const perCheck: number[] = [];
    const perLine: number[] = [];
    for (const k of SOLVE_CASES) {
      const [, ms] = timed(() => checkSolve(solveData(k.start, k.opts), answerOf(k.lines)));
      perCheck.push(ms);
      perLine.push(ms / Math.max(1, k.lines.length));
    }
    const q = (xs: number[], p: number) =>
      [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
    console.info(
      `[solve latency] ${SOLVE_CASES.length} checks: per check p50 ${q(perCheck, 0.5).toFixed(2)} ms, p99 ${q(perCheck, 0.99).toFixed(2)} ms; per line p50 ${q(perLine, 0.5).toFixed(2)} ms, p99 ${q(perLine, 0.99).toFixed(2)} ms`,
    );
    expect(perCheck).toHaveLength(SOLVE_CASES.length);
  });

  it('answers hints for hostile input without throwing', () => {
    for (const [, answer] of hostile) {
      const r = hintsForSolve({ mathType: 'solve', data: solveData('2x+3=7'), answer, shown: 2 });
      expect(Array.isArray(r.hints)).toBe(true);
    }
  });
});
