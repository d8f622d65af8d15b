import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_CODE_ALPHABET, ACTIVITY_CODE_LENGTH } from '../../activities/activity-code';
import { DEV_SEED } from '../../seed/dev-seed';
import { insertUser } from '../../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../../testing/test-server';

let server: TestServer;
/** The demo teacher's own draft problem and two published problems of the creator's. */
let ownDraft: number;
let published: number[];
/** A draft of the creator's, which no teacher may put in a module. */
let creatorDraft: number;

const CODE = new RegExp(`^[${ACTIVITY_CODE_ALPHABET}]{${ACTIVITY_CODE_LENGTH}}$`);
const PAST = '2020-01-01T00:00:00.000Z';
const FUTURE = '2099-01-01T00:00:00.000Z';
const FUTURE_LATER = '2099-06-01T00:00:00.000Z';

interface Detail {
  id: number;
  name: string;
  description: string;
  creation_date: string;
  problems: { id: number; title: string; numeration: string | null; numeral_count: number }[];
  assignments: {
    classroom_id: number;
    classroom_name: string;
    publish_date: string | null;
    deadline: string | null;
    student_ids: number[] | null;
    student_deadlines: { student_id: number; deadline: string | null }[];
  }[];
  codes: { students: string | null; teachers: string | null };
}

interface Summary {
  id: number;
  name: string;
  num_problems: number;
  num_classrooms: number;
  classroom_ids: number[];
  progress: number;
  creation_date: string;
  codes: { students: string | null; teachers: string | null };
}

function loginAs(email: string, lang = 'es'): Promise<TestClient> {
  return new TestClient(server.url, { 'accept-language': lang }).logIn(email);
}

async function query<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

async function idOf(email: string): Promise<number> {
  const [row] = await query<{ id: number }>(`SELECT id FROM users WHERE email = :email`, { email });
  return row!.id;
}

/** A new teacher of the demo school (valid plan), logged in. */
async function schoolTeacher(email: string, lang = 'es'): Promise<{ id: number; client: TestClient }> {
  const id = await insertUser(server.db.sequelize, { email, groups: ['Teachers'] });
  await server.db.sequelize.query(
    `INSERT INTO institution_teachers (institution_id, user_id) SELECT id, :id FROM institutions WHERE name = :school`,
    { replacements: { id, school: DEV_SEED.institutionName } },
  );
  return { id, client: await loginAs(email, lang) };
}

/** A new student account, member of the given classrooms. */
async function student(email: string, classroomIds: number[]): Promise<number> {
  const id = await insertUser(server.db.sequelize, { email, groups: ['Students'] });
  for (const classroomId of classroomIds)
    await server.db.sequelize.query(
      `INSERT INTO classroom_students (classroom_id, user_id) VALUES (:classroomId, :id)`,
      { replacements: { classroomId, id } },
    );
  return id;
}

/** A problem with `numerals` numerals; answers its id and its numerals' ids. */
async function problem(
  title: string,
  authorId: number,
  publish: boolean,
  numerals = 1,
): Promise<{ id: number; numerals: number[] }> {
  const [row] = await query<{ id: number }>(
    `INSERT INTO problems (title, author_id, publish_problem) VALUES (:title, :authorId, :publish) RETURNING id`,
    { title, authorId, publish },
  );
  const ids: number[] = [];
  for (let n = 0; n < numerals; n++) {
    const [numeral] = await query<{ id: number }>(
      `INSERT INTO numerals (problem_id, number, math_type) VALUES (:problemId, :n, 'simplify') RETURNING id`,
      { problemId: row!.id, n },
    );
    ids.push(numeral!.id);
  }
  return { id: row!.id, numerals: ids };
}

async function classroom(teacher: TestClient, name: string): Promise<number> {
  const res = await teacher.post('/api/classrooms/', { name });
  expect(res.status).toBe(201);
  return Number(res.body.id);
}

async function createModule(teacher: TestClient, body: Record<string, unknown>): Promise<Detail> {
  const res = await teacher.post<Detail>('/api/modules/', body);
  expect(res.status).toBe(201);
  return res.body;
}

async function completed(userId: number, numeralIds: number[], done = true): Promise<void> {
  for (const numeralId of numeralIds)
    await server.db.sequelize.query(
      `INSERT INTO stats (user_id, numeral_id, completed, attempts) VALUES (:userId, :numeralId, :done, 1)`,
      { replacements: { userId, numeralId, done } },
    );
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  const teacherId = await idOf(DEV_SEED.users.teacher.email);
  const creatorId = await idOf(DEV_SEED.users.creator.email);
  ownDraft = (await problem('Borrador de la profesora', teacherId, false, 2)).id;
  published = [
    (await problem('Publicado A', creatorId, true, 3)).id,
    (await problem('Publicado B', creatorId, true, 1)).id,
  ];
  creatorDraft = (await problem('Borrador del creador', creatorId, false)).id;
  await insertUser(server.db.sequelize, { email: 'nosub@test.kib', groups: ['Teachers'] });
});
afterAll(() => server?.close());

