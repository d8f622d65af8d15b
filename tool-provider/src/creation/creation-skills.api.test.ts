import { PROBLEM_SKILLS_MAX } from '@kib/core';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { postSave, problemDraft, saveForm } from '../../testing/creation-drafts';

let server: TestServer;
let refs: { topicId: number; subtopicId: number };
let author: TestClient;
let authorEn: TestClient;
let other: TestClient;
let teacher: TestClient;
let student: TestClient;
let supervisor: TestClient;
/** The skills made for these tests: a standard of 10°–11° with two, and one of 8°–9°. */
let skills: { sine: number; identities: number; rationals: number; extra: number[] };

async function query<T extends object>(sql: string, replacements: Record<string, unknown> = {}) {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}
const one = async (sql: string, replacements: Record<string, unknown> = {}) =>
  (await query<{ id: number }>(sql, replacements))[0]!.id;

const login = (email: string, lang = 'es') =>
  new TestClient(server.url, { 'accept-language': lang }).logIn(email);

interface SkillRow {
  id: number;
  learning_standard_id: number;
  name: string;
  grade_id: number;
  education_system_id: number;
}
interface SaveBody {
  problem_id: number;
  problem: { skill_ids?: number[]; numerals: { id: number; key: string }[] };
  skills: SkillRow[];
  detail?: string;
  fields?: Record<string, string[]>;
}

const save = (client: TestClient, state: unknown) =>
  postSave(client, saveForm(state)) as Promise<{
    status: number;
    body: SaveBody & Record<string, unknown>;
  }>;

/** A saved problem as the server answered it (snake case), to be saved again with `skillIds`. */
const withSkills = (problem: SaveBody['problem'], id: number, skillIds: number[]) => {
  const { skill_ids: _before, ...rest } = problem;
  return { ...rest, id, skillIds };
};

const linked = async (problemId: number) =>
  (
    await query<{ skillId: number }>(
      `SELECT skill_id AS "skillId" FROM problem_skills WHERE problem_id = :problemId ORDER BY skill_id`,
      { problemId },
    )
  ).map((r) => r.skillId);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db.sequelize;
  await insertUser(db, { email: 'autora@skills.test', groups: ['Creators'] });
  await insertUser(db, { email: 'otra@skills.test', groups: ['Creators'] });
  await insertUser(db, { email: 'profe@skills.test', groups: ['Teachers'] });
  await insertUser(db, { email: 'alumno@skills.test', groups: ['Students'] });
  await insertUser(db, { email: 'supervisora@skills.test', groups: ['Supervisors'] });
  const topic = await one(`INSERT INTO topics (name) VALUES ('Trigonometría') RETURNING id`);
  const subtopic = await one(
    `INSERT INTO subtopics (topic_id, name) VALUES (:topic, 'Funciones') RETURNING id`,
    { topic },
  );
  refs = { topicId: topic, subtopicId: subtopic };
  const system = await one(
    `INSERT INTO education_systems (name, code) VALUES ('Estándares de prueba', 'skills-test') RETURNING id`,
  );
  const tenth = await one(
    `INSERT INTO grades (education_system_id, name, numeration) VALUES (:system, 'Décimo a undécimo', 10) RETURNING id`,
    { system },
  );
  const eighth = await one(
    `INSERT INTO grades (education_system_id, name, numeration) VALUES (:system, 'Octavo a noveno', 8) RETURNING id`,
    { system },
  );
  const periodic = await one(
    `INSERT INTO learning_standards (grade_id, name, thinking, position)
     VALUES (:tenth, 'Modelo fenómenos periódicos', 'variational', 1) RETURNING id`,
    { tenth },
  );
  const numbers = await one(
    `INSERT INTO learning_standards (grade_id, name, thinking, position)
     VALUES (:eighth, 'Utilizo números reales', 'numeric', 1) RETURNING id`,
    { eighth },
  );
  const skill = (standard: number, name: string, position: number) =>
    one(
      `INSERT INTO skills (learning_standard_id, name, name_english, position)
       VALUES (:standard, :name, :english, :position) RETURNING id`,
      { standard, name, english: `${name} (en)`, position },
    );
  const identities = await skill(periodic, 'Verifica identidades', 2);
  const sine = await skill(periodic, 'Grafica el seno', 1);
  const rationals = await skill(numbers, 'Compara racionales', 1);
  const extra: number[] = [];
  for (let i = 0; i < PROBLEM_SKILLS_MAX; i += 1) extra.push(await skill(numbers, `Extra ${i}`, 10 + i));
  skills = { sine, identities, rationals, extra };
  author = await login('autora@skills.test');
  authorEn = await login('autora@skills.test', 'en');
  other = await login('otra@skills.test');
  teacher = await login('profe@skills.test');
  student = await login('alumno@skills.test');
  supervisor = await login('supervisora@skills.test');
});
afterAll(() => server?.close());

