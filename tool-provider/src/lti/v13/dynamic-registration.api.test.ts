import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lti13Peer } from '../../../testing/lti13-peer';
import { LIMITS } from '../../http/rate-limit';
import { startTestServer, TestClient, type TestServer } from '../../../testing/test-server';
import { REGISTRATION_SCOPES } from './dynamic-registration.service';

/** Kib's public address as the platform knows it (the tests call the real port). */
const PUBLIC_URL = 'http://kib.test';
const TOOL_CLAIM = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

let server: TestServer;
let peer: Lti13Peer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL, LTI_DYNAMIC_REGISTRATION: 'open' }, {}, { seeded: true });
  peer = new Lti13Peer('dyn-client-7', 'dyn-deployment-3');
  await peer.start(server.url);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

/** What the LMS opens: Kib's registration page with the configuration URL and the token. */
function register(
  base: string,
  query: Record<string, string> = {
    openid_configuration: peer.configurationUrl,
    registration_token: peer.registrationToken,
  },
  language = 'en',
): Promise<Response> {
  return fetch(`${base}/lti/1.3/register?${new URLSearchParams(query)}`, {
    headers: { 'accept-language': language },
  });
}

async function platformRows(issuer: string) {
  return server.db.sequelize.query<{
    clientId: string;
    deploymentId: string;
    origins: string[];
    login: string;
  }>(
    `SELECT p.client_id AS "clientId", d.deployment_id AS "deploymentId", p.allowed_origins AS origins,
            p.auth_login_url AS login
     FROM lti13_platforms p LEFT JOIN lti13_deployments d ON d.platform_id = p.id WHERE p.issuer = :issuer`,
    { replacements: { issuer }, type: QueryTypes.SELECT },
  );
}

