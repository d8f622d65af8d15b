import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../http/rate-limit';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let client: TestClient;

async function firstNumeral(where: string): Promise<number> {
  const [row] = await server.db.sequelize.query<{ id: number }>(
    `SELECT n.id FROM numerals n JOIN problems p ON p.id = n.problem_id
       JOIN topics t ON t.id = p.topic_id
      WHERE ${where} ORDER BY p.id, n.number, n.id LIMIT 1`,
    { type: QueryTypes.SELECT },
  );
  if (!row) throw new Error(`no numeral where ${where}`);
  return row.id;
}

async function statCount(): Promise<number> {
  const [row] = await server.db.sequelize.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM stats)::int + (SELECT count(*) FROM attempts)::int AS n`,
    { type: QueryTypes.SELECT },
  );
  return row!.n;
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  client = new TestClient(server.url, { 'accept-language': 'en' });
}, 120_000);
afterAll(() => server?.close());

describe('demo mode (no account)', () => {
  it('lists only the demo courses with demo=true', async () => {
    const all = await client.get<{ courses: { name: string }[] }>('/api/courses/?language=en');
    const demo = await client.get<{ courses: { name: string }[]; courses_topics: { course: number }[] }>(
      '/api/courses/?language=en&demo=true',
    );
    expect(all.body.courses.length).toBeGreaterThan(1);
    expect(demo.body.courses.map((c) => c.name)).toEqual(['Algebra']);
    expect(new Set(demo.body.courses_topics.map((l) => l.course)).size).toBe(1);
  });

  it('checks a demo problem without a token and records nothing', async () => {
    const numeral = await firstNumeral(
      `p.publish_problem AND t.id IN (SELECT ct.topic_id FROM course_topics ct JOIN courses c ON c.id = ct.course_id WHERE c.in_demo) AND n.math_type = 'simplify'`,
    );
    const before = await statCount();
    const wrong = await client.post('/api/demo/proof/', {
      answer: [{ math: 'x-1' }],
      numeral,
      current_step: null,
      total_time: 5,
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ correct_ans: false, recorded: false, stat: { numeral_id: numeral } });
    const hints = await client.post('/api/demo/hints/', { answer: [{ math: 'x-1' }], numeral, shown: 0 });
    expect(hints.status).toBe(200);
    expect(Array.isArray(hints.body.hints)).toBe(true);
    expect(await statCount()).toBe(before);
  });

  it('answers 404 for a problem outside the demo courses and for an unpublished one', async () => {
    const outside = await firstNumeral(
      `p.publish_problem AND t.id NOT IN (SELECT ct.topic_id FROM course_topics ct JOIN courses c ON c.id = ct.course_id WHERE c.in_demo)`,
    );
    const draft = await firstNumeral(`NOT p.publish_problem`);
    for (const numeral of [outside, draft]) {
      const res = await client.post('/api/demo/proof/', { answer: [{ math: 'x' }], numeral, total_time: 1 });
      expect(res.status).toBe(404);
      const hints = await client.post('/api/demo/hints/', { answer: [{ math: 'x' }], numeral, shown: 0 });
      expect(hints.status).toBe(404);
    }
  });

  it('bounds the checks per address', async () => {
    const numeral = await firstNumeral(
      `p.publish_problem AND t.id IN (SELECT ct.topic_id FROM course_topics ct JOIN courses c ON c.id = ct.course_id WHERE c.in_demo)`,
    );
    expect(
      (await client.post('/api/demo/proof/', { answer: [{ math: 'x' }], numeral, total_time: 1 })).status,
    ).toBe(200);
    // This address has spent its allowance (the counter the first checks created, set to the limit).
    const [, updated] = await server.db.sequelize.query(
      `UPDATE rate_limits SET points = :points WHERE key LIKE :prefix`,
      { replacements: { points: LIMITS.demoPerAddress.points, prefix: `${LIMITS.demoPerAddress.name}:%` } },
    );
    expect(updated).toBeTruthy();
    const res = await client.post('/api/demo/proof/', { answer: [{ math: 'x' }], numeral, total_time: 1 });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });
});
