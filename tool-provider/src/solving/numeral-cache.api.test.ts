import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let second: { url: string; close(): Promise<void> };
let numeral: number;
let problem: number;

const RIGHT = [
  { x: 0, y: -1 },
  { x: 2, y: 3 },
];

async function sql<T extends object>(
  query: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(query, { replacements, type: QueryTypes.SELECT });
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  second = await startSecondInstance(server);
  const [row] = await sql<{ id: number; problem: number }>(
    `SELECT n.id, n.problem_id AS problem FROM numerals n
       JOIN module_problems mp ON mp.problem_id = n.problem_id JOIN modules m ON m.id = mp.module_id
      WHERE m.name = 'Taller de álgebra' AND mp.numeration = '2' ORDER BY n.number, n.id LIMIT 1`,
  );
  numeral = row!.id;
  problem = row!.problem;
}, 120_000);
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const version = async () =>
  (await sql<{ v: string }>(`SELECT version::text AS v FROM content_version`))[0]!.v;

describe('the numerals cached for answers', () => {
  it('goes up with every statement that writes a problem, a numeral, a step, a choice or a coauthor', async () => {
    let before = await version();
    for (const statement of [
      `UPDATE problems SET title = title WHERE id = :problem`,
      `UPDATE numerals SET question = question WHERE problem_id = :problem`,
      `UPDATE steps SET instruction = instruction WHERE numeral_id IN (SELECT id FROM numerals WHERE problem_id = :problem)`,
      `UPDATE multiple_choice_entries SET text = text WHERE false`,
      `DELETE FROM problem_coauthors WHERE false`,
    ]) {
      await server.db.sequelize.query(statement, { replacements: { problem } });
      const after = await version();
      expect(BigInt(after)).toBeGreaterThan(BigInt(before));
      before = after;
    }
  });

  it('sees a problem unpublished and published again on another instance at the next answer', async () => {
    const one = await new TestClient(server.url).logIn('student2@demo.kib');
    const two = new TestClient(second.url);
    two.token = one.token;
    const answer = { answer: RIGHT, numeral, total_time: 1 };
    // Both instances have read the numeral.
    expect((await one.post('/api/proof/', answer)).status).toBe(200);
    expect((await two.post('/api/proof/', answer)).status).toBe(200);

    await server.db.sequelize.query(`UPDATE problems SET publish_problem = false WHERE id = :problem`, {
      replacements: { problem },
    });
    expect((await one.post('/api/proof/', answer)).status).toBe(404);
    expect((await two.post('/api/proof/', answer)).status).toBe(404);

    // A coauthor added meanwhile sees the draft at once.
    const [student] = await sql<{ id: number }>(`SELECT id FROM users WHERE email = 'student2@demo.kib'`);
    await server.db.sequelize.query(
      `INSERT INTO problem_coauthors (problem_id, user_id) VALUES (:problem, :user)`,
      { replacements: { problem, user: student!.id } },
    );
    expect((await two.post('/api/proof/', answer)).status).toBe(200);
    await server.db.sequelize.query(`DELETE FROM problem_coauthors WHERE problem_id = :problem`, {
      replacements: { problem },
    });
    expect((await one.post('/api/proof/', answer)).status).toBe(404);

    await server.db.sequelize.query(`UPDATE problems SET publish_problem = true WHERE id = :problem`, {
      replacements: { problem },
    });
    const again = await two.post('/api/proof/', answer);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ correct_ans: true, recorded: true });
  });

  it('checks an answer against a numeral changed on another instance, not the copy it read before', async () => {
    const c = await new TestClient(second.url).logIn('student@demo.kib');
    const answer = { answer: RIGHT, numeral, total_time: 1 };
    expect((await c.post('/api/proof/', answer)).body).toMatchObject({ correct_ans: true });
    const [{ data }] = (await sql<{ data: unknown }>(`SELECT data FROM numerals WHERE id = :numeral`, {
      numeral,
    })) as [{ data: unknown }];
    try {
      // The line y = 2x - 1 moved up by one: the points (0, -1) and (2, 3) are now wrong.
      expect(data).toMatchObject({ b: '-1' });
      const moved = { ...(data as object), b: '0' };
      await server.db.sequelize.query(`UPDATE numerals SET data = CAST(:data AS jsonb) WHERE id = :numeral`, {
        replacements: { data: JSON.stringify(moved), numeral },
      });
      expect((await c.post('/api/proof/', answer)).body).toMatchObject({ correct_ans: false });
    } finally {
      await server.db.sequelize.query(`UPDATE numerals SET data = CAST(:data AS jsonb) WHERE id = :numeral`, {
        replacements: { data: JSON.stringify(data), numeral },
      });
    }
    expect((await c.post('/api/proof/', answer)).body).toMatchObject({ correct_ans: true });
  });
});
