import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityRepository } from '../../activities/activity.repository';
import { DEV_SEED } from '../../seed/dev-seed';
import { insertUser } from '../../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../../testing/test-server';
import { ResultsRepository } from './results.repository';
import { ResultsService } from './results.service';
import { weeklyWindow, type WeeklyWindow } from './results.rules';

/*
 * A hand-built classroom whose numbers are worked out below.
 *
 * Classroom C1 of the teacher: students S2 (Castro), S1 (Mora), S3 (Ruiz); S4 is in C2 only.
 * Module M1, whole class: P1 (numeration '2': n1a, n1b), P2 ('1': n2a), P3 unpublished (n3a),
 *   P4 ('A': n4a) → 4 numerals counted, 3 students → 12 slots. S2 has their own deadline.
 * Module M2, individual: S1 (and S4, who is not in C1, so not counted): P2 (n2a) and P5 ('1': n5a,
 *   n5b, n5c) → 4 numerals, 1 student → 4 slots. n2a is in both modules.
 * Module M3 is assigned to C2 only (n9). Module M4 is another teacher's.
 * Stats: S1 n1a ✓ 30 s, n1b ✗ 20 s, n2a ✓ 10 s, n5a ✓ 40 s, n3a ✓ 100 s (unpublished), n9 ✓ 500 s
 *   (another classroom's); S2 n4a ✗ 15 s; S4 n1a ✓ 60 s.
 * Slots 16: completed 4 (S1: n1a, n2a in M1; n2a, n5a in M2), attempted 2 (S1 n1b, S2 n4a) →
 *   25 / 13 / 62 %. Time: S1 100 s (n2a once), S2 15 s, S3 0 → 115 s ÷ 3 students = 38 s.
 */

let server: TestServer;
const ids: Record<string, number> = {};
const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const at = (days: number) => new Date(now + days * DAY);
/** The chart window the server computes at request time (the test runs well within one week). */
let window: WeeklyWindow;

async function select<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

async function insertId(sql: string, replacements: Record<string, unknown> = {}): Promise<number> {
  const [row] = await select<{ id: number }>(`${sql} RETURNING id`, replacements);
  return row!.id;
}

function loginAs(email: string): Promise<TestClient> {
  return new TestClient(server.url).logIn(email);
}

async function user(key: string, groups: string[], firstName: string, lastName: string): Promise<void> {
  ids[key] = await insertUser(server.db.sequelize, { email: `${key}@results.test`, groups, firstName });
  await server.db.sequelize.query(`UPDATE users SET last_name = :lastName WHERE id = :id`, {
    replacements: { lastName, id: ids[key] },
  });
}

async function joinSchool(teacher: number): Promise<void> {
  await server.db.sequelize.query(
    `INSERT INTO institution_teachers (institution_id, user_id)
     SELECT id, :teacher FROM institutions WHERE name = :school`,
    { replacements: { teacher, school: DEV_SEED.institutionName } },
  );
}

async function problem(title: string, published: boolean, numerals: string[]): Promise<number> {
  const id = await insertId(
    `INSERT INTO problems (title, author_id, publish_problem)
     SELECT :title, id, :published FROM users WHERE email = :creator`,
    { title, published, creator: DEV_SEED.users.creator.email },
  );
  ids[title] = id;
  for (const [number, key] of numerals.entries())
    ids[key] = await insertId(
      `INSERT INTO numerals (problem_id, number, math_type, question) VALUES (:id, :number, 'solve', :key)`,
      { id, number: number + 1, key },
    );
  return id;
}

async function module(key: string, teacher: string, problems: [string, string][]): Promise<void> {
  ids[key] = await insertId(`INSERT INTO modules (name, author_id) VALUES (:key, :teacher)`, {
    key: `Módulo ${key}`,
    teacher: ids[teacher],
  });
  for (const [problemKey, numeration] of problems)
    await server.db.sequelize.query(
      `INSERT INTO module_problems (module_id, problem_id, numeration) VALUES (:m, :p, :numeration)`,
      { replacements: { m: ids[key], p: ids[problemKey], numeration } },
    );
}

