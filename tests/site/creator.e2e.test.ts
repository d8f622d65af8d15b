import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { SEED_MEDIA_DIR } from '@kib/tool-provider/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage, shotAndAxe, untranslated as untranslatedKeys } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';
import { fieldValue, focusField } from '../support/math-field.ts';

const PASSWORD = 'demo1234';
/** The seed's own picture: a PNG of a parabola. */
const PICTURE = join(SEED_MEDIA_DIR, 'parabola.png');
/** The seed's own video: a short MP4. */
const VIDEO = join(SEED_MEDIA_DIR, 'kib-demo.mp4');

let server: KibServer;
let browser: Browser;
const errors: string[] = [];

/** A new browser context (its own cookies) on Kib with a page whose console errors are collected. */
const newPage = () => openPage(browser, server.url, errors);

/** Translation keys left on the page: a label someone forgot to translate. */
const untranslated = (page: Page) =>
  untranslatedKeys(page, [
    'site',
    'creator',
    'creator-form',
    'math-types',
    'student',
    'solver',
    'common',
    'validation',
    'errors',
    'feedback',
  ]);

/** Screenshot, axe and untranslated keys of the page as it is now. */
async function checkPage(page: Page, name: string): Promise<void> {
  expect(await shotAndAxe(page, name)).toEqual([]);
  expect(await untranslated(page)).toEqual([]);
}

/** The math field named `label` inside `scope`. */
const mathField = (scope: Locator, label: string) => scope.locator(`math-field[aria-label="${label}"]`);

/** Types `typed` into a math field, replacing what it holds, and waits for its LaTeX to be `expected`. */
async function typeMath(page: Page, field: Locator, typed: string, expected: string): Promise<void> {
  await focusField(field);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(typed, { delay: 30 });
  await expect.poll(() => fieldValue(field)).toBe(expected);
}

/** The solver's '¡Muy bien!' after a question is solved: on to the next one. */
async function goToNextQuestion(page: Page): Promise<void> {
  const done = page.getByRole('dialog', { name: '¡Muy bien!' });
  await done.waitFor({ timeout: 30_000 });
  await done.getByRole('button', { name: 'Ir a la siguiente pregunta' }).click();
  await done.waitFor({ state: 'detached' });
}

/** The numerals of the creation tool. */
const numeralList = (page: Page) => page.getByRole('list', { name: /^Numerales/ });

/** Fills a `solve` record: unknown x, the equation and one solution. */
async function fillSolve(
  page: Page,
  answer: Locator,
  equation: [typed: string, latex: string],
  solution: [typed: string, latex: string],
): Promise<void> {
  await answer.getByRole('textbox', { name: 'Incógnita' }).fill('x');
  await typeMath(page, mathField(answer, 'Ecuación por resolver'), ...equation);
  await answer.getByRole('button', { name: 'Añadir a «Soluciones»' }).click();
  await typeMath(page, mathField(answer, 'Solución 1'), ...solution);
}

/**
 * Draws y = x/2 freehand on the function console of `scope`, from x = −1.8 to x = 6.8, with the
 * mouse held down: the console opens with the origin at (100, 200) px and 50 px per unit on a
 * 450 × 300 canvas, drawn smaller when the page is narrow.
 */
