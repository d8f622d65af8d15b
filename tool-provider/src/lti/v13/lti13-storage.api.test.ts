import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPost, Lti13Flow } from '../../../testing/lti13-flow';
import { Lti13Peer } from '../../../testing/lti13-peer';
import { startSecondInstance, startTestServer, type TestServer } from '../../../testing/test-server';
import { STORAGE_CHECK_TTL_SECONDS } from './lti13.service';

/** Kib's public address as the platform knows it (the tests post to the real port). */
const PUBLIC_URL = 'http://kib.test';
const REDIRECT_URI = `${PUBLIC_URL}/lti/1.3/launch`;

let server: TestServer;
let peer: Lti13Peer;
let flow: Lti13Flow;
let clock = new Date();

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL }, { ltiNow: () => clock }, { seeded: true });
  peer = new Lti13Peer();
  await peer.start(server.url);
  flow = new Lti13Flow(server, peer, PUBLIC_URL);
  await flow.registerPlatform();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

/** What a platform-storage page carries: its JSON element and, after a launch, the confirmation form. */
interface StoragePage {
  target: string;
  origin: string;
  key: string;
  value?: string;
  next?: string;
  pending?: string;
  action?: string;
}

function readPage(html: string): StoragePage {
  const json = /<script type="application\/json" id="lti-storage">(.*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the page has its JSON element').toBeDefined();
  const page = JSON.parse(json!) as StoragePage;
  const pending = /<input type="hidden" name="pending" value="([^"]*)">/.exec(html)?.[1];
  const action = /<form id="lti-storage-confirm" method="post" action="([^"]*)">/.exec(html)?.[1];
  return { ...page, ...(pending && { pending }), ...(action && { action }) };
}

/** What the page's script does with the storage frame, played here with the platform's frame. */
function ask(message: Record<string, unknown>): Record<string, unknown> {
  const answer = peer.storageMessage(PUBLIC_URL, { ...message, message_id: crypto.randomUUID() });
  expect(answer).not.toBeNull();
  return answer!;
}

/**
 * A login that names the storage frame, the login page's script (put the secret, then go to the
 * platform), the platform's authorisation, and the launch's form post to `launchUrl`.
 */
async function storageLaunch(claims: Record<string, unknown>, launchUrl = server.url) {
  const started = await flow.login(server.url, { lti_storage_target: peer.storageTarget });
  expect(started.status).toBe(200);
  const login = readPage(await started.text());
  expect(ask({ subject: 'lti.put_data', key: login.key, value: login.value }).error).toBeUndefined();
  const answer = await peer.authorize(
    login.next!,
    { redirectUri: REDIRECT_URI, loginHint: Lti13Flow.LOGIN_HINT, messageHint: Lti13Flow.MESSAGE_HINT },
    claims,
  );
  const res = await fetch(
    `${launchUrl}/lti/1.3/launch`,
    formPost({ id_token: answer.id_token, state: answer.state }),
  );
  const html = await res.text();
  return { login, res, html };
}

/** The launch page's script: reads the secret back and posts it with the pending id. */
function confirm(pending: string, value: string, headers: Record<string, string> = {}, baseUrl = server.url) {
  const post = formPost({ pending, value });
  return fetch(`${baseUrl}/lti/1.3/launch/confirm`, { ...post, headers: { ...post.headers, ...headers } });
}

