// @module-tag embedded: registration jobs on pg-boss over one session
import * as XLSX from '@e965/xlsx';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SEED } from '../seed/dev-seed';
import { insertUser } from '../../testing/fixtures';
import { lyingZipBombXlsx, xlsxOf, zipBombXlsx } from '../../testing/hostile-files';
import { finished, startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;

function loginAs(email: string, lang = 'es', password?: string): Promise<TestClient> {
  return new TestClient(server.url, { 'accept-language': lang }).logIn(email, password);
}

async function query<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

/** A new teacher code of the demo school, valid for a day unless said. */
async function teacherCode(code: string, validHours = 24): Promise<void> {
  await server.db.sequelize.query(
    `INSERT INTO teacher_codes (institution_id, code, code_expiration)
     SELECT id, :code, now() + make_interval(hours => :validHours) FROM institutions WHERE name = :school`,
    { replacements: { code, validHours, school: DEV_SEED.institutionName } },
  );
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { jobs: true, seeded: true });
  for (const email of [
    'newteacher@test.kib',
    'otherteacher@test.kib',
    'lateteacher@test.kib',
    'guess@test.kib',
  ])
    await insertUser(server.db.sequelize, { email, groups: ['Teachers'] });
});
afterAll(() => server?.close());

describe('GET get-teacher-data/', () => {
  it("answers the demo teacher's school with its students against its plan, and the classroom with its counts", async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const res = await teacher.get('/api/get-teacher-data/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      valid_subscription: true,
      institution: { name: DEV_SEED.institutionName, students: 2, student_limit: 200 },
      classrooms: [{ name: DEV_SEED.classroomName, code: DEV_SEED.classroomCode, student_count: 2 }],
    });
    const classroom = (res.body.classrooms as { module_count: number }[])[0]!;
    expect(classroom.module_count).toBeGreaterThanOrEqual(3);
  });

  it('answers a teacher without a school with no subscription and no classrooms', async () => {
    const teacher = await loginAs('newteacher@test.kib');
    const res = await teacher.get('/api/get-teacher-data/');
    expect(res.body).toEqual({ valid_subscription: false, institution: null, classrooms: [] });
  });

  it('is for teachers only', async () => {
    expect((await new TestClient(server.url).get('/api/get-teacher-data/')).status).toBe(401);
    for (const email of ['student@demo.kib', 'creator@demo.kib', 'schooladmin@demo.kib'])
      expect((await (await loginAs(email)).get('/api/get-teacher-data/')).status).toBe(403);
  });
});

describe('GET get-classroom-levels/', () => {
  it('lists the five levels with their Spanish names, General (4) among them', async () => {
    const res = await (await loginAs(DEV_SEED.users.teacher.email)).get('/api/get-classroom-levels/');
    expect(res.status).toBe(200);
    const levels = res.body.levels as { id: number; name: string; name_spanish: string }[];
    expect(levels).toHaveLength(5);
    expect(levels).toContainEqual({ id: 4, name: 'General', name_spanish: 'General' });
  });
});

