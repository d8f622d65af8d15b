/**
 * Benchmark of what a teacher reads, on a generated school of 10,000 students, 300 classrooms,
 * 2,000 modules and 2 million stats (src/seed/generated-school.ts): the dashboard data of the
 * teacher with 40 classrooms, a classroom's overview, an assignment's results, a student's record and
 * the module list, each through HTTP on the real server, ~50 calls spread over the teacher's
 * classrooms after a warm-up. Prints p50/p95 per call (target: p95 under 200 ms), the seed's time,
 * and the SQL statements one call of each runs, with their times.
 *
 * Needs PostgreSQL: a scratch database is created on the server of DATABASE_URL (by default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards. Run: `npm run bench -w tool-provider`.
 */
import { QueryTypes, type Sequelize } from 'sequelize';
import { initModels } from '../src/db/models';
import { seedDevelopment } from '../src/seed/dev-seed';
import { GENERATED_SCHOOL, SCHOOL_SCALE, seedGeneratedSchool } from '../src/seed/generated-school';
import { startTestServer, TestClient } from '../src/test/test-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const WARM_UP = 5;
const TARGET_P95_MS = 200;

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

  const teacher = new TestClient(server.url);
  const login = await teacher.post('/api/auth/jwt/create/', {
    email: GENERATED_SCHOOL.teacherEmail(1),
    password: GENERATED_SCHOOL.password,
  });
  must(login.status === 200, `login answered ${login.status}`);
  teacher.token = String(login.body.access);

  // One (classroom, assignment, student) per classroom of the busy teacher; calls go round them.
  const targets = await sequelize.query<{ classroom: number; module: number; student: number }>(
    `SELECT c.id AS classroom,
            (SELECT module_id FROM module_classrooms WHERE classroom_id = c.id AND NOT individual_students
              ORDER BY module_id LIMIT 1) AS module,
            (SELECT user_id FROM classroom_students WHERE classroom_id = c.id ORDER BY user_id LIMIT 1) AS student
       FROM classrooms c JOIN users u ON u.id = c.author_id
      WHERE u.email = :email ORDER BY c.id`,
    { replacements: { email: GENERATED_SCHOOL.teacherEmail(1) }, type: QueryTypes.SELECT },
  );
  must(targets.length === SCHOOL_SCALE.busyTeacherClassrooms, `the teacher has ${targets.length} classrooms`);
  const [size] = await sequelize.query<{ students: number; assignments: number }>(
    `SELECT (SELECT count(*)::int FROM classroom_students WHERE classroom_id = :id) AS students,
            (SELECT count(*)::int FROM module_classrooms WHERE classroom_id = :id) AS assignments`,
    { replacements: { id: targets[0]!.classroom }, type: QueryTypes.SELECT },
  );

  const calls: { label: string; path: (i: number) => string }[] = [
    { label: 'GET get-teacher-data/ (40 classrooms)', path: () => '/api/get-teacher-data/' },
    {
      label: `GET classrooms/:id/overview/ (${size!.students} students, ${size!.assignments} assignments)`,
      path: (i) => `/api/classrooms/${targets[i % targets.length]!.classroom}/overview/`,
    },
    {
      label: 'GET classrooms/:id/assignments/:moduleId/',
      path: (i) => {
        const t = targets[i % targets.length]!;
        return `/api/classrooms/${t.classroom}/assignments/${t.module}/`;
      },
    },
    {
      label: 'GET classrooms/:id/students/:studentId/',
      path: (i) => {
        const t = targets[i % targets.length]!;
        return `/api/classrooms/${t.classroom}/students/${t.student}/`;
      },
    },
  ];
  if (server.kib.api.routes.some((r) => r.method === 'get' && r.path === '/modules/'))
    calls.push({ label: 'GET modules/ (the teacher’s modules)', path: () => '/api/modules/' });

  const rows: Row[] = [];
  const statements = new Map<string, string[]>();
  for (const call of calls) {
    for (let i = 0; i < WARM_UP; i++)
      must((await teacher.get(call.path(i))).status === 200, `${call.label} failed`);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      started = performance.now();
      const res = await teacher.get(call.path(i));
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
    statements.set(call.label, await statementsOf(sequelize, () => teacher.get(call.path(0))));
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
