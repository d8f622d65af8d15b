import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchChromium } from '../support/browser.ts';
import { serveStatic } from '../support/static-server.ts';
import { fieldValue, focusField } from '../support/math-field.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../widgets/dist/kib-widgets.js', import.meta.url));
const TAGS = [
  'kib-math-console',
  'kib-function-console',
  'kib-line-console',
  'kib-points-console',
  'kib-interval-console',
  'kib-numberline-console',
  'kib-choice-console',
  'kib-table-console',
  'kib-prime-console',
  'kib-solver',
  'kib-activity-results',
  'kib-classroom-overview',
  'kib-student-detail',
];

interface KibEvent {
  type: string;
  from: string;
  detail: unknown;
}

let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;
let page: Page;
let errors: string[];
let interactiveMs = 0;

/** The last `kib-answer` detail an element sent. */
async function lastAnswer(id: string): Promise<unknown> {
  const events = await page.evaluate(() => (window as unknown as { kibEvents: KibEvent[] }).kibEvents);
  return events.filter((e) => e.from === id && e.type === 'kib-answer').at(-1)?.detail;
}

/** Types as a very fast person would (30 ms a key), not all keys in the same millisecond. */
function typeKeys(text: string): Promise<void> {
  return page.keyboard.type(text, { delay: 30 });
}

async function events(type: string): Promise<KibEvent[]> {
  const all = await page.evaluate(() => (window as unknown as { kibEvents: KibEvent[] }).kibEvents);
  return all.filter((e) => e.type === type);
}

