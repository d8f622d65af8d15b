import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Frame, type Page } from 'playwright';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApp,
  loadConfig,
  LtiRepository,
  Lti13Repository,
  peerVerifiesBody,
  signLaunch,
  Lti13Peer,
  createTestDatabase,
  type TestDatabase,
} from '@kib/tool-provider/testing';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { watchCookies } from '../support/cookies.ts';

/**
 * Kib in an LMS as a school has it: the LMS on one site (127.0.0.2) and Kib on another (127.0.0.1),
 * third-party cookies blocked, the LMS's language English, and Kib's frame 700 px wide, as Moodle's
 * course page leaves it next to the course index. LTI 1.1 and LTI 1.3 launches, as a student and
 * as an instructor, go through the browser into the LMS's frame: the student reaches the solver in
 * English, solves a question, and the grade reaches the LMS (Basic Outcomes verified with an
 * independent OAuth signer; the AGS score received by the platform simulator); the instructor's
 * launch opens the results with that student. Nothing depends on a cookie: none is set or sent.
 */

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const CONSUMER_KEY = 'school-moodle';
const SECRET = 'school-moodle-secret-1234567890';
const FRAME_WIDTH = 700;
const LINEITEM_PATH = '/mod/lti/services.php/2/lineitems/3/lineitem';

interface ReceivedOutcome {
  signature: boolean;
  bodyHash: boolean;
  sourcedid: string;
  score: number;
}

let db: TestDatabase;
let kib: { url: string; server: Server };
let lms: { url: string; server: Server };
let peer: Lti13Peer;
let browser: Browser;
const pages = new Map<string, string>();
const outcomes: ReceivedOutcome[] = [];
const kibCookies: string[] = [];
/** The people the LMS's OIDC authorisation signs id_tokens for, by login_hint. */
const people = new Map<string, Record<string, unknown>>();

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const L = 'https://purl.imsglobal.org/spec/lti/claim';

/** A course page of the LMS: a form that opens Kib in the course's 700 px frame. */
function coursePage(form: { action: string; method: 'get' | 'post'; fields: Record<string, string> }) {
  const inputs = Object.entries(form.fields)
    .map(([n, v]) => `<input type="hidden" name="${esc(n)}" value="${esc(v)}">`)
    .join('');
  return (
    `<!doctype html><html lang="en"><title>Course</title><body style="margin:0;display:flex">` +
    `<nav style="width:280px;flex:none">Course index</nav><main>` +
    `<form method="${form.method}" action="${esc(form.action)}" target="kib">${inputs}<button>Open Kib</button></form>` +
    `<iframe name="kib" title="Kib" width="${FRAME_WIDTH}" height="900" style="border:0"></iframe></main></body></html>`
  );
}

/** Reads a request's body as text. */
async function bodyOf(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += (chunk as Buffer).toString();
  return raw;
}

