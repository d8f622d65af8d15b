import { QueryTypes } from 'sequelize';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { pixelBombPng } from '../../testing/hostile-files';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import {
  choiceNumeral,
  png,
  postSave,
  problemDraft,
  saveForm,
  simplifyNumeral,
  solveStep,
  seedFile,
} from '../../testing/creation-drafts';

let server: TestServer;
let refs: { topicId: number; subtopicId: number; courseId: number };
let author: TestClient;
let other: TestClient;
let student: TestClient;
let supervisor: TestClient;
let editsAny: TestClient;
let authorId: number;
let studentId: number;

async function query<T extends object>(
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

const login = (email: string, lang = 'es') =>
  new TestClient(server.url, { 'accept-language': lang }).logIn(email);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db.sequelize;
  authorId = await insertUser(db, {
    email: 'autora@creator.test',
    groups: ['Creators'],
    firstName: 'Autora',
  });
  await insertUser(db, { email: 'otro@creator.test', groups: ['Creators'] });
  studentId = await insertUser(db, { email: 'alumna@creator.test', groups: ['Students'] });
  await insertUser(db, { email: 'revisora@creator.test', groups: ['Supervisors'] });
  const anyId = await insertUser(db, { email: 'todo@creator.test', groups: ['Creators'] });
  await db.query(`UPDATE users SET can_edit_any_problem = true WHERE id = :anyId`, {
    replacements: { anyId },
  });
  const [course] = await query<{ id: number }>(`INSERT INTO courses (name) VALUES ('Álgebra') RETURNING id`);
  const [topic] = await query<{ id: number }>(`INSERT INTO topics (name) VALUES ('Fracciones') RETURNING id`);
  await db.query(`INSERT INTO course_topics (course_id, topic_id) VALUES (:c, :t)`, {
    replacements: { c: course!.id, t: topic!.id },
  });
  const [subtopic] = await query<{ id: number }>(
    `INSERT INTO subtopics (topic_id, name) VALUES (:t, 'Simplificar') RETURNING id`,
    { t: topic!.id },
  );
  refs = { topicId: topic!.id, subtopicId: subtopic!.id, courseId: course!.id };
  author = await login('autora@creator.test');
  other = await login('otro@creator.test');
  student = await login('alumna@creator.test');
  supervisor = await login('revisora@creator.test');
  editsAny = await login('todo@creator.test');
});
afterAll(() => server?.close());

interface Saved {
  problem_id: number;
  published: boolean;
  problem: {
    id: number;
    title: string;
    numerals: {
      id: number;
      key: string;
      picture: string | null;
      steps: { id: number; key: string }[];
      choices: { id: number }[];
    }[];
    picture: string | null;
  };
  checks: { numeral: number; step: number | null; ok: boolean; reason: string | null }[];
  uploaded_pics: { type: string; id: string; name: string }[];
}

async function save(client: TestClient, state: unknown, files: Parameters<typeof saveForm>[1] = []) {
  return postSave(client, saveForm(state, files)) as Promise<{
    status: number;
    body: Saved & Record<string, unknown>;
  }>;
}