describe('a problem’s learning-standard skills in the creation tool', () => {
  it('saves the skills with the problem, answers them named, and loads them for editing', async () => {
    const created = await save(
      author,
      problemDraft(refs, { skillIds: [skills.identities, skills.rationals, skills.sine] }),
    );
    expect(created.status).toBe(200);
    const id = created.body.problem_id;
    expect(await linked(id)).toEqual(
      [skills.identities, skills.rationals, skills.sine].sort((a, b) => a - b),
    );
    // By system, grade (8° before 10°), then the document's order within the standard.
    const order = [skills.rationals, skills.sine, skills.identities];
    expect(created.body.problem.skill_ids).toEqual(order);
    expect(created.body.skills.map((s) => s.id)).toEqual(order);
    expect(created.body.skills[1]).toMatchObject({
      name: 'Grafica el seno',
      name_english: 'Grafica el seno (en)',
    });

    const opened = await author.get<SaveBody>(`/api/creator/problems/${id}/`);
    expect(opened.status).toBe(200);
    expect(opened.body.problem.skill_ids).toEqual(order);
    expect(opened.body.skills.map((s) => s.id)).toEqual(order);
    const reviewed = await supervisor.get<SaveBody>(`/api/creator/problems/${id}/`);
    expect(reviewed.body.skills.map((s) => s.id)).toEqual(order);

    // The module builder's Competencias search now finds the problem by its skill and its standard.
    const found = await author.get<{ problems: { id: number }[] }>(
      `/api/standard-problems/?type=skill&id=${skills.sine}`,
    );
    expect(found.body.problems.map((p) => p.id)).toContain(id);
  });

  it('replaces the skills when a save names them, and keeps them when it does not', async () => {
    const created = await save(author, problemDraft(refs, { skillIds: [skills.sine] }));
    const id = created.body.problem_id;
    const before = await query<{ updatedAt: Date }>(
      `SELECT updated_at AS "updatedAt" FROM problems WHERE id = :id`,
      { id },
    );
    const draft = { ...problemDraft(refs), id, numerals: [] };
    const changed = await save(author, { ...draft, skillIds: [skills.identities, skills.rationals] });
    expect(changed.status).toBe(200);
    expect(await linked(id)).toEqual([skills.identities, skills.rationals].sort((a, b) => a - b));
    const after = await query<{ updatedAt: Date }>(
      `SELECT updated_at AS "updatedAt" FROM problems WHERE id = :id`,
      { id },
    );
    expect(after[0]!.updatedAt.getTime()).toBeGreaterThan(before[0]!.updatedAt.getTime());

    const kept = await save(author, draft);
    expect(kept.status).toBe(200);
    expect(await linked(id)).toEqual([skills.identities, skills.rationals].sort((a, b) => a - b));
    expect(kept.body.skills).toHaveLength(2);

    const cleared = await save(author, { ...draft, skillIds: [] });
    expect(cleared.status).toBe(200);
    expect(await linked(id)).toEqual([]);
    expect(cleared.body.skills).toEqual([]);
  });

  it('refuses an unknown skill with a translated 400 and writes nothing', async () => {
    const count = async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM problems`))[0]!.n;
    const problems = await count();
    const es = await save(author, problemDraft(refs, { skillIds: [skills.sine, 987654] }));
    expect(es.status).toBe(400);
    expect(es.body.fields?.['state.skill_ids']).toEqual([
      'Una de las competencias elegidas no existe: quítala y elige otra.',
    ]);
    const en = await save(authorEn, problemDraft(refs, { skillIds: [987654] }));
    expect(en.status).toBe(400);
    expect(en.body.fields?.['state.skill_ids']).toEqual([
      'One of the skills chosen does not exist: remove it and choose another.',
    ]);
    expect(await count()).toBe(problems);

    // An existing problem keeps its skills when a save names an unknown one.
    const created = await save(author, problemDraft(refs, { skillIds: [skills.sine] }));
    const id = created.body.problem_id;
    const refused = await save(author, withSkills(created.body.problem, id, [skills.identities, 987654]));
    expect(refused.status).toBe(400);
    expect(await linked(id)).toEqual([skills.sine]);
  });

  it(`refuses more than ${PROBLEM_SKILLS_MAX} skills, a skill twice and ids that are not ids (400)`, async () => {
    const tooMany = await save(author, problemDraft(refs, { skillIds: [...skills.extra, skills.sine] }));
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.fields ?? {})).toEqual(['state.skill_ids']);
    const atMost = await save(author, problemDraft(refs, { skillIds: skills.extra }));
    expect(atMost.status).toBe(200);
    expect(await linked(atMost.body.problem_id)).toHaveLength(PROBLEM_SKILLS_MAX);

    const twice = await save(author, problemDraft(refs, { skillIds: [skills.sine, skills.sine] }));
    expect(twice.status).toBe(400);
    expect(twice.body.fields?.['state.skill_ids']).toEqual(['Una competencia aparece dos veces.']);
    for (const bad of [[0], [-3], [1.5], ['7'], [2_147_483_648], 'todas'])
      expect((await save(author, problemDraft(refs, { skillIds: bad as never }))).status).toBe(400);
  });

  it('lets only the problem’s editors change its skills: another creator and a teacher get 404, a student 403', async () => {
    const created = await save(author, problemDraft(refs, { skillIds: [skills.sine] }));
    const id = created.body.problem_id;
    const change = withSkills(created.body.problem, id, [skills.rationals]);
    expect((await save(other, change)).status).toBe(404);
    expect((await save(teacher, change)).status).toBe(404);
    expect((await save(student, change)).status).toBe(403);
    expect((await other.get(`/api/creator/problems/${id}/`)).status).toBe(404);
    expect(await linked(id)).toEqual([skills.sine]);
  });

  it('a teacher’s own problem takes skills too', async () => {
    const created = await save(teacher, problemDraft(refs, { skillIds: [skills.rationals] }));
    expect(created.status).toBe(200);
    expect(await linked(created.body.problem_id)).toEqual([skills.rationals]);
  });

  it('copies the skills on clone, and the copy’s skills are its own', async () => {
    const created = await save(author, problemDraft(refs, { skillIds: [skills.sine, skills.rationals] }));
    const id = created.body.problem_id;
    const cloned = await author.post<{ problem_id: number }>(`/api/creator/problems/${id}/clone/`);
    expect(cloned.status).toBe(201);
    const copy = cloned.body.problem_id;
    expect(await linked(copy)).toEqual(await linked(id));
    const opened = await author.get<SaveBody>(`/api/creator/problems/${copy}/`);
    expect(opened.body.skills.map((s) => s.id)).toEqual([skills.rationals, skills.sine]);
    await save(author, withSkills(opened.body.problem, copy, []));
    expect(await linked(id)).toHaveLength(2);
    expect(await linked(copy)).toEqual([]);
  });
});
