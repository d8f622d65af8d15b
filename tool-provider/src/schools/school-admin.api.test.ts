import { API, TEACHER_CODE_LENGTH, type AnyEndpoint, type ResponseOf, type SnakeCasedDeep } from '@kib/core';
import { translate } from '@kib/i18n';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_CODE_ALPHABET } from '../activities/activity-code';
import type { MailMessage, Mailer } from '../mail/mailer';
import { DEV_SEED } from '../seed/dev-seed';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

/*
 * One school told from its registration on: Marta registers "Colegio Norte" (Medellín), redeems two
 * school codes (100 + 50 students), makes teacher codes; Ana Zuluaga and Bruno Arango join with
 * them. Ana has "Séptimo A" (students E1, E2) and "Octavo B" (E2, E3) with her module "Fracciones"
 * assigned to both, and a classroom of her own outside the school; Bruno has "Noveno" (E3) and a
 * "Séptimo A" of his own. Jorge registers "Colegio Sur" (Carla teaches there). Then Ana is removed
 * and her classrooms go to Bruno.
 */

let server: TestServer;
const sent: MailMessage[] = [];
let mailFails = false;
/** Records every mail, or fails like a mail server that is down. */
const mailer: Mailer = {
  async send(message) {
    if (mailFails) throw new Error('the mail server is down');
    sent.push(message);
  },
  close() {},
};

const ids: Record<string, number> = {};
const clients: Record<string, TestClient> = {};
/** The teacher codes handed out in the story, by who used them ("unused" for the one nobody did). */
const codes: Record<string, string> = {};
/** The titles of the problems of "Fracciones", in id order. */
const titles: string[] = [];
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** What an endpoint answers on the wire (snake_case). */
type Answer<E extends AnyEndpoint> = SnakeCasedDeep<ResponseOf<E>>;

async function select<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

async function run(sql: string, replacements: Record<string, unknown> = {}): Promise<void> {
  await server.db.sequelize.query(sql, { replacements });
}

/** A user in `groups` with a first and last name, logged in (Spanish unless said). */
async function person(
  key: string,
  groups: string[],
  firstName: string,
  lastName: string,
  language: 'es' | 'en' = 'es',
): Promise<void> {
  ids[key] = await insertUser(server.db.sequelize, {
    email: `${key}@school-admin.test`,
    groups,
    firstName,
    language,
  });
  await run(`UPDATE users SET last_name = :lastName WHERE id = :id`, { lastName, id: ids[key] });
  clients[key] = await new TestClient(server.url, { 'accept-language': language }).logIn(
    `${key}@school-admin.test`,
  );
}

const email = (key: string) => `${key}@school-admin.test`;

