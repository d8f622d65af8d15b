import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { MAX_BODY_DEPTH } from './body-guard';

/*
 * Hostile bodies every route meets before its schema: nesting thousands of levels deep, and strings
 * PostgreSQL cannot store. Each is a translated 400, never a 500.
 */

let server: TestServer;
let simplify: number;

const loginAs = (email: string, language = 'es') =>
  new TestClient(server.url, { 'accept-language': language }).logIn(email);

/** `{"a":[{"a":[…]}]}` nested `levels` deep, as raw JSON text (no recursion to build or send it). */
function nested(levels: number, leaf = '1'): string {
  let open = '';
  let close = '';
  for (let i = 0; i < levels; i++) {
    open += i % 2 ? '[' : '{"a":';
    close = (i % 2 ? ']' : '}') + close;
  }
  return open + leaf + close;
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  const [row] = await server.db.sequelize.query<{ id: number }>(
    `SELECT n.id FROM numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
     JOIN modules m ON m.id = mp.module_id
     WHERE m.name = 'Taller de álgebra' AND mp.numeration = '1' ORDER BY n.number, n.id LIMIT 1`,
    { type: QueryTypes.SELECT },
  );
  simplify = row!.id;
}, 120_000);
afterAll(() => server?.close());

describe('a body nested too deeply', () => {
  it('is refused with a translated 400 on a public route and on a route behind a login', async () => {
    const anonymous = new TestClient(server.url, { 'accept-language': 'en' });
    const login = await anonymous.post('/api/auth/jwt/create/', nested(3_600));
    expect(login.status).toBe(400);
    expect(login.body).toEqual({
      code: 'too-deeply-nested',
      detail: 'The request nests its data too deeply.',
    });

    const student = await loginAs('student@demo.kib');
    const answer = await student.post('/api/proof/', `{"numeral":${simplify},"answer":${nested(3_600)}}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'too-deeply-nested',
      detail: 'La solicitud anida sus datos a demasiada profundidad.',
    });
  });

  it(`takes nesting up to ${MAX_BODY_DEPTH} levels to the schema, which answers as usual`, async () => {
    const anonymous = new TestClient(server.url, { 'accept-language': 'en' });
    const res = await anonymous.post('/api/auth/jwt/create/', nested(MAX_BODY_DEPTH - 1));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation' });
  });
});

describe('characters PostgreSQL cannot store', () => {
  it('refuses a NUL in an answer with a 400 naming the field, and records nothing', async () => {
    const student = await loginAs('student2@demo.kib');
    const attempts = async () => {
      const [row] = await server.db.sequelize.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM attempts WHERE numeral_id = :simplify`,
        { replacements: { simplify }, type: QueryTypes.SELECT },
      );
      return row!.n;
    };
    const before = await attempts();
    const res = await student.post('/api/proof/', {
      answer: [{ math: 'x+1\u0000' }],
      numeral: simplify,
      current_step: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'validation',
      detail: 'Revisa los campos marcados.',
      fields: {
        'answer.0.math': ['Este campo tiene un carácter que no se puede guardar (como un carácter nulo).'],
      },
    });
    expect(await attempts()).toBe(before);
  });

  it.each([
    ['a lone high surrogate', '"x\\ud800y"'],
    ['a lone low surrogate', '"\\udc00"'],
    ['a NUL', '"\\u0000"'],
  ])('refuses %s in any route’s strings and keys', async (_name, text) => {
    const anonymous = new TestClient(server.url, { 'accept-language': 'en' });
    const value = await anonymous.post('/api/auth/users/', `{"email":${text},"password":"x"}`);
    expect(value.status).toBe(400);
    expect(value.body).toMatchObject({ code: 'validation', fields: { email: [expect.any(String)] } });
    const key = await anonymous.post('/api/contact_form/', `{"name":"Ana","extra":{${text}:1}}`);
    expect(key.status).toBe(400);
    expect(key.body).toMatchObject({ code: 'validation', fields: { extra: [expect.any(String)] } });
  });

  it('takes a surrogate pair (an emoji) and other text as it is', async () => {
    const anonymous = new TestClient(server.url, { 'accept-language': 'en' });
    const res = await anonymous.post('/api/auth/jwt/create/', {
      email: 'nobody😀@demo.kib',
      password: 'ñandú',
    });
    expect(res.status).toBe(401);
  });

  it('refuses a NUL in a query string with a 400 naming the parameter', async () => {
    const anonymous = new TestClient(server.url, { 'accept-language': 'en' });
    const res = await anonymous.get('/api/validatemodulecodestudents/?module_code=AB%00CD');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation', fields: { module_code: [expect.any(String)] } });
  });
});
