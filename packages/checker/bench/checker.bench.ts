/**
 * Benchmark of the checker on a fixed corpus (bench/corpus.ts): per math type, accuracy against the
 * expected verdicts and p50/p99 latency; in the same run, compute-engine's own `isEqual` as a naive
 * baseline for the text types; then the differential run against Maxima (bench/maxima: a fixed seed,
 * `BENCH_DIFF_CASES` generated cases, default 5,600), agreement per category, disagreements written
 * to bench/maxima/disagreements.json. Between the two, the bounded parts (bench/robustness.ts: a
 * check of any generated line; bench/solve-latency.ts: the solve corpus and hostile answers), whose
 * bounds, when exceeded, make the run exit non-zero. Run: `npm run bench -w packages/checker`.
 */
import { ComputeEngine } from '@cortex-js/compute-engine';
import { check, isCorrect, parseCheckRequest, type CheckRequest } from '../src/index';
import { parseLatex, parseLatexUncached } from '../src/expr/parse';
import { CORPUS, type BenchCase } from './corpus';
import { formatRun, runDifferential } from './maxima/differential';
import { maximaAvailable } from './maxima/maxima';
import { benchRobustness } from './robustness';
import { benchSolveLatency } from './solve-latency';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);

interface Row {
  cases: number;
  right: number;
  times: number[];
  /** The time of a check divided by its answer's lines (text types; one line otherwise). */
  lineTimes: number[];
  /** The same in CPU time of the process (what a check costs, without waiting for a shared CPU). */
  cpuLineTimes: number[];
  baseRight: number;
  baseTimes: number[];
  baseline: boolean;
}

const ce = new ComputeEngine();

/** The naive baseline: compute-engine's canonical forms and isEqual on the last line. */
function baseline(c: BenchCase): boolean | null {
  const { mathType, data, answer } = c.request;
  if (mathType !== 'simplify' && mathType !== 'solve') return null;
  const lines = answer as { math: string }[];
  const last = lines[lines.length - 1]!.math;
  if (mathType === 'simplify') {
    const target = ce.parse(String(data.target));
    return ce.parse(last).isEqual(target) === true && ce.parse(last).isSame(target);
  }
  const solutions = (data.definedSolutions as { latex: string }[]).map((s) => s.latex).join('\\lor ');
  return ce.parse(last).isSame(ce.parse(solutions));
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const rows = new Map<string, Row>();
const requests: [BenchCase, CheckRequest][] = CORPUS.map((c) => {
  const parsed = parseCheckRequest(c.request);
  if (!parsed.ok) throw new Error(`${c.name}: ${parsed.error}`);
  return [c, parsed.request];
});

for (const [, request] of requests) check(request); // warm-up

const t0 = performance.now();
let checks = 0;
let falseAccepts = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const [c, request] of requests) {
    const row = rows.get(request.mathType) ?? {
      cases: 0,
      right: 0,
      times: [],
      lineTimes: [],
      cpuLineTimes: [],
      baseRight: 0,
      baseTimes: [],
      baseline: false,
    };
    rows.set(request.mathType, row);
    const s = performance.now();
    const cpu = process.cpuUsage();
    const verdict = isCorrect(request.mathType, check(request));
    const elapsed = performance.now() - s;
    const used = process.cpuUsage(cpu);
    const lineCount = Array.isArray(request.answer) ? Math.max(1, request.answer.length) : 1;
    row.times.push(elapsed);
    row.lineTimes.push(elapsed / lineCount);
    row.cpuLineTimes.push((used.user + used.system) / 1000 / lineCount);
    checks++;
    if (round === 0) {
      row.cases++;
      if (verdict === c.expected) row.right++;
      else console.error(`kib wrong: ${c.name} (expected ${c.expected})`);
      if (verdict && !c.expected) falseAccepts++;
    }
  }
}
// The baseline in rounds of its own: its garbage is not collected inside Kib's timed checks.
for (let round = 0; round < ROUNDS; round++) {
  for (const [c, request] of requests) {
    const row = rows.get(request.mathType)!;
    const b0 = performance.now();
    const base = baseline(c);
    row.baseTimes.push(performance.now() - b0);
    if (round === 0 && base !== null) {
      row.baseline = true;
      if (base === c.expected) row.baseRight++;
    }
  }
}
const wall = performance.now() - t0;
const kibTime = [...rows.values()].reduce((sum, r) => sum + r.times.reduce((a, b) => a + b, 0), 0);

