import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright';
import { pino } from 'pino';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApp,
  loadConfig,
  Lti13Repository,
  Lti13Peer,
  createTestDatabase,
  type TestDatabase,
} from '@kib/tool-provider/testing';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

/**
 * LTI 1.3 with LTI Platform Storage, in Debian's Chromium, third-party cookies blocked: a fake
 * platform on another site (127.0.0.1 against Kib's localhost) frames Kib next to its storage frame,
 * which answers lti.put_data and lti.get_data postMessages and keeps values in its own memory, per
 * origin. Its OIDC authorisation signs the id_token with the simulator's keys and posts it into Kib's
 * frame. A launch reaches the solver, in the platform's frame or in a window it opened; the id_token
 * and state of one browser's login, posted in another browser whose platform storage does not hold
 * the login's secret, open nothing; a storage frame that never answers leaves a message, not a hang.
 */

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const STORAGE_FRAME = 'lti_storage';
const LOGIN_HINT = 'storage-hint';

let db: TestDatabase;
let kib: { url: string; server: Server };
let peer: Lti13Peer;
let platform: {
  url: string;
  server: Server;
  /** When set, the next authorisation keeps its form instead of posting it: an attacker's own login. */
  capture: boolean;
  captured: { id_token: string; state: string } | null;
};
let browser: Browser;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The platform's storage frame, written from the LTI Client Side postMessages specification: values
 * per sending origin, in this frame's memory; every message and answer is logged for the test.
 */
const STORAGE_FRAME_PAGE = `<!doctype html><title>storage</title><script>
  const stored = {};
  window.log = [];
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || typeof data !== 'object' || typeof data.subject !== 'string') return;
    const reply = { subject: data.subject + '.response', message_id: data.message_id, key: data.key };
    const own = (stored[event.origin] = stored[event.origin] || {});
    if (data.subject === 'lti.put_data') {
      own[data.key] = data.value;
      reply.value = data.value;
    } else if (data.subject === 'lti.get_data') {
      if (data.key in own) reply.value = own[data.key];
      else reply.error = { code: 'bad_request', message: 'there is no value for this key' };
    } else return;
    window.log.push({ origin: event.origin, message: data, reply });
    event.source.postMessage(reply, event.origin);
  });
</script>`;

/** The platform's course page: the storage frame, and Kib's frame, which a button starts. */
function coursePage(open: {
  action: string;
  method: 'get' | 'post';
  fields: Record<string, string>;
}): string {
  const inputs = Object.entries(open.fields)
    .map(([n, v]) => `<input type="hidden" name="${esc(n)}" value="${esc(v)}">`)
    .join('');
  return (
    `<!doctype html><html lang="en"><title>Course</title>` +
    `<iframe name="${STORAGE_FRAME}" src="/storage" title="storage" width="1" height="1"></iframe>` +
    `<form method="${open.method}" action="${esc(open.action)}" target="kib">${inputs}<button>Open Kib</button></form>` +
    `<iframe name="kib" title="Kib" width="1000" height="800"></iframe></html>`
  );
}

/** The login initiation the platform sends into Kib's frame, naming its storage frame. */
const loginInitiation = (storageTarget = STORAGE_FRAME) => ({
  action: `${kib.url}/lti/1.3/login`,
  method: 'get' as const,
  fields: {
    iss: peer.issuer,
    login_hint: LOGIN_HINT,
    target_link_uri: `${kib.url}/lti/1.3/launch`,
    lti_message_hint: 'cmid-7',
    client_id: peer.clientId,
    lti_deployment_id: peer.deploymentId,
    lti_storage_target: storageTarget,
  },
});

/**
 * The platform's OIDC authorisation: checks Kib's request and answers the id_token, signed with the
 * simulator's keys, as a form that posts itself to the redirect URI (or keeps it, when capturing).
 */
async function authorise(req: IncomingMessage): Promise<string> {
  const p = new URL(req.url ?? '/', platform.url).searchParams;
  const want = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: peer.clientId,
    redirect_uri: `${kib.url}/lti/1.3/launch`,
    login_hint: LOGIN_HINT,
    lti_message_hint: 'cmid-7',
  };
  for (const [name, value] of Object.entries(want))
    if (p.get(name) !== value) throw new Error(`bad authorisation request: ${name}`);
  const nonce = p.get('nonce') ?? '';
  const state = p.get('state') ?? '';
  if (nonce.length < 32 || state.length < 32) throw new Error('bad authorisation request: state/nonce');
  const id_token = await peer.idToken({
    nonce,
    sub: platform.capture ? 'storage-attacker' : 'storage-learner',
    'https://purl.imsglobal.org/spec/lti/claim/launch_presentation': { locale: 'es' },
  });
  if (platform.capture) {
    platform.capture = false;
    platform.captured = { id_token, state };
    return '<!doctype html><title>Captured</title><p>Captured</p>';
  }
  return (
    `<!doctype html><title>Authorising</title><form method="post" action="${esc(want.redirect_uri)}">` +
    `<input type="hidden" name="id_token" value="${esc(id_token)}">` +
    `<input type="hidden" name="state" value="${esc(state)}"></form>` +
    `<script>document.forms[0].submit()</script>`
  );
}

