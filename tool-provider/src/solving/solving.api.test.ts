// @module-tag embedded: concurrent answers on one session
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
const ids = new Map<string, number>();

const loginAs = (email: string) => new TestClient(server.url, { 'accept-language': 'es' }).logIn(email);

/** Numeral ids of a problem (by its module and position), in order. */
async function numerals(sql: string, replacements: Record<string, unknown>): Promise<number[]> {
  const rows = await server.db.sequelize.query<{ id: number }>(sql, {
    replacements,
    type: QueryTypes.SELECT,
  });
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  const byModule = `SELECT n.id FROM numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
                    JOIN modules m ON m.id = mp.module_id
                    WHERE m.name = :module AND mp.numeration = :pos ORDER BY n.number, n.id`;
  const [line] = await numerals(byModule, { module: 'Taller de álgebra', pos: '2' });
  ids.set('line', line!);
  const [simplify] = await numerals(byModule, { module: 'Taller de álgebra', pos: '1' });
  ids.set('simplify', simplify!);
  const [, numberline] = await numerals(byModule, { module: 'Taller de álgebra', pos: '4' });
  ids.set('numberline', numberline!);
  const [late] = await numerals(
    `SELECT n.id FROM numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
     JOIN modules m ON m.id = mp.module_id WHERE m.name = 'Repaso' ORDER BY mp.numeration, n.number`,
    {},
  );
  ids.set('late', late!);
  const [problem] = await numerals(`SELECT problem_id AS id FROM numerals WHERE id = :id`, { id: line });
  ids.set('lineProblem', problem!);
}, 120_000);
afterAll(() => server?.close());

async function stat(email: string, numeralId: number) {
  const rows = await server.db.sequelize.query<{ attempts: number; completed: boolean; answer_time: number }>(
    `SELECT s.attempts, s.completed, s.answer_time FROM stats s JOIN users u ON u.id = s.user_id
     WHERE lower(u.email) = :email AND s.numeral_id = :numeralId`,
    { replacements: { email, numeralId }, type: QueryTypes.SELECT },
  );
  return rows[0];
}