const ms = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(2));
const lines = [
  `Kib checker benchmark — ${CORPUS.length} cases × ${ROUNDS} rounds, Node ${process.version}`,
  '',
  '| math type | cases | Kib accuracy | Kib p50 ms | Kib p99 ms | p50 ms/line | p99 ms/line | CPU p50 ms/line | CPU p99 ms/line | baseline accuracy | baseline p50 ms | baseline p99 ms |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
];
let right = 0;
let baseRight = 0;
let baseCases = 0;
for (const [type, row] of [...rows].sort()) {
  const t = [...row.times].sort((a, b) => a - b);
  const perLine = [...row.lineTimes].sort((a, b) => a - b);
  const cpuLine = [...row.cpuLineTimes].sort((a, b) => a - b);
  const b = [...row.baseTimes].sort((a, b2) => a - b2);
  right += row.right;
  if (row.baseline) {
    baseRight += row.baseRight;
    baseCases += row.cases;
  }
  lines.push(
    `| ${type} | ${row.cases} | ${row.right}/${row.cases} | ${ms(percentile(t, 50))} | ${ms(percentile(t, 99))} | ${ms(
      percentile(perLine, 50),
    )} | ${ms(percentile(perLine, 99))} | ${ms(percentile(cpuLine, 50))} | ${ms(percentile(cpuLine, 99))} | ${
      row.baseline ? `${row.baseRight}/${row.cases}` : 'n/a'
    } | ${row.baseline ? ms(percentile(b, 50)) : '–'} | ${row.baseline ? ms(percentile(b, 99)) : '–'} |`,
  );
}
lines.push('');
lines.push(
  `Kib: ${right}/${CORPUS.length} right, ${falseAccepts} false accepts (a wrong answer taken as complete), ${Math.round((checks / kibTime) * 1000)} checks/s on one core ` +
    `(${ms(wall)} ms wall time with the baseline). Baseline (compute-engine isEqual/isSame): ` +
    `${baseRight}/${baseCases} right on the text types.`,
);
console.log(lines.join('\n'));

// The parse cost per line: compute-engine's parser and the conversion to Kib's tree, cold (no
// cache) and as a check meets it again (the problem's own lines, a line re-read for its highlight).
const texts = [
  ...new Set(
    CORPUS.flatMap((c) => {
      const d = c.request.data as { startingExpression?: unknown; target?: unknown };
      const answer = Array.isArray(c.request.answer) ? (c.request.answer as { math?: unknown }[]) : [];
      return [d.startingExpression, d.target, ...answer.map((a) => a?.math)].filter(
        (x): x is string => typeof x === 'string' && x !== '',
      );
    }),
  ),
];
const cold: number[] = [];
const warm: number[] = [];
for (let round = 0; round < Math.max(5, Math.floor(ROUNDS / 5)); round++) {
  for (const t of texts) {
    const a = performance.now();
    parseLatexUncached(t);
    cold.push(performance.now() - a);
    const b = performance.now();
    parseLatex(t);
    warm.push(performance.now() - b);
  }
}
cold.sort((a, b) => a - b);
warm.sort((a, b) => a - b);
console.log(
  `\nParse per line (${texts.length} lines): cold p50 ${ms(percentile(cold, 50))} ms, p99 ${ms(percentile(cold, 99))} ms; ` +
    `again (cached) p50 ${ms(percentile(warm, 50))} ms, p99 ${ms(percentile(warm, 99))} ms.`,
);

// The bounded parts: printed, and a bound exceeded fails the run (after the differential run).
let exceeded = 0;
for (const part of [benchRobustness(), benchSolveLatency()]) {
  console.log(`\n${part.report}`);
  exceeded += part.failures;
}
if (exceeded > 0) {
  console.error(`\n${exceeded} bound(s) exceeded.`);
  process.exitCode = 1;
}

const DIFF_SEED = 17;
const DIFF_CASES = Number(process.env.BENCH_DIFF_CASES ?? 5_600);
if (DIFF_CASES > 0) {
  if (maximaAvailable()) {
    const out = new URL('./maxima/disagreements.json', import.meta.url).pathname;
    console.log(`\n${formatRun(runDifferential(DIFF_SEED, DIFF_CASES, out), DIFF_SEED)}`);
  } else {
    console.log(
      '\nDifferential run against Maxima skipped: no `maxima` on this machine (apt-get install maxima).',
    );
  }
}
