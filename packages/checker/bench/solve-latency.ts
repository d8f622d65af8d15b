/**
 * The latency of the solve checker (src/solve/bounds.test.ts checks the same answers for their
 * results, never for their time): the solve corpus (src/solve/solve.fixtures.ts) after a warm-up,
 * p50/p99 per check and per line; then each hostile answer against `2x+3=7`, its first check (cold)
 * and the median of five more.
 */
import type { TextAnswer } from '@kib/core';
import { checkSolve } from '../src/solve/check-solve';
import { answerOf, solveData, SOLVE_CASES } from '../src/solve/solve.fixtures';
import { CHECK_BOUND_MS } from './robustness';
import { percentile, type BenchPart } from './timing';

/** The most a check of the corpus may take at p99, warm. */
export const CORPUS_P99_BOUND_MS = 50;

/** Answers no student would type (bounds.test.ts checks the same ones for a result). */
const HOSTILE: [string, TextAnswer][] = [
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

/** Milliseconds of one call. */
function timed(f: () => unknown): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

export function benchSolveLatency(): BenchPart {
  let failures = 0;
  // The hostile answers first, while nothing of theirs is cached.
  const hostile = HOSTILE.map(([title, answer]) => {
    const data = solveData('2x+3=7');
    const first = timed(() => checkSolve(data, answer));
    const median = Array.from({ length: 5 }, () => timed(() => checkSolve(data, answer))).sort(
      (a, b) => a - b,
    )[2]!;
    const ok = first < CHECK_BOUND_MS && median < CHECK_BOUND_MS;
    if (!ok) failures++;
    return `| ${title} | ${first.toFixed(1)} | ${median.toFixed(1)} | ${ok ? 'yes' : 'NO'} |`;
  });

  const run = (k: (typeof SOLVE_CASES)[number]) => checkSolve(solveData(k.start, k.opts), answerOf(k.lines));
  for (const k of SOLVE_CASES) run(k); // warm-up
  const perCheck: number[] = [];
  const perLine: number[] = [];
  for (const k of SOLVE_CASES) {
    const ms = timed(() => run(k));
    perCheck.push(ms);
    perLine.push(ms / Math.max(1, k.lines.length));
  }
  perCheck.sort((a, b) => a - b);
  perLine.sort((a, b) => a - b);
  const p99 = percentile(perCheck, 99);
  if (p99 >= CORPUS_P99_BOUND_MS) failures++;

  const report = [
    `Solve latency: ${SOLVE_CASES.length} corpus checks (warm): per check p50 ${percentile(perCheck, 50).toFixed(2)} ms, ` +
      `p99 ${p99.toFixed(2)} ms (bound ${CORPUS_P99_BOUND_MS} ms: ${p99 < CORPUS_P99_BOUND_MS ? 'yes' : 'NO'}); ` +
      `per line p50 ${percentile(perLine, 50).toFixed(2)} ms, p99 ${percentile(perLine, 99).toFixed(2)} ms`,
    '',
    `| hostile answer to 2x+3=7 | first ms | median of 5 ms | both < ${CHECK_BOUND_MS} ms |`,
    '|---|---|---|---|',
    ...hostile,
  ];
  return { report: report.join('\n'), failures };
}
