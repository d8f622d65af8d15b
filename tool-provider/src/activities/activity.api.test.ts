import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../http/rate-limit';
import { DEV_SEED } from '../seed/dev-seed';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { TEMP_STUDENT_TOKEN_TTL_SECONDS } from './activity.service';

let server: TestServer;
let mainModule: number;
let reviewModule: number;
/** The first numeral of the main module's second problem: a line through (0,-1) and (2,3). */
let lineNumeral: number;
let lineProblem: number;
/** A numeral of the review module, which the main module's students may not answer. */
let reviewNumeral: number;

const RIGHT_LINE = [
  { x: 0, y: -1 },
  { x: 2, y: 3 },
];

async function select<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

function client(language: 'es' | 'en' = 'es'): TestClient {
  return new TestClient(server.url, { 'accept-language': language });
}

/** Registers a temporary student with a student code; answers the client holding their token. */
async function register(
  body: Record<string, unknown> = {},
): Promise<{ c: TestClient; id: number; token: string }> {
  const c = client();
  const res = await c.post('/api/register_temp_student/', {
    module_code: DEV_SEED.studentActivityCode,
    first_name: '',
    last_name: '',
    ...body,
  });
  expect(res.status).toBe(201);
  c.token = String(res.body.access);
  return { c, id: Number(res.body.temp_student_id), token: c.token };
}

/** A drawing as small as a PNG gets: one white pixel. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Asks for a handwriting reading with `token`: no recognition service is configured here, so a
 * token let through gets 503, and one whose session ended 401 before that.
 */
