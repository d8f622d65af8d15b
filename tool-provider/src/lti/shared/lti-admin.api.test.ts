import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSignedLaunch } from '../../../testing/lti-peer';
import { Lti13Flow } from '../../../testing/lti13-flow';
import { Lti13Peer } from '../../../testing/lti13-peer';
import { startTestServer, TestClient, type TestServer } from '../../../testing/test-server';
import { DEV_LTI_CONSUMER } from '../v11/dev-consumer';

const PUBLIC_URL = 'http://kib.test';
const MOODLE = 'https://moodle.colegio.example';

let server: TestServer;
let admin: TestClient;
let peer: Lti13Peer;
let flow: Lti13Flow;

interface Consumer {
  consumer_key: string;
  name: string;
  allowed_origins: string[];
  created_at: string;
  previous_secret_until: string | null;
  disabled_at: string | null;
}
interface Platform {
  id: number;
  issuer: string;
  client_id: string;
  name: string;
  allowed_origins: string[];
  deployments: string[];
  disabled_at: string | null;
}
interface Registrations {
  consumers: Consumer[];
  platforms: Platform[];
  keys: { kid: string; created_at: string; active: boolean; retires_at: string | null }[];
  tool_urls: Record<string, string>;
}

/** A client logged in as a seeded account (password demo1234), reading English. */
async function loggedIn(email: string): Promise<TestClient> {
  const c = new TestClient(server.url, { 'accept-language': 'en' });
  const res = await c.post<{ access: string }>('/api/auth/jwt/create/', { email, password: 'demo1234' });
  expect(res.status).toBe(200);
  c.token = res.body.access;
  return c;
}

/** A signed LTI 1.1 learner launch of the demo module; answers its status. */
async function launch(consumerKey: string, secret: string): Promise<number> {
  const res = await postSignedLaunch(
    `${server.url}/lti/1.1/launch`,
    {
      lti_message_type: 'basic-lti-launch-request',
      lti_version: 'LTI-1p0',
      resource_link_id: 'admin-1',
      user_id: `u-${consumerKey}`,
      roles: 'Learner',
      custom_activity_code: 'DEMO42',
    },
    { consumerKey, secret },
  );
  return res.status;
}

const registrations = async () => (await admin.get<Registrations>('/api/lti/admin/registrations/')).body;
const frameAncestors = async () =>
  (await fetch(`${server.url}/api/health`)).headers.get('content-security-policy') ?? '';

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL }, {}, { seeded: true });
  admin = await loggedIn('platformadmin@demo.kib');
  peer = new Lti13Peer();
  await peer.start(server.url);
  flow = new Lti13Flow(server, peer, PUBLIC_URL);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

describe('who manages LTI registrations', () => {
  it('asks an anonymous caller to log in and refuses a teacher, a student and a school admin', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/lti/admin/registrations/')).status).toBe(401);
    expect((await anonymous.post('/api/lti/admin/consumers/', { consumer_key: 'x', name: 'x' })).status).toBe(
      401,
    );
    for (const email of ['teacher@demo.kib', 'student@demo.kib', 'schooladmin@demo.kib']) {
      const other = await loggedIn(email);
      expect((await other.get('/api/lti/admin/registrations/')).status, email).toBe(403);
      const add = await other.post('/api/lti/admin/consumers/', { consumer_key: 'intruder', name: 'I' });
      expect(add.status, email).toBe(403);
      expect((await other.post('/api/lti/admin/keys/rotate/', {})).status, email).toBe(403);
    }
    expect((await registrations()).consumers.map((c) => c.consumer_key)).not.toContain('intruder');
  });
});

