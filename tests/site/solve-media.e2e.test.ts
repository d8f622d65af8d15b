import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage, overflows, shotAndAxe } from '../support/browser.ts';
import { watchCspViolations } from '../support/csp.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';

const STUDENT = 'student@demo.kib';
const PASSWORD = 'demo1234';

let server: KibServer;
let browser: Browser;
const errors: string[] = [];

/** A problem as GET problems/{id}/ answers it (snake_case), the fields that hold files. */
interface WireProblem {
  id: number;
  title: string;
  picture: string | null;
  video_s3: string | null;
  numerals: { id: number; number: number; picture: string | null; video_s3: string | null }[];
}

/** How a student reaches a problem: through a module of a classroom, or from the practice pages. */
interface Reachable {
  problem: WireProblem;
  module: { classroom: string; module: string } | null;
}

/** GET on the API as the student, answering the JSON. */
async function getJson<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${server.url}/api/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Every problem the seeded student can open, read through the API as the pages read it: the
 * problems of the modules of their classrooms first, then the published problems of every topic.
 */
async function reachableProblems(): Promise<Reachable[]> {
  const login = await fetch(`${server.url}/api/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STUDENT, password: PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  const mine = await getJson<{
    classrooms: { id: number; name: string }[];
    modules: { id: number; name: string }[];
    module_classrooms: { module_id: number; classroom_id: number }[];
    module_problems: { module_id: number; problem_id: number }[];
  }>('get_student_classrooms/', access);
  const where = new Map<number, Reachable['module']>();
  for (const link of mine.module_problems) {
    const assigned = mine.module_classrooms.find((m) => m.module_id === link.module_id);
    const classroom = mine.classrooms.find((c) => c.id === assigned?.classroom_id);
    const module = mine.modules.find((m) => m.id === link.module_id);
    if (classroom && module && !where.has(link.problem_id))
      where.set(link.problem_id, { classroom: classroom.name, module: module.name });
  }
  const courses = await getJson<{ courses_topics: { topic: number }[] }>('courses/', access);
  const ids = new Set(where.keys());
  for (const topic of new Set(courses.courses_topics.map((c) => c.topic))) {
    const listed = await getJson<{ problems: { id: number }[] }>(`problems/topic/${topic}/`, access);
    for (const p of listed.problems) ids.add(p.id);
  }
  return Promise.all(
    [...ids].map(async (id) => ({
      problem: await getJson<WireProblem>(`problems/${id}/`, access),
      module: where.get(id) ?? null,
    })),
  );
}

/** A pattern that matches `text` literally. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Opens a problem as the student would: classroom, module and problem, or the practice link. */
async function openProblem(page: Page, found: Reachable) {
  if (found.module) {
    await page.goto('/student');
    await page
      .getByRole('link', { name: literally(found.module.classroom) })
      .first()
      .click();
    await page.getByRole('link', { name: literally(found.module.module) }).click();
    await page.getByRole('link', { name: found.problem.title, exact: false }).first().click();
  } else {
    await page.goto(`/student/solve?problem=${found.problem.id}`);
  }
  await page.getByRole('heading', { level: 2, name: found.problem.title }).waitFor();
}

let problems: Reachable[] = [];

// A build of the site may come first (when its sources are newer), and then every topic is read.
beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
  problems = await reachableProblems();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('pictures and videos on the problem page', () => {
  it('a problem with a video plays it', async () => {
    const found = problems.find((r) => r.problem.numerals.some((n) => n.video_s3));
    expect(found, 'a seeded problem whose question has a video').toBeDefined();
    const numeral = [...found!.problem.numerals]
      .sort((a, b) => a.number - b.number)
      .findIndex((n) => n.video_s3);

    const { page, context } = await openPage(browser, server.url, errors);
    await logIn(page, STUDENT, PASSWORD);
    await page.waitForURL('**/student');
    await openProblem(page, found!);
    await page.getByRole('tab', { name: `Pregunta ${numeral + 1}` }).click();

    const served = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/media/videos/'));
    await page.getByRole('toolbar', { name: 'Herramientas' }).getByRole('button', { name: 'Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video explicativo' });
    await dialog.waitFor();
    const video = dialog.locator('video');
    const src = new URL((await video.getAttribute('src'))!, page.url());
    expect(src.origin).toBe(new URL(server.url).origin);
    expect(src.pathname).toMatch(/^\/media\/videos\/[\w-]+\.(?:mp4|mov)$/);
    const response = await served;
    expect(response.status()).toBeLessThan(300);
    expect(response.headers()['content-type']).toMatch(/^video\/(?:mp4|quicktime)/);

    // Download, picture-in-picture and the context menu are off.
    expect(await video.getAttribute('controlslist')).toBe('nodownload');
    expect(await video.evaluate((v: HTMLVideoElement) => v.disablePictureInPicture)).toBe(true);
    expect(
      await video.evaluate((v) => {
        const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
        v.dispatchEvent(menu);
        return menu.defaultPrevented;
      }),
    ).toBe(true);

    // It plays: it has data to show, reports 'playing' and its time moves on.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    const playing = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<boolean>((resolve) => {
          v.addEventListener('playing', () => resolve(true), { once: true });
          v.muted = true;
          v.play().catch(() => resolve(false));
        }),
    );
    expect(playing).toBe(true);
    const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(start);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await shotAndAxe(page, 'solve-video')).toEqual([]);

    // Escape closes the dialog and stops the player.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('dialog[open] video').count()).toBe(0);
    await context.close();
  });

  it("shows the seeded problem's picture, also on a 360 px phone", async () => {
    const found = problems.find((r) => r.problem.picture);
    expect(found, 'a seeded problem with a picture').toBeDefined();

    const { page, context } = await openPage(browser, server.url, errors, { width: 360, height: 740 });
    await logIn(page, STUDENT, PASSWORD);
    await page.waitForURL('**/student');
    const served = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/media/pictures/'));
    await openProblem(page, found!);
    const picture = page.getByRole('img', { name: 'Imagen del problema' });
    await picture.waitFor();
    const src = await picture.getAttribute('src');
    expect(new URL(src!, page.url()).pathname).toMatch(/^\/media\/pictures\/[\w-]+\.(?:jpg|png|gif)$/);
    const response = await served;
    expect(response.headers()['content-type']).toMatch(/^image\/(?:jpeg|png|gif)/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const box = (await picture.boundingBox())!;
    expect(box.width).toBeGreaterThan(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await overflows(page)).toBe(false);
    expect(await shotAndAxe(page, 'solve-picture-phone')).toEqual([]);
    await context.close();
  });

  it("shows the picture and plays the video at a host other than PUBLIC_URL's, within the page's policy", async () => {
    // The suite's Kib says PUBLIC_URL is localhost; the same server opened as 127.0.0.1 is another
    // origin, where an address built from PUBLIC_URL would be refused by img-src and media-src 'self'.
    expect(new URL(server.url).hostname).toBe('localhost');
    const other = Object.assign(new URL(server.url), { hostname: '127.0.0.1' }).origin;
    const found = problems.find((r) => r.problem.picture);
    expect(found, 'a seeded problem with a picture').toBeDefined();
    const violations: string[] = [];
    const { page, context } = await openPage(browser, other, errors);
    await watchCspViolations(context, violations);
    await logIn(page, STUDENT, PASSWORD);
    await page.waitForURL('**/student');
    await openProblem(page, found!);
    const picture = page.getByRole('img', { name: 'Imagen del problema' });
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(new URL(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).origin).toBe(other);

    const withVideo = problems.find((r) => r.problem.numerals.some((n) => n.video_s3));
    expect(withVideo, 'a seeded problem whose question has a video').toBeDefined();
    const numeral = [...withVideo!.problem.numerals]
      .sort((a, b) => a.number - b.number)
      .findIndex((n) => n.video_s3);
    await openProblem(page, withVideo!);
    await page.getByRole('tab', { name: `Pregunta ${numeral + 1}` }).click();
    await page.getByRole('toolbar', { name: 'Herramientas' }).getByRole('button', { name: 'Video' }).click();
    const video = page.getByRole('dialog', { name: 'Video explicativo' }).locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    expect(new URL(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).origin).toBe(other);
    await context.close();
    expect(violations).toEqual([]);
  });

  it('logged nothing to the browser console', () => {
    expect(errors.join('\n')).toBe('');
  });
});