describe('POST modules/, GET modules/{id}/, PUT modules/{id}/', () => {
  it('saves a module with its problems numbered in the order sent, reads it, and changes it', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const created = await createModule(teacher, {
      name: '  Funciones 1 ',
      description: ' Repaso de funciones ',
      problem_ids: [published[1], ownDraft, published[0]],
    });
    expect(created).toMatchObject({
      name: 'Funciones 1',
      description: 'Repaso de funciones',
      assignments: [],
      codes: { students: null, teachers: null },
    });
    expect(created.problems.map((p) => [p.id, p.numeration, p.numeral_count])).toEqual([
      [published[1], '1', 1],
      [ownDraft, '2', 2],
      [published[0], '3', 3],
    ]);
    expect(
      await query(
        `SELECT problem_id AS "problemId", numeration FROM module_problems WHERE module_id = :id ORDER BY numeration`,
        {
          id: created.id,
        },
      ),
    ).toEqual([
      { problemId: published[1], numeration: '1' },
      { problemId: ownDraft, numeration: '2' },
      { problemId: published[0], numeration: '3' },
    ]);

    const read = await teacher.get<Detail>(`/api/modules/${created.id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);

    const changed = await teacher.put<Detail>(`/api/modules/${created.id}/`, {
      name: 'Funciones 2',
      problem_ids: [published[0], published[1]],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: created.id, name: 'Funciones 2', description: '' });
    expect(changed.body.creation_date).toBe(created.creation_date);
    expect(changed.body.problems.map((p) => [p.id, p.numeration])).toEqual([
      [published[0], '1'],
      [published[1], '2'],
    ]);
    expect(
      await query(`SELECT 1 FROM module_problems WHERE module_id = :id`, { id: created.id }),
    ).toHaveLength(2);

    const emptied = await teacher.put<Detail>(`/api/modules/${created.id}/`, {
      name: 'Funciones 2',
      problem_ids: [],
    });
    expect(emptied.status).toBe(200);
    expect(emptied.body.problems).toEqual([]);
  });

  it('makes the two activity codes once when asked, and they open the activity', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const created = await createModule(teacher, {
      name: 'Con códigos',
      problem_ids: [published[0]],
      create_codes: true,
    });
    expect(created.codes.students).toMatch(CODE);
    expect(created.codes.teachers).toMatch(CODE);
    expect(created.codes.students).not.toBe(created.codes.teachers);
    const again = await teacher.put<Detail>(`/api/modules/${created.id}/`, {
      name: 'Con códigos',
      problem_ids: [published[0], published[1]],
      create_codes: true,
    });
    expect(again.body.codes).toEqual(created.codes);
    expect(
      await query(`SELECT audience FROM module_codes WHERE module_id = :id ORDER BY audience`, {
        id: created.id,
      }),
    ).toEqual([{ audience: 'students' }, { audience: 'teachers' }]);
    const open = await new TestClient(server.url).get(
      `/api/validatemodulecodestudents/?module_code=${created.codes.students}`,
    );
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ module_data: { id: created.id, name: 'Con códigos' } });
  });

  it("refuses a blank name, a name the teacher uses, a problem twice and problems they may not use, with the spec's messages", async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email, 'en');
    const blank = await teacher.post('/api/modules/', { name: '   ', problem_ids: [] });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ name: ['Module name cannot be blank.'] });
    const missing = await (
      await loginAs(DEV_SEED.users.teacher.email)
    ).post('/api/modules/', { problem_ids: [] });
    expect(missing.body.fields).toEqual({ name: ['El nombre del módulo no puede estar vacío.'] });

    const used = await teacher.post('/api/modules/', { name: DEV_SEED.modules.main.name, problem_ids: [] });
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({
      code: 'validation',
      fields: { name: ['You already have a module with this name.'] },
    });

    const twice = await teacher.post('/api/modules/', {
      name: 'Dos veces',
      problem_ids: [published[0], published[0]],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toEqual({ problem_ids: ['A problem is twice in the module.'] });

    const unavailable = await teacher.post('/api/modules/', {
      name: DEV_SEED.modules.passed.name,
      problem_ids: [published[0], creatorDraft, 99_999_999, 3_000_000_000],
    });
    expect(unavailable.status).toBe(400);
    expect(unavailable.body.fields).toEqual({
      name: ['You already have a module with this name.'],
      'problem_ids.1': ['This problem does not exist or is not published.'],
      'problem_ids.2': ['This problem does not exist or is not published.'],
      'problem_ids.3': ['This problem does not exist or is not published.'],
    });
    expect(await query(`SELECT 1 FROM modules WHERE name = 'Dos veces'`)).toHaveLength(0);

    // Renaming onto another of the teacher's modules is refused too, and nothing changes.
    const [mine] = await query<{ id: number }>(`SELECT id FROM modules WHERE name = :name`, {
      name: DEV_SEED.modules.upcoming.name,
    });
    const renamed = await teacher.put(`/api/modules/${mine!.id}/`, {
      name: DEV_SEED.modules.main.name,
      problem_ids: [],
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fields).toEqual({ name: ['You already have a module with this name.'] });
    expect(await query(`SELECT 1 FROM module_problems WHERE module_id = :id`, { id: mine!.id })).toHaveLength(
      2,
    );
  });

  it('keeps a problem that was unpublished after it was put in the module when the module is saved again', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const later = await problem('Se despublica', await idOf(DEV_SEED.users.creator.email), true);
    const created = await createModule(teacher, {
      name: 'Con uno que se despublica',
      problem_ids: [later.id],
    });
    await server.db.sequelize.query(`UPDATE problems SET publish_problem = false WHERE id = :id`, {
      replacements: { id: later.id },
    });
    const saved = await teacher.put<Detail>(`/api/modules/${created.id}/`, {
      name: 'Con uno que se despublica',
      problem_ids: [published[0], later.id],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.problems.map((p) => p.id)).toEqual([published[0], later.id]);
    const refused = await teacher.post('/api/modules/', { name: 'Otro', problem_ids: [later.id] });
    expect(refused.status).toBe(400);
  });

  it('answers one of two saves of the same name at once with the name message, not an error', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const answers = await Promise.all(
      [0, 1, 2].map(() => teacher.post('/api/modules/', { name: 'Carrera', problem_ids: [published[0]] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.body.fields).toEqual({ name: ['Ya tienes un módulo con este nombre.'] });
    expect(await query(`SELECT 1 FROM modules WHERE name = 'Carrera'`)).toHaveLength(1);
  });

  it('lets two teachers use the same name', async () => {
    const { client } = await schoolTeacher('samename@test.kib');
    await createModule(client, { name: DEV_SEED.modules.main.name, problem_ids: [published[0]] });
  });

  it('answers bad input with 400 or 404, never 500', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    expect((await teacher.post('/api/modules/', '{"name":')).status).toBe(400);
    expect((await teacher.post('/api/modules/', { name: 'x', problem_ids: ['a'] })).status).toBe(400);
    expect((await teacher.post('/api/modules/', { name: 'x', problem_ids: [-1] })).status).toBe(400);
    expect((await teacher.post('/api/modules/', { name: 'x'.repeat(201), problem_ids: [] })).status).toBe(
      400,
    );
    expect((await teacher.get('/api/modules/abc/')).status).toBe(404);
    expect((await teacher.get('/api/modules/99999999999/')).status).toBe(404);
    expect((await teacher.put('/api/modules/0/', { name: 'x', problem_ids: [] })).status).toBe(404);
    expect((await teacher.get('/api/modules/?classroom=abc')).status).toBe(400);
    expect((await teacher.get('/api/modules/?created_after=2024-02-30')).status).toBe(400);
    expect(
      (await teacher.get('/api/modules/?created_after=0000-01-01&created_before=9999-12-31')).status,
    ).toBe(200);
    expect((await teacher.get('/api/modules/?created_before=0000-01-01')).body).toEqual({ modules: [] });
    expect((await teacher.post('/api/delete-module/', { id: 3_000_000_000 })).status).toBe(404);
    expect((await teacher.get('/api/module-by-code/')).status).toBe(400);
  });
});

describe('GET modules/', () => {
  it("lists the teacher's modules newest first with their progress, filtered by classroom and day", async () => {
    const { id: teacherId, client: teacher } = await schoolTeacher('progress@test.kib');
    const first = await classroom(teacher, 'Primero');
    const second = await classroom(teacher, 'Segundo');
    const a = await problem('A', teacherId, true, 2);
    const b = await problem('B', teacherId, true, 1);
    const draft = await problem('Borrador', teacherId, false, 1);
    const s1 = await student('p1@test.kib', [first, second]);
    const s2 = await student('p2@test.kib', [first]);
    await student('p3@test.kib', [first]);
    await student('p5@test.kib', [second]);
    const outsider = await student('p4@test.kib', []);

    const whole = await createModule(teacher, { name: 'Entero', problem_ids: [a.id, b.id, draft.id] });
    const chosen = await createModule(teacher, { name: 'Elegidos', problem_ids: [a.id] });
    const nobody = await createModule(teacher, {
      name: 'Sin asignar',
      problem_ids: [a.id],
      create_codes: true,
    });
    const put = (id: number, assignments: unknown[]) =>
      teacher.put(`/api/modules/${id}/assignments/`, { assignments });
    expect((await put(whole.id, [{ classroom_id: first }, { classroom_id: second }])).status).toBe(200);
    expect((await put(chosen.id, [{ classroom_id: first, student_ids: [s2] }])).status).toBe(200);

    // s1 solved every numeral (the draft's too, which students never see); s2 one and tried another;
    // a student outside the classrooms solved everything.
    await completed(s1, [...a.numerals, ...b.numerals, ...draft.numerals]);
    await completed(s2, [a.numerals[0]!]);
    await completed(s2, [a.numerals[1]!], false);
    await completed(outsider, [...a.numerals, ...b.numerals]);

    for (const [id, day] of [
      [whole.id, '2024-03-10T12:00:00Z'],
      [chosen.id, '2024-03-11T00:00:00Z'],
      [nobody.id, '2024-03-12T23:59:59Z'],
    ] as const)
      await server.db.sequelize.query(`UPDATE modules SET creation_date = :day WHERE id = :id`, {
        replacements: { id, day },
      });

    const list = await teacher.get<{ modules: Summary[] }>('/api/modules/');
    expect(list.status).toBe(200);
    expect(list.body.modules.map((m) => m.name)).toEqual(['Sin asignar', 'Elegidos', 'Entero']);
    const [third, middle, oldest] = list.body.modules;
    // Entero: 3 published numerals × 4 students (s1 counted once though in both classrooms): 4 of 12.
    expect(oldest).toMatchObject({
      id: whole.id,
      num_problems: 3,
      num_classrooms: 2,
      classroom_ids: [first, second].sort((x, y) => x - y),
      progress: 33,
      creation_date: '2024-03-10T12:00:00.000Z',
      codes: { students: null, teachers: null },
    });
    // Elegidos: 2 numerals × s2 only: 1 of 2.
    expect(middle).toMatchObject({
      num_problems: 1,
      num_classrooms: 1,
      classroom_ids: [first],
      progress: 50,
    });
    expect(third).toMatchObject({ num_classrooms: 0, classroom_ids: [], progress: 0 });
    expect(third!.codes.students).toMatch(CODE);

    const names = async (q: string) =>
      ((await teacher.get<{ modules: Summary[] }>(`/api/modules/?${q}`)).body.modules ?? []).map(
        (m) => m.name,
      );
    expect(await names(`classroom=${second}`)).toEqual(['Entero']);
    expect(await names(`classroom=${first}`)).toEqual(['Elegidos', 'Entero']);
    expect(await names('created_after=2024-03-11')).toEqual(['Sin asignar', 'Elegidos']);
    expect(await names('created_before=2024-03-11')).toEqual(['Elegidos', 'Entero']);
    expect(await names('created_after=2024-03-11&created_before=2024-03-11')).toEqual(['Elegidos']);
    expect(await names(`created_after=2024-03-12&classroom=${first}`)).toEqual([]);

    // s2 completes the second numeral; a student leaving the classroom no longer counts.
    await server.db.sequelize.query(`UPDATE stats SET completed = true WHERE user_id = :s2`, {
      replacements: { s2 },
    });
    await server.db.sequelize.query(`DELETE FROM classroom_students WHERE user_id = :s2`, {
      replacements: { s2 },
    });
    const after = (await teacher.get<{ modules: Summary[] }>('/api/modules/')).body.modules;
    // Entero: 3 numerals × 3 students, s1 solved 3: 33 %; Elegidos: nobody left to count: 0.
    expect(after.map((m) => [m.name, m.progress])).toEqual([
      ['Sin asignar', 0],
      ['Elegidos', 0],
      ['Entero', 33],
    ]);
  });
});

describe('PUT modules/{id}/assignments/', () => {
  it('replaces every assignment, and students see what is published for them', async () => {
    const { id: teacherId, client: teacher } = await schoolTeacher('assign@test.kib');
    const first = await classroom(teacher, 'Mañana');
    const second = await classroom(teacher, 'Tarde');
    const a = await problem('Asignado', teacherId, true, 1);
    const ana = await student('ana@test.kib', [first, second]);
    const beto = await student('beto@test.kib', [first]);
    const module = await createModule(teacher, { name: 'Asignable', problem_ids: [a.id] });

    const set = await teacher.put<{ assignments: Detail['assignments'] }>(
      `/api/modules/${module.id}/assignments/`,
      {
        assignments: [
          {
            classroom_id: first,
            publish_date: PAST,
            deadline: FUTURE,
            student_deadlines: [{ student_id: beto, deadline: FUTURE_LATER }],
          },
          { classroom_id: second, publish_date: FUTURE, deadline: null },
        ],
      },
    );
    expect(set.status).toBe(200);
    expect(set.body.assignments).toEqual([
      {
        classroom_id: first,
        classroom_name: 'Mañana',
        publish_date: PAST,
        deadline: FUTURE,
        student_ids: null,
        student_deadlines: [{ student_id: beto, deadline: FUTURE_LATER }],
      },
      {
        classroom_id: second,
        classroom_name: 'Tarde',
        publish_date: FUTURE,
        deadline: null,
        student_ids: null,
        student_deadlines: [],
      },
    ]);
    expect((await teacher.get<Detail>(`/api/modules/${module.id}/`)).body.assignments).toEqual(
      set.body.assignments,
    );
    const [before] = await query<{ created: Date }>(
      `SELECT creation_date AS created FROM module_classrooms WHERE module_id = :id AND classroom_id = :first`,
      { id: module.id, first },
    );

    type Seen = {
      module_classrooms: { module_id: number; classroom_id: number }[];
      student_modules: { module_id: number; deadline: string | null }[];
      modules: { id: number }[];
    };
    const seenBy = async (email: string) =>
      (await (await loginAs(email)).get<Seen>('/api/get_student_classrooms/')).body;
    const anaSees = await seenBy('ana@test.kib');
    // Published in the morning classroom only; the afternoon one publishes later.
    expect(anaSees.module_classrooms.filter((m) => m.module_id === module.id)).toEqual([
      expect.objectContaining({ classroom_id: first }),
    ]);
    const betoSees = await seenBy('beto@test.kib');
    expect(betoSees.student_modules).toEqual([
      expect.objectContaining({ module_id: module.id, deadline: FUTURE_LATER }),
    ]);

    // Only Beto now, in the morning classroom: the afternoon assignment and the deadline go.
    const replaced = await teacher.put<{ assignments: Detail['assignments'] }>(
      `/api/modules/${module.id}/assignments/`,
      { assignments: [{ classroom_id: first, student_ids: [beto, beto] }] },
    );
    expect(replaced.status).toBe(400);
    const only = await teacher.put<{ assignments: Detail['assignments'] }>(
      `/api/modules/${module.id}/assignments/`,
      {
        assignments: [{ classroom_id: first, student_ids: [beto] }],
      },
    );
    expect(only.status).toBe(200);
    expect(only.body.assignments).toEqual([
      {
        classroom_id: first,
        classroom_name: 'Mañana',
        publish_date: null,
        deadline: null,
        student_ids: [beto],
        student_deadlines: [],
      },
    ]);
    expect(
      await query(
        `SELECT classroom_id AS "classroomId", individual_students AS individual FROM module_classrooms WHERE module_id = :id`,
        { id: module.id },
      ),
    ).toEqual([{ classroomId: first, individual: true }]);
    expect(
      await query(
        `SELECT classroom_id AS "classroomId", student_id AS "studentId" FROM module_students WHERE module_id = :id`,
        {
          id: module.id,
        },
      ),
    ).toEqual([{ classroomId: first, studentId: beto }]);
    expect(
      await query(`SELECT 1 FROM student_modules WHERE module_id = :id`, { id: module.id }),
    ).toHaveLength(0);
    const [kept] = await query<{ created: Date }>(
      `SELECT creation_date AS created FROM module_classrooms WHERE module_id = :id AND classroom_id = :first`,
      { id: module.id, first },
    );
    expect(new Date(kept!.created).toISOString()).toBe(new Date(before!.created).toISOString());

    expect((await seenBy('ana@test.kib')).module_classrooms.some((m) => m.module_id === module.id)).toBe(
      false,
    );
    const betoNow = await seenBy('beto@test.kib');
    expect(betoNow.module_classrooms.filter((m) => m.module_id === module.id)).toHaveLength(1);
    expect(betoNow.modules.some((m) => m.id === module.id)).toBe(true);
    expect(betoNow.student_modules).toEqual([]);

    // A personal deadline for a chosen student; then nothing assigned at all.
    const personal = await teacher.put<{ assignments: Detail['assignments'] }>(
      `/api/modules/${module.id}/assignments/`,
      {
        assignments: [
          {
            classroom_id: first,
            publish_date: PAST,
            student_ids: [beto, ana],
            student_deadlines: [{ student_id: ana, deadline: FUTURE }],
          },
        ],
      },
    );
    expect(personal.status).toBe(200);
    expect(personal.body.assignments[0]).toMatchObject({
      student_ids: [ana, beto].sort((x, y) => x - y),
      student_deadlines: [{ student_id: ana, deadline: FUTURE }],
    });
    const cleared = await teacher.put(`/api/modules/${module.id}/assignments/`, { assignments: [] });
    expect(cleared.body).toEqual({ assignments: [] });
    for (const table of ['module_classrooms', 'module_students', 'student_modules'])
      expect(await query(`SELECT 1 FROM ${table} WHERE module_id = :id`, { id: module.id })).toHaveLength(0);
  });

  it('refuses students outside the classroom, repeated entries and dates out of order, naming the entry', async () => {
    const { client: teacher } = await schoolTeacher('assignbad@test.kib', 'en');
    const room = await classroom(teacher, 'Salón');
    const inside = await student('inside@test.kib', [room]);
    const outside = await student('outside@test.kib', []);
    const module = await createModule(teacher, { name: 'Fechas', problem_ids: [published[0]] });
    const put = (assignments: unknown[]) =>
      teacher.put(`/api/modules/${module.id}/assignments/`, { assignments });

    const notMember = await put([
      {
        classroom_id: room,
        student_ids: [inside, outside],
        student_deadlines: [{ student_id: outside, deadline: FUTURE }],
      },
    ]);
    expect(notMember.status).toBe(400);
    expect(notMember.body.fields).toEqual({
      'assignments.0.student_ids.1': ['This student is not in the classroom.'],
      'assignments.0.student_deadlines.0.student_id': ['This student is not in the classroom.'],
    });
    const wholeWithOutsider = await put([
      { classroom_id: room, student_deadlines: [{ student_id: outside, deadline: FUTURE }] },
    ]);
    expect(wholeWithOutsider.status).toBe(400);

    const notChosen = await put([
      {
        classroom_id: room,
        student_ids: [inside],
        student_deadlines: [{ student_id: outside, deadline: null }],
      },
    ]);
    expect(notChosen.body.fields).toEqual({
      'assignments.0.student_deadlines.0.student_id': [
        'This student is not among the ones chosen for this assignment.',
      ],
    });

    const order = await put([{ classroom_id: room, publish_date: FUTURE, deadline: PAST }]);
    expect(order.status).toBe(400);
    expect(order.body.fields).toEqual({
      'assignments.0.deadline': ['The deadline cannot be before the publish date.'],
    });
    const ownOrder = await put([
      {
        classroom_id: room,
        publish_date: FUTURE,
        student_deadlines: [{ student_id: inside, deadline: PAST }],
      },
    ]);
    expect(ownOrder.body.fields).toEqual({
      'assignments.0.student_deadlines.0.deadline': ['The deadline cannot be before the publish date.'],
    });
    const twice = await put([{ classroom_id: room }, { classroom_id: room }]);
    expect(twice.body.fields).toEqual({ assignments: ['A classroom appears twice in the assignments.'] });
    const none = await put([{ classroom_id: room, student_ids: [] }]);
    expect(none.body.fields).toEqual({ 'assignments.0.student_ids': ['Choose at least one student.'] });
    const deadlineTwice = await put([
      {
        classroom_id: room,
        student_deadlines: [
          { student_id: inside, deadline: FUTURE },
          { student_id: inside, deadline: null },
        ],
      },
    ]);
    expect(deadlineTwice.body.fields).toEqual({
      'assignments.0.student_deadlines.1.student_id': ['This student appears twice.'],
    });
    for (const bad of [
      [{ classroom_id: room, publish_date: '0000-01-01T00:00:00Z' }],
      [{ classroom_id: room, publish_date: 'mañana' }],
      [{ classroom_id: 'x' }],
      [{ classroom_id: room, student_ids: [3_000_000_000] }],
      [{ classroom_id: room, student_deadlines: [{ student_id: 3_000_000_000, deadline: null }] }],
    ])
      expect((await put(bad)).status).toBe(400);
    expect((await put([{ classroom_id: 3_000_000_000 }])).status).toBe(404);
    expect(
      await query(`SELECT 1 FROM module_classrooms WHERE module_id = :id`, { id: module.id }),
    ).toHaveLength(0);
  });
});

describe("a module assigned to a classroom that is no longer its author's", () => {
  it("is left to the classroom's teacher: its author neither sees nor removes that assignment", async () => {
    const { id: oldId, client: old } = await schoolTeacher('leaves@test.kib');
    const { id: newId, client: successor } = await schoolTeacher('takes-over@test.kib');
    const given = await classroom(old, 'Se entrega');
    const kept = await classroom(old, 'Se queda');
    const orphan = await classroom(old, 'Sin profesor');
    const a = await problem('Del taller viajero', oldId, true, 2);
    const eva = await student('eva@test.kib', [given, kept]);
    await student('fito@test.kib', [given]);
    const module = await createModule(old, { name: 'Taller viajero', problem_ids: [a.id] });
    const assigned = await old.put(`/api/modules/${module.id}/assignments/`, {
      assignments: [
        {
          classroom_id: given,
          publish_date: PAST,
          deadline: FUTURE,
          student_ids: [eva],
          student_deadlines: [{ student_id: eva, deadline: FUTURE_LATER }],
        },
        { classroom_id: kept, publish_date: PAST },
        { classroom_id: orphan },
      ],
    });
    expect(assigned.status).toBe(200);
    await completed(eva, a.numerals);

    // The school gives one classroom to another teacher and keeps the other without a teacher.
    await server.db.sequelize.query(`UPDATE classrooms SET author_id = :newId WHERE id = :given`, {
      replacements: { newId, given },
    });
    await server.db.sequelize.query(`UPDATE classrooms SET author_id = NULL WHERE id = :orphan`, {
      replacements: { orphan },
    });
    const rowsOf = async () => ({
      classrooms: await query(
        `SELECT classroom_id AS "classroomId", individual_students AS individual, deadline
           FROM module_classrooms WHERE module_id = :id ORDER BY classroom_id`,
        { id: module.id },
      ),
      chosen: await query(`SELECT classroom_id, student_id FROM module_students WHERE module_id = :id`, {
        id: module.id,
      }),
      deadlines: await query(`SELECT classroom_id, student_id FROM student_modules WHERE module_id = :id`, {
        id: module.id,
      }),
    });
    const others = (await rowsOf()).classrooms.filter(
      (row) => (row as { classroomId: number }).classroomId !== kept,
    );

    const read = await old.get<Detail>(`/api/modules/${module.id}/`);
    expect(read.body.assignments.map((x) => x.classroom_id)).toEqual([kept]);
    const listed = (await old.get<{ modules: Summary[] }>('/api/modules/')).body.modules.find(
      (m) => m.id === module.id,
    );
    // Only the kept classroom counts: its one student, who solved everything.
    expect(listed).toMatchObject({ num_classrooms: 1, classroom_ids: [kept], progress: 100 });

    // Saving the author's assignments changes their own classroom only; naming another's is 404.
    const saved = await old.put<{ assignments: Detail['assignments'] }>(
      `/api/modules/${module.id}/assignments/`,
      { assignments: [{ classroom_id: kept, deadline: FUTURE }] },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.assignments).toEqual([
      expect.objectContaining({ classroom_id: kept, deadline: FUTURE }),
    ]);
    let after = await rowsOf();
    expect(after.classrooms.filter((row) => (row as { classroomId: number }).classroomId !== kept)).toEqual(
      others,
    );
    expect(after.chosen).toEqual([{ classroom_id: given, student_id: eva }]);
    expect(after.deadlines).toEqual([{ classroom_id: given, student_id: eva }]);
    expect(
      (
        await old.put(`/api/modules/${module.id}/assignments/`, {
          assignments: [{ classroom_id: kept }, { classroom_id: given }],
        })
      ).status,
    ).toBe(404);
    expect((await old.put(`/api/modules/${module.id}/assignments/`, { assignments: [] })).status).toBe(200);
    after = await rowsOf();
    expect(after.classrooms).toEqual(others);
    expect(after.chosen).toHaveLength(1);

    // The classroom's new teacher sees the assignment and its results; its student still has it.
    const overview = await successor.get<{
      assignments: { module_id: number; individual_students: boolean }[];
    }>(`/api/classrooms/${given}/overview/`);
    expect(overview.status).toBe(200);
    expect(overview.body.assignments).toEqual([
      expect.objectContaining({ module_id: module.id, individual_students: true }),
    ]);
    const results = await successor.get<{ students: { id: number; deadline: string | null }[] }>(
      `/api/classrooms/${given}/assignments/${module.id}/`,
    );
    expect(results.status).toBe(200);
    expect(results.body.students).toEqual([expect.objectContaining({ id: eva, deadline: FUTURE_LATER })]);
    const seen = await (
      await loginAs('eva@test.kib')
    ).get<{
      module_classrooms: { module_id: number; classroom_id: number }[];
    }>('/api/get_student_classrooms/');
    expect(seen.body.module_classrooms.filter((m) => m.module_id === module.id)).toEqual([
      expect.objectContaining({ classroom_id: given }),
    ]);
  });
});

describe('POST modules/{id}/codes/', () => {
  it('makes the student and teacher codes when missing, keeps them after, and replaces expired ones', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const module = await createModule(teacher, { name: 'Códigos aparte', problem_ids: [published[1]] });
    const made = await teacher.post<Detail['codes']>(`/api/modules/${module.id}/codes/`);
    expect(made.status).toBe(200);
    expect(made.body.students).toMatch(CODE);
    expect(made.body.teachers).toMatch(CODE);
    const again = await teacher.post(`/api/modules/${module.id}/codes/`);
    expect(again.body).toEqual(made.body);
    const both = await Promise.all([0, 1].map(() => teacher.post(`/api/modules/${module.id}/codes/`)));
    expect(both.map((r) => r.body)).toEqual([made.body, made.body]);
    expect(await query(`SELECT 1 FROM module_codes WHERE module_id = :id`, { id: module.id })).toHaveLength(
      2,
    );

    const teachersView = await new TestClient(server.url).get(
      `/api/validatemodulecodeteachers/?module_code=${made.body.teachers}`,
    );
    expect(teachersView.status).toBe(200);

    await server.db.sequelize.query(
      `UPDATE module_codes SET valid_until = now() - interval '1 minute' WHERE module_id = :id AND audience = 'students'`,
      { replacements: { id: module.id } },
    );
    expect((await teacher.get<Detail>(`/api/modules/${module.id}/`)).body.codes).toEqual({
      students: null,
      teachers: made.body.teachers,
    });
    const renewed = await teacher.post<Detail['codes']>(`/api/modules/${module.id}/codes/`);
    expect(renewed.body.teachers).toBe(made.body.teachers);
    expect(renewed.body.students).toMatch(CODE);
    expect(renewed.body.students).not.toBe(made.body.students);
  });
});

describe('GET module-by-code/', () => {
  it("answers any module's name and published problems in order by a student or teacher code", async () => {
    const { client: colleague } = await schoolTeacher('clone@test.kib', 'en');
    const expected = await query<{ id: number }>(
      `SELECT p.id FROM module_problems mp JOIN modules m ON m.id = mp.module_id JOIN problems p ON p.id = mp.problem_id
        WHERE m.id = (SELECT module_id FROM module_codes WHERE code = :code) AND p.publish_problem
        ORDER BY mp.numeration::int`,
      { code: DEV_SEED.studentActivityCode },
    );
    for (const code of [DEV_SEED.studentActivityCode, ` ${DEV_SEED.teacherActivityCode.toLowerCase()} `]) {
      const res = await colleague.get<{ name: string; description: string; problems: { id: number }[] }>(
        `/api/module-by-code/?code=${encodeURIComponent(code)}`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.name).toBe(DEV_SEED.modules.main.name);
      expect(res.body.problems.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    }

    // The demo teacher's module with a draft: the draft stays out of the clone.
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const withDraft = await createModule(teacher, {
      name: 'Con borrador',
      description: 'Para clonar',
      problem_ids: [published[1], ownDraft, published[0]],
      create_codes: true,
    });
    const cloned = await colleague.get<{ name: string; description: string; problems: Detail['problems'] }>(
      `/api/module-by-code/?code=${withDraft.codes.teachers}`,
    );
    expect(cloned.body).toMatchObject({ name: 'Con borrador', description: 'Para clonar' });
    expect(cloned.body.problems.map((p) => [p.id, p.numeration])).toEqual([
      [published[1], '1'],
      [published[0], '3'],
    ]);
    const copy = await colleague.post<Detail>('/api/modules/', {
      name: cloned.body.name,
      problem_ids: cloned.body.problems.map((p) => p.id),
    });
    expect(copy.status).toBe(201);

    const wrong = await colleague.get('/api/module-by-code/?code=NOPE1234');
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({
      code: 'module-code-invalid',
      detail: 'Wrong code!',
      fields: { code: ['Wrong code!'] },
    });
    await server.db.sequelize.query(
      `UPDATE module_codes SET valid_until = now() - interval '1 minute' WHERE code = :code`,
      { replacements: { code: withDraft.codes.students } },
    );
    expect((await colleague.get(`/api/module-by-code/?code=${withDraft.codes.students}`)).status).toBe(404);
  });
});

describe('POST delete-module/', () => {
  it("deletes the module with its problems' links, assignments and codes; the students' stats stay", async () => {
    const { id: teacherId, client: teacher } = await schoolTeacher('delete@test.kib');
    const room = await classroom(teacher, 'Para borrar');
    const p = await problem('Se queda', teacherId, true, 1);
    const kid = await student('kid@test.kib', [room]);
    const module = await createModule(teacher, { name: 'Borrable', problem_ids: [p.id], create_codes: true });
    expect(
      (
        await teacher.put(`/api/modules/${module.id}/assignments/`, {
          assignments: [
            {
              classroom_id: room,
              student_ids: [kid],
              student_deadlines: [{ student_id: kid, deadline: FUTURE }],
            },
          ],
        })
      ).status,
    ).toBe(200);
    await completed(kid, p.numerals);

    const res = await teacher.post('/api/delete-module/', { id: module.id });
    expect(res.status).toBe(204);
    for (const table of [
      'module_problems',
      'module_classrooms',
      'module_students',
      'student_modules',
      'module_codes',
    ])
      expect(await query(`SELECT 1 FROM ${table} WHERE module_id = :id`, { id: module.id })).toHaveLength(0);
    expect(await query(`SELECT 1 FROM modules WHERE id = :id`, { id: module.id })).toHaveLength(0);
    expect(await query(`SELECT 1 FROM stats WHERE user_id = :kid AND completed`, { kid })).toHaveLength(1);
    expect((await teacher.get(`/api/modules/${module.id}/`)).status).toBe(404);
    expect((await teacher.post('/api/delete-module/', { id: module.id })).status).toBe(404);
    expect((await teacher.get<{ modules: Summary[] }>('/api/modules/')).body.modules).toEqual([]);
  });
});

describe('who may use the modules', () => {
  let demoModule: number;
  let demoClassroom: number;

  beforeAll(async () => {
    const [module] = await query<{ id: number }>(`SELECT id FROM modules WHERE name = :name`, {
      name: DEV_SEED.modules.main.name,
    });
    const [room] = await query<{ id: number }>(`SELECT id FROM classrooms WHERE code = :code`, {
      code: DEV_SEED.classroomCode,
    });
    demoModule = module!.id;
    demoClassroom = room!.id;
  });

  /** Every endpoint, with a body that would be accepted from the module's author. */
  const calls = (moduleId: number, classroomId: number): [string, string, unknown?][] => [
    ['GET', '/api/modules/'],
    ['GET', `/api/modules/${moduleId}/`],
    ['POST', '/api/modules/', { name: 'Intruso', problem_ids: [published[0]] }],
    ['PUT', `/api/modules/${moduleId}/`, { name: 'Robado', problem_ids: [] }],
    ['POST', '/api/delete-module/', { id: moduleId }],
    ['PUT', `/api/modules/${moduleId}/assignments/`, { assignments: [{ classroom_id: classroomId }] }],
    ['POST', `/api/modules/${moduleId}/codes/`],
    ['GET', `/api/module-by-code/?code=${DEV_SEED.studentActivityCode}`],
  ];

  const snapshot = () =>
    Promise.all([
      query(`SELECT name, description FROM modules WHERE id = :id`, { id: demoModule }),
      query(`SELECT problem_id, numeration FROM module_problems WHERE module_id = :id ORDER BY problem_id`, {
        id: demoModule,
      }),
      query(`SELECT classroom_id, publish_date, deadline FROM module_classrooms WHERE module_id = :id`, {
        id: demoModule,
      }),
      query(`SELECT code FROM module_codes WHERE module_id = :id ORDER BY code`, { id: demoModule }),
    ]);

  it("answers another teacher 404 on the demo teacher's modules and classrooms, changing nothing", async () => {
    const before = await snapshot();
    const { client: other } = await schoolTeacher('intruder@test.kib');
    const ownRoom = await classroom(other, 'Propio');
    const own = await createModule(other, { name: 'Propio', problem_ids: [] });
    for (const [method, path, body] of calls(demoModule, demoClassroom).slice(1, 7)) {
      if (path === '/api/modules/') continue;
      const res = await other.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // Their own module, with the demo teacher's classroom, or with theirs and the demo's: 404.
    for (const assignments of [
      [{ classroom_id: demoClassroom }],
      [{ classroom_id: ownRoom }, { classroom_id: demoClassroom }],
    ])
      expect((await other.put(`/api/modules/${own.id}/assignments/`, { assignments })).status).toBe(404);
    expect((await other.get(`/api/modules/?classroom=${demoClassroom}`)).status).toBe(404);
    expect((await other.get<{ modules: Summary[] }>('/api/modules/')).body.modules.map((m) => m.id)).toEqual([
      own.id,
    ]);
    expect(await query(`SELECT 1 FROM module_classrooms WHERE module_id = :id`, { id: own.id })).toHaveLength(
      0,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses every endpoint to a teacher without a valid plan (403), a student (403) and anonymous callers (401)', async () => {
    const before = await snapshot();
    const noPlan = await loginAs('nosub@test.kib', 'en');
    const pupil = await loginAs(DEV_SEED.users.student.email);
    const anonymous = new TestClient(server.url);
    for (const [method, path, body] of calls(demoModule, demoClassroom)) {
      const refused = await noPlan.request(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toMatchObject({ code: 'subscription-required' });
      expect((await pupil.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);

    // A plan that ended refuses its teachers too.
    const { client: late } = await schoolTeacher('lateplan@test.kib');
    expect((await late.get('/api/modules/')).status).toBe(200);
    await server.db.sequelize.query(
      `UPDATE subscriptions SET plan_valid_until = now() - interval '1 day'
        WHERE institution_id = (SELECT id FROM institutions WHERE name = :school)`,
      { replacements: { school: DEV_SEED.institutionName } },
    );
    try {
      expect((await late.get('/api/modules/')).status).toBe(403);
    } finally {
      await server.db.sequelize.query(
        `UPDATE subscriptions SET plan_valid_until = now() + interval '1 year'
          WHERE institution_id = (SELECT id FROM institutions WHERE name = :school)`,
        { replacements: { school: DEV_SEED.institutionName } },
      );
    }
  });
});
