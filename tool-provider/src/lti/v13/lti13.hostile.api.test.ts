import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPost, Lti13Flow } from '../../../testing/lti13-flow';
import { Lti13Peer } from '../../../testing/lti13-peer';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { FORM_FIELD_LIMIT } from '../shared/lti.routes';

/*
 * LTI 1.3 login and launch under hostile input: forms with too many fields and id_tokens that live
 * longer than a platform's usual, each refused with a translated page, never a 500.
 */

const PUBLIC_URL = 'http://kib.test';
/** The lifetime cap this server is configured with (LTI_ID_TOKEN_MAX_LIFETIME). */
const MAX_LIFETIME = 900;

let server: TestServer;
let peer: Lti13Peer;
let flow: Lti13Flow;

beforeAll(async () => {
  server = await startTestServer(
    { PUBLIC_URL, LTI_ID_TOKEN_MAX_LIFETIME: String(MAX_LIFETIME) },
    {},
    { seeded: true },
  );
  peer = new Lti13Peer();
  await peer.start(server.url);
  flow = new Lti13Flow(server, peer, PUBLIC_URL);
  await flow.registerPlatform();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

/** `count` made-up fields, `f0=v` … */
const padding = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, 'v']));

const english = (init: RequestInit): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), 'accept-language': 'en' },
});

describe('forms with too many fields', () => {
  it(`refuses a login form of more than ${FORM_FIELD_LIMIT} fields with a translated 413 page`, async () => {
    const res = await fetch(
      `${server.url}/lti/1.3/login`,
      english(
        formPost({
          iss: peer.issuer,
          target_link_uri: `${PUBLIC_URL}/lti/1.3/launch`,
          login_hint: 'hint',
          client_id: peer.clientId,
          ...padding(FORM_FIELD_LIMIT),
        }),
      ),
    );
    expect(res.status).toBe(413);
    const text = await res.text();
    expect(text).toContain('The form has too many fields.');
    expect(text).toContain('too-many-fields');
  });

  it('refuses a login by GET with too many query parameters, and a launch form with too many fields', async () => {
    const query = new URLSearchParams({ iss: peer.issuer, login_hint: 'hint', ...padding(FORM_FIELD_LIMIT) });
    const get = await fetch(`${server.url}/lti/1.3/login?${query}`, english({ redirect: 'manual' }));
    expect(get.status).toBe(413);
    expect(await get.text()).toContain('too-many-fields');

    const launch = await fetch(
      `${server.url}/lti/1.3/launch`,
      formPost({ id_token: 'x.y.z', state: 'some-state', ...padding(FORM_FIELD_LIMIT) }),
    );
    expect(launch.status).toBe(413);
    expect(await launch.text()).toContain('El formulario tiene demasiados campos.');
  });

  it('still takes a login of few fields', async () => {
    const res = await flow.login(server.url, padding(10));
    expect(res.status).toBe(302);
  });
});

describe('id_token lifetime', () => {
  const at = (lifetime: number) => {
    const iat = Math.floor(Date.now() / 1000);
    return { iat, exp: iat + lifetime };
  };

  it('refuses a token whose exp - iat is over LTI_ID_TOKEN_MAX_LIFETIME with a translated page', async () => {
    for (const lifetime of [MAX_LIFETIME + 1, 30 * 24 * 3600]) {
      const { res, text } = await flow.launch({ sub: `long-${lifetime}`, ...at(lifetime) });
      expect(res.status).toBe(401);
      expect(text).toContain('lti-token-lifetime');
      expect(text).toContain('La plataforma firmó el lanzamiento por más tiempo del que Kib acepta.');
    }
  });

  it('takes a token that lives exactly the configured maximum', async () => {
    const { res } = await flow.launch({ sub: 'exactly-max', ...at(MAX_LIFETIME) });
    expect(res.status).toBe(303);
  });
});

describe('characters PostgreSQL cannot store', () => {
  it('refuses a NUL in a login or launch field with a translated 400 page, on LTI 1.3 and 1.1', async () => {
    const login = await fetch(
      `${server.url}/lti/1.3/login`,
      formPost({
        iss: `${peer.issuer}\u0000`,
        target_link_uri: `${PUBLIC_URL}/lti/1.3/launch`,
        login_hint: 'hint',
      }),
    );
    expect(login.status).toBe(400);
    expect(await login.text()).toContain('lti-launch-invalid');
    const query = new URLSearchParams({
      iss: peer.issuer,
      login_hint: 'h\u0000',
      target_link_uri: PUBLIC_URL,
    });
    expect((await fetch(`${server.url}/lti/1.3/login?${query}`, { redirect: 'manual' })).status).toBe(400);
    const launch = await fetch(
      `${server.url}/lti/1.3/launch`,
      formPost({ id_token: 'x.y.z', state: 'a\u0000b' }),
    );
    expect(launch.status).toBe(400);
    const lti11 = await fetch(
      `${server.url}/lti/1.1/launch`,
      formPost({ oauth_consumer_key: 'moodle\u0000', lti_message_type: 'basic-lti-launch-request' }),
    );
    expect(lti11.status).toBe(400);
    expect(await lti11.text()).toContain('lti-launch-invalid');
  });
});
