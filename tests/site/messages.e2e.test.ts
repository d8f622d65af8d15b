import { createServer } from 'node:net';
import type { Browser, BrowserContext, Page, Route } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { overflows, shotAndAxe } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';
import { fieldValue, focusField } from '../support/math-field.ts';
import { openSeededLinearEquation } from '../support/student-pages.ts';

const STUDENT = 'student@demo.kib';
/** A second seeded student of the same classroom, whose problem is still unsolved after the first test. */
const OTHER_STUDENT = 'student2@demo.kib';
const PASSWORD = 'demo1234';
const EXPIRED = 'Tu sesión expiró. ¡Recarga la ventana!';
const LOGIN = '**/api/auth/jwt/create/';

/**
 * Access tokens live one second on this server (its clock tolerance adds five), so a session ended
 * elsewhere shows on the next call within seconds, as it would after the usual five minutes.
 */
const ACCESS_TOKEN_TTL = '1';

let server: KibServer;
let browser: Browser;
/** Uncaught errors of the pages (failed requests are expected here, so console errors are not). */
const pageErrors: string[] = [];

beforeAll(async () => {
  const before = process.env.ACCESS_TOKEN_TTL;
  process.env.ACCESS_TOKEN_TTL = ACCESS_TOKEN_TTL;
  try {
    ({ server, browser } = await startSiteSuite());
  } finally {
    if (before === undefined) delete process.env.ACCESS_TOKEN_TTL;
    else process.env.ACCESS_TOKEN_TTL = before;
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new browser context (its own cookies) on Kib and a page in it. */
async function newContext(
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: server.url });
  context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(error.message)));
  return { context, page: await context.newPage() };
}

/** How long a token of this server is accepted after it was issued: its lifetime and the clock tolerance. */
const TOKEN_ACCEPTED_MS = (Number(ACCESS_TOKEN_TTL) + 5) * 1000;

/**
 * The newest access token the page was given (at login or on a refresh; it lives in memory only),
 * and when the newest one was issued: the moment its answer arrived, noted before its body is read.
 */
interface TokenWatch {
  token: () => string | null;
  issuedAt: () => number;
}

function watchAccessToken(page: Page): TokenWatch {
  let token: string | null = null;
  let issuedAt = 0;
  page.on('response', async (response) => {
    if (!/\/api\/auth\/jwt\/(create|refresh)\/$/.test(response.url()) || !response.ok()) return;
    issuedAt = Date.now();
    const body = (await response.json().catch(() => null)) as { access?: string } | null;
    if (body?.access) token = body.access;
  });
  return { token: () => token, issuedAt: () => issuedAt };
}

/**
 * True once every token the page holds is past its time and the server refuses the newest one, so
 * the page's next call needs a refresh (which the logout elsewhere made impossible).
 */