describe('classrooms of a teacher', () => {
  it('creates, lists, changes and deletes a classroom, with a new six-character code', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const created = await teacher.post('/api/classrooms/', {
      name: '  Grado 11B ',
      description: 'Jornada de la tarde',
      level_id: 3,
      code: 'AAAAAA',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Grado 11B',
      description: 'Jornada de la tarde',
      level_id: 3,
      student_count: 0,
      module_count: 0,
    });
    const code = String(created.body.code);
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    expect(code).not.toBe('AAAAAA');
    const id = Number(created.body.id);

    const list = await teacher.get('/api/get-teacher-data/');
    expect((list.body.classrooms as { id: number }[])[0]!.id).toBe(id);

    const changed = await teacher.put(`/api/classrooms/${id}`, { name: 'Grado 11C' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, name: 'Grado 11C', description: '', level_id: 4, code });

    // A student joins with the new code, then the classroom goes; the student's membership with it.
    const student = await loginAs('student2@demo.kib');
    expect((await student.post('/api/classrooms/add_student', { code })).status).toBe(200);
    expect((await teacher.delete(`/api/classrooms/${id}`)).status).toBe(204);
    expect(await query(`SELECT 1 FROM classrooms WHERE id = :id`, { id })).toHaveLength(0);
    expect(await query(`SELECT 1 FROM classroom_students WHERE classroom_id = :id`, { id })).toHaveLength(0);
    expect((await teacher.delete(`/api/classrooms/${id}`)).status).toBe(404);
  });

  it("refuses a blank name and a name the teacher already uses, with the spec's messages", async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email, 'en');
    const blank = await teacher.post('/api/classrooms/', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ name: ['Classroom name cannot be blank'] });
    const used = await teacher.post('/api/classrooms/', { name: DEV_SEED.classroomName });
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({
      code: 'classroom-name-used',
      fields: { name: ['You already have a classroom with this name'] },
    });
    const spanish = await (
      await loginAs(DEV_SEED.users.teacher.email)
    ).post('/api/classrooms/', { name: '' });
    expect(spanish.body.fields).toEqual({ name: ['El nombre del salón no puede estar vacío'] });
  });

  it('refuses a level that does not exist', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const res = await teacher.post('/api/classrooms/', { name: 'Nivel raro', level_id: 99 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual(['level_id']);
    expect(await query(`SELECT 1 FROM classrooms WHERE name = 'Nivel raro'`)).toHaveLength(0);
  });

  it("answers 404 to another teacher on the demo teacher's classroom, and leaves it as it was", async () => {
    const [demo] = await query<{ id: number }>(`SELECT id FROM classrooms WHERE code = :code`, {
      code: DEV_SEED.classroomCode,
    });
    const other = await loginAs('otherteacher@test.kib');
    await teacherCode('OTHERT01');
    expect((await other.post('/api/registerTeacherToSchool/', { code: 'OTHERT01' })).status).toBe(200);
    expect((await other.put(`/api/classrooms/${demo!.id}`, { name: 'Robado' })).status).toBe(404);
    expect((await other.delete(`/api/classrooms/${demo!.id}`)).status).toBe(404);
    expect((await other.get('/api/get-teacher-data/')).body.classrooms).toEqual([]);
    const [still] = await query<{ name: string }>(`SELECT name FROM classrooms WHERE id = :id`, {
      id: demo!.id,
    });
    expect(still!.name).toBe(DEV_SEED.classroomName);
  });

  it('refuses classrooms to a teacher without a school, and to one whose plan has ended', async () => {
    const without = await loginAs('newteacher@test.kib', 'en');
    const refused = await without.post('/api/classrooms/', { name: 'Sin colegio' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'subscription-required' });

    const late = await loginAs('lateteacher@test.kib');
    await teacherCode('LATE0001');
    expect((await late.post('/api/registerTeacherToSchool/', { code: 'LATE0001' })).status).toBe(200);
    expect((await late.post('/api/classrooms/', { name: 'A tiempo' })).status).toBe(201);
    await server.db.sequelize.query(
      `UPDATE subscriptions SET plan_valid_until = now() - interval '1 day'
       WHERE institution_id = (SELECT id FROM institutions WHERE name = :school)`,
      { replacements: { school: DEV_SEED.institutionName } },
    );
    try {
      expect((await late.get('/api/get-teacher-data/')).body.valid_subscription).toBe(false);
      expect((await late.post('/api/classrooms/', { name: 'Tarde' })).status).toBe(403);
      const [mine] = await query<{ id: number }>(
        `SELECT c.id FROM classrooms c JOIN users u ON u.id = c.author_id WHERE u.email = 'lateteacher@test.kib'`,
      );
      expect((await late.delete(`/api/classrooms/${mine!.id}`)).status).toBe(403);
    } finally {
      await server.db.sequelize.query(
        `UPDATE subscriptions SET plan_valid_until = now() + interval '1 year'
         WHERE institution_id = (SELECT id FROM institutions WHERE name = :school)`,
        { replacements: { school: DEV_SEED.institutionName } },
      );
    }
  });
});

