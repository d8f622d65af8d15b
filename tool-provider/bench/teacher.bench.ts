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
import { QueryTypes } from 'sequelize';
import { GENERATED_SCHOOL, SCHOOL_SCALE } from '../src/seed/generated-school';
import { startTestServer, TestClient } from '../testing/test-server';
import { benchCalls, must, seedSchool } from './http-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const WARM_UP = 5;
const TARGET_P95_MS = 200;

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const server = await startTestServer({ NODE_ENV: 'development' });
try {
  const { sequelize } = server.db;
  await seedSchool(sequelize);

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

  const paths: { label: string; path: (i: number) => string }[] = [
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
    paths.push({ label: 'GET modules/ (the teacher’s modules)', path: () => '/api/modules/' });

  await benchCalls(
    sequelize,
    paths.map(({ label, path }) => ({ label, send: (i) => teacher.get(path(i)) })),
    { rounds: ROUNDS, warmUp: WARM_UP, targetP95Ms: TARGET_P95_MS, database: server.db.kind },
  );
} finally {
  await server.close();
}
