import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_CODE_ALPHABET, ACTIVITY_CODE_LENGTH } from '../activities/activity-code';
import { DEV_SEED } from '../seed/dev-seed';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let creator: TestClient;
let otherCreator: TestClient;
let creatorId: number;
let teacherId: number;
let published: number[];
let creatorDraft: number;
let othersDraft: number;

const CODE = new RegExp(`^[${ACTIVITY_CODE_ALPHABET}]{${ACTIVITY_CODE_LENGTH}}$`);

interface Detail {
  id: number;
  name: string;
  author_id: number;
  source_module_id: number | null;
  problems: { id: number; numeration: string }[];
  teachers: { id: number; module_id: number }[];
  temp_module_activities: {
    student_access_code: string;
    teacher_access_code: string;
    target_teacher: string;
    target_teacher_id: number;
    valid_until: string;
  }[];
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

async function problem(title: string, authorId: number, publish: boolean): Promise<number> {
  const [row] = await query<{ id: number }>(
    `INSERT INTO problems (title, author_id, publish_problem) VALUES (:title, :authorId, :publish) RETURNING id`,
    { title, authorId, publish },
  );
  await query(
    `INSERT INTO numerals (problem_id, number, math_type) VALUES (:id, 0, 'simplify') RETURNING id`,
    {
      id: row!.id,
    },
  );
  return row!.id;
}

async function save(client: TestClient, body: Record<string, unknown>): Promise<Detail> {
  const res = await client.post<Detail>('/api/creator/modules/', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A day `days` from today, YYYY-MM-DD (UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  creatorId = await idOf(DEV_SEED.users.creator.email);
  teacherId = await idOf(DEV_SEED.users.teacher.email);
  published = [await problem('Publicado A', creatorId, true), await problem('Publicado B', creatorId, true)];
  creatorDraft = await problem('Borrador del creador', creatorId, false);
  await insertUser(server.db.sequelize, { email: 'creator2@test.kib', groups: ['Creators'] });
  othersDraft = await problem('Borrador ajeno', await idOf('creator2@test.kib'), false);
  [creator, otherCreator] = await Promise.all([
    loginAs(DEV_SEED.users.creator.email),
    loginAs('creator2@test.kib'),
  ]);
}, 120_000);
afterAll(() => server?.close());

describe('creator/modules/, get_module_data/, getcreatormodules/', () => {
  it('saves a module with its problems in order, reads it, lists it and changes it', async () => {
    const created = await save(creator, {
      id: null,
      name: ' Trigonometría 1 ',
      problem_ids: [published[1], creatorDraft, published[0]],
    });
    expect(created).toMatchObject({ name: 'Trigonometría 1', author_id: creatorId, teachers: [] });
    expect(created.problems.map((p) => [p.id, p.numeration])).toEqual([
      [published[1], '1'],
      [creatorDraft, '2'],
      [published[0], '3'],
    ]);
    const read = await creator.post<Detail>('/api/get_module_data/', { module_id: created.id });
    expect(read.status).toBe(200);
    expect(read.body.problems).toHaveLength(3);
    const [topic] = await query<{ id: number; name: string; nameSpanish: string }>(
      `SELECT id, name, name_spanish AS "nameSpanish" FROM topics WHERE name_spanish <> '' ORDER BY id LIMIT 1`,
    );
    await query(`UPDATE problems SET topic_id = :topicId WHERE id IN (:ids)`, {
      topicId: topic!.id,
      ids: [published[0], published[1]],
    });
    const list = await creator.get<{ modules: { id: number; num_problems: number }[] }>(
      '/api/getcreatormodules/',
    );
    expect(list.body.modules.find((m) => m.id === created.id)).toMatchObject({
      num_problems: 3,
      topics: [{ id: topic!.id, name: topic!.name, name_spanish: topic!.nameSpanish }],
    });
    const changed = await save(creator, {
      id: created.id,
      name: 'Trigonometría 1',
      problem_ids: [published[0]],
    });
    expect(changed.problems.map((p) => p.id)).toEqual([published[0]]);
  });

  it('answers blank and duplicate names, and problems the caller may not use, with 400 naming the field', async () => {
    await save(creator, { id: null, name: 'Repetido', problem_ids: [] });
    const blank = await creator.post('/api/creator/modules/', { name: '  ', problem_ids: [] });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toHaveProperty('name');
    const used = await creator.post('/api/creator/modules/', { name: 'Repetido', problem_ids: [] });
    expect(used.status).toBe(400);
    expect(used.body.fields).toMatchObject({ name: ['Ya tienes un módulo con este nombre.'] });
    const others = await creator.post('/api/creator/modules/', { name: 'Ajeno', problem_ids: [othersDraft] });
    expect(others.status).toBe(400);
    expect(Object.keys(others.body.fields as object)).toEqual(['problem_ids.0']);
  });

  it("keeps a second creator out of the first creator's module: read, change, delete, clone by id, copies, activities", async () => {
    const mine = await save(creator, { id: null, name: 'Privado', problem_ids: [published[0]] });
    const id = mine.id;
    expect((await otherCreator.post('/api/get_module_data/', { module_id: id })).status).toBe(404);
    expect(
      (await otherCreator.post('/api/creator/modules/', { id, name: 'Robado', problem_ids: [] })).status,
    ).toBe(404);
    expect((await otherCreator.get(`/api/clone-module-by-id/?id=${id}`)).status).toBe(404);
    expect((await otherCreator.post('/api/get_cloned_module_classrooms/', { module_id: id })).status).toBe(
      404,
    );
    const open = await otherCreator.post(`/api/creator/modules/${id}/activities/`, {
      teacher_id: teacherId,
      institution: 'X',
      classroom: 'Y',
      valid_until: day(3),
    });
    expect(open.status).toBe(404);
    expect((await otherCreator.post('/api/creator/delete-module/', { module_id: id })).status).toBe(404);
    const theirs = await otherCreator.get<{ modules: { id: number }[] }>('/api/getcreatormodules/');
    expect(theirs.body.modules.map((m) => m.id)).not.toContain(id);
    const [row] = await query<{ name: string }>(`SELECT name FROM modules WHERE id = :id`, { id });
    expect(row!.name).toBe('Privado');
  });

  it('refuses teachers, students and anonymous callers on every creator endpoint', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const student = await loginAs(DEV_SEED.users.student.email);
    const calls: [string, string, unknown?][] = [
      ['get', '/api/getcreatormodules/'],
      ['post', '/api/get_module_data/', { module_id: 1 }],
      ['post', '/api/creator/modules/', { name: 'x', problem_ids: [] }],
      ['post', '/api/creator/delete-module/', { module_id: 1 }],
      ['get', '/api/clone-module-by-id/?id=1'],
      ['get', '/api/creator/module-by-code/?code=DEMO42'],
      ['post', '/api/get_cloned_module_classrooms/', { module_id: 1 }],
      [
        'post',
        '/api/creator/modules/1/activities/',
        { teacher_id: 1, institution: 'a', classroom: 'b', valid_until: day(1) },
      ],
      ['get', '/api/creator/teachers/?search=laura'],
    ];
    for (const [method, path, body] of calls) {
      for (const client of [teacher, student]) {
        const res = method === 'get' ? await client.get(path) : await client.post(path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      const anonymous = new TestClient(server.url);
      const res = method === 'get' ? await anonymous.get(path) : await anonymous.post(path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('assigning a module to a teacher', () => {
  it("gives the teacher a copy that appears in the teacher's modules, once, and says where copies are used", async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    await teacher.post('/api/modules/', { name: 'Para la profesora', problem_ids: [] });
    const mine = await save(creator, {
      id: null,
      name: 'Para la profesora',
      problem_ids: [published[0], published[1]],
    });
    const assigned = await save(creator, {
      id: mine.id,
      name: 'Para la profesora',
      problem_ids: [published[0], published[1]],
      assign_teacher_id: teacherId,
    });
    expect(assigned.teachers).toEqual([expect.objectContaining({ id: teacherId })]);
    const copyId = assigned.teachers[0]!.module_id;
    const again = await save(creator, {
      id: mine.id,
      name: 'Para la profesora',
      problem_ids: [published[0], published[1]],
      assign_teacher_id: teacherId,
    });
    expect(again.teachers.map((t) => t.module_id)).toEqual([copyId]);

    const list = await teacher.get<{ modules: { id: number; name: string; num_problems: number }[] }>(
      '/api/modules/',
    );
    expect(list.body.modules.find((m) => m.id === copyId)).toMatchObject({
      name: 'Para la profesora (2)',
      num_problems: 2,
    });
    const classrooms = await query<{ id: number }>(`SELECT id FROM classrooms WHERE author_id = :teacherId`, {
      teacherId,
    });
    const put = await teacher.put(`/api/modules/${copyId}/assignments/`, {
      assignments: [{ classroom_id: classrooms[0]!.id }],
    });
    expect(put.status).toBe(200);
    const used = await creator.post<{
      teachers: { id: number }[];
      selected_classrooms_clone: { classroom_id: number; module_id: number }[];
    }>('/api/get_cloned_module_classrooms/', { module_id: mine.id });
    expect(used.status).toBe(200);
    expect(used.body.teachers.map((t) => t.id)).toEqual([teacherId]);
    expect(used.body.selected_classrooms_clone).toEqual([
      expect.objectContaining({ classroom_id: classrooms[0]!.id, module_id: copyId }),
    ]);
  });

  it('refuses to give a module to somebody who is not a teacher', async () => {
    const res = await creator.post('/api/creator/modules/', {
      name: 'Para nadie',
      problem_ids: [],
      assign_teacher_id: creatorId,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual(['assign_teacher_id']);
  });
});

describe('clone-module-by-id/ and creator/module-by-code/', () => {
  it('clones the caller’s own module by id and records the source when the clone is saved', async () => {
    const source = await save(creator, {
      id: null,
      name: 'Original',
      problem_ids: [published[1], published[0]],
    });
    const clone = await creator.get<{ source_module_id: number; problems: { id: number }[] }>(
      `/api/clone-module-by-id/?id=${source.id}`,
    );
    expect(clone.status).toBe(200);
    expect(clone.body.problems.map((p) => p.id)).toEqual([published[1], published[0]]);
    const saved = await save(creator, {
      name: 'Copia',
      problem_ids: clone.body.problems.map((p) => p.id),
      source_module_id: clone.body.source_module_id,
    });
    expect(saved.source_module_id).toBe(source.id);
    const foreign = await save(otherCreator, {
      name: 'Copia ajena',
      problem_ids: [],
      source_module_id: source.id,
    });
    expect(foreign.source_module_id).toBeNull();
    expect((await creator.get('/api/clone-module-by-id/?id=abc')).status).toBe(400);
  });

  it("clones another's module by one of its codes, its published problems only, without its id", async () => {
    const res = await otherCreator.get<{ source_module_id: number | null; name: string }>(
      `/api/creator/module-by-code/?code=${DEV_SEED.studentActivityCode.toLowerCase()}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.source_module_id).toBeNull();
    const wrong = await otherCreator.get('/api/creator/module-by-code/?code=NOPE99');
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ code: 'module-code-invalid' });
  });
});

describe('open activities', () => {
  it('opens an activity with two codes a student and the teacher use at /code/student, until it expires', async () => {
    const mine = await save(creator, {
      id: null,
      name: 'Abierta',
      problem_ids: [published[0], creatorDraft],
    });
    const res = await creator.post<Detail['temp_module_activities'][number]>(
      `/api/creator/modules/${mine.id}/activities/`,
      {
        teacher_id: teacherId,
        institution: ' Colegio ',
        classroom: DEV_SEED.classroomName,
        valid_until: day(2),
      },
    );
    expect(res.status).toBe(201);
    const activity = res.body;
    expect(activity.student_access_code).toMatch(CODE);
    expect(activity.teacher_access_code).toMatch(CODE);
    expect(activity).toMatchObject({
      target_institution: 'Colegio',
      target_teacher: `${DEV_SEED.users.teacher.firstName} ${DEV_SEED.users.teacher.lastName}`,
      target_teacher_id: teacherId,
    });
    const [row] = await query<{ classroomId: number | null }>(
      `SELECT target_classroom_id AS "classroomId" FROM temp_module_activities WHERE student_access_code = :c`,
      { c: activity.student_access_code },
    );
    expect(row!.classroomId).not.toBeNull();

    const anonymous = new TestClient(server.url, { 'accept-language': 'en' });
    const students = await anonymous.get<{ problems: { id: number }[] }>(
      `/api/validatemodulecodestudents/?module_code=${activity.student_access_code}`,
    );
    expect(students.status).toBe(200);
    expect(students.body.problems.map((p) => p.id)).toEqual([published[0]]);
    const registered = await anonymous.post<{ access: string }>('/api/register_temp_student/', {
      module_code: activity.student_access_code,
      first_name: 'Eva',
      last_name: 'Luna',
    });
    expect(registered.status).toBe(201);
    const results = await anonymous.get<{ students_data: { first_name: string }[] }>(
      `/api/validatemodulecodeteachers/?module_code=${activity.teacher_access_code}`,
    );
    expect(results.status).toBe(200);
    expect(results.body.students_data.map((s) => s.first_name)).toEqual(['Eva']);

    const detail = await creator.post<Detail>('/api/get_module_data/', { module_id: mine.id });
    expect(detail.body.temp_module_activities.map((a) => a.student_access_code)).toEqual([
      activity.student_access_code,
    ]);

    await query(
      `UPDATE temp_module_activities SET valid_until = now() - interval '1 minute' WHERE module_id = :m`,
      {
        m: mine.id,
      },
    );
    const expired = await anonymous.get(
      `/api/validatemodulecodestudents/?module_code=${activity.student_access_code}`,
    );
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: 'module-code-expired' });
  });

  it('names each missing or wrong field of an open activity in the reader’s language', async () => {
    const mine = await save(creator, { id: null, name: 'Validada', problem_ids: [published[0]] });
    const english = await loginAs(DEV_SEED.users.creator.email, 'en');
    const blank = await english.post(`/api/creator/modules/${mine.id}/activities/`, {
      institution: ' ',
      classroom: '',
      valid_until: 'mañana',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toMatchObject({
      teacher_id: ['Choose the activity’s teacher.'],
      institution: ['Type the institution.'],
      classroom: ['Type the classroom.'],
      valid_until: ['Type a valid date.'],
    });
    const base = { teacher_id: teacherId, institution: 'a', classroom: 'b' };
    const past = await english.post(`/api/creator/modules/${mine.id}/activities/`, {
      ...base,
      valid_until: day(-1),
    });
    expect(past.body.fields).toMatchObject({ valid_until: ['The date cannot be before today.'] });
    const far = await english.post(`/api/creator/modules/${mine.id}/activities/`, {
      ...base,
      valid_until: day(400),
    });
    expect(far.body.fields).toMatchObject({ valid_until: ['An activity may last one year at most.'] });
    const notTeacher = await english.post(`/api/creator/modules/${mine.id}/activities/`, {
      ...base,
      teacher_id: creatorId,
      valid_until: day(1),
    });
    expect(notTeacher.status).toBe(400);
    expect(notTeacher.body.fields).toMatchObject({ teacher_id: ['That user is not a Kib teacher.'] });
  });

  it('finds teachers by a part of their name or e-mail, case and accents aside, with their school and classrooms', async () => {
    for (const search of ['laura', 'MARTINEZ', 'ura mart', 'teacher@demo']) {
      const res = await creator.get<{
        teachers: { id: number; institution: string | null; classrooms: { name: string }[] }[];
        has_more: boolean;
      }>(`/api/creator/teachers/?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
      expect(res.body.has_more).toBe(false);
      expect(
        res.body.teachers.find((t) => t.id === teacherId),
        search,
      ).toMatchObject({
        institution: DEV_SEED.institutionName,
        classrooms: expect.arrayContaining([expect.objectContaining({ name: DEV_SEED.classroomName })]),
      });
    }
    const students = await creator.get<{ teachers: unknown[] }>(
      `/api/creator/teachers/?search=${encodeURIComponent(DEV_SEED.users.student.email)}`,
    );
    expect(students.body.teachers).toEqual([]);
    const wildcard = await creator.get<{ teachers: unknown[] }>('/api/creator/teachers/?search=%25%25%25');
    expect(wildcard.status).toBe(200);
    expect(wildcard.body.teachers).toEqual([]);
  });

  it('answers a page of 20 teachers at a time and leaves inactive ones out', async () => {
    await query(
      `WITH made AS (
         INSERT INTO users (email, password_hash, first_name, last_name, language, is_active)
         SELECT 'paged' || n || '@test.kib', 'x', 'Paginado', 'Zeta ' || lpad(n::text, 2, '0'), 'es', n <= 25
           FROM generate_series(1, 26) AS n RETURNING id)
       INSERT INTO user_groups (user_id, group_id, position)
       SELECT made.id, g.id, 0 FROM made, groups g WHERE g.name = 'Teachers'`,
    );
    type Page = { teachers: { email: string; last_name: string }[]; has_more: boolean };
    const first = await creator.get<Page>('/api/creator/teachers/?search=paginado');
    const second = await creator.get<Page>('/api/creator/teachers/?search=paginado&page=2');
    expect(first.body.teachers).toHaveLength(20);
    expect(first.body.has_more).toBe(true);
    expect(second.body.teachers.map((t) => t.last_name)).toEqual([
      'Zeta 21',
      'Zeta 22',
      'Zeta 23',
      'Zeta 24',
      'Zeta 25',
    ]);
    expect(second.body.has_more).toBe(false);
    const emails = [...first.body.teachers, ...second.body.teachers].map((t) => t.email);
    expect(new Set(emails).size).toBe(25);
    expect(emails).not.toContain('paged26@test.kib');
  });

  it('refuses a search shorter than 3 characters, or none, with a translated 400 on the field', async () => {
    for (const path of [
      '/api/creator/teachers/?search=la',
      '/api/creator/teachers/?search=%20%20la%20',
      '/api/creator/teachers/',
    ]) {
      const res = await creator.get<{ fields: Record<string, string[]> }>(path);
      expect(res.status, path).toBe(400);
      expect(res.body.fields.search, path).toEqual([
        'Escribe al menos 3 caracteres del nombre o el correo del profesor.',
      ]);
    }
    const english = await (
      await loginAs(DEV_SEED.users.creator.email, 'en')
    ).get<{
      fields: Record<string, string[]>;
    }>('/api/creator/teachers/?search=a');
    expect(english.body.fields.search).toEqual([
      'Type at least 3 characters of the teacher’s name or e-mail.',
    ]);
    const page = await creator.get('/api/creator/teachers/?search=laura&page=0');
    expect(page.status).toBe(400);
  });
});

describe('demo-preset/', () => {
  it("answers the demo account's preset and 404 for anybody else", async () => {
    const demo = await loginAs(DEV_SEED.users.demo.email);
    const res = await demo.get<{ education_system: string; course_id: number; topic_id: number }>(
      '/api/demo-preset/',
    );
    expect(res.status).toBe(200);
    expect(res.body.education_system).toBe(DEV_SEED.demoPreset.educationSystem);
    expect((await creator.get('/api/demo-preset/')).status).toBe(404);
  });
});