async function readHandwriting(token: string): Promise<number> {
  const form = new FormData();
  form.append('picture_0', new Blob([new Uint8Array(ONE_PIXEL_PNG)], { type: 'image/png' }), 'a.png');
  form.append('formdata_0', JSON.stringify({ name: 'a.png', type: 'numeral', id: '' }));
  const res = await fetch(`${server.url}/api/get_handwritten_latex/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return res.status;
}

/** Opens a code activity of `module` whose student code is `code`, closing after `closesIn`; answers its id. */
async function openActivity(module: number, code: string, closesIn = '30 days'): Promise<number> {
  const [row] = await select<{ id: number }>(
    `INSERT INTO temp_module_activities
       (module_id, student_access_code, teacher_access_code, target_institution, target_classroom, target_teacher, valid_until)
     VALUES (:module, :code, :teacherCode, 'Colegio', '10D', 'Sara', now() + CAST(:closesIn AS interval)) RETURNING id`,
    { module, code, teacherCode: `${code}P`, closesIn },
  );
  return row!.id;
}

/** Wrong codes count per address; each test that counts them starts from zero. */
async function forgetWrongCodes(): Promise<void> {
  await server.db.sequelize.query(`DELETE FROM rate_limits WHERE key LIKE :prefix`, {
    replacements: { prefix: `${LIMITS.moduleCodePerAddress.name}:%` },
  });
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  const [main] = await select<{ id: number }>(`SELECT id FROM modules WHERE name = :name`, {
    name: DEV_SEED.modules.main.name,
  });
  const [review] = await select<{ id: number }>(`SELECT id FROM modules WHERE name = :name`, {
    name: DEV_SEED.modules.passed.name,
  });
  mainModule = main!.id;
  reviewModule = review!.id;
  const [line] = await select<{ id: number; problemId: number }>(
    `SELECT n.id, n.problem_id AS "problemId" FROM numerals n
       JOIN module_problems mp ON mp.problem_id = n.problem_id
      WHERE mp.module_id = :module AND mp.numeration = '2' ORDER BY n.number, n.id LIMIT 1`,
    { module: mainModule },
  );
  lineNumeral = line!.id;
  lineProblem = line!.problemId;
  const [late] = await select<{ id: number }>(
    `SELECT n.id FROM numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
      WHERE mp.module_id = :module ORDER BY mp.numeration, n.number LIMIT 1`,
    { module: reviewModule },
  );
  reviewNumeral = late!.id;
  // A second activity, of the review module, whose teacher code must not reach the main module's students.
  await select(
    `INSERT INTO temp_module_activities
       (module_id, student_access_code, teacher_access_code, target_institution, target_classroom, target_teacher, valid_until)
     VALUES (:module, 'REPASO7', 'REPPROF7', 'Colegio', '10B', 'Laura', now() + interval '30 days') RETURNING id`,
    { module: reviewModule },
  );
}, 120_000);
afterAll(() => server?.close());

describe('GET /api/validatemodulecodestudents/', () => {
  it('opens the module of a student code typed with spaces and in lower case, problems in numeration order', async () => {
    const res = await client().get(
      `/api/validatemodulecodestudents/?module_code=${encodeURIComponent(' de mo4 2 ')}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      valid_code: true,
      module_data: { id: mainModule, name: DEV_SEED.modules.main.name },
      students_data: [],
      numerals_stats: [],
    });
    const problems = res.body.problems as { id: number; numeration: string; numerals: { id: number }[] }[];
    expect(problems.map((p) => p.numeration)).toEqual(['1', '2', '3', '4']);
    expect(problems[1]!.numerals[0]!.id).toBe(lineNumeral);
    const numerals = res.body.numerals as Record<string, unknown>[];
    expect(numerals.length).toBe(problems.flatMap((p) => p.numerals).length);
    expect(Object.keys(numerals[0]!).sort()).toEqual(['id', 'math_type', 'number', 'problem_id', 'question']);
  });

  it('answers a teacher code and an unknown code as a wrong code, and an expired code as ended (410), in the reader’s language', async () => {
    await forgetWrongCodes();
    const teacherCode = await client().get(
      `/api/validatemodulecodestudents/?module_code=${DEV_SEED.teacherActivityCode}`,
    );
    expect(teacherCode.status).toBe(404);
    expect(teacherCode.body).toEqual({
      code: 'module-code-invalid',
      detail: '¡Código erróneo!',
      fields: { module_code: ['¡Código erróneo!'] },
    });
    const unknown = await client('en').get('/api/validatemodulecodestudents/?module_code=NOPE99');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'module-code-invalid', detail: 'Wrong code!' });

    await select(
      `UPDATE temp_module_activities SET valid_until = now() - interval '1 minute' WHERE module_id = :m`,
      {
        m: reviewModule,
      },
    );
    try {
      const expired = await client('en').get('/api/validatemodulecodestudents/?module_code=REPASO7');
      expect(expired.status).toBe(410);
      expect(expired.body).toMatchObject({
        code: 'module-code-expired',
        detail: expect.stringMatching(/no longer valid/),
      });
      const expiredTeacher = await client().get('/api/validatemodulecodeteachers/?module_code=REPPROF7');
      expect(expiredTeacher.status).toBe(410);
    } finally {
      await select(`UPDATE temp_module_activities SET valid_until = NULL WHERE module_id = :m`, {
        m: reviewModule,
      });
    }
    // No expiry date: the codes never expire.
    expect((await client().get('/api/validatemodulecodestudents/?module_code=REPASO7')).status).toBe(200);
  });

  it('opens a module by a module code of its audience, until that code expires', async () => {
    await forgetWrongCodes();
    await select(
      `INSERT INTO module_codes (module_id, code, audience, valid_until)
       VALUES (:m, 'MODREP5', 'students', now() + interval '1 day'), (:m, 'OLDREP5', 'students', now() - interval '1 day'),
              (:m, 'MODPROF5', 'teachers', NULL)`,
      { m: reviewModule },
    );
    const students = await client().get('/api/validatemodulecodestudents/?module_code=modrep5');
    expect(students.status).toBe(200);
    expect(students.body).toMatchObject({
      module_data: { id: reviewModule, name: DEV_SEED.modules.passed.name },
    });
    expect((await client().get('/api/validatemodulecodeteachers/?module_code=MODPROF5')).status).toBe(200);
    expect((await client().get('/api/validatemodulecodeteachers/?module_code=MODREP5')).status).toBe(404);
    expect((await client().get('/api/validatemodulecodestudents/?module_code=OLDREP5')).status).toBe(410);
  });

  it('answers 400 naming module_code when there is no code', async () => {
    const res = await client().get('/api/validatemodulecodestudents/?module_code=%20%20');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual(['module_code']);
  });

  it('refuses every code with 429 after 30 wrong codes from one address in 15 minutes', async () => {
    await forgetWrongCodes();
    for (let i = 0; i < LIMITS.moduleCodePerAddress.points; i++) {
      const res = await client().get(`/api/validatemodulecodeteachers/?module_code=GUESS${i}`);
      expect(res.status).toBe(404);
    }
    const right = await client().get(
      `/api/validatemodulecodestudents/?module_code=${DEV_SEED.studentActivityCode}`,
    );
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 'rate-limited' });
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    const removal = await client().post('/api/delete_temp_student/', {
      student_id: 1,
      module_code: DEV_SEED.teacherActivityCode,
    });
    expect(removal.status).toBe(429);
    const registration = await client().post('/api/register_temp_student/', {
      module_code: DEV_SEED.studentActivityCode,
    });
    expect(registration.status).toBe(429);
    await forgetWrongCodes();
  });
});

