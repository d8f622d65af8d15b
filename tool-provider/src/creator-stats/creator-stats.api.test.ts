import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSave, problemDraft, saveForm, simplifyNumeral } from '../../testing/creation-drafts';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let creator: TestClient;
let secondCreator: TestClient;
let supervisor: TestClient;
let creatorId: number;
let secondCreatorId: number;
let studentId: number;
let student2Id: number;

const STATS = '/api/get_creator_stats/';
const WINDOW = { start: '2025-03-01', end: '2025-03-31' };

async function insert(sql: string, replacements: Record<string, unknown> = {}): Promise<number> {
  const [row] = await server.db.sequelize.query<{ id: number }>(`${sql} RETURNING id`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  return Number(row!.id);
}

const problem = (authorId: number, at: string, picture: string | null = null, video: string | null = null) =>
  insert(
    `INSERT INTO problems (title, author_id, picture, video_s3, created_at) VALUES (:title, :authorId, :picture, :video, :at)`,
    { title: `Problema ${at}`, authorId, picture, video, at },
  );
const numeral = (problemId: number, number: number, at: string, picture: string | null = null) =>
  insert(
    `INSERT INTO numerals (problem_id, number, math_type, picture, hint_picture, created_at)
     VALUES (:problemId, :number, 'simplify', :picture, :picture, :at)`,
    { problemId, number, picture, at },
  );
const step = (numeralId: number, at: string, video: string | null = null) =>
  insert(
    `INSERT INTO steps (numeral_id, number, math_type, video_s3, created_at) VALUES (:numeralId, 0, 'solve', :video, :at)`,
    { numeralId, video, at },
  );
const attempt = (userId: number, numeralId: number, correct: boolean, at: string, codes: string[] = []) =>
  insert(
    `INSERT INTO attempts (user_id, numeral_id, correct, answer, feedback_codes, created_at)
     VALUES (:userId, :numeralId, :correct, '[]'::jsonb, CAST(:codes AS text[]), :at)`,
    { userId, numeralId, correct, at, codes: `{${codes.join(',')}}` },
  );
const stat = (userId: number, numeralId: number, completed: boolean, at: string) =>
  insert(
    `INSERT INTO stats (user_id, numeral_id, completed, attempts, last_attempt_date) VALUES (:userId, :numeralId, :completed, 1, :at)`,
    { userId, numeralId, completed, at },
  );

const login = (email: string, lang = 'es') =>
  new TestClient(server.url, { 'accept-language': lang }).logIn(email);

let missedNumeral: number;
let missedProblem: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db.sequelize;
  creatorId = await insertUser(db, { email: 'autora@stats.test', groups: ['Creators'], firstName: 'Autora' });
  secondCreatorId = await insertUser(db, {
    email: 'otra@stats.test',
    groups: ['Creators'],
    firstName: 'Otra',
  });
  await insertUser(db, { email: 'revisora@stats.test', groups: ['Supervisors'] });
  await insertUser(db, { email: 'profe@stats.test', groups: ['Teachers'] });
  await insertUser(db, { email: 'rector@stats.test', groups: ['School Admin'] });
  studentId = await insertUser(db, { email: 'alumna@stats.test', groups: ['Students'] });
  student2Id = await insertUser(db, { email: 'alumno@stats.test', groups: ['Students'] });

  // In the window: two problems (one with a picture and a video), three numerals (two pictures each:
  // picture and hint picture on the first), one step with a video.
  const p1 = await problem(creatorId, '2025-03-02T10:00:00Z', 'p.png', 'v.mp4');
  const p2 = await problem(creatorId, '2025-03-20T10:00:00Z');
  const n1 = await numeral(p1, 0, '2025-03-02T10:00:00Z', 'n.png');
  const n2 = await numeral(p1, 1, '2025-03-03T10:00:00Z');
  const n3 = await numeral(p2, 0, '2025-03-20T10:00:00Z');
  await step(n2, '2025-03-03T11:00:00Z', 's.mp4');
  // Before the window: a problem and its numeral (not counted as authored, but its attempts count).
  const old = await problem(creatorId, '2025-01-10T10:00:00Z', 'old.png');
  const n0 = await numeral(old, 0, '2025-01-10T10:00:00Z');
  // The second creator's problem: never in the first creator's numbers.
  const other = await problem(secondCreatorId, '2025-03-05T10:00:00Z');
  const nx = await numeral(other, 0, '2025-03-05T10:00:00Z');

  await db.query(
    `INSERT INTO authoring_time (user_id, problem_id, seconds, created_at) VALUES
     (:creatorId, :p1, 600, '2025-03-02T10:00:00Z'), (:creatorId, :p2, 300, '2025-03-20T10:00:00Z'),
     (:creatorId, :p2, 999, '2025-04-02T10:00:00Z'), (:secondCreatorId, NULL, 50, '2025-03-05T10:00:00Z')`,
    { replacements: { creatorId, secondCreatorId, p1, p2 } },
  );

  // Attempts in the window: n2 is missed most (4 wrong), then n0 (2 wrong), n1 (1 wrong, 1 right).
  await attempt(studentId, n2, false, '2025-03-04T09:00:00Z', ['not-equivalent', 'sign-error']);
  await attempt(studentId, n2, false, '2025-03-04T09:01:00Z', ['not-equivalent']);
  await attempt(student2Id, n2, false, '2025-03-05T09:00:00Z', ['not-equivalent', 'lost-solution']);
  await attempt(student2Id, n2, false, '2025-03-05T09:02:00Z', ['sign-error']);
  await attempt(student2Id, n2, true, '2025-03-05T09:05:00Z');
  await attempt(studentId, n0, false, '2025-03-10T09:00:00Z', ['plot-try-again']);
  await attempt(studentId, n0, false, '2025-03-10T09:01:00Z');
  await attempt(studentId, n1, false, '2025-03-21T09:00:00Z', ['not-equivalent']);
  await attempt(studentId, n1, true, '2025-03-21T09:01:00Z');
  // Outside the window, or on another creator's numeral: not counted.
  await attempt(studentId, n3, false, '2025-04-01T00:00:00Z', ['not-equivalent']);
  await attempt(studentId, nx, false, '2025-03-05T09:00:00Z', ['not-equivalent']);

  await stat(studentId, n2, false, '2025-03-04T09:01:00Z');
  await stat(student2Id, n2, true, '2025-03-05T09:05:00Z');
  await stat(studentId, n0, false, '2025-03-10T09:01:00Z');
  await stat(studentId, n1, true, '2025-03-21T09:01:00Z');
  await stat(studentId, n3, false, '2025-04-01T00:00:00Z');
  await stat(studentId, nx, true, '2025-03-05T09:00:00Z');

  missedNumeral = n2;
  missedProblem = p1;
  creator = await login('autora@stats.test');
  secondCreator = await login('otra@stats.test');
  supervisor = await login('revisora@stats.test');
});
afterAll(() => server?.close());

