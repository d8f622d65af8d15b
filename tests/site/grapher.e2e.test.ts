import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage, overflows, shotAndAxe, untranslated } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';
import { fieldValue, focusField } from '../support/math-field.ts';

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
  expect(await untranslated(page, ['site', 'creator', 'grapher', 'graph-console', 'common'])).toEqual([]);
}

/** Types into the math field of function `n`, replacing what it holds, and waits for its LaTeX. */
async function typeFunction(page: Page, n: number, typed: string, expected: string): Promise<void> {
  const field = page.locator(`math-field[aria-label="Función ${n}: expresión"]`);
  await focusField(field);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(typed, { delay: 30 });
  await expect.poll(() => fieldValue(field)).toBe(expected);
}

/** The SVG path the board drew for the graph in row `n` (1-based). */
async function graphPath(page: Page, n: number): Promise<string> {
  const id = await page
    .locator('li[data-graph]')
    .nth(n - 1)
    .getAttribute('data-graph');
  return (await page.locator(`path[data-graph="${id}"]`).getAttribute('d')) ?? '';
}

/** Downloads the board with `button` and answers the file's name and bytes. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

describe('the function grapher', () => {
  it('a creator plots functions, sees an unreadable one noted and downloads the graph as SVG and PNG', async () => {
    const { page, context } = await openPage(browser, server.url, errors);
    await logIn(page, 'creator@demo.kib', PASSWORD);
    await page.waitForURL('**/creator/problems**');
    await page
      .getByRole('navigation', { name: 'Menú del creador' })
      .getByRole('link', { name: 'Graficador' })
      .click();
    await page.waitForURL('**/creator/graphertool');
    await page.getByRole('heading', { level: 1, name: 'Graficador de funciones' }).waitFor();
    const board = page.getByRole('img', { name: 'Gráfica de las funciones' });
    await expect.poll(() => board.getAttribute('data-ready'), { timeout: 20_000 }).toBe('true');

    // Function 1: a dashed parabola.
    await typeFunction(page, 1, 'x^2', 'x^2');
    const first = page.getByRole('group', { name: 'Función 1' });
    await first.getByRole('combobox', { name: 'Trazo' }).selectOption({ label: 'Discontinuo' });
    await expect.poll(() => graphPath(page, 1)).toMatch(/L/);
    const firstId = await page.locator('li[data-graph]').first().getAttribute('data-graph');
    expect(await page.locator(`path[data-graph="${firstId}"]`).getAttribute('stroke-dasharray')).toBe('5,5');

    // Function 2: the asymptote x = 2, in red.
    await page.getByRole('button', { name: 'Añadir función' }).click();
    const second = page.getByRole('group', { name: 'Función 2' });
    await second.getByRole('checkbox', { name: 'Asíntota' }).check();
    await second.getByRole('combobox', { name: 'Color' }).selectOption({ label: 'Rojo' });
    await typeFunction(page, 2, 'x=2', 'x=2');
    await expect.poll(() => graphPath(page, 2)).toMatch(/L/);
    await expect
      .poll(() =>
        board.evaluate((b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent),
      )
      .toMatch(/Función 2: asíntota vertical x = 2, trazo Rojo, Continuo\./);

    // Function 3: cannot be read, so it is not drawn and a note says so.
    await page.getByRole('button', { name: 'Añadir función' }).click();
    await typeFunction(page, 3, 'x+', 'x+');
    const third = page.getByRole('group', { name: 'Función 3' });
    await third.getByText('No se puede leer esta expresión: no se dibuja.').waitFor();
    await expect
      .poll(() => page.locator('[role="status"][aria-live]').allTextContents())
      .toContainEqual(expect.stringContaining('Función 3: No se puede leer esta expresión'));
    expect(await graphPath(page, 3)).not.toMatch(/L/);

    await page.getByRole('checkbox', { name: 'Eje x en radianes (múltiplos de π)' }).check();
    await expect.poll(() => page.locator('.kib-grapher-board svg text').allTextContents()).toContain('π/2');
    await checkPage(page, 'grapher');

    const svg = await download(page, 'Descargar SVG');
    expect(svg.name).toMatch(/^grafica-\d{4}-\d{2}-\d{2}-\d{4}\.svg$/);
    const text = svg.bytes.toString('utf8');
    expect(text).toMatch(/^<svg[^>]* width="700" height="450" viewBox="0 0 700 450"/);
    expect(text.trimEnd()).toMatch(/<\/svg>$/);
    expect(text).toContain('stroke-dasharray="5,5"');
    // The file is well-formed SVG: the browser's own parser reads it without an error.
    expect(
      await page.evaluate(
        (source) =>
          new DOMParser().parseFromString(source, 'image/svg+xml').querySelector('parsererror') === null,
        text,
      ),
    ).toBe(true);

    const png = await download(page, 'Descargar PNG');
    expect(png.name).toMatch(/^grafica-.*\.png$/);
    expect([...png.bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    // IHDR: 1400 x 900, the board at twice its size.
    expect(png.bytes.readUInt32BE(16)).toBe(1400);
    expect(png.bytes.readUInt32BE(20)).toBe(900);

    // The graphs are still there after a reload (kept on this device).
    await page.reload();
    await page.getByRole('group', { name: 'Función 3' }).waitFor();
    await context.close();
  });

  it('fits a 360 px phone: the board scales down and keeps its shape', async () => {
    const { page, context } = await openPage(browser, server.url, errors, { width: 360, height: 740 });
    await logIn(page, 'creator@demo.kib', PASSWORD);
    await page.waitForURL('**/creator/problems**');
    await page.goto('/creator/graphertool');
    await page.getByRole('heading', { level: 1, name: 'Graficador de funciones' }).waitFor();
    await typeFunction(page, 1, 'x^3', 'x^3');
    const board = page.getByRole('img', { name: 'Gráfica de las funciones' });
    await expect.poll(() => board.getAttribute('data-ready'), { timeout: 20_000 }).toBe('true');
    const box = await board.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(box!.height / box!.width).toBeCloseTo(450 / 700, 1);
    expect(await overflows(page)).toBe(false);
    await checkPage(page, 'grapher-phone');
    await context.close();
  });

  it('logs no errors in the browser', () => {
    expect(errors).toEqual([]);
  });
});
