import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initModels } from '../db/models';
import { seedDevelopment } from '../seed/dev-seed';
import { startTestServer, TestClient, type TestServer } from '../test/test-server';

let server: TestServer;
let client: TestClient;

interface Named {
  id: number;
  name: string;
  name_spanish: string;
  topic_id?: number;
}
interface Courses {
  courses: Named[];
  courses_topics: unknown[];
}
interface Problems {
  problems: { id: number }[];
  numerals: { problem_id: number }[];
  subtopics?: Named[];
}
interface Invalid {
  fields: Record<string, unknown>;
}

async function one<T extends object>(sql: string, replacements: Record<string, unknown> = {}): Promise<T> {
  const [row] = await server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDevelopment(server.db.sequelize, initModels(server.db.sequelize));
  client = new TestClient(server.url);
});
afterAll(() => server?.close());

describe('content for the student dashboard', () => {
  it('lists the courses with their topic links, in the order of the names the reader sees', async () => {
    const es = await client.get<Courses>('/api/courses/?language=es');
    expect(es.status).toBe(200);
    expect(es.body.courses.map((c) => c.name_spanish)).toEqual(['Álgebra', 'Cálculo', 'Trigonometría']);
    expect(es.body.courses_topics.length).toBeGreaterThan(10);
    const en = await client.get<Courses>('/api/courses/?language=en');
    expect(en.body.courses.map((c) => c.name)).toEqual(['Algebra', 'Calculus', 'Trigonometry']);
  });

  it('refuses a language it does not have, naming the field', async () => {
    const res = await client.get<Invalid>('/api/courses/?language=fr');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['language']);
  });

  it('lists the topics of a course, with both names; 404 for a course that does not exist', async () => {
    const algebra = await one<{ id: number }>(`SELECT id FROM courses WHERE name = 'Algebra'`);
    const res = await client.get<Named[]>(`/api/courses/${algebra.id}/topics/`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(7);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      name_spanish: expect.any(String),
    });
    expect((await client.get('/api/courses/999999/topics/')).status).toBe(404);
    expect((await client.get('/api/courses/abc/topics/')).status).toBe(404);
  });

  it('lists the subtopics of a topic; a missing topic_id is a 400 naming it', async () => {
    const topic = await one<{ id: number; n: number }>(
      `SELECT topic_id AS id, count(*)::int AS n FROM subtopics GROUP BY topic_id ORDER BY topic_id LIMIT 1`,
    );
    const res = await client.get<Named[]>(`/api/get-subtopics/?topic_id=${topic.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(topic.n);
    expect(res.body.every((s) => s.topic_id === topic.id)).toBe(true);
    const bad = await client.get<Invalid>('/api/get-subtopics/');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['topic_id']);
  });

  it('lists only published problems of a topic, with their numerals but nothing of the answers', async () => {
    const hidden = await one<{ topic_id: number; subtopic_id: number; id: number }>(
      `SELECT id, topic_id, subtopic_id FROM problems WHERE NOT publish_problem AND topic_id IS NOT NULL LIMIT 1`,
    );
    const byTopic = await client.get<Problems>(`/api/problems/topic/${hidden.topic_id}/`);
    expect(byTopic.status).toBe(200);
    const ids = byTopic.body.problems.map((p) => p.id);
    expect(ids).not.toContain(hidden.id);
    const published = await server.db.sequelize.query<{ id: number }>(
      `SELECT id FROM problems WHERE publish_problem AND topic_id = :topic`,
      { replacements: { topic: hidden.topic_id }, type: QueryTypes.SELECT },
    );
    expect([...ids].sort()).toEqual(published.map((p) => p.id).sort());
    expect(byTopic.body.subtopics?.length).toBeGreaterThan(0);
    const text = JSON.stringify(byTopic.body);
    expect(text).not.toMatch(/"target"|"correct"|"data"|author/);
    for (const n of byTopic.body.numerals) expect(ids).toContain(n.problem_id);

    const bySubtopic = await client.get<Problems>(`/api/problems/subtopic/${hidden.subtopic_id}/`);
    expect(bySubtopic.status).toBe(200);
    expect(bySubtopic.body.problems.map((p) => p.id)).not.toContain(hidden.id);
    expect(bySubtopic.body).not.toHaveProperty('subtopics');
  });

  it('answers an empty list for a topic without problems', async () => {
    const res = await client.get('/api/problems/topic/999999/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ problems: [], numerals: [], subtopics: [] });
  });
});
