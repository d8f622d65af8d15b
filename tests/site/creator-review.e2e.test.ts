import { simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage, overflows, shotAndAxe, untranslated as untranslatedKeys } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';

const PASSWORD = 'demo1234';
/** A published problem of the seed, by creator@demo.kib (Diego Rojas). */
const TITLE = 'Simplificar una expresión racional';
const FEEDBACK = 'Muy clara. Revisa la escala del eje y en el numeral 2.';

let server: KibServer;
let browser: Browser;
const errors: string[] = [];

const newPage = (viewport?: { width: number; height: number }) =>
  openPage(browser, server.url, errors, viewport);

const untranslated = (page: Page) =>
  untranslatedKeys(page, ['site', 'creator', 'creator-reviews', 'validation', 'errors']);

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await shotAndAxe(page, name)).toEqual([]);
  expect(await untranslated(page)).toEqual([]);
}

/** Opens the creator menu's 'Revisiones'. */
async function openReviews(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Menú del creador' })
    .getByRole('link', { name: 'Revisiones' })
    .click();
  await page.waitForURL('**/creator/reviews**');
  await page.getByRole('heading', { level: 1, name: 'Revisiones' }).waitFor();
}

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  expect(errors).toEqual([]);
});

describe('a creator sends a problem to review and a supervisor marks it ready', () => {
  let creator: { context: BrowserContext; page: Page };
  let supervisor: { context: BrowserContext; page: Page };
  let problemId = 0;

  afterAll(async () => {
    await creator?.context.close();
    await supervisor?.context.close();
  });

  it('creator@demo.kib sends the problem to review from the creation tool, which unpublishes it', async () => {
    creator = await newPage();
    const { page } = creator;
    await logIn(page, 'creator@demo.kib', PASSWORD);
    await page.waitForURL('**/creator/problems**');
    await page
      .getByRole('search', { name: 'Buscar problemas' })
      .getByRole('searchbox', { name: 'Buscar problemas' })
      .fill(TITLE);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('link', { name: `Editar ${TITLE}` }).click();
    await page.waitForURL(/\/creator\/tool\/\d+$/);
    problemId = Number(/\/creator\/tool\/(\d+)$/.exec(page.url())![1]);
    const publish = page.getByRole('switch', { name: 'Publicar el problema' });
    await expect.poll(() => publish.isChecked()).toBe(true);

    const send = page.getByRole('switch', { name: 'Enviar problema a revisión' });
    await send.click();
    await page.getByText('Cambio guardado.').waitFor();
    await expect.poll(() => send.isChecked()).toBe(true);
    await expect.poll(() => publish.isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'Enviar videos a revisión' }).count()).toBe(0);
    await checkPage(page, 'creator-review-tool');
  });

  it('supervisor@demo.kib finds it by date among the creator’s current reviews and marks it ready with feedback', async () => {
    supervisor = await newPage();
    const { page } = supervisor;
    await logIn(page, 'supervisor@demo.kib', PASSWORD);
    await page.waitForURL('**/creator/**');
    await openReviews(page);
    const creators = page.getByRole('table', {
      name: 'Creadores con sus problemas por revisar, revisados y listos',
    });
    await creators.getByRole('row', { name: /Diego Rojas/ }).waitFor();
    await checkPage(page, 'creator-reviews-supervisor');
    await page.getByRole('button', { name: 'Ver revisiones de Diego Rojas' }).click();
    await page.getByRole('heading', { level: 2, name: 'Revisiones de Diego Rojas' }).waitFor();

    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await page.getByLabel('Desde').fill(day);
    await page.getByLabel('Hasta').fill(day);
    await page.getByRole('button', { name: 'Mostrar' }).click();
    await page.waitForURL(`**start=${day}**`);
    const current = page.getByRole('table', {
      name: 'Problemas por revisar, del envío más reciente al más antiguo',
    });
    await current.getByRole('rowheader', { name: TITLE }).waitFor();
    await checkPage(page, 'creator-reviews-current');

    await current.getByRole('link', { name: `Abrir la revisión de ${TITLE}` }).click();
    await page.waitForURL(`**/creator/reviews/${problemId}`);
    // The supervisor reads what they review: each numeral and step with the answer Kib accepts,
    // and the automatic review's verdict, before ticking "Matemáticas corregidas".
    const problem = page.getByRole('region', { name: 'El problema' });
    await problem.getByRole('heading', { name: 'Numeral 1 · Simplificar' }).waitFor();
    await problem.getByRole('heading', { name: 'Paso 2 · Simplificar' }).waitFor();
    await problem
      .getByText('Las respuestas de sus 3 numerales y pasos pasan la revisión automática.')
      .waitFor();
    const keys = await problem
      .locator('.reviews-read-key [data-latex]')
      .evaluateAll((all) => all.map((e) => e.getAttribute('data-latex')));
    expect(keys).toEqual(['x+1', '\\left(x-1\\right)\\left(x+1\\right)', 'x+1']);
    await problem.getByRole('button', { name: 'Comentar: Numeral 1, paso 2' }).click();
    const feedback = page.getByRole('textbox', { name: 'Comentarios sobre el problema' });
    await expect.poll(() => feedback.inputValue()).toBe('Numeral 1, paso 2: ');
    await problem.getByRole('button', { name: 'Probar' }).click();
    const trying = page.getByRole('dialog');
    await trying.getByText('Simplifica').first().waitFor();
    await page.keyboard.press('Escape');
    await trying.waitFor({ state: 'hidden' });

    await page.getByRole('switch', { name: 'Problema listo' }).check();
    await page.getByRole('switch', { name: 'Texto corregido' }).check();
    await feedback.fill(FEEDBACK);
    await page.getByRole('button', { name: 'Guardar revisión' }).click();
    await page.getByText('Revisión guardada. El autor recibirá un correo.').waitFor();
    await expect.poll(() => page.getByRole('switch', { name: 'Problema revisado' }).isChecked()).toBe(true);
    const history = page.getByRole('table', {
      name: 'Cambios de la revisión, del más antiguo al más reciente',
    });
    await history.getByRole('row', { name: /Sofía Castro Problema listo No Sí/ }).waitFor();
    await checkPage(page, 'creator-review-supervisor');
  });

  it('mails the creator, in Spanish, what the supervisor changed', async () => {
    let text = '';
    await expect
      .poll(async () => {
        for (const raw of await server.outbox()) {
          const mail = await simpleParser(raw);
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          if (to?.text.includes('creator@demo.kib') && mail.subject?.includes(TITLE)) text = mail.text ?? '';
        }
        return text;
      })
      .toContain(FEEDBACK);
    expect(text).toContain('Sofía Castro revisó tu problema');
    expect(text).toContain('Problema listo: Sí');
    expect(text).toContain(`/creator/reviews/${problemId}`);
  });

  it('shows the creator the feedback read only, and the review’s history', async () => {
    const { page } = creator;
    await openReviews(page);
    await page.getByRole('heading', { level: 2, name: 'Mis revisiones' }).waitFor();
    await page.getByRole('radio', { name: 'Pasadas (revisadas)' }).check();
    const passed = page.getByRole('table', {
      name: 'Problemas revisados, de la revisión más reciente a la más antigua',
    });
    await passed.getByRole('link', { name: `Abrir la revisión de ${TITLE}` }).click();
    await page.waitForURL(`**/creator/reviews/${problemId}`);
    await page.getByRole('definition').filter({ hasText: FEEDBACK }).waitFor();
    await page.getByRole('term').filter({ hasText: 'Problema listo' }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Guardar revisión' }).count()).toBe(0);
    const history = page.getByRole('table', {
      name: 'Cambios de la revisión, del más antiguo al más reciente',
    });
    await history.getByRole('row', { name: /Diego Rojas Problema enviado a revisión No Sí/ }).waitFor();
    await history.getByRole('row', { name: /Sofía Castro Texto corregido No Sí/ }).waitFor();
    await checkPage(page, 'creator-review-creator');
  });

  it('fits a 360 px phone', async () => {
    const { context, page } = await newPage({ width: 360, height: 800 });
    try {
      await logIn(page, 'creator@demo.kib', PASSWORD);
      await page.waitForURL('**/creator/problems**');
      await page.goto(`/creator/reviews/${problemId}`);
      await page.getByRole('definition').filter({ hasText: FEEDBACK }).waitFor();
      expect(await overflows(page)).toBe(false);
      await checkPage(page, 'creator-review-360');
      await page.goto('/creator/reviews?state=passed');
      await page.getByRole('heading', { level: 2, name: 'Mis revisiones' }).waitFor();
      await page.getByRole('rowheader', { name: TITLE }).waitFor();
      expect(await overflows(page)).toBe(false);
      await checkPage(page, 'creator-reviews-360');
    } finally {
      await context.close();
    }
  });
});