describe('get_creators/', () => {
  it('lists every creator to a supervisor', async () => {
    const res = await supervisor.post<{ creators: { id: number; first_name: string }[] }>(
      '/api/get_creators/',
    );
    expect(res.status).toBe(200);
    expect(res.body.creators.map((c) => c.id)).toEqual([creatorId, secondCreatorId]);
    expect(res.body.creators[0]).toMatchObject({ first_name: 'Autora', last_name: 'Test' });
  });

  it('lists only themselves to a creator', async () => {
    const res = await secondCreator.post<{ creators: { id: number }[] }>('/api/get_creators/');
    expect(res.status).toBe(200);
    expect(res.body.creators.map((c) => c.id)).toEqual([secondCreatorId]);
  });

  it.each(['profe@stats.test', 'alumna@stats.test', 'rector@stats.test'])('refuses %s', async (email) => {
    expect((await (await login(email)).post('/api/get_creators/')).status).toBe(403);
  });

  it('refuses a visitor without a session', async () => {
    expect((await new TestClient(server.url).post('/api/get_creators/')).status).toBe(401);
  });
});

describe('get_creator_stats/', () => {
  it('counts what the creator authored in the window, and the editing time', async () => {
    const res = await creator.post(STATS, { creator_id: creatorId, ...WINDOW });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      problems: 2,
      numerals: 3,
      steps: 1,
      videos: 2,
      pictures: 3,
      total_time: 900,
      start: '2025-03-01',
      end: '2025-03-31',
      bucket: 'day',
      creator: { id: creatorId, first_name: 'Autora' },
    });
  });

  it('gives one period per day with what was created and attempted in it', async () => {
    const res = await creator.post<{
      periods: { start: string; problems: number; numerals: number; attempts: number }[];
    }>(STATS, { creator_id: creatorId, ...WINDOW });
    expect(res.body.periods).toHaveLength(31);
    expect(res.body.periods[1]).toEqual({
      start: '2025-03-02',
      problems: 1,
      numerals: 1,
      steps: 0,
      attempts: 0,
    });
    expect(res.body.periods[3]).toMatchObject({ start: '2025-03-04', attempts: 2 });
    const sum = (k: 'problems' | 'numerals' | 'attempts') => res.body.periods.reduce((s, p) => s + p[k], 0);
    expect([sum('problems'), sum('numerals'), sum('attempts')]).toEqual([2, 3, 9]);
  });

  it('groups a longer window by week and by month', async () => {
    const weeks = await creator.post<{ bucket: string; periods: { start: string }[] }>(STATS, {
      creator_id: creatorId,
      start: '2025-03-01',
      end: '2025-04-30',
    });
    expect(weeks.body.bucket).toBe('week');
    // 2025-03-01 is a Saturday: its week started on Monday 24 February, shown from the window's start.
    expect(weeks.body.periods.slice(0, 2).map((p) => p.start)).toEqual(['2025-03-01', '2025-03-03']);
    const months = await creator.post<{ bucket: string; periods: { start: string; problems: number }[] }>(
      STATS,
      {
        creator_id: creatorId,
        start: '2025-01-01',
        end: '2025-12-31',
      },
    );
    expect(months.body.bucket).toBe('month');
    expect(months.body.periods).toHaveLength(12);
    expect(months.body.periods.map((p) => p.problems).slice(0, 3)).toEqual([1, 0, 2]);
  });

  it('tells what students did with the creator’s problems, most-missed numeral first with its commonest codes', async () => {
    const res = await creator.post<{ outcomes: Record<string, unknown> }>(STATS, {
      creator_id: creatorId,
      ...WINDOW,
    });
    expect(res.body.outcomes).toEqual({
      attempts: 9,
      students: 2,
      numerals_worked: 4,
      numerals_completed: 2,
      completion_rate: 50,
      most_missed: [
        {
          numeral_id: missedNumeral,
          problem_id: missedProblem,
          problem_title: 'Problema 2025-03-02T10:00:00Z',
          numeral_number: 2,
          attempts: 5,
          wrong: 4,
          feedback_codes: [
            { code: 'not-equivalent', count: 3 },
            { code: 'sign-error', count: 2 },
            { code: 'lost-solution', count: 1 },
          ],
        },
        expect.objectContaining({
          wrong: 2,
          attempts: 2,
          feedback_codes: [{ code: 'plot-try-again', count: 1 }],
        }),
        expect.objectContaining({ wrong: 1, attempts: 2, numeral_number: 1 }),
      ],
    });
  });

  it('adds the editing time a save of the creation tool reports, and refuses a time out of bounds', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const window = { creator_id: secondCreatorId, start: today, end: today };
    const before = await secondCreator.post<{ total_time: number }>(STATS, window);
    const draft = problemDraft(
      { topicId: null, subtopicId: null },
      { publishProblem: false, numerals: [simplifyNumeral()] },
    );
    const form = saveForm(draft);
    form.append('editing_seconds', '125');
    expect((await postSave(secondCreator, form)).status).toBe(200);
    const after = await secondCreator.post<{ total_time: number; problems: number }>(STATS, window);
    expect(after.body.total_time - before.body.total_time).toBe(125);
    expect(after.body.problems).toBe(1);
    const tooLong = saveForm(draft);
    tooLong.append('editing_seconds', String(13 * 3600));
    const refused = await postSave(secondCreator, tooLong);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields ?? {})).toEqual(['editing_seconds']);
  });

  it('lets a supervisor read any creator’s statistics', async () => {
    const res = await supervisor.post(STATS, { creator_id: secondCreatorId, ...WINDOW });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ problems: 1, numerals: 1, total_time: 50 });
  });

  it('refuses a creator asking for another creator’s statistics', async () => {
    const res = await secondCreator.post(STATS, { creator_id: creatorId, ...WINDOW });
    expect(res.status).toBe(404);
  });

  it.each(['profe@stats.test', 'alumna@stats.test', 'rector@stats.test'])('refuses %s', async (email) => {
    const res = await (await login(email)).post(STATS, { creator_id: creatorId, ...WINDOW });
    expect(res.status).toBe(403);
  });

  it('answers 404 to a supervisor for an account that is not a creator', async () => {
    expect((await supervisor.post(STATS, { creator_id: studentId, ...WINDOW })).status).toBe(404);
  });

  it('uses the last 90 days without a window', async () => {
    const res = await creator.post<{ start: string; end: string; bucket: string }>(STATS, {
      creator_id: creatorId,
    });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.end).toBe(today);
    expect(Date.parse(res.body.end) - Date.parse(res.body.start)).toBe(89 * 86_400_000);
    expect(res.body.bucket).toBe('week');
  });

  it.each([
    [
      'an end before the start',
      { start: '2025-03-10', end: '2025-03-09' },
      'end',
      'The end date cannot be before the start date.',
    ],
    [
      'a window over 366 days',
      { start: '2024-01-01', end: '2025-01-01' },
      'end',
      'Choose a period of at most 366 days.',
    ],
    ['a date that is not one', { start: '2025-02-30', end: '2025-03-09' }, 'start', null],
  ])('refuses %s with a translated 400', async (_title, window, field, message) => {
    const client = await login('autora@stats.test', 'en');
    const res = await client.post<{ code: string; fields?: Record<string, string[]> }>(STATS, {
      creator_id: creatorId,
      ...window,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    expect(Object.keys(res.body.fields ?? {})).toEqual([field]);
    if (message) expect(res.body.fields?.[field]).toEqual([message]);
  });

  it('takes a start after today without an end as a window of that one day', async () => {
    const res = await creator.post(STATS, { creator_id: creatorId, start: '2999-01-01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ start: '2999-01-01', end: '2999-01-01', problems: 0 });
  });

  it('refuses a missing creator with a translated 400', async () => {
    const res = await creator.post<{ fields?: Record<string, string[]> }>(STATS, WINDOW);
    expect(res.status).toBe(400);
    expect(res.body.fields?.creator_id?.[0]).toMatch(/\S/);
  });
});