describe('POST registerTeacherToSchool/', () => {
  it('joins the school of the seeded teacher code, once, and the code is spent for anybody else', async () => {
    const teacher = await loginAs('newteacher@test.kib');
    const res = await teacher.post('/api/registerTeacherToSchool/', {
      code: ` ${DEV_SEED.teacherCode.toLowerCase()} `,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      institution: { name: DEV_SEED.institutionName },
      valid_subscription: true,
    });
    expect((await teacher.get('/api/get-teacher-data/')).body.valid_subscription).toBe(true);
    // The same teacher may send it again; another teacher may not use it.
    expect((await teacher.post('/api/registerTeacherToSchool/', { code: DEV_SEED.teacherCode })).status).toBe(
      200,
    );
    const other = await loginAs('guess@test.kib', 'en');
    const spent = await other.post('/api/registerTeacherToSchool/', { code: DEV_SEED.teacherCode });
    expect(spent.status).toBe(404);
    expect(spent.body).toMatchObject({ code: 'teacher-code-invalid' });
  });

  it('refuses an expired code, and slows down guessing', async () => {
    await teacherCode('EXPIRED1', -1);
    const teacher = await loginAs('guess@test.kib', 'en');
    const expired = await teacher.post('/api/registerTeacherToSchool/', { code: 'EXPIRED1' });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      code: 'teacher-code-expired',
      detail: 'That teacher code has expired. Ask your school administrator for a new one.',
    });
    for (let i = 0; i < 10; i++) await teacher.post('/api/registerTeacherToSchool/', { code: `NOPE${i}` });
    await teacherCode('FRESH001');
    expect((await teacher.post('/api/registerTeacherToSchool/', { code: 'FRESH001' })).status).toBe(429);
    const [used] = await query<{ usedBy: number | null }>(
      `SELECT used_by AS "usedBy" FROM teacher_codes WHERE code = 'FRESH001'`,
    );
    expect(used!.usedBy).toBeNull();
  });

  it('needs a code, and is for teachers only', async () => {
    const teacher = await loginAs('guess@test.kib');
    expect((await teacher.post('/api/registerTeacherToSchool/', { code: '  ' })).status).toBe(400);
    const student = await loginAs('student@demo.kib');
    expect((await student.post('/api/registerTeacherToSchool/', { code: DEV_SEED.teacherCode })).status).toBe(
      403,
    );
  });
});

/** A bulk registration, followed to its end as the site does. */
async function registered(client: TestClient, path: string, body: unknown) {
  return finished(client, await client.post(path, body), (id) => `/api/createregisterstudents/${id}/`);
}

