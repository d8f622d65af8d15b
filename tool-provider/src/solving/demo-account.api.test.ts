import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let demo: TestClient;
let student: TestClient;

/** The problem id and first numeral id of the seeded problem with this title. */
async function problem(title: string): Promise<{ id: number; numeral: number }> {
  const [row] = await server.db.sequelize.query<{ id: number; numeral: number }>(
    `SELECT p.id, n.id AS numeral FROM problems p JOIN numerals n ON n.problem_id = p.id
      WHERE p.title = :title ORDER BY n.number, n.id LIMIT 1`,
    { replacements: { title }, type: QueryTypes.SELECT },
  );
  if (!row) throw new Error(`no problem '${title}'`);
  return row;
}

/** Stats and attempts recorded for an account. */
async function recorded(email: string): Promise<number> {
  const [row] = await server.db.sequelize.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM stats s JOIN users u ON u.id = s.user_id WHERE u.email = :email)::int
          + (SELECT count(*) FROM attempts a JOIN users u ON u.id = a.user_id WHERE u.email = :email)::int AS n`,
    { replacements: { email }, type: QueryTypes.SELECT },
  );
  return row!.n;
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  demo = await new TestClient(server.url, { 'accept-language': 'en' }).logIn('demo@demo.kib');
  student = await new TestClient(server.url, { 'accept-language': 'en' }).logIn('student@demo.kib');
}, 120_000);
afterAll(() => server?.close());

describe('a demo account solving (spec 01 §6): the problems of its preset only', () => {
  /** A plot of a sine-like curve: a well-formed answer to the preset's plotFunction numeral. */
  const plot = {
    points: [
      { x: 0, y: 0 },
      { x: 1.5708, y: 1 },
      { x: 3.1416, y: 0 },
    ],
    inRadians: true,
  };

  it('checks, hints and reads progress on a problem of the preset, recording like any account', async () => {
    const sine = await problem('Gráfica de la función seno');
    const before = await recorded('demo@demo.kib');
    const proof = await demo.post('/api/proof/', { answer: plot, numeral: sine.numeral, total_time: 4 });
    expect(proof.status).toBe(200);
    expect(proof.body).toMatchObject({ recorded: true, stat: { numeral_id: sine.numeral } });
    expect(await recorded('demo@demo.kib')).toBeGreaterThan(before);
    const hints = await demo.post('/api/hints/', { answer: plot, numeral: sine.numeral, shown: 0 });
    expect(hints.status).toBe(200);
    const progress = await demo.post('/api/getstudentproblemsolutiondata/', { problem_id: sine.id });
    expect(progress.status).toBe(200);
  });

  it.each([
    ['another subtopic of the preset topic', 'Identidades trigonométricas'],
    ['another course', 'Ecuación lineal'],
  ])(
    'answers 404 to proof, hints and progress for a problem of %s; a student is served',
    async (_, title) => {
      const outside = await problem(title);
      const answer = [{ math: 'x' }];
      const before = await recorded('demo@demo.kib');
      const calls = [
        (c: TestClient) => c.post('/api/proof/', { answer, numeral: outside.numeral, total_time: 1 }),
        (c: TestClient) => c.post('/api/hints/', { answer, numeral: outside.numeral, shown: 0 }),
        (c: TestClient) => c.post('/api/getstudentproblemsolutiondata/', { problem_id: outside.id }),
      ];
      for (const call of calls) {
        expect((await call(demo)).status).toBe(404);
        expect((await call(student)).status).toBe(200);
      }
      expect(await recorded('demo@demo.kib')).toBe(before);
    },
  );
});
