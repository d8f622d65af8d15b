import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerVerifiesForm, signLaunch } from '../../../testing/lti-peer';
import {
  startSecondInstance,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../testing/test-server';
import { DEV_LTI_CONSUMER } from './dev-consumer';
import recorded from './fixtures/moodle456-lti11-launch.json' with { type: 'json' };
import { LtiRepository } from '../shared/lti.repository';
import { FORM_FIELD_LIMIT, tooManyFormFields } from '../shared/lti.routes';

const KEY = DEV_LTI_CONSUMER.consumerKey;
const SECRET = DEV_LTI_CONSUMER.secret;
const RETURN_URL = 'http://127.0.0.1:8081/mod/lti/contentitem_return.php?course=2&id=7&sesskey=eSE7FT0P5Z';

let server: TestServer;
let siteDir: string;
let clock = new Date();
const logLines: string[] = [];
let moduleId: number;

beforeAll(async () => {
  siteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-site-'));
  await fs.writeFile(
    path.join(siteDir, 'index.html'),
    '<!doctype html><title>Kib</title><div id="root"></div>',
  );
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer(
    {},
    { siteDir, logger: pino({ level: 'trace' }, sink), ltiNow: () => clock },
    { seeded: true },
  );
  const [row] = await server.db.sequelize.query<{ id: number }>(
    `SELECT id FROM modules WHERE name = 'Taller de álgebra'`,
    { type: QueryTypes.SELECT },
  );
  moduleId = row!.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fs.rm(siteDir, { recursive: true, force: true });
});

const launchUrl = () => `${server.url}/lti/1.1/launch`;
const seconds = () => Math.floor(clock.getTime() / 1000);

function basicLaunch(extra: Record<string, string> = {}): Record<string, string> {
  return {
    lti_message_type: 'basic-lti-launch-request',
    lti_version: 'LTI-1p0',
    resource_link_id: 'link-1',
    user_id: 'moodle-student-1',
    roles: 'Learner',
    lis_person_name_given: 'Ana',
    lis_person_name_family: 'Gómez',
    custom_activity_code: 'DEMO42',
    launch_presentation_locale: 'es',
    ...extra,
  };
}

function contentItemRequest(extra: Record<string, string> = {}): Record<string, string> {
  return {
    lti_message_type: 'ContentItemSelectionRequest',
    lti_version: 'LTI-1p0',
    user_id: 'moodle-teacher-1',
    roles: 'Instructor',
    content_item_return_url: RETURN_URL,
    accept_media_types: 'application/vnd.ims.lti.v1.ltilink',
    accept_presentation_document_targets: 'frame,iframe,window',
    data: '{"course":2,"note":"<b>&</b>"}',
    ...extra,
  };
}

/** Posts a launch body as a browser would, without following the redirect. */
async function post(body: string, headers: Record<string, string> = {}, url = launchUrl()) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
    redirect: 'manual',
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    headers: res.headers,
    text: await res.text(),
  };
}

/** Signs (with the independent peer) and posts a launch. */
function launch(params: Record<string, string>, opts: { timestamp?: number; nonce?: string } = {}) {
  const { body } = signLaunch(launchUrl(), params, {
    consumerKey: KEY,
    secret: SECRET,
    timestamp: seconds(),
    ...opts,
  });
  return post(body);
}

/** The launch code of a redirect to /moodlelogin. */
function codeOf(location: string | null): string {
  expect(location).toMatch(/^\/moodlelogin\?code=[\w-]{43}&lang=(?:es|en)$/);
  return new URL(location!, 'http://x').searchParams.get('code')!;
}

/** Launches and exchanges the code: a client with the session's token, and where the site goes next. */
async function session(params: Record<string, string>) {
  const res = await launch(params);
  expect(res.status, res.text).toBe(303);
  const c = new TestClient(server.url, { 'accept-language': 'es' });
  const opened = await c.post<{ access: string; next: string }>('/api/lti/session/', {
    code: codeOf(res.location),
  });
  expect(opened.status).toBe(200);
  c.token = opened.body.access;
  return { c, next: opened.body.next };
}