describe('LTI 1.1 consumers', () => {
  it("lists the consumers without their secrets, Kib's keys and the URLs to paste into an LMS", async () => {
    const res = await admin.get<Registrations>('/api/lti/admin/registrations/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.consumers).toEqual([
      expect.objectContaining({
        consumer_key: DEV_LTI_CONSUMER.consumerKey,
        allowed_origins: ['http://localhost:*', 'http://127.0.0.1:*'],
        previous_secret_until: null,
        disabled_at: null,
      }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(DEV_LTI_CONSUMER.secret);
    expect(JSON.stringify(res.body)).not.toMatch(/"secret"|private|"d":/);
    expect(res.body.tool_urls).toEqual({
      lti11_launch_url: `${PUBLIC_URL}/lti/1.1/launch`,
      lti13_login_url: `${PUBLIC_URL}/lti/1.3/login`,
      lti13_redirect_uri: `${PUBLIC_URL}/lti/1.3/launch`,
      lti13_keyset_url: `${PUBLIC_URL}/lti/1.3/keys`,
      lti13_registration_url: `${PUBLIC_URL}/lti/1.3/register`,
      dynamic_registration: 'open',
    });
    expect(res.body.keys).toEqual([expect.objectContaining({ active: true, retires_at: null })]);
  });

  it('adds a consumer, answers its secret once, and the secret signs launches', async () => {
    const res = await admin.post<{ consumer: Consumer; secret: string }>('/api/lti/admin/consumers/', {
      consumer_key: 'colegio-moodle',
      name: 'Moodle del colegio',
      allowed_origins: ['HTTPS://Moodle.Colegio.example/', MOODLE],
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.secret).toMatch(/^[\w-]{32}$/);
    expect(res.body.consumer).toMatchObject({
      consumer_key: 'colegio-moodle',
      name: 'Moodle del colegio',
      allowed_origins: [MOODLE],
      disabled_at: null,
    });
    expect(JSON.stringify(await registrations())).not.toContain(res.body.secret);
    expect(await launch('colegio-moodle', res.body.secret)).toBe(303);
    // This process's frame-ancestors know the new origin at once.
    expect(await frameAncestors()).toContain(MOODLE);
  });

  it('refuses bad input with translated field errors, and a taken key with 409', async () => {
    const bad = await admin.post<{ code: string; fields: Record<string, string[]> }>(
      '/api/lti/admin/consumers/',
      { consumer_key: 'with space', name: '  ', allowed_origins: ['https://moodle.example/path'] },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation');
    expect(bad.body.fields).toEqual({
      consumer_key: ['Use letters, digits and symbols, without spaces.'],
      name: ['This field is required.'],
    });
    const origin = await admin.post<{ fields: Record<string, string[]> }>('/api/lti/admin/consumers/', {
      consumer_key: 'k-origin',
      name: 'Name',
      allowed_origins: ["https://a.example; script-src 'unsafe-inline'", 'https://ok.example'],
    });
    expect(origin.status).toBe(400);
    expect(origin.body.fields.allowed_origins).toEqual([
      "https://a.example; script-src 'unsafe-inline' is not an origin: write it as https://moodle.example.edu, without a path.",
    ]);
    const spanish = await admin.post<{ fields: Record<string, string[]> }>(
      '/api/lti/admin/consumers/',
      { consumer_key: 'k', name: 'n', allowed_origins: ['ftp://x'] },
      { 'accept-language': 'es' },
    );
    expect(spanish.body.fields.allowed_origins?.[0]).toContain('no es un origen');
    for (const body of [{}, { consumer_key: 7, name: [], allowed_origins: 'x' }, 'not json']) {
      const res = await admin.post('/api/lti/admin/consumers/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const taken = await admin.post<{ code: string; detail: string; fields: Record<string, string[]> }>(
      '/api/lti/admin/consumers/',
      { consumer_key: 'colegio-moodle', name: 'Otro' },
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'lti-consumer-exists',
      detail: 'An LMS with this consumer key is registered already.',
      fields: { consumer_key: ['An LMS with this consumer key is registered already.'] },
    });
    expect((await registrations()).consumers.map((c) => c.consumer_key)).toEqual([
      'colegio-moodle',
      DEV_LTI_CONSUMER.consumerKey,
    ]);
  });

  it('rotates a secret: the new one is answered once and signs; the old one works through the grace period', async () => {
    const before = await admin.post<{ secret: string }>('/api/lti/admin/consumers/', {
      consumer_key: 'rotating',
      name: 'Rotating',
    });
    const res = await admin.post<{ consumer: Consumer; secret: string }>(
      '/api/lti/admin/consumers/rotating/rotate-secret/',
      { grace_hours: 2 },
    );
    expect(res.status).toBe(200);
    expect(res.body.secret).not.toBe(before.body.secret);
    const until = Date.parse(res.body.consumer.previous_secret_until!);
    expect(Math.abs(until - (Date.now() + 2 * 3600 * 1000))).toBeLessThan(60_000);
    expect(await launch('rotating', res.body.secret)).toBe(303);
    expect(await launch('rotating', before.body.secret)).toBe(303);
    const listed = (await registrations()).consumers.find((c) => c.consumer_key === 'rotating')!;
    expect(listed.previous_secret_until).toBe(res.body.consumer.previous_secret_until);
    expect(JSON.stringify(listed)).not.toContain(res.body.secret);

    const unknown = await admin.post('/api/lti/admin/consumers/nobody/rotate-secret/', {});
    expect(unknown).toMatchObject({
      status: 404,
      body: { detail: 'There is no LMS registered with this consumer key.' },
    });
    const tooLong = await admin.post<{ fields: Record<string, string[]> }>(
      '/api/lti/admin/consumers/rotating/rotate-secret/',
      { grace_hours: 100_000 },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields.grace_hours).toEqual(['Write a number of hours from 0 to 2160 (90 days).']);
  });

  it("disables a consumer: its launches are refused like an unknown key's and its origins leave frame-ancestors; enabled, it works again", async () => {
    const added = await admin.post<{ secret: string }>('/api/lti/admin/consumers/', {
      consumer_key: 'switched',
      name: 'Switched',
      allowed_origins: ['https://switched.example'],
    });
    expect(await launch('switched', added.body.secret)).toBe(303);
    const off = await admin.request<Consumer>('PATCH', '/api/lti/admin/consumers/switched/', {
      enabled: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.disabled_at).not.toBeNull();
    expect(await launch('switched', added.body.secret)).toBe(401);
    expect(await launch('never-registered', added.body.secret)).toBe(401);
    expect(await frameAncestors()).not.toContain('https://switched.example');
    const again = await admin.request<Consumer>('PATCH', '/api/lti/admin/consumers/switched/', {
      enabled: false,
    });
    expect(again.body.disabled_at).toBe(off.body.disabled_at);
    expect((await registrations()).consumers.find((c) => c.consumer_key === 'switched')?.disabled_at).toBe(
      off.body.disabled_at,
    );

    const on = await admin.request<Consumer>('PATCH', '/api/lti/admin/consumers/switched/', {
      enabled: true,
    });
    expect(on.body.disabled_at).toBeNull();
    expect(await launch('switched', added.body.secret)).toBe(303);
    expect(await frameAncestors()).toContain('https://switched.example');

    expect(
      (await admin.request('PATCH', '/api/lti/admin/consumers/nobody/', { enabled: false })).status,
    ).toBe(404);
    expect(
      (await admin.request('PATCH', '/api/lti/admin/consumers/switched/', { enabled: 'no' })).status,
    ).toBe(400);
  });
});

describe('LTI 1.3 platforms and keys', () => {
  const platformBody = () => ({
    issuer: peer.issuer,
    client_id: peer.clientId,
    name: 'Peer Moodle',
    auth_login_url: peer.endpoints.authLoginUrl,
    auth_token_url: peer.endpoints.authTokenUrl,
    jwks_url: peer.endpoints.jwksUrl,
    allowed_origins: [peer.origin],
    deployments: [peer.deploymentId],
  });

  it('adds a platform with its deployments, and its logins reach the platform', async () => {
    const res = await admin.post<Platform>('/api/lti/admin/platforms/', platformBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      issuer: peer.issuer,
      client_id: peer.clientId,
      deployments: [peer.deploymentId],
      allowed_origins: [peer.origin],
      disabled_at: null,
    });
    expect((await flow.login()).status).toBe(302);
    expect((await registrations()).platforms).toEqual([expect.objectContaining({ id: res.body.id })]);
  });

  it('refuses a bad platform with field errors and a second one of the same issuer and client id', async () => {
    const bad = await admin.post<{ fields: Record<string, string[]> }>('/api/lti/admin/platforms/', {
      ...platformBody(),
      client_id: '',
      auth_login_url: 'javascript:alert(1)',
      jwks_url: 'not a url',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['auth_login_url', 'client_id', 'jwks_url']);
    expect(bad.body.fields.jwks_url).toEqual(['Write a full address that starts with https:// or http://.']);
    const taken = await admin.post('/api/lti/admin/platforms/', platformBody());
    expect(taken).toMatchObject({ status: 409, body: { code: 'lti-platform-exists' } });
  });

  it('adds a deployment once', async () => {
    const [platform] = (await registrations()).platforms;
    const path = `/api/lti/admin/platforms/${platform!.id}/deployments/`;
    const res = await admin.post<Platform>(path, { deployment_id: 'dep-2' });
    expect(res.status).toBe(201);
    expect(res.body.deployments).toEqual([peer.deploymentId, 'dep-2']);
    expect(await admin.post(path, { deployment_id: 'dep-2' })).toMatchObject({
      status: 409,
      body: { code: 'lti-deployment-exists' },
    });
    expect(
      (await admin.post('/api/lti/admin/platforms/9999/deployments/', { deployment_id: 'd' })).status,
    ).toBe(404);
    expect(
      (await admin.post('/api/lti/admin/platforms/abc/deployments/', { deployment_id: 'd' })).status,
    ).toBe(404);
  });

  it("disables a platform: its logins are refused like an unknown platform's; enabled, they pass again", async () => {
    const [platform] = (await registrations()).platforms;
    const path = `/api/lti/admin/platforms/${platform!.id}/`;
    const off = await admin.request<Platform>('PATCH', path, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.disabled_at).not.toBeNull();
    expect((await flow.login()).status).toBe(400);
    expect(await frameAncestors()).not.toContain(peer.origin);
    // Registering itself again does not bring a disabled platform back.
    const registerAgain = () =>
      fetch(
        `${server.url}/lti/1.3/register?${new URLSearchParams({
          openid_configuration: peer.configurationUrl,
          registration_token: peer.registrationToken,
        })}`,
      );
    const refused = await registerAgain();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('disabled');
    expect((await registrations()).platforms[0]!.disabled_at).toBe(off.body.disabled_at);
    const on = await admin.request<Platform>('PATCH', path, { enabled: true });
    expect(on.body.disabled_at).toBeNull();
    expect((await flow.login()).status).toBe(302);
    expect((await registerAgain()).status).toBe(200);
  });

  it('rotates the signing key: the new one is active, the old one stays published until it retires', async () => {
    const [old] = (await registrations()).keys;
    const res = await admin.post<{ kid: string; keys: Registrations['keys'] }>(
      '/api/lti/admin/keys/rotate/',
      {
        grace_hours: 1,
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.kid).not.toBe(old!.kid);
    expect(res.body.keys).toEqual([
      expect.objectContaining({ kid: res.body.kid, active: true, retires_at: null }),
      expect.objectContaining({ kid: old!.kid, active: false }),
    ]);
    const retires = Date.parse(res.body.keys[1]!.retires_at!);
    expect(Math.abs(retires - (Date.now() + 3600 * 1000))).toBeLessThan(60_000);
    const jwks = (await (await fetch(`${server.url}/lti/1.3/keys`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([res.body.kid, old!.kid]);
    expect((await admin.post('/api/lti/admin/keys/rotate/', { grace_hours: -1 })).status).toBe(400);
  });
});
