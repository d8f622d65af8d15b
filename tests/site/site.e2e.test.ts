import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, overflows, shotAndAxe, untranslated as untranslatedKeys } from '../support/browser.ts';
import { activationPath, logIn } from '../support/accounts.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';
import { fieldValue, focusField } from '../support/math-field.ts';

let server: KibServer;
let browser: Browser;
const errors: string[] = [];

/** A new browser context (its own cookies) on Kib with a page whose console errors are collected. */
const newPage = (viewport?: { width: number; height: number }) =>
  openPage(browser, server.url, errors, viewport);

/** Translation keys left on the page: a label someone forgot to translate. */
const untranslated = (page: Page) =>
  untranslatedKeys(page, [
    'site',
    'landing',
    'account',
    'student',
    'code',
    'lti',
    'solver',
    'common',
    'feedback',
    'validation',
    'errors',
    'calculator',
  ]);

/** Types an answer into the last math field of the solver, replacing what is there. */
async function typeAnswer(page: Page, latex: string, expected: string) {
  const field = page.locator('math-field').last();
  await focusField(field);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(latex, { delay: 30 });
  await expect.poll(() => fieldValue(field)).toBe(expected);
}

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the standalone site, as a new student uses it', () => {
  const email = `lucia.${Date.now()}@example.com`;
  const password = 'Triangulo-2026';
  let page: Page;

  beforeAll(async () => {
    ({ page } = await newPage());
  });

  it('shows the landing page in Spanish first, with no accessibility violations', async () => {
    const started = Date.now();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const firstPageMs = Date.now() - started;
    console.log(`first page (landing) in ${firstPageMs} ms`);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await shotAndAxe(page, 'landing')).toEqual([]);
  });

  it('signs up and finds the activation mail in the outbox', async () => {
    await page.goto('/signup');
    await page.getByLabel(/correo/i).fill(email);
    await page.getByLabel(/^nombre/i).fill('Lucía');
    await page.getByLabel(/apellido/i).fill('Rojas');
    await page.getByLabel(/^contraseña/i).fill(password);
    await page.getByLabel(/repite|repetir|confirma/i).fill(password);
    await page.getByLabel(/estudiante/i).check();
    expect(await shotAndAxe(page, 'signup')).toEqual([]);
    await page.getByRole('button', { name: /registr|crear/i }).click();
    await page.getByText(/revisa tu correo/i).waitFor();
    await page.goto(await activationPath(server, email));
    await page
      .getByText(/activad|listo/i)
      .first()
      .waitFor();
  });

  it('logs in and lands on the student area, greeted by first name', async () => {
    await page.goto('/login');
    await page.getByLabel(/correo/i).fill(email);
    await page.getByLabel(/contraseña/i).fill(password);
    await page.getByRole('button', { name: /iniciar sesión|entrar/i }).click();
    await page.waitForURL('**/student');
    await page.getByText(/Lucía/).first().waitFor();
  });

  it('joins a classroom by its code', async () => {
    await page.getByLabel(/código/i).fill(' kib cls ');
    await page.getByRole('button', { name: /unirme|agregar|añadir/i }).click();
    await page
      .getByText(/Grado 10A/)
      .first()
      .waitFor();
    expect(await shotAndAxe(page, 'student-home')).toEqual([]);
  });

  it('opens the module of the classroom and solves a multi-step problem, one wrong line first', async () => {
    await page
      .getByRole('link', { name: /Grado 10A/ })
      .first()
      .click();
    await page.getByRole('link', { name: /Taller de álgebra/ }).click();
    await page.getByRole('heading', { name: /Taller de álgebra/ }).waitFor();
    expect(await shotAndAxe(page, 'module')).toEqual([]);
    await page.getByRole('link', { name: /Simplificar una expresión racional/ }).click();
    await page.getByRole('tab', { name: 'Pregunta 1' }).waitFor();
    await page.getByRole('button', { name: 'Paso a paso' }).click();

    await typeAnswer(page, '(x-1)(x-1', '\\left(x-1\\right)\\left(x-1\\right)');
    await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await page
      .getByText('La respuesta no es correcta todavía', { exact: false })
      .first()
      .waitFor({ timeout: 30_000 });

    await typeAnswer(page, '(x-1)(x+1', '\\left(x-1\\right)\\left(x+1\\right)');
    await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await page.getByText('Sigue con el siguiente paso', { exact: false }).first().waitFor();

    await typeAnswer(page, 'x+1', 'x+1');
    await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await shotAndAxe(page, 'solve-finished')).toEqual([]);
    await page.getByRole('dialog').getByRole('button').first().click();
  });

  it('shows the problem done in the module view', async () => {
    await page.goBack();
    await page.getByRole('heading', { name: /Taller de álgebra/ }).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: 'Simplificar una expresión racional' });
    await row.getByRole('img', { name: 'Problema completo' }).waitFor();
    await row.getByText('1 de 1 preguntas completas').waitFor();
    expect(await shotAndAxe(page, 'module-done')).toEqual([]);
  });

  it('keeps the session across a reload (refresh cookie, token in memory)', async () => {
    await page.reload();
    await page.getByRole('heading', { name: /Taller de álgebra/ }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => /token/i.test(k)))).toBe(false);
  });
});

