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
import { QueryTypes } from 'sequelize';
import { GENERATED_SCHOOL } from '../src/seed/generated-school';
import { startTestServer, TestClient } from '../testing/test-server';
import { benchCalls, must, seedSchool } from './http-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const WARM_UP = 5;
const TARGET_P95_MS = 100;

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const server = await startTestServer({ NODE_ENV: 'development' });
try {
  const { sequelize } = server.db;
  await seedSchool(sequelize);

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

  await benchCalls(
    sequelize,
    calls.map(({ label, path, body }) => ({ label, send: () => admin.post(path, body) })),
    { rounds: ROUNDS, warmUp: WARM_UP, targetP95Ms: TARGET_P95_MS, database: server.db.kind },
  );
} finally {
  await server.close();
}