const unusedCodes = async () =>
  (
    await server.db.sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM lti_launch_codes WHERE used_at IS NULL`,
      { type: QueryTypes.SELECT },
    )
  )[0]!.n;

describe('LTI 1.3 with platform storage', () => {
  it('answers the login with the storage page, keeping only the hash of the secret it puts there', async () => {
    const started = await flow.login(server.url, { lti_storage_target: peer.storageTarget });
    expect(started.status).toBe(200);
    expect(started.headers.get('location')).toBeNull();
    expect(started.headers.get('content-type')).toMatch(/^text\/html/);
    expect(started.headers.get('cache-control')).toBe('no-store');
    expect(started.headers.get('set-cookie')).toBeNull();
    // A platform that opens Kib in a new window keeps its storage frame, reached through window.opener.
    expect(started.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const csp = started.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(new RegExp(`frame-ancestors 'self'[^;]* ${peer.origin}`));
    const html = await started.text();
    expect(html).toContain('<script src="/lti/1.3/platform-storage.js" defer></script>');
    expect(html).toContain('<div id="lti-storage-failed" role="alert" hidden><h1>Kib no se abrió</h1>');

    const login = readPage(html);
    const state = new URL(login.next!).searchParams.get('state')!;
    expect(login).toMatchObject({
      target: peer.storageTarget,
      origin: peer.origin,
      key: `kib_state_${state}`,
    });
    expect(login.value).toMatch(/^[\w-]{43}$/);
    expect(login.next).not.toContain(login.value);
    const [row] = await server.db.sequelize.query<Record<string, unknown>>(
      `SELECT * FROM lti13_states WHERE state = :state`,
      { replacements: { state }, type: QueryTypes.SELECT },
    );
    expect(row).toMatchObject({
      storage_target: peer.storageTarget,
      secret_hash: crypto.createHash('sha256').update(login.value!).digest('hex'),
    });
    expect(JSON.stringify(row)).not.toContain(login.value);
  });

  it('hands no code at the launch, and opens the session once the secret is shown, only once', async () => {
    const before = await unusedCodes();
    const { res, html, login } = await storageLaunch({ sub: 'storage-learner' });
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).not.toContain('code=');
    expect(html).not.toContain(login.value);
    expect(await unusedCodes()).toBe(before);
    const page = readPage(html);
    expect(page).toMatchObject({
      target: peer.storageTarget,
      origin: peer.origin,
      key: login.key,
      action: '/lti/1.3/launch/confirm',
    });
    expect(page.value).toBeUndefined();
    expect(page.pending).toMatch(/^[\w-]{43}$/);

    const stored = ask({ subject: 'lti.get_data', key: page.key });
    expect(stored.value).toBe(login.value);
    const confirmed = await confirm(page.pending!, stored.value as string, {
      'sec-fetch-site': 'same-origin',
    });
    expect(confirmed.status).toBe(303);
    const location = confirmed.headers.get('location')!;
    expect(location).toMatch(/^\/moodlelogin\?code=[\w-]+&lang=(?:es|en)$/);
    const c = await flow.session(location);
    const me = await c.get<{ groups: string[]; first_name: string }>('/api/auth/users/me/');
    expect(me.body).toMatchObject({ groups: ['LTIStudent'], first_name: 'Ada' });

    const twice = await confirm(page.pending!, stored.value as string);
    expect(twice.status).toBe(401);
    expect(await twice.text()).toContain('lti-launch-expired');
  });

  it('refuses a wrong secret, which spends the launch', async () => {
    const { html, login } = await storageLaunch({ sub: 'storage-wrong' });
    const { pending } = readPage(html);
    const wrong = await confirm(pending!, crypto.randomBytes(32).toString('base64url'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('location')).toBeNull();
    expect(await wrong.text()).toContain('lti-storage-unconfirmed');
    expect((await confirm(pending!, login.value!)).status).toBe(401);
  });

  it('refuses the secret posted from another site, and after its time', async () => {
    const { html, login } = await storageLaunch({ sub: 'storage-cross-site' });
    const { pending } = readPage(html);
    expect((await confirm(pending!, login.value!, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // The refusal did not spend it: Kib's own page still can, until the held launch expires.
    clock = new Date(clock.getTime() + (STORAGE_CHECK_TTL_SECONDS + 1) * 1000);
    try {
      const late = await confirm(pending!, login.value!);
      expect(late.status).toBe(401);
      expect(await late.text()).toContain('lti-launch-expired');
    } finally {
      clock = new Date();
    }
  });

  it('refuses a storage target that is not a plain frame name', async () => {
    for (const target of ['', '_top', '"><script>', 'x'.repeat(65), 'a b'])
      expect((await flow.login(server.url, { lti_storage_target: target })).status, target).toBe(400);
  });

  it('keeps the redirect and the direct code for a login without a storage target', async () => {
    const started = await flow.login();
    expect(started.status).toBe(302);
    const state = new URL(started.headers.get('location')!).searchParams.get('state');
    const [row] = await server.db.sequelize.query<Record<string, unknown>>(
      `SELECT storage_target, secret_hash FROM lti13_states WHERE state = :state`,
      { replacements: { state }, type: QueryTypes.SELECT },
    );
    expect(row).toEqual({ storage_target: null, secret_hash: null });
    const { res } = await flow.launch({ sub: 'no-storage' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/moodlelogin\?code=[\w-]+&lang=(?:es|en)$/);
  });

  it('logs in on one instance and launches and confirms on another over one database', async () => {
    const second = await startSecondInstance(server, { ltiNow: () => clock });
    try {
      const otherUrl = second.url;
      const { res, html } = await storageLaunch({ sub: 'storage-two-instances' }, otherUrl);
      expect(res.status).toBe(200);
      const page = readPage(html);
      const value = ask({ subject: 'lti.get_data', key: page.key }).value as string;
      const confirmed = await confirm(page.pending!, value);
      expect(confirmed.status).toBe(303);
      await flow.session(confirmed.headers.get('location')!);
    } finally {
      await second.close();
    }
  });

  it('serves the pages’ script from its own origin', async () => {
    const res = await fetch(`${server.url}/lti/1.3/platform-storage.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const script = await res.text();
    for (const part of ['lti.put_data', 'lti.get_data', 'event.origin !== config.origin', 'location.replace'])
      expect(script).toContain(part);
  });
});