describe('send_create_problem_data/', () => {
  it('refuses anonymous callers (401) and students (403) before reading the upload', async () => {
    const anonymous = await postSave(new TestClient(server.url), saveForm(problemDraft(refs)));
    expect(anonymous.status).toBe(401);
    const asStudent = await postSave(student, saveForm(problemDraft(refs)));
    expect(asStudent.status).toBe(403);
    expect(await query(`SELECT id FROM problems`)).toEqual([]);
  });

  it('creates a problem with a picture, publishes it when its checks pass, and then edits only what changed', async () => {
    const draft = problemDraft(refs, {
      numerals: [
        simplifyNumeral({ steps: [solveStep(), solveStep()] as never }),
        choiceNumeral([false, true, true]),
      ],
    });
    const picture = await png();
    const created = await save(author, draft, [
      {
        field: 'picture_0',
        file: new Blob([picture]),
        name: 'parabola.png',
        formdata: { name: 'parabola.png', type: 'problem', id: '' },
      },
      {
        field: 'picture_1',
        file: new Blob([await png(4, 4)]),
        name: 'numeral.png',
        formdata: { name: 'numeral.png', type: 'numeral', id: draft.numerals[0]!.key },
      },
    ]);
    expect(created.status).toBe(200);
    const saved = created.body;
    expect(saved.published).toBe(true);
    expect(saved.checks.map((c) => [c.numeral, c.step, c.ok])).toEqual([
      [1, null, true],
      [1, 1, true],
      [1, 2, true],
      [2, null, true],
    ]);
    expect(saved.problem.picture).toMatch(/^[A-Za-z0-9_-]{22}\.png$/);
    expect(saved.problem.numerals[0]!.picture).toMatch(/\.png$/);
    expect(saved.uploaded_pics).toEqual([
      { type: 'problem', id: String(saved.problem_id), name: saved.problem.picture },
      { type: 'numeral', id: draft.numerals[0]!.key, name: saved.problem.numerals[0]!.picture },
    ]);
    expect(saved.problem.numerals.map((n) => n.key)).toEqual(draft.numerals.map((n) => n.key));
    expect(saved.problem.numerals[1]!.choices).toHaveLength(3);

    // The stored picture is re-encoded: served with safe headers, its metadata gone.
    const served = await fetch(`${server.url}/media/pictures/${saved.problem.picture}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('content-disposition')).toBe('inline');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(Buffer.from(picture).includes('secret location')).toBe(true);
    expect(bytes.includes('secret location')).toBe(false);

    // Edit: the title, the second step gone, the numerals swapped; ids kept.
    const before = await query<{ id: number; updated_at: Date }>(
      `SELECT id, updated_at FROM numerals WHERE problem_id = :id ORDER BY number`,
      { id: saved.problem_id },
    );
    const edited = structuredClone(saved.problem) as unknown as typeof draft;
    edited.title = 'Fracciones algebraicas II';
    edited.numerals[0]!.steps = edited.numerals[0]!.steps.slice(0, 1);
    edited.numerals.reverse();
    const again = await save(author, edited);
    expect(again.status).toBe(200);
    expect(again.body.problem_id).toBe(saved.problem_id);
    expect(again.body.problem.title).toBe('Fracciones algebraicas II');
    expect(again.body.problem.numerals.map((n) => n.id)).toEqual([before[1]!.id, before[0]!.id]);
    expect(again.body.problem.numerals[1]!.steps.map((s) => s.id)).toEqual([
      saved.problem.numerals[0]!.steps[0]!.id,
    ]);
    expect(again.body.problem.numerals[0]!.choices.map((c) => c.id)).toEqual(
      saved.problem.numerals[1]!.choices.map((c) => c.id),
    );
    expect(
      await query(`SELECT id FROM steps WHERE id = :id`, { id: saved.problem.numerals[0]!.steps[1]!.id }),
    ).toEqual([]);
    expect(again.body.problem.picture).toBe(saved.problem.picture);

    // Saving the same draft again changes no row.
    const stamps = await query<{ updated_at: Date }>(
      `SELECT updated_at FROM numerals WHERE problem_id = :id ORDER BY id`,
      {
        id: saved.problem_id,
      },
    );
    const same = await save(author, again.body.problem);
    expect(same.status).toBe(200);
    expect(
      await query<{ updated_at: Date }>(
        `SELECT updated_at FROM numerals WHERE problem_id = :id ORDER BY id`,
        {
          id: saved.problem_id,
        },
      ),
    ).toEqual(stamps);
  });

  it('refuses a title longer than its column with a 400 naming the field, and takes one that fits', async () => {
    const long = await save(author, problemDraft(refs, { title: 'ñ'.repeat(256) }));
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('title');
    const fits = await save(author, problemDraft(refs, { title: 'ñ'.repeat(255) }));
    expect(fits.status).toBe(200);
  });

  it('saves a problem whose own answer is wrong unpublished, naming the numeral and what is wrong for its author', async () => {
    const draft = problemDraft(refs, {
      title: 'Objetivo equivocado',
      numerals: [simplifyNumeral(), simplifyNumeral({}, 'x-1'), choiceNumeral([false, false])],
    });
    const res = await save(author, draft);
    expect(res.status).toBe(200);
    expect(res.body.published).toBe(false);
    const failing = res.body.checks.filter((c) => !c.ok);
    expect(failing.map((c) => [c.numeral, c.step])).toEqual([
      [2, null],
      [3, null],
    ]);
    expect(failing[0]!.reason).toBe('authoring.target-not-equivalent');
    expect(failing[1]!.reason).toBe('authoring.no-correct-choice');
    const [row] = await query<{ publish_problem: boolean }>(
      `SELECT publish_problem FROM problems WHERE id = :id`,
      {
        id: res.body.problem_id,
      },
    );
    expect(row!.publish_problem).toBe(false);
  });

  it('keeps each numeral’s and step’s question tests, and publishes only when every test passes', async () => {
    const tests = [
      { key: 'tstAAA1', answer: 'x+1', expect: 'accept', feedback: null },
      { key: 'tstBBB2', answer: '1+x', expect: 'reject', feedback: null },
    ] as const;
    const draft = problemDraft(refs, {
      title: 'Con pruebas',
      numerals: [simplifyNumeral({ answerTests: [...tests] })],
    });
    const refused = await save(author, draft);
    expect(refused.status).toBe(200);
    expect(refused.body.published).toBe(false);
    expect(refused.body.checks).toEqual([
      expect.objectContaining({ ok: false, reason: 'authoring.test-accepted', params: { answer: '1+x' } }),
    ]);
    const id = refused.body.problem_id;
    const opened = await author.get<{ problem: { numerals: { answer_tests: unknown[] }[] } }>(
      `/api/creator/problems/${id}/`,
    );
    expect(opened.body.problem.numerals[0]!.answer_tests).toEqual([
      { key: 'tstAAA1', answer: 'x+1', expect: 'accept', feedback: null },
      { key: 'tstBBB2', answer: '1+x', expect: 'reject', feedback: null },
    ]);

    // The author fixes the test: the next save publishes.
    const fixed = await save(author, {
      ...draft,
      id,
      numerals: [
        {
          ...draft.numerals[0]!,
          id: refused.body.problem.numerals[0]!.id,
          answerTests: [tests[0], { ...tests[1], answer: 'x-1' }],
        },
      ],
    });
    expect(fixed.body.published).toBe(true);
    expect(
      (
        await save(author, {
          ...draft,
          numerals: [simplifyNumeral({ answerTests: [{ key: 'x', answer: '', expect: 'maybe' }] as never })],
        })
      ).status,
    ).toBe(400);
  });

  it('refuses to remove a numeral or a step that has students’ results (409), saving nothing', async () => {
    const res = await save(
      author,
      problemDraft(refs, {
        numerals: [simplifyNumeral({ steps: [solveStep()] as never }), simplifyNumeral()],
      }),
    );
    const saved = res.body.problem;
    const [first, second] = saved.numerals;
    await server.db.sequelize.query(
      `INSERT INTO stats (user_id, numeral_id, completed) VALUES (:studentId, :numeralId, true)`,
      { replacements: { studentId, numeralId: second!.id } },
    );
    const withoutSecond = { ...structuredClone(saved), title: 'Cambiado', numerals: [saved.numerals[0]] };
    const refused = await save(author, withoutSecond);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'numeral-has-results' });
    expect(String(refused.body.detail)).toContain('2');
    await server.db.sequelize.query(
      `INSERT INTO attempts (user_id, numeral_id, step_id, correct, answer) VALUES (:studentId, :n, :s, false, '[]')`,
      { replacements: { studentId, n: first!.id, s: first!.steps[0]!.id } },
    );
    const withoutStep = structuredClone(saved);
    withoutStep.numerals[0]!.steps = [];
    const stepRefused = await save(author, withoutStep);
    expect(stepRefused.status).toBe(409);
    expect(stepRefused.body).toMatchObject({ code: 'step-has-results' });
    const [row] = await query<{ title: string }>(`SELECT title FROM problems WHERE id = :id`, {
      id: saved.id,
    });
    expect(row!.title).toBe(saved.title);
    expect(await query(`SELECT id FROM steps WHERE id = :id`, { id: first!.steps[0]!.id })).toHaveLength(1);
  });

  it('lets only its editors save a problem: another creator gets 404, one who may edit any may', async () => {
    const res = await save(author, problemDraft(refs, { title: 'De la autora' }));
    const state = { ...res.body.problem, title: 'Ajeno' };
    expect((await save(other, state)).status).toBe(404);
    expect((await save(editsAny, state)).status).toBe(200);
    await server.db.sequelize.query(
      `INSERT INTO problem_coauthors (problem_id, user_id) SELECT :id, id FROM users WHERE email = 'otro@creator.test'`,
      { replacements: { id: res.body.problem_id } },
    );
    expect((await save(other, { ...state, title: 'Coautor' })).status).toBe(200);
  });
});

describe('the problem table and a problem for editing', () => {
  it('pages the problems the caller may see, newest change first, with its filters', async () => {
    const mine = await save(
      author,
      problemDraft(refs, { title: 'Ecuación única Ñandú', publishProblem: false }),
    );
    const anon = await new TestClient(server.url).get('/api/creator/problems/');
    expect(anon.status).toBe(401);
    expect((await student.get('/api/creator/problems/')).status).toBe(403);

    const page = await author.get<{
      problems: { id: number; can_edit: boolean; numerals: number; modules: number }[];
      total: number;
    }>('/api/creator/problems/?page_size=10&page=1');
    expect(page.status).toBe(200);
    expect(page.body.problems[0]!.id).toBe(mine.body.problem_id);
    expect(page.body.problems[0]).toMatchObject({ can_edit: true, numerals: 1, modules: 0 });
    const all = await query<{ n: number }>(`SELECT count(*)::int AS n FROM problems`);
    expect(page.body.total).toBe(all[0]!.n);

    // Another creator sees published problems only, and cannot edit them.
    const theirs = await other.get<{
      problems: { id: number; can_edit: boolean; publish_problem: boolean }[];
    }>('/api/creator/problems/?page_size=100');
    expect(theirs.body.problems.some((p) => p.id === mine.body.problem_id)).toBe(false);
    expect(theirs.body.problems.every((p) => p.publish_problem || p.can_edit)).toBe(true);

    const search = await author.get<{ problems: { id: number }[]; total: number }>(
      `/api/creator/problems/?q=${encodeURIComponent('NANDU')}&mine=true`,
    );
    expect(search.body.problems.map((p) => p.id)).toEqual([mine.body.problem_id]);
    const byCourse = await author.get<{ total: number }>(`/api/creator/problems/?course_id=${refs.courseId}`);
    expect(byCourse.body.total).toBeGreaterThan(0);
    const noTopic = await author.get<{ total: number; problems: unknown[] }>(
      `/api/creator/problems/?topic_id=999999`,
    );
    expect(noTopic.body).toMatchObject({ total: 0, problems: [] });
    expect((await author.get('/api/creator/problems/?page_size=7')).status).toBe(400);
  });

  it('answers a page of thousands of problems, with the total, past the last page too', async () => {
    await server.db.sequelize.query(
      `INSERT INTO problems (title, description, author_id, publish_problem, topic_id, subtopic_id, updated_at)
       SELECT 'Problema ' || g, 'Descripción número ' || g, :authorId, g % 3 <> 0, :topicId, :subtopicId,
              now() - (g || ' minutes')::interval
         FROM generate_series(1, 4000) AS g`,
      { replacements: { authorId, topicId: refs.topicId, subtopicId: refs.subtopicId } },
    );
    await server.db.sequelize.query(
      `INSERT INTO numerals (problem_id, number, math_type) SELECT id, 0, 'simplify' FROM problems WHERE title LIKE 'Problema %'`,
    );
    const [{ n: visible } = { n: 0 }] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM problems WHERE publish_problem`,
    );
    const page = await other.get<{ problems: { numerals: number }[]; total: number }>(
      `/api/creator/problems/?page=3&page_size=100&subtopic_id=${refs.subtopicId}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.problems).toHaveLength(100);
    expect(page.body.problems.every((p) => p.numerals === 1)).toBe(true);
    const [{ n: published } = { n: 0 }] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM problems WHERE publish_problem AND subtopic_id = :s`,
      { s: refs.subtopicId },
    );
    expect(page.body.total).toBe(published);
    expect(visible).toBeGreaterThanOrEqual(published);
    const past = await other.get<{ problems: unknown[]; total: number }>(
      `/api/creator/problems/?page=999&page_size=100&subtopic_id=${refs.subtopicId}`,
    );
    expect(past.body).toMatchObject({ problems: [], total: published });
    const found = await author.get<{ problems: { title: string }[]; total: number }>(
      `/api/creator/problems/?q=${encodeURIComponent('DESCRIPCION NUMERO 3999')}`,
    );
    expect(found.body.problems.map((p) => p.title)).toEqual(['Problema 3999']);
  });

  it('opens a problem with its answers for its editors and supervisors, the checks for the supervisor; 404 for others', async () => {
    const res = await save(author, problemDraft(refs, { title: 'Para abrir' }));
    const id = res.body.problem_id;
    const opened = await author.get<{
      problem: { numerals: { data: { target: string } }[] };
      can_edit: boolean;
      author_name: string;
      checks: unknown;
    }>(`/api/creator/problems/${id}/`);
    expect(opened.status).toBe(200);
    expect(opened.body.can_edit).toBe(true);
    expect(opened.body.checks).toBeNull();
    expect(opened.body.problem.numerals[0]!.data.target).toBe('x+1');
    expect(opened.body.author_name).toContain('Autora');
    expect((await other.get(`/api/creator/problems/${id}/`)).status).toBe(404);
    expect((await student.get(`/api/creator/problems/${id}/`)).status).toBe(403);
    const reviewed = await supervisor.get<{
      can_edit: boolean;
      checks: { numeral: number; step: number | null; ok: boolean; answer: string | null }[];
    }>(`/api/creator/problems/${id}/`);
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.can_edit).toBe(false);
    // The supervisor reads the key the checker holds: the simplify's target, passing its check.
    expect(reviewed.body.checks).toEqual([
      expect.objectContaining({ numeral: 1, step: null, ok: true, answer: 'x+1' }),
    ]);
    expect((await author.get(`/api/creator/problems/999999/`)).status).toBe(404);
    expect((await author.get(`/api/creator/problems/abc/`)).status).toBe(404);
  });
});

