import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let anonymous: TestClient;
const users = {} as Record<
  'creator' | 'creator2' | 'supervisor' | 'teacher' | 'teacher2' | 'student',
  number
>;
const clients = {} as Record<keyof typeof users, TestClient>;
/** The education system, its grades, standards and skills made for these tests. */
const ids = {
  system: 0,
  eighth: 0,
  tenth: 0,
  numeric: 0,
  variational: 0,
  variationalSkills: [0, 0],
  numericSkill: 0,
  topic: 0,
};
/** Problems: published by the creator, a draft of the creator's, a draft of the first teacher's. */
const problems = { published: 0, creatorDraft: 0, teacherDraft: 0, otherTopic: 0 };

async function query<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

async function insert(sql: string, replacements: Record<string, unknown> = {}): Promise<number> {
  const [row] = await query<{ id: number }>(`${sql} RETURNING id`, replacements);
  return row!.id;
}

async function problem(title: string, authorId: number, publish: boolean, topicId: number | null) {
  const id = await insert(
    `INSERT INTO problems (title, author_id, publish_problem, topic_id) VALUES (:title, :authorId, :publish, :topicId)`,
    { title, authorId, publish, topicId },
  );
  await query(
    `INSERT INTO numerals (problem_id, number, math_type) VALUES (:id, 1, 'simplify') RETURNING id`,
    {
      id,
    },
  );
  return id;
}

async function module(name: string, authorId: number, problemIds: number[]): Promise<number> {
  const id = await insert(`INSERT INTO modules (name, author_id) VALUES (:name, :authorId)`, {
    name,
    authorId,
  });
  for (const [i, problemId] of problemIds.entries())
    await query(
      `INSERT INTO module_problems (module_id, problem_id, numeration) VALUES (:id, :problemId, :n) RETURNING module_id`,
      { id, problemId, n: String(i + 1) },
    );
  return id;
}

async function linkModuleToSkill(moduleId: number, skillId: number) {
  await query(
    `INSERT INTO module_skills (module_id, skill_id) VALUES (:moduleId, :skillId) RETURNING module_id`,
    {
      moduleId,
      skillId,
    },
  );
}

