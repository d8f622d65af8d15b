import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SEED } from '../seed/dev-seed';
import { insertUser } from '../../testing/fixtures';
import { finished, startTestServer, TestClient, type TestServer } from '../../testing/test-server';

/**
 * Every way students enter a school's classrooms — a teacher's bulk registration, a student's
 * classroom code — counts them against the school's running plans: the real app on a real database.
 */

let server: TestServer;

async function query<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

function loginAs(email: string, lang = 'es'): Promise<TestClient> {
  return new TestClient(server.url, { 'accept-language': lang }).logIn(email);
}

/** A plan a school redeemed: its students, and whether it runs now, ended or was revoked. */
interface Plan {
  students: number;
  state?: 'running' | 'ended' | 'revoked';
}

/** A school of its own: its plans, a teacher of it (logged in) and classrooms of that teacher. */
interface School {
  id: number;
  teacher: TestClient;
  /** A new classroom of the school's teacher: its id and registration code. */
  classroom(name: string): Promise<{ id: number; code: string }>;
}

let schools = 0;
async function school(plans: Plan[]): Promise<School> {
  const n = ++schools;
  const [row] = await query<{ id: number }>(
    `INSERT INTO institutions (name, city_id)
     SELECT :name, city_id FROM institutions WHERE name = :demo RETURNING id`,
    { name: `Colegio con plan ${n}`, demo: DEV_SEED.institutionName },
  );
  const id = row!.id;
  for (const [i, plan] of plans.entries())
    await server.db.sequelize.query(
      `INSERT INTO subscriptions (institution_name, institution_id, number_of_students, code, code_valid_until,
                                  plan_valid_until, redeemed_at, revoked_at)
       VALUES (:name, :id, :students, :code, now() - interval '1 day',
               now() + CASE WHEN :state = 'ended' THEN interval '-1 hour' ELSE interval '1 year' END,
               now() - interval '2 days', CASE WHEN :state = 'revoked' THEN now() END)`,
      {
        replacements: {
          name: `Colegio con plan ${n}`,
          id,
          students: plan.students,
          code: `PLAN${n}X${i}`,
          state: plan.state ?? 'running',
        },
      },
    );
  const email = `profe${n}@limit.kib`;
  const teacherId = await insertUser(server.db.sequelize, { email, groups: ['Teachers'] });
  await server.db.sequelize.query(
    `INSERT INTO institution_teachers (institution_id, user_id) VALUES (:id, :teacherId)`,
    { replacements: { id, teacherId } },
  );
  const teacher = await loginAs(email, 'en');
  return {
    id,
    teacher,
    // Written directly: a school whose plans ended made its classrooms while they ran.
    classroom: async (name) => {
      const [made] = await query<{ id: number; code: string }>(
        `INSERT INTO classrooms (name, code, author_id, institution_id)
         VALUES (:name, upper(substr(md5(random()::text), 1, 6)), :teacherId, :id) RETURNING id, code`,
        { name, teacherId, id },
      );
      return made!;
    },
  };
}

/** Rows of new students `from`…`to` of a school's e-mail range. */
function rows(prefix: string, from: number, to: number) {
  return Array.from({ length: to - from + 1 }, (_, i) => ({
    first_name: 'Estudiante',
    last_name: `${from + i}`,
    email: `${prefix}${from + i}@limit.kib`,
  }));
}

/** How many students the school has: the distinct students of its classrooms. */
async function studentsOf(institutionId: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    `SELECT count(DISTINCT cs.user_id)::int AS n FROM classroom_students cs
     JOIN classrooms c ON c.id = cs.classroom_id WHERE c.institution_id = :institutionId`,
    { institutionId },
  );
  return row!.n;
}