beforeAll(async () => {
  // `npm test` builds the bundle first (pretest); a direct vitest run builds it here when missing.
  if (!existsSync(BUNDLE)) execSync('npm run build -w widgets', { cwd: ROOT, stdio: 'ignore' });
  server = await serveStatic(ROOT);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  errors = collectErrors(page);
  const started = Date.now();
  await page.goto(`${server.url}/examples/embed.html`);
  await page.waitForFunction(() => (window as unknown as { kibReady?: boolean }).kibReady === true);
  await page.locator('#solver').getByRole('tab', { name: 'Pregunta 1' }).waitFor();
  interactiveMs = Date.now() - started;
  console.info(`examples/embed.html interactive in ${interactiveMs} ms`);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('examples/embed.html', () => {
  it('defines all thirteen custom elements, each rendering into its own shadow root', async () => {
    const defined = await page.evaluate((tags) => tags.filter((t) => customElements.get(t)), TAGS);
    expect(defined).toEqual(TAGS);
    const shadowed = await page.evaluate(
      (tags) => tags.filter((t) => document.querySelector(t)?.shadowRoot?.childElementCount),
      TAGS,
    );
    expect(shadowed).toEqual(TAGS);
    expect(interactiveMs).toBeGreaterThan(0);
  });

  it('multiple choice: a click selects, the keyboard moves the selection', async () => {
    const choice = page.locator('#choice');
    await choice.getByRole('radio').nth(2).click();
    expect(await lastAnswer('choice')).toEqual([3]);
    await choice.getByRole('radio').nth(2).focus();
    await page.keyboard.press('ArrowUp');
    expect(await lastAnswer('choice')).toEqual([2]);
  });

  it('table: typing in the answer cells sends every filled cell', async () => {
    const inputs = page.locator('#table').getByRole('textbox');
    await inputs.nth(0).click();
    await page.keyboard.type('1');
    await inputs.nth(1).focus();
    await page.keyboard.type('7');
    expect(await lastAnswer('table')).toEqual([
      { rIndex: 1, cIndex: 1, cellAns: '1' },
      { rIndex: 2, cIndex: 1, cellAns: '7' },
    ]);
  });

  it('prime decomposition: digits only, a divisor and a quotient row', async () => {
    const prime = page.locator('#prime');
    await prime.getByRole('textbox', { name: 'Fila 1, divisor' }).click();
    await page.keyboard.type('2x');
    await page.keyboard.press('Enter');
    await page.keyboard.type('30');
    const answer = (await lastAnswer('prime')) as {
      table: { cellType: string; cellContent: string }[];
      mathText: string;
    };
    expect(answer.mathText).toBe('');
    expect(answer.table.map((c) => c.cellContent)).toEqual(expect.arrayContaining(['60', '2', '30']));
    expect(answer.table.some((c) => /x/.test(c.cellContent))).toBe(false);
  });

  /** Clicks a board at a point of its design canvas (spec 02 §9 sizes), whatever its CSS size. */
  async function clickBoard(board: ReturnType<Page['locator']>, designWidth: number, x: number, y: number) {
    const box = (await board.boundingBox())!;
    const k = box.width / designWidth;
    await page.mouse.click(box.x + x * k, box.y + y * k);
  }

  it('set points: a click places a point; the keyboard cursor places another', async () => {
    const board = page.locator('#points').getByRole('application', { name: 'Plano cartesiano' });
    await board.scrollIntoViewIfNeeded();
    // Origin at (100, 200) px, 50 px per unit: (150, 150) is the point (1, 1).
    await clickBoard(board, 450, 150, 150);
    expect(await lastAnswer('points')).toEqual([{ x: 1, y: 1 }]);
    await board.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Enter');
    expect(await lastAnswer('points')).toEqual([
      { x: 1, y: 1 },
      { x: 2, y: 1 },
    ]);
  });

  it('line: two clicks place the line; the keyboard moves a point of it', async () => {
    const board = page.locator('#line').getByRole('application', { name: 'Plano cartesiano' });
    await board.scrollIntoViewIfNeeded();
    await clickBoard(board, 450, 100, 200);
    await clickBoard(board, 450, 150, 150);
    expect(await lastAnswer('line')).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 1 },
    ]);
    await board.focus();
    await page.keyboard.press('n');
    await page.keyboard.press('Shift+ArrowUp');
    const moved = (await lastAnswer('line')) as { x: number; y: number }[];
    expect(moved).toHaveLength(2);
    expect(moved).not.toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 1 },
    ]);
  });

  it('freehand function: a drag draws a stroke; Enter adds points by keyboard', async () => {
    const board = page.locator('#function').getByRole('application', { name: 'Plano cartesiano' });
    await board.scrollIntoViewIfNeeded();
    const box = (await board.boundingBox())!;
    const k = box.width / 450;
    await page.mouse.move(box.x + 40 * k, box.y + 250 * k);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + (40 + i * 15) * k, box.y + (250 - i * 8) * k);
    await page.mouse.up();
    const drawn = (await lastAnswer('function')) as {
      points: { x: number; y: number }[];
      inRadians: boolean;
    };
    expect(drawn.inRadians).toBe(false);
    expect(drawn.points.length).toBeGreaterThan(5);
    const before = drawn.points.length;
    await board.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    const typed = (await lastAnswer('function')) as { points: unknown[] };
    expect(typed.points.length).toBe(before + 2);
  });

  it('intervals: two clicks draw an interval; the keyboard draws another', async () => {
    const widget = page.locator('#interval');
    await widget.getByRole('button', { name: 'Dibujar intervalo' }).click();
    const board = widget.getByRole('application', { name: 'Recta numérica para dibujar intervalos' });
    await clickBoard(board, 400, 120, 100);
    await clickBoard(board, 400, 250, 100);
    const [first] = (await lastAnswer('interval')) as [
      { value: number; open: boolean },
      { value: number; open: boolean },
    ][];
    expect(first![0].value).toBeLessThan(first![1].value);
    await widget.getByRole('button', { name: 'Dibujar intervalo' }).click();
    await board.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Enter');
    const answer = (await lastAnswer('interval')) as unknown[][];
    expect(answer.length).toBe(2);
    expect(JSON.stringify(answer)).toContain('"inf"');
  });

  it('number line points: a click places a dot; the keyboard places another', async () => {
    const widget = page.locator('#numberline');
    await widget.getByRole('button', { name: 'Colocar punto' }).click();
    const board = widget.getByRole('application', { name: 'Recta numérica para colocar puntos' });
    await clickBoard(board, 400, 200, 100);
    expect(await lastAnswer('numberline')).toEqual([0]);
    // Placing a dot switches to moving it (spec 02 §4): back to placing, by keyboard this time.
    await widget.getByRole('button', { name: 'Colocar punto' }).click();
    await board.focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Enter');
    const answer = (await lastAnswer('numberline')) as number[];
    expect(answer).toHaveLength(2);
    expect(answer[1]).toBeGreaterThan(0);
  });

  it('math console: lines typed on the keyboard, Enter adds a line', async () => {
    const math = page.locator('#math');
    await focusField(math.locator('math-field').first());
    await typeKeys('2x+6+x^2');
    await page.keyboard.press('ArrowRight');
    await typeKeys('-x+1');
    await page.keyboard.press('Enter');
    // Enter inserts a line after this one and moves the keyboard there.
    await math
      .locator('math-field')
      .nth(1)
      .evaluate(
        (f) =>
          new Promise<void>((resolve) => {
            const check = () =>
              f.shadowRoot?.activeElement ? setTimeout(resolve, 100) : setTimeout(check, 20);
            check();
          }),
      );
    await typeKeys('x^2');
    await page.keyboard.press('ArrowRight');
    await typeKeys('+x+7');
    const answer = (await lastAnswer('math')) as { math: string }[];
    expect(answer).toHaveLength(2);
    expect(answer[0]!.math.replace(/\s/g, '')).toBe('2x+6+x^2-x+1');
    expect(answer[1]!.math.replace(/\s/g, '')).toBe('x^2+x+7');
  });

  it('the offline solver completes a multi-step question; a wrong line gets its mistake highlighted', async () => {
    const solver = page.locator('#solver');
    await solver.getByRole('button', { name: 'Paso a paso' }).click();
    const field = () => solver.locator('math-field').last();
    await focusField(field());
    await typeKeys('2x+3');
    await expect.poll(() => fieldValue(field())).toBe('2x+3');
    await solver.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await solver.getByText('Revisa esta parte:').waitFor({ timeout: 30_000 });
    expect(await field().evaluate((f) => (f as HTMLElement & { value: string }).value)).toContain(
      'kibhighlight',
    );

    await focusField(field());
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await typeKeys('2x+6');
    await expect.poll(() => fieldValue(field())).toBe('2x+6');
    await solver.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await solver.getByText('Agrupa los términos semejantes', { exact: false }).waitFor();

    await focusField(field());
    await typeKeys('x^2');
    await page.keyboard.press('ArrowRight');
    await typeKeys('+x+7');
    await expect.poll(() => fieldValue(field())).toBe('x^2+x+7');
    await solver.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await solver.getByRole('dialog').waitFor();
    await solver.getByRole('button', { name: 'Quedarme aquí' }).click();
    expect((await events('kib-numeral-complete')).map((e) => e.detail)).toEqual([
      { problemId: 9001, numeralId: 91, recorded: true },
    ]);
    await solver.getByRole('tab', { name: /Pregunta 1.*resuelta/ }).waitFor();
  });

  it('activity results: removing a student asks first, then sends kib-remove-student', async () => {
    const results = page.locator('#results');
    await results
      .getByRole('button', { name: /Eliminar|Quitar/ })
      .first()
      .click();
    await results.getByRole('dialog').waitFor();
    await results
      .getByRole('dialog')
      .getByRole('button')
      .filter({ hasText: /Sí|Eliminar|Quitar/ })
      .first()
      .click();
    const removed = await events('kib-remove-student');
    expect(removed).toHaveLength(1);
    expect(typeof removed[0]!.detail).toBe('number');
  });

  it('classroom overview: a student and an assignment send kib-select-student and kib-select-assignment', async () => {
    const classroom = page.locator('#classroom');
    await classroom.getByRole('button', { name: 'Rodríguez, Santiago' }).click();
    await classroom.getByRole('button', { name: 'Refuerzo de ecuaciones' }).click();
    expect((await events('kib-select-student')).map((e) => e.detail)).toEqual([22]);
    expect((await events('kib-select-assignment')).map((e) => e.detail)).toEqual([32]);
  });

  it('student detail: the Assignments tab opens an assignment on its problems and numerals', async () => {
    const student = page.locator('#student');
    await student.getByRole('tab', { name: 'Resumen' }).click();
    await page.keyboard.press('ArrowRight');
    await student.getByRole('button', { name: 'Detalle por problema: Taller de álgebra' }).click();
    await student.getByRole('table', { name: 'Taller de álgebra: detalle por problema y numeral' }).waitFor();
  });

  it('switches every element to English', async () => {
    await page.locator('#language').selectOption('en');
    await page
      .locator('#solver')
      .getByRole('tab', { name: /Question 1/ })
      .waitFor();
    await page.locator('#results').getByRole('tab', { name: 'Students' }).waitFor();
  });

  it('logs no error in the browser console', () => {
    expect(errors, errors.join('\n')).toEqual([]);
  });
});
