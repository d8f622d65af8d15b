// @module-tag embedded: upserts under concurrency on one session
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { StatRepository, type AttemptInput } from './stat.repository';

let db: TestDatabase;
let stats: StatRepository;
const ids = { learner: 0, lmsLearner: 0, temp: 0, numeral: 0, module: 0 };

async function insertId(sql: string, replacements: Record<string, unknown>): Promise<number> {
  const [row] = await db.sequelize.query<{ id: number }>(`${sql} RETURNING id`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  return row!.id;
}

beforeAll(async () => {
  db = await createTestDatabase();
  stats = new StatRepository(db.sequelize);
  ids.learner = await insertUser(db.sequelize, { email: 'learner@stats.test' });
  ids.lmsLearner = await insertUser(db.sequelize, { email: 'lms@stats.test' });
  const problem = await insertId(
    `INSERT INTO problems (title, author_id, publish_problem) VALUES ('P', :a, true)`,
    {
      a: ids.learner,
    },
  );
  ids.numeral = await insertId(
    `INSERT INTO numerals (problem_id, number, math_type, question) VALUES (:problem, 1, 'solve', 'q')`,
    { problem },
  );
  ids.module = await insertId(`INSERT INTO modules (name, author_id) VALUES ('M', :a)`, { a: ids.learner });
  ids.temp = await insertId(`INSERT INTO temp_students (module_id) VALUES (:m)`, { m: ids.module });
  await db.sequelize.query(
    `INSERT INTO lti11_consumers (consumer_key, secret) VALUES ('moodle', 'secret-123')`,
  );
  await db.sequelize.query(
    `INSERT INTO lti11_outcomes (user_id, module_id, consumer_key, service_url, sourcedid)
     VALUES (:u, :m, 'moodle', 'https://moodle.test/outcomes', 'sid-1')`,
    { replacements: { u: ids.lmsLearner, m: ids.module } },
  );
});

afterAll(async () => {
  await db?.drop();
});

const attempt = (solver: AttemptInput['solver'], correct: boolean) => ({
  solver,
  numeralId: ids.numeral,
  stepId: null,
  correct,
  answer: { latex: correct ? 'x=2' : 'x=3' },
  seconds: 12,
  completed: correct,
});

describe('StatRepository.recordAttempt', () => {
  it('counts each attempt in the stat and says whether an LMS grade is bound to the solver', async () => {
    const first = await stats.recordAttempt(attempt({ userId: ids.learner }, false));
    expect(first).toMatchObject({
      stat: { numeralId: ids.numeral, completed: false, attempts: 1 },
      gradesBound: false,
    });
    const second = await stats.recordAttempt(attempt({ userId: ids.learner }, true));
    expect(second).toMatchObject({
      stat: { completed: true, attempts: 2, answerTime: 24 },
      gradesBound: false,
    });
    expect((await stats.recordAttempt(attempt({ userId: ids.lmsLearner }, true))).gradesBound).toBe(true);
    const temp = await stats.recordAttempt(attempt({ tempStudentId: ids.temp }, true));
    expect(temp).toMatchObject({ stat: { completed: true, attempts: 1 }, gradesBound: false });
  });
});