beforeAll(async () => {
  server = await startTestServer();
  anonymous = new TestClient(server.url, { 'accept-language': 'es' });
  const groups: Record<keyof typeof users, string> = {
    creator: 'Creators',
    creator2: 'Creators',
    supervisor: 'Supervisors',
    teacher: 'Teachers',
    teacher2: 'Teachers',
    student: 'Students',
  };
  for (const [key, group] of Object.entries(groups) as [keyof typeof users, string][]) {
    const email = `${key}@standards.test`;
    users[key] = await insertUser(server.db.sequelize, { email, groups: [group] });
    clients[key] = await new TestClient(server.url, { 'accept-language': 'es' }).logIn(email);
  }

  ids.system = await insert(
    `INSERT INTO education_systems (name, code, name_english) VALUES ('Estándares de prueba', 'test-system', 'Test standards')`,
  );
  ids.tenth = await insert(
    `INSERT INTO grades (education_system_id, name, name_english, numeration)
     VALUES (:system, 'Décimo a undécimo', 'Tenth to eleventh', 10)`,
    { system: ids.system },
  );
  ids.eighth = await insert(
    `INSERT INTO grades (education_system_id, name, numeration) VALUES (:system, 'Octavo a noveno', 8)`,
    { system: ids.system },
  );
  // The variational standard is inserted first; the numeric one still comes first (the document's order).
  ids.variational = await insert(
    `INSERT INTO learning_standards (grade_id, name, name_english, thinking, position)
     VALUES (:grade, 'Modelo situaciones de variación periódica', 'I model periodic variation', 'variational', 1)`,
    { grade: ids.tenth },
  );
  ids.numeric = await insert(
    `INSERT INTO learning_standards (grade_id, name, thinking, position)
     VALUES (:grade, 'Analizo representaciones decimales', 'numeric', 1)`,
    { grade: ids.tenth },
  );
  ids.variationalSkills = [
    await insert(
      `INSERT INTO skills (learning_standard_id, name, position) VALUES (:s, 'Grafica funciones seno', 2)`,
      { s: ids.variational },
    ),
    await insert(
      `INSERT INTO skills (learning_standard_id, name, name_english, position)
       VALUES (:s, 'Resuelve ecuaciones trigonométricas', 'Solves trigonometric equations', 1)`,
      { s: ids.variational },
    ),
  ];
  ids.numericSkill = await insert(
    `INSERT INTO skills (learning_standard_id, name) VALUES (:s, 'Compara racionales e irracionales')`,
    { s: ids.numeric },
  );
  ids.topic = await insert(
    `INSERT INTO topics (name, name_spanish) VALUES ('Trigonometry', 'Trigonometría')`,
  );
  const otherTopic = await insert(`INSERT INTO topics (name, name_spanish) VALUES ('Limits', 'Límites')`);

  problems.published = await problem('Gráfica del seno', users.creator, true, ids.topic);
  problems.creatorDraft = await problem('Borrador del creador', users.creator, false, ids.topic);
  problems.teacherDraft = await problem('Borrador de la profesora', users.teacher, false, ids.topic);
  problems.otherTopic = await problem('Un límite', users.creator, true, otherTopic);
  for (const p of [problems.published, problems.creatorDraft, problems.teacherDraft])
    await query(`INSERT INTO problem_skills (problem_id, skill_id) VALUES (:p, :s) RETURNING problem_id`, {
      p,
      s: ids.variationalSkills[0],
    });
  await query(`INSERT INTO problem_skills (problem_id, skill_id) VALUES (:p, :s) RETURNING problem_id`, {
    p: problems.otherTopic,
    s: ids.numericSkill,
  });
});

afterAll(async () => {
  await server?.close();
});