describe('clone and delete', () => {
  it('clones a problem with its numerals, steps, records, choices and files, unpublished and the caller’s', async () => {
    const res = await save(
      author,
      problemDraft(refs, { numerals: [simplifyNumeral({ steps: [solveStep()] as never }), choiceNumeral()] }),
      [
        {
          field: 'picture_0',
          file: new Blob([await png()]),
          name: 'p.png',
          formdata: { name: 'p.png', type: 'problem', id: '' },
        },
      ],
    );
    const id = res.body.problem_id;
    expect((await other.post(`/api/creator/problems/${id}/clone/`)).status).toBe(404);
    expect((await student.post(`/api/creator/problems/${id}/clone/`)).status).toBe(403);
    const cloned = await editsAny.post<{ problem_id: number }>(`/api/creator/problems/${id}/clone/`);
    expect(cloned.status).toBe(201);
    const copy = await editsAny.get<{
      problem: Saved['problem'] & { publish_problem: boolean };
      author_id: number;
    }>(`/api/creator/problems/${cloned.body.problem_id}/`);
    expect(copy.body.problem.title).toBe(`${res.body.problem.title} (clon)`);
    expect(copy.body.problem.publish_problem).toBe(false);
    expect(copy.body.author_id).not.toBe(authorId);
    expect(copy.body.problem.picture).toBe(res.body.problem.picture);
    expect(copy.body.problem.numerals).toHaveLength(2);
    expect(copy.body.problem.numerals[0]!.steps).toHaveLength(1);
    expect(copy.body.problem.numerals[1]!.choices).toHaveLength(2);
    expect(copy.body.problem.numerals[0]!.id).not.toBe(res.body.problem.numerals[0]!.id);

    // Deleting the original keeps the file the copy shares.
    const deleted = await author.delete<{ outcome: string }>(`/api/problems/delete/${id}/`);
    expect(deleted.body).toEqual({ outcome: 'deleted' });
    expect((await fetch(`${server.url}/media/pictures/${res.body.problem.picture}`)).status).toBe(200);
    // Deleting the copy removes it.
    await editsAny.delete(`/api/problems/delete/${cloned.body.problem_id}/`);
    expect((await fetch(`${server.url}/media/pictures/${res.body.problem.picture}`)).status).toBe(404);
  });

  it('deletes a problem nothing holds, and only unpublishes one a module or students’ results hold', async () => {
    const free = await save(author, problemDraft(refs, { title: 'Libre' }));
    const held = await save(author, problemDraft(refs, { title: 'En un módulo' }));
    await server.db.sequelize.query(
      `INSERT INTO modules (name, author_id) VALUES ('Módulo', :authorId) RETURNING id`,
      { replacements: { authorId } },
    );
    await server.db.sequelize.query(
      `INSERT INTO module_problems (module_id, problem_id, numeration) SELECT max(id), :id, '1' FROM modules`,
      { replacements: { id: held.body.problem_id } },
    );
    expect((await other.delete(`/api/problems/delete/${free.body.problem_id}/`)).status).toBe(404);
    expect(
      (await new TestClient(server.url).delete(`/api/problems/delete/${free.body.problem_id}/`)).status,
    ).toBe(401);
    expect((await author.delete(`/api/problems/delete/${free.body.problem_id}/`)).body).toEqual({
      outcome: 'deleted',
    });
    expect(await query(`SELECT id FROM problems WHERE id = :id`, { id: free.body.problem_id })).toEqual([]);
    expect((await author.delete(`/api/problems/delete/${held.body.problem_id}/`)).body).toEqual({
      outcome: 'unpublished',
    });
    const [row] = await query<{ publish_problem: boolean }>(
      `SELECT publish_problem FROM problems WHERE id = :id`,
      {
        id: held.body.problem_id,
      },
    );
    expect(row!.publish_problem).toBe(false);
  });
});