/** A school code made by the platform admin through the API, good for a month, its plan for `planDays`. */
async function schoolCode(
  numberOfStudents: number,
  opts: { name?: string; planDays?: number } = {},
): Promise<{ id: number; code: string }> {
  const res = await clients.platform!.post<{ id: number; code: string }>('/api/platform/school-codes/', {
    institution_name: opts.name ?? 'Colegio Norte',
    number_of_students: numberOfStudents,
    code_valid_until: inDays(30),
    plan_valid_until: inDays(opts.planDays ?? 365),
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Where Medellín is, and a department and a country it is not in. */
const places = { medellin: 0, antioquia: 0, cundinamarca: 0, colombia: 0, peru: 0 };

const registration = (extra: Record<string, unknown> = {}) => ({
  institution_name: 'Colegio Norte',
  country_id: places.colombia,
  city_id: places.medellin,
  address: 'Calle 10 # 43-12',
  email: 'secretaria@norte.edu.co',
  telephone: '604 444 5566',
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer({}, { mailer }, { seeded: true });
  const [where] = await select<typeof places>(
    `SELECT (SELECT id FROM cities WHERE code = '05001') AS medellin,
            (SELECT id FROM territorial_entities WHERE code = '05') AS antioquia,
            (SELECT id FROM territorial_entities WHERE code = '25') AS cundinamarca,
            (SELECT id FROM countries WHERE code = 'CO') AS colombia,
            (SELECT id FROM countries WHERE code = 'PE') AS peru`,
  );
  Object.assign(places, where);
  clients.platform = await new TestClient(server.url, { 'accept-language': 'en' }).logIn(
    DEV_SEED.users.platformAdmin.email,
  );
  await person('marta', ['School Admin'], 'Marta', 'Restrepo');
  await person('jorge', ['School Admin'], 'Jorge', 'Mejía', 'en');
  await person('ana', ['Teachers'], 'Ana', 'Zuluaga');
  await person('bruno', ['Teachers'], 'Bruno', 'Arango');
  await person('carla', ['Teachers'], 'Carla', 'Ortiz');
  for (const [key, first] of [
    ['e1', 'Elena'],
    ['e2', 'Emilio'],
    ['e3', 'Eva'],
  ] as const)
    await person(key, ['Students'], first, 'Estudiante');
}, 120_000);
afterAll(() => server?.close());

describe('getSchoolAdminData/ before a school', () => {
  it('answers the registration state: the caller’s first name and no school', async () => {
    const res = await clients.marta!.post('/api/getSchoolAdminData/', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user_data: { first_name: 'Marta' },
      institution_data: null,
      subscription: null,
      teachers_data: [],
      classrooms_data: [],
    });
  });
});

describe('registerSchool/', () => {
  it('refuses places that do not exist or do not agree, naming the field, and registers nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ country_id: 999_999 }, { country_id: ['Elige el país'] }],
      [{ city_id: 999_999 }, { city_id: ['Elige la ciudad'] }],
      [
        { country_id: places.peru },
        { city_id: ['Esa ciudad no queda en el país o el departamento elegido'] },
      ],
      [
        { territorial_entity_id: places.cundinamarca },
        { city_id: ['Esa ciudad no queda en el país o el departamento elegido'] },
      ],
      [
        { country_id: places.peru, territorial_entity_id: places.antioquia },
        { territorial_entity_id: ['Elige un departamento del país elegido'] },
      ],
      [
        { institution_name: '  ', email: 'secretaria', telephone: '+57 604 444' },
        {
          institution_name: ['Escribe el nombre de la institución'],
          email: ['Escribe un correo electrónico válido'],
          telephone: ['Escribe el teléfono solo con números, sin indicativo de país ni espacios'],
        },
      ],
      [{ city_id: undefined }, { city_id: ['Elige la ciudad'] }],
    ];
    for (const [change, fields] of cases) {
      const res = await clients.marta!.post('/api/registerSchool/', registration(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body, JSON.stringify(change)).toEqual({
        code: 'validation',
        detail: 'Revisa los campos marcados.',
        fields,
      });
    }
    expect(await select(`SELECT 1 FROM institution_admins WHERE user_id = :id`, { id: ids.marta })).toEqual(
      [],
    );
  });

  it('registers the school with the city’s department, makes the caller its admin, and mails both addresses', async () => {
    sent.length = 0;
    const res = await clients.marta!.post<Answer<typeof API.registerSchool>>(
      '/api/registerSchool/',
      registration(),
    );
    expect(res.status).toBe(201);
    ids.norte = res.body.institution_data.id;
    expect(res.body.institution_data).toEqual({
      id: ids.norte,
      name: 'Colegio Norte',
      country: { id: places.colombia, name: 'Colombia' },
      territorial_entity: { id: places.antioquia, name: 'Antioquia' },
      city: { id: places.medellin, name: 'Medellín' },
      address: 'Calle 10 # 43-12',
      email: 'secretaria@norte.edu.co',
      telephone: '6044445566',
      created_at: expect.any(String) as string,
    });
    expect(
      await select(`SELECT institution_id AS "institutionId" FROM institution_admins WHERE user_id = :id`, {
        id: ids.marta,
      }),
    ).toEqual([{ institutionId: ids.norte }]);

    expect(sent.map((m) => m.to).sort()).toEqual([email('marta'), 'secretaria@norte.edu.co']);
    for (const mail of sent) {
      expect(mail.subject).toBe('Colegio Norte quedó registrado en Kib');
      expect(mail.text).toContain('Calle 10 # 43-12');
      expect(mail.text).toContain('Medellín, Antioquia, Colombia');
      expect(mail.text).toContain(`${server.config.publicUrl}/schooladmin`);
    }
    expect(sent.find((m) => m.to === email('marta'))!.text).toMatch(/^Hola Marta:/);
    expect(sent.find((m) => m.to !== email('marta'))!.text).toMatch(/^Hola:/);
  });

  it('refuses a second school of the same admin (409), translated', async () => {
    const res = await clients.marta!.post(
      '/api/registerSchool/',
      registration({ institution_name: 'Otro' }),
      {
        'accept-language': 'en',
      },
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'school-already-registered',
      detail: translate('en', 'errors.school-already-registered'),
    });
    expect(await select(`SELECT 1 FROM institutions WHERE name = 'Otro'`)).toEqual([]);
  });

  it('registers the school even when the confirmation cannot be mailed', async () => {
    sent.length = 0;
    mailFails = true;
    try {
      const res = await clients.jorge!.post<Answer<typeof API.registerSchool>>(
        '/api/registerSchool/',
        registration({ institution_name: 'Colegio Sur', email: email('jorge') }),
      );
      expect(res.status).toBe(201);
      ids.sur = res.body.institution_data.id;
    } finally {
      mailFails = false;
    }
    expect(sent).toEqual([]);
    expect(await select(`SELECT name FROM institutions WHERE id = :id`, { id: ids.sur })).toEqual([
      { name: 'Colegio Sur' },
    ]);
  });
});

