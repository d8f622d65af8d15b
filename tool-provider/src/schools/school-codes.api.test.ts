import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_CODE_ALPHABET } from '../activities/activity-code';
import { DEV_SEED } from '../seed/dev-seed';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { SchoolCodeRepository } from './school-codes.repository';
import { SCHOOL_CODE_LENGTH } from './school-codes.service';

let server: TestServer;
let admin: TestClient;

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

interface WireCode {
  id: number;
  code: string;
  institution_name: string;
  number_of_students: number;
  code_valid_until: string;
  plan_valid_until: string;
  created_at: string;
  revoked_at: string | null;
  status: string;
  institution: { id: number; name: string; teachers: number; students: number } | null;
}

function loginAs(email: string, lang = 'en'): Promise<TestClient> {
  return new TestClient(server.url, { 'accept-language': lang }).logIn(email);
}

async function query<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

async function run(sql: string, replacements: Record<string, unknown> = {}): Promise<void> {
  await server.db.sequelize.query(sql, { replacements });
}

/** Makes a school code through the API (a year's plan, the code good for a month unless said). */
async function createCode(institutionName: string, extra: Record<string, unknown> = {}): Promise<WireCode> {
  const res = await admin.post<WireCode>('/api/platform/school-codes/', {
    institution_name: institutionName,
    number_of_students: 100,
    code_valid_until: inDays(30),
    plan_valid_until: inDays(365),
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function list(search?: string): Promise<WireCode[]> {
  const path = search === undefined ? '' : `?search=${encodeURIComponent(search)}`;
  const res = await admin.get<{ codes: WireCode[] }>(`/api/platform/school-codes/${path}`);
  expect(res.status).toBe(200);
  return res.body.codes;
}

/** A new school in the demo school's city; answers its id. */
async function school(name: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    `INSERT INTO institutions (name, city_id)
     SELECT :name, city_id FROM institutions WHERE name = :demo RETURNING id`,
    { name, demo: DEV_SEED.institutionName },
  );
  return row!.id;
}

/** Gives a school code to a school, as its redemption does. */
async function redeemBySql(codeId: number, institutionId: number): Promise<void> {
  await run(`UPDATE subscriptions SET institution_id = :institutionId WHERE id = :codeId`, {
    institutionId,
    codeId,
  });
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  admin = await loginAs(DEV_SEED.users.platformAdmin.email);
}, 120_000);
afterAll(() => server?.close());

describe('POST platform/school-codes/', () => {
  it('makes an unguessable code for the plan, unused, recorded as made by the platform admin', async () => {
    const codeValidUntil = inDays(30);
    const planValidUntil = inDays(400);
    const res = await admin.post<WireCode>('/api/platform/school-codes/', {
      institution_name: '  Colegio San José de Tunja ',
      number_of_students: 350,
      code_valid_until: codeValidUntil,
      plan_valid_until: planValidUntil,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number) as number,
      code: expect.stringMatching(
        new RegExp(`^[${ACTIVITY_CODE_ALPHABET}]{${SCHOOL_CODE_LENGTH}}$`),
      ) as string,
      institution_name: 'Colegio San José de Tunja',
      number_of_students: 350,
      code_valid_until: codeValidUntil,
      plan_valid_until: planValidUntil,
      created_at: expect.any(String) as string,
      revoked_at: null,
      status: 'unused',
      institution: null,
    });
    expect(Math.abs(Date.parse(res.body.created_at) - Date.now())).toBeLessThan(60_000);
    const [stored] = await query<{ createdBy: number; institutionId: number | null; email: string }>(
      `SELECT s.created_by AS "createdBy", s.institution_id AS "institutionId", u.email
       FROM subscriptions s JOIN users u ON u.id = s.created_by WHERE s.id = :id`,
      { id: res.body.id },
    );
    expect(stored).toMatchObject({ institutionId: null, email: DEV_SEED.users.platformAdmin.email });

    const other = await createCode('Colegio San José de Tunja');
    expect(other.code).not.toBe(res.body.code);
  });

  it('refuses a blank name, no students, a date past, a plan ending before its code, naming the fields', async () => {
    const [before] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM subscriptions`);
    const base = {
      institution_name: 'Colegio Nuevo',
      number_of_students: 10,
      code_valid_until: inDays(10),
      plan_valid_until: inDays(100),
    };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ institution_name: '   ' }, { institution_name: ['This field is required.'] }],
      [{ number_of_students: 0 }, { number_of_students: ['This value is not valid.'] }],
      [{ number_of_students: 2.5 }, { number_of_students: ['This value is not valid.'] }],
      [{ number_of_students: undefined }, { number_of_students: ['This field is required.'] }],
      [{ code_valid_until: 'mañana' }, { code_valid_until: ['This value is not valid.'] }],
      [
        { code_valid_until: inDays(-1) },
        { code_valid_until: ['This date has passed: choose a future date.'] },
      ],
      [
        { code_valid_until: inDays(-10), plan_valid_until: inDays(-1) },
        {
          code_valid_until: ['This date has passed: choose a future date.'],
          plan_valid_until: ['This date has passed: choose a future date.'],
        },
      ],
      [
        { code_valid_until: inDays(100), plan_valid_until: inDays(50) },
        { plan_valid_until: ['The plan cannot end before the code expires.'] },
      ],
    ];
    for (const [change, fields] of cases) {
      const res = await admin.post('/api/platform/school-codes/', { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.code, JSON.stringify(change)).toBe('validation');
      expect(res.body.fields, JSON.stringify(change)).toEqual(fields);
    }
    const spanish = await (
      await loginAs(DEV_SEED.users.platformAdmin.email, 'es')
    ).post('/api/platform/school-codes/', { ...base, code_valid_until: inDays(-1) });
    expect(spanish.body).toMatchObject({
      fields: { code_valid_until: ['Esta fecha ya pasó: elige una fecha futura.'] },
    });
    const [after] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM subscriptions`);
    expect(after!.n).toBe(before!.n);
  });
});