async function assign(
  moduleKey: string,
  classroomKey: string,
  opts: { individual?: string[]; publishDate?: Date | null; deadline?: Date | null } = {},
): Promise<void> {
  await server.db.sequelize.query(
    `INSERT INTO module_classrooms (module_id, classroom_id, individual_students, publish_date, deadline)
     VALUES (:m, :c, :individual, :publishDate, :deadline)`,
    {
      replacements: {
        m: ids[moduleKey],
        c: ids[classroomKey],
        individual: opts.individual !== undefined,
        publishDate: opts.publishDate ?? null,
        deadline: opts.deadline ?? null,
      },
    },
  );
  for (const student of opts.individual ?? [])
    await server.db.sequelize.query(
      `INSERT INTO module_students (module_id, classroom_id, student_id) VALUES (:m, :c, :s)`,
      { replacements: { m: ids[moduleKey], c: ids[classroomKey], s: ids[student] } },
    );
}

async function stat(student: string, numeral: string, completed: boolean, seconds: number, last: Date) {
  await server.db.sequelize.query(
    `INSERT INTO stats (user_id, numeral_id, completed, answer_time, attempts, last_attempt_date)
     VALUES (:s, :n, :completed, :seconds, :attempts, :last)`,
    {
      replacements: {
        s: ids[student],
        n: ids[numeral],
        completed,
        seconds,
        attempts: completed ? 1 : 2,
        last,
      },
    },
  );
}

async function attempt(student: string, numeral: string, createdAt: Date, deadlinePassed = false) {
  await server.db.sequelize.query(
    `INSERT INTO attempts (user_id, numeral_id, correct, answer, created_at, deadline_passed)
     VALUES (:s, :n, false, '{}', :createdAt, :deadlinePassed)`,
    { replacements: { s: ids[student], n: ids[numeral], createdAt, deadlinePassed } },
  );
}