describe('setSchoolRegCode/', () => {
  it('shows the school without a plan first, and refuses teacher codes until one runs', async () => {
    const data = await clients.marta!.post<Answer<typeof API.schoolAdminData>>(
      '/api/getSchoolAdminData/',
      {},
    );
    expect(data.status).toBe(200);
    expect(data.body.institution_data?.name).toBe('Colegio Norte');
    expect(data.body.subscription).toBeNull();

    const code = await clients.marta!.post('/api/createTeachersCode/', { institution_id: ids.norte });
    expect(code.status).toBe(403);
    expect(code.body).toEqual({
      code: 'school-plan-ended',
      detail: 'El plan de tu colegio terminó: ingresa un nuevo código de colegio.',
    });
  });

  it('refuses unknown, used, expired and revoked codes with their reasons', async () => {
    const taken = await schoolCode(10, { name: 'Colegio Sur' });
    expect(
      (await clients.jorge!.post('/api/setSchoolRegCode/', { institution_id: ids.sur, reg_code: taken.code }))
        .status,
    ).toBe(200);
    const expired = await schoolCode(10);
    await run(`UPDATE subscriptions SET code_valid_until = now() - interval '1 day' WHERE id = :id`, {
      id: expired.id,
    });
    const revoked = await schoolCode(10);
    expect((await clients.platform!.post(`/api/platform/school-codes/${revoked.id}/revoke/`)).status).toBe(
      200,
    );

    const cases: [string, number, string][] = [
      ['NOEXISTE1234', 404, 'school-code-invalid'],
      [taken.code, 409, 'school-code-used'],
      [expired.code, 410, 'school-code-expired'],
      [revoked.code, 410, 'school-code-revoked'],
    ];
    for (const [regCode, status, code] of cases) {
      const res = await clients.marta!.post('/api/setSchoolRegCode/', {
        institution_id: ids.norte,
        reg_code: regCode,
      });
      expect(res.status, code).toBe(status);
      const detail = translate('es', `errors.${code}`);
      expect(res.body, code).toEqual({ code, detail, fields: { reg_code: [detail] } });
    }
    expect(await select(`SELECT 1 FROM subscriptions WHERE institution_id = :id`, { id: ids.norte })).toEqual(
      [],
    );
  });

  it('redeems a code typed with spaces in lower case, answers the same again, and adds up a second plan', async () => {
    const first = await schoolCode(100);
    const typed = `${first.code.slice(0, 4)} ${first.code.slice(4).toLowerCase()}`;
    const res = await clients.marta!.post<Answer<typeof API.setSchoolRegCode>>('/api/setSchoolRegCode/', {
      institution_id: ids.norte,
      reg_code: typed,
    });
    expect(res.status).toBe(200);
    const planEnd = (
      await select<{ end: Date }>(`SELECT plan_valid_until AS end FROM subscriptions WHERE id = :id`, {
        id: first.id,
      })
    )[0]!.end;
    expect(res.body).toEqual({
      subscription: {
        status: 'active',
        plan_valid_until: new Date(planEnd).toISOString(),
        student_limit: 100,
        students: 0,
        teachers: 0,
        codes: [
          {
            code: first.code,
            number_of_students: 100,
            plan_valid_until: new Date(planEnd).toISOString(),
            revoked: false,
            redeemed_at: expect.any(String) as string,
          },
        ],
      },
    });
    expect(Math.abs(Date.parse(res.body.subscription.codes[0]!.redeemed_at) - Date.now())).toBeLessThan(
      60_000,
    );

    const again = await clients.marta!.post<Answer<typeof API.setSchoolRegCode>>('/api/setSchoolRegCode/', {
      institution_id: ids.norte,
      reg_code: first.code,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);

    const second = await schoolCode(50, { planDays: 200 });
    const both = await clients.marta!.post<Answer<typeof API.setSchoolRegCode>>('/api/setSchoolRegCode/', {
      institution_id: ids.norte,
      reg_code: second.code,
    });
    expect(both.status).toBe(200);
    expect(both.body.subscription).toMatchObject({
      status: 'active',
      plan_valid_until: new Date(planEnd).toISOString(),
      student_limit: 150,
    });
    expect(both.body.subscription.codes.map((c) => c.code)).toEqual([second.code, first.code]);
  });

  it('slows down an account that keeps typing wrong codes (429), even for a right code', async () => {
    const good = await schoolCode(5, { name: 'Colegio Sur' });
    for (let i = 0; i < 10; i++) {
      const res = await clients.jorge!.post('/api/setSchoolRegCode/', {
        institution_id: ids.sur,
        reg_code: `MAL${i}XXXXXXXX`,
      });
      expect(res.status).toBe(404);
    }
    const blocked = await clients.jorge!.post('/api/setSchoolRegCode/', {
      institution_id: ids.sur,
      reg_code: good.code,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await select(`SELECT institution_id FROM subscriptions WHERE id = :id`, { id: good.id })).toEqual([
      { institution_id: null },
    ]);
    // Another account is not slowed down by Jorge's mistakes.
    const other = await clients.marta!.post('/api/setSchoolRegCode/', {
      institution_id: ids.norte,
      reg_code: 'OTROMAL12345',
    });
    expect(other.status).toBe(404);
  });
});

describe('createTeachersCode/ and getTeacherCodes/', () => {
  it('makes a single-use code valid for the days asked, and mails it with the steps in the admin’s language', async () => {
    sent.length = 0;
    const res = await clients.marta!.post<Answer<typeof API.createTeachersCode>>('/api/createTeachersCode/', {
      institution_id: ids.norte,
      valid_days: 10,
      email: 'ana.zuluaga@correo.co',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      code: {
        code: expect.stringMatching(
          new RegExp(`^[${ACTIVITY_CODE_ALPHABET}]{${TEACHER_CODE_LENGTH}}$`),
        ) as string,
        code_expiration: expect.any(String) as string,
        created_at: expect.any(String) as string,
        status: 'unused',
        used_by: null,
      },
      mailed: true,
    });
    const expiration = new Date(res.body.code.code_expiration);
    expect(Math.abs(expiration.getTime() - (Date.now() + 10 * DAY))).toBeLessThan(60_000);
    codes.ana = res.body.code.code;

    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe('ana.zuluaga@correo.co');
    expect(mail.subject).toBe('Tu código de profesor de Colegio Norte en Kib');
    expect(mail.text).toContain(codes.ana);
    const day = expiration.toLocaleDateString('en-GB', { timeZone: 'America/Bogota' }).replaceAll('/', '-');
    expect(mail.text).toContain(`vence el ${day}.`);
    expect(mail.text).toContain(`${server.config.publicUrl}/signup`);
    expect(mail.text).toContain(`${server.config.publicUrl}/teacher/school`);
  });

  it('makes a code without mail, and one whose mail fails answers mailed: false with the code kept', async () => {
    sent.length = 0;
    const plain = await clients.marta!.post<Answer<typeof API.createTeachersCode>>(
      '/api/createTeachersCode/',
      { institution_id: ids.norte },
    );
    expect(plain.status).toBe(201);
    expect(plain.body.mailed).toBe(false);
    expect(Math.abs(Date.parse(plain.body.code.code_expiration) - (Date.now() + 14 * DAY))).toBeLessThan(
      60_000,
    );
    codes.bruno = plain.body.code.code;

    mailFails = true;
    try {
      const failed = await clients.marta!.post<Answer<typeof API.createTeachersCode>>(
        '/api/createTeachersCode/',
        {
          institution_id: ids.norte,
          email: 'alguien@correo.co',
        },
      );
      expect(failed.status).toBe(201);
      expect(failed.body.mailed).toBe(false);
      codes.unused = failed.body.code.code;
    } finally {
      mailFails = false;
    }
    expect(sent).toEqual([]);
    expect(
      await select(`SELECT 1 FROM teacher_codes WHERE code = :code`, { code: codes.unused }),
    ).toHaveLength(1);
  });

  it('lets teachers join with the codes, and lists the codes newest first with their state and user', async () => {
    for (const key of ['ana', 'bruno'] as const) {
      const joined = await clients[key]!.post<Answer<typeof API.registerTeacherToSchool>>(
        '/api/registerTeacherToSchool/',
        { code: codes[key] },
      );
      expect(joined.status, key).toBe(200);
      expect(joined.body.institution).toEqual({ id: ids.norte, name: 'Colegio Norte' });
    }
    await run(
      `INSERT INTO teacher_codes (institution_id, code, code_expiration, created_at)
       VALUES (:school, 'VENCIDO1', now() - interval '1 day', now() - interval '20 days')`,
      { school: ids.norte },
    );
    const res = await clients.marta!.post<Answer<typeof API.teacherCodes>>('/api/getTeacherCodes/', {
      institution_id: ids.norte,
    });
    expect(res.status).toBe(200);
    expect(res.body.teacher_regcodes.map((c) => [c.code, c.status, c.used_by && c.used_by.email])).toEqual([
      [codes.unused, 'unused', null],
      [codes.bruno, 'used', email('bruno')],
      [codes.ana, 'used', email('ana')],
      ['VENCIDO1', 'expired', null],
    ]);
    expect(res.body.teacher_regcodes[2]?.used_by).toEqual({
      id: ids.ana,
      first_name: 'Ana',
      last_name: 'Zuluaga',
      email: email('ana'),
    });
  });
});

describe('the dashboard', () => {
  beforeAll(async () => {
    // Classrooms made by the teachers through their own API, so they belong to the school as made.
    for (const [key, name] of [
      ['ana', 'Séptimo A'],
      ['ana', 'Octavo B'],
      ['bruno', 'Noveno'],
      ['bruno', 'Séptimo A'],
    ] as const) {
      const res = await clients[key]!.post<{ id: number }>('/api/classrooms/', { name, level_id: 3 });
      expect(res.status, `${key} ${name}`).toBe(201);
      ids[`${key} ${name}`] = res.body.id;
    }
    const [own] = await select<{ id: number }>(
      `INSERT INTO classrooms (name, code, author_id) VALUES ('Clases particulares', 'PARTIC', :ana) RETURNING id`,
      { ana: ids.ana },
    );
    ids.private = own!.id;
    const members: [string, string][] = [
      ['ana Séptimo A', 'e1'],
      ['ana Séptimo A', 'e2'],
      ['ana Octavo B', 'e2'],
      ['ana Octavo B', 'e3'],
      ['bruno Noveno', 'e3'],
      ['private', 'e1'],
    ];
    for (const [classroom, student] of members)
      await run(`INSERT INTO classroom_students (classroom_id, user_id) VALUES (:c, :s)`, {
        c: ids[classroom],
        s: ids[student],
      });

    const problems = await select<{ id: number; title: string; numeral: number }>(
      `SELECT p.id, p.title, min(n.id) AS numeral FROM problems p JOIN numerals n ON n.problem_id = p.id
       WHERE p.publish_problem GROUP BY p.id ORDER BY p.id LIMIT 3`,
    );
    expect(problems).toHaveLength(3);
    Object.assign(ids, { p1: problems[0]!.id, p2: problems[1]!.id, p3: problems[2]!.id });
    ids.numeral = problems[0]!.numeral;
    titles.push(...problems.map((p) => p.title));
    for (const [name, author] of [
      ['Fracciones', 'ana'],
      ['Repaso privado', 'ana'],
      ['Sin asignar', 'bruno'],
    ] as const) {
      const [row] = await select<{ id: number }>(
        `INSERT INTO modules (name, description, author_id) VALUES (:name, 'Taller', :author) RETURNING id`,
        { name, author: ids[author] },
      );
      ids[name] = row!.id;
    }
    // Fracciones: p2 numbered '10', p1 '2', p3 '9' → in numeration order p1, p3, p2.
    for (const [problem, numeration] of [
      ['p2', '10'],
      ['p1', '2'],
      ['p3', '9'],
    ] as const)
      await run(`INSERT INTO module_problems (module_id, problem_id, numeration) VALUES (:m, :p, :n)`, {
        m: ids.Fracciones,
        p: ids[problem],
        n: numeration,
      });
    await run(`INSERT INTO module_problems (module_id, problem_id, numeration) VALUES (:m, :p, '1')`, {
      m: ids['Repaso privado'],
      p: ids.p1,
    });
    for (const [module, classroom, deadline] of [
      ['Fracciones', 'ana Séptimo A', null],
      ['Fracciones', 'ana Octavo B', inDays(20)],
      ['Repaso privado', 'private', null],
    ] as const)
      await run(
        `INSERT INTO module_classrooms (module_id, classroom_id, deadline) VALUES (:m, :c, :deadline)`,
        { m: ids[module], c: ids[classroom], deadline },
      );
    for (const student of ['e2', 'e3'])
      await run(
        `INSERT INTO stats (user_id, numeral_id, completed, answer_time, attempts, last_attempt_date)
         VALUES (:s, :n, true, 42, 1, now())`,
        { s: ids[student], n: ids.numeral },
      );
    // Carla teaches at Colegio Sur, with a classroom there.
    await run(`INSERT INTO institution_teachers (institution_id, user_id) VALUES (:sur, :carla)`, {
      sur: ids.sur,
      carla: ids.carla,
    });
    const [sur] = await select<{ id: number }>(
      `INSERT INTO classrooms (name, code, author_id, institution_id) VALUES ('Sur 1', 'SURUNO', :carla, :sur)
       RETURNING id`,
      { carla: ids.carla, sur: ids.sur },
    );
    ids.surClassroom = sur!.id;
  });

  it('shows the plan, the teachers with their classrooms, students and modules, and the school’s classrooms', async () => {
    const res = await clients.marta!.post<Answer<typeof API.schoolAdminData>>('/api/getSchoolAdminData/', {});
    expect(res.status).toBe(200);
    expect(res.body.user_data).toEqual({ first_name: 'Marta' });
    expect(res.body.subscription).toMatchObject({
      status: 'active',
      student_limit: 150,
      students: 3,
      teachers: 2,
    });
    expect(res.body.teachers_data).toEqual([
      {
        id: ids.bruno,
        first_name: 'Bruno',
        last_name: 'Arango',
        email: email('bruno'),
        joined_at: expect.any(String) as string,
        last_login: expect.any(String) as string,
        classrooms: 2,
        students: 1,
        modules: 1,
      },
      {
        id: ids.ana,
        first_name: 'Ana',
        last_name: 'Zuluaga',
        email: email('ana'),
        joined_at: expect.any(String) as string,
        last_login: expect.any(String) as string,
        classrooms: 2,
        students: 3,
        modules: 2,
      },
    ]);
    expect(
      res.body.classrooms_data.map((c) => [c.name, c.teacher?.last_name ?? null, c.students, c.modules]),
    ).toEqual([
      ['Noveno', 'Arango', 1, 0],
      ['Octavo B', 'Zuluaga', 2, 1],
      ['Séptimo A', 'Zuluaga', 2, 1],
      ['Séptimo A', 'Arango', 0, 0],
    ]);
    expect(res.body.classrooms_data[0]).toEqual({
      id: ids['bruno Noveno'],
      name: 'Noveno',
      description: '',
      level: { id: 3, name: expect.any(String) as string, name_spanish: expect.any(String) as string },
      teacher: { id: ids.bruno, first_name: 'Bruno', last_name: 'Arango' },
      students: 1,
      modules: 0,
      created_at: expect.any(String) as string,
    });

    const teachers = await clients.marta!.post<Answer<typeof API.schoolTeachers>>(
      '/api/getschoolteachersdata/',
      {
        institution_id: ids.norte,
      },
    );
    expect(teachers.status).toBe(200);
    expect(teachers.body).toEqual({ teachers_data: res.body.teachers_data });
  });

  it('lists the modules assigned in the school’s classrooms with their problems in order, on request', async () => {
    const without = await clients.marta!.post<Answer<typeof API.institutionTeachersClassrooms>>(
      '/api/get-institution-teachers-classrooms/',
      {
        institution_id: ids.norte,
      },
    );
    expect(without.status).toBe(200);
    expect(without.body.data).toMatchObject({
      modules: [],
      module_classrooms: [],
      module_problems: [],
      problems: [],
    });
    expect(without.body.data.classrooms).toHaveLength(4);
    expect(without.body.data.teachers.map((t) => t.id)).toEqual([ids.bruno, ids.ana]);

    const res = await clients.marta!.post<Answer<typeof API.institutionTeachersClassrooms>>(
      '/api/get-institution-teachers-classrooms/',
      {
        institution_id: ids.norte,
        get_modules: true,
      },
    );
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data.modules).toEqual([
      { id: ids.Fracciones, name: 'Fracciones', description: 'Taller', author_id: ids.ana },
    ]);
    expect(data.module_classrooms).toEqual(
      [
        { module_id: ids.Fracciones, classroom_id: ids['ana Séptimo A'], publish_date: null, deadline: null },
        {
          module_id: ids.Fracciones,
          classroom_id: ids['ana Octavo B'],
          publish_date: null,
          deadline: expect.any(String) as string,
        },
      ].sort((a, b) => Number(a.classroom_id) - Number(b.classroom_id)),
    );
    expect(data.module_problems).toEqual([
      { module_id: ids.Fracciones, problem_id: ids.p1, numeration: '2' },
      { module_id: ids.Fracciones, problem_id: ids.p3, numeration: '9' },
      { module_id: ids.Fracciones, problem_id: ids.p2, numeration: '10' },
    ]);
    expect(data.problems).toEqual([
      { id: ids.p1, title: titles[0] },
      { id: ids.p2, title: titles[1] },
      { id: ids.p3, title: titles[2] },
    ]);
  });
});

/** Every school-admin endpoint that names a school, with a body that would change or show it. */
function namingSchool(school: number): [string, Record<string, unknown>][] {
  return [
    ['/getSchoolAdminData/', { institution_id: school }],
    ['/setSchoolRegCode/', { institution_id: school, reg_code: 'NOEXISTE0000' }],
    ['/createTeachersCode/', { institution_id: school, email: 'intruso@correo.co' }],
    ['/getTeacherCodes/', { institution_id: school }],
    ['/getschoolteachersdata/', { institution_id: school }],
    ['/removeteacher/', { institution_id: school, teacher_id: ids.bruno }],
    [
      '/reassign-classroom/',
      { institution_id: school, classroom_id: ids['bruno Noveno'], teacher_id: ids.ana },
    ],
    ['/get-institution-teachers-classrooms/', { institution_id: school, get_modules: true }],
  ];
}

const SCHOOL_ADMIN_ENDPOINTS = (Object.values(API) as AnyEndpoint[]).filter((e) => e.tag === 'school-admin');

describe('authorization', () => {
  it('covers every school-admin endpoint that names a school', () => {
    expect(
      namingSchool(0)
        .map(([path]) => path)
        .sort(),
    ).toEqual(
      SCHOOL_ADMIN_ENDPOINTS.map((e) => e.path)
        .filter((path) => path !== '/registerSchool/')
        .sort(),
    );
  });

  it('refuses teachers and students by role (403) on every endpoint', async () => {
    for (const key of ['ana', 'e1'])
      for (const endpoint of SCHOOL_ADMIN_ENDPOINTS) {
        const res = await clients[key]!.post(`/api${endpoint.path}`, { institution_id: ids.norte });
        expect([endpoint.path, key, res.status, res.body.code]).toEqual([
          endpoint.path,
          key,
          403,
          'forbidden',
        ]);
      }
  });

  it('answers another school’s admin 404 on every endpoint naming the school, and changes nothing', async () => {
    const before = await snapshot();
    sent.length = 0;
    for (const [path, body] of namingSchool(ids.norte!)) {
      const res = await clients.jorge!.post(`/api${path}`, body);
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'not-found']);
    }
    // A school that does not exist looks the same as another's.
    const missing = await clients.jorge!.post('/api/getTeacherCodes/', { institution_id: 999_999 });
    expect(missing.status).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(sent).toEqual([]);
  });

  it('lets a platform admin act on any school it names, and asks it to name one', async () => {
    const unnamed = await clients.platform!.post('/api/getSchoolAdminData/', {});
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toEqual({
      code: 'validation',
      detail: 'Please check the highlighted fields.',
      fields: { institution_id: ['This field is required.'] },
    });
    const data = await clients.platform!.post<Answer<typeof API.schoolAdminData>>(
      '/api/getSchoolAdminData/',
      {
        institution_id: ids.norte,
      },
    );
    expect(data.status).toBe(200);
    expect(data.body.user_data).toEqual({ first_name: DEV_SEED.users.platformAdmin.firstName });
    expect(data.body.institution_data?.name).toBe('Colegio Norte');
    expect(data.body.teachers_data).toHaveLength(2);
    const listed = await clients.platform!.post<Answer<typeof API.teacherCodes>>('/api/getTeacherCodes/', {
      institution_id: ids.sur,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.teacher_regcodes).toEqual([]);
    const made = await clients.platform!.post<Answer<typeof API.createTeachersCode>>(
      '/api/createTeachersCode/',
      { institution_id: ids.sur },
    );
    expect(made.status).toBe(201);
    const missing = await clients.platform!.post('/api/getschoolteachersdata/', { institution_id: 999_999 });
    expect(missing.status).toBe(404);
  });
});