async function accounts(prefix: string): Promise<number> {
  const [row] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE :like`, {
    like: `${prefix}%@limit.kib`,
  });
  return row!.n;
}

/** A new student account of the school's e-mail range (not in any classroom), logged in. */
async function studentAccount(email: string): Promise<{ id: number; client: TestClient }> {
  const id = await insertUser(server.db.sequelize, { email, groups: ['Students'] });
  return { id, client: await loginAs(email, 'en') };
}

/** A bulk registration, followed to its end as the site does. */
async function register(teacher: TestClient, classroom: number, newStudents: ReturnType<typeof rows>) {
  return finished<{ results: { action: string }[]; code?: string; detail?: string }>(
    teacher,
    await teacher.post('/api/createregisterstudents/', { classroom, new_students: newStudents }),
    (id) => `/api/createregisterstudents/${id}/`,
  );
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { jobs: true, seeded: true });
});
afterAll(() => server?.close());

describe('bulk registration within the school plan', () => {
  it('registers students while they fit, and refuses whole, with the numbers, a registration past the plan', async () => {
    const s = await school([{ students: 5 }]);
    const a = await s.classroom('A');
    const first = await register(s.teacher, a.id, rows('one', 1, 3));
    expect(first.status).toBe(200);
    expect(first.body.results.map((r) => r.action)).toEqual(['Created', 'Created', 'Created']);

    // An account not yet active in the refused batch stays as it was: nothing of the batch is written.
    await insertUser(server.db.sequelize, {
      email: 'one-sleepy@limit.kib',
      groups: ['Students'],
      active: false,
    });
    const over = await register(s.teacher, a.id, [
      ...rows('one', 4, 5),
      { first_name: 'Sol', last_name: 'Dormida', email: 'one-sleepy@limit.kib' },
    ]);
    expect(over.status).toBe(409);
    expect(over.body).toEqual({
      code: 'plan-student-limit',
      detail:
        "Your school's plan allows 5 students and the school already has 3; this registration would add 3 more. Nobody was registered: ask your school administrator for a plan with more places, or register fewer students.",
    });
    expect(await studentsOf(s.id)).toBe(3);
    expect(await accounts('one')).toBe(4);
    const [sleepy] = await query<{ active: boolean }>(
      `SELECT is_active AS active FROM users WHERE email = 'one-sleepy@limit.kib'`,
    );
    expect(sleepy!.active).toBe(false);

    // Exactly up to the plan passes; the school page then shows it full.
    const spanish = await loginAs('profe1@limit.kib', 'es');
    const upTo = await register(spanish, a.id, rows('one', 4, 5));
    expect(upTo.status).toBe(200);
    expect(await studentsOf(s.id)).toBe(5);
    const data = await spanish.get('/api/get-teacher-data/');
    expect(data.body).toMatchObject({
      valid_subscription: true,
      institution: { id: s.id, students: 5, student_limit: 5 },
    });
    const one = await register(spanish, a.id, rows('one', 6, 6));
    expect(one.status).toBe(409);
    expect(one.body.detail).toBe(
      'El plan de tu colegio permite 5 estudiantes y el colegio ya tiene 5; este registro agregaría 1 más. No se registró a nadie: pide al administrador de tu colegio un plan con más cupos o registra menos estudiantes.',
    );
  });

  it("does not count twice the school's students registered in another of its classrooms", async () => {
    const s = await school([{ students: 4 }]);
    const a = await s.classroom('A');
    const b = await s.classroom('B');
    expect((await register(s.teacher, a.id, rows('two', 1, 4))).status).toBe(200);
    // Full: the same four in classroom B are not new to the school.
    const again = await register(s.teacher, b.id, rows('two', 1, 4));
    expect(again.status).toBe(200);
    expect(again.body.results.map((r) => r.action)).toEqual(Array(4).fill('AlreadyExisted'));
    expect(await studentsOf(s.id)).toBe(4);
    const [inB] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM classroom_students WHERE classroom_id = :id`,
      { id: b.id },
    );
    expect(inB!.n).toBe(4);
    // One new student among them is one too many.
    const withNew = await register(s.teacher, b.id, rows('two', 1, 5));
    expect(withNew.status).toBe(409);
    expect(withNew.body.detail).toContain('would add 1 more');
    expect(await accounts('two')).toBe(4);
  });

  it('adds up the plans that run, and gives no room for revoked or ended ones', async () => {
    const s = await school([
      { students: 2 },
      { students: 3 },
      { students: 50, state: 'revoked' },
      { students: 50, state: 'ended' },
    ]);
    const a = await s.classroom('A');
    expect((await register(s.teacher, a.id, rows('three', 1, 5))).status).toBe(200);
    const over = await register(s.teacher, a.id, rows('three', 6, 6));
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain('allows 5 students');
    expect((await s.teacher.get('/api/get-teacher-data/')).body.institution).toMatchObject({
      students: 5,
      student_limit: 5,
    });
  });

  it('refuses a school whose plans all ended or were revoked as the teacher area does (403), writing nothing', async () => {
    const s = await school([
      { students: 50, state: 'ended' },
      { students: 50, state: 'revoked' },
    ]);
    const a = await s.classroom('A');
    const refused = await register(s.teacher, a.id, rows('four', 1, 2));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'subscription-required' });
    expect(await accounts('four')).toBe(0);
    expect((await s.teacher.get('/api/get-teacher-data/')).body).toMatchObject({
      valid_subscription: false,
      institution: { students: 0, student_limit: 0 },
    });
  });

  it('lets exactly one of two registrations at once pass when each fits alone but not both', async () => {
    const s = await school([{ students: 10 }]);
    const a = await s.classroom('A');
    const b = await s.classroom('B');
    const both = await Promise.all([
      register(s.teacher, a.id, rows('five', 1, 6)),
      register(s.teacher, b.id, rows('five', 7, 12)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await studentsOf(s.id)).toBe(6);
    expect(await accounts('five')).toBe(6);
  });
});

