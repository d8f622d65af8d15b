/**
 * The bound on one check of any line (src/robustness.property.test.ts checks the same lines for their
 * results, never for their time): generated MathLive LaTeX (src/mathlive-latex.fixtures.ts, seed 2026,
 * 250 lines), each line checked once, cold, as the answer of every text math type. Per math type,
 * p50/p99/max ms of a check; over the bound, the slowest lines are named.
 */
import fc from 'fast-check';
import { check } from '../src/index';
import { mathliveLatex } from '../src/mathlive-latex.fixtures';
import { textProblemsAnswered } from '../src/text-problems.fixtures';
import { percentile, type BenchPart } from './timing';

/** The most one check of one line may take. */
export const CHECK_BOUND_MS = 2_000;
const LINES = 250;
const SEED = 2026;

export function benchRobustness(): BenchPart {
  const lines = fc.sample(mathliveLatex, { numRuns: LINES, seed: SEED });
  const times = new Map<string, number[]>();
  const over: string[] = [];
  for (const l of lines) {
    for (const request of textProblemsAnswered(l)) {
      const t0 = performance.now();
      check(request);
      const ms = performance.now() - t0;
      times.set(request.mathType, [...(times.get(request.mathType) ?? []), ms]);
      if (ms >= CHECK_BOUND_MS) over.push(`${request.mathType} ${JSON.stringify(l)}: ${ms.toFixed(0)} ms`);
    }
  }
  const report = [
    `Robustness: ${lines.length} generated MathLive lines (seed ${SEED}), each checked once per text math type; bound ${CHECK_BOUND_MS} ms a check`,
    '',
    '| math type | checks | p50 ms | p99 ms | max ms | max < bound |',
    '|---|---|---|---|---|---|',
  ];
  for (const [type, list] of [...times].sort()) {
    const sorted = [...list].sort((a, b) => a - b);
    const max = sorted.at(-1)!;
    report.push(
      `| ${type} | ${sorted.length} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 99).toFixed(2)} | ${max.toFixed(2)} | ${max < CHECK_BOUND_MS ? 'yes' : 'NO'} |`,
    );
  }
  if (over.length > 0) report.push('', `Over the bound (${over.length}):`, ...over.map((o) => `  ${o}`));
  return { report: report.join('\n'), failures: over.length };
}