/** A second after the start of the chart's week `i` (0 = oldest). */
const inWeek = (i: number, seconds = 1) => new Date(window.starts[i]!.getTime() + seconds * 1000);

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  window = weeklyWindow(new Date());

  await user('teacher', ['Teachers'], 'Laura', 'Profe');
  await user('other', ['Teachers'], 'Otro', 'Profe');
  await user('unpaid', ['Teachers'], 'Sin', 'Plan');
  await joinSchool(ids.teacher!);
  await joinSchool(ids.other!);
  await user('s1', ['Students'], 'Ana', 'Mora');
  await user('s2', ['Students'], 'Bruno', 'Castro');
  await user('s3', ['Students'], 'Carla', 'Ruiz');
  await user('s4', ['Students'], 'Dario', 'Lejos');

  const classroom = (key: string, name: string, teacher: string) =>
    insertId(
      `INSERT INTO classrooms (name, description, code, author_id) VALUES (:name, 'Jornada mañana', :code, :t)`,
      { name, code: key.toUpperCase().padEnd(6, 'X'), t: ids[teacher] },
    ).then((id) => void (ids[key] = id));
  await classroom('c1', 'Grado 7B', 'teacher');
  await classroom('c2', 'Grado 8A', 'teacher');
  await classroom('c3', 'Grado 9 vacío', 'teacher');
  await classroom('oc', 'Del otro', 'other');
  for (const [c, s, joined] of [
    ['c1', 's1', at(-30)],
    ['c1', 's2', at(-20)],
    ['c1', 's3', at(-10)],
    ['c2', 's4', at(-30)],
    ['oc', 's1', at(-5)],
  ] as const)
    await server.db.sequelize.query(
      `INSERT INTO classroom_students (classroom_id, user_id, joined_at) VALUES (:c, :s, :joined)`,
      { replacements: { c: ids[c], s: ids[s], joined } },
    );

  await problem('P1', true, ['n1a', 'n1b']);
  await problem('P2', true, ['n2a']);
  await problem('P3', false, ['n3a']);
  await problem('P4', true, ['n4a']);
  await problem('P5', true, ['n5a', 'n5b', 'n5c']);
  await problem('P9', true, ['n9']);
  await module('M1', 'teacher', [
    ['P1', '2'],
    ['P2', '1'],
    ['P3', '3'],
    ['P4', 'A'],
  ]);
  await module('M2', 'teacher', [
    ['P2', '2'],
    ['P5', '1'],
  ]);
  await module('M3', 'teacher', [['P9', '1']]);
  await module('M4', 'other', [['P1', '1']]);
  await assign('M1', 'c1', { publishDate: at(-7), deadline: at(7) });
  await assign('M2', 'c1', { individual: ['s1', 's4'] });
  await assign('M3', 'c2');
  await assign('M4', 'oc');
  await server.db.sequelize.query(
    `INSERT INTO student_modules (classroom_id, module_id, student_id, deadline) VALUES (:c, :m, :s, :d)`,
    { replacements: { c: ids.c1, m: ids.M1, s: ids.s2, d: at(20) } },
  );

  await stat('s1', 'n1a', true, 30, at(-3));
  await stat('s1', 'n1b', false, 20, at(-2));
  await stat('s1', 'n2a', true, 10, at(-10));
  await stat('s1', 'n5a', true, 40, at(-1));
  await stat('s1', 'n3a', true, 100, at(-1));
  await stat('s1', 'n9', true, 500, at(0));
  await stat('s2', 'n4a', false, 15, at(-4));
  await stat('s4', 'n1a', true, 60, at(-1));

  // The chart: week 7 (current) 3 answers by S1 and S2; week 4 and week 0 (its first second) one by
  // S1; week 2 one by S2 on M2, which is not theirs (the class chart counts it, their own does not).
  await attempt('s1', 'n1a', inWeek(7));
  await attempt('s1', 'n1b', inWeek(7, 2));
  await attempt('s2', 'n4a', inWeek(7, 3));
  await attempt('s1', 'n5a', inWeek(4));
  await attempt('s1', 'n1a', inWeek(0, 0));
  await attempt('s2', 'n5a', inWeek(2));
  // Not counted: the second before the window, another classroom's module, an unpublished problem,
  // a student of another classroom, an answer past the deadline.
  await attempt('s1', 'n1a', inWeek(0, -1));
  await attempt('s1', 'n9', inWeek(7));
  await attempt('s1', 'n3a', inWeek(7));
  await attempt('s4', 'n1a', inWeek(7));
  await attempt('s1', 'n1a', inWeek(7), true);
}, 120_000);
afterAll(() => server?.close());

/** The chart the server should answer: 8 weeks of the window, with the given counts by index. */
function chart(counts: Record<number, [number, number]>) {
  return window.starts.map((start, i) => ({
    week: expect.any(Number) as number,
    start: start.toISOString().slice(0, 10),
    attempts: counts[i]?.[0] ?? 0,
    active_students: counts[i]?.[1] ?? 0,
  }));
}

