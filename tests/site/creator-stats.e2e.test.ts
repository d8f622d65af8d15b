import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CONTENT } from '@kib/tool-provider/testing';
import { logIn } from '../support/accounts.ts';
import { openPage, overflows, shotAndAxe, untranslated } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';

const PASSWORD = 'demo1234';

let server: KibServer;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Screenshot, axe and untranslated keys of the page as it is now. */
async function checkPage(page: Page, name: string): Promise<void> {
  expect(await shotAndAxe(page, name)).toEqual([]);
  expect(
    await untranslated(page, ['site', 'creator', 'creator-stats', 'common', 'validation', 'errors']),
  ).toEqual([]);
}

/** The value shown under a total's name. */
const total = (page: Page, name: string) =>
  page
    .locator('.creator-stats-total')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('dd');

describe('creator statistics', () => {
  it("a creator opens Stats from the menu and sees the seed's numbers and students' outcomes", async () => {
    const { page, context } = await openPage(browser, server.url, errors);
    await logIn(page, 'creator@demo.kib', PASSWORD);
    await page.waitForURL('**/creator/problems**');
    await page
      .getByRole('navigation', { name: 'Menú del creador' })
      .getByRole('link', { name: 'Estadísticas' })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/creator/creatorstats');
    await page.getByRole('heading', { level: 2, name: /^Diego Rojas: del / }).waitFor();
    // The seed wrote every problem of the development content as the creator's, today.
    await expect.poll(() => total(page, 'Problemas').textContent()).toBe(String(DEV_CONTENT.problems.length));
    expect(await total(page, 'Numerales').textContent()).toBe(
      String(DEV_CONTENT.problems.reduce((n, p) => n + p.numerals.length, 0)),
    );
    expect(await total(page, 'Tiempo de edición').textContent()).toBe('1 h 10 min 0 s');
    expect(await total(page, 'Intentos').textContent()).toBe('5');
    expect(await total(page, 'Estudiantes').textContent()).toBe('1');
    expect(await total(page, 'Numerales completados').textContent()).toBe('50 % (1 de 2)');

    const missed = page.getByRole('table', { name: 'Numerales con más respuestas incorrectas' });
    const rows = missed.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).locator('th').textContent()).toBe('Gráfica de una recta');
    expect(await rows.nth(0).locator('td').nth(2).textContent()).toBe('3');
    expect(await rows.nth(0).locator('li').nth(0).textContent()).toMatch(
      /no es (equivalente|igual).*\(2 veces\)/,
    );
    expect(await rows.nth(1).locator('th').textContent()).toBe('Simplificar una expresión racional');

    const chart = page.getByRole('figure', { name: /Creado e intentado por/ });
    await chart.locator('svg[role="img"]').first().waitFor();
    await chart.getByText('Ver los datos de la gráfica como tabla').click();
    await chart.getByRole('table').waitFor();
    await checkPage(page, 'creator-stats');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a supervisor picks the creator and a window; the page fits a 360 px phone', async () => {
    const { page, context } = await openPage(browser, server.url, errors, { width: 360, height: 740 });
    await logIn(page, 'supervisor@demo.kib', PASSWORD);
    await page.waitForURL('**/creator/**');
    await page.goto('/creator/creatorstats');
    await page.getByText('Elige un creador para ver sus estadísticas.').waitFor();
    await page.getByLabel('Creador', { exact: true }).selectOption({ label: 'Diego Rojas' });
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Desde', { exact: true }).fill(weekAgo);
    await page.getByLabel('Hasta', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Ver estadísticas' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(weekAgo);
    await expect.poll(() => total(page, 'Intentos').textContent()).toBe('5');
    expect(await total(page, 'Problemas').textContent()).toBe(String(DEV_CONTENT.problems.length));
    await page.locator('.creator-stats-chart svg[role="img"]').first().waitFor();
    expect(await overflows(page)).toBe(false);
    await checkPage(page, 'creator-stats-supervisor-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
