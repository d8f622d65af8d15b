import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SEED } from '../../seed/dev-seed';
import { insertUser } from '../../../testing/fixtures';
import { postSignedLaunch } from '../../../testing/lti-peer';
import {
  exchangeLaunchCode,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../testing/test-server';
import { DEV_LTI_CONSUMER } from '../v11/dev-consumer';

const RETURN_URL = 'http://127.0.0.1:8081/mod/lti/contentitem_return.php?course=2&id=7';

let server: TestServer;

interface KibAccount {
  account: { first_name: string; last_name: string; email: string } | null;
  valid_subscription: boolean;
  modules: { id: number; name: string; num_problems: number }[];
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  await insertUser(server.db.sequelize, { email: 'lonely.teacher@test.kib', groups: ['Teachers'] });
}, 120_000);
afterAll(() => server?.close());

/** An LMS user's activity-picker session (an LTI 1.1 Content-Item selection request). */
async function pickerSession(userId: string) {
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
  return { client, selection: new URL(next, 'http://x').searchParams.get('selection')! };
}

const loginAs = (email: string, password = 'demo1234') => new TestClient(server.url).logIn(email, password);

describe("an LMS instructor's link to their Kib teacher account", () => {
  it("offers nothing until linked, then the teacher's modules, whose code the picker sends to the LMS", async () => {
    const { client, selection } = await pickerSession('moodle-laura');
    const before = await client.get<KibAccount>('/api/lti/kib-account/');
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(before.body).toEqual({ account: null, valid_subscription: false, modules: [] });

    const linked = await client.post<KibAccount>('/api/lti/kib-account/', {
      email: DEV_SEED.users.teacher.email.toUpperCase(),
      password: 'demo1234',
    });
    expect(linked.status).toBe(200);
    expect(linked.body.account).toEqual({
      first_name: DEV_SEED.users.teacher.firstName,
      last_name: DEV_SEED.users.teacher.lastName,
      email: DEV_SEED.users.teacher.email,
    });
    expect(linked.body.valid_subscription).toBe(true);
    const main = linked.body.modules.find((m) => m.name === DEV_SEED.modules.main.name);
    expect(main?.num_problems).toBe(DEV_SEED.modules.main.problemKeys.length);
    expect((await client.get<KibAccount>('/api/lti/kib-account/')).body).toEqual(linked.body);

    const code = await client.post<{ activity_code: string }>(
      `/api/lti/kib-account/modules/${main!.id}/code/`,
    );
    expect(code.status).toBe(200);
    expect(code.body.activity_code).toMatch(/^[A-Z0-9]{4,16}$/);
    const again = await client.post<{ activity_code: string }>(
      `/api/lti/kib-account/modules/${main!.id}/code/`,
    );
    expect(again.body.activity_code).toBe(code.body.activity_code);

    const answer = await client.post<{ url: string; fields: { name: string; value: string }[] }>(
      '/api/lti/content-item/',
      { selection, activity_code: code.body.activity_code },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBe(RETURN_URL);
    const items = answer.body.fields.find((f) => f.name === 'content_items')!.value;
    expect(items).toContain(code.body.activity_code);
  });

  it('unlinks, after which the codes of the teacher are out of reach again', async () => {
    const { client } = await pickerSession('moodle-laura-2');
    await client.post('/api/lti/kib-account/', { email: DEV_SEED.users.teacher.email, password: 'demo1234' });
    const modules = (await client.get<KibAccount>('/api/lti/kib-account/')).body.modules;
    expect(modules.length).toBeGreaterThan(0);
    expect((await client.delete('/api/lti/kib-account/')).status).toBe(204);
    expect((await client.get<KibAccount>('/api/lti/kib-account/')).body.account).toBeNull();
    const code = await client.post(`/api/lti/kib-account/modules/${modules[0]!.id}/code/`);
    expect(code.status).toBe(404);
  });

  it('refuses a wrong password, an account that is not a teacher, and an unknown e-mail alike', async () => {
    const { client } = await pickerSession('moodle-guess');
    const wrong = await client.post('/api/lti/kib-account/', {
      email: DEV_SEED.users.teacher.email,
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid-credentials');
    const unknown = await client.post('/api/lti/kib-account/', {
      email: 'nobody@test.kib',
      password: 'not-the-password',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('invalid-credentials');
    const student = await client.post('/api/lti/kib-account/', {
      email: DEV_SEED.users.student.email,
      password: 'demo1234',
    });
    expect(student.status).toBe(403);
    expect(student.body.code).toBe('lti-link-not-teacher');
    const blank = await client.post('/api/lti/kib-account/', { email: '', password: '' });
    expect(blank.status).toBe(400);
    expect((await client.get<KibAccount>('/api/lti/kib-account/')).body.account).toBeNull();
  });

  it("never hands out another teacher's module, nor one without a valid plan", async () => {
    const { client } = await pickerSession('moodle-lonely');
    const linked = await client.post<KibAccount>('/api/lti/kib-account/', {
      email: 'lonely.teacher@test.kib',
      password: 'demo1234',
    });
    expect(linked.status).toBe(200);
    // A teacher without a school: linked, but no plan, so no modules and no codes.
    expect(linked.body).toMatchObject({ valid_subscription: false, modules: [] });
    const laura = await pickerSession('moodle-laura-3');
    await laura.client.post('/api/lti/kib-account/', {
      email: DEV_SEED.users.teacher.email,
      password: 'demo1234',
    });
    const lauraModule = (await laura.client.get<KibAccount>('/api/lti/kib-account/')).body.modules[0]!;
    const refused = await client.post(`/api/lti/kib-account/modules/${lauraModule.id}/code/`);
    expect(refused.status).toBe(403);
    expect((await laura.client.post('/api/lti/kib-account/modules/999999/code/')).status).toBe(404);
    expect((await laura.client.post('/api/lti/kib-account/modules/abc/code/')).status).toBe(404);
  });

  it('is for LMS instructors only: learners, Kib accounts and anonymous callers are refused', async () => {
    const launched = await postSignedLaunch(
      `${server.url}/lti/1.1/launch`,
      {
        lti_message_type: 'basic-lti-launch-request',
        lti_version: 'LTI-1p0',
        resource_link_id: 'link-1',
        user_id: 'moodle-learner',
        roles: 'Learner',
        custom_activity_code: 'DEMO42',
      },
      { consumerKey: DEV_LTI_CONSUMER.consumerKey, secret: DEV_LTI_CONSUMER.secret },
    );
    const learner = (await exchangeLaunchCode(server.url, launched.headers.get('location')!)).client;
    const teacher = await loginAs(DEV_SEED.users.teacher.email);
    const anonymous = new TestClient(server.url);
    for (const c of [learner, teacher, anonymous]) {
      const expected = c === anonymous ? 401 : 403;
      expect((await c.get('/api/lti/kib-account/')).status).toBe(expected);
      expect(
        (await c.post('/api/lti/kib-account/', { email: DEV_SEED.users.teacher.email, password: 'demo1234' }))
          .status,
      ).toBe(expected);
      expect((await c.delete('/api/lti/kib-account/')).status).toBe(expected);
      expect((await c.post('/api/lti/kib-account/modules/1/code/')).status).toBe(expected);
    }
  });
});