describe('GET classrooms/{id}/overview/', () => {
  it("answers the class's progress, weekly answers, assignments and students, as worked out by hand", async () => {
    const teacher = await loginAs('teacher@results.test');
    const res = await teacher.get(`/api/classrooms/${ids.c1}/overview/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      classroom: { id: ids.c1, name: 'Grado 7B', description: 'Jornada mañana', code: 'C1XXXX' },
      progress: { completed: 25, attempted: 13, not_attempted: 62, average_time: 38 },
      weekly: chart({ 0: [1, 1], 2: [1, 1], 4: [1, 1], 7: [3, 2] }),
      assignments: [
        {
          module_id: ids.M2,
          name: 'Módulo M2',
          publish_date: null,
          deadline: null,
          individual_students: true,
          num_problems: 2,
          student_count: 1,
          progress: 50,
        },
        {
          module_id: ids.M1,
          name: 'Módulo M1',
          publish_date: at(-7).toISOString(),
          deadline: at(7).toISOString(),
          individual_students: false,
          num_problems: 3,
          student_count: 3,
          progress: 17,
        },
      ],
      students: [
        {
          id: ids.s2,
          first_name: 'Bruno',
          last_name: 'Castro',
          email: 's2@results.test',
          progress: 0,
          total_time: 15,
          last_attempt: at(-4).toISOString(),
        },
        {
          id: ids.s1,
          first_name: 'Ana',
          last_name: 'Mora',
          email: 's1@results.test',
          progress: 50,
          total_time: 100,
          last_attempt: at(-1).toISOString(),
        },
        {
          id: ids.s3,
          first_name: 'Carla',
          last_name: 'Ruiz',
          email: 's3@results.test',
          progress: 0,
          total_time: 0,
          last_attempt: null,
        },
      ],
    });
    const weeks = (res.body.weekly as { week: number }[]).map((w) => w.week);
    expect(weeks.every((w) => w >= 1 && w <= 52)).toBe(true);
  });

  it('answers an empty classroom with no assignments, no students and an empty chart', async () => {
    const teacher = await loginAs('teacher@results.test');
    const res = await teacher.get(`/api/classrooms/${ids.c3}/overview/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      classroom: { id: ids.c3, name: 'Grado 9 vacío', description: 'Jornada mañana', code: 'C3XXXX' },
      progress: { completed: 0, attempted: 0, not_attempted: 100, average_time: 0 },
      weekly: chart({}),
      assignments: [],
      students: [],
    });
  });
});

describe('GET classrooms/{id}/assignments/{moduleId}/', () => {
  it('answers the assignment, its published problems in numeration order and each student with their stats', async () => {
    const teacher = await loginAs('teacher@results.test');
    const res = await teacher.get(`/api/classrooms/${ids.c1}/assignments/${ids.M1}/`);
    expect(res.status).toBe(200);
    const stat = (n: string, completed: boolean, seconds: number, last: Date) => ({
      numeral_id: ids[n],
      completed,
      attempts: completed ? 1 : 2,
      answer_time: seconds,
      last_attempt_date: last.toISOString(),
    });
    expect(res.body).toEqual({
      assignment: {
        id: ids.M1,
        name: 'Módulo M1',
        description: '',
        publish_date: at(-7).toISOString(),
        deadline: at(7).toISOString(),
        classroom_id: ids.c1,
        classroom_name: 'Grado 7B',
      },
      problems: [
        { id: ids.P2, title: 'P2', numeration: '1', numerals: [{ id: ids.n2a, number: 1 }] },
        {
          id: ids.P1,
          title: 'P1',
          numeration: '2',
          numerals: [
            { id: ids.n1a, number: 1 },
            { id: ids.n1b, number: 2 },
          ],
        },
        { id: ids.P4, title: 'P4', numeration: 'A', numerals: [{ id: ids.n4a, number: 1 }] },
      ],
      students: [
        {
          id: ids.s2,
          first_name: 'Bruno',
          last_name: 'Castro',
          student_code: 's2@results.test',
          deadline: at(20).toISOString(),
          stats: [stat('n4a', false, 15, at(-4))],
        },
        {
          id: ids.s1,
          first_name: 'Ana',
          last_name: 'Mora',
          student_code: 's1@results.test',
          deadline: null,
          stats: [
            stat('n1a', true, 30, at(-3)),
            stat('n1b', false, 20, at(-2)),
            stat('n2a', true, 10, at(-10)),
          ],
        },
        {
          id: ids.s3,
          first_name: 'Carla',
          last_name: 'Ruiz',
          student_code: 's3@results.test',
          deadline: null,
          stats: [],
        },
      ],
    });
  });

  it('lists only the chosen students of an individual assignment who are still in the classroom', async () => {
    const teacher = await loginAs('teacher@results.test');
    const res = await teacher.get<{ students: { id: number; stats: { numeral_id: number }[] }[] }>(
      `/api/classrooms/${ids.c1}/assignments/${ids.M2}/`,
    );
    expect(res.status).toBe(200);
    expect(res.body.students.map((s) => s.id)).toEqual([ids.s1]);
    expect(res.body.students[0]!.stats.map((s) => s.numeral_id)).toEqual([ids.n2a, ids.n5a]);
  });

  it('answers 404 for a module not assigned to the classroom, or another teacher’s', async () => {
    const teacher = await loginAs('teacher@results.test');
    for (const m of [ids.M3, ids.M4, 999_999])
      expect((await teacher.get(`/api/classrooms/${ids.c1}/assignments/${m}/`)).status).toBe(404);
    expect((await teacher.get(`/api/classrooms/${ids.c2}/assignments/${ids.M3}/`)).status).toBe(200);
  });
});