async function drawHalfX(page: Page, scope: Locator): Promise<void> {
  const board = scope.getByRole('application');
  await board.scrollIntoViewIfNeeded();
  const box = (await board.boundingBox())!;
  const scale = box.width / 450;
  const at = (x: number) => ({ x: box.x + (100 + 50 * x) * scale, y: box.y + (200 - 25 * x) * scale });
  const start = at(-1.8);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let x = -1.6; x <= 6.8001; x += 0.2) {
    const p = at(x);
    await page.mouse.move(p.x, p.y, { steps: 2 });
  }
  await page.mouse.up();
}

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a creator authors a problem that a student then solves', () => {
  const stamp = Date.now() % 1_000_000;
  const title = `Ecuación y recta ${stamp}`;
  let creator: { context: BrowserContext; page: Page };
  let folder = '';

  afterAll(async () => {
    await creator?.context.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('logs in as creator@demo.kib and opens the creation tool from the menu', async () => {
    creator = await newPage();
    const { page } = creator;
    await logIn(page, 'creator@demo.kib', PASSWORD);
    await page.waitForURL('**/creator/problems**');
    await page.getByRole('heading', { level: 1, name: 'Problemas' }).waitFor();
    await page.getByText('Hola, Diego').waitFor();
    await checkPage(page, 'creator-problems');
    await page
      .getByRole('navigation', { name: 'Menú del creador' })
      .getByRole('link', { name: 'Crear nuevo problema' })
      .click();
    await page.waitForURL('**/creator/tool');
    await page.getByRole('heading', { level: 1, name: 'Nuevo problema' }).waitFor();
    await checkPage(page, 'creator-tool-new');
  });

  it('fills in the problem: title, description, course → topic → subtopic and a picture', async () => {
    const { page } = creator;
    const problem = page.getByRole('region', { name: 'El problema' });
    await problem.getByRole('textbox', { name: 'Título' }).fill(title);
    await problem.getByRole('textbox', { name: 'Descripción' }).fill('Una ecuación lineal y su recta.');
    await problem.getByLabel('Curso', { exact: true }).selectOption({ label: 'Álgebra' });
    await problem.getByLabel('Tema', { exact: true }).selectOption({ label: 'Ecuaciones' });
    await problem.getByLabel('Subtema', { exact: true }).selectOption({ label: 'Ecuaciones lineales' });
    await problem.getByLabel('Imagen', { exact: true }).setInputFiles(PICTURE);
    await problem.getByText('parabola.png (se sube al guardar)').waitFor();
    const preview = problem.getByRole('img', { name: /parabola\.png/ });
    await expect
      .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
  });

  it('uploads a video larger than the multipart limit straight to the storage', async () => {
    const { page } = creator;
    const config = (await (await fetch(`${server.url}/api/config/`)).json()) as {
      uploads: { video_max_bytes: number };
    };
    const seedVideo = await readFile(VIDEO);
    folder = await mkdtemp(join(tmpdir(), 'kib-creator-'));
    const large = join(folder, 'clase-larga.mp4');
    // The seed's MP4 (its content says MP4) made one byte longer than a save may carry.
    await writeFile(
      large,
      Buffer.concat([seedVideo, Buffer.alloc(config.uploads.video_max_bytes + 1 - seedVideo.length)]),
    );
    const problem = page.getByRole('region', { name: 'El problema' });
    await problem.getByLabel('Video', { exact: true }).setInputFiles(large);
    await problem.getByText(/^Guardado: [A-Za-z0-9_-]+\.mp4$/).waitFor({ timeout: 60_000 });
    expect(await problem.getByRole('progressbar').count()).toBe(0);
    expect(await problem.getByText('clase-larga.mp4 (se sube al guardar)').count()).toBe(0);
  });

  it('writes a solve numeral with two steps', async () => {
    const { page } = creator;
    const list = numeralList(page);
    await list.getByRole('textbox', { name: 'Pregunta' }).fill('Resuelve $3x-5=10$.');
    const answer = list.getByRole('region', { name: 'Respuesta del Numeral 1: Resolver' });
    await fillSolve(page, answer, ['3x-5=10', '3x-5=10'], ['x=5', 'x=5']);

    await list.getByRole('button', { name: 'Añadir un paso al principio Numeral 1' }).click();
    await list.getByRole('heading', { level: 4, name: 'Paso 1' }).waitFor();
    await list.getByRole('textbox', { name: 'Instrucción' }).fill('Suma $5$ a los dos lados.');
    await fillSolve(
      page,
      list.getByRole('region', { name: 'Respuesta del Numeral 1, paso 1: Resolver' }),
      ['3x=15', '3x=15'],
      ['x=5', 'x=5'],
    );
    await list.getByRole('button', { name: 'Añadir paso después Numeral 1, paso 1' }).click();
    await list.getByRole('heading', { level: 4, name: 'Paso 2' }).waitFor();
    await list.getByRole('textbox', { name: 'Instrucción' }).nth(1).fill('Divide entre $3$.');
    await fillSolve(
      page,
      list.getByRole('region', { name: 'Respuesta del Numeral 1, paso 2: Resolver' }),
      ['x=15/3', 'x=\\frac{15}{3}'],
      ['x=5', 'x=5'],
    );
    await checkPage(page, 'creator-tool-solve-numeral');
  });

  it('adds a plotFunction numeral after the first', async () => {
    const { page } = creator;
    const list = numeralList(page);
    await list.getByRole('button', { name: 'Añadir numeral después Numeral 1' }).click();
    await list.getByRole('heading', { level: 3, name: 'Numeral 2' }).waitFor();
    await list.getByRole('textbox', { name: 'Pregunta' }).nth(1).fill('Dibuja la gráfica de $f(x)=x/2$.');
    await list.getByRole('combobox', { name: 'Tipo de respuesta' }).last().selectOption('plotFunction');
    const answer = list.getByRole('region', { name: 'Respuesta del Numeral 2: Graficar una función' });
    await typeMath(page, mathField(answer, 'Función que se grafica'), 'x/2', '\\frac{x}{2}');
    await checkPage(page, 'creator-tool-plot-numeral');
  });

  it('tries the problem in the solver from the tool, nothing recorded', async () => {
    const { page } = creator;
    await page.getByRole('button', { name: 'Probar', exact: true }).click();
    const trying = page.getByRole('dialog', { name: `Probar: ${title}` });
    await trying.getByText('Las respuestas se revisan, pero nada queda registrado.').waitFor();
    await trying.getByRole('tab', { name: 'Pregunta 1' }).waitFor();
    await trying.getByRole('tab', { name: 'Pregunta 2' }).waitFor();
    await typeMath(page, trying.locator('math-field').last(), 'x=4', 'x=4');
    await trying.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await trying.getByText('La respuesta no es correcta todavía', { exact: false }).first().waitFor();
    await typeMath(page, trying.locator('math-field').last(), 'x=5', 'x=5');
    await trying.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await goToNextQuestion(page);
    await trying.getByRole('tab', { name: 'Pregunta 2', selected: true }).waitFor();
    await checkPage(page, 'creator-tool-try');
    await trying.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await trying.waitFor({ state: 'detached' });
  });

  it("publishes it: 'Nice !', the picture stored, the problem at its own address", async () => {
    const { page } = creator;
    await page.getByRole('switch', { name: 'Publicar el problema' }).check();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    const notice = page.getByRole('status').filter({ hasText: '¡Muy bien!' });
    await notice.getByText('El problema está guardado y publicado.').waitFor({ timeout: 30_000 });
    await page.waitForURL(/\/creator\/tool\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Editar problema' }).waitFor();
    await page.getByText('Todo guardado').waitFor();
    const problem = page.getByRole('region', { name: 'El problema' });
    await problem.getByText(/^Guardado: .+\.png$/).waitFor();
    // The stored picture is shown from the server.
    const stored = problem.getByRole('img', { name: /Imagen/ });
    await expect
      .poll(() => stored.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await checkPage(page, 'creator-tool-published');

    // The problem table lists it, published.
    await page
      .getByRole('navigation', { name: 'Menú del creador' })
      .getByRole('link', { name: 'Problemas' })
      .click();
    await page.waitForURL('**/creator/problems**');
    await page.getByRole('row', { name: new RegExp(title) }).waitFor();
  });

  it('exports it for another site: the pasted code shows it, picture included, and checks it in the browser', async () => {
    const { page } = creator;
    await page.getByRole('link', { name: `Editar ${title}` }).click();
    await page.waitForURL(/\/creator\/tool\/\d+$/);
    await page.getByText('Todo guardado').waitFor();
    await page.getByRole('button', { name: 'Exportar para insertar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exportar para insertar en otra página' });
    await dialog.getByRole('radio', { name: /^Con las respuestas/ }).waitFor();
    await checkPage(page, 'creator-tool-export');
    const snippet = await dialog
      .getByRole('textbox', { name: 'Código para pegar en la página' })
      .inputValue();
    await dialog.getByRole('button', { name: 'De acuerdo' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A school's own page, on its own origin (its own server, named localhost where Kib is
    // 127.0.0.1), with nothing of Kib but the pasted code.
    const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Tarea</title></head><body><main>${snippet}</main></body></html>`;
    const site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const port = (site.address() as AddressInfo).port;
    const school = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const other = await school.newPage();
      const pageErrors: string[] = [];
      other.on('pageerror', (error) => pageErrors.push(error.message));
      other.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(message.text());
      });
      await other.goto(`http://localhost:${port}/tarea`);
      await other.getByRole('tab', { name: 'Pregunta 1' }).waitFor({ timeout: 30_000 });
      await other.getByRole('tab', { name: 'Pregunta 2' }).waitFor();
      // The saved picture comes from Kib, addressed absolutely.
      const picture = other.getByRole('img', { name: /Imagen/ }).first();
      await expect
        .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await typeMath(other, other.locator('math-field').last(), 'x=5', 'x=5');
      await other.getByRole('button', { name: 'Comprobar respuesta' }).click();
      await goToNextQuestion(other);
      await other.getByRole('tab', { name: 'Pregunta 2', selected: true }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await school.close();
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('the student finds it under its subtopic and solves both numerals', async () => {
    const student = await newPage();
    try {
      const { page } = student;
      await logIn(page, 'student@demo.kib', PASSWORD);
      await page.waitForURL('**/student');
      await page.getByRole('link', { name: 'Practicar' }).first().click();
      await page.getByLabel(/curso/i).selectOption({ label: 'Álgebra' });
      await page.getByRole('button', { name: 'Ecuaciones', exact: true }).click();
      await page.getByRole('button', { name: 'Ecuaciones lineales', exact: true }).click();
      const link = page.getByRole('link', { name: new RegExp(title) });
      await link.waitFor();
      await checkPage(page, 'creator-journey-student-subtopic');
      await link.click();
      await page.getByRole('tab', { name: 'Pregunta 1' }).waitFor();
      await page.getByRole('img', { name: 'Imagen del problema' }).waitFor();
      await typeMath(page, page.locator('math-field').last(), 'x=5', 'x=5');
      await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
      await goToNextQuestion(page);
      await page.getByRole('tab', { name: 'Pregunta 2', selected: true }).waitFor();
      await drawHalfX(page, page.locator('body'));
      await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
      await page.getByRole('dialog', { name: '¡Felicitaciones!' }).waitFor({ timeout: 30_000 });
      await checkPage(page, 'creator-journey-student-solved');
    } finally {
      await student.context.close();
    }
  });
});

describe('a creator is refused publication of a problem whose own answer is wrong', () => {
  it('saves it as a draft and names the numeral whose target is not its starting expression', async () => {
    const { page, context } = await newPage();
    try {
      await logIn(page, 'creator@demo.kib', PASSWORD);
      await page.waitForURL('**/creator/problems**');
      await page
        .getByRole('navigation', { name: 'Menú del creador' })
        .getByRole('link', { name: 'Crear nuevo problema' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Nuevo problema' }).waitFor();
      const problem = page.getByRole('region', { name: 'El problema' });
      await problem
        .getByRole('textbox', { name: 'Título' })
        .fill(`Términos semejantes ${Date.now() % 1_000_000}`);
      await problem.getByLabel('Curso', { exact: true }).selectOption({ label: 'Álgebra' });
      await problem.getByLabel('Tema', { exact: true }).selectOption({ label: 'Ecuaciones' });
      await problem.getByLabel('Subtema', { exact: true }).selectOption({ label: 'Ecuaciones lineales' });
      const list = numeralList(page);
      await list.getByRole('textbox', { name: 'Pregunta' }).fill('Simplifica $2x+3x$.');
      await list.getByRole('combobox', { name: 'Tipo de respuesta' }).selectOption('simplify');
      const answer = list.getByRole('region', { name: 'Respuesta del Numeral 1: Simplificar' });
      await typeMath(page, mathField(answer, 'Expresión inicial'), '2x+3x', '2x+3x');
      await typeMath(page, mathField(answer, 'Objetivo'), '6x', '6x');
      await page.getByRole('switch', { name: 'Publicar el problema' }).check();
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();

      const checks = page.getByRole('alert').filter({ hasText: 'No se publicó' });
      await checks
        .getByRole('heading', { name: 'No se publicó: hay respuestas que no pasan su propia revisión' })
        .waitFor({ timeout: 30_000 });
      // In the author's words, not the student's feedback.
      const named = checks.getByRole('link', {
        name: 'Numeral 1: El objetivo 6x no es equivalente a la expresión inicial 2x+3x.',
      });
      await named.waitFor();
      expect(await checks.getByRole('link').count()).toBe(1);
      expect(await page.getByText('¡Muy bien!').count()).toBe(0);
      expect(await page.getByRole('switch', { name: 'Publicar el problema' }).isChecked()).toBe(true);
      await checkPage(page, 'creator-publish-refused');
      await named.click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('Numeral 1');
      // The corrected target publishes on the next save, the switch untouched.
      await typeMath(page, mathField(answer, 'Objetivo'), '5x', '5x');
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await page.getByText('El problema está guardado y publicado.').waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });
});

describe('the browser console', () => {
  it('logged nothing', () => {
    expect(errors.join('\n')).toBe('');
  });
});