/** An HTTP server on 127.0.0.1 and a free port; `handler` may be set after it listens. */
async function listen(handler: { current: RequestListener }): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => handler.current(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

beforeAll(async () => {
  db = await createTestDatabase({ content: 'seeded' });
  // Kib's public URL is its own address, so the server listens before the app is built.
  const kibHandler: { current: RequestListener } = { current: (_req, res) => res.writeHead(503).end() };
  const kibListening = await listen(kibHandler);
  // Another site than the platform's: Kib's cookies would be third-party cookies in its frame.
  kib = { url: kibListening.url.replace('127.0.0.1', 'localhost'), server: kibListening.server };
  const app = await createApp({
    config: loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/kib-lti13-storage',
      PUBLIC_URL: kib.url,
    }),
    sequelize: db.sequelize,
    databaseKind: db.kind,
    logger: pino({ level: 'silent' }),
  });
  kibHandler.current = app.app;

  peer = new Lti13Peer();
  await peer.start(kib.url);
  const pages = new Map<string, string>();
  const platformHandler: { current: RequestListener } = {
    current: (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const html = (body: string) =>
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      if (path === '/storage') return html(STORAGE_FRAME_PAGE);
      if (path === '/auth')
        return void authorise(req).then(html, (err: Error) => res.writeHead(400).end(err.message));
      const page = pages.get(path);
      if (!page) return void res.writeHead(404).end();
      html(page);
    },
  };
  const platformListening = await listen(platformHandler);
  platform = { ...platformListening, capture: false, captured: null };
  (platform as unknown as { pages: Map<string, string> }).pages = pages;

  const repo = new Lti13Repository(db.sequelize);
  const id = await repo.addPlatform({
    issuer: peer.issuer,
    clientId: peer.clientId,
    name: 'Storage platform',
    // The platform's origin (where storage messages go) is its authorisation URL's.
    authLoginUrl: `${platform.url}/auth`,
    authTokenUrl: peer.endpoints.authTokenUrl,
    jwksUrl: peer.endpoints.jwksUrl,
    allowedOrigins: [platform.url],
  });
  await repo.addDeployment(id!, peer.deploymentId);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--test-third-party-cookie-phaseout'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await peer?.close();
  for (const s of [kib?.server, platform?.server]) {
    if (!s) continue;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await db?.drop();
});

/**
 * A browser (its own context) on a platform page, after pressing "Open Kib": Kib's frame, the windows
 * the page opened, and every URL requested and every Kib cookie of any of its pages.
 */
async function openPlatformPage(
  path: string,
  html: string,
): Promise<{
  context: BrowserContext;
  page: Page;
  frame: Frame;
  windows: Page[];
  urls: string[];
  kibCookies: string[];
}> {
  (platform as unknown as { pages: Map<string, string> }).pages.set(path, html);
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const windows: Page[] = [];
  const urls: string[] = [];
  const kibCookies: string[] = [];
  context.on('page', (opened) => windows.push(opened));
  context.on('request', async (request) => {
    urls.push(request.url());
    if (!request.url().startsWith(kib.url)) return;
    const cookie = (await request.allHeaders().catch(() => ({}) as Record<string, string>)).cookie;
    if (cookie) kibCookies.push(`${request.url()} sent ${cookie}`);
  });
  context.on('response', async (response) => {
    if (!response.url().startsWith(kib.url)) return;
    const headers = await response.allHeaders().catch(() => ({}) as Record<string, string>);
    if (headers['set-cookie']) kibCookies.push(`${response.url()}: ${headers['set-cookie']}`);
  });
  await page.goto(`${platform.url}${path}`);
  await page.frame({ name: STORAGE_FRAME })!.waitForLoadState();
  await page.getByRole('button', { name: 'Open Kib' }).click();
  return { context, page, frame: page.frame({ name: 'kib' })!, windows, urls, kibCookies };
}

type StorageLog = { origin: string; message: Record<string, unknown>; reply: Record<string, unknown> }[];
const storageLog = (page: Page) =>
  page.frame({ name: STORAGE_FRAME })!.evaluate(() => (window as unknown as { log: StorageLog }).log);