describe('GET classrooms/{id}/students/{studentId}/', () => {
  it("answers the student's progress, weekly answers and each assignment per problem and numeral", async () => {
    const teacher = await loginAs('teacher@results.test');
    const res = await teacher.get(`/api/classrooms/${ids.c1}/students/${ids.s1}/`);
    expect(res.status).toBe(200);
    const numeral = (n: string, number: number, stat?: [boolean, number, Date]) => ({
      id: ids[n],
      number,
      completed: stat?.[0] ?? false,
      attempts: stat ? (stat[0] ? 1 : 2) : 0,
      answer_time: stat?.[1] ?? 0,
      last_attempt_date: stat?.[2].toISOString() ?? null,
      photos: [],
    });
    expect(res.body).toEqual({
      classroom: { id: ids.c1, name: 'Grado 7B' },
      student: {
        id: ids.s1,
        first_name: 'Ana',
        last_name: 'Mora',
        email: 's1@results.test',
        joined_at: at(-30).toISOString(),
      },
      progress: { completed: 50, attempted: 13, not_attempted: 37, average_time: 100 },
      total_time: 100,
      last_attempt: at(-1).toISOString(),
      weekly: chart({ 0: [1, 1], 4: [1, 1], 7: [2, 1] }),
      assignments: [
        {
          module_id: ids.M2,
          name: 'Módulo M2',
          publish_date: null,
          deadline: null,
          progress: 50,
          total_time: 50,
          last_attempt: at(-1).toISOString(),
          problems: [
            {
              id: ids.P5,
              title: 'P5',
              numeration: '1',
              numerals: [numeral('n5a', 1, [true, 40, at(-1)]), numeral('n5b', 2), numeral('n5c', 3)],
            },
            { id: ids.P2, title: 'P2', numeration: '2', numerals: [numeral('n2a', 1, [true, 10, at(-10)])] },
          ],
        },
        {
          module_id: ids.M1,
          name: 'Módulo M1',
          publish_date: at(-7).toISOString(),
          deadline: at(7).toISOString(),
          progress: 50,
          total_time: 60,
          last_attempt: at(-2).toISOString(),
          problems: [
            { id: ids.P2, title: 'P2', numeration: '1', numerals: [numeral('n2a', 1, [true, 10, at(-10)])] },
            {
              id: ids.P1,
              title: 'P1',
              numeration: '2',
              numerals: [numeral('n1a', 1, [true, 30, at(-3)]), numeral('n1b', 2, [false, 20, at(-2)])],
            },
            { id: ids.P4, title: 'P4', numeration: 'A', numerals: [numeral('n4a', 1)] },
          ],
        },
      ],
    });
  });

  it("gives a student their own deadline, and counts only their assignments' answers in their chart", async () => {
    const teacher = await loginAs('teacher@results.test');
    const res = await teacher.get<{
      assignments: { module_id: number; deadline: string }[];
      weekly: unknown[];
      progress: unknown;
    }>(`/api/classrooms/${ids.c1}/students/${ids.s2}/`);
    expect(res.status).toBe(200);
    expect(res.body.assignments.map((a) => [a.module_id, a.deadline])).toEqual([
      [ids.M1, at(20).toISOString()],
    ]);
    expect(res.body.weekly).toEqual(chart({ 7: [1, 1] }));
    expect(res.body.progress).toEqual({ completed: 0, attempted: 25, not_attempted: 75, average_time: 15 });
  });

  it("agrees with the overview's row of every student", async () => {
    const teacher = await loginAs('teacher@results.test');
    const overview = await teacher.get<{
      students: { id: number; progress: number; total_time: number; last_attempt: string | null }[];
    }>(`/api/classrooms/${ids.c1}/overview/`);
    for (const row of overview.body.students) {
      const detail = await teacher.get<{
        progress: { completed: number };
        total_time: number;
        last_attempt: string | null;
        assignments: { problems: { numerals: { completed: boolean }[] }[] }[];
      }>(`/api/classrooms/${ids.c1}/students/${row.id}/`);
      const slots = detail.body.assignments.flatMap((a) => a.problems.flatMap((p) => p.numerals));
      const completed = slots.filter((n) => n.completed).length;
      expect(Math.round((completed * 100) / slots.length)).toBe(row.progress);
      expect([detail.body.total_time, detail.body.last_attempt]).toEqual([row.total_time, row.last_attempt]);
    }
  });

  it("lists the photos the student sent from a phone under each numeral, oldest first, and no one else's", async () => {
    const key = 'pictures/0123456789abcdef0123456789abcdef.jpg';
    await server.db.sequelize.query(
      `INSERT INTO media_files (key, kind, content_type, size, checked) VALUES (:key, 'picture', 'image/jpeg', 10, true)`,
      { replacements: { key } },
    );
    const photo = async (
      student: string,
      status: string,
      at: Date,
      pictureKey: string | null,
      latex: string | null,
    ) =>
      server.db.sequelize.query(
        `INSERT INTO phone_photos (id, user_id, numeral_id, expires_at, status, picture_key, latex, received_at)
         VALUES (gen_random_uuid(), :student, :numeral, :at, :status, :pictureKey, :latex, :at)`,
        { replacements: { student: ids[student], numeral: ids.n1b, at, status, pictureKey, latex } },
      );
    await photo('s1', 'received', at(-1), null, 'x=2');
    await photo('s1', 'received', at(-2), key, null);
    await photo('s1', 'waiting', at(-1), null, null);
    await photo('s2', 'received', at(-1), key, 'y=1');
    try {
      const teacher = await loginAs('teacher@results.test');
      type Numeral = {
        id: number;
        photos: { picture_url: string | null; latex: string | null; received_at: string }[];
      };
      const numerals = async (s: string) =>
        (
          await teacher.get<{ assignments: { problems: { numerals: Numeral[] }[] }[] }>(
            `/api/classrooms/${ids.c1}/students/${ids[s]}/`,
          )
        ).body.assignments.flatMap((a) => a.problems.flatMap((p) => p.numerals));
      const own = (await numerals('s1')).find((n) => n.id === ids.n1b)!;
      expect(own.photos).toEqual([
        {
          picture_url: expect.stringMatching(new RegExp(`/${key}$`)),
          latex: null,
          received_at: at(-2).toISOString(),
        },
        { picture_url: null, latex: 'x=2', received_at: at(-1).toISOString() },
      ]);
      expect((await numerals('s1')).filter((n) => n.id !== ids.n1b).every((n) => n.photos.length === 0)).toBe(
        true,
      );
      expect((await numerals('s2')).find((n) => n.id === ids.n1b)!.photos).toHaveLength(1);
    } finally {
      await server.db.sequelize.query(`DELETE FROM phone_photos`);
      await server.db.sequelize.query(`DELETE FROM media_files WHERE key = :key`, { replacements: { key } });
    }
  });

  it('answers 404 for a student who is not in the classroom', async () => {
    const teacher = await loginAs('teacher@results.test');
    for (const s of [ids.s4, ids.teacher, 999_999])
      expect((await teacher.get(`/api/classrooms/${ids.c1}/students/${s}/`)).status).toBe(404);
  });
});

