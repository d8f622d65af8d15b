/** What the bounded parts of the benchmark share: a percentile, and a part's report and failures. */

/** The `p`-th percentile of `sorted` (ascending), NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A timed part of the benchmark: its printed report, and how many of its bounds it exceeded. */
export interface BenchPart {
  report: string;
  failures: number;
}