describe('POST createregisterstudents/', () => {
  async function demoClassroom(): Promise<number> {
    const [row] = await query<{ id: number }>(`SELECT id FROM classrooms WHERE code = :code`, {
      code: DEV_SEED.classroomCode,
    });
    return row!.id;
  }

  it('answers each row on its own: created with the rule password, existing, not active, errors', async () => {
    await insertUser(server.db.sequelize, { email: 'sleepy@test.kib', groups: ['Students'], active: false });
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const classroom = await demoClassroom();
    const res = await registered(teacher, '/api/createregisterstudents/', {
      classroom,
      new_students: [
        { first_name: 'María José', last_name: 'Ríos', email: 'mjrios@test.kib' },
        { first_name: 'Pedro', last_name: 'Paz', email: 'ppaz@test.kib', password: 'elegida99' },
        { first_name: 'Ana', last_name: 'Gómez', email: 'STUDENT@demo.kib' },
        { first_name: 'Sol', last_name: 'Dormida', email: 'sleepy@test.kib' },
        { first_name: 'Laura', last_name: 'M', email: DEV_SEED.users.teacher.email },
        { first_name: 'Sin', last_name: 'Correo', email: 'no-es-correo' },
        { first_name: '', last_name: '', email: 'anon@test.kib' },
        { first_name: 'Otra', last_name: 'Vez', email: 'MJRIOS@test.kib' },
      ],
    });
    expect(res.status).toBe(200);
    const rows = res.body.results as { action: string; password: string | null; error: string | null }[];
    expect(rows.map((r) => r.action)).toEqual([
      'Created',
      'Created',
      'AlreadyExisted',
      'WasNotActive',
      'Error',
      'Error',
      'Error',
      'Error',
    ]);
    expect(rows[0]!.password).toBe('maríajosé.1234');
    expect(rows[1]!.password).toBe('elegida99');
    expect(rows.slice(4).map((r) => r.error)).toEqual([
      'errors.bulk-not-a-student',
      'validation.email-invalid',
      'validation.student-name-required',
      'validation.email-repeated',
    ]);

    // The new accounts are active students of the classroom and log in with the password shown.
    const created = await loginAs('mjrios@test.kib', 'es', 'maríajosé.1234');
    const mine = await created.get('/api/get_student_classrooms/');
    expect((mine.body.classrooms as { name: string }[]).map((c) => c.name)).toEqual([DEV_SEED.classroomName]);
    await loginAs('ppaz@test.kib', 'es', 'elegida99');
    const members = await query<{ email: string }>(
      `SELECT u.email FROM classroom_students cs JOIN users u ON u.id = cs.user_id
       WHERE cs.classroom_id = :classroom AND u.email IN ('sleepy@test.kib', 'teacher@demo.kib')`,
      { classroom },
    );
    expect(members.map((m) => m.email)).toEqual(['sleepy@test.kib']);
    const [sleepy] = await query<{ active: boolean }>(
      `SELECT is_active AS active FROM users WHERE email = 'sleepy@test.kib'`,
    );
    expect(sleepy!.active).toBe(true);
  });

  it('registers 5,000 rows in one job, once the school has a plan for them', async () => {
    // The demo school's plan of 200 students is topped up by a second plan of 5,000.
    await server.db.sequelize.query(
      `INSERT INTO subscriptions (institution_name, institution_id, number_of_students, code, code_valid_until,
                                  plan_valid_until, redeemed_at)
       SELECT name, id, 5000, 'MAS5000', now() + interval '1 day', now() + interval '1 year', now()
       FROM institutions WHERE name = :school`,
      { replacements: { school: DEV_SEED.institutionName } },
    );
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const created = await teacher.post('/api/classrooms/', { name: 'Colegio entero' });
    const classroom = Number(created.body.id);
    const names = ['Ana', 'Luis', 'Sara', 'Juan', 'Eva'];
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      first_name: names[i % names.length],
      last_name: `Apellido ${i}`,
      email: `bulk${i}@test.kib`,
    }));
    const res = await registered(teacher, '/api/createregisterstudents/', { classroom, new_students: rows });
    expect(res.status).toBe(200);
    const results = res.body.results as { action: string }[];
    expect(results).toHaveLength(5000);
    expect(results.every((r) => r.action === 'Created')).toBe(true);
    const [count] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM classroom_students WHERE classroom_id = :classroom`,
      { classroom },
    );
    expect(count!.n).toBe(5000);
    const tooMany = await registered(teacher, '/api/createregisterstudents/', {
      classroom,
      new_students: [...rows, rows[0]],
    });
    expect(tooMany.status).toBe(400);
  }, 120_000);

  it('runs as a job its teacher alone follows, keeps no password readable, and shows the outcome once', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const classroom = await demoClassroom();
    const started = await teacher.post('/api/createregisterstudents/', {
      classroom,
      new_students: [
        { first_name: 'Clave', last_name: 'Propia', email: 'clave@test.kib', password: 'secreta-de-profe' },
        { first_name: 'Regla', last_name: 'Nombre', email: 'regla@test.kib' },
      ],
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ state: 'queued', failed_tries: 0, answer: null, error: null });
    const id = String(started.body.id);
    // Another teacher learns nothing of it, not even that it exists.
    const other = await loginAs('otherteacher@test.kib');
    expect((await other.get(`/api/createregisterstudents/${id}/`)).status).toBe(404);
    expect((await teacher.get('/api/createregisterstudents/not-a-job/')).status).toBe(404);

    // Neither the rows nor the outcome is readable in the queue's tables.
    const stored = async () =>
      (
        await query<{ text: string }>(
          `SELECT data::text || coalesce(output::text, '') AS text FROM pgboss.job WHERE id = :id
           UNION ALL SELECT data::text || coalesce(output::text, '') FROM pgboss.archive WHERE id = :id`,
          { id },
        )
      ).map((r) => r.text);
    const done = await finished<{ results: { email: string; password: string | null }[] }>(
      teacher,
      started,
      (job) => `/api/createregisterstudents/${job}/`,
    );
    expect(done.status).toBe(200);
    expect(done.body.results.map((r) => r.password)).toEqual(['secreta-de-profe', 'regla.1234']);
    // Shown once: then gone, from the queue's tables too.
    expect((await teacher.get(`/api/createregisterstudents/${id}/`)).status).toBe(404);
    expect(await stored()).toEqual([]);

    const again = await teacher.post('/api/createregisterstudents/', {
      classroom,
      new_students: [
        { first_name: 'Otra', last_name: 'Clave', email: 'otra-clave@test.kib', password: 'otra-secreta-1' },
      ],
    });
    // Finished, and not read yet (reading it would delete it): watched in the queue's table.
    await expect
      .poll(
        async () =>
          (
            await query<{ state: string }>(`SELECT state FROM pgboss.job WHERE id = :id`, {
              id: String(again.body.id),
            })
          )[0]?.state,
        { timeout: 30_000 },
      )
      .toBe('completed');
    // Before it is read, the finished job holds the outcome, sealed.
    const sealed = await query<{ text: string }>(
      `SELECT data::text || coalesce(output::text, '') AS text FROM pgboss.job WHERE id = :id`,
      { id: String(again.body.id) },
    );
    expect(sealed).toHaveLength(1);
    expect(sealed[0]!.text).not.toMatch(/otra-secreta|otra-clave|Otra/);
  });

  it("refuses another teacher's classroom and a teacher without a plan, writing nothing", async () => {
    const classroom = await demoClassroom();
    const other = await loginAs('otherteacher@test.kib');
    const row = { first_name: 'Intrusa', last_name: 'X', email: 'intrusa@test.kib' };
    expect(
      (await registered(other, '/api/createregisterstudents/', { classroom, new_students: [row] })).status,
    ).toBe(404);
    const without = await loginAs('guess@test.kib');
    expect(
      (await registered(without, '/api/createregisterstudents/', { classroom, new_students: [row] })).status,
    ).toBe(403);
    expect(await query(`SELECT 1 FROM users WHERE email = 'intrusa@test.kib'`)).toHaveLength(0);
  });
});

describe('POST createregisterstudents/file/', () => {
  it('registers the students of an uploaded .xlsx file, and refuses a file that is not a spreadsheet', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email, 'en');
    const created = await teacher.post('/api/classrooms/', { name: 'Desde Excel' });
    const classroom = Number(created.body.id);
    const rows = [['Nombre', 'Apellido', 'Correo']];
    for (let i = 0; i < 30; i++) rows.push([`Alumno${i}`, 'Excel', `excel${i}@test.kib`]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Hoja1');
    const content = Buffer.from(XLSX.write(wb, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer).toString(
      'base64',
    );
    const res = await registered(teacher, '/api/createregisterstudents/file/', { classroom, content });
    expect(res.status).toBe(200);
    const results = res.body.results as { action: string; email: string; password: string }[];
    expect(results).toHaveLength(30);
    expect(results[0]).toMatchObject({
      action: 'Created',
      email: 'excel0@test.kib',
      password: 'alumno0.1234',
    });

    const picture = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]).toString('base64');
    const refused = await registered(teacher, '/api/createregisterstudents/file/', {
      classroom,
      content: picture,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      content: ['This file is not a spreadsheet: upload an .xlsx, .xls, .ods or .csv file.'],
    });
    const other = await loginAs('otherteacher@test.kib');
    expect(
      (await registered(other, '/api/createregisterstudents/file/', { classroom, content })).status,
    ).toBe(404);
  });
});

describe('POST createregisterstudents/file/ with hostile files', () => {
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  const queued = async () =>
    Number(
      (
        await query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'student-registration'`)
      )[0]!.n,
    );

  it('refuses a zip bomb, its sizes told or hidden, with a translated 413 naming the limit, queueing nothing', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const classroom = Number((await teacher.post('/api/classrooms/', { name: 'Bombas' })).body.id);
    const before = await queued();
    for (const bomb of [zipBombXlsx(64 * 1024 * 1024), lyingZipBombXlsx(64 * 1024 * 1024)]) {
      const res = await teacher.post('/api/createregisterstudents/file/', {
        classroom,
        content: base64(bomb),
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        code: 'spreadsheet-too-large',
        detail:
          'La hoja de cálculo ocupa más de 10 MB al abrirla: guarda solo la lista de estudiantes en un archivo nuevo.',
        fields: {
          content: [
            'La hoja de cálculo ocupa más de 10 MB al abrirla: guarda solo la lista de estudiantes en un archivo nuevo.',
          ],
        },
      });
    }
    expect(await queued()).toBe(before);
    expect((await teacher.get('/api/health/live')).status).toBe(200);
  });

  it("takes a spreadsheet up to its 4 MB cap (a typed registration's smaller body limit is its own)", async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const classroom = Number((await teacher.post('/api/classrooms/', { name: 'Notas largas' })).body.id);
    const notes = 'n'.repeat(30_000);
    const lines = ['Nombre,Apellido,Correo,Notas'];
    for (let i = 0; i < 100; i++) lines.push(`Grande,Uno,grande${i}@test.kib,${notes}`);
    const csv = new TextEncoder().encode(lines.join('\n'));
    expect(csv.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const res = await registered(teacher, '/api/createregisterstudents/file/', {
      classroom,
      content: base64(csv),
    });
    expect(res.status).toBe(200);
    expect((res.body.results as unknown[]).length).toBe(100);
  });

  it('reads large bodies only for a teacher within their allowance: one at a time, 10 in 10 minutes, then 429', async () => {
    const teacher = await loginAs('lateteacher@test.kib', 'en');
    // Past the default 200 kB: a large body (a few typed rows would not count).
    const body = { classroom: 1, content: base64(new Uint8Array(250_000).fill(65)) };
    expect(JSON.stringify(body).length).toBeGreaterThan(200 * 1024);
    const together = await Promise.all([
      teacher.post('/api/createregisterstudents/file/', body),
      teacher.post('/api/createregisterstudents/file/', body),
    ]);
    expect(together.map((res) => res.status).sort()).toEqual([404, 429]);
    for (let i = 0; i < 9; i++)
      expect((await teacher.post('/api/createregisterstudents/file/', body)).status).toBe(404);
    const refused = await teacher.post('/api/createregisterstudents/file/', body);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate-limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Anybody else meets the default limit before the access layer: the large body is never read.
    const anonymous = await new TestClient(server.url).post('/api/createregisterstudents/file/', {
      classroom: 1,
      content: 'A'.repeat(1024 * 1024),
    });
    expect(anonymous.status).toBe(413);
  });

  it('refuses a spreadsheet row as a typed row is refused, on its own line, and registers the others in one try', async () => {
    const teacher = await loginAs(DEV_SEED.users.teacher.email, 'en');
    const classroom = Number((await teacher.post('/api/classrooms/', { name: 'Nombres largos' })).body.id);
    const content = base64(
      xlsxOf([
        ['Nombre', 'Apellido', 'Correo'],
        ['Corto', 'Uno', 'corto1@test.kib'],
        ['N'.repeat(200), 'Largo', 'largo@test.kib'],
        ['Corto', 'Dos', 'corto2@test.kib'],
      ]),
    );
    const started = await teacher.post('/api/createregisterstudents/file/', { classroom, content });
    expect(started.status).toBe(202);
    const id = String(started.body.id);
    // Finished, and not read yet (reading it would delete it): watched in the queue's table.
    await expect
      .poll(
        async () =>
          (await query<{ state: string }>(`SELECT state FROM pgboss.job WHERE id = :id`, { id }))[0]?.state,
        { timeout: 30_000 },
      )
      .toBe('completed');
    const res = await teacher.get(`/api/createregisterstudents/${id}/`);
    expect(res.body).toMatchObject({ state: 'done', failed_tries: 0 });
    const results = (res.body.answer as { results: { row: number; action: string; error: string | null }[] })
      .results;
    expect(results.map((r) => [r.row, r.action, r.error])).toEqual([
      [1, 'Created', null],
      [2, 'Error', 'validation.student-first-name-too-long'],
      [3, 'Created', null],
    ]);
  });
});