describe('who may follow a classroom', () => {
  const paths = () => [
    `/api/classrooms/${ids.c1}/overview/`,
    `/api/classrooms/${ids.c1}/assignments/${ids.M1}/`,
    `/api/classrooms/${ids.c1}/students/${ids.s1}/`,
  ];

  it('answers 404 to another teacher, even for a classroom the student shares with theirs', async () => {
    const other = await loginAs('other@results.test');
    for (const path of paths()) expect((await other.get(path)).status, path).toBe(404);
    expect((await other.get(`/api/classrooms/${ids.oc}/students/${ids.s1}/`)).status).toBe(200);
  });

  it('answers 403 subscription-required to a teacher without a valid school plan', async () => {
    const unpaid = await loginAs('unpaid@results.test');
    for (const path of [...paths(), '/api/classrooms/999999/overview/']) {
      const res = await unpaid.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('subscription-required');
    }
  });

  it('refuses students (403) and anonymous callers (401)', async () => {
    const student = await loginAs('s1@results.test');
    const anonymous = new TestClient(server.url);
    for (const path of paths()) {
      expect((await student.get(path)).status, path).toBe(403);
      expect((await anonymous.get(path)).status, path).toBe(401);
    }
  });

  it('answers 404 for ids that cannot exist', async () => {
    const teacher = await loginAs('teacher@results.test');
    for (const path of [
      '/api/classrooms/abc/overview/',
      '/api/classrooms/0/overview/',
      `/api/classrooms/${ids.c1}/assignments/x/`,
      `/api/classrooms/${ids.c1}/students/-1/`,
    ])
      expect((await teacher.get(path)).status, path).toBe(404);
  });
});