/** The LMS's Basic Outcomes service: verifies the signed replaceResult and records the score. */
async function outcomeService(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await bodyOf(req);
  const check = peerVerifiesBody(`${lms.url}${req.url}`, req.headers.authorization ?? '', body, SECRET);
  const sourcedid = (/<sourcedId>([^<]*)<\/sourcedId>/.exec(body)?.[1] ?? '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  const score = Number(/<textString>([^<]*)<\/textString>/.exec(body)?.[1]);
  outcomes.push({ signature: check.signature, bodyHash: check.bodyHash, sourcedid, score });
  const ok = check.signature && check.bodyHash;
  res
    .writeHead(200, { 'content-type': 'application/xml' })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?><imsx_POXEnvelopeResponse xmlns="http://www.imsglobal.org/services/ltiv1p1/xsd/imsoms_v1p0">` +
        `<imsx_POXHeader><imsx_POXResponseHeaderInfo><imsx_version>V1.0</imsx_version><imsx_messageIdentifier>${Date.now()}</imsx_messageIdentifier>` +
        `<imsx_statusInfo><imsx_codeMajor>${ok ? 'success' : 'failure'}</imsx_codeMajor><imsx_severity>status</imsx_severity>` +
        `<imsx_operationRefIdentifier>1</imsx_operationRefIdentifier></imsx_statusInfo></imsx_POXResponseHeaderInfo></imsx_POXHeader>` +
        `<imsx_POXBody><replaceResultResponse/></imsx_POXBody></imsx_POXEnvelopeResponse>`,
    );
}

/**
 * The LMS's OIDC authorisation: checks the client and the redirect URI, and answers the id_token of
 * the person of `login_hint` (signed with the simulator's key) as a form that posts itself into Kib.
 */
async function authorise(req: IncomingMessage): Promise<string> {
  const p = new URL(req.url ?? '/', lms.url).searchParams;
  const redirectUri = `${kib.url}/lti/1.3/launch`;
  if (p.get('client_id') !== peer.clientId || p.get('redirect_uri') !== redirectUri)
    throw new Error('bad authorisation request');
  const person = people.get(p.get('login_hint') ?? '');
  if (!person) throw new Error('unknown login_hint');
  const id_token = await peer.idToken({ nonce: p.get('nonce'), ...person });
  return (
    `<!doctype html><title>Redirecting</title><form method="post" action="${esc(redirectUri)}">` +
    `<input type="hidden" name="id_token" value="${esc(id_token)}">` +
    `<input type="hidden" name="state" value="${esc(p.get('state') ?? '')}"></form>` +
    `<script>document.forms[0].submit()</script>`
  );
}

beforeAll(async () => {
  db = await createTestDatabase({ content: 'seeded' });
  const kibHandler = {
    current: (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(503).end(),
  };
  const kibServer = createServer((req, res) => kibHandler.current(req, res));
  await new Promise<void>((resolve) => kibServer.listen(0, '127.0.0.1', resolve));
  kib = { url: `http://127.0.0.1:${(kibServer.address() as AddressInfo).port}`, server: kibServer };

  const lmsServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const html = (body: string) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    if (req.method === 'POST' && path === '/mod/lti/service.php') return void outcomeService(req, res);
    if (req.method === 'GET' && path === '/mod/lti/auth.php')
      return void authorise(req).then(html, (err: Error) => res.writeHead(400).end(err.message));
    const page = pages.get(path);
    if (!page) return void res.writeHead(404).end();
    html(page);
  });
  // Another site than Kib's: in the LMS's page, Kib's frame is third-party.
  await new Promise<void>((resolve) => lmsServer.listen(0, '127.0.0.2', resolve));
  lms = { url: `http://127.0.0.2:${(lmsServer.address() as AddressInfo).port}`, server: lmsServer };

  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/kib-lms-cross-site',
    PUBLIC_URL: kib.url,
  });
  const app = await createApp({
    config,
    sequelize: db.sequelize,
    databaseKind: db.kind,
    logger: pino({ level: 'silent' }),
  });
  kibHandler.current = app.app;
  app.grades.start(250);
  stopSenders = async () => {
    await app.grades.stop();
  };

  await new LtiRepository(db.sequelize).addConsumer({
    consumerKey: CONSUMER_KEY,
    name: 'Colegio Moodle',
    secret: SECRET,
    allowedOrigins: [lms.url],
  });
  peer = new Lti13Peer('school-client', 'school-deployment');
  await peer.start(kib.url);
  const platforms = new Lti13Repository(db.sequelize);
  const platformId = await platforms.addPlatform({
    issuer: peer.issuer,
    clientId: peer.clientId,
    name: 'Colegio Moodle 1.3',
    authLoginUrl: `${lms.url}/mod/lti/auth.php`,
    authTokenUrl: peer.endpoints.authTokenUrl,
    jwksUrl: peer.endpoints.jwksUrl,
    allowedOrigins: [lms.url],
  });
  await platforms.addDeployment(platformId!, peer.deploymentId);

  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--test-third-party-cookie-phaseout'],
  });
}, 120_000);

let stopSenders: () => Promise<void> = async () => undefined;

