import { MATH_TYPES, type MathType } from '@kib/core';
import type { Browser, Locator, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';

const STUDENT = 'student@demo.kib';
const PASSWORD = 'demo1234';

let server: KibServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
  ({ page } = await openPage(browser, server.url, errors, { width: 1280, height: 900 }));
  await logIn(page, STUDENT, PASSWORD);
  await page.waitForURL('**/student');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Where a seeded question of a math type is found on the practice page, and a wrong answer to it. */
interface Case {
  course: string;
  topic: string;
  skill: string;
  problem: string;
  question: number;
  /** Gives a wrong answer with the mouse (text, where the console takes text, typed). */
  answer: (work: Locator) => Promise<void>;
}

/** The console's application board, scrolled into view, and a click at design pixels (x, y). */
async function clickBoard(work: Locator, designWidth: number, points: [number, number][]) {
  const board = work.getByRole('application').first();
  await board.scrollIntoViewIfNeeded();
  const box = (await board.boundingBox())!;
  const k = box.width / designWidth;
  for (const [x, y] of points) await page.mouse.click(box.x + x * k, box.y + y * k);
}

/** Clicks a math field and types a line into it. */
async function typeLine(work: Locator, text: string) {
  const field = work.locator('.kib-math-console__editor math-field').first();
  await field.click();
  await expect
    .poll(() => field.evaluate((f) => Boolean(f.shadowRoot?.activeElement)), { timeout: 20_000 })
    .toBe(true);
  await page.keyboard.type(text, { delay: 30 });
}

const ALGEBRA = 'Álgebra';
const TRIGONOMETRY = 'Trigonometría';

const CASES: Record<MathType, Case> = {
  simplify: {
    course: TRIGONOMETRY,
    topic: 'Funciones trigonométricas',
    skill: 'Identidades trigonométricas',
    problem: 'Identidades trigonométricas',
    question: 1,
    answer: (work) => typeLine(work, '7x'),
  },
  solve: {
    course: ALGEBRA,
    topic: 'Ecuaciones',
    skill: 'Ecuaciones lineales',
    problem: 'Ecuación lineal',
    question: 1,
    answer: (work) => typeLine(work, 'x=97'),
  },
  functions: {
    course: ALGEBRA,
    topic: 'Funciones',
    skill: 'Evaluación de funciones',
    problem: 'Evaluación de funciones',
    question: 1,
    answer: (work) => typeLine(work, '9731'),
  },
  equationOfALine: {
    course: ALGEBRA,
    topic: 'Funciones lineales',
    skill: 'Ecuación de la recta',
    problem: 'Ecuación de la recta que pasa por dos puntos',
    question: 1,
    answer: (work) => typeLine(work, 'y=97x'),
  },
  findExpression: {
    course: ALGEBRA,
    topic: 'Ecuaciones',
    skill: 'Despeje de variables',
    problem: 'Despeje de variables',
    question: 1,
    answer: (work) => typeLine(work, '97'),
  },
  plotLinearEquation: {
    course: ALGEBRA,
    topic: 'Funciones lineales',
    skill: 'Gráficas de rectas',
    problem: 'Gráfica de una recta',
    question: 1,
    answer: (work) =>
      clickBoard(work, 450, [
        [50, 50],
        [400, 60],
      ]),
  },
  setPointCartesianPlane: {
    course: ALGEBRA,
    topic: 'Funciones lineales',
    skill: 'Gráficas de rectas',
    problem: 'Gráfica de una recta',
    question: 2,
    answer: (work) => clickBoard(work, 450, [[400, 30]]),
  },
  setMultiPointPlane: {
    course: ALGEBRA,
    topic: 'El plano cartesiano',
    skill: 'Puntos en el plano',
    problem: 'Puntos de una parábola',
    question: 1,
    answer: (work) => clickBoard(work, 450, [[400, 30]]),
  },
  plotFunction: {
    course: TRIGONOMETRY,
    topic: 'Funciones trigonométricas',
    skill: 'Gráficas de funciones periódicas',
    problem: 'Gráfica de la función seno',
    question: 1,
    answer: async (work) => {
      const board = work.getByRole('application').first();
      await board.scrollIntoViewIfNeeded();
      const box = (await board.boundingBox())!;
      const k = box.width / 450;
      await page.mouse.move(box.x + 40 * k, box.y + 40 * k);
      await page.mouse.down();
      for (let i = 1; i <= 20; i++)
        await page.mouse.move(box.x + (40 + i * 18) * k, box.y + (40 + i * 2) * k);
      await page.mouse.up();
    },
  },
  numberlinePoints: {
    course: ALGEBRA,
    topic: 'Ecuaciones',
    skill: 'Ecuaciones lineales',
    problem: 'Ecuación lineal',
    question: 2,
    answer: async (work) => {
      await work.getByRole('button', { name: 'Colocar punto' }).click();
      await clickBoard(work, 400, [[30, 100]]);
    },
  },
  intervals: {
    course: ALGEBRA,
    topic: 'Desigualdades',
    skill: 'Desigualdades con valor absoluto',
    problem: 'Desigualdad con valor absoluto',
    question: 1,
    answer: async (work) => {
      await work.getByRole('button', { name: 'Dibujar intervalo' }).click();
      await clickBoard(work, 400, [
        [40, 100],
        [80, 100],
      ]);
    },
  },
  multipleChoice: {
    course: TRIGONOMETRY,
    topic: 'Funciones trigonométricas',
    skill: 'Ecuaciones trigonométricas',
    problem: 'Ecuaciones trigonométricas',
    question: 2,
    answer: (work) => work.getByRole('radio').nth(1).click(),
  },
  tableSimple: {
    course: ALGEBRA,
    topic: 'Funciones',
    skill: 'Tablas de valores',
    problem: 'Tabla de valores de una función lineal',
    question: 1,
    answer: async (work) => {
      await work.getByRole('textbox').first().click();
      await page.keyboard.type('973');
    },
  },
  primeDecomposition: {
    course: ALGEBRA,
    topic: 'Aritmética',
    skill: 'Descomposición en factores primos',
    problem: 'Descomposición en factores primos',
    question: 1,
    answer: async (work) => {
      await work.getByRole('textbox').first().click();
      await page.keyboard.type('7');
    },
  },
};

/** Opens a case's question from the practice page, by the mouse. */
async function openQuestion(c: Case): Promise<Locator> {
  await page.goto(`${server.url}/student/practice`);
  const course = page.getByLabel(/curso/i);
  await course.selectOption({ label: c.course });
  await page.getByRole('button', { name: c.topic, exact: true }).click();
  await page.getByRole('button', { name: c.skill, exact: true }).click();
  await page.getByRole('link', { name: c.problem, exact: true }).first().click();
  await page.getByRole('tab', { name: `Pregunta ${c.question}` }).click();
  const work = page.getByRole('tabpanel').locator('visible=true').first();
  await work.waitFor();
  return work;
}

/** The document y of an element's top (scrolling does not change it). */
function documentTop(locator: Locator): Promise<number> {
  return locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

/** The document y of an element's top once it has stayed put for 300 ms (math and fonts drawn). */
async function settledTop(locator: Locator): Promise<number> {
  let last = await documentTop(locator);
  for (let stable = 0; stable < 3;) {
    await page.waitForTimeout(100);
    const now = await documentTop(locator);
    stable = now === last ? stable + 1 : 0;
    last = now;
  }
  return last;
}

/** The height of a console's answer lines (0 where it has none). */
function linesHeight(work: Locator): Promise<number> {
  return work.evaluate((el) => {
    const list = el.querySelector('.kib-math-console__lines');
    return list ? list.getBoundingClientRect().height : 0;
  });
}

describe('a mouse user checks every kind of question', () => {
  it('covers every math type', () => {
    expect(Object.keys(CASES).sort()).toEqual([...new Set(MATH_TYPES)].sort());
  });

  it.each(Object.keys(CASES) as MathType[])(
    '%s: the feedback shows after a click on the check button, stays while the mouse moves, and moves the button by no more than the lines it explains',
    async (type) => {
      const c = CASES[type];
      const work = await openQuestion(c);
      await c.answer(work);
      const check = page.getByRole('button', { name: 'Comprobar respuesta' });
      await expect.poll(() => check.isEnabled(), { timeout: 10_000 }).toBe(true);
      await check.scrollIntoViewIfNeeded();
      const buttonBefore = await settledTop(check);
      const linesBefore = await linesHeight(work);
      await check.click();

      const badge = work.locator('.kib-badge-live .kib-badge');
      await badge.waitFor({ timeout: 20_000 });
      expect(await badge.getAttribute('class')).toContain('kib-badge--wrong');
      await page.waitForTimeout(300);
      // Only the math console's line messages (text under the line they explain) may push the button.
      const grown = (await linesHeight(work)) - linesBefore;
      expect(Math.abs((await settledTop(check)) - buttonBefore - grown)).toBeLessThanOrEqual(1);

      // The mouse wanders over the console: the feedback stays.
      const box = (await work.boundingBox())!;
      for (let i = 0; i < 6; i++) {
        await page.mouse.move(box.x + 10 + i * 40, box.y + 10 + i * 30);
        await page.waitForTimeout(150);
        expect(await badge.isVisible()).toBe(true);
      }
    },
  );

  it('logged nothing to the browser console', () => {
    expect(errors.join('\n')).toBe('');
  });
});
