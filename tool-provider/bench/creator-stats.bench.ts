/**
 * Benchmark of creator statistics (get_creator_stats/) on a generated catalogue: 20 creators with
 * 100 problems each (2,000 problems, 6,000 numerals, 6,000 steps) written over the last year, and
 * 10,000 students who made 500,000 attempts on them (some numerals much more popular than others;
 * 40 % wrong, with feedback codes) and the stats rows those attempts leave. A supervisor asks for
 * each creator's statistics in turn, through HTTP on the real server, over the whole year (the
 * longest window) and over the last 30 days; a creator pages through the problem table. Prints
 * p50/p95 per call (target: p95 under 200 ms) and the SQL statements one call runs, with their times.
 *
 * Needs PostgreSQL: a scratch database is created on the server of DATABASE_URL (by default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards. Run: `npm run bench -w tool-provider`.
 */
import { QueryTypes } from 'sequelize';
import { insertUser } from '../testing/fixtures';
import { startTestServer, TestClient } from '../testing/test-server';
import { benchCalls, must } from './http-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const WARM_UP = 5;
const TARGET_P95_MS = 200;

const SCALE = {
  creators: 20,
  problemsPerCreator: 100,
  numeralsPerProblem: 3,
  students: 10_000,
  attempts: 500_000,
};
const CODES = [
  'not-equivalent',
  'sign-error',
  'lost-solution',
  'not-distributed',
  'plot-try-again',
  'exponent-rule',
];

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const server = await startTestServer({ NODE_ENV: 'development' });
try {
  const { sequelize } = server.db;
  const q = (sql: string, replacements: Record<string, unknown> = {}) =>
    sequelize.query(sql, { replacements });
  const started = performance.now();

  const creatorIds: number[] = [];
  for (let i = 1; i <= SCALE.creators; i++)
    creatorIds.push(
      await insertUser(sequelize, { email: `bench-creator-${i}@kib.test`, groups: ['Creators'] }),
    );
  await insertUser(sequelize, { email: 'bench-supervisor@kib.test', groups: ['Supervisors'] });

  await q(
    `INSERT INTO users (email, first_name, last_name, is_active)
     SELECT 'bench-student-' || g || '@kib.test', 'Estudiante', g::text, true FROM generate_series(1, :n) g`,
    { n: SCALE.students },
  );
  await q(
    `INSERT INTO problems (title, author_id, picture, video_s3, created_at)
     SELECT 'Problema ' || c.i || '-' || g, c.id,
            CASE WHEN g % 3 = 0 THEN 'p' || g || '.png' END, CASE WHEN g % 10 = 0 THEN 'v' || g || '.mp4' END,
            now() - (random() * 365) * interval '1 day'
     FROM unnest(CAST(:ids AS int[])) WITH ORDINALITY AS c(id, i), generate_series(1, :per) g`,
    { ids: `{${creatorIds.join(',')}}`, per: SCALE.problemsPerCreator },
  );
  await q(
    `INSERT INTO numerals (problem_id, number, math_type, picture, created_at)
     SELECT p.id, g - 1, 'simplify', CASE WHEN g = 1 THEN 'n' || p.id || '.png' END,
            p.created_at + g * interval '10 minutes'
     FROM problems p JOIN users u ON u.id = p.author_id AND u.email LIKE 'bench-creator-%',
          generate_series(1, :per) g`,
    { per: SCALE.numeralsPerProblem },
  );
  await q(
    `INSERT INTO steps (numeral_id, number, math_type, created_at)
     SELECT n.id, 0, 'solve', n.created_at + interval '5 minutes' FROM numerals n`,
  );
  await q(
    `INSERT INTO authoring_time (user_id, problem_id, seconds, created_at)
     SELECT p.author_id, p.id, 300 + (p.id % 900), p.created_at FROM problems p`,
  );
  // Students' attempts: a few numerals are much more popular (random()^2), spread over the year.
  await q(
    `WITH st AS (SELECT array_agg(id ORDER BY id) AS a FROM users WHERE email LIKE 'bench-student-%'),
          nu AS (SELECT array_agg(id ORDER BY id) AS a FROM numerals),
          g AS (SELECT g, random() < 0.6 AS correct FROM generate_series(1, :n) g)
     INSERT INTO attempts (user_id, numeral_id, correct, answer, total_time, feedback_codes, created_at)
     SELECT st.a[1 + floor(random() * array_length(st.a, 1))::int],
            nu.a[1 + floor(power(random(), 2) * array_length(nu.a, 1))::int],
            g.correct, '[]'::jsonb, 30,
            CASE WHEN g.correct THEN '{}'::text[]
                 ELSE ARRAY[(CAST(:codes AS text[]))[1 + g.g % 6], (CAST(:codes AS text[]))[1 + (g.g / 7) % 6]] END,
            now() - (random() * 365) * interval '1 day'
     FROM g, st, nu`,
    { n: SCALE.attempts, codes: `{${CODES.join(',')}}` },
  );
  await q(
    `INSERT INTO stats (user_id, numeral_id, completed, attempts, answer_time, last_attempt_date)
     SELECT user_id, numeral_id, bool_or(correct), count(*), sum(total_time), max(created_at)
     FROM attempts GROUP BY user_id, numeral_id`,
  );
  await q('ANALYZE');
  const [counts] = await sequelize.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM problems) AS problems, (SELECT count(*)::int FROM numerals) AS numerals,
            (SELECT count(*)::int FROM attempts) AS attempts, (SELECT count(*)::int FROM stats) AS stats`,
    { type: QueryTypes.SELECT },
  );
  console.log(
    `generated: ${JSON.stringify({ creators: SCALE.creators, students: SCALE.students, ...counts })}`,
  );
  console.log(`seed time: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const supervisor = await new TestClient(server.url).logIn('bench-supervisor@kib.test');
  const creator = await new TestClient(server.url).logIn('bench-creator-1@kib.test');
  const today = new Date();
  const day = (daysAgo: number) =>
    new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const stats = (i: number, start: string) =>
    supervisor.post('/api/get_creator_stats/', {
      creator_id: creatorIds[i % creatorIds.length],
      start,
      end: day(0),
    });
  const check = await stats(0, day(365));
  must(check.status === 200, `get_creator_stats/ answered ${check.status}`);
  must(
    (check.body as { outcomes: { attempts: number } }).outcomes.attempts > 0,
    'the first creator has no attempts in the year',
  );

  await benchCalls(
    sequelize,
    [
      { label: 'POST get_creators/ (20 creators)', send: () => supervisor.post('/api/get_creators/') },
      { label: 'POST get_creator_stats/ (366 days, by month)', send: (i) => stats(i, day(365)) },
      { label: 'POST get_creator_stats/ (30 days, by day)', send: (i) => stats(i, day(29)) },
      {
        label: 'GET creator/problems/ (page 3 of 100 of the catalogue)',
        send: () => creator.get('/api/creator/problems/?page=3&page_size=100'),
      },
    ],
    { rounds: ROUNDS, warmUp: WARM_UP, targetP95Ms: TARGET_P95_MS, database: server.db.kind },
  );
} finally {
  await server.close();
}