describe('POST /api/proof/', () => {
  it('checks a wrong then a right answer, recording each attempt for the student of the token', async () => {
    const c = await loginAs('student2@demo.kib');
    const numeral = ids.get('line')!;
    const wrong = await c.post('/api/proof/', {
      answer: [
        { x: 0, y: 1 },
        { x: 1, y: 3 },
      ],
      numeral,
      current_step: null,
      total_time: 12.4,
      user_id: 1,
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({
      correct_ans: false,
      from_back: true,
      recorded: true,
      stat: { numeral_id: numeral },
    });
    expect(wrong.body.result).toMatchObject({ correct_ans: false });
    const right = await c.post('/api/proof/', {
      answer: [
        { x: 0, y: -1 },
        { x: 2, y: 3 },
      ],
      numeral,
      total_time: 20,
    });
    expect(right.body).toMatchObject({ correct_ans: true, numeral_completed: true });
    expect(await stat('student2@demo.kib', numeral)).toEqual({
      attempts: 2,
      completed: true,
      answer_time: 32,
    });
  });

  it('records stats exactly once per attempt under 50 concurrent attempts of one student', async () => {
    const c = await loginAs('student@demo.kib');
    const numeral = ids.get('numberline')!;
    const before = (await stat('student@demo.kib', numeral))?.attempts ?? 0;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        c.post('/api/proof/', { answer: [i % 2 === 0 ? 2 : 3], numeral, total_time: 1 }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const after = await stat('student@demo.kib', numeral);
    expect(after).toMatchObject({ attempts: before + 50, completed: true });
    const [row] = await server.db.sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM attempts a JOIN users u ON u.id = a.user_id
       WHERE u.email = 'student@demo.kib' AND a.numeral_id = :numeral`,
      { replacements: { numeral }, type: QueryTypes.SELECT },
    );
    expect(row!.n).toBe(before + 50);
  });

  it('checks but does not record when every assignment of the problem is past its deadline', async () => {
    const c = await loginAs('student@demo.kib');
    const numeral = ids.get('late')!;
    const before = await stat('student@demo.kib', numeral);
    const res = await c.post('/api/proof/', {
      answer: {
        table: [{ r_index: 0, c_index: 0, cell_type: 'fixedMath', cell_content: '360' }],
        math_text: '',
      },
      numeral,
      total_time: 5,
      deadline_passed: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.recorded).toBe(false);
    // Prime decomposition feedback leaves with the spec's key.
    expect(res.body.result).toHaveProperty('show_math_field');
    expect(await stat('student@demo.kib', numeral)).toEqual(before);
  });

  it('walks the steps of a numeral: a right step is correct, the numeral completes only at the last step', async () => {
    const c = await loginAs('student2@demo.kib');
    const numeral = ids.get('simplify')!;
    const first = await c.post('/api/proof/', {
      answer: [{ math: '\\frac{(x-1)(x+1)}{x-1}' }],
      numeral,
      current_step: 0,
    });
    expect(first.status).toBe(200);
    expect(first.body.numeral_completed).toBe(false);
    const wrong = await c.post('/api/proof/', { answer: [{ math: 'x-1' }], numeral, current_step: null });
    expect(wrong.body).toMatchObject({ correct_ans: false, numeral_completed: false });
    const lines = (wrong.body.result as { lines: { correct: boolean; feedback?: { text: string } }[] }).lines;
    expect(lines[0]).toMatchObject({ correct: false });
    expect(typeof lines[0]!.feedback?.text).toBe('string');
  });

  it('answers 400 naming the answer when it does not fit the console', async () => {
    const c = await loginAs('student@demo.kib');
    const res = await c.post('/api/proof/', { answer: 'not json', numeral: ids.get('line') });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual(['answer']);
    const shape = await c.post('/api/proof/', { answer: [{ x: 'a' }], numeral: ids.get('line') });
    expect(shape.status).toBe(400);
  });

  it('answers a translated 400 for an answer sent as a JSON string, and records nothing', async () => {
    const numeral = ids.get('line')!;
    const before = await stat('student@demo.kib', numeral);
    const answer = JSON.stringify([
      { x: 0, y: -1 },
      { x: 2, y: 3 },
    ]);
    const es = await loginAs('student@demo.kib');
    const res = await es.post('/api/proof/', { answer, numeral });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation',
      fields: {
        answer: ['Envía la respuesta como JSON (una lista o un objeto), no como una cadena de texto.'],
      },
    });
    const en = new TestClient(server.url, { 'accept-language': 'en' });
    en.token = es.token;
    const hints = await en.post('/api/hints/', { answer, numeral });
    expect(hints.status).toBe(400);
    expect(hints.body.fields).toEqual({
      answer: ['Send the answer as JSON (a list or an object), not as a text string.'],
    });
    expect(await stat('student@demo.kib', numeral)).toEqual(before);
  });

  it('answers 404 for an unknown numeral and 401 without a token', async () => {
    const c = await loginAs('student@demo.kib');
    expect((await c.post('/api/proof/', { answer: [1], numeral: 99_999 })).status).toBe(404);
    expect((await new TestClient(server.url).post('/api/proof/', { answer: [1], numeral: 1 })).status).toBe(
      401,
    );
  });
});

describe('POST /api/hints/', () => {
  it('answers hint texts in the reader’s language and says when there are no more', async () => {
    const c = await loginAs('student@demo.kib');
    const res = await c.post('/api/hints/', {
      answer: [{ math: '\\frac{x^{2}-1}{x-1}' }],
      numeral: ids.get('simplify'),
      shown: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('hints');
    expect(res.body).toHaveProperty('starting_math');
    expect(res.body).toHaveProperty('exhausted');
    for (const h of res.body.hints as unknown[]) expect(typeof h).toBe('string');
  });
});

describe('GET /api/problems/{id}/', () => {
  it('never sends targets, solutions or correct choices to the browser', async () => {
    const [agg] = await server.db.sequelize.query<{ ids: number[] }>(
      `SELECT array_agg(id) AS ids FROM problems WHERE publish_problem`,
      { type: QueryTypes.SELECT },
    );
    for (const id of agg!.ids) {
      const res = await new TestClient(server.url).get(`/api/problems/${id}/`);
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      for (const secret of [
        '"target"',
        '"defined_solutions"',
        '"correct"',
        '"target_expression"',
        '"helping_expression"',
      ]) {
        expect(text, `problem ${id}`).not.toContain(secret);
      }
    }
  });

  it('shows a draft only to its author and editors', async () => {
    const [draft] = await server.db.sequelize.query<{ id: number }>(
      `SELECT id FROM problems WHERE NOT publish_problem ORDER BY id LIMIT 1`,
      { type: QueryTypes.SELECT },
    );
    const id = draft!.id;
    expect((await new TestClient(server.url).get(`/api/problems/${id}/`)).status).toBe(404);
    expect((await (await loginAs('student@demo.kib')).get(`/api/problems/${id}/`)).status).toBe(404);
    expect((await (await loginAs('creator@demo.kib')).get(`/api/problems/${id}/`)).status).toBe(200);
    expect((await (await loginAs('supervisor@demo.kib')).get(`/api/problems/${id}/`)).status).toBe(200);
  });
});

describe('POST /api/getstudentproblemsolutiondata/', () => {
  it('lists every numeral of the problem with the caller’s completion', async () => {
    const c = await loginAs('student2@demo.kib');
    const res = await c.post('/api/getstudentproblemsolutiondata/', {
      problem_id: ids.get('lineProblem'),
      user_id: 1,
    });
    expect(res.status).toBe(200);
    const data = res.body.data as { numeral_id: number; completed: boolean }[];
    expect(data.length).toBeGreaterThanOrEqual(2);
    expect(data.find((d) => d.numeral_id === ids.get('line'))?.completed).toBe(true);
  });
});
