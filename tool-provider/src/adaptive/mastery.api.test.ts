import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
const ids = { classroom: 0, student: 0, numeral: 0, otherClassroom: 0 };

interface Grid {
  classroom: { id: number; name: string };
  students: { id: number; first_name: string }[];
  skills: { id: number; name: string; grade: number | null }[];
  cells: { student_id: number; skill_id: number; level: string; estimate: number; uncertainty: number }[];
}

async function one<T extends object>(sql: string, replacements: Record<string, unknown> = {}): Promise<T> {
  const [row] = await server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

const as = (email: string, language: 'es' | 'en' = 'es') =>
  new TestClient(server.url, { 'accept-language': language }).logIn(email);

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  ids.classroom = (await one<{ id: number }>(`SELECT id FROM classrooms WHERE name = 'Grado 10A'`)).id;
  ids.student = (await one<{ id: number }>(`SELECT id FROM users WHERE email = 'student@demo.kib'`)).id;
  // The first typed-math numeral of the classroom's "Taller de álgebra" that trains a skill.
  ids.numeral = (
    await one<{ id: number }>(
      `SELECT n.id FROM numerals n
         JOIN module_problems mp ON mp.problem_id = n.problem_id
         JOIN modules m ON m.id = mp.module_id AND m.name = 'Taller de álgebra'
        WHERE EXISTS (SELECT 1 FROM problem_skills ps WHERE ps.problem_id = n.problem_id)
          AND n.math_type IN ('simplify', 'solve')
        ORDER BY mp.numeration, n.number LIMIT 1`,
    )
  ).id;
  // A second teacher of the same school (a valid plan), with a classroom of their own.
  const colleague = await insertUser(server.db.sequelize, {
    email: 'colega@mastery.test',
    groups: ['Teachers'],
  });
  await server.db.sequelize.query(
    `INSERT INTO institution_teachers (institution_id, user_id)
     SELECT institution_id, :colleague FROM institution_teachers
      WHERE user_id = (SELECT id FROM users WHERE email = 'teacher@demo.kib') LIMIT 1`,
    { replacements: { colleague } },
  );
  ids.otherClassroom = (
    await one<{ id: number }>(
      `INSERT INTO classrooms (name, code, author_id) VALUES ('Grado 9B', 'MSTR9B', :colleague) RETURNING id`,
      { colleague },
    )
  ).id;
}, 120_000);
afterAll(() => server?.close());

describe('GET /api/classrooms/{id}/mastery/', () => {
  it("gives the teacher their classroom's students × skills, a student's answer moving their cell", async () => {
    const teacher = await as('teacher@demo.kib');
    const before = await teacher.get<Grid>(`/api/classrooms/${ids.classroom}/mastery/`);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(before.body.classroom).toEqual({ id: ids.classroom, name: 'Grado 10A' });
    expect(before.body.students.map((s) => s.id)).toContain(ids.student);
    expect(before.body.skills.length).toBeGreaterThan(0);
    // In the curriculum's order.
    const grades = before.body.skills.map((s) => s.grade ?? 99);
    expect(grades).toEqual([...grades].sort((a, b) => a - b));

    // A wrong line (the seed's first numeral there is typed math) is evidence as much as a right one.
    const student = await as('student@demo.kib');
    const res = await student.post('/api/proof/', { numeral: ids.numeral, answer: [{ math: '97' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await teacher.get<Grid>(`/api/classrooms/${ids.classroom}/mastery/`);
    const mine = after.body.cells.filter((c) => c.student_id === ids.student);
    expect(mine.length).toBeGreaterThan(0);
    for (const cell of mine) {
      expect(after.body.skills.map((s) => s.id)).toContain(cell.skill_id);
      expect(['attempted', 'familiar', 'proficient', 'mastered']).toContain(cell.level);
      expect(cell.uncertainty).toBeLessThan(1);
    }
  });

  it("refuses another teacher's classroom as unknown, and gives that teacher their own", async () => {
    const colleague = await as('colega@mastery.test');
    expect((await colleague.get(`/api/classrooms/${ids.classroom}/mastery/`)).status).toBe(404);
    const own = await colleague.get<Grid>(`/api/classrooms/${ids.otherClassroom}/mastery/`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ students: [], skills: [], cells: [] });
  });

  it('refuses a student, a visitor, and an id that names nothing', async () => {
    const student = await as('student@demo.kib');
    expect((await student.get(`/api/classrooms/${ids.classroom}/mastery/`)).status).toBe(403);
    expect((await new TestClient(server.url).get(`/api/classrooms/${ids.classroom}/mastery/`)).status).toBe(
      401,
    );
    const teacher = await as('teacher@demo.kib');
    expect((await teacher.get('/api/classrooms/abc/mastery/')).status).toBe(404);
    expect((await teacher.get('/api/classrooms/999999/mastery/')).status).toBe(404);
  });

  it("names the skills in the reader's language", async () => {
    const es = await (await as('teacher@demo.kib')).get<Grid>(`/api/classrooms/${ids.classroom}/mastery/`);
    const en = await (
      await as('teacher@demo.kib', 'en')
    ).get<Grid>(`/api/classrooms/${ids.classroom}/mastery/`);
    expect(en.body.skills.map((s) => s.id)).toEqual(es.body.skills.map((s) => s.id));
    expect(en.body.skills.map((s) => s.name)).not.toEqual(es.body.skills.map((s) => s.name));
  });
});