describe('LTI 1.3 with platform storage in an LMS frame', () => {
  it('keeps the login’s secret in the platform’s storage frame and takes the student to the solver', async () => {
    const { context, page, frame, urls, kibCookies } = await openPlatformPage(
      '/course/2',
      coursePage(loginInitiation()),
    );
    await expect.poll(() => frame.url(), { timeout: 30_000 }).toMatch(/\/moodlestudent\?module=\d+$/);
    await frame.getByRole('heading', { level: 1, name: 'Taller de álgebra' }).waitFor();
    await frame.getByRole('link', { name: 'Simplificar una expresión racional' }).click();
    await frame.getByRole('tab', { name: /Pregunta 1/ }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}lti13-storage-student-in-frame.png` });

    const log = await storageLog(page);
    expect(log.map((l) => [l.origin, l.message.subject, l.reply.error])).toEqual([
      [kib.url, 'lti.put_data', undefined],
      [kib.url, 'lti.get_data', undefined],
    ]);
    const [put, get] = log;
    expect(put!.message.key).toMatch(/^kib_state_[\w-]{43}$/);
    expect(get!.message.key).toBe(put!.message.key);
    const secret = put!.message.value as string;
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(get!.reply.value).toBe(secret);
    // The secret travels in postMessages and a form body only: no URL ever holds it.
    expect(urls.filter((u) => u.includes(secret))).toEqual([]);
    expect(urls.some((u) => u.startsWith(`${kib.url}/lti/1.3/platform-storage.js`))).toBe(true);
    expect(frame.url()).not.toContain('code=');
    expect(kibCookies).toEqual([]);
    await context.close();
  });

  it('refuses a login’s id_token and state posted in a browser whose platform storage lacks its secret', async () => {
    // The attacker's own browser: a login with platform storage, whose authorisation is kept.
    platform.capture = true;
    const attacker = await openPlatformPage('/course/2/attacker', coursePage(loginInitiation()));
    await expect.poll(() => platform.captured, { timeout: 30_000 }).not.toBeNull();
    expect((await storageLog(attacker.page)).map((l) => l.message.subject)).toEqual(['lti.put_data']);
    await attacker.context.close();
    const codesBefore = await unusedCodes();

    // The victim's browser, on the same platform: its storage frame never held the attacker's secret.
    const forged = coursePage({
      action: `${kib.url}/lti/1.3/launch`,
      method: 'post',
      fields: platform.captured!,
    });
    const victim = await openPlatformPage('/course/2/victim', forged);
    const refusal = victim.frame.getByRole('alert');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.textContent()).toMatch(/did not open/);
    await victim.page.screenshot({ path: `${SHOTS}lti13-storage-refused.png` });

    const log = await storageLog(victim.page);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      origin: kib.url,
      message: { subject: 'lti.get_data' },
      reply: { error: { code: 'bad_request' } },
    });
    expect(new URL(victim.frame.url()).pathname).toBe('/lti/1.3/launch');
    expect(victim.urls.filter((u) => u.includes('/moodlelogin') || u.includes('/launch/confirm'))).toEqual(
      [],
    );
    expect(await unusedCodes()).toBe(codesBefore);
    await victim.context.close();
  });

  it('reaches the platform’s storage frame through window.opener when the platform opens a window', async () => {
    const login = `${kib.url}/lti/1.3/login?${new URLSearchParams(loginInitiation().fields)}`;
    const { context, page, windows } = await openPlatformPage(
      '/course/4',
      `<!doctype html><html lang="en"><title>Course</title>` +
        `<iframe name="${STORAGE_FRAME}" src="/storage" title="storage" width="1" height="1"></iframe>` +
        `<button>Open Kib</button>` +
        `<script>document.querySelector('button').onclick = () => window.open(${JSON.stringify(login)}, 'kib');</script>`,
    );
    await expect.poll(() => windows.length).toBe(1);
    const opened = windows[0]!;
    await expect.poll(() => opened.url(), { timeout: 30_000 }).toMatch(/\/moodlestudent\?module=\d+$/);
    await opened.getByRole('heading', { level: 1, name: 'Taller de álgebra' }).waitFor();
    expect((await storageLog(page)).map((l) => [l.message.subject, l.reply.error])).toEqual([
      ['lti.put_data', undefined],
      ['lti.get_data', undefined],
    ]);
    await context.close();
  });

  it('says so, and goes nowhere, when the named storage frame never answers', async () => {
    // The course page itself (`_parent`) does not listen: the login page waits 8 s, then gives up.
    const { context, frame, urls } = await openPlatformPage(
      '/course/3',
      coursePage(loginInitiation('_parent')),
    );
    const refusal = frame.getByRole('alert');
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toMatch(/did not open/);
    expect(new URL(frame.url()).pathname).toBe('/lti/1.3/login');
    expect(urls.filter((u) => u.startsWith(`${platform.url}/auth`))).toEqual([]);
    await context.close();
  });
});

async function unusedCodes(): Promise<number> {
  const [row] = await db.sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM lti_launch_codes WHERE used_at IS NULL`,
    { type: QueryTypes.SELECT },
  );
  return row!.n;
}