describe('files', () => {
  it('answers the public config, a picture’s address, and 404 for a bad or unknown key', async () => {
    const config = await new TestClient(server.url).get<{
      picture_base_url: string;
      uploads: { presigned: boolean; picture_max_bytes: number };
    }>('/api/config/');
    // Root-relative: right at whatever host the page was opened at, not only at PUBLIC_URL's.
    expect(config.body.picture_base_url).toBe('/media/pictures');
    expect(config.body.uploads).toMatchObject({ presigned: false, picture_max_bytes: 5 * 1024 * 1024 });
    const res = await save(author, problemDraft(refs), [
      {
        field: 'picture_0',
        file: new Blob([await png()]),
        name: 'p.png',
        formdata: { name: 'p.png', type: 'problem', id: '' },
      },
    ]);
    const address = await student.get<{ url: string }>(`/api/get_s3_picture/${res.body.problem.picture}/`);
    expect(address.body.url).toBe(`/media/pictures/${res.body.problem.picture}`);
    expect(
      (await new TestClient(server.url).get(`/api/get_s3_picture/${res.body.problem.picture}/`)).status,
    ).toBe(401);
    expect((await student.get(`/api/get_s3_picture/AAAAAAAAAAAAAAAAAAAAAA.png/`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/pictures/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/videos/${res.body.problem.picture}`)).status).toBe(404);
  });

  it('uploads a video to Kib’s own presigned address, checks it by content, and serves ranges', async () => {
    const video = await seedFile('kib-demo.mp4');
    const presigned = await author.post<{ url: string; key: string; headers: Record<string, string> }>(
      '/api/get_presigned_url/',
      { kind: 'video', content_type: 'video/mp4', size: video.length },
    );
    expect(presigned.status).toBe(200);
    expect(presigned.body.key).toMatch(/^[A-Za-z0-9_-]{22}\.mp4$/);
    // Before the upload, a draft may not name the key.
    const draft = problemDraft(refs, { videoS3: presigned.body.key });
    const early = await save(author, draft);
    expect(early.status).toBe(400);
    expect(early.body.fields).toHaveProperty(['state.video_s3']);
    expect(presigned.body.url).toMatch(/^\/api\/uploads\/[^/]+\/$/);
    const url = new URL(presigned.body.url, server.url);
    const put = await fetch(`${server.url}${url.pathname}`, {
      method: 'PUT',
      headers: presigned.body.headers,
      body: video,
    });
    expect(put.status).toBe(200);
    expect((await fetch(`${server.url}${url.pathname}`, { method: 'PUT', body: video })).status).toBe(404);
    const saved = await save(author, draft);
    expect(saved.status).toBe(200);
    const ranged = await fetch(`${server.url}/media/videos/${presigned.body.key}`, {
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${video.length}`);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    const outside = await fetch(`${server.url}/media/videos/${presigned.body.key}`, {
      headers: { range: `bytes=${video.length + 10}-` },
    });
    expect(outside.status).toBe(416);

    // A picture announced as a video is refused by its content when uploaded.
    const liar = await author.post<{ url: string }>('/api/get_presigned_url/', {
      kind: 'video',
      content_type: 'video/mp4',
      size: (await png()).length,
    });
    const wrong = await fetch(`${server.url}${liar.body.url}`, {
      method: 'PUT',
      body: await png(),
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { detail: string }).detail).toMatch(
      /no es un video MP4 o MOV \(su contenido es PNG\)/,
    );
    expect(
      (await student.post('/api/get_presigned_url/', { kind: 'video', content_type: 'video/mp4', size: 10 }))
        .status,
    ).toBe(403);
    const tooBig = await author.post('/api/get_presigned_url/', {
      kind: 'picture',
      content_type: 'image/png',
      size: 6 * 1024 * 1024,
    });
    expect(tooBig.status).toBe(400);
  });
});

describe('pictures past the limits', () => {
  it('refuses a decompression bomb with a 413 naming the file and the limit, storing nothing', async () => {
    const before = await query<{ n: string }>(`SELECT count(*) AS n FROM media_files`);
    const res = await save(author, problemDraft(refs), [
      {
        field: 'picture_0',
        file: new Blob([new Uint8Array(pixelBombPng())]),
        name: 'bomba.png',
        formdata: { name: 'bomba.png', type: 'problem', id: '' },
      },
    ]);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'picture-too-large',
      fields: { picture_0: ['bomba.png tiene más de 50 megapíxeles: guárdala en un tamaño menor.'] },
    });
    expect(await query<{ n: string }>(`SELECT count(*) AS n FROM media_files`)).toEqual(before);
  });
});
