import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage } from '../support/browser.ts';
import { watchCspViolations } from '../support/csp.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';
import { openSeededLinearEquation } from '../support/student-pages.ts';

/*
 * Kib's pages run under a strict Content-Security-Policy (helmet: scripts only from Kib, no
 * 'unsafe-eval'). A page that breaks it works on, silently degraded, and its violation is noise in
 * every report collector, so none may: each role's main pages and the public ones are opened and
 * the test fails on any violation the browser fires.
 */

const PASSWORD = 'demo1234';

let server: KibServer;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page of the site and its first-level heading, which says it has rendered. */
type Visit = [path: string, heading: string | RegExp];

/** Opens each page and waits for its heading and for its lazy chunks and data to arrive. */
async function visit(page: Page, visits: readonly Visit[]): Promise<void> {
  for (const [path, heading] of visits) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
    await page.waitForLoadState('networkidle');
  }
}

/** A new context watched for violations, logged in as `email` when given. */
async function session(email: string | null, violations: string[]) {
  const opened = await openPage(browser, server.url, errors);
  await watchCspViolations(opened.context, violations);
  if (email) {
    await logIn(opened.page, email, PASSWORD);
    await opened.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }
  return opened;
}

describe("no page breaks Kib's Content-Security-Policy", () => {
  it('hears a violation when there is one (a picture from an origin the policy does not list)', async () => {
    const violations: string[] = [];
    // Not through openPage: the browser also logs this refusal to the console, as it should.
    const context = await browser.newContext({ baseURL: server.url });
    await watchCspViolations(context, violations);
    const page = await context.newPage();
    await visit(page, [['/login', 'Iniciar sesión']]);
    await page.evaluate(() => {
      const picture = new Image();
      picture.src = 'https://pictures.example.org/x.png';
      document.body.append(picture);
    });
    await expect.poll(() => violations).toEqual([expect.stringMatching(/^\/login: img-src refused/)]);
    await context.close();
  });

  it('the public pages', async () => {
    const violations: string[] = [];
    const { page, context } = await session(null, violations);
    await visit(page, [
      ['/', 'Matemáticas adaptativas y efectivas'],
      ['/login', 'Iniciar sesión'],
      ['/signup', 'Crea tu cuenta'],
      ['/password/reset', 'Restablecer la contraseña'],
      ['/demo', 'Video de demostración'],
      ['/demo/student', 'Practicar'],
      ['/code/student', 'Entrar con un código de actividad'],
      ['/photo', 'Envía una foto de tu trabajo'],
    ]);
    await context.close();
    expect(violations).toEqual([]);
  });

  it("a student's classrooms and a problem page, with MathLive and the math console", async () => {
    const violations: string[] = [];
    const { page, context } = await session('student@demo.kib', violations);
    await visit(page, [['/student', 'Mis salones']]);
    await openSeededLinearEquation(page);
    await page.locator('math-field').last().waitFor();
    await page.waitForLoadState('networkidle');
    await context.close();
    expect(violations).toEqual([]);
  });

  it.each([
    ['teacher@demo.kib', [['/teacher', 'Mis salones']]],
    [
      'creator@demo.kib',
      [
        ['/creator/problems', 'Problemas'],
        ['/creator/tool', 'Nuevo problema'],
      ],
    ],
    ['supervisor@demo.kib', [['/creator/reviews', 'Revisiones']]],
    ['schooladmin@demo.kib', [['/schooladmin', /Colegio/]]],
    ['platformadmin@demo.kib', [['/platformAdmin/schools', 'Colegios']]],
  ] satisfies [string, Visit[]][])('the main pages of %s', async (email, visits) => {
    const violations: string[] = [];
    const { page, context } = await session(email, violations);
    await visit(page, visits);
    await context.close();
    expect(violations).toEqual([]);
  });

  it('logged nothing to the browser console', () => {
    expect(errors.join('\n')).toBe('');
  });
});
