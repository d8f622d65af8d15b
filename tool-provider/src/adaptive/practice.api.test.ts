import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choiceNumeral, postSave, problemDraft, saveForm } from '../../testing/creation-drafts';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;

interface Skill {
  id: number;
  name: string;
  level: string;
  estimate: number;
  uncertainty: number;
}
interface Next {
  status: string;
  problem_id: number | null;
  numeral_id: number | null;
  predicted_success: number | null;
  skills: Skill[];
  reason: string;
  scope: Skill[];
  next_skill: Skill | null;
}

const refs = { topic: 0, otherTopic: 0, subtopic: 0 };
const skills = { numbers: 0, equations: 0, systems: 0 };
/** Each problem's numerals and, for each, its right and wrong choice. */
const numerals = new Map<number, { problem: number; right: number; wrong: number }>();
const byProblem = new Map<string, number[]>();

async function rows<T extends object>(sql: string, replacements: Record<string, unknown> = {}): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}
async function id(sql: string, replacements: Record<string, unknown> = {}): Promise<number> {
  const [row] = await rows<{ id: number }>(`${sql} RETURNING id`, replacements);
  return row!.id;
}

/** A published problem of `count` two-choice numerals (the first choice right) training `skill`. */
async function problem(creator: TestClient, key: string, topicId: number, skill: number, count: number) {
  const saved = await postSave(
    creator,
    saveForm(
      problemDraft(
        { topicId, subtopicId: topicId === refs.topic ? refs.subtopic : null },
        { title: key, numerals: Array.from({ length: count }, () => choiceNumeral([true, false])) },
      ),
      [],
      'creator',
    ),
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const problemId = Number(saved.body.problem_id);
  await server.db.sequelize.query(
    `INSERT INTO problem_skills (problem_id, skill_id) VALUES (:problemId, :skill)`,
    {
      replacements: { problemId, skill },
    },
  );
  const choices = await rows<{ numeral: number; choice: number; correct: boolean }>(
    `SELECT n.id AS numeral, c.id AS choice, c.correct FROM numerals n
       JOIN multiple_choice_entries c ON c.numeral_id = n.id
      WHERE n.problem_id = :problemId ORDER BY n.number, c.position`,
    { problemId },
  );
  const ids: number[] = [];
  for (const c of choices) {
    const entry = numerals.get(c.numeral) ?? { problem: problemId, right: 0, wrong: 0 };
    if (c.correct) entry.right = c.choice;
    else entry.wrong = c.choice;
    numerals.set(c.numeral, entry);
    if (!ids.includes(c.numeral)) ids.push(c.numeral);
  }
  byProblem.set(key, ids);
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db.sequelize;
  await insertUser(db, { email: 'autora@practice.test', groups: ['Creators'] });
  refs.topic = await id(`INSERT INTO topics (name, name_spanish) VALUES ('Equations', 'Ecuaciones')`);
  refs.subtopic = await id(`INSERT INTO subtopics (topic_id, name) VALUES (:t, 'Lineales')`, {
    t: refs.topic,
  });
  refs.otherTopic = await id(`INSERT INTO topics (name, name_spanish) VALUES ('Systems', 'Sistemas')`);
  const system = await id(
    `INSERT INTO education_systems (name, code) VALUES ('Estándares', 'practice-test')`,
  );
  const grade = (n: number) =>
    id(`INSERT INTO grades (education_system_id, name, numeration) VALUES (:system, :name, :n)`, {
      system,
      name: `Grado ${n}`,
      n,
    });
  const standard = async (n: number) =>
    id(`INSERT INTO learning_standards (grade_id, name, position) VALUES (:g, 'Estándar', 1)`, {
      g: await grade(n),
    });
  const sixth = await standard(6);
  const eighth = await standard(8);
  const skill = (standardId: number, name: string, english: string, position: number) =>
    id(
      `INSERT INTO skills (learning_standard_id, name, name_english, position) VALUES (:standardId, :name, :english, :position)`,
      { standardId, name, english, position },
    );
  skills.numbers = await skill(sixth, 'Opera con enteros', 'Operates with integers', 1);
  skills.equations = await skill(eighth, 'Resuelve ecuaciones lineales', 'Solves linear equations', 1);
  skills.systems = await skill(eighth, 'Resuelve sistemas', 'Solves systems', 2);
  await db.query(
    `INSERT INTO skill_prerequisites (skill_id, requires_skill_id) VALUES (:equations, :numbers), (:systems, :equations)`,
    { replacements: skills },
  );
  const creator = await new TestClient(server.url).logIn('autora@practice.test');
  await problem(creator, 'Enteros', refs.topic, skills.numbers, 8);
  await problem(creator, 'Ecuaciones', refs.topic, skills.equations, 10);
  await problem(creator, 'Sistemas', refs.otherTopic, skills.systems, 3);
  // One equation is known to be hard, another easy.
  const [hard, easy] = byProblem.get('Ecuaciones')!;
  await db.query(
    `INSERT INTO numeral_difficulty (numeral_id, difficulty, evidence) VALUES (:hard, 3, 50), (:easy, -3, 50)`,
    { replacements: { hard, easy } },
  );
}, 120_000);
afterAll(() => server?.close());

