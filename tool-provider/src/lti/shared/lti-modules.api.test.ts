import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSave, problemDraft, saveForm } from '../../../testing/creation-drafts';
import { DEV_SEED } from '../../seed/dev-seed';
import { postSignedLaunch } from '../../../testing/lti-peer';
import {
  exchangeLaunchCode,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../testing/test-server';
import { DEV_LTI_CONSUMER } from '../v11/dev-consumer';

const RETURN_URL = 'http://127.0.0.1:8081/mod/lti/contentitem_return.php?course=2&id=7';
const SAVE = '/api/custom-lti/save_module_data/';

let server: TestServer;
let refs: { topicId: number; subtopicId: number };
let publishedId: number;
let othersDraftId: number;

interface Saved {
  module_id: number;
  module_code: string;
}

async function query<T extends object>(sql: string, replacements: Record<string, unknown> = {}) {
  return server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

/** An LMS instructor's activity-picker session (an LTI 1.1 Content-Item selection request), in `lang`. */
async function pickerSession(userId: string, lang = 'es') {
  const res = await postSignedLaunch(
    `${server.url}/lti/1.1/launch`,
    {
      lti_message_type: 'ContentItemSelectionRequest',
      lti_version: 'LTI-1p0',
      user_id: userId,
      roles: 'Instructor',
      content_item_return_url: RETURN_URL,
      accept_media_types: 'application/vnd.ims.lti.v1.ltilink',
      accept_presentation_document_targets: 'frame,iframe,window',
    },
    { consumerKey: DEV_LTI_CONSUMER.consumerKey, secret: DEV_LTI_CONSUMER.secret },
  );
  expect(res.status).toBe(303);
  const { client, next } = await exchangeLaunchCode(server.url, res.headers.get('location')!);
  const session = new TestClient(server.url, { 'accept-language': lang });
  session.token = client.token;
  return { client: session, selection: new URL(next, 'http://x').searchParams.get('selection')! };
}

/** Saves a problem through the creation tool's endpoint as `client`; answers its id. */
async function createProblem(client: TestClient, title: string, publish: boolean, userType = 'teacher') {
  const saved = await postSave(
    client,
    saveForm(problemDraft(refs, { title, publishProblem: publish }), [], userType),
  );
  expect(saved.status).toBe(200);
  return Number(saved.body.problem_id);
}

const body = (selection: string, over: Record<string, unknown> = {}) => ({
  id: null,
  name: '',
  description: '',
  module_problems: [{ problem_id: publishedId, numeration: 1 }],
  module_classrooms: [],
  context_id: selection,
  activity_title: 'Fracciones en el aula',
  ...over,
});

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  const [sub] = await query<{ id: number; topicId: number }>(
    `SELECT id, topic_id AS "topicId" FROM subtopics ORDER BY id LIMIT 1`,
  );
  refs = { topicId: sub!.topicId, subtopicId: sub!.id };
  const creator = await new TestClient(server.url).logIn(DEV_SEED.users.creator.email);
  publishedId = await createProblem(creator, 'Publicado por otra autora', true, 'creator');
  othersDraftId = await createProblem(creator, 'Borrador de otra autora', false, 'creator');
}, 180_000);
afterAll(() => server?.close());

