// @module-tag embedded: upserts under concurrency on one session
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { ADAPTIVE_MODEL, NEW_SKILL, updateAfterAttempt, type NumeralState, type SkillState } from '@kib/core';
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
  weight: 1,
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

describe("the student model in the answer's statement", () => {
  const model = { skills: [0, 0], numerals: [0, 0], solver: 0, temp: 0 };

  beforeAll(async () => {
    const system = await insertId(
      `INSERT INTO education_systems (name, code) VALUES ('Modelo', 'model-test')`,
      {},
    );
    const grade = await insertId(
      `INSERT INTO grades (education_system_id, name, numeration) VALUES (:system, 'Octavo', 8)`,
      { system },
    );
    const standard = await insertId(
      `INSERT INTO learning_standards (grade_id, name, position) VALUES (:grade, 'Estándar', 1)`,
      { grade },
    );
    for (const i of [0, 1])
      model.skills[i] = await insertId(
        `INSERT INTO skills (learning_standard_id, name, position) VALUES (:standard, :name, :i)`,
        { standard, name: `Habilidad ${i}`, i },
      );
    const problem = await insertId(
      `INSERT INTO problems (title, author_id, publish_problem) VALUES ('Modelo', :a, true)`,
      { a: ids.learner },
    );
    for (const i of [0, 1])
      model.numerals[i] = await insertId(
        `INSERT INTO numerals (problem_id, number, math_type, question) VALUES (:problem, :n, 'solve', 'q')`,
        { problem, n: i + 1 },
      );
    // The problem trains both skills; its second numeral has its own: the second skill only.
    await db.sequelize.query(
      `INSERT INTO problem_skills (problem_id, skill_id) VALUES (:problem, :a), (:problem, :b)`,
      { replacements: { problem, a: model.skills[0], b: model.skills[1] } },
    );
    await db.sequelize.query(`INSERT INTO numeral_skills (numeral_id, skill_id) VALUES (:n, :s)`, {
      replacements: { n: model.numerals[1], s: model.skills[1] },
    });
    model.solver = await insertUser(db.sequelize, { email: 'model@stats.test' });
    model.temp = await insertId(`INSERT INTO temp_students (module_id) VALUES (:m)`, { m: ids.module });
  });

  async function stored(column: 'user_id' | 'temp_student_id', solverId: number) {
    const skills = await db.sequelize.query<SkillState & { skillId: number }>(
      `SELECT skill_id AS "skillId", theta, evidence, successes, last_evidence_at AS "lastEvidenceAt"
       FROM skill_mastery WHERE ${column} = :solverId`,
      { replacements: { solverId }, type: QueryTypes.SELECT },
    );
    const numerals = await db.sequelize.query<NumeralState & { numeralId: number }>(
      `SELECT numeral_id AS "numeralId", difficulty, evidence FROM numeral_difficulty
       WHERE numeral_id IN (:ids)`,
      { replacements: { ids: model.numerals }, type: QueryTypes.SELECT },
    );
    const skill = (id: number) => skills.find((s) => s.skillId === id) ?? NEW_SKILL;
    const numeral = (id: number) =>
      numerals.find((n) => n.numeralId === id) ?? { difficulty: 0, evidence: 0 };
    return { skill, numeral };
  }

  const closeTo = (actual: SkillState | NumeralState, expected: SkillState | NumeralState) => {
    for (const key of ['theta', 'evidence', 'successes', 'difficulty'] as const)
      if (key in expected) expect((actual as never)[key], key).toBeCloseTo((expected as never)[key], 6);
  };

  it('moves each trained skill and the numeral as the model says, on first attempts only, for accounts and code students', async () => {
    for (const column of ['user_id', 'temp_student_id'] as const) {
      const solverId = column === 'user_id' ? model.solver : model.temp;
      const who = column === 'user_id' ? { userId: solverId } : { tempStudentId: solverId };
      const plan: { numeral: number; correct: boolean; weight: number; late?: boolean }[] = [
        { numeral: 0, correct: true, weight: 1 },
        { numeral: 0, correct: false, weight: 1 }, // a second attempt: no evidence
        { numeral: 1, correct: false, weight: 0.5 },
        { numeral: 1, correct: true, weight: 1 }, // a retry: no evidence
      ];
      for (const step of plan) {
        const before = await stored(column, solverId);
        const numeralId = model.numerals[step.numeral]!;
        const trained = step.numeral === 0 ? model.skills : [model.skills[1]!];
        const { count } = (
          await db.sequelize.query<{ count: number }>(
            `SELECT count(*)::int AS count FROM attempts WHERE ${column} = :solverId AND numeral_id = :numeralId`,
            { replacements: { solverId, numeralId }, type: QueryTypes.SELECT },
          )
        )[0]!;
        const expected =
          count === 0
            ? updateAfterAttempt(
                trained.map((id) => before.skill(id)),
                before.numeral(numeralId),
                step.correct,
                step.weight,
                new Date(),
              )
            : null;
        await stats.recordAttempt({
          solver: who,
          numeralId,
          stepId: null,
          correct: step.correct,
          answer: {},
          seconds: 1,
          completed: step.correct,
          weight: step.weight,
        });
        const after = await stored(column, solverId);
        trained.forEach((id, i) =>
          closeTo(after.skill(id), expected ? expected.skills[i]! : before.skill(id)),
        );
        closeTo(after.numeral(numeralId), expected ? expected.numeral : before.numeral(numeralId));
      }
    }
  });

  it('takes a numeral tried again on a later day as evidence again, at the repeat weight', async () => {
    const solverId = await insertUser(db.sequelize, { email: 'vuelve@stats.test' });
    const numeralId = model.numerals[1]!;
    const input = {
      solver: { userId: solverId },
      numeralId,
      stepId: null,
      answer: {},
      seconds: 1,
      completed: true,
      weight: 1,
    };
    await stats.recordAttempt({ ...input, correct: false });
    await db.sequelize.query(
      `UPDATE attempts SET created_at = now() - interval '2 days' WHERE user_id = :solverId`,
      { replacements: { solverId } },
    );
    const before = await stored('user_id', solverId);
    const expected = updateAfterAttempt(
      [before.skill(model.skills[1]!)],
      before.numeral(numeralId),
      true,
      ADAPTIVE_MODEL.repeat.weight,
      new Date(),
    );
    await stats.recordAttempt({ ...input, correct: true });
    closeTo((await stored('user_id', solverId)).skill(model.skills[1]!), expected.skills[0]!);
    expect(expected.skills[0]!.evidence).toBeCloseTo(1 + ADAPTIVE_MODEL.repeat.weight, 3);
  });

  it('forgets: a month without practice halves the weight of the evidence before the update', async () => {
    const solverId = await insertUser(db.sequelize, { email: 'forgets@stats.test' });
    const numeralId = model.numerals[1]!;
    await db.sequelize.query(
      `INSERT INTO skill_mastery (user_id, skill_id, theta, evidence, successes, last_evidence_at)
       VALUES (:solverId, :skill, 2, 6, 5, now() - interval '30 days')`,
      { replacements: { solverId, skill: model.skills[1] } },
    );
    const before = await stored('user_id', solverId);
    const expected = updateAfterAttempt(
      [before.skill(model.skills[1]!)],
      before.numeral(numeralId),
      true,
      1,
      new Date(),
    );
    expect(expected.skills[0]!.evidence).toBeCloseTo(4, 3);
    await stats.logLateAttempt({
      solver: { userId: solverId },
      numeralId,
      stepId: null,
      correct: true,
      answer: {},
      seconds: 1,
      weight: 1,
    });
    const after = await stored('user_id', solverId);
    closeTo(after.skill(model.skills[1]!), expected.skills[0]!);
    expect(after.skill(model.skills[1]!).evidence).toBeCloseTo(4, 3);
  });
});