describe('GET getregisterstudents/', () => {
  it("lists a classroom's students by last name, for its teacher only", async () => {
    const [demo] = await query<{ id: number }>(`SELECT id FROM classrooms WHERE code = :code`, {
      code: DEV_SEED.classroomCode,
    });
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const res = await teacher.get(`/api/getregisterstudents/?classroom=${demo!.id}`);
    expect(res.status).toBe(200);
    const students = res.body.students as {
      email: string;
      last_name: string;
      is_active: boolean;
      joined_at: string;
    }[];
    expect(students.map((s) => s.email)).toEqual(
      expect.arrayContaining([DEV_SEED.users.student.email, DEV_SEED.users.student2.email]),
    );
    const lastNames = students.map((s) => s.last_name.toLowerCase());
    expect(lastNames).toEqual([...lastNames].sort());
    expect(students.every((s) => !Number.isNaN(Date.parse(s.joined_at)))).toBe(true);

    const other = await loginAs('otherteacher@test.kib');
    expect((await other.get(`/api/getregisterstudents/?classroom=${demo!.id}`)).status).toBe(404);
    expect((await teacher.get('/api/getregisterstudents/?classroom=abc')).status).toBe(400);
    const student = await loginAs('student@demo.kib');
    expect((await student.get(`/api/getregisterstudents/?classroom=${demo!.id}`)).status).toBe(403);
  });
});