describe('custom-lti/save_module_data/', () => {
  it("puts the instructor's new problem in a module of theirs whose code the picker sends back to the LMS", async () => {
    const { client, selection } = await pickerSession('moodle-rosa');
    const mine = await createProblem(client, 'Mi problema de Moodle', true);

    const res = await client.post<Saved>(
      SAVE,
      body(selection, {
        description: 'Para el grupo de la tarde',
        module_problems: [
          { problem_id: mine, numeration: 2 },
          { problem_id: publishedId, numeration: 1 },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.module_code).toMatch(/^[A-Z0-9]{8}$/);

    const [module] = await query<{ name: string; description: string; authorId: number }>(
      `SELECT name, description, author_id AS "authorId" FROM modules WHERE id = :id`,
      { id: res.body.module_id },
    );
    const [problem] = await query<{ authorId: number }>(
      `SELECT author_id AS "authorId" FROM problems WHERE id = :id`,
      { id: mine },
    );
    expect(module).toEqual({
      name: 'Fracciones en el aula',
      description: 'Para el grupo de la tarde',
      authorId: problem!.authorId,
    });
    const order = await query<{ problemId: number; numeration: string }>(
      `SELECT problem_id AS "problemId", numeration FROM module_problems WHERE module_id = :id ORDER BY numeration`,
      { id: res.body.module_id },
    );
    expect(order).toEqual([
      { problemId: publishedId, numeration: '1' },
      { problemId: mine, numeration: '2' },
    ]);
    const codes = await query<{ code: string; audience: string }>(
      `SELECT code, audience FROM module_codes WHERE module_id = :id`,
      { id: res.body.module_id },
    );
    expect(codes.find((c) => c.audience === 'students')?.code).toBe(res.body.module_code);

    const answer = await client.post<{ url: string; fields: { name: string; value: string }[] }>(
      '/api/lti/content-item/',
      { selection, activity_code: res.body.module_code },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBe(RETURN_URL);
    const items = JSON.parse(answer.body.fields.find((f) => f.name === 'content_items')!.value) as {
      '@graph': { title: string; custom: { activity_code: string } }[];
    };
    expect(items['@graph'][0]).toMatchObject({
      title: 'Fracciones en el aula',
      custom: { activity_code: res.body.module_code },
    });

    // Saved again (the same activity, renamed), the module keeps its code.
    const again = await client.post<Saved>(
      SAVE,
      body(selection, {
        id: res.body.module_id,
        name: 'Módulo de fracciones',
        module_problems: [{ problem_id: mine, numeration: 1 }],
      }),
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const [renamed] = await query<{ name: string; problems: number }>(
      `SELECT name, (SELECT count(*)::int FROM module_problems WHERE module_id = m.id) AS problems
         FROM modules m WHERE id = :id`,
      { id: res.body.module_id },
    );
    expect(renamed).toEqual({ name: 'Módulo de fracciones', problems: 1 });
  });

  it("refuses another author's unpublished problem, naming it, and saves nothing", async () => {
    const { client, selection } = await pickerSession('moodle-tomas', 'en');
    const res = await client.post(
      SAVE,
      body(selection, {
        activity_title: 'Not mine',
        module_problems: [
          { problem_id: publishedId, numeration: 1 },
          { problem_id: othersDraftId, numeration: 2 },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      'module_problems.1.problem_id': ['This problem does not exist or is not published.'],
    });
    expect(await query(`SELECT id FROM modules WHERE name = 'Not mine'`)).toEqual([]);
  });

  it('refuses a title taken by another module of the caller, at the field that named it', async () => {
    const { client, selection } = await pickerSession('moodle-ines', 'en');
    expect((await client.post(SAVE, body(selection, { activity_title: 'Twice' }))).status).toBe(200);
    const taken = await client.post(SAVE, body(selection, { activity_title: 'Twice' }));
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ activity_title: ['You already have a module with this name.'] });
  });

  it('refuses an empty module and repeated numbers with translated field messages', async () => {
    const { client, selection } = await pickerSession('moodle-vale', 'en');
    const empty = await client.post(SAVE, body(selection, { module_problems: [] }));
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ module_problems: ['Put at least one problem in the module.'] });
    const twice = await client.post(
      SAVE,
      body(selection, {
        module_problems: [
          { problem_id: publishedId, numeration: 1 },
          { problem_id: othersDraftId, numeration: 1 },
        ],
      }),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toEqual({
      module_problems: ['Two problems have the same number in the module.'],
    });
  });

  it('answers 401 without a session and 403 to a student', async () => {
    const anonymous = await new TestClient(server.url).post(SAVE, body('whatever'));
    expect(anonymous.status).toBe(401);
    const student = await new TestClient(server.url).logIn(DEV_SEED.users.student.email);
    const refused = await student.post(SAVE, body('whatever'));
    expect(refused.status).toBe(403);
  });

  it("keeps a second LMS instructor from another's module, selection and classrooms (404)", async () => {
    const first = await pickerSession('moodle-primera');
    const saved = await first.client.post<Saved>(
      SAVE,
      body(first.selection, { activity_title: 'De la primera' }),
    );
    expect(saved.status).toBe(200);

    const second = await pickerSession('moodle-segunda', 'en');
    const overwrite = await second.client.post(
      SAVE,
      body(second.selection, { id: saved.body.module_id, activity_title: 'Overwritten' }),
    );
    expect(overwrite.status).toBe(404);
    const [kept] = await query<{ name: string }>(`SELECT name FROM modules WHERE id = :id`, {
      id: saved.body.module_id,
    });
    expect(kept!.name).toBe('De la primera');

    const borrowed = await second.client.post(SAVE, body(first.selection, { activity_title: 'Borrowed' }));
    expect(borrowed.status).toBe(404);
    expect(borrowed.body.detail).toBe(
      'This activity selection has ended or is not yours. Open the activity picker again from your course (Select content).',
    );

    const [classroom] = await query<{ id: number }>(`SELECT id FROM classrooms WHERE code = :code`, {
      code: DEV_SEED.classroomCode,
    });
    const theirs = await second.client.post(
      SAVE,
      body(second.selection, { activity_title: 'Into a class', module_classrooms: [classroom!.id] }),
    );
    expect(theirs.status).toBe(404);
    expect(await query(`SELECT id FROM modules WHERE name IN ('Borrowed', 'Into a class')`)).toEqual([]);
  });
});