describe('GET education-system-grades/', () => {
  it("answers the system's grades by number, both names", async () => {
    const res = await clients.teacher.get(`/api/education-system-grades/?education_system=${ids.system}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      grades: [
        {
          id: ids.eighth,
          education_system_id: ids.system,
          name: 'Octavo a noveno',
          name_english: null,
          numeration: 8,
        },
        {
          id: ids.tenth,
          education_system_id: ids.system,
          name: 'Décimo a undécimo',
          name_english: 'Tenth to eleventh',
          numeration: 10,
        },
      ],
    });
  });

  it('answers 404 for a system that does not exist and 400 naming a missing or bad system', async () => {
    expect((await clients.creator.get(`/api/education-system-grades/?education_system=999999`)).status).toBe(
      404,
    );
    const missing = await clients.creator.get<{ fields: Record<string, string[]> }>(
      '/api/education-system-grades/',
    );
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields)).toEqual(['education_system']);
    expect((await clients.creator.get('/api/education-system-grades/?education_system=abc')).status).toBe(
      400,
    );
  });

  it('refuses students (403) and anonymous callers (401)', async () => {
    const path = `/api/education-system-grades/?education_system=${ids.system}`;
    expect((await clients.student.get(path)).status).toBe(403);
    expect((await anonymous.get(path)).status).toBe(401);
  });
});

describe('GET get-grade-content/', () => {
  it("answers the grade's standards by thinking and order, and their skills in order", async () => {
    const res = await clients.supervisor.get<{
      learning_standards: { id: number; thinking: string | null; name_english: string | null }[];
      skills: { id: number; learning_standard_id: number }[];
    }>(`/api/get-grade-content/?grade_id=${ids.tenth}`);
    expect(res.status).toBe(200);
    expect(res.body.learning_standards.map((s) => [s.id, s.thinking])).toEqual([
      [ids.numeric, 'numeric'],
      [ids.variational, 'variational'],
    ]);
    expect(res.body.learning_standards[1]!.name_english).toBe('I model periodic variation');
    expect(res.body.skills.map((s) => s.id)).toEqual([
      ids.numericSkill,
      ids.variationalSkills[1],
      ids.variationalSkills[0],
    ]);
  });

  it('answers an empty grade with empty lists, and 404 for no such grade', async () => {
    const empty = await clients.teacher.get(`/api/get-grade-content/?grade_id=${ids.eighth}`);
    expect(empty.body).toEqual({ learning_standards: [], skills: [] });
    expect((await clients.teacher.get(`/api/get-grade-content/?grade_id=999999`)).status).toBe(404);
    expect((await clients.student.get(`/api/get-grade-content/?grade_id=${ids.tenth}`)).status).toBe(403);
  });
});

describe('GET standard-problems/', () => {
  const titles = async (client: TestClient, type: string, id: number) => {
    const res = await client.get<{ problems: { title: string; numeral_count: number }[] }>(
      `/api/standard-problems/?type=${type}&id=${id}`,
    );
    expect(res.status).toBe(200);
    return res.body.problems.map((p) => p.title);
  };

  it("finds a skill's problems: published ones and the caller's own drafts, never another's draft", async () => {
    expect(await titles(clients.teacher, 'skill', ids.variationalSkills[0]!)).toEqual([
      'Borrador de la profesora',
      'Gráfica del seno',
    ]);
    expect(await titles(clients.teacher2, 'skill', ids.variationalSkills[0]!)).toEqual(['Gráfica del seno']);
    expect(await titles(clients.creator, 'skill', ids.variationalSkills[0]!)).toEqual([
      'Borrador del creador',
      'Gráfica del seno',
    ]);
    expect(await titles(clients.creator, 'skill', ids.variationalSkills[1]!)).toEqual([]);
  });

  it("finds a standard's problems through any of its skills", async () => {
    expect(await titles(clients.teacher2, 'learningStandard', ids.variational)).toEqual(['Gráfica del seno']);
    expect(await titles(clients.teacher2, 'learningStandard', ids.numeric)).toEqual(['Un límite']);
  });

  it('answers 404 for no such skill, 400 for a bad type, 403 for a student', async () => {
    expect((await clients.teacher.get(`/api/standard-problems/?type=skill&id=999999`)).status).toBe(404);
    const bad = await clients.teacher.get<{ fields: Record<string, string[]> }>(
      `/api/standard-problems/?type=topic&id=${ids.numericSkill}`,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['type']);
    expect(
      (await clients.student.get(`/api/standard-problems/?type=skill&id=${ids.numericSkill}`)).status,
    ).toBe(403);
  });
});

describe('POST get-assigned-module-data/ and get-topic-modules/', () => {
  let catalog: number;
  let teacherOwn: number;

  beforeAll(async () => {
    catalog = await module('Taller de funciones periódicas', users.creator, [
      problems.creatorDraft,
      problems.published,
    ]);
    teacherOwn = await module('Mi taller', users.teacher, [problems.teacherDraft]);
    await linkModuleToSkill(catalog, ids.variationalSkills[0]!);
    await linkModuleToSkill(teacherOwn, ids.variationalSkills[0]!);
  });

  type Found = { modules: { id: number; name: string; author_name: string; problems: { id: number }[] }[] };

  it("finds the catalog's modules and the caller's own, with the problems the caller may use", async () => {
    const byTeacher = await clients.teacher.post<Found>('/api/get-assigned-module-data/', {
      type: 'skill',
      id: ids.variationalSkills[0],
    });
    expect(byTeacher.status).toBe(200);
    expect(byTeacher.body.modules.map((m) => [m.name, m.problems.map((p) => p.id)])).toEqual([
      ['Mi taller', [problems.teacherDraft]],
      ['Taller de funciones periódicas', [problems.published]],
    ]);
    expect(byTeacher.body.modules[1]!.author_name).toBe('Test Test');

    // Another teacher does not see the first teacher's module; by the standard, through its skill.
    const byOther = await clients.teacher2.post<Found>('/api/get-assigned-module-data/', {
      type: 'learningStandard',
      id: ids.variational,
    });
    expect(byOther.body.modules.map((m) => m.id)).toEqual([catalog]);
    const byNumeric = await clients.teacher2.post<Found>('/api/get-assigned-module-data/', {
      type: 'learningStandard',
      id: ids.numeric,
    });
    expect(byNumeric.body.modules).toEqual([]);
  });

  it('finds modules with a problem of a topic', async () => {
    const res = await clients.teacher2.post<Found>('/api/get-topic-modules/', { topic_id: ids.topic });
    expect(res.status).toBe(200);
    expect(res.body.modules.map((m) => m.id)).toEqual([catalog]);
    expect((await clients.teacher2.post('/api/get-topic-modules/', { topic_id: 999999 })).status).toBe(404);
  });

  it('refuses bad input (400), unknown ids (404) and students (403)', async () => {
    const bad = await clients.teacher.post<{ fields: Record<string, string[]> }>(
      '/api/get-assigned-module-data/',
      {
        type: 'grade',
        id: 'x',
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['id', 'type']);
    const unknown = await clients.teacher.post('/api/get-assigned-module-data/', {
      type: 'skill',
      id: 999999,
    });
    expect(unknown.status).toBe(404);
    const student = await clients.student.post('/api/get-assigned-module-data/', {
      type: 'skill',
      id: ids.numericSkill,
    });
    expect(student.status).toBe(403);
  });
});

describe('modules/{id}/learning-standards/', () => {
  let creatorModule: number;
  let teacherModule: number;
  type Assigned = {
    learning_standards: { id: number; education_system_id: number }[];
    skills: { id: number; learning_standard_id: number; grade_id: number; education_system_id: number }[];
  };

  beforeAll(async () => {
    creatorModule = await module('Taller del creador', users.creator, [problems.published]);
    teacherModule = await module('Taller de la profesora', users.teacher, [problems.published]);
  });

  it('lets the author assign the module to standards and skills, and reads them back', async () => {
    const path = `/api/modules/${creatorModule}/learning-standards/`;
    expect((await clients.creator.get(path)).body).toEqual({ learning_standards: [], skills: [] });
    const put = await clients.creator.put<Assigned>(path, {
      learning_standard_ids: [ids.numeric],
      skill_ids: [ids.variationalSkills[0], ids.variationalSkills[1]],
    });
    expect(put.status).toBe(200);
    expect(put.body.learning_standards.map((s) => [s.id, s.education_system_id])).toEqual([
      [ids.numeric, ids.system],
    ]);
    expect(put.body.skills.map((s) => [s.id, s.learning_standard_id, s.grade_id])).toEqual([
      [ids.variationalSkills[1], ids.variational, ids.tenth],
      [ids.variationalSkills[0], ids.variational, ids.tenth],
    ]);
    expect((await clients.creator.get<Assigned>(path)).body).toEqual(put.body);

    // The module is now found by its skill, and a new set replaces the old one.
    const found = await clients.teacher2.post<{ modules: { id: number }[] }>(
      '/api/get-assigned-module-data/',
      {
        type: 'skill',
        id: ids.variationalSkills[1],
      },
    );
    expect(found.body.modules.map((m) => m.id)).toContain(creatorModule);
    const replaced = await clients.creator.put<Assigned>(path, {
      learning_standard_ids: [],
      skill_ids: [ids.numericSkill],
    });
    expect(replaced.body.learning_standards).toEqual([]);
    expect(replaced.body.skills.map((s) => s.id)).toEqual([ids.numericSkill]);
  });

  it("lets a supervisor read and change a catalog module's assignment, and the teacher their own", async () => {
    const catalog = `/api/modules/${creatorModule}/learning-standards/`;
    const res = await clients.supervisor.put<Assigned>(catalog, {
      learning_standard_ids: [ids.variational],
      skill_ids: [],
    });
    expect(res.status).toBe(200);
    expect(res.body.learning_standards.map((s) => s.id)).toEqual([ids.variational]);
    expect((await clients.supervisor.get<Assigned>(catalog)).body).toEqual(res.body);
    const own = await clients.teacher.put(`/api/modules/${teacherModule}/learning-standards/`, {
      learning_standard_ids: [],
      skill_ids: [ids.numericSkill],
    });
    expect(own.status).toBe(200);
  });

  it("answers 404 to a supervisor for a teacher's module, reading or changing, as to another teacher", async () => {
    const path = `/api/modules/${teacherModule}/learning-standards/`;
    const before = await clients.teacher.put<Assigned>(path, {
      learning_standard_ids: [],
      skill_ids: [ids.numericSkill],
    });
    expect(before.status).toBe(200);
    const change = { learning_standard_ids: [ids.numeric], skill_ids: [] };
    for (const who of ['supervisor', 'teacher2'] as const) {
      const read = await clients[who].get(path);
      const write = await clients[who].put(path, change);
      expect([read.status, write.status], who).toEqual([404, 404]);
      // The same answer as for a module that does not exist: nothing says the module is there.
      expect(read.body).toEqual((await clients[who].get('/api/modules/999999/learning-standards/')).body);
    }
    const after = await clients.teacher.get<Assigned>(path);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    expect(after.body.skills.map((s) => s.id)).toEqual([ids.numericSkill]);
  });

  it('answers 404 to another creator or teacher, for reading and changing, and changes nothing', async () => {
    const path = `/api/modules/${creatorModule}/learning-standards/`;
    const before = (await clients.creator.get<Assigned>(path)).body;
    const change = { learning_standard_ids: [], skill_ids: [ids.numericSkill] };
    for (const who of ['creator2', 'teacher', 'teacher2'] as const) {
      expect((await clients[who].get(path)).status).toBe(404);
      expect((await clients[who].put(path, change)).status).toBe(404);
    }
    expect(
      (await clients.creator2.put(`/api/modules/${teacherModule}/learning-standards/`, change)).status,
    ).toBe(404);
    expect((await clients.student.put(path, change)).status).toBe(403);
    expect((await anonymous.put(path, change)).status).toBe(401);
    expect((await clients.creator.get<Assigned>(path)).body).toEqual(before);
  });

  it('refuses unknown ids (400 naming the field, nothing written), repeated ids, and modules that do not exist', async () => {
    const path = `/api/modules/${creatorModule}/learning-standards/`;
    const before = (await clients.creator.get<Assigned>(path)).body;
    const unknown = await clients.creator.put<{ fields: Record<string, string[]> }>(path, {
      learning_standard_ids: [ids.numeric],
      skill_ids: [999999],
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fields)).toEqual(['skill_ids']);
    expect((await clients.creator.get<Assigned>(path)).body).toEqual(before);
    const twice = await clients.creator.put<{ fields: Record<string, string[]> }>(path, {
      learning_standard_ids: [ids.numeric, ids.numeric],
      skill_ids: [],
    });
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body.fields)).toEqual(['learning_standard_ids']);
    expect((await clients.creator.get('/api/modules/999999/learning-standards/')).status).toBe(404);
    expect((await clients.creator.get('/api/modules/abc/learning-standards/')).status).toBe(404);
  });

  it('answers in English when asked, the messages translated', async () => {
    const en = new TestClient(server.url, { 'accept-language': 'en' });
    await en.logIn('creator@standards.test');
    const res = await en.put<{ detail: string; fields: Record<string, string[]> }>(
      `/api/modules/${creatorModule}/learning-standards/`,
      { learning_standard_ids: [], skill_ids: [999999] },
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.skill_ids!.join(' ')).not.toMatch(/validation\./);
  });
});
