import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

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
  server = await startTestServer({}, {}, { seeded: true });
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

describe("a demo account (spec 01 §6): the preset's course, topic and subtopic only, 404 for the rest", () => {
  let demo: TestClient;
  let student: TestClient;
  /** Ids by name of the seeded content the tests ask for. */
  const id = async (table: 'courses' | 'topics' | 'subtopics' | 'problems', column: string, name: string) =>
    (
      await one<{ id: number }>(`SELECT id FROM ${table} WHERE ${column} = :name ORDER BY id LIMIT 1`, {
        name,
      })
    ).id;

  beforeAll(async () => {
    demo = await new TestClient(server.url).logIn('demo@demo.kib');
    student = await new TestClient(server.url).logIn('student@demo.kib');
  });

  it('lists only the preset course and its one topic, with or without demo=true', async () => {
    const trigonometry = await id('courses', 'name', 'Trigonometry');
    const functions = await id('topics', 'name', 'Trigonometric functions');
    for (const path of ['/api/courses/?language=es', '/api/courses/?language=es&demo=true']) {
      const res = await demo.get<Courses>(path);
      expect(res.status).toBe(200);
      expect(res.body.courses.map((c) => c.name_spanish)).toEqual(['Trigonometría']);
      expect(res.body.courses_topics).toEqual([{ course: trigonometry, topic: functions }]);
    }
    const all = await student.get<Courses>('/api/courses/?language=es');
    expect(all.body.courses.map((c) => c.name_spanish)).toEqual(['Álgebra', 'Cálculo', 'Trigonometría']);
  });

  it("gives the preset course's preset topic only, and 404 for another course", async () => {
    const trigonometry = await id('courses', 'name', 'Trigonometry');
    const algebra = await id('courses', 'name', 'Algebra');
    const topics = await demo.get<Named[]>(`/api/courses/${trigonometry}/topics/`);
    expect(topics.status).toBe(200);
    expect(topics.body.map((t) => t.name)).toEqual(['Trigonometric functions']);
    expect((await demo.get(`/api/courses/${algebra}/topics/`)).status).toBe(404);
    expect((await demo.get('/api/courses/999999/topics/')).status).toBe(404);
    expect((await student.get<Named[]>(`/api/courses/${trigonometry}/topics/`)).body.length).toBe(4);
    expect((await student.get(`/api/courses/${algebra}/topics/`)).status).toBe(200);
  });

  it("gives the preset topic's preset subtopic only, and 404 for another topic", async () => {
    const functions = await id('topics', 'name', 'Trigonometric functions');
    const equations = await id('topics', 'name', 'Equations');
    const subtopics = await demo.get<Named[]>(`/api/get-subtopics/?topic_id=${functions}`);
    expect(subtopics.status).toBe(200);
    expect(subtopics.body.map((s) => s.name)).toEqual(['Graphs of periodic functions']);
    expect((await demo.get(`/api/get-subtopics/?topic_id=${equations}`)).status).toBe(404);
    expect((await student.get<Named[]>(`/api/get-subtopics/?topic_id=${functions}`)).body.length).toBe(4);
    expect((await student.get(`/api/get-subtopics/?topic_id=${equations}`)).status).toBe(200);
  });

  it("lists the preset subtopic's problems only, by topic or subtopic, and 404 for the others", async () => {
    const functions = await id('topics', 'name', 'Trigonometric functions');
    const equations = await id('topics', 'name', 'Equations');
    const graphs = await id('subtopics', 'name', 'Graphs of periodic functions');
    const identities = await id('subtopics', 'name', 'Trigonometric identities');
    const linear = await id('subtopics', 'name', 'Linear equations');
    const sine = await id('problems', 'title', 'Gráfica de la función seno');

    const byTopic = await demo.get<Problems>(`/api/problems/topic/${functions}/`);
    expect(byTopic.status).toBe(200);
    expect(byTopic.body.problems.map((p) => p.id)).toEqual([sine]);
    expect(byTopic.body.subtopics?.map((s) => s.id)).toEqual([graphs]);
    expect(byTopic.body.numerals.every((n) => n.problem_id === sine)).toBe(true);
    const bySubtopic = await demo.get<Problems>(`/api/problems/subtopic/${graphs}/`);
    expect(bySubtopic.status).toBe(200);
    expect(bySubtopic.body.problems.map((p) => p.id)).toEqual([sine]);

    expect((await demo.get(`/api/problems/topic/${equations}/`)).status).toBe(404);
    expect((await demo.get(`/api/problems/subtopic/${identities}/`)).status).toBe(404);
    expect((await demo.get(`/api/problems/subtopic/${linear}/`)).status).toBe(404);

    const studentTopic = await student.get<Problems>(`/api/problems/topic/${functions}/`);
    expect(studentTopic.body.problems.length).toBeGreaterThan(1);
    expect((await student.get<Problems>(`/api/problems/subtopic/${identities}/`)).body.problems).toHaveLength(
      1,
    );
    expect((await student.get(`/api/problems/topic/${equations}/`)).status).toBe(200);
  });

  it('opens a problem of the preset, and 404 for one of another subtopic or course', async () => {
    const sine = await id('problems', 'title', 'Gráfica de la función seno');
    const identities = await id('problems', 'title', 'Identidades trigonométricas');
    const linear = await id('problems', 'title', 'Ecuación lineal');
    const opened = await demo.get<{ id: number; title: string }>(`/api/problems/${sine}/`);
    expect(opened.status).toBe(200);
    expect(opened.body.title).toBe('Gráfica de la función seno');
    for (const other of [identities, linear]) {
      expect((await demo.get(`/api/problems/${other}/`)).status).toBe(404);
      expect((await student.get(`/api/problems/${other}/`)).status).toBe(200);
      // The same problem without an account: the public reading stays as it was.
      expect((await client.get(`/api/problems/${other}/`)).status).toBe(200);
    }
  });

  it('sees nothing at all while no preset is set, instead of everything', async () => {
    const saved = await one<Record<string, number | null>>(`SELECT * FROM demo_presets`);
    await server.db.sequelize.query(`DELETE FROM demo_presets`);
    try {
      const trigonometry = await id('courses', 'name', 'Trigonometry');
      const functions = await id('topics', 'name', 'Trigonometric functions');
      const sine = await id('problems', 'title', 'Gráfica de la función seno');
      expect((await demo.get<Courses>('/api/courses/')).body).toEqual({ courses: [], courses_topics: [] });
      expect((await demo.get(`/api/courses/${trigonometry}/topics/`)).status).toBe(404);
      expect((await demo.get(`/api/get-subtopics/?topic_id=${functions}`)).status).toBe(404);
      expect((await demo.get(`/api/problems/topic/${functions}/`)).status).toBe(404);
      expect((await demo.get(`/api/problems/${sine}/`)).status).toBe(404);
      expect((await student.get(`/api/problems/${sine}/`)).status).toBe(200);
    } finally {
      await server.db.sequelize.query(
        `INSERT INTO demo_presets (id, grade_id, course_id, topic_id, subtopic_id)
         VALUES (:id, :grade_id, :course_id, :topic_id, :subtopic_id)`,
        { replacements: saved },
      );
    }
  });
});
