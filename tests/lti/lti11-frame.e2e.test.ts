import crypto from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Frame, type Locator, type Page } from 'playwright';
import { pino } from 'pino';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApp,
  loadConfig,
  createTestDatabase,
  type TestDatabase,
  peerVerifiesForm,
} from '@kib/tool-provider/testing';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { watchCookies } from '../support/cookies.ts';
import { fieldValue, focusField } from '../support/math-field.ts';

/**
 * Kib inside an LMS frame, in Debian's Chromium: a fake Moodle on another site (127.0.0.1 against
 * Kib's localhost) posts signed launches (signed with oauth-sign's algorithm, independent of the
 * tool's) into an iframe. The student reaches the solver and the teacher's Content-Item choice comes
 * back to Moodle's return URL, signed, with no cookie ever set or sent by Kib.
 */

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const KEY = 'kib-dev-key';
const SECRET = 'kib-dev-secret';

let db: TestDatabase;
let kib: { url: string; server: Server };
let moodle: { url: string; server: Server; returns: Record<string, string>[] };
let browser: Browser;
const kibCookies: string[] = [];

/** RFC 5849 signature of a form POST, written from the spec (no OAuth library). */
function sign(url: string, fields: Record<string, string>): string {
  const enc = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const u = new URL(url);
  const pairs = [...u.searchParams, ...Object.entries(fields)]
    .map(([n, v]) => [enc(n), enc(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  const base = ['POST', `${u.protocol}//${u.host}${u.pathname}`, pairs].map(enc).join('&');
  return crypto
    .createHmac('sha1', `${enc(SECRET)}&`)
    .update(base)
    .digest('base64');
}

/** The Moodle page: a signed launch form targeting an iframe, submitted by a button. */
function launchPage(params: Record<string, string>): string {
  const action = `${kib.url}/lti/1.1/launch`;
  const fields: Record<string, string> = {
    ...params,
    lti_version: 'LTI-1p0',
    oauth_consumer_key: KEY,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_nonce: crypto.randomBytes(16).toString('hex'),
    oauth_version: '1.0',
  };
  fields.oauth_signature = sign(action, fields);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const inputs = Object.entries(fields)
    .map(([n, v]) => `<input type="hidden" name="${esc(n)}" value="${esc(v)}">`)
    .join('');
  return `<!doctype html><html lang="en"><title>Moodle</title><form method="post" action="${action}" target="kib">${inputs}<button>Open Kib</button></form><iframe name="kib" title="Kib" width="1000" height="800"></iframe>`;
}

beforeAll(async () => {
  db = await createTestDatabase({ content: 'seeded' });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/kib-lti-frame',
  });
  const app = await createApp({
    config,
    sequelize: db.sequelize,
    databaseKind: db.kind,
    logger: pino({ level: 'silent' }),
  });
  const kibServer: Server = await new Promise((resolve) => {
    const s = app.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // Another site than Moodle's: Kib's cookies would be third-party cookies in Moodle's frame.
  kib = { url: `http://localhost:${(kibServer.address() as AddressInfo).port}`, server: kibServer };

  const returns: Record<string, string>[] = [];
  const pages = new Map<string, string>();
  const moodleServer = createServer((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        returns.push({ ...Object.fromEntries(new URLSearchParams(body)), '@url': req.url ?? '' });
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><title>Saved</title><p>Saved</p>');
      });
      return;
    }
    const html = pages.get(req.url ?? '');
    if (!html) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => moodleServer.listen(0, '127.0.0.1', resolve));
  moodle = {
    url: `http://127.0.0.1:${(moodleServer.address() as AddressInfo).port}`,
    server: moodleServer,
    returns,
  };
  (moodle as unknown as { pages: Map<string, string> }).pages = pages;
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--test-third-party-cookie-phaseout'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const s of [kib?.server, moodle?.server]) {
    if (!s) continue;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await db?.drop();
});

async function openMoodlePage(
  path: string,
  params: Record<string, string>,
): Promise<{ page: Page; frame: Frame }> {
  (moodle as unknown as { pages: Map<string, string> }).pages.set(path, launchPage(params));
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  watchCookies(page, kib.url, kibCookies);
  await page.goto(`${moodle.url}${path}`);
  await page.getByRole('button', { name: 'Open Kib' }).click();
  const frame = page.frame({ name: 'kib' })!;
  return { page, frame };
}

/** Types `typed` into a math field of the frame, replacing what it holds, and waits for its LaTeX. */
async function typeMath(page: Page, field: Locator, typed: string, expected: string): Promise<void> {
  await focusField(field);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(typed, { delay: 30 });
  await expect.poll(() => fieldValue(field)).toBe(expected);
}

describe('Kib in an LMS frame', () => {
  it('takes a student from a signed launch to the solver without cookies, and forgets the code', async () => {
    const { page, frame } = await openMoodlePage('/course/view.php?id=2', {
      lti_message_type: 'basic-lti-launch-request',
      resource_link_id: '1',
      user_id: '4',
      roles: 'Learner',
      lis_person_name_given: 'Student1',
      custom_activity_code: 'DEMO42',
      launch_presentation_locale: 'es',
    });
    await expect.poll(() => frame.url(), { timeout: 30_000 }).toMatch(/\/moodlestudent\?module=\d+$/);
    await frame.getByRole('heading', { level: 1, name: 'Taller de álgebra' }).waitFor();
    await frame.getByRole('link', { name: 'Simplificar una expresión racional' }).click();
    await frame.getByRole('tab', { name: /Pregunta 1/ }).waitFor({ timeout: 30_000 });
    // The answer console (MathLive, a lazy chunk) loads inside the frame too.
    await frame.getByText('Cargando…').waitFor({ state: 'detached', timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}lti-student-in-frame.png` });
    expect(frame.url()).not.toContain('code=');
    expect(kibCookies).toEqual([]);
    await page.context().close();
  });

  it('posts the teacher’s Content-Item choice back to Moodle’s return URL, signed for it', async () => {
    const returnUrl = `${moodle.url}/mod/lti/contentitem_return.php?course=2&id=5&sesskey=eSE7FT0P5Z`;
    const { page, frame } = await openMoodlePage('/course/modedit.php?add=lti', {
      lti_message_type: 'ContentItemSelectionRequest',
      user_id: '2',
      roles: 'Instructor,urn:lti:sysrole:ims/lis/Administrator',
      content_item_return_url: returnUrl,
      accept_media_types: 'application/vnd.ims.lti.v1.ltilink',
      accept_presentation_document_targets: 'frame,iframe,window',
      data: '{"sesskey":"eSE7FT0P5Z"}',
      launch_presentation_locale: 'es',
    });
    await frame
      .getByRole('heading', { level: 1, name: 'Editor de actividades' })
      .waitFor({ timeout: 30_000 });
    await frame.getByLabel('Código de la actividad').fill('NOPE99');
    await frame.getByRole('button', { name: 'Enviar código' }).click();
    await frame.getByText('Código Erroneo').waitFor();
    await page.screenshot({ path: `${SHOTS}lti-teacher-wrong-code.png` });
    await frame.getByLabel('Código de la actividad').fill('DEMO42');
    await frame.getByRole('button', { name: 'Enviar código' }).click();
    await expect.poll(() => moodle.returns.length, { timeout: 30_000 }).toBe(1);
    const { '@url': path, ...fields } = moodle.returns[0]!;
    expect(`${moodle.url}${path}`).toBe(returnUrl);
    expect(peerVerifiesForm(returnUrl, fields, SECRET)).toBe(true);
    expect(fields.oauth_signature).toBe(
      sign(returnUrl, Object.fromEntries(Object.entries(fields).filter(([n]) => n !== 'oauth_signature'))),
    );
    expect(fields).toMatchObject({
      lti_message_type: 'ContentItemSelection',
      lti_version: 'LTI-1p0',
      data: '{"sesskey":"eSE7FT0P5Z"}',
    });
    expect(JSON.parse(fields.content_items!)['@graph'][0]).toMatchObject({
      '@type': 'LtiLinkItem',
      custom: { activity_code: 'DEMO42' },
    });
    await frame.getByText('Saved').waitFor();
    expect(kibCookies).toEqual([]);
    await page.context().close();
  });

  it('opens the results of the activity’s students when the teacher opens the activity', async () => {
    const student = await openMoodlePage('/mod/lti/view.php?id=9&student', {
      lti_message_type: 'basic-lti-launch-request',
      resource_link_id: '9',
      resource_link_title: 'Kib: rectas',
      context_title: 'Matemáticas 9B',
      user_id: '14',
      roles: 'Learner',
      lis_person_name_given: 'Rosa',
      lis_person_name_family: 'Vega',
      custom_activity_code: 'DEMO42',
    });
    await student.frame
      .getByRole('heading', { level: 1, name: 'Taller de álgebra' })
      .waitFor({ timeout: 30_000 });
    await student.page.context().close();

    const { page, frame } = await openMoodlePage('/mod/lti/view.php?id=9&teacher', {
      lti_message_type: 'basic-lti-launch-request',
      resource_link_id: '9',
      resource_link_title: 'Kib: rectas',
      context_title: 'Matemáticas 9B',
      user_id: '2',
      roles: 'Instructor',
      custom_activity_code: 'DEMO42',
      launch_presentation_locale: 'es',
    });
    await expect.poll(() => frame.url(), { timeout: 30_000 }).toMatch(/\/moodleteacher\?link=\d+$/);
    await frame
      .getByRole('heading', { level: 1, name: 'Resultados de la actividad' })
      .waitFor({ timeout: 30_000 });
    await frame.getByText('Kib: rectas · Matemáticas 9B').waitFor();
    await frame.getByRole('rowheader', { name: 'Rosa', exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}lti-teacher-results-in-frame.png` });
    expect(kibCookies).toEqual([]);
    await page.context().close();
  });

  it('writes a new exercise from the activity editor and links it to the course, in the same frame', async () => {
    const returnUrl = `${moodle.url}/mod/lti/contentitem_return.php?course=3&id=8&sesskey=N3WEX3RC1S`;
    const { page, frame } = await openMoodlePage('/course/modedit.php?add=lti&new', {
      lti_message_type: 'ContentItemSelectionRequest',
      user_id: '22',
      roles: 'Instructor',
      content_item_return_url: returnUrl,
      accept_media_types: 'application/vnd.ims.lti.v1.ltilink',
      accept_presentation_document_targets: 'frame,iframe,window',
      launch_presentation_locale: 'es',
    });
    await frame
      .getByRole('heading', { level: 1, name: 'Editor de actividades' })
      .waitFor({ timeout: 30_000 });
    await frame.getByRole('link', { name: 'Nuevo ejercicio' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Nuevo problema' }).waitFor({ timeout: 30_000 });
    expect(new URL(frame.url()).pathname).toBe('/creator/tool');
    const lms = frame.getByRole('region', { name: 'Tu actividad del LMS' });
    await lms.getByText('Primero guarda el problema').waitFor();

    const title = `Ecuación desde Moodle ${Date.now() % 1_000_000}`;
    const problem = frame.getByRole('region', { name: 'El problema' });
    await problem.getByRole('textbox', { name: 'Título' }).fill(title);
    await problem.getByRole('textbox', { name: 'Descripción' }).fill('Despeja la incógnita.');
    await problem.getByLabel('Curso', { exact: true }).selectOption({ label: 'Álgebra' });
    await problem.getByLabel('Tema', { exact: true }).selectOption({ label: 'Ecuaciones' });
    await problem.getByLabel('Subtema', { exact: true }).selectOption({ label: 'Ecuaciones lineales' });
    const list = frame.getByRole('list', { name: /^Numerales/ });
    await list.getByRole('textbox', { name: 'Pregunta' }).fill('Resuelve $3x-5=10$.');
    const answer = list.getByRole('region', { name: 'Respuesta del Numeral 1: Resolver' });
    await answer.getByRole('textbox', { name: 'Incógnita' }).fill('x');
    await typeMath(
      page,
      answer.locator('math-field[aria-label="Ecuación por resolver"]'),
      '3x-5=10',
      '3x-5=10',
    );
    await answer.getByRole('button', { name: 'Añadir a «Soluciones»' }).click();
    await typeMath(page, answer.locator('math-field[aria-label="Solución 1"]'), 'x=5', 'x=5');
    await frame.getByRole('switch', { name: 'Publicar el problema' }).check();
    await frame.getByRole('button', { name: 'Guardar', exact: true }).click();

    const use = lms.getByRole('button', { name: 'Usar en esta actividad del LMS' });
    await use.waitFor({ timeout: 30_000 });
    expect(new URL(frame.url()).searchParams.get('lti')).toMatch(/^[A-Za-z0-9_-]+$/);
    await lms.getByRole('textbox', { name: 'Título de la actividad en tu curso' }).fill(`${title} (9B)`);
    await page.screenshot({ path: `${SHOTS}lti-teacher-new-exercise.png` });
    const before = moodle.returns.length;
    await use.click();

    await expect.poll(() => moodle.returns.length, { timeout: 30_000 }).toBe(before + 1);
    const { '@url': path, ...fields } = moodle.returns[before]!;
    expect(`${moodle.url}${path}`).toBe(returnUrl);
    expect(peerVerifiesForm(returnUrl, fields, SECRET)).toBe(true);
    const item = JSON.parse(fields.content_items!)['@graph'][0] as {
      title: string;
      text: string;
      custom: { activity_code: string };
    };
    expect(item).toMatchObject({ title: `${title} (9B)`, text: 'Despeja la incógnita.' });
    const [module] = await db.sequelize.query<{ code: string; problems: string[] }>(
      `SELECT c.code, array(SELECT p.title FROM module_problems mp JOIN problems p ON p.id = mp.problem_id
                            WHERE mp.module_id = m.id) AS problems
         FROM modules m JOIN module_codes c ON c.module_id = m.id AND c.audience = 'students'
        WHERE m.name = :name`,
      { replacements: { name: `${title} (9B)` }, type: QueryTypes.SELECT },
    );
    expect(module).toEqual({ code: item.custom.activity_code, problems: [title] });
    await frame.getByText('Saved').waitFor();
    expect(kibCookies).toEqual([]);
    await page.context().close();
  });
});
