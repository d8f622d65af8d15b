import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SEED } from '../seed/dev-seed';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;

const loginAs = (email: string, lang = 'es') =>
  new TestClient(server.url, { 'accept-language': lang }).logIn(email);

async function memberships(email: string): Promise<number> {
  const [row] = await server.db.sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM classroom_students cs JOIN users u ON u.id = cs.user_id WHERE u.email = :email`,
    { replacements: { email }, type: QueryTypes.SELECT },
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  for (const n of [1, 2])
    await insertUser(server.db.sequelize, { email: `new${n}@test.kib`, groups: ['Students'] });
});
afterAll(() => server?.close());

describe('POST classrooms/add_student', () => {
  it('joins the classroom of the code, forgiving spaces and case; a second time says it already was', async () => {
    const student = await loginAs('new1@test.kib');
    const first = await student.post('/api/classrooms/add_student', { code: ' kib cls ', user_id: 999 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ classroom: { name: 'Grado 10A' }, already_member: false });
    expect(await memberships('new1@test.kib')).toBe(1);
    const again = await student.post('/api/classrooms/add_student', { code: 'KIBCLS' });
    expect(again.body).toMatchObject({ already_member: true });
    expect(await memberships('new1@test.kib')).toBe(1);
  });

  it('refuses a wrong code with a translated message on the field, and slows down guessing', async () => {
    const student = await loginAs('new2@test.kib', 'en');
    const wrong = await student.post('/api/classrooms/add_student', { code: 'NOPE00' });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({
      code: 'classroom-code-invalid',
      detail: 'That code does not belong to any classroom. Check it with your teacher.',
    });
    expect(Object.keys(wrong.body.fields as object)).toEqual(['code']);
    for (let i = 0; i < 9; i++) await student.post('/api/classrooms/add_student', { code: `NOPE0${i}` });
    const limited = await student.post('/api/classrooms/add_student', { code: 'KIBCLS' });
    expect(limited.status).toBe(429);
    expect(await memberships('new2@test.kib')).toBe(0);
  });

  it('keeps the demo account out of real classrooms, translated', async () => {
    const demo = await loginAs('demo@demo.kib', 'en');
    const res = await demo.post('/api/classrooms/add_student', { code: 'KIBCLS' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'demo-account-limited',
      detail: expect.stringContaining('The demo account only sees its sample content'),
    });
    expect(await memberships('demo@demo.kib')).toBe(0);
  });

  it('needs a code', async () => {
    const student = await loginAs('student@demo.kib');
    const res = await student.post('/api/classrooms/add_student', { code: '   ' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual(['code']);
  });

  it('is for students only', async () => {
    const teacher = await loginAs('teacher@demo.kib');
    expect((await teacher.post('/api/classrooms/add_student', { code: 'KIBCLS' })).status).toBe(403);
    const anonymous = new TestClient(server.url);
    expect((await anonymous.post('/api/classrooms/add_student', { code: 'KIBCLS' })).status).toBe(401);
  });
});

describe('GET get_student_classrooms/', () => {
  interface Listing {
    classrooms: { id: number; name: string; teacher_id: number | null }[];
    teachers: { id: number; first_name: string }[];
    modules: { id: number; name: string }[];
    module_classrooms: { module_id: number; publish_date: string | null }[];
    module_problems: { module_id: number; problem_id: number }[];
    problems: { id: number }[];
    numerals: { id: number; problem_id: number }[];
    stats: { numeral_id: number; completed: boolean }[];
    student_modules: unknown[];
  }

  it("lists the student's classroom with its teacher and its published modules, problems and numerals", async () => {
    const student = await loginAs('student@demo.kib');
    const res = await student.get<Listing>('/api/get_student_classrooms/');
    expect(res.status).toBe(200);
    expect(res.body.classrooms.map((c) => c.name)).toEqual(['Grado 10A']);
    expect(res.body.teachers.map((t) => t.id)).toEqual([res.body.classrooms[0]!.teacher_id]);
    const names = res.body.modules.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['Taller de álgebra', 'Repaso']));
    // Published next week: not visible yet.
    expect(names).not.toContain('Próxima semana');
    const problemIds = new Set(res.body.module_problems.map((mp) => mp.problem_id));
    expect(res.body.problems.map((p) => p.id).sort()).toEqual([...problemIds].sort());
    for (const n of res.body.numerals) expect(problemIds.has(n.problem_id)).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/"target"|"correct_choice"|password|email/);
  });

  it("includes the student's own stats once they answer", async () => {
    const student = await loginAs('student2@demo.kib');
    const before = await student.get<Listing>('/api/get_student_classrooms/');
    const numeral = before.body.numerals[0]!;
    await student.post('/api/proof/', {
      answer: [{ math: 'x' }],
      numeral: numeral.id,
      current_step: null,
      total_time: 3,
    });
    const after = await student.get<Listing>('/api/get_student_classrooms/');
    expect(after.body.stats.find((s) => s.numeral_id === numeral.id)).toMatchObject({
      numeral_id: numeral.id,
    });
  });

  it('lists a classroom whose teacher left the school with no teacher, beside one that has a teacher', async () => {
    const [orphan] = await server.db.sequelize.query<{ id: number }>(
      `INSERT INTO classrooms (name, code, author_id, institution_id)
       SELECT 'Sin profesor', 'ORFAN1', NULL, id FROM institutions WHERE name = :school RETURNING id`,
      { replacements: { school: DEV_SEED.institutionName }, type: QueryTypes.SELECT },
    );
    await insertUser(server.db.sequelize, { email: 'orphan@test.kib', groups: ['Students'] });
    const student = await loginAs('orphan@test.kib');
    for (const code of ['ORFAN1', DEV_SEED.classroomCode])
      expect((await student.post('/api/classrooms/add_student', { code })).status).toBe(200);
    const res = await student.get<Listing>('/api/get_student_classrooms/');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.classrooms.map((c) => [c.name, c]));
    expect(byName['Sin profesor']).toMatchObject({ id: orphan!.id, teacher_id: null });
    const teacherId = byName[DEV_SEED.classroomName]!.teacher_id;
    expect(teacherId).toEqual(expect.any(Number));
    expect(res.body.teachers.map((t) => t.id)).toEqual([teacherId]);
  });

  it('is empty for a student in no classroom, and for students only', async () => {
    await insertUser(server.db.sequelize, { email: 'lonely@test.kib', groups: ['Students'] });
    const lonely = await loginAs('lonely@test.kib');
    const res = await lonely.get<Listing>('/api/get_student_classrooms/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ classrooms: [], modules: [], problems: [], numerals: [], stats: [] });
    const teacher = await loginAs('teacher@demo.kib');
    expect((await teacher.get('/api/get_student_classrooms/')).status).toBe(403);
  });
});