describe('LTI Dynamic Registration', () => {
  it('registers the platform with Kib’s tool configuration, closes the LMS dialog, and the new client id launches', async () => {
    const res = await register(server.url, undefined, 'es');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Kib está registrado');
    expect(html).toContain('<script src="/lti/1.3/register-close.js" defer></script>');
    // The LMS frames this page before it is a platform; its origin is allowed for this page.
    expect(res.headers.get('content-security-policy')).toMatch(
      new RegExp(`frame-ancestors 'self'[^;]* ${peer.origin.replace(/\./g, '\\.')}(;|$)`),
    );
    const script = await fetch(`${server.url}/lti/1.3/register-close.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain(
      "window.parent.postMessage({ subject: 'org.imsglobal.lti.close' }, '*')",
    );

    const posted = peer.registrations.at(-1)!;
    expect(posted.authorized).toBe(true);
    expect(posted.body).toMatchObject({
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: `${PUBLIC_URL}/lti/1.3/login`,
      redirect_uris: [`${PUBLIC_URL}/lti/1.3/launch`],
      client_name: 'Kib',
      jwks_uri: `${PUBLIC_URL}/lti/1.3/keys`,
      token_endpoint_auth_method: 'private_key_jwt',
    });
    // Only the scopes Kib asks tokens for: scores and the roster (no line item management, no results).
    expect(String(posted.body.scope).split(' ').sort()).toEqual(
      [
        'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
      ].sort(),
    );
    expect(String(posted.body.scope).split(' ').sort()).toEqual([...REGISTRATION_SCOPES].sort());
    // Only the claims Kib reads: no e-mail, so Moodle does not set "Share launcher's email: Always".
    const claims = (posted.body[TOOL_CLAIM] as { claims: string[] }).claims;
    expect(claims).not.toContain('email');
    expect(posted.body[TOOL_CLAIM]).toEqual({
      domain: 'kib.test',
      target_link_uri: `${PUBLIC_URL}/lti/1.3/launch`,
      custom_parameters: {},
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name'],
      messages: [
        { type: 'LtiResourceLinkRequest', target_link_uri: `${PUBLIC_URL}/lti/1.3/launch`, label: 'Kib' },
        { type: 'LtiDeepLinkingRequest', target_link_uri: `${PUBLIC_URL}/lti/1.3/launch`, label: 'Kib' },
      ],
    });
    expect(await platformRows(peer.issuer)).toEqual([
      {
        clientId: 'dyn-client-7',
        deploymentId: 'dyn-deployment-3',
        origins: [peer.origin],
        login: peer.endpoints.authLoginUrl,
      },
    ]);

    // The simulator's whole launch with the registered client id.
    const login = await fetch(`${server.url}/lti/1.3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        iss: peer.issuer,
        target_link_uri: `${PUBLIC_URL}/lti/1.3/launch`,
        login_hint: 'hint-9',
        client_id: 'dyn-client-7',
        lti_deployment_id: 'dyn-deployment-3',
      }).toString(),
      redirect: 'manual',
    });
    expect(login.status).toBe(302);
    const answer = await peer.authorize(
      login.headers.get('location')!,
      { redirectUri: `${PUBLIC_URL}/lti/1.3/launch`, loginHint: 'hint-9' },
      { sub: 'dyn-learner' },
    );
    const launched = await fetch(`${server.url}/lti/1.3/launch`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_token: answer.id_token, state: answer.state }).toString(),
      redirect: 'manual',
    });
    expect(launched.status).toBe(303);
    const code = new URL(launched.headers.get('location')!, PUBLIC_URL).searchParams.get('code');
    const c = new TestClient(server.url);
    const opened = await c.post<{ access: string; next: string }>('/api/lti/session/', { code });
    expect(opened.status).toBe(200);
    expect(opened.body.next).toMatch(/^\/moodlestudent\?module=\d+$/);
  });

  it('answers a second registration of the same issuer and client id without a second platform, with its new endpoints', async () => {
    peer.configurationPatch = { authorization_endpoint: `${peer.issuer}/auth?tenant=2` };
    try {
      const res = await register(server.url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Kib is registered');
    } finally {
      peer.configurationPatch = {};
    }
    const rows = await platformRows(peer.issuer);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.login).toBe(`${peer.issuer}/auth?tenant=2`);
  });

  it('refuses a configuration whose issuer is not on the configuration URL’s origin (400)', async () => {
    peer.configurationPatch = { issuer: 'https://moodle.elsewhere.example' };
    try {
      const res = await register(server.url);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('lti-registration-invalid');
    } finally {
      peer.configurationPatch = {};
    }
  });

  it('refuses a configuration that lacks the LTI platform claim or a registration endpoint (400)', async () => {
    for (const patch of [
      { 'https://purl.imsglobal.org/spec/lti-platform-configuration': undefined },
      { registration_endpoint: undefined },
      { jwks_uri: 'not a url' },
    ]) {
      peer.configurationPatch = patch;
      const before = peer.registrations.length;
      const res = await register(server.url);
      expect(res.status).toBe(400);
      expect(peer.registrations.length).toBe(before);
    }
    peer.configurationPatch = {};
  });

  it('refuses an http configuration URL that is not on the local machine (400) without fetching it', async () => {
    const res = await register(server.url, {
      openid_configuration: 'http://moodle.example/mod/lti/openid-configuration.php',
      registration_token: 'x',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('lti-registration-invalid');
    expect((await register(server.url, { registration_token: 'x' })).status).toBe(400);
  });

  it('answers 502 with a translated page when the platform refuses the registration', async () => {
    peer.registrationStatus = 400;
    try {
      const res = await register(server.url, undefined, 'es');
      expect(res.status).toBe(502);
      const html = await res.text();
      expect(html).toContain('La plataforma no aceptó el registro');
      expect(html).toContain('lti-registration-failed');
    } finally {
      peer.registrationStatus = 200;
    }
    const wrongToken = await register(server.url, {
      openid_configuration: peer.configurationUrl,
      registration_token: 'wrong',
    });
    expect(wrongToken.status).toBe(502);
    expect(peer.registrations.at(-1)!.authorized).toBe(false);
  });

  it('answers 429 once an address has tried too many registrations, and calls no platform', async () => {
    const busy = await startTestServer({ PUBLIC_URL, LTI_DYNAMIC_REGISTRATION: 'open' });
    try {
      const bad = { openid_configuration: 'http://registration.example/.well-known/openid-configuration' };
      for (let i = 0; i < LIMITS.ltiRegistrationPerAddress.points; i++)
        expect((await register(busy.url, bad)).status).toBe(400);
      const before = peer.registrations.length;
      const res = await register(busy.url);
      expect(res.status).toBe(429);
      expect(peer.registrations.length).toBe(before);
    } finally {
      await busy.close();
    }
  }, 60_000);

  it('answers 403 while the operator keeps registration closed, and calls no platform', async () => {
    const closed = await startTestServer({ PUBLIC_URL, LTI_DYNAMIC_REGISTRATION: 'closed' });
    try {
      const before = peer.registrations.length;
      const res = await register(closed.url);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('Registration of new platforms is closed');
      expect(peer.registrations.length).toBe(before);
    } finally {
      await closed.close();
    }
  }, 60_000);
});