async function expired(watch: TokenWatch): Promise<boolean> {
  const token = watch.token();
  if (!token || Date.now() - watch.issuedAt() <= TOKEN_ACCEPTED_MS) return false;
  const answer = await fetch(`${server.url}/api/auth/users/me/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.status === 401;
}

/** Logs a seeded student in, opens the seeded linear equation and types its answer, unchecked. */
async function typeAnAnswer(page: Page, email: string): Promise<ReturnType<Page['locator']>> {
  await logIn(page, email, PASSWORD);
  await page.waitForURL('**/student');
  await openSeededLinearEquation(page);
  const field = page.locator('math-field').last();
  await focusField(field);
  await page.keyboard.type('x=2', { delay: 30 });
  await expect.poll(() => fieldValue(field)).toBe('x=2');
  return field;
}

/** Logs out in another tab of the same browser, and waits until the first tab's token has expired. */
async function endSessionElsewhere(context: BrowserContext, watch: TokenWatch) {
  const other = await context.newPage();
  await other.goto('/logout');
  await other.waitForURL(`${server.url}/`);
  await other.close();
  await expect.poll(() => expired(watch), { timeout: 30_000, interval: 500 }).toBe(true);
}

describe('a session that ends mid-session', () => {
  it('tells the student on the problem page, keeps the typed answer, and carries on after logging in again', async () => {
    const { context, page } = await newContext();
    const tokens = watchAccessToken(page);
    const field = await typeAnAnswer(page, STUDENT);
    const solving = page.url();

    await endSessionElsewhere(context, tokens);
    await page.bringToFront();
    await page.getByRole('button', { name: 'Comprobar respuesta' }).click();

    const notice = page.getByRole('alert').filter({ hasText: EXPIRED });
    await notice.waitFor();
    // Nothing was taken away: same page, the typed answer still there, the check offered again.
    expect(page.url()).toBe(solving);
    expect(await fieldValue(field)).toBe('x=2');
    await page.getByRole('button', { name: 'Comprobar respuesta' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await shotAndAxe(page, 'session-expired')).toEqual([]);

    // Logging in again in another tab, from the notice, and coming back carries on where it was.
    const [login] = await Promise.all([
      context.waitForEvent('page'),
      notice.getByRole('link', { name: 'Iniciar sesión en otra pestaña' }).click(),
    ]);
    await logIn(login, STUDENT, PASSWORD);
    await login.waitForURL('**/student');
    await page.bringToFront();
    await notice.waitFor({ state: 'detached' });
    expect(await fieldValue(field)).toBe('x=2');
    await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await page.getByRole('dialog').waitFor();
    await context.close();
  });

  it('on a phone: the notice fits, and reloading leads to the login page (a failed start-up refresh)', async () => {
    const { context, page } = await newContext({ width: 360, height: 740 });
    const tokens = watchAccessToken(page);
    await typeAnAnswer(page, OTHER_STUDENT);

    await endSessionElsewhere(context, tokens);
    await page.bringToFront();
    await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
    const notice = page.getByRole('alert').filter({ hasText: EXPIRED });
    await notice.waitFor();
    expect(await overflows(page)).toBe(false);
    const box = await notice.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await shotAndAxe(page, 'phone-session-expired')).toEqual([]);

    await notice.getByRole('button', { name: 'Recargar la ventana' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    // At start-up a refused refresh means logged out, not expired.
    expect(await page.getByText(EXPIRED).count()).toBe(0);
    await context.close();
  });
});

/** A port on this machine that nobody listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('logging in while the server does not answer', () => {
  /** Fills the login form and sends it. */
  async function submitLogin(page: Page) {
    await page.goto('/login');
    await page.getByLabel(/correo/i).fill(STUDENT);
    await page.getByLabel(/contraseña/i).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
  }

  /**
   * 'server dead :(' in the form's alert (with a screenshot named `shot` and axe), the form kept and
   * usable: once `release` lets the server answer, sending it again logs in.
   */
  async function serverDeadThenLogIn(page: Page, release: () => Promise<void>, shot?: string) {
    await page.getByRole('alert').filter({ hasText: 'server dead :(' }).waitFor({ timeout: 30_000 });
    if (shot) expect(await shotAndAxe(page, shot)).toEqual([]);
    expect(await page.getByLabel(/correo/i).inputValue()).toBe(STUDENT);
    expect(await page.getByLabel(/contraseña/i).inputValue()).toBe(PASSWORD);
    expect(await page.getByRole('button', { name: 'Entrar' }).isEnabled()).toBe(true);
    await release();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/student');
  }

  it("says 'server dead :(' when the connection is refused, and logs in once the server is back", async () => {
    const { context, page } = await newContext();
    const port = await closedPort();
    // The login request goes to a port nobody listens on: the browser's connection is refused.
    const toClosedPort = (route: Route) =>
      route.continue({ url: route.request().url().replace(server.url, `http://127.0.0.1:${port}`) });
    await page.route(LOGIN, toClosedPort);
    await submitLogin(page);
    await serverDeadThenLogIn(page, () => page.unroute(LOGIN, toClosedPort), 'login-server-dead');
    await context.close();
  });

  it("says 'server dead :(' when the server takes the request and never answers", async () => {
    const { context, page } = await newContext();
    const held: Route[] = [];
    const hold = (route: Route) => void held.push(route);
    await page.route(LOGIN, hold);
    await submitLogin(page);
    await serverDeadThenLogIn(page, async () => {
      await page.unroute(LOGIN, hold);
      await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    });
    expect(held).toHaveLength(1);
    await context.close();
  });

  it('raised no uncaught error in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