describe('POST /api/register_temp_student/', () => {
  it('registers an anonymous student when both names are empty, with an 8-hour token for their module', async () => {
    const { id, token } = await register({ first_name: '  ', last_name: '' });
    const [row] = await select<{ moduleId: number; firstName: string; lastName: string; studentCode: null }>(
      `SELECT module_id AS "moduleId", first_name AS "firstName", last_name AS "lastName",
              student_code AS "studentCode" FROM temp_students WHERE id = :id`,
      { id },
    );
    expect(row).toEqual({ moduleId: mainModule, firstName: '', lastName: '', studentCode: null });
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ temp_student_id: id, module_id: mainModule, groups: ['TempStudent'] });
    expect(claims).not.toHaveProperty('user_id');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(TEMP_STUDENT_TOKEN_TTL_SECONDS);
    expect(TEMP_STUDENT_TOKEN_TTL_SECONDS).toBe(8 * 3600);
  });

  it('gives a token that names its activity and expires when the activity closes, when that is sooner', async () => {
    const activity = await openActivity(mainModule, 'PRONTO7', '2 hours');
    const [{ closes } = { closes: 0 }] = await select<{ closes: number }>(
      `SELECT floor(extract(epoch FROM valid_until))::int AS closes FROM temp_module_activities WHERE id = :id`,
      { id: activity },
    );
    const { token } = await register({ module_code: 'PRONTO7' });
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ act: `activity:${activity}`, exp: closes });
  });

  it('registers a named student with a personal code, trimmed, through a code typed in lower case', async () => {
    const { id } = await register({
      module_code: 'demo 42',
      first_name: ' Luisa ',
      last_name: 'Ríos',
      student_code: ' A-17 ',
    });
    const [row] = await select(
      `SELECT first_name AS "firstName", last_name AS "lastName", student_code AS "studentCode"
         FROM temp_students WHERE id = :id`,
      { id },
    );
    expect(row).toEqual({ firstName: 'Luisa', lastName: 'Ríos', studentCode: 'A-17' });
  });

  it('refuses a teacher code, and names longer than the bounds', async () => {
    await forgetWrongCodes();
    const teacher = await client().post('/api/register_temp_student/', {
      module_code: DEV_SEED.teacherActivityCode,
      first_name: 'Eva',
    });
    expect(teacher.status).toBe(404);
    expect(teacher.body).toMatchObject({ code: 'module-code-invalid' });
    const long = await client().post('/api/register_temp_student/', {
      module_code: DEV_SEED.studentActivityCode,
      first_name: 'x'.repeat(151),
      student_code: 'y'.repeat(51),
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.fields as object).sort()).toEqual(['first_name', 'student_code']);
  });
});