describe('GET platform/school-codes/', () => {
  it("lists every code newest first with its state, the demo school's code active with its use", async () => {
    const unused = await createCode('Colegio Sin Usar');
    const expired = await createCode('Colegio Que Llegó Tarde');
    await run(`UPDATE subscriptions SET code_valid_until = now() - interval '1 day' WHERE id = :id`, {
      id: expired.id,
    });
    const ended = await createCode('Colegio Del Año Pasado');
    await redeemBySql(ended.id, await school('Colegio Del Año Pasado'));
    await run(`UPDATE subscriptions SET plan_valid_until = now() - interval '1 day' WHERE id = :id`, {
      id: ended.id,
    });
    const revoked = await createCode('Colegio Revocado');
    expect((await admin.post(`/api/platform/school-codes/${revoked.id}/revoke/`)).status).toBe(200);

    const codes = await list();
    const statusOf = (id: number) => codes.find((c) => c.id === id)?.status;
    expect(statusOf(unused.id)).toBe('unused');
    expect(statusOf(expired.id)).toBe('code-expired');
    expect(statusOf(ended.id)).toBe('plan-ended');
    expect(statusOf(revoked.id)).toBe('revoked');
    const demo = codes.find((c) => c.code === DEV_SEED.schoolCode)!;
    expect(demo).toMatchObject({
      status: 'active',
      institution_name: DEV_SEED.institutionName,
      number_of_students: 200,
      institution: { name: DEV_SEED.institutionName, teachers: 1, students: 2 },
    });
    expect(codes.find((c) => c.id === ended.id)!.institution).toMatchObject({
      name: 'Colegio Del Año Pasado',
      teachers: 0,
      students: 0,
    });
    const created = codes.map((c) => Date.parse(c.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(codes.map((c) => c.id).indexOf(revoked.id)).toBeLessThan(
      codes.map((c) => c.id).indexOf(unused.id),
    );
  });

  it("counts a school's teachers and the distinct students of its classrooms, the same on each of its codes", async () => {
    const schoolId = await school('Institución Educativa La Esperanza');
    const first = await createCode('IE La Esperanza');
    const second = await createCode('IE La Esperanza (renovación)');
    await redeemBySql(first.id, schoolId);
    await redeemBySql(second.id, schoolId);
    const teachers = await Promise.all(
      ['esperanza1@test.kib', 'esperanza2@test.kib'].map((email) =>
        insertUser(server.db.sequelize, { email, groups: ['Teachers'] }),
      ),
    );
    const outsider = await insertUser(server.db.sequelize, { email: 'fuera@test.kib', groups: ['Teachers'] });
    const students = await Promise.all(
      [1, 2, 3, 4].map((n) => insertUser(server.db.sequelize, { email: `esperanza-s${n}@test.kib` })),
    );
    for (const teacher of teachers)
      await run(`INSERT INTO institution_teachers (institution_id, user_id) VALUES (:schoolId, :teacher)`, {
        schoolId,
        teacher,
      });
    const classroom = async (author: number, code: string, members: number[]) => {
      const [row] = await query<{ id: number }>(
        `INSERT INTO classrooms (name, code, level_id, author_id, institution_id)
         VALUES (:code, :code, 4, :author, (SELECT institution_id FROM institution_teachers WHERE user_id = :author))
         RETURNING id`,
        { code, author },
      );
      for (const member of members)
        await run(`INSERT INTO classroom_students (classroom_id, user_id) VALUES (:id, :member)`, {
          id: row!.id,
          member,
        });
    };
    // Student 2 is in both teachers' classrooms (counted once); student 4 only in an outsider's; a
    // classroom the school keeps after its teacher left still counts.
    await classroom(teachers[0]!, 'ESPA01', [students[0]!, students[1]!]);
    await classroom(teachers[0]!, 'ESPA02', []);
    await classroom(teachers[1]!, 'ESPB01', [students[1]!, students[2]!]);
    await classroom(outsider, 'FUERA1', [students[3]!]);
    const students5 = await insertUser(server.db.sequelize, { email: 'esperanza-s5@test.kib' });
    const [kept] = await query<{ id: number }>(
      `INSERT INTO classrooms (name, code, level_id, author_id, institution_id)
       VALUES ('Sin docente', 'ESPK01', 4, NULL, :schoolId) RETURNING id`,
      { schoolId },
    );
    await run(`INSERT INTO classroom_students (classroom_id, user_id) VALUES (:id, :member)`, {
      id: kept!.id,
      member: students5,
    });

    const codes = await list('esperanza');
    expect(codes.map((c) => c.id)).toEqual([second.id, first.id]);
    for (const code of codes) {
      expect(code.status).toBe('active');
      expect(code.institution).toEqual({
        id: schoolId,
        name: 'Institución Educativa La Esperanza',
        teachers: 2,
        students: 4,
      });
    }
  });

  it('finds codes by code, by the name they were made for and by their school, case and accents aside', async () => {
    const made = await createCode('Fundación Ñandú');
    const redeemed = await createCode('Colegio Rural');
    await redeemBySql(redeemed.id, await school('Institución Peñitas'));
    const ids = async (search: string) => (await list(search)).map((c) => c.id);

    expect(await ids(made.code.slice(2, 9).toLowerCase())).toEqual([made.id]);
    expect(await ids('  FUNDACION nandu ')).toEqual([made.id]);
    expect(await ids('fundación ÑANDÚ')).toEqual([made.id]);
    expect(await ids('penitas')).toEqual([redeemed.id]);
    expect(await ids('PEÑITAS')).toEqual([redeemed.id]);
    expect(await ids('José')).toEqual(await ids('jose'));
    expect((await ids('jose')).length).toBeGreaterThanOrEqual(2);
    expect(await ids('medellin')).toContain((await list()).find((c) => c.code === DEV_SEED.schoolCode)!.id);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('no existe ningún colegio así')).toEqual([]);
    expect(await ids('   ')).toEqual((await list()).map((c) => c.id));
    const tooLong = await admin.get(`/api/platform/school-codes/?search=${'a'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
  });

  it('answers at most 500 codes, the newest', async () => {
    await run(
      `INSERT INTO subscriptions (institution_name, number_of_students, code, code_valid_until, plan_valid_until,
                                  created_at)
       SELECT 'Lote ' || n, 10, 'LOTE' || n, now() + interval '1 day', now() + interval '2 days',
              now() - make_interval(days => n)
       FROM generate_series(1, 510) n`,
    );
    const newest = await createCode('Colegio Más Reciente');
    const codes = await list();
    expect(codes).toHaveLength(500);
    expect(codes[0]!.id).toBe(newest.id);
    expect(codes.some((c) => c.code === 'LOTE510')).toBe(false);
    expect((await list('lote')).length).toBe(500);
    await run(`DELETE FROM subscriptions WHERE code LIKE 'LOTE%'`);
  });
});

describe('POST platform/school-codes/{id}/revoke/', () => {
  it('revokes once: a second revocation answers the same; unknown and malformed ids are 404', async () => {
    const made = await createCode('Colegio Arrepentido');
    const first = await admin.post<WireCode>(`/api/platform/school-codes/${made.id}/revoke/`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      ...made,
      status: 'revoked',
      revoked_at: expect.any(String) as string,
    });
    expect(Math.abs(Date.parse(first.body.revoked_at!) - Date.now())).toBeLessThan(60_000);
    const again = await admin.post<WireCode>(`/api/platform/school-codes/${made.id}/revoke/`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const unknown = await admin.post('/api/platform/school-codes/99999999/revoke/');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'not-found', detail: 'There is no such school code.' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999'])
      expect((await admin.post(`/api/platform/school-codes/${id}/revoke/`)).status, id).toBe(404);
  });

  it('ends the plan of a school whose only code is revoked: its teachers get 403 subscription-required', async () => {
    const schoolId = await school('Colegio Del Plan Revocado');
    const made = await createCode('Colegio Del Plan Revocado');
    await redeemBySql(made.id, schoolId);
    const teacherId = await insertUser(server.db.sequelize, {
      email: 'revocado@test.kib',
      groups: ['Teachers'],
    });
    await run(`INSERT INTO institution_teachers (institution_id, user_id) VALUES (:schoolId, :teacherId)`, {
      schoolId,
      teacherId,
    });
    const teacher = await loginAs('revocado@test.kib');
    expect((await teacher.get('/api/get-teacher-data/')).body.valid_subscription).toBe(true);
    expect((await teacher.post('/api/classrooms/', { name: 'Antes' })).status).toBe(201);

    const revoked = await admin.post<WireCode>(`/api/platform/school-codes/${made.id}/revoke/`);
    expect(revoked.body).toMatchObject({ status: 'revoked', institution: { id: schoolId, teachers: 1 } });
    const data = await teacher.get('/api/get-teacher-data/');
    expect(data.body).toMatchObject({ valid_subscription: false, institution: { plan_valid_until: null } });
    const refused = await teacher.post('/api/classrooms/', { name: 'Después' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'subscription-required' });
    expect((await teacher.get('/api/modules/')).status).toBe(403);

    // Another code of the school, not revoked, gives the plan back.
    const renewal = await createCode('Colegio Del Plan Revocado (renovación)');
    await redeemBySql(renewal.id, schoolId);
    expect((await teacher.get('/api/get-teacher-data/')).body.valid_subscription).toBe(true);
  });
});

describe('redeeming a school code', () => {
  it('redeems a code once for a school, never a revoked, expired or taken one', async () => {
    const repo = new SchoolCodeRepository(server.db.sequelize);
    const now = new Date();
    const mine = await school('Colegio Que Redime');
    const theirs = await school('Otro Colegio');
    const good = await createCode('Colegio Que Redime');
    const revoked = await createCode('Colegio Que Redime');
    await admin.post(`/api/platform/school-codes/${revoked.id}/revoke/`);
    const late = await createCode('Colegio Que Redime');
    await run(`UPDATE subscriptions SET code_valid_until = now() - interval '1 minute' WHERE id = :id`, {
      id: late.id,
    });

    expect(await repo.redeem('NOPE-NOPE-NOPE', mine, now)).toEqual({ kind: 'unknown' });
    expect(await repo.redeem(revoked.code, mine, now)).toEqual({ kind: 'revoked' });
    expect(await repo.redeem(late.code, mine, now)).toEqual({ kind: 'expired' });
    const typed = ` ${good.code.slice(0, 6).toLowerCase()} ${good.code.slice(6)} `;
    expect(await repo.redeem(typed, mine, now)).toEqual({
      kind: 'redeemed',
      id: good.id,
      planValidUntil: new Date(good.plan_valid_until),
    });
    expect(await repo.redeem(good.code, mine, now)).toMatchObject({ kind: 'already-redeemed', id: good.id });
    expect(await repo.redeem(good.code, theirs, now)).toEqual({ kind: 'used' });
    expect((await list(good.code)).map((c) => [c.status, c.institution?.id])).toEqual([['active', mine]]);

    // Revoked after its redemption: the same school cannot redeem it again either.
    await admin.post(`/api/platform/school-codes/${good.id}/revoke/`);
    expect(await repo.redeem(good.code, mine, now)).toEqual({ kind: 'revoked' });
    const [stored] = await query<{ revoked: number }>(
      `SELECT count(*)::int AS revoked FROM subscriptions WHERE institution_id IS NULL AND id IN (:ids)`,
      { ids: [revoked.id, late.id] },
    );
    expect(stored!.revoked).toBe(2);
  });
});

describe('who may use the school codes', () => {
  it('is the platform admin only: 401 anonymous, 403 a teacher, a school admin or a student', async () => {
    const [made] = await query<{ id: number }>(`SELECT id FROM subscriptions WHERE code = :code`, {
      code: DEV_SEED.schoolCode,
    });
    const calls = (client: TestClient) => [
      client.get('/api/platform/school-codes/'),
      client.post('/api/platform/school-codes/', {
        institution_name: 'Intruso',
        number_of_students: 5,
        code_valid_until: inDays(5),
        plan_valid_until: inDays(50),
      }),
      client.post(`/api/platform/school-codes/${made!.id}/revoke/`),
    ];
    for (const res of await Promise.all(calls(new TestClient(server.url)))) expect(res.status).toBe(401);
    for (const email of [
      DEV_SEED.users.teacher.email,
      DEV_SEED.users.schoolAdmin.email,
      DEV_SEED.users.student.email,
    ]) {
      const client = await loginAs(email);
      for (const res of await Promise.all(calls(client))) expect(res.status, email).toBe(403);
    }
    expect(await query(`SELECT 1 FROM subscriptions WHERE institution_name = 'Intruso'`)).toHaveLength(0);
    const [demo] = await query<{ revokedAt: Date | null }>(
      `SELECT revoked_at AS "revokedAt" FROM subscriptions WHERE id = :id`,
      { id: made!.id },
    );
    expect(demo!.revokedAt).toBeNull();
  });
});
