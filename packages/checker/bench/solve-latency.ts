/**
 * The latency of the solve checker (src/solve/bounds.test.ts checks the same answers for their
 * results, never for their time): the solve corpus (src/solve/solve.fixtures.ts) after a warm-up,
 * p50/p99 per check and per line; then each hostile answer against `2x+3=7`, its first check (cold)
 * and the median of five more.
 */
import { checkSolve } from '../src/solve/check-solve';
import { answerOf, HOSTILE_ANSWERS as HOSTILE, solveData, SOLVE_CASES } from '../src/solve/solve.fixtures';
import { CHECK_BOUND_MS } from './robustness';
import { percentile, type BenchPart } from './timing';

/** The most a check of the corpus may take at p99, warm. */
export const CORPUS_P99_BOUND_MS = 50;

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