afterAll(async () => {
  await browser?.close();
  await stopSenders();
  await peer?.close();
  for (const s of [kib?.server, lms?.server]) {
    if (!s) continue;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await db?.drop();
});

/** Opens an LMS course page in a new browser and presses its button; answers the page and Kib's frame. */
async function openCourse(path: string): Promise<{ page: Page; frame: Frame; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 1000 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  watchCookies(page, kib.url, kibCookies);
  await page.goto(`${lms.url}${path}`);
  await page.getByRole('button', { name: 'Open Kib' }).click();
  return { page, frame: page.frame({ name: 'kib' })!, errors };
}

/** An LTI 1.1 launch page of the LMS, signed for Kib with an independent OAuth signer. */
function lti11Course(path: string, params: Record<string, string>): string {
  const action = `${kib.url}/lti/1.1/launch`;
  const { fields } = signLaunch(
    action,
    { lti_message_type: 'basic-lti-launch-request', lti_version: 'LTI-1p0', ...params },
    { consumerKey: CONSUMER_KEY, secret: SECRET },
  );
  pages.set(path, coursePage({ action, method: 'post', fields }));
  return path;
}

/** An LTI 1.3 launch page of the LMS: the third-party login initiation, for the person of `hint`. */
function lti13Course(path: string, hint: string, claims: Record<string, unknown>): string {
  people.set(hint, claims);
  pages.set(
    path,
    coursePage({
      action: `${kib.url}/lti/1.3/login`,
      method: 'get',
      fields: {
        iss: peer.issuer,
        login_hint: hint,
        target_link_uri: `${kib.url}/lti/1.3/launch`,
        lti_message_hint: `{"cmid":7,"launchid":"${hint}"}`,
        client_id: peer.clientId,
        lti_deployment_id: peer.deploymentId,
      },
    }),
  );
  return path;
}

/** Clicks into the frame's last math field and waits until MathLive has the keyboard. */
async function typeAnswer(page: Page, frame: Frame, latex: string): Promise<void> {
  const field = frame.locator('math-field').last();
  await field.click();
  await expect
    .poll(() => field.evaluate((f) => Boolean(f.shadowRoot?.activeElement)), { timeout: 20_000 })
    .toBe(true);
  await page.keyboard.type(latex, { delay: 30 });
  await expect
    .poll(() => field.evaluate((f) => (f as HTMLElement & { value: string }).value.replace(/\s|\{\}/g, '')))
    .toBe(latex);
}

/**
 * Whatever of the frame's document sticks out: its width beyond the frame, and the left edges of the
 * solver's tabs and answer field (negative is hidden).
 */
async function layoutIn(frame: Frame) {
  return frame.evaluate(() => {
    const left = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().left ?? null;
    return {
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      tabs: left('[role="tablist"]'),
      field: left('math-field'),
    };
  });
}

/** From the activity's page in Kib's frame: solves the first question of 'Ecuación lineal' in English. */
async function solveLinearEquation(page: Page, frame: Frame, shot: string): Promise<void> {
  await frame.getByRole('heading', { level: 1, name: 'Taller de álgebra' }).waitFor({ timeout: 30_000 });
  expect(await frame.locator('html').getAttribute('lang')).toBe('en');
  await frame.getByRole('link', { name: /Ecuación lineal/ }).click();
  await frame.getByRole('tab', { name: 'Question 1' }).waitFor({ timeout: 30_000 });
  await frame.locator('math-field').last().waitFor({ timeout: 30_000 });
  const layout = await layoutIn(frame);
  expect(layout.overflow).toBeLessThanOrEqual(0);
  expect(layout.tabs).toBeGreaterThanOrEqual(0);
  expect(layout.field).toBeGreaterThanOrEqual(0);
  await typeAnswer(page, frame, 'x=2');
  await frame.getByRole('button', { name: 'Check answer' }).click();
  await frame.getByRole('dialog').getByText('Well done!').waitFor({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}lms-${shot}.png` });
  // The next question's console (a number line, drawn to the frame's width) fits the frame too.
  await frame.getByRole('button', { name: 'Go to the next question' }).click();
  await frame.getByRole('tab', { name: 'Question 2', selected: true }).waitFor();
  // Drawn: JSXGraph's picture in the board, the loading message gone.
  await frame.locator('.kib-number-line__canvas svg').first().waitFor({ timeout: 20_000 });
  await frame.locator('.kib-number-line__loading').waitFor({ state: 'detached' });
  await page.screenshot({ path: `${SHOTS}lms-${shot}-2.png` });
  expect((await layoutIn(frame)).overflow).toBeLessThanOrEqual(0);
}

describe('Kib in an LMS on another site, in English, third-party cookies blocked', () => {
  it('LTI 1.1: the student solves a question in English and the grade reaches the LMS', async () => {
    const path = lti11Course('/mod/lti/view.php/11/student', {
      resource_link_id: '11',
      resource_link_title: 'Kib: álgebra',
      context_id: '2',
      context_title: 'Math 101',
      user_id: '4',
      roles: 'Learner',
      lis_person_name_given: 'Student1',
      lis_person_name_family: 'Test',
      custom_activity_code: 'DEMO42',
      launch_presentation_locale: 'en',
      launch_presentation_document_target: 'iframe',
      lis_outcome_service_url: `${lms.url}/mod/lti/service.php`,
      lis_result_sourcedid: '{"data":{"instanceid":"11","userid":"4"},"hash":"abc"}',
    });
    const { page, frame, errors } = await openCourse(path);
    await expect.poll(() => frame.url(), { timeout: 30_000 }).toMatch(/\/moodlestudent\?module=\d+$/);
    await solveLinearEquation(page, frame, 'lti11-student');
    await expect.poll(() => outcomes.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const sent = outcomes.at(-1)!;
    expect(sent).toMatchObject({ signature: true, bodyHash: true });
    expect(sent.sourcedid).toContain('"instanceid":"11"');
    expect(sent.score).toBeGreaterThan(0);
    expect(sent.score).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('LTI 1.1: the instructor’s launch opens the results with that student, in English', async () => {
    const path = lti11Course('/mod/lti/view.php/11/teacher', {
      resource_link_id: '11',
      resource_link_title: 'Kib: álgebra',
      context_id: '2',
      context_title: 'Math 101',
      user_id: '2',
      roles: 'Instructor',
      lis_person_name_given: 'Teacher1',
      custom_activity_code: 'DEMO42',
      launch_presentation_locale: 'en',
    });
    const { page, frame, errors } = await openCourse(path);
    await expect.poll(() => frame.url(), { timeout: 30_000 }).toMatch(/\/moodleteacher\?link=\d+$/);
    await frame.getByRole('heading', { level: 1, name: 'Activity results' }).waitFor({ timeout: 30_000 });
    await frame.getByRole('rowheader', { name: /Student1/ }).waitFor();
    expect(await frame.locator('html').getAttribute('lang')).toBe('en');
    expect((await layoutIn(frame)).overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}lms-lti11-teacher.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('LTI 1.3: the student solves a question in English and the score reaches the platform', async () => {
    const path = lti13Course('/mod/lti/launch.php/13/student', 'student-13', {
      sub: 'moodle-user-5',
      given_name: 'Student2',
      family_name: 'Test',
      [`${L}/roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [`${L}/resource_link`]: { id: '13', title: 'Kib: álgebra 1.3' },
      [`${L}/context`]: { id: '2', label: 'MATH101', title: 'Math 101' },
      [`${L}/custom`]: { activity_code: 'DEMO42' },
      [`${L}/launch_presentation`]: { locale: 'en', document_target: 'iframe' },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        ],
        lineitem: `${peer.issuer}${LINEITEM_PATH}?type_id=2`,
      },
    });
    const { page, frame, errors } = await openCourse(path);
    await expect.poll(() => frame.url(), { timeout: 30_000 }).toMatch(/\/moodlestudent\?module=\d+$/);
    await solveLinearEquation(page, frame, 'lti13-student');
    await expect.poll(() => peer.scores.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const score = peer.scores.at(-1)!;
    expect(score.authorized).toBe(true);
    expect(score.path).toBe(`${LINEITEM_PATH}/scores?type_id=2`);
    expect(score.payload).toMatchObject({ userId: 'moodle-user-5', gradingProgress: expect.any(String) });
    expect(Number(score.payload.scoreGiven)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('LTI 1.3: the instructor’s launch opens the results with that student, in English', async () => {
    const path = lti13Course('/mod/lti/launch.php/13/teacher', 'teacher-13', {
      sub: 'moodle-user-2',
      given_name: 'Teacher2',
      [`${L}/roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
      [`${L}/resource_link`]: { id: '13', title: 'Kib: álgebra 1.3' },
      [`${L}/context`]: { id: '2', label: 'MATH101', title: 'Math 101' },
      [`${L}/custom`]: { activity_code: 'DEMO42' },
      // The OpenID Connect locale claim, as some platforms send it instead of launch_presentation.
      [`${L}/launch_presentation`]: undefined,
      locale: 'en-US',
    });
    const { page, frame, errors } = await openCourse(path);
    await expect.poll(() => frame.url(), { timeout: 30_000 }).toMatch(/\/moodleteacher\?link=\d+$/);
    await frame.getByRole('heading', { level: 1, name: 'Activity results' }).waitFor({ timeout: 30_000 });
    await frame.getByRole('rowheader', { name: /Student2/ }).waitFor();
    expect(await frame.locator('html').getAttribute('lang')).toBe('en');
    await page.screenshot({ path: `${SHOTS}lms-lti13-teacher.png` });
    expect(errors).toEqual([]);
    expect(kibCookies).toEqual([]);
    await page.context().close();
  });
});