describe('a temporary student’s token', () => {
  it('answers proof/ and records the stat and the attempt with temp_student_id', async () => {
    const { c, id } = await register({ first_name: 'Mateo' });
    const res = await c.post('/api/proof/', { answer: RIGHT_LINE, numeral: lineNumeral, total_time: 40 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ correct_ans: true, numeral_completed: true, recorded: true });
    expect(
      await select(
        `SELECT user_id, completed, attempts, answer_time FROM stats WHERE temp_student_id = :id`,
        { id },
      ),
    ).toEqual([{ user_id: null, completed: true, attempts: 1, answer_time: 40 }]);
    expect(
      await select(`SELECT user_id, numeral_id, correct FROM attempts WHERE temp_student_id = :id`, { id }),
    ).toEqual([{ user_id: null, numeral_id: lineNumeral, correct: true }]);

    const solution = await c.post('/api/getstudentproblemsolutiondata/', { problem_id: lineProblem });
    expect(solution.status).toBe(200);
    expect(solution.body.data).toContainEqual({ numeral_id: lineNumeral, completed: true });
    const hints = await c.post('/api/hints/', { answer: RIGHT_LINE, numeral: lineNumeral });
    expect(hints.status).toBe(200);
  });

  it('ignores temp_student_id and user_id in the body: the token decides whose attempt it is', async () => {
    const other = await register({ first_name: 'Otro' });
    const { c, id } = await register({ first_name: 'Sara' });
    const res = await c.post('/api/proof/', {
      answer: [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ],
      numeral: lineNumeral,
      temp_student_id: other.id,
      user_id: 1,
    });
    expect(res.status).toBe(200);
    expect(
      await select(`SELECT temp_student_id FROM stats WHERE temp_student_id IN (:ids)`, {
        ids: [id, other.id],
      }),
    ).toEqual([{ temp_student_id: id }]);
  });

  it('cannot answer, ask hints for or read progress of a problem outside its module (404)', async () => {
    const { c, id } = await register();
    const answer = {
      answer: {
        table: [{ r_index: 0, c_index: 0, cell_type: 'fixedMath', cell_content: '360' }],
        math_text: '',
      },
      numeral: reviewNumeral,
    };
    expect((await c.post('/api/proof/', answer)).status).toBe(404);
    expect((await c.post('/api/hints/', answer)).status).toBe(404);
    const [problem] = await select<{ id: number }>(`SELECT problem_id AS id FROM numerals WHERE id = :n`, {
      n: reviewNumeral,
    });
    expect((await c.post('/api/getstudentproblemsolutiondata/', { problem_id: problem!.id })).status).toBe(
      404,
    );
    expect(await select(`SELECT id FROM attempts WHERE temp_student_id = :id`, { id })).toEqual([]);
  });

  it('opens no account route: 403 on auth/users/me/ and on a student’s classrooms', async () => {
    const { c } = await register();
    expect((await c.get('/api/auth/users/me/')).status).toBe(403);
    expect((await c.get('/api/get_student_classrooms/')).status).toBe(403);
    expect((await c.post('/api/classrooms/add_student', { code: DEV_SEED.classroomCode })).status).toBe(403);
  });

  it('ends once its activity closes: 401 on every route, nothing recorded; reopened, it works again', async () => {
    const { c, id, token } = await register();
    const closeIn = async (by: string) => {
      await select(
        `UPDATE temp_module_activities SET valid_until = now() + CAST(:by AS interval) WHERE student_access_code = :code`,
        { code: DEV_SEED.studentActivityCode, by },
      );
      // As another instance's change would be, the change is read by this one before the next request.
      await server.kib.sessionEnds.catchUp();
    };
    await closeIn('-1 minute');
    try {
      const res = await c.post('/api/proof/', { answer: RIGHT_LINE, numeral: lineNumeral });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'session-expired' });
      expect(await readHandwriting(token)).toBe(401);
    } finally {
      await closeIn('365 days');
    }
    expect(await select(`SELECT id FROM attempts WHERE temp_student_id = :id`, { id })).toEqual([]);
    expect((await c.post('/api/proof/', { answer: RIGHT_LINE, numeral: lineNumeral })).status).toBe(200);
  });

  it('gives the student their own name and stats on the students endpoint', async () => {
    const { c, id } = await register({ first_name: 'Nora', last_name: 'Paz' });
    await c.post('/api/proof/', { answer: RIGHT_LINE, numeral: lineNumeral, total_time: 7 });
    const res = await c.get(`/api/validatemodulecodestudents/?module_code=${DEV_SEED.studentActivityCode}`);
    expect(res.status).toBe(200);
    expect(res.body.students_data).toEqual([
      { id, first_name: 'Nora', last_name: 'Paz', student_code: null },
    ]);
    expect(res.body.numerals_stats).toEqual([
      expect.objectContaining({ numeral_id: lineNumeral, completed: true, attempts: 1, answer_time: 7 }),
    ]);
    // The same token says nothing about itself through another module's code.
    const other = await c.get('/api/validatemodulecodestudents/?module_code=REPASO7');
    expect(other.body).toMatchObject({ students_data: [], numerals_stats: [] });
  });
});