async function student(email: string, language: 'es' | 'en' = 'es'): Promise<TestClient> {
  await insertUser(server.db.sequelize, { email, language });
  return new TestClient(server.url, { 'accept-language': language }).logIn(email);
}

async function next(client: TestClient, query = `topic=${refs.topic}`): Promise<Next> {
  const res = await client.get<Next>(`/api/practice/next/?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function answer(client: TestClient, numeral: number, right: boolean) {
  const entry = numerals.get(numeral)!;
  const res = await client.post<{ correct_ans: boolean }>('/api/proof/', {
    numeral,
    answer: [right ? entry.right : entry.wrong],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.correct_ans).toBe(right);
}

const levelOf = (n: Next, skill: number) => n.scope.find((s) => s.id === skill)?.level;

describe('GET /api/practice/next/', () => {
  it('starts a new student on the prerequisite inside the topic, with every skill not started', async () => {
    const c = await student('nueva@practice.test');
    const first = await next(c);
    expect(first.status).toBe('practice');
    expect(first.scope.map((s) => [s.id, s.level])).toEqual([
      [skills.numbers, 'not-started'],
      [skills.equations, 'not-started'],
    ]);
    expect(first.skills.map((s) => s.id)).toEqual([skills.numbers]);
    expect(byProblem.get('Enteros')).toContain(first.numeral_id);
    expect(first.predicted_success).toBeCloseTo(0.5, 2);
    expect(first.reason).toBe(
      'Empiezas Opera con enteros: aún no has resuelto ejercicios de esta habilidad.',
    );
  });

  it('raises the level of a skill answered right, never offers the numeral just answered, and moves on once it is mastered', async () => {
    const c = await student('constante@practice.test');
    const seen: string[] = [];
    let current = await next(c);
    for (let i = 0; i < 8 && current.skills[0]?.id === skills.numbers; i++) {
      const answered = current.numeral_id!;
      await answer(c, answered, true);
      current = await next(c);
      seen.push(levelOf(current, skills.numbers)!);
      expect(current.numeral_id).not.toBe(answered);
    }
    // Attempted → Familiar → Proficient → Mastered, never down while right.
    const ranks = seen.map((l) =>
      ['not-started', 'attempted', 'familiar', 'proficient', 'mastered'].indexOf(l),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe('mastered');
    expect(current.skills.map((s) => s.id)).toEqual([skills.equations]);
    expect(byProblem.get('Ecuaciones')).toContain(current.numeral_id);
  });

  it('offers easier work, then the prerequisite, to a student who keeps failing', async () => {
    const c = await student('tropieza@practice.test');
    await rows(
      `INSERT INTO skill_mastery (user_id, skill_id, theta, evidence, successes)
       SELECT id, :numbers, 3, 8, 8 FROM users WHERE email = 'tropieza@practice.test' RETURNING id`,
      { numbers: skills.numbers },
    );
    const equations = await next(c, `skill=${skills.equations}`);
    expect(equations.skills.map((s) => s.id)).toEqual([skills.equations]);
    // Three equations of average difficulty, wrong.
    for (const numeral of byProblem.get('Ecuaciones')!.slice(2, 5)) await answer(c, numeral, false);
    const easier = await next(c, `skill=${skills.equations}`);
    expect(easier.reason).toContain('más sencillo');
    // The easiest numeral the model knows of, with a higher chance than the hard one would have.
    expect(easier.numeral_id).toBe(byProblem.get('Ecuaciones')![1]);
    // Now the prerequisite is no longer secure: it comes first.
    await server.db.sequelize.query(
      `UPDATE skill_mastery SET theta = -1, evidence = 3 WHERE skill_id = :numbers
          AND user_id = (SELECT id FROM users WHERE email = 'tropieza@practice.test')`,
      { replacements: skills },
    );
    const prerequisite = await next(c, `skill=${skills.equations}`);
    expect(prerequisite.status).toBe('prerequisite');
    expect(prerequisite.skills.map((s) => s.id)).toEqual([skills.numbers]);
    expect(prerequisite.reason).toBe(
      'Antes de seguir con Resuelve ecuaciones lineales, refuerzas Opera con enteros, que se necesita para ella.',
    );
  });

  it('reviews a mastered skill once its recall is due, saying how long it has been', async () => {
    const c = await student('repasa@practice.test', 'en');
    await rows(
      `INSERT INTO skill_mastery (user_id, skill_id, theta, evidence, successes, last_evidence_at)
       SELECT id, :numbers, 6, 12, 3, now() - interval '9 days' FROM users WHERE email = 'repasa@practice.test'
       RETURNING id`,
      { numbers: skills.numbers },
    );
    const review = await next(c);
    expect(review.status).toBe('review');
    expect(review.skills.map((s) => s.id)).toEqual([skills.numbers]);
    expect(review.reason).toBe('You review Operates with integers: you have not practised it for 9 days.');
  });

  it('says a mastered scope is mastered and names the skill that comes after it', async () => {
    const c = await student('domina@practice.test');
    await rows(
      `INSERT INTO skill_mastery (user_id, skill_id, theta, evidence, successes)
       SELECT u.id, s.id, 6, 12, 12 FROM users u, skills s
        WHERE u.email = 'domina@practice.test' AND s.id IN (:numbers, :equations) RETURNING id`,
      skills,
    );
    const done = await next(c);
    expect(done.status).toBe('mastered');
    expect(done.next_skill?.id).toBe(skills.systems);
    expect(byProblem.get('Sistemas')).toContain(done.numeral_id);
    expect(done.reason).toBe('¡Dominaste Resuelve ecuaciones lineales! Sigues con Resuelve sistemas.');
  });

  it("keeps each student's model their own", async () => {
    const a = await student('una@practice.test');
    const b = await student('otra@practice.test');
    await answer(a, (await next(a)).numeral_id!, true);
    expect(levelOf(await next(a), skills.numbers)).not.toBe('not-started');
    expect(levelOf(await next(b), skills.numbers)).toBe('not-started');
  });

  it('answers a subtopic and a skill as well; refuses a missing or double scope with a translated 400 and an unknown one with 404', async () => {
    const c = await student('alcance@practice.test');
    expect((await next(c, `subtopic=${refs.subtopic}`)).scope.length).toBe(2);
    expect((await next(c, `skill=${skills.systems}`)).skills.map((s) => s.id)).toEqual([skills.systems]);
    for (const query of ['', `topic=${refs.topic}&skill=${skills.numbers}`, 'topic=abc']) {
      const res = await c.get<{ detail: string }>(`/api/practice/next/?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body)).not.toContain('validation.');
    }
    expect((await c.get('/api/practice/next/?topic=999999')).status).toBe(404);
  });

  it('refuses a visitor without an account', async () => {
    expect((await new TestClient(server.url).get(`/api/practice/next/?topic=${refs.topic}`)).status).toBe(
      401,
    );
  });
});
