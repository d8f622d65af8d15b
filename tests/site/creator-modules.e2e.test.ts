import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage, overflows, shotAndAxe, untranslated as untranslatedKeys } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';

const PASSWORD = 'demo1234';
/** A standard of the seeded Colombian standards (grades ten and eleven) and one of its skills. */
const STANDARD =
  'Analizo representaciones decimales de los números reales para diferenciar entre racionales e irracionales.';
const SKILL = 'Clasifica números como racionales o irracionales.';
let server: KibServer;
let browser: Browser;
const errors: string[] = [];

const newPage = (viewport?: { width: number; height: number }) =>
  openPage(browser, server.url, errors, viewport);

const untranslated = (page: Page) =>
  untranslatedKeys(page, [
    'site',
    'creator',
    'creator-modules',
    'teacher-modules',
    'code',
    'validation',
    'errors',
  ]);

async function checkPage(page: Page, name: string): Promise<void> {
  expect(await shotAndAxe(page, name)).toEqual([]);
  expect(await untranslated(page)).toEqual([]);
}

/** Enters an activity code at /code/student as a student or a teacher. */
async function enterCode(page: Page, role: 'Estudiante' | 'Profesor', code: string): Promise<void> {
  await page.goto('/code/student');
  await page.getByRole('radio', { name: role }).check();
  await page.getByRole('textbox', { name: 'Código de la actividad' }).fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a creator builds a module and opens an activity that a student and the teacher use by code', () => {
  const name = `Ecuaciones abiertas ${Date.now() % 1_000_000}`;
  let creator: { context: BrowserContext; page: Page };
  let studentCode = '';
  let teacherCode = '';

  afterAll(() => creator?.context.close());

  it('builds a module from the menu: a name and a problem of the picker, saved', async () => {
    creator = await newPage();
    const { page } = creator;
    await logIn(page, 'creator@demo.kib', PASSWORD);
    await page.getByRole('link', { name: 'Crear asignación' }).click();
    await page.getByRole('heading', { level: 1, name: 'Crear asignación' }).waitFor();
    await page.getByRole('textbox', { name: 'Nombre del módulo' }).fill(name);
    await page.getByRole('combobox', { name: 'Curso', exact: true }).selectOption({ label: 'Álgebra' });
    await page.getByRole('combobox', { name: 'Tema', exact: true }).selectOption({ label: 'Ecuaciones' });
    await page
      .getByRole('combobox', { name: 'Subtema', exact: true })
      .selectOption({ label: 'Ecuaciones lineales' });
    const row = page
      .getByRole('list', { name: 'Problemas del subtema' })
      .getByRole('listitem')
      .filter({ hasText: 'Ecuación lineal' })
      .first();
    await row.getByRole('button', { name: /^Agregar/ }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    const saved = page.getByRole('dialog', { name: '¡Genial!' });
    await saved.waitFor();
    await saved.getByRole('button', { name: 'Aceptar' }).click();
    await expect.poll(() => new URL(page.url()).search).toMatch(/^\?module=\d+$/);
    await checkPage(page, 'creator-module-builder');
  });

  it('ties the module to a skill found in the Competencias search, and reopening shows it', async () => {
    const { page } = creator;
    await page.getByRole('radio', { name: 'Competencias' }).check();
    await page
      .getByRole('combobox', { name: 'Sistema educativo' })
      .selectOption({ label: 'Estándares Básicos de Competencias (Colombia)' });
    await page
      .getByRole('combobox', { name: 'Grado', exact: true })
      .selectOption({ label: 'Décimo a undécimo' });
    await page.getByRole('combobox', { name: 'Estándar', exact: true }).selectOption({ label: STANDARD });
    await page.getByRole('combobox', { name: 'Competencia', exact: true }).selectOption({ label: SKILL });
    const section = page.getByRole('region', { name: 'Asignar a un estándar o competencia' });
    await section.getByRole('button', { name: /^Asignar a la competencia elegida/ }).click();
    await section.getByText('Asignación guardada.').waitFor();
    await page.reload();
    const assigned = page
      .getByRole('region', { name: 'Asignar a un estándar o competencia' })
      .getByRole('list', { name: 'Asignaciones del módulo' });
    await assigned.getByRole('listitem').filter({ hasText: SKILL }).waitFor();
    expect(await assigned.getByRole('listitem').count()).toBe(1);
    await checkPage(page, 'creator-module-skill');
  });

  it('opens an activity for the demo school’s teacher with a classroom, and prints its codes', async () => {
    const { page } = creator;
    const section = page.getByRole('region', { name: 'Actividades abiertas' });
    await section.getByRole('button', { name: 'Abrir actividad' }).click();
    await expect.poll(() => section.getByText('Elige el profesor de la actividad.').count()).toBe(1);
    await section.getByRole('searchbox', { name: 'Buscar profesor' }).fill('marti');
    await section.getByText('1 profesor encontrado.').waitFor();
    await section
      .getByRole('combobox', { name: 'Profesor' })
      .selectOption({ label: 'Laura Martínez (teacher@demo.kib)' });
    await expect
      .poll(() => section.getByRole('textbox', { name: 'Institución' }).inputValue())
      .toBe('Colegio Kib de Medellín');
    await section.getByRole('combobox', { name: 'Clase' }).fill('Grado 10A');
    await section.getByRole('button', { name: 'Abrir actividad' }).click();
    const activity = section
      .getByRole('list', { name: 'Actividades del módulo' })
      .getByRole('listitem')
      .first();
    await activity.waitFor();
    await expect.poll(() => activity.textContent()).toMatch(/Válida hasta el \d{2}\/\d{2}\/\d{2}/);
    const codes = activity.locator('.teacher-code');
    studentCode = (await codes.nth(0).textContent())!.trim();
    teacherCode = (await codes.nth(1).textContent())!.trim();
    expect(studentCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(teacherCode).toMatch(/^[A-Z0-9]{8}$/);
    await checkPage(page, 'creator-module-activity');
  });

  it('lets a student open the activity at /code/student and see the module’s problems', async () => {
    const { context, page } = await newPage();
    try {
      await enterCode(page, 'Estudiante', studentCode);
      await page.getByRole('textbox', { name: 'Nombre' }).fill('Eva');
      await page.getByRole('textbox', { name: 'Apellido' }).fill('Luna');
      await page.getByRole('button', { name: 'Registrar' }).click();
      await page.getByText('Ecuación lineal').first().waitFor();
      await page.getByRole('heading', { name }).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows the teacher the activity’s results with the teacher code', async () => {
    const { context, page } = await newPage();
    try {
      await enterCode(page, 'Profesor', teacherCode);
      await page.getByRole('heading', { name }).first().waitFor();
      await page.getByText('Eva').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('lists the module in My modules and fits a 360 px phone', async () => {
    const { context, page } = await newPage({ width: 360, height: 800 });
    try {
      await logIn(page, 'creator@demo.kib', PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/creator/modules');
      await page.getByRole('rowheader', { name }).waitFor();
      expect(await overflows(page)).toBe(false);
      await checkPage(page, 'creator-modules-360');
      await page.goto('/creator/tempmodulecreator');
      await page.getByRole('heading', { level: 1, name: 'Crear asignación' }).waitFor();
      expect(await overflows(page)).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('an activity that has ended', () => {
  it('is refused at /code/student with the server’s ended-activity message under the field', async () => {
    const { context, page } = await newPage();
    try {
      // The development seed's activity of the demo module that ended yesterday (README's codes).
      await enterCode(page, 'Estudiante', 'ACABADO7');
      const field = page.getByRole('textbox', { name: 'Código de la actividad' });
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      await page
        .getByText('Este código ya no es válido: la actividad terminó. Pide uno nuevo a tu profesor.')
        .waitFor();
      await enterCode(page, 'Profesor', 'ACABPROF');
      await page.getByText('Este código ya no es válido: la actividad terminó.', { exact: false }).waitFor();
      await checkPage(page, 'code-expired');
    } finally {
      await context.close();
    }
  });
});

describe('the browser console', () => {
  it('logged nothing but the refusals the tests asked for', () => {
    // An ended activity's code is answered 410, which Chromium logs as a failed resource.
    const unexpected = errors.filter(
      (e) => !/^Failed to load resource: the server responded with a status of 410/.test(e),
    );
    expect(unexpected.join('\n')).toBe('');
  });
});