describe('joining a classroom by code within the school plan', () => {
  it('refuses a student new to a full school, and lets in one already counted in another classroom', async () => {
    const s = await school([{ students: 2 }]);
    const a = await s.classroom('A');
    const b = await s.classroom('B');
    const ana = await studentAccount('six-ana@limit.kib');
    const beto = await studentAccount('six-beto@limit.kib');
    const carla = await studentAccount('six-carla@limit.kib');
    expect((await ana.client.post('/api/classrooms/add_student', { code: a.code })).status).toBe(200);
    expect((await beto.client.post('/api/classrooms/add_student', { code: a.code })).status).toBe(200);

    const refused = await carla.client.post('/api/classrooms/add_student', { code: a.code });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'classroom-school-full',
      detail: "This classroom's school has no room for more students in its plan. Tell your teacher.",
    });
    const spanish = await loginAs('six-carla@limit.kib', 'es');
    const enEspanol = await spanish.post('/api/classrooms/add_student', { code: b.code });
    expect(enEspanol.status).toBe(409);
    expect(enEspanol.body.detail).toBe(
      'El colegio de este salón no tiene cupo para más estudiantes en su plan. Avísale a tu profesor.',
    );
    expect(
      await query(`SELECT 1 FROM classroom_students WHERE user_id = :id`, { id: carla.id }),
    ).toHaveLength(0);

    // Ana is one of the school's two: she joins classroom B, and joining again is not refused either.
    const toB = await ana.client.post('/api/classrooms/add_student', { code: b.code });
    expect(toB.status).toBe(200);
    expect(toB.body).toMatchObject({ classroom: { id: b.id }, already_member: false });
    const again = await ana.client.post('/api/classrooms/add_student', { code: b.code });
    expect(again.body).toMatchObject({ already_member: true });
    expect(await studentsOf(s.id)).toBe(2);
  });

  it("refuses every student when the school's plans ended, and one of two at once for the last place", async () => {
    const ended = await school([{ students: 30, state: 'ended' }]);
    const closed = await ended.classroom('Cerrado');
    const dora = await studentAccount('seven-dora@limit.kib');
    const refused = await dora.client.post('/api/classrooms/add_student', { code: closed.code });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'classroom-school-full' });

    const s = await school([{ students: 1 }]);
    const a = await s.classroom('A');
    const racers = await Promise.all(
      ['seven-eli@limit.kib', 'seven-fer@limit.kib', 'seven-gil@limit.kib'].map(studentAccount),
    );
    const answers = await Promise.all(
      racers.map((r) => r.client.post('/api/classrooms/add_student', { code: a.code })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await studentsOf(s.id)).toBe(1);
  });
});
