import fs from 'node:fs/promises';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let creator: TestClient;
let creatorEn: TestClient;
let otherCreator: TestClient;
let supervisor: TestClient;
let teacher: TestClient;
let student: TestClient;
let creatorId: number;
let otherCreatorId: number;
let supervisorId: number;

const login = (email: string, lang = 'es') =>
  new TestClient(server.url, { 'accept-language': lang }).logIn(email);

async function query<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

/** A published problem of `authorId` with one numeral (and a video when asked). */
async function problem(authorId: number, title = 'Fracciones', video = false): Promise<number> {
  const [row] = await query<{ id: number }>(
    `INSERT INTO problems (title, description, author_id, publish_problem, video_s3, created_at, updated_at)
     VALUES (:title, '', :authorId, true, :video, now(), now()) RETURNING id`,
    { title, authorId, video: video ? 'abcdefgh12.mp4' : null },
  );
  await server.db.sequelize.query(
    `INSERT INTO numerals (problem_id, number, math_type, question, created_at, updated_at)
     VALUES (:id, 0, 'simplify', '', now(), now())`,
    { replacements: { id: row!.id } },
  );
  return row!.id;
}

/** The mails in the outbox, as text. */
async function outbox(): Promise<string[]> {
  const files = await fs.readdir(server.outboxDir).catch(() => [] as string[]);
  return Promise.all(
    files
      .sort()
      .map(async (f) => (await fs.readFile(path.join(server.outboxDir, f), 'utf8')).replace(/=\r?\n/g, '')),
  );
}

const range = (state: 'current' | 'passed', creator = creatorId) => ({
  creator,
  state,
  start: new Date(Date.now() - 86_400_000).toISOString(),
  end: new Date(Date.now() + 86_400_000).toISOString(),
});

interface Answer {
  review: Record<string, unknown> & { problem_id: number; published: boolean };
  history: { field: string; old_value: string; new_value: string; user_id: number }[];
  may_request: boolean;
  may_review: boolean;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db.sequelize;
  creatorId = await insertUser(db, {
    email: 'autora@review.test',
    groups: ['Creators'],
    firstName: 'Autora',
  });
  await insertUser(db, {
    email: 'author@review.test',
    groups: ['Creators'],
    firstName: 'Author',
    language: 'en',
  });
  otherCreatorId = await insertUser(db, { email: 'otro@review.test', groups: ['Creators'] });
  supervisorId = await insertUser(db, {
    email: 'revisora@review.test',
    groups: ['Supervisors'],
    firstName: 'Sofía',
  });
  await insertUser(db, { email: 'profe@review.test', groups: ['Teachers'] });
  await insertUser(db, { email: 'alumna@review.test', groups: ['Students'] });
  creator = await login('autora@review.test');
  creatorEn = await login('author@review.test', 'en');
  otherCreator = await login('otro@review.test');
  supervisor = await login('revisora@review.test');
  teacher = await login('profe@review.test');
  student = await login('alumna@review.test');
});
afterAll(() => server?.close());

