import sharp from 'sharp';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage, overflows, shotAndAxe } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';

const STUDENT = 'student@demo.kib';
const PASSWORD = 'demo1234';

let server: KibServer;
let browser: Browser;
const errors: string[] = [];

/** A published problem the seeded student may answer, read through the API as the pages read it. */
async function someProblem(): Promise<{ id: number; title: string }> {
  const login = await fetch(`${server.url}/api/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STUDENT, password: PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  const get = async <T>(path: string) =>
    (await (
      await fetch(`${server.url}/api/${path}`, { headers: { authorization: `Bearer ${access}` } })
    ).json()) as T;
  const courses = await get<{ courses_topics: { topic: number }[] }>('courses/');
  for (const topic of new Set(courses.courses_topics.map((c) => c.topic))) {
    const listed = await get<{ problems: { id: number; title: string }[] }>(`problems/topic/${topic}/`);
    if (listed.problems[0]) return listed.problems[0];
  }
  throw new Error('no seeded problem');
}

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a photo of the work from the phone', () => {
  it('the desktop shows the QR link, the phone sends a PNG, the desktop shows it attached', async () => {
    const problem = await someProblem();
    const desktop = await openPage(browser, server.url, errors);
    await logIn(desktop.page, STUDENT, PASSWORD);
    await desktop.page.waitForURL('**/student');
    await desktop.page.goto(`/student/solve?problem=${problem.id}`);
    await desktop.page.getByRole('heading', { level: 2, name: problem.title }).waitFor();

    await desktop.page
      .getByRole('toolbar', { name: 'Herramientas' })
      .getByRole('button', { name: 'Tomar una foto con tu teléfono' })
      .click();
    const dialog = desktop.page.getByRole('dialog', { name: 'Tomar una foto con tu teléfono' });
    const status = dialog.locator('.kib-phone-photo__status');
    await expect.poll(() => status.textContent()).toContain('Teléfono no conectado');
    // The QR code and the address come once the link is opened on the server.
    await dialog.getByRole('img', { name: 'Código QR del enlace para tu teléfono' }).waitFor();
    const address = dialog.locator('.kib-phone-photo__address a');
    await address.waitFor();
    const phoneUrl = (await address.getAttribute('href'))!;
    expect(new URL(phoneUrl).pathname).toBe('/photo');
    expect(new URL(phoneUrl).hash.length).toBeGreaterThan(20);
    expect(await shotAndAxe(desktop.page, 'phone-photo-desktop')).toEqual([]);

    const phone = await openPage(browser, server.url, errors, { width: 360, height: 740 });
    await phone.page.goto(phoneUrl);
    await phone.page.getByRole('heading', { name: 'Envía una foto de tu trabajo' }).waitFor();
    const png = await sharp({
      create: { width: 240, height: 120, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .png()
      .toBuffer();
    await phone.page
      .getByLabel('Tomar foto')
      .setInputFiles({ name: 'trabajo.png', mimeType: 'image/png', buffer: png });
    await phone.page.getByRole('img', { name: 'La foto que vas a enviar' }).waitFor();
    expect(await overflows(phone.page)).toBe(false);
    expect(await shotAndAxe(phone.page, 'phone-photo-phone')).toEqual([]);
    await phone.page.getByRole('button', { name: 'Enviar foto' }).click();
    await phone.page.getByText('Foto enviada: mira tu computador.').waitFor();
    expect(await shotAndAxe(phone.page, 'phone-photo-phone-sent')).toEqual([]);

    // Handwriting is not configured here: the photo is attached for the teacher and shown.
    await expect
      .poll(() => status.textContent(), { timeout: 15_000 })
      .toContain('Foto recibida y adjuntada a tu respuesta para tu profesor.');
    const thumbnail = dialog.getByRole('img', { name: 'La foto de tu trabajo que enviaste' });
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await shotAndAxe(desktop.page, 'phone-photo-desktop-received')).toEqual([]);

    // The link was single-use: opening it again says so.
    await phone.page.goto('/');
    await phone.page.goto(phoneUrl);
    await phone.page
      .getByLabel('Tomar foto')
      .setInputFiles({ name: 'otra.png', mimeType: 'image/png', buffer: png });
    await phone.page.getByRole('button', { name: 'Enviar foto' }).click();
    await phone.page.getByText('Este enlace caducó o ya se usó.', { exact: false }).waitFor();

    await desktop.page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await phone.context.close();
    await desktop.context.close();
    expect(errors).toEqual([]);
  }, 120_000);
});
