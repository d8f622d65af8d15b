/**
 * Benchmark of what a school administrator reads, on the generated school of 10,000 students, 300
 * classrooms, 53 teachers and 2,000 modules (src/seed/generated-school.ts): the dashboard
 * (getSchoolAdminData/), the teachers list, the teacher codes, and the school's teachers and
 * classrooms with the modules assigned in them, each through HTTP on the real server, ~50 calls
 * after a warm-up. Prints p50/p95 per call (target: p95 under 100 ms, the answer of a school that
 * size in tens of milliseconds), the seed's time, and the SQL statements one call of each runs, with
 * their times: their number does not grow with the school.
 *
 * Needs PostgreSQL: a scratch database is created on the server of DATABASE_URL (by default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards. Run:
 * `node --import tsx bench/school-admin.bench.ts` in tool-provider (also part of `npm run bench`).
 */
import { QueryTypes, type Sequelize } from 'sequelize';
import { initModels } from '../src/db/models';
import { seedDevelopment } from '../src/seed/dev-seed';
import { GENERATED_SCHOOL, seedGeneratedSchool } from '../src/seed/generated-school';
import { startTestServer, TestClient } from '../src/test/test-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const WARM_UP = 5;
const TARGET_P95_MS = 100;

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function must(ok: boolean, what: string): void {
  if (!ok) throw new Error(`bench: ${what}`);
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

const server = await startTestServer({ NODE_ENV: 'development' });
try {
  const { sequelize } = server.db;
  let started = performance.now();
  await seedDevelopment(sequelize, initModels(sequelize));
  const seeded = await seedGeneratedSchool(sequelize);
  const seedSeconds = (performance.now() - started) / 1000;
  must(seeded.applied, 'the generated school was not applied');
  console.log(`generated school: ${JSON.stringify(seeded.counts)}`);
  console.log(`seed time (development seed + generated school): ${seedSeconds.toFixed(1)} s\n`);

  const admin = await new TestClient(server.url).logIn(
    GENERATED_SCHOOL.adminEmail,
    GENERATED_SCHOOL.password,
  );
  const [school] = await sequelize.query<{
    id: number;
    teachers: number;
    classrooms: number;
    students: number;
  }>(
    `SELECT i.id,
            (SELECT count(*)::int FROM institution_teachers WHERE institution_id = i.id) AS teachers,
            (SELECT count(*)::int FROM classrooms WHERE institution_id = i.id) AS classrooms,
            (SELECT count(DISTINCT cs.user_id)::int FROM classroom_students cs
               JOIN classrooms c ON c.id = cs.classroom_id WHERE c.institution_id = i.id) AS students
     FROM institutions i WHERE i.name = :name`,
    { replacements: { name: GENERATED_SCHOOL.institutionName }, type: QueryTypes.SELECT },
  );
  must(school !== undefined, 'the generated school is missing');
  const size = `${school!.students} students, ${school!.classrooms} classrooms, ${school!.teachers} teachers`;
  const institutionId = school!.id;
  // A few teacher codes, as a school that has been bringing its teachers in has.
  for (let i = 0; i < 20; i++)
    must(
      (await admin.post('/api/createTeachersCode/', { institution_id: institutionId })).status === 201,
      'createTeachersCode/ failed',
    );

  const calls: { label: string; path: string; body: Record<string, unknown> }[] = [
    { label: `POST getSchoolAdminData/ (${size})`, path: '/api/getSchoolAdminData/', body: {} },
    {
      label: 'POST getschoolteachersdata/',
      path: '/api/getschoolteachersdata/',
      body: { institution_id: institutionId },
    },
    {
      label: 'POST getTeacherCodes/',
      path: '/api/getTeacherCodes/',
      body: { institution_id: institutionId },
    },
    {
      label: 'POST get-institution-teachers-classrooms/ (with modules)',
      path: '/api/get-institution-teachers-classrooms/',
      body: { institution_id: institutionId, get_modules: true },
    },
  ];

  const rows: Row[] = [];
  const statements = new Map<string, string[]>();
  for (const call of calls) {
    for (let i = 0; i < WARM_UP; i++)
      must((await admin.post(call.path, call.body)).status === 200, `${call.label} failed`);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      started = performance.now();
      const res = await admin.post(call.path, call.body);
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
    statements.set(call.label, await statementsOf(sequelize, () => admin.post(call.path, call.body)));
  }

  const width = Math.max(...rows.map((r) => r.call.length));
  console.log(
    `${'call'.padEnd(width)}  ${'n'.padStart(4)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}  ${'max ms'.padStart(7)}  ${'JSON KB'.padStart(7)}  p95 < ${TARGET_P95_MS} ms`,
  );
  for (const r of rows)
    console.log(
      `${r.call.padEnd(width)}  ${String(ROUNDS).padStart(4)}  ${r.p50.toFixed(1).padStart(7)}  ${r.p95.toFixed(1).padStart(7)}  ${r.max.toFixed(1).padStart(7)}  ${r.kb.toFixed(1).padStart(7)}  ${r.p95 < TARGET_P95_MS ? 'yes' : 'NO'}`,
    );
  console.log('\nThe statements of one call of each (time in ms, SQL):');
  for (const [label, list] of statements) {
    console.log(`\n${label}: ${list.length} statements`);
    for (const line of list) console.log(`  ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
  }
  console.log(`\ndatabase: ${server.db.kind}`);
} finally {
  await server.close();
}