describe('the demo, without an account', () => {
  it('browses the demo courses and checks an answer', async () => {
    const { page } = await newPage();
    await page.goto('/demo/student');
    await page
      .getByText(/usuario demo/i)
      .first()
      .waitFor();
    await page.getByLabel(/curso/i).selectOption({ label: 'Álgebra' });
    await page.getByRole('button', { name: 'Expresiones algebraicas' }).click();
    await page.getByRole('button', { name: 'Expresiones racionales' }).click();
    expect(await shotAndAxe(page, 'demo-dashboard')).toEqual([]);
    await page.getByRole('link', { name: /Simplificar una expresión racional/ }).click();
    await page.waitForURL('**/demo/student/modules/solve?**');
    await page.getByRole('tab', { name: 'Pregunta 1' }).waitFor();
    // A wrong answer: the line's feedback, like any other, and a note that the demo records nothing.
    await typeAnswer(page, 'x-1', 'x-1');
    await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Estás en la demo: tu respuesta se revisa, pero no queda registrada.' })
      .waitFor();
    expect((await page.locator('.kib-math-console__feedback--wrong').innerText()).trim()).not.toBe('');
    expect(await page.getByText(/fecha límite/i).count()).toBe(0);
    await typeAnswer(page, 'x+1', 'x+1');
    await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await page.getByRole('dialog').waitFor();
    await page.context().close();
  });
});

describe('the demo account (demo@demo.kib)', () => {
  it("sees the banner and only the preset's course, topic, subtopic and problem", async () => {
    const { page, context } = await newPage();
    await logIn(page, 'demo@demo.kib', 'demo1234');
    await page.waitForURL('**/student');
    const banner = page.getByRole('note', { name: 'Usuario de demostración: contenido limitado' });
    await banner.waitFor();
    await page.getByRole('link', { name: 'Practicar' }).first().click();
    const course = page.getByLabel(/curso/i);
    await course.waitFor();
    expect(await course.locator('option').allInnerTexts()).toEqual(['Elige un curso', 'Trigonometría']);
    await course.selectOption({ label: 'Trigonometría' });
    await page.getByRole('button', { name: 'Funciones trigonométricas' }).click();
    await page.getByRole('button', { name: 'Gráficas de funciones periódicas' }).click();
    await page.getByRole('link', { name: /Gráfica de la función seno/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Identidades trigonométricas' }).count()).toBe(0);
    expect(await banner.isVisible()).toBe(true);
    expect(await shotAndAxe(page, 'demo-account-practice')).toEqual([]);
    await context.close();
  });
});

describe('language and phone', () => {
  it('switches to English and keeps it across reloads', async () => {
    const { page, context } = await newPage();
    // The English texts are a chunk of their own, asked for only when a reader needs them.
    const english: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/catalog\.en-[^/]*\.js$/.test(r.url())) english.push(r.url());
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor();
    expect(english).toEqual([]);
    await page.getByLabel(/idioma/i).selectOption('en');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(english).toHaveLength(1);
    await page.reload();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect((await context.cookies()).find((c) => c.name === 'kib_lang')?.value).toBe('en');
    expect(await shotAndAxe(page, 'landing-en')).toEqual([]);
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill('student@demo.kib');
    await page.getByLabel(/password/i).fill('demo1234');
    await page.getByRole('button', { name: /log in/i }).click();
    await page.waitForURL('**/student');
    await page
      .getByText(/Hi, Ana/)
      .first()
      .waitFor();
    expect(await shotAndAxe(page, 'student-home-en')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);

    // The seeded module, in English, solved: the first question of the linear equation.
    await page
      .getByRole('link', { name: /Grado 10A/ })
      .first()
      .click();
    await page.getByRole('link', { name: /Taller de álgebra/ }).click();
    await page.getByRole('heading', { name: /Taller de álgebra/ }).waitFor();
    expect(await untranslated(page)).toEqual([]);
    await page.getByRole('link', { name: /Ecuación lineal/ }).click();
    await page.getByRole('tab', { name: 'Question 1' }).waitFor();
    await typeAnswer(page, 'x=2', 'x=2');
    await page.getByRole('button', { name: 'Check answer' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await untranslated(page)).toEqual([]);
    expect(await shotAndAxe(page, 'solve-en')).toEqual([]);
    await context.close();
  });

  it('fits a 360 px phone: landing, login and the problem page', async () => {
    const { page, context } = await newPage({ width: 360, height: 740 });
    for (const [name, path] of [
      ['phone-landing', '/'],
      ['phone-login', '/login'],
      ['phone-demo', '/demo/student'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await overflows(page), name).toBe(false);
      expect(await shotAndAxe(page, name)).toEqual([]);
    }
    // The problem page on the phone: the solver stacks its columns and nothing overflows.
    await page.getByLabel(/curso/i).selectOption({ label: 'Álgebra' });
    await page.getByRole('button', { name: 'Ecuaciones' }).click();
    await page.getByRole('button', { name: 'Ecuaciones lineales' }).click();
    await page.getByRole('link', { name: /Ecuación lineal/ }).click();
    await page.getByRole('tab', { name: 'Pregunta 1' }).waitFor();
    await page.locator('math-field').last().waitFor();
    expect(await overflows(page)).toBe(false);
    expect(await shotAndAxe(page, 'phone-solve')).toEqual([]);
    await context.close();
  });

  it('logged nothing to the browser console', () => {
    expect(errors.join('\n')).toBe('');
  });
});