/** What the refused calls could have changed. */
async function snapshot() {
  return select(
    `SELECT (SELECT count(*)::int FROM teacher_codes) AS codes,
            (SELECT count(*)::int FROM institution_teachers) AS teachers,
            (SELECT count(*)::int FROM subscriptions WHERE institution_id IS NOT NULL) AS redeemed,
            (SELECT string_agg(id || ':' || coalesce(author_id, 0), ',' ORDER BY id) FROM classrooms) AS authors`,
  );
}

describe('removeteacher/ and reassign-classroom/', () => {
  it('removes a teacher: the school keeps the classrooms, students, assignments and results, without a teacher', async () => {
    const token = await clients.ana!.post<{ secret: string }>(
      `/api/classrooms/${ids['ana Octavo B']}/embed-tokens/`,
      {
        label: 'Intranet',
        valid_days: 30,
      },
    );
    expect(token.status).toBe(201);
    const embed = new TestClient(server.url);
    embed.token = token.body.secret;
    expect((await embed.get(`/api/classrooms/${ids['ana Octavo B']}/overview/`)).status).toBe(200);

    const res = await clients.marta!.post<Answer<typeof API.removeTeacher>>('/api/removeteacher/', {
      institution_id: ids.norte,
      teacher_id: ids.ana,
    });
    expect(res.status).toBe(200);
    expect(res.body.teachers_data.map((t) => t.id)).toEqual([ids.bruno]);
    expect(
      res.body.classrooms_data.map((c) => [c.name, c.teacher?.last_name ?? null, c.students, c.modules]),
    ).toEqual([
      ['Noveno', 'Arango', 1, 0],
      ['Octavo B', null, 2, 1],
      ['Séptimo A', null, 2, 1],
      ['Séptimo A', 'Arango', 0, 0],
    ]);
    const dashboard = await clients.marta!.post<Answer<typeof API.schoolAdminData>>(
      '/api/getSchoolAdminData/',
      {},
    );
    expect(dashboard.body.classrooms_data).toEqual(res.body.classrooms_data);
    expect(dashboard.body.subscription).toMatchObject({ students: 3, teachers: 1 });

    // Ana has no school now: her classroom pages need a plan, and her embed token is dead.
    const data = await clients.ana!.get<Answer<typeof API.teacherData>>('/api/get-teacher-data/');
    expect(data.status).toBe(200);
    expect(data.body.valid_subscription).toBe(false);
    expect(data.body.classrooms.map((c) => c.name)).toEqual(['Clases particulares']);
    const overview = await clients.ana!.get(`/api/classrooms/${ids['ana Octavo B']}/overview/`);
    expect([overview.status, overview.body.code]).toEqual([403, 'subscription-required']);
    expect((await embed.get(`/api/classrooms/${ids['ana Octavo B']}/overview/`)).status).toBe(401);
    // The code she joined with does not bring her back: the school must give her a new one.
    const rejoin = await clients.ana!.post('/api/registerTeacherToSchool/', { code: codes.ana });
    expect([rejoin.status, rejoin.body.code]).toEqual([404, 'teacher-code-invalid']);

    const [kept] = await select(
      `SELECT (SELECT count(*)::int FROM classroom_students WHERE classroom_id IN (:classrooms)) AS memberships,
              (SELECT count(*)::int FROM module_classrooms WHERE classroom_id IN (:classrooms)) AS assignments,
              (SELECT count(*)::int FROM stats WHERE numeral_id = :numeral AND user_id IN (:students)) AS stats,
              (SELECT author_id FROM modules WHERE id = :module) AS "moduleAuthor",
              (SELECT author_id FROM classrooms WHERE id = :private) AS "privateAuthor",
              (SELECT used_by FROM teacher_codes WHERE code = :code) AS "codeUsedBy",
              (SELECT count(*)::int FROM classroom_embed_tokens WHERE revoked_at IS NULL
                 AND classroom_id = :octavo) AS "liveTokens"`,
      {
        classrooms: [ids['ana Séptimo A'], ids['ana Octavo B']],
        numeral: ids.numeral,
        students: [ids.e2, ids.e3],
        module: ids.Fracciones,
        private: ids.private,
        code: codes.ana,
        octavo: ids['ana Octavo B'],
      },
    );
    expect(kept).toEqual({
      memberships: 4,
      assignments: 2,
      stats: 2,
      moduleAuthor: ids.ana,
      privateAuthor: ids.ana,
      codeUsedBy: ids.ana,
      liveTokens: 0,
    });

    const again = await clients.marta!.post('/api/removeteacher/', {
      institution_id: ids.norte,
      teacher_id: ids.ana,
    });
    expect(again.status).toBe(404);
  });

  it('refuses a classroom or a teacher that is not the school’s (404) and a name the teacher already has (409)', async () => {
    const cases: [Record<string, number | undefined>, number, string][] = [
      [{ classroom_id: ids.surClassroom, teacher_id: ids.bruno }, 404, 'not-found'],
      [{ classroom_id: ids.private, teacher_id: ids.bruno }, 404, 'not-found'],
      [{ classroom_id: ids['ana Octavo B'], teacher_id: ids.carla }, 404, 'not-found'],
      [{ classroom_id: ids['ana Octavo B'], teacher_id: ids.ana }, 404, 'not-found'],
      [{ classroom_id: ids['ana Séptimo A'], teacher_id: ids.bruno }, 409, 'classroom-name-used'],
    ];
    for (const [body, status, code] of cases) {
      const res = await clients.marta!.post('/api/reassign-classroom/', {
        institution_id: ids.norte,
        ...body,
      });
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), status, code]);
      if (status === 409)
        expect(res.body).toEqual({
          code,
          detail: 'Este profesor ya tiene un salón con este nombre.',
          fields: { teacher_id: ['Este profesor ya tiene un salón con este nombre.'] },
        });
    }
    expect(
      await select(`SELECT author_id FROM classrooms WHERE id IN (:ids)`, {
        ids: [ids['ana Séptimo A'], ids['ana Octavo B']],
      }),
    ).toEqual([{ author_id: null }, { author_id: null }]);
  });

  it('gives a classroom to another teacher, who then sees it with its assignment’s results', async () => {
    const octavo = ids['ana Octavo B']!;
    const res = await clients.marta!.post<Answer<typeof API.reassignClassroom>>('/api/reassign-classroom/', {
      institution_id: ids.norte,
      classroom_id: octavo,
      teacher_id: ids.bruno,
    });
    expect(res.status).toBe(200);
    expect(res.body.classrooms_data.find((c) => c.id === octavo)?.teacher).toEqual({
      id: ids.bruno,
      first_name: 'Bruno',
      last_name: 'Arango',
    });
    expect(res.body.teachers_data[0]).toMatchObject({ id: ids.bruno, classrooms: 3, students: 2 });

    const overview = await clients.bruno!.get<Answer<typeof API.classroomOverview>>(
      `/api/classrooms/${octavo}/overview/`,
    );
    expect(overview.status).toBe(200);
    expect(overview.body.assignments.map((a) => a.module_id)).toEqual([ids.Fracciones]);
    expect(overview.body.students.map((s) => s.id).sort()).toEqual([ids.e2, ids.e3].sort());
    const results = await clients.bruno!.get<Answer<typeof API.assignmentResults>>(
      `/api/classrooms/${octavo}/assignments/${ids.Fracciones}/`,
    );
    expect(results.status).toBe(200);
    expect(results.body.assignment).toMatchObject({ id: ids.Fracciones, classroom_id: octavo });
    for (const student of results.body.students)
      expect(student.stats).toContainEqual(
        expect.objectContaining({ numeral_id: ids.numeral, completed: true }),
      );
    expect(results.body.students).toHaveLength(2);
  });
});