describe('the weekly chart over a year end', () => {
  it('buckets answers by ISO week with its Monday, showing week 53 as 1', async () => {
    const service = new ResultsService({
      results: new ResultsRepository(server.db.sequelize),
      activities: new ActivityRepository(server.db.sequelize),
      teachers: { requireSubscription: async () => undefined },
      pictureUrl: (key) => `/media/${key}`,
      now: () => new Date('2027-01-06T10:00:00Z'),
    });
    await server.db.sequelize.query(`DELETE FROM attempts WHERE user_id = :s`, {
      replacements: { s: ids.s3 },
    });
    for (const createdAt of [
      '2026-12-28T00:00:00Z',
      '2027-01-03T23:59:59Z',
      '2027-01-04T08:00:00Z',
      '2026-11-15T23:59:59Z',
    ])
      await attempt('s3', 'n1a', new Date(createdAt));
    const detail = await service.studentDetail(ids.teacher!, ids.c1!, ids.s3!);
    expect(detail.weekly).toEqual([
      { week: 47, start: '2026-11-16', attempts: 0, activeStudents: 0 },
      { week: 48, start: '2026-11-23', attempts: 0, activeStudents: 0 },
      { week: 49, start: '2026-11-30', attempts: 0, activeStudents: 0 },
      { week: 50, start: '2026-12-07', attempts: 0, activeStudents: 0 },
      { week: 51, start: '2026-12-14', attempts: 0, activeStudents: 0 },
      { week: 52, start: '2026-12-21', attempts: 0, activeStudents: 0 },
      { week: 1, start: '2026-12-28', attempts: 2, activeStudents: 1 },
      { week: 1, start: '2027-01-04', attempts: 1, activeStudents: 1 },
    ]);
  });
});