describe('the author sends a problem to review', () => {
  it('turns video-to-review off, unpublishes the problem and keeps each change in the history', async () => {
    const id = await problem(creatorId, 'Enviar', true);
    await server.db.sequelize.query(
      `INSERT INTO problem_reviews (problem_id, video_to_review, ready, problem_reviewed, created_at, updated_at)
       VALUES (:id, true, true, true, now(), now())`,
      { replacements: { id } },
    );
    const res = await creator.put<Answer>(`/api/creator/reviews/${id}/requests/`, {
      problem_to_review: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.review).toMatchObject({
      problem_to_review: true,
      video_to_review: false,
      problem_reviewed: false,
      ready: false,
      published: false,
    });
    expect(res.body.review.sent_at).toEqual(expect.any(String));
    expect(res.body.may_request).toBe(true);
    expect(res.body.may_review).toBe(false);
    const changes = res.body.history.map((h) => [h.field, h.old_value, h.new_value, h.user_id]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ['problemToReview', 'false', 'true', creatorId],
        ['videoToReview', 'true', 'false', creatorId],
        ['problemReviewed', 'true', 'false', creatorId],
        ['ready', 'true', 'false', creatorId],
        ['publishProblem', 'true', 'false', creatorId],
      ]),
    );
    expect(changes).toHaveLength(5);
  });

  it('refuses to send videos while the problem is in review (409), or is not ready (409), translated', async () => {
    const id = await problem(creatorId, 'Videos', true);
    await creator.put(`/api/creator/reviews/${id}/requests/`, { problem_to_review: true });
    const inReview = await creator.put(`/api/creator/reviews/${id}/requests/`, { video_to_review: true });
    expect(inReview.status).toBe(409);
    expect(inReview.body).toMatchObject({ code: 'review-problem-in-review' });
    expect(String(inReview.body.detail)).toMatch(/en revisión/);

    await supervisor.request('PATCH', `/api/creator/reviews/${id}/`, { problem_reviewed: true });
    const notReady = await creatorEn.put(`/api/creator/reviews/${id}/requests/`, { video_to_review: true });
    // creatorEn is not the author: a problem that is not theirs is not found.
    expect(notReady.status).toBe(404);
    const refused = await creator.put(
      `/api/creator/reviews/${id}/requests/`,
      { video_to_review: true },
      {
        'accept-language': 'en',
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'review-problem-not-ready',
      detail: 'Videos go to review once the problem is ready.',
      fields: { video_to_review: ['Videos go to review once the problem is ready.'] },
    });

    await supervisor.request('PATCH', `/api/creator/reviews/${id}/`, { ready: true });
    const sent = await creator.put<Answer>(`/api/creator/reviews/${id}/requests/`, { video_to_review: true });
    expect(sent.status).toBe(200);
    expect(sent.body.review).toMatchObject({ video_to_review: true, ready: true, problem_to_review: true });
    expect(sent.body.review.video_sent_at).toEqual(expect.any(String));
  });

  it('answers bad input with 400 naming the field, never a 500', async () => {
    const id = await problem(creatorId);
    for (const body of [{}, { problem_to_review: 'yes' }, { ready: true }, null]) {
      const res = await creator.put(`/api/creator/reviews/${id}/requests/`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await creator.put(`/api/creator/reviews/abc/requests/`, { problem_to_review: true })).status,
    ).toBe(404);
    expect(
      (await creator.put(`/api/creator/reviews/999999/requests/`, { problem_to_review: true })).status,
    ).toBe(404);
  });

  it('refuses the switches to another creator (404), a supervisor who is not the author (403), teachers and students (403)', async () => {
    const id = await problem(creatorId);
    const body = { problem_to_review: true };
    expect((await otherCreator.put(`/api/creator/reviews/${id}/requests/`, body)).status).toBe(404);
    expect((await supervisor.put(`/api/creator/reviews/${id}/requests/`, body)).status).toBe(403);
    expect((await teacher.put(`/api/creator/reviews/${id}/requests/`, body)).status).toBe(403);
    expect((await student.put(`/api/creator/reviews/${id}/requests/`, body)).status).toBe(403);
    const [row] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM problem_review_history WHERE problem_id = :id`,
      { id },
    );
    expect(row!.n).toBe(0);
  });
});

describe('the supervisor reviews', () => {
  it('marks a problem ready with feedback: reviewed too, supervisor and date recorded, history kept, author mailed in their language', async () => {
    const [enAuthor] = await query<{ id: number }>(`SELECT id FROM users WHERE email = 'author@review.test'`);
    const id = await problem(enAuthor!.id, 'Ratios');
    await creatorEn.put(`/api/creator/reviews/${id}/requests/`, { problem_to_review: true });
    const before = (await outbox()).length;
    const res = await supervisor.request<Answer>('PATCH', `/api/creator/reviews/${id}/`, {
      ready: true,
      corrected_math: true,
      problem_feedback: 'Revisa el signo del numeral 2.',
    });
    expect(res.status).toBe(200);
    expect(res.body.review).toMatchObject({
      ready: true,
      problem_reviewed: true,
      corrected_math: true,
      corrected_text: false,
      problem_feedback: 'Revisa el signo del numeral 2.',
      supervisor_id: supervisorId,
      supervisor_name: 'Sofía Test',
    });
    expect(res.body.may_review).toBe(true);
    expect(res.body.may_request).toBe(false);
    const mine = res.body.history.filter((h) => h.user_id === supervisorId).map((h) => h.field);
    expect(mine.sort()).toEqual(['correctedMath', 'problemFeedback', 'problemReviewed', 'ready']);

    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail).toContain('To: author@review.test');
    expect(mail).toContain('Subject: =?UTF-8?Q?Review_of_your_problem');
    expect(mail).toContain('reviewed your problem');
    expect(mail).toContain('Problem ready: Yes');
    expect(mail).toContain('Revisa el signo del numeral 2.');
    expect(mail).toContain(`/creator/reviews/${id}`);

    const again = await supervisor.request<Answer>('PATCH', `/api/creator/reviews/${id}/`, { ready: true });
    expect(again.status).toBe(200);
    expect(again.body.history).toHaveLength(res.body.history.length);
    expect((await outbox()).length).toBe(before + 1);
  });

  it('mails in Spanish to a Spanish-speaking author', async () => {
    const id = await problem(creatorId, 'Potencias');
    await supervisor.request('PATCH', `/api/creator/reviews/${id}/`, { video_feedback: 'Falta audio.' });
    const mail = (await outbox()).at(-1)!;
    expect(mail).toContain('To: autora@review.test');
    expect(mail).toContain('Comentarios sobre los videos: Falta audio.');
  });

  it('keeps the change when the mail cannot go out', async () => {
    const id = await problem(creatorId, 'Sin correo');
    const { mailer } = server.kib;
    const send = mailer.send;
    mailer.send = () => Promise.reject(new Error('smtp down'));
    try {
      const res = await supervisor.request<Answer>('PATCH', `/api/creator/reviews/${id}/`, { ready: true });
      expect(res.status).toBe(200);
      expect(res.body.review.ready).toBe(true);
      expect(res.body.history.map((h) => h.field)).toContain('ready');
    } finally {
      mailer.send = send;
    }
  });

  it('bounds feedback and refuses an empty change or unknown fields (400)', async () => {
    const id = await problem(creatorId);
    const long = await supervisor.request('PATCH', `/api/creator/reviews/${id}/`, {
      problem_feedback: 'x'.repeat(4001),
    });
    expect(long.status).toBe(400);
    expect(long.body.fields).toHaveProperty('problem_feedback');
    expect((await supervisor.request('PATCH', `/api/creator/reviews/${id}/`, {})).status).toBe(400);
    const nul = await supervisor.request('PATCH', `/api/creator/reviews/${id}/`, {
      video_feedback: 'a\u0000b',
    });
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toHaveProperty('video_feedback');
    expect(
      (await supervisor.request('PATCH', `/api/creator/reviews/${id}/`, { problem_to_review: true })).status,
    ).toBe(400);
    expect((await supervisor.request('PATCH', `/api/creator/reviews/${id}/`, { ready: 1 })).status).toBe(400);
  });

  it('refuses verdicts to creators (the author too), teachers and students (403)', async () => {
    const id = await problem(creatorId);
    for (const client of [creator, otherCreator, teacher, student])
      expect((await client.request('PATCH', `/api/creator/reviews/${id}/`, { ready: true })).status).toBe(
        403,
      );
    expect((await supervisor.request('PATCH', `/api/creator/reviews/999999/`, { ready: true })).status).toBe(
      404,
    );
  });
});

describe('reading reviews', () => {
  it('lets the author and supervisors read a review, and nobody else', async () => {
    const id = await problem(creatorId);
    expect((await creator.get(`/api/creator/reviews/${id}/`)).status).toBe(200);
    expect((await supervisor.get(`/api/creator/reviews/${id}/`)).status).toBe(200);
    expect((await otherCreator.get(`/api/creator/reviews/${id}/`)).status).toBe(404);
    expect((await teacher.get(`/api/creator/reviews/${id}/`)).status).toBe(403);
    expect((await student.get(`/api/creator/reviews/${id}/`)).status).toBe(403);
    expect((await new TestClient(server.url).get(`/api/creator/reviews/${id}/`)).status).toBe(401);
  });

  it('gives the supervisor the creators list with counts to review, reviewed and ready', async () => {
    const [fresh] = await query<{ id: number }>(`SELECT id FROM users WHERE email = 'otro@review.test'`);
    const a = await problem(fresh!.id, 'A');
    const b = await problem(fresh!.id, 'B');
    await problem(fresh!.id, 'C');
    await otherCreator.put(`/api/creator/reviews/${a}/requests/`, { problem_to_review: true });
    await otherCreator.put(`/api/creator/reviews/${b}/requests/`, { problem_to_review: true });
    await supervisor.request('PATCH', `/api/creator/reviews/${b}/`, { ready: true });
    const res = await supervisor.post<{ authors: Record<string, unknown>[]; user_type: string }>(
      '/api/get_creators_review_list/',
      {},
    );
    expect(res.status).toBe(200);
    expect(res.body.user_type).toBe('supervisor');
    expect(res.body.authors.find((x) => x.id === otherCreatorId)).toMatchObject({
      to_review: 1,
      reviewed: 1,
      ready: 1,
    });
    expect(res.body.authors.some((x) => x.id === supervisorId)).toBe(false);
    for (const client of [creator, teacher, student])
      expect((await client.post('/api/get_creators_review_list/', {})).status).toBe(403);
  });

  it('lists current reviews by when they were sent and passed ones by review date, for the range', async () => {
    const sent = await problem(creatorId, 'Actual');
    const done = await problem(creatorId, 'Pasado');
    await creator.put(`/api/creator/reviews/${sent}/requests/`, { problem_to_review: true });
    await creator.put(`/api/creator/reviews/${done}/requests/`, { problem_to_review: true });
    await supervisor.request('PATCH', `/api/creator/reviews/${done}/`, { problem_reviewed: true });

    type List = { problems: { problem_id: number }[] };
    const current = await supervisor.post<List>('/api/get_reviews_by_date/', range('current'));
    expect(current.status).toBe(200);
    const currentIds = current.body.problems.map((p) => p.problem_id);
    expect(currentIds).toContain(sent);
    expect(currentIds).not.toContain(done);
    const passed = await supervisor.post<List>('/api/get_reviews_by_date/', range('passed'));
    expect(passed.body.problems.map((p) => p.problem_id)).toContain(done);
    expect(passed.body.problems.map((p) => p.problem_id)).not.toContain(sent);

    const past = {
      ...range('current'),
      start: '2020-01-01T00:00:00.000Z',
      end: '2020-02-01T00:00:00.000Z',
    };
    expect((await supervisor.post<List>('/api/get_reviews_by_date/', past)).body.problems).toEqual([]);

    const own = await creator.post<List>('/api/get_reviews_by_date/', range('current'));
    expect(own.status).toBe(200);
    expect(own.body.problems.map((p) => p.problem_id)).toContain(sent);
  });

  it('refuses another creator’s list (403), teachers and students (403), and a reversed range (400)', async () => {
    expect((await otherCreator.post('/api/get_reviews_by_date/', range('current'))).status).toBe(403);
    expect((await teacher.post('/api/get_reviews_by_date/', range('current'))).status).toBe(403);
    expect((await student.post('/api/get_reviews_by_date/', range('current'))).status).toBe(403);
    const reversed = { ...range('current'), start: range('current').end, end: range('current').start };
    const res = await supervisor.post('/api/get_reviews_by_date/', reversed);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ end: ['La fecha final debe ser posterior a la inicial.'] });
    expect(
      (await supervisor.post('/api/get_reviews_by_date/', { ...range('current'), start: 'ayer' })).status,
    ).toBe(400);
  });
});
