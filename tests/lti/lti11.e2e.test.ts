import crypto from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import type { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApp,
  loadConfig,
  connect,
  createTestDatabase,
  type TestDatabase,
} from '@kib/tool-provider/testing';

/**
 * LTI 1.1 against independent peers: the launches are signed, and the tool's Content-Item answer is
 * verified, by an OAuth 1.0 HMAC-SHA1 signer written here from RFC 5849 alone (it shares no code
 * with the tool), and the single-use nonce is checked across two tool instances on one database.
 */

const KEY = 'kib-dev-key';
const SECRET = 'kib-dev-secret';

/** RFC 3986 §2.1 encoding as RFC 5849 §3.6 requires: every byte but unreserved characters. */
function rfc3986(s: string): string {
  return [...new TextEncoder().encode(s)]
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9\-._~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** RFC 5849 §3.4.1 and §3.4.2: the base string and its HMAC-SHA1 signature, from the spec. */
function specSignature(method: string, url: string, params: [string, string][], secret: string): string {
  const u = new URL(url);
  const defaultPort =
    (u.protocol === 'http:' && u.port === '80') || (u.protocol === 'https:' && u.port === '443');
  const base = `${u.protocol}//${u.hostname.toLowerCase()}${u.port && !defaultPort ? `:${u.port}` : ''}${u.pathname}`;
  // §3.4.1.3.1: the query and the form body, decoded as application/x-www-form-urlencoded.
  const all = [...new URLSearchParams(u.search), ...params].filter(([n]) => n !== 'oauth_signature');
  const normalised = all
    .map(([n, v]) => [rfc3986(n), rfc3986(v)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : x! > y! ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  const text = [method.toUpperCase(), base, normalised].map(rfc3986).join('&');
  return crypto
    .createHmac('sha1', `${rfc3986(secret)}&`)
    .update(text)
    .digest('base64');
}

/** A launch form signed by the spec signer, as the urlencoded body a browser posts. */
function signedLaunch(
  url: string,
  params: Record<string, string>,
  opts: { timestamp: number; nonce?: string },
) {
  const fields: Record<string, string> = {
    ...params,
    oauth_consumer_key: KEY,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(opts.timestamp),
    oauth_nonce: opts.nonce ?? crypto.randomBytes(16).toString('hex'),
    oauth_version: '1.0',
    oauth_callback: 'about:blank',
  };
  fields.oauth_signature = specSignature('POST', url, Object.entries(fields), SECRET);
  return new URLSearchParams(fields).toString();
}

interface Instance {
  url: string;
  sequelize: Sequelize;
  server: Server;
}

let db: TestDatabase;
const instances: Instance[] = [];
const now = () => Math.floor(Date.now() / 1000);

/** One tool provider as production builds it, with its own connection pool on the shared database. */
async function startInstance(): Promise<Instance> {
  const sequelize = connect(db.url, db.kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/kib-lti-e2e',
  });
  const kib = await createApp({
    config,
    sequelize,
    databaseKind: db.kind,
    logger: pino({ level: 'silent' }),
  });
  const server: Server = await new Promise((resolve) => {
    const s = kib.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sequelize, server };
}

beforeAll(async () => {
  db = await createTestDatabase({ content: 'seeded' });
  instances.push(await startInstance(), await startInstance());
}, 120_000);

afterAll(async () => {
  for (const i of instances) {
    i.server.closeAllConnections();
    await new Promise<void>((resolve) => i.server.close(() => resolve()));
    await i.sequelize.close();
  }
  await db?.drop();
});

function basic(extra: Record<string, string> = {}): Record<string, string> {
  return {
    lti_message_type: 'basic-lti-launch-request',
    lti_version: 'LTI-1p0',
    resource_link_id: '17',
    user_id: 'peer-student',
    roles: 'Learner',
    custom_activity_code: 'DEMO42',
    ...extra,
  };
}

async function post(url: string, body: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

describe('LTI 1.1 launches signed by an independent signer', () => {
  it('accepts a valid launch, then refuses it replayed, tampered or stale, each with 401', async () => {
    const url = `${instances[0]!.url}/lti/1.1/launch`;
    const body = signedLaunch(url, basic(), { timestamp: now() });
    const ok = await post(url, body);
    expect(ok.status).toBe(303);
    expect(ok.location).toMatch(/^\/moodlelogin\?code=/);

    expect((await post(url, body)).status).toBe(401);
    const fresh = signedLaunch(url, basic(), { timestamp: now() });
    expect(
      (await post(url, fresh.replace('custom_activity_code=DEMO42', 'custom_activity_code=PROF42'))).status,
    ).toBe(401);
    expect((await post(url, fresh.replace('user_id=peer-student', 'user_id=other-student'))).status).toBe(
      401,
    );
    expect((await post(url, signedLaunch(url, basic(), { timestamp: now() - 301 }))).status).toBe(401);
    expect((await post(url, signedLaunch(url, basic(), { timestamp: now() + 600 }))).status).toBe(401);
  });

  it('accepts exactly one of 10 identical launches sent at once to two instances on one database', async () => {
    const timestamp = now();
    const nonce = crypto.randomBytes(16).toString('hex');
    const bodies = instances.map((i) => {
      const url = `${i.url}/lti/1.1/launch`;
      return { url, body: signedLaunch(url, basic({ user_id: 'race' }), { timestamp, nonce }) };
    });
    // The URL is part of the signature: each instance gets the launch signed for its own address,
    // with the same consumer, nonce and timestamp.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, k) => bodies[k % 2]!).map(({ url, body }) => post(url, body)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([303, 401, 401, 401, 401, 401, 401, 401, 401, 401]);
  });

  it('returns a ContentItemSelection that the independent signer verifies for the exact return URL', async () => {
    const base = instances[1]!.url;
    const returnUrl = 'http://127.0.0.1:8081/mod/lti/contentitem_return.php?course=2&id=9&sesskey=Ab+c%2Fd';
    const launch = await post(
      `${base}/lti/1.1/launch`,
      signedLaunch(
        `${base}/lti/1.1/launch`,
        {
          lti_message_type: 'ContentItemSelectionRequest',
          lti_version: 'LTI-1p0',
          user_id: 'peer-teacher',
          roles: 'urn:lti:role:ims/lis/Instructor',
          content_item_return_url: returnUrl,
          accept_media_types: 'application/vnd.ims.lti.v1.ltilink',
          data: 'opaque "data" & more',
        },
        { timestamp: now() },
      ),
    );
    expect(launch.status).toBe(303);
    const code = new URL(launch.location!, base).searchParams.get('code');
    const session = (await (
      await fetch(`${base}/api/lti/session/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      })
    ).json()) as { access: string; next: string };
    const selection = new URL(session.next, base).searchParams.get('selection');
    const answer = (await (
      await fetch(`${base}/api/lti/content-item/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access}` },
        body: JSON.stringify({ selection, activity_code: 'DEMO42' }),
      })
    ).json()) as { url: string; fields: { name: string; value: string }[] };

    expect(answer.url).toBe(returnUrl);
    const fields = answer.fields.map((f) => [f.name, f.value] as [string, string]);
    const byName = Object.fromEntries(fields);
    expect(byName.oauth_signature).toBe(specSignature('POST', returnUrl, fields, SECRET));
    expect(byName.oauth_signature).not.toBe(
      specSignature('POST', returnUrl.replace('id=9', 'id=8'), fields, SECRET),
    );
    expect(byName).toMatchObject({
      lti_message_type: 'ContentItemSelection',
      lti_version: 'LTI-1p0',
      data: 'opaque "data" & more',
      oauth_consumer_key: KEY,
    });
    const items = JSON.parse(byName.content_items!) as { '@graph': Record<string, unknown>[] };
    expect(items['@graph']).toEqual([
      expect.objectContaining({
        '@type': 'LtiLinkItem',
        mediaType: 'application/vnd.ims.lti.v1.ltilink',
        title: 'Taller de álgebra',
        custom: { activity_code: 'DEMO42' },
      }),
    ]);
    // Fresh within the window, as a platform checks it.
    expect(Math.abs(Number(byName.oauth_timestamp) - now())).toBeLessThanOrEqual(300);
  });
});