describe('POST /lti/1.1/launch: a basic launch', () => {
  it('with kib-dev-key and DEMO42 opens the solver of "Taller de álgebra" through a one-time code', async () => {
    const res = await launch(basicLaunch());
    expect(res.status).toBe(303);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const code = codeOf(res.location);

    const page = await fetch(`${server.url}${res.location}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');

    const c = new TestClient(server.url, { 'accept-language': 'en' });
    const opened = await c.post<{ access: string; next: string }>('/api/lti/session/', { code });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.body.next).toBe(`/moodlestudent?module=${moduleId}`);
    c.token = opened.body.access;

    const me = await c.get('/api/auth/users/me/');
    expect(me.body).toMatchObject({ first_name: 'Ana', last_name: 'Gómez', groups: ['LTIStudent'] });
    const view = await c.get<{ name: string; problems: { title: string; numerals: number }[] }>(
      `/api/lti/modules/${moduleId}/`,
    );
    expect(view.status).toBe(200);
    expect(view.body.name).toBe('Taller de álgebra');
    expect(view.body.problems.map((p) => p.title)).toHaveLength(4);
    expect(view.body.problems[0]).toMatchObject({
      title: 'Simplificar una expresión racional',
      completed: 0,
    });

    // The code is spent: a second exchange says 'Invalid token.'.
    const again = await new TestClient(server.url, { 'accept-language': 'en' }).post('/api/lti/session/', {
      code,
    });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 'lti-code-invalid', detail: 'Invalid token.' });
  });

  it('refuses the same request again (nonce), a changed parameter (signature) and a 10-minute-old timestamp', async () => {
    const signed = signLaunch(launchUrl(), basicLaunch({ user_id: 'replayer' }), {
      consumerKey: KEY,
      secret: SECRET,
      timestamp: seconds(),
    });
    expect((await post(signed.body)).status).toBe(303);
    const replay = await post(signed.body);
    expect(replay.status).toBe(401);
    expect(replay.text).toContain('lti-nonce-used');

    const tampered = signLaunch(launchUrl(), basicLaunch(), {
      consumerKey: KEY,
      secret: SECRET,
      timestamp: seconds(),
    });
    const changed = await post(tampered.body.replace('roles=Learner', 'roles=Instructor'));
    expect(changed.status).toBe(401);
    expect(changed.text).toContain('lti-signature-invalid');

    const stale = await launch(basicLaunch(), { timestamp: seconds() - 600 });
    expect(stale.status).toBe(401);
    expect(stale.text).toContain('lti-launch-expired');
  });

  it('answers 401 (not 500) for a wrong-length signature, and for an unknown consumer key', async () => {
    const { fields } = signLaunch(launchUrl(), basicLaunch(), {
      consumerKey: KEY,
      secret: SECRET,
      timestamp: seconds(),
    });
    const short = await post(new URLSearchParams({ ...fields, oauth_signature: 'abc' }).toString());
    expect(short.status).toBe(401);
    const unknown = signLaunch(launchUrl(), basicLaunch(), {
      consumerKey: 'nobody',
      secret: SECRET,
      timestamp: seconds(),
    });
    expect((await post(unknown.body)).status).toBe(401);
  });

  it('answers a translated HTML page for a malformed launch, and 400 for an unsigned form', async () => {
    const res = await post('lti_message_type=basic-lti-launch-request', { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('The LTI launch is incomplete or malformed.');
    const json = await fetch(launchUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
  });

  it('refuses the teacher code of the module: a custom parameter selects content, it never grants rights', async () => {
    const res = await launch(basicLaunch({ custom_activity_code: 'PROF42' }));
    expect(res.status).toBe(404);
    expect(res.text).toContain('lti-activity-unknown');
  });

  it('lets a launch open only its module', async () => {
    const { c } = await session(basicLaunch({ user_id: 'moodle-student-2' }));
    const [other] = await server.db.sequelize.query<{ id: number }>(
      `SELECT id FROM modules WHERE name = 'Repaso'`,
      { type: QueryTypes.SELECT },
    );
    expect((await c.get(`/api/lti/modules/${other!.id}/`)).status).toBe(404);
    expect((await c.get(`/api/lti/modules/${moduleId}/`)).status).toBe(200);
  });

  it('gives the same Kib user to the same platform user, and another to another platform user', async () => {
    const a = await session(basicLaunch({ user_id: 'same-person' }));
    const b = await session(basicLaunch({ user_id: 'same-person', lis_person_name_given: 'Ana María' }));
    const other = await session(basicLaunch({ user_id: 'someone-else' }));
    const idOf = async (c: TestClient) =>
      (await c.get<{ id: number; first_name: string }>('/api/auth/users/me/')).body;
    expect((await idOf(a.c)).id).toBe((await idOf(b.c)).id);
    expect((await idOf(b.c)).first_name).toBe('Ana María');
    expect((await idOf(other.c)).id).not.toBe((await idOf(a.c)).id);
  });

  it("names the LMS's language in the redirect, so /moodlelogin speaks it before the session opens", async () => {
    const english = await launch(basicLaunch({ user_id: 'polyglot', launch_presentation_locale: 'en-GB' }));
    expect(new URL(english.location!, 'http://x').searchParams.get('lang')).toBe('en');
    const spanish = await launch(basicLaunch({ user_id: 'polyglot', launch_presentation_locale: 'es-CO' }));
    expect(new URL(spanish.location!, 'http://x').searchParams.get('lang')).toBe('es');
  });

  it("follows the LMS's language on every launch, keeping the names when a launch sends none", async () => {
    await session(basicLaunch({ user_id: 'traveller', launch_presentation_locale: 'es-CO' }));
    const later = await session(
      basicLaunch({
        user_id: 'traveller',
        launch_presentation_locale: 'en-GB',
        lis_person_name_given: '',
        lis_person_name_family: '',
      }),
    );
    const me = (await later.c.get<{ language: string; first_name: string }>('/api/auth/users/me/')).body;
    expect(me).toMatchObject({ language: 'en', first_name: 'Ana' });
  });

  it('expires a launch code after 60 seconds', async () => {
    const res = await launch(basicLaunch({ user_id: 'slow-browser' }));
    const code = codeOf(res.location);
    clock = new Date(clock.getTime() + 61_000);
    const late = await new TestClient(server.url).post('/api/lti/session/', { code });
    expect(late.status).toBe(401);
    expect((await new TestClient(server.url).post('/api/lti/session/', {})).status).toBe(400);
  });
});

describe('the field cap of the launch form (the one of LTI 1.3 forms)', () => {
  /** `count` made-up fields, `f0=v` … */
  const padding = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, 'v']));

  it('refuses a form of 2,000 fields with a translated 413 page, before its signature is checked', async () => {
    const body = new URLSearchParams({ ...basicLaunch(), ...padding(2_000) }).toString();
    // Well under the 64 kB body limit: the fields are refused, not the size.
    expect(body.length).toBeLessThan(64 * 1024);
    const en = await post(body, { 'accept-language': 'en' });
    expect(en.status).toBe(413);
    expect(en.headers.get('content-type')).toMatch(/^text\/html/);
    expect(en.text).toContain('The form has too many fields.');
    expect(en.text).toContain('too-many-fields');
    expect((await post(body)).text).toContain('El formulario tiene demasiados campos.');
    // The query's fields are signed with the form's, and count with them.
    const query = new URLSearchParams(padding(2_000)).toString();
    const viaQuery = await post(new URLSearchParams(basicLaunch()).toString(), {}, `${launchUrl()}?${query}`);
    expect(viaQuery.status).toBe(413);
  });

  it('takes a signed launch of exactly the cap, and refuses one field more', async () => {
    // signLaunch adds six oauth_ fields to the parameters.
    const base = basicLaunch({ user_id: 'many-fields' });
    const room = FORM_FIELD_LIMIT - Object.keys(base).length - 6;
    const atCap = signLaunch(
      launchUrl(),
      { ...base, ...padding(room) },
      {
        consumerKey: KEY,
        secret: SECRET,
        timestamp: seconds(),
      },
    );
    expect(Object.keys(atCap.fields)).toHaveLength(FORM_FIELD_LIMIT);
    expect((await post(atCap.body)).status).toBe(303);
    const over = await launch({ ...base, ...padding(room + 1) });
    expect(over.status).toBe(413);
  });

  it("leaves room for Moodle 4.5.6's recorded launch and custom parameters beyond it", () => {
    const fields = [...new URLSearchParams(recorded.body)].length;
    expect(fields).toBe(37);
    expect(tooManyFormFields(recorded.body)).toBe(false);
    const extra = new URLSearchParams(padding(FORM_FIELD_LIMIT - fields)).toString();
    expect(tooManyFormFields(`${recorded.body}&${extra}`)).toBe(false);
    expect(tooManyFormFields(`${recorded.body}&${extra}&one=more`)).toBe(true);
  });
});

describe('roles', () => {
  it.each([
    ['no role', 'LTIStudent', ''],
    ['an unknown role', 'LTIStudent', 'urn:lti:role:ims/lis/Mentor'],
    ['Learner', 'LTIStudent', 'Learner'],
    ['a learner URN', 'LTIStudent', 'urn:lti:role:ims/lis/Learner'],
    ['Instructor', 'LTITeacher', 'Instructor'],
    ['an instructor URN', 'LTITeacher', 'urn:lti:role:ims/lis/Instructor'],
    ['an administrator URN', 'LTITeacher', 'urn:lti:sysrole:ims/lis/Administrator'],
  ])('a basic launch with %s opens the activity as %s', async (_name, group, roles) => {
    const params = basicLaunch({ user_id: `role-${roles || 'none'}`, roles });
    if (!roles) delete params.roles;
    const { c, next } = await session(params);
    // Learners open the solver; instructors the results of the link's learners.
    expect(next).toMatch(
      group === 'LTIStudent' ? `/moodlestudent?module=${moduleId}` : /^\/moodleteacher\?link=\d+$/,
    );
    expect((await c.get('/api/auth/users/me/')).body).toMatchObject({ groups: [group] });
  });

  it('opens the solver for an instructor whose launch names no resource link', async () => {
    const params = basicLaunch({ user_id: 'linkless-teacher', roles: 'Instructor' });
    delete params.resource_link_id;
    const { next } = await session(params);
    expect(next).toBe(`/moodlestudent?module=${moduleId}`);
  });

  it('lets only an instructor or administrator reach the activity picker', async () => {
    const learner = await launch(contentItemRequest({ user_id: 'curious-student', roles: 'Learner' }));
    expect(learner.status).toBe(403);
    const none = await launch(contentItemRequest({ user_id: 'no-role', roles: '' }));
    expect(none.status).toBe(403);
    const admin = await launch(contentItemRequest({ roles: 'urn:lti:instrole:ims/lis/Administrator' }));
    expect(admin.status).toBe(303);
  });
});

describe('Content-Item selection', () => {
  it('signs the teacher choice for the exact return URL of the verified request, which the peer verifies', async () => {
    const { c, next } = await session(contentItemRequest());
    expect(next).toMatch(/^\/moodleteacher\?selection=[\w-]{43}$/);
    const selection = new URL(next, 'http://x').searchParams.get('selection')!;
    const res = await c.post<{ url: string; fields: { name: string; value: string }[] }>(
      '/api/lti/content-item/',
      {
        selection,
        activity_code: ' demo 42 ',
        // A form field can never choose where Kib's signature goes.
        content_item_return_url: 'https://evil.example/steal',
        url: 'https://evil.example/steal',
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.url).toBe(RETURN_URL);
    const fields = Object.fromEntries(res.body.fields.map((f) => [f.name, f.value]));
    expect(peerVerifiesForm(RETURN_URL, fields, SECRET)).toBe(true);
    expect(peerVerifiesForm(RETURN_URL.replace('id=7', 'id=8'), fields, SECRET)).toBe(false);
    expect(fields).toMatchObject({
      lti_message_type: 'ContentItemSelection',
      lti_version: 'LTI-1p0',
      oauth_consumer_key: KEY,
      oauth_signature_method: 'HMAC-SHA1',
      data: '{"course":2,"note":"<b>&</b>"}',
    });
    // Compact JSON (no spaces between tokens) with one LtiLinkItem.
    const items = fields.content_items!;
    expect(items).toBe(JSON.stringify(JSON.parse(items)));
    expect(JSON.parse(items)).toMatchObject({
      '@context': 'http://purl.imsglobal.org/ctx/lti/v1/ContentItem',
      '@graph': [
        {
          '@type': 'LtiLinkItem',
          mediaType: 'application/vnd.ims.lti.v1.ltilink',
          title: 'Taller de álgebra',
          text: 'Taller de álgebra para Grado 10A',
          custom: { activity_code: 'DEMO42' },
          lineItem: {
            '@type': 'LineItem',
            scoreConstraints: { '@type': 'NumericLimits', normalMaximum: 100, totalMaximum: 100 },
          },
        },
      ],
    });
    expect(JSON.parse(items)['@graph']).toHaveLength(1);
  });

  it('makes the line item as large as LTI_LINE_ITEM_MAX_SCORE says', async () => {
    const { c, next } = await session(contentItemRequest({ user_id: 'teacher-max-score' }));
    const selection = new URL(next, 'http://x').searchParams.get('selection')!;
    const other = await startSecondInstance(server, { ltiNow: () => clock }, { ltiLineItemMaxScore: 10 });
    try {
      const onOther = new TestClient(other.url);
      onOther.token = c.token;
      const res = await onOther.post<{ fields: { name: string; value: string }[] }>(
        '/api/lti/content-item/',
        {
          selection,
          activity_code: 'DEMO42',
        },
      );
      expect(res.status).toBe(200);
      const items = res.body.fields.find((f) => f.name === 'content_items')!.value;
      expect(JSON.parse(items)['@graph'][0].lineItem.scoreConstraints).toEqual({
        '@type': 'NumericLimits',
        normalMaximum: 10,
        totalMaximum: 10,
      });
    } finally {
      await other.close();
    }
  });

  it('refuses an unknown code on the field, a selection of another teacher and an expired one', async () => {
    const mine = await session(contentItemRequest({ user_id: 'teacher-a' }));
    const theirs = await session(contentItemRequest({ user_id: 'teacher-b' }));
    const selection = new URL(mine.next, 'http://x').searchParams.get('selection')!;

    const unknown = await mine.c.post('/api/lti/content-item/', { selection, activity_code: 'NOPE99' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'lti-activity-unknown',
      fields: { activity_code: ['Código Erroneo'] },
    });
    const teacherCode = await mine.c.post('/api/lti/content-item/', { selection, activity_code: 'PROF42' });
    expect(teacherCode.status).toBe(404);
    const badShape = await mine.c.post('/api/lti/content-item/', { selection, activity_code: '"><script>' });
    expect(badShape.status).toBe(400);

    expect(
      (await theirs.c.post('/api/lti/content-item/', { selection, activity_code: 'DEMO42' })).status,
    ).toBe(404);
    clock = new Date(clock.getTime() + 61 * 60 * 1000);
    expect((await mine.c.post('/api/lti/content-item/', { selection, activity_code: 'DEMO42' })).status).toBe(
      404,
    );
  });

  it('refuses a return URL outside the consumer’s registered origins', async () => {
    const res = await launch(contentItemRequest({ content_item_return_url: 'https://evil.example/return' }));
    expect(res.status).toBe(400);
  });

  it('keeps students away from the picker and the module lookup', async () => {
    const { c } = await session(basicLaunch({ user_id: 'student-at-picker' }));
    expect((await c.post('/api/lti/content-item/', { selection: 'x', activity_code: 'DEMO42' })).status).toBe(
      403,
    );
    expect(
      (await c.post('/api/custom-lti/get_module_by_moodle_code/', { code_field: 'DEMO42' })).status,
    ).toBe(403);
  });

  it('finds a module by its code for the Moodle teacher (spec: data.module_id)', async () => {
    const { c } = await session(contentItemRequest({ user_id: 'teacher-lookup' }));
    const found = await c.post('/api/custom-lti/get_module_by_moodle_code/', { code_field: 'demo42' });
    expect(found.body).toEqual({ data: { module_id: moduleId } });
    expect(
      (await c.post('/api/custom-lti/get_module_by_moodle_code/', { code_field: 'NOPE99' })).status,
    ).toBe(404);
  });
});

describe('inside an LMS frame', () => {
  it('lets the registered platforms frame Kib and receive its forms, with no X-Frame-Options', async () => {
    server.kib.lti.origins.invalidate();
    const res = await fetch(`${server.url}/moodlestudent?module=1`, { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self' http://127.0.0.1:* http://localhost:*");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:* http://localhost:*");
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('adds a newly registered platform to frame-ancestors once the cache is refreshed', async () => {
    await new LtiRepository(server.db.sequelize).addConsumer({
      consumerKey: 'school-moodle',
      name: 'Colegio',
      secret: 'another-long-secret',
      allowedOrigins: ['https://moodle.colegio.example'],
    });
    server.kib.lti.origins.invalidate();
    const res = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-security-policy')).toContain('https://moodle.colegio.example');
  });
});

describe('the externally visible URL', () => {
  it('honours X-Forwarded-Proto and -Host from a trusted proxy only', async () => {
    const publicUrl = 'https://kib.example.org/lti/1.1/launch';
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'kib.example.org' };
    const sign = () =>
      signLaunch(publicUrl, basicLaunch({ user_id: 'behind-proxy' }), {
        consumerKey: KEY,
        secret: SECRET,
        timestamp: seconds(),
      }).body;
    // The default TRUST_PROXY is loopback: this test's requests come from a trusted proxy.
    expect((await post(sign(), forwarded)).status).toBe(303);

    const untrusting = await startTestServer(
      { TRUST_PROXY: 'false' },
      { ltiNow: () => clock },
      { seeded: true },
    );
    try {
      const url = `${untrusting.url}/lti/1.1/launch`;
      expect((await post(sign(), forwarded, url)).status).toBe(401);
      const direct = signLaunch(url, basicLaunch(), {
        consumerKey: KEY,
        secret: SECRET,
        timestamp: seconds(),
      });
      expect((await post(direct.body, forwarded, url)).status).toBe(303);
    } finally {
      await untrusting.close();
    }
  });
});

describe('logs', () => {
  it('never contain a launch code or the session token', async () => {
    const res = await launch(basicLaunch({ user_id: 'logged-student' }));
    const code = codeOf(res.location);
    await fetch(`${server.url}${res.location}`, { headers: { accept: 'text/html' } });
    const opened = await new TestClient(server.url).post<{ access: string }>('/api/lti/session/', { code });
    const all = logLines.join('\n');
    expect(all).not.toContain(code);
    expect(all).not.toContain(opened.body.access);
  });

  it('hold one info line per launch, with the consumer key and Kib ids, without names or the LMS user id', async () => {
    const from = logLines.length;
    const res = await launch(basicLaunch({ user_id: 'logged-student-2', resource_link_id: 'link-logged' }));
    const { c } = await session(
      basicLaunch({ user_id: 'logged-student-2', resource_link_id: 'link-logged' }),
    );
    const userId = (await c.get<{ id: number }>('/api/auth/users/me/')).body.id;
    expect(res.status).toBe(303);
    const mine = logLines.slice(from).join('');
    const launches = mine
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e.msg === 'LTI launch');
    expect(launches).toHaveLength(2);
    expect(launches[0]).toMatchObject({
      level: 30,
      lti: '1.1',
      messageType: 'basic-lti-launch-request',
      role: 'learner',
      consumerKey: KEY,
      moduleId,
      linkId: expect.any(Number),
      userId,
    });
    for (const personal of ['Ana', 'Gómez', 'logged-student-2']) expect(mine).not.toContain(personal);
  });
});