describe('GET /api/validatemodulecodeteachers/', () => {
  it('shows the results: every temporary student of the module with their progress, and per-numeral totals', async () => {
    const { c, id } = await register({ first_name: 'Julia', last_name: 'Mora', student_code: 'J1' });
    await c.post('/api/proof/', { answer: RIGHT_LINE, numeral: lineNumeral, total_time: 30 });
    const res = await client().get(
      `/api/validatemodulecodeteachers/?module_code=${DEV_SEED.teacherActivityCode.toLowerCase()}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid_code: true, module_data: { id: mainModule } });
    const students = res.body.students_data as { id: number; stats: Record<string, unknown>[] }[];
    expect(students.find((s) => s.id === id)).toEqual({
      id,
      first_name: 'Julia',
      last_name: 'Mora',
      student_code: 'J1',
      stats: [
        {
          numeral_id: lineNumeral,
          completed: true,
          attempts: 1,
          answer_time: 30,
          last_attempt_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ],
    });
    // Accounts' stats (the seed's student) are not part of a code activity, nor are other activities' students.
    const [{ n } = { n: 0 }] = await select<{ n: number }>(
      `SELECT count(*)::int AS n FROM temp_students
        WHERE activity_id = (SELECT id FROM temp_module_activities WHERE teacher_access_code = :code)`,
      { code: DEV_SEED.teacherActivityCode },
    );
    expect(students.length).toBe(n);
    const totals = (res.body.numerals_stats as { numeral_id: number; completed: number }[]).find(
      (s) => s.numeral_id === lineNumeral,
    );
    const completedLine = students.filter((s) =>
      s.stats.some((st) => st.numeral_id === lineNumeral && st.completed),
    );
    expect(totals?.completed).toBe(completedLine.length);
    expect(res.body.numerals_stats).toHaveLength((res.body.numerals as unknown[]).length);
  });

  it('keeps two activities of one module apart: each teacher code shows and removes only its own students', async () => {
    await select(
      `INSERT INTO temp_module_activities
         (module_id, student_access_code, teacher_access_code, target_institution, target_classroom, target_teacher)
       VALUES (:module, 'OTRA7', 'OTRAPROF7', 'Colegio', '10C', 'Marta')`,
      { module: mainModule },
    );
    const mine = await register({ first_name: 'Dana', module_code: 'otra7' });
    const theirs = await register({ first_name: 'Iris' });
    const names = async (code: string) =>
      (
        (await client().get(`/api/validatemodulecodeteachers/?module_code=${code}`)).body.students_data as {
          first_name: string;
        }[]
      ).map((s) => s.first_name);
    expect(await names('OTRAPROF7')).toEqual(['Dana']);
    expect(await names(DEV_SEED.teacherActivityCode)).toContain('Iris');
    expect(await names(DEV_SEED.teacherActivityCode)).not.toContain('Dana');
    const across = await client().post('/api/delete_temp_student/', {
      student_id: theirs.id,
      module_code: 'OTRAPROF7',
    });
    expect(across.status).toBe(404);
    const own = await client().post('/api/delete_temp_student/', {
      student_id: mine.id,
      module_code: 'OTRAPROF7',
    });
    expect(own.status).toBe(204);
  });

  it('does not open with a student code', async () => {
    await forgetWrongCodes();
    const res = await client().get(
      `/api/validatemodulecodeteachers/?module_code=${DEV_SEED.studentActivityCode}`,
    );
    expect(res.status).toBe(404);
  });
});

describe('POST /api/delete_temp_student/', () => {
  it('removes a student only with the teacher code of their module, with their stats, and ends their token', async () => {
    await forgetWrongCodes();
    const { c, id } = await register({ first_name: 'Leo' });
    await c.post('/api/proof/', { answer: RIGHT_LINE, numeral: lineNumeral });

    const withStudentCode = await client().post('/api/delete_temp_student/', {
      student_id: id,
      module_code: DEV_SEED.studentActivityCode,
    });
    expect(withStudentCode.status).toBe(404);
    expect(withStudentCode.body).toMatchObject({ code: 'module-code-invalid' });
    const otherModule = await client().post('/api/delete_temp_student/', {
      student_id: id,
      module_code: 'REPPROF7',
    });
    expect(otherModule.status).toBe(404);
    expect(otherModule.body).toMatchObject({ code: 'not-found' });
    expect(await select(`SELECT id FROM temp_students WHERE id = :id`, { id })).toHaveLength(1);

    const removed = await client().post('/api/delete_temp_student/', {
      student_id: id,
      module_code: ` ${DEV_SEED.teacherActivityCode.toLowerCase()} `,
    });
    expect(removed.status).toBe(204);
    expect(await select(`SELECT id FROM temp_students WHERE id = :id`, { id })).toEqual([]);
    expect(await select(`SELECT id FROM stats WHERE temp_student_id = :id`, { id })).toEqual([]);

    const after = await c.post('/api/proof/', { answer: RIGHT_LINE, numeral: lineNumeral });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'session-expired' });
    const again = await client().post('/api/delete_temp_student/', {
      student_id: id,
      module_code: DEV_SEED.teacherActivityCode,
    });
    expect(again.status).toBe(404);
  });

  it('ends the removed student’s token on every route, not only where answers are checked', async () => {
    const { c, id, token } = await register({ first_name: 'Eva' });
    expect(await readHandwriting(token)).toBe(503);
    const removed = await client().post('/api/delete_temp_student/', {
      student_id: id,
      module_code: DEV_SEED.teacherActivityCode,
    });
    expect(removed.status).toBe(204);
    expect(await readHandwriting(token)).toBe(401);
    const view = await c.get(`/api/validatemodulecodestudents/?module_code=${DEV_SEED.studentActivityCode}`);
    expect(view.body).toMatchObject({ students_data: [], numerals_stats: [] });
  });
});

describe('a module deleted by its teacher', () => {
  it('ends the tokens of the students of its activities', async () => {
    const [teacher] = await select<{ id: number }>(`SELECT id FROM users WHERE email = :email`, {
      email: DEV_SEED.users.teacher.email,
    });
    const [module] = await select<{ id: number }>(
      `INSERT INTO modules (name, author_id) VALUES ('Se borra', :author) RETURNING id`,
      { author: teacher!.id },
    );
    await openActivity(module!.id, 'BORRA7');
    const { token } = await register({ module_code: 'BORRA7' });
    expect(await readHandwriting(token)).toBe(503);
    const t = await client().logIn(DEV_SEED.users.teacher.email);
    expect((await t.post('/api/delete-module/', { id: module!.id })).status).toBe(204);
    expect(await readHandwriting(token)).toBe(401);
  });
});
