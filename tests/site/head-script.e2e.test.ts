import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';
import { openSeededLinearEquation } from '../support/student-pages.ts';

const STUDENT = 'student@demo.kib';
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

/** Every API request the page sends from now on, as "METHOD path" (the path under /api/). */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname.slice(5)}`);
  });
  return seen;
}

/** The early answers the page's head script left and the app has not taken. */
const untaken = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __kibBoot?: { answers: Map<string, unknown> } }).__kibBoot?.answers.size,
  );

describe("the page's head script", () => {
  it('asks for the session and the first data once, before the app, which takes every answer', async () => {
    const { page, context } = await openPage(browser, server.url, errors, { width: 360, height: 740 });
    await logIn(page, STUDENT, PASSWORD);
    await page.waitForURL('**/student');
    await openSeededLinearEquation(page);
    const problem = /problem=(\d+)/.exec(page.url())![1];

    // A cold start of the same address: the page's scripts run again from its head.
    const requests = apiRequests(page);
    await page.reload();
    await page.getByRole('tab', { name: 'Pregunta 1' }).waitFor();
    await page.locator('math-field').last().waitFor();
    await expect.poll(() => untaken(page)).toBe(0);
    const count = (r: string) => requests.filter((x) => x === r).length;
    expect(count('POST auth/jwt/refresh/')).toBe(1);
    expect(count('GET auth/users/me/')).toBe(1);
    expect(count(`GET problems/${problem}/`)).toBe(1);
    expect(count('POST getstudentproblemsolutiondata/')).toBe(1);
    expect(count('GET get_student_classrooms/')).toBe(1);
    // The refresh left first, before the app had loaded.
    expect(requests[0]).toBe('POST auth/jwt/refresh/');

    // The student area: one refresh, the classrooms once, and the session still works afterwards.
    requests.length = 0;
    await page.goto('/student');
    await page
      .getByRole('link', { name: /Grado 10A/ })
      .first()
      .waitFor();
    await expect.poll(() => untaken(page)).toBe(0);
    expect(count('POST auth/jwt/refresh/')).toBe(1);
    expect(count('GET get_student_classrooms/')).toBe(1);
    await page.reload();
    await page
      .getByRole('link', { name: /Grado 10A/ })
      .first()
      .waitFor();
    expect(count('POST auth/jwt/refresh/')).toBe(2);
    await context.close();
  });

  it('sends nothing that needs a session to a visitor without one', async () => {
    const { page, context } = await openPage(browser, server.url, errors);
    const requests = apiRequests(page);
    await page.goto('/login');
    await page.getByRole('button', { name: /iniciar sesión|entrar/i }).waitFor();
    expect(requests.filter((r) => r.includes('auth/jwt/refresh') || r.includes('users/me'))).toEqual([]);
    await context.close();
  });

  it('logged nothing to the browser console (a script the page refused would be there)', () => {
    expect(errors.join('\n')).toBe('');
  });
});
