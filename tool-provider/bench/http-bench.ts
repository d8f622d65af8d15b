/**
 * What the HTTP benchmarks on the generated school share: seeding it, timing calls through the real
 * server (a warm-up, then p50/p95/max and the largest answer), the SQL statements one call runs, and
 * the printed report.
 */
import type { Sequelize } from 'sequelize';
import { initModels } from '../src/db/models';
import { seedDevelopment } from '../src/seed/dev-seed';
import { seedGeneratedSchool } from '../src/seed/generated-school';

/** Stops the benchmark when something it relies on is not so. */
export function must(ok: boolean, what: string): void {
  if (!ok) throw new Error(`bench: ${what}`);
}

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Fills the database with the development seed and the generated school, and says how long it took. */
export async function seedSchool(sequelize: Sequelize): Promise<void> {
  const started = performance.now();
  await seedDevelopment(sequelize, initModels(sequelize));
  const seeded = await seedGeneratedSchool(sequelize);
  const seconds = (performance.now() - started) / 1000;
  must(seeded.applied, 'the generated school was not applied');
  console.log(`generated school: ${JSON.stringify(seeded.counts)}`);
  console.log(`seed time (development seed + generated school): ${seconds.toFixed(1)} s\n`);
}

/** One timed call: its label, and how to send its `i`-th round. */
export interface HttpCall {
  label: string;
  send: (i: number) => Promise<{ status: number; body: unknown }>;
}

/** One line of the report. */
interface Row {
  call: string;
  p50: number;
  p95: number;
  max: number;
  kb: number;
}

/** The statements `run` sends to the database, with their times. */
async function statementsOf(sequelize: Sequelize, run: () => Promise<unknown>): Promise<string[]> {
  // The instance's options are read at each query: logging is switched on for this call only.
  const { options } = sequelize as unknown as { options: { logging: unknown; benchmark: boolean } };
  const saved = { logging: options.logging, benchmark: options.benchmark };
  const seen: string[] = [];
  options.benchmark = true;
  options.logging = (sql: string, ms: number) =>
    seen.push(`${String(ms).padStart(5)} ms  ${sql.replace(/^Executed \(\w+\): /, '').replace(/\s+/g, ' ')}`);
  try {
    await run();
  } finally {
    Object.assign(options, saved);
  }
  return seen;
}

/**
 * Times each call (`warmUp` rounds first, then `rounds`; every answer must be a 200), prints a line
 * per call with p50, p95, max and the largest answer against `targetP95Ms`, then the SQL statements
 * one round of each runs, with their times.
 */
export async function benchCalls(
  sequelize: Sequelize,
  calls: HttpCall[],
  options: { rounds: number; warmUp: number; targetP95Ms: number; database: string },
): Promise<void> {
  const rows: Row[] = [];
  const statements = new Map<string, string[]>();
  for (const call of calls) {
    for (let i = 0; i < options.warmUp; i++)
      must((await call.send(i)).status === 200, `${call.label} failed`);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < options.rounds; i++) {
      const started = performance.now();
      const res = await call.send(i);
      times.push(performance.now() - started);
      must(res.status === 200, `${call.label} answered ${res.status}`);
      bytes = Math.max(bytes, JSON.stringify(res.body).length);
    }
    rows.push({
      call: call.label,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
      kb: bytes / 1024,
    });
    statements.set(call.label, await statementsOf(sequelize, () => call.send(0)));
  }

  const width = Math.max(...rows.map((r) => r.call.length));
  console.log(
    `${'call'.padEnd(width)}  ${'n'.padStart(4)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}  ${'max ms'.padStart(7)}  ${'JSON KB'.padStart(7)}  p95 < ${options.targetP95Ms} ms`,
  );
  for (const r of rows)
    console.log(
      `${r.call.padEnd(width)}  ${String(options.rounds).padStart(4)}  ${r.p50.toFixed(1).padStart(7)}  ${r.p95.toFixed(1).padStart(7)}  ${r.max.toFixed(1).padStart(7)}  ${r.kb.toFixed(1).padStart(7)}  ${r.p95 < options.targetP95Ms ? 'yes' : 'NO'}`,
    );
  console.log('\nThe statements of one call of each (time in ms, SQL):');
  for (const [label, list] of statements) {
    console.log(`\n${label}: ${list.length} statements`);
    for (const line of list) console.log(`  ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
  }
  console.log(`\ndatabase: ${options.database}`);
}
