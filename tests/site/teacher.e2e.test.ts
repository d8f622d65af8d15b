import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, overflows, shotAndAxe, untranslated as untranslatedKeys } from '../support/browser.ts';
import { activationPath, logIn } from '../support/accounts.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';

const PASSWORD = 'demo1234';

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
    'teacher',
    'teacher-modules',
    'teacher-classroom',
    'teacher-embed',
    'activity-results',
    'classroom-overview',
    'student-detail',
    'common',
    'validation',
    'errors',
  ]);

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the seeded teacher's classes", () => {
  let context: BrowserContext;
  let page: Page;
  const name = `Grado 11B ${Date.now() % 100_000}`;
  let code = '';

  beforeAll(async () => {
    ({ context, page } = await newPage());
  });
  afterAll(() => context?.close());

  it('logs in and lands on the classes page with the seeded classroom and its code', async () => {
    await logIn(page, 'teacher@demo.kib', PASSWORD);
    await page.waitForURL('**/teacher');
    await page.getByRole('heading', { level: 1, name: 'Mis salones' }).waitFor();
    const card = page.getByRole('article', { name: 'Grado 10A' });
    await card.getByText('KIBCLS').waitFor();
    await card.getByText('2 estudiantes').waitFor();
    expect(await card.getByText(/\d+ módulos?/).textContent()).toMatch(/^\d+ módulos?$/);
    await page.getByText('Hola, Laura').waitFor();
    const nav = page.getByRole('navigation', { name: 'Menú del profesor' });
    expect(await nav.getByRole('link', { name: 'Clases' }).getAttribute('aria-current')).toBe('page');
    expect(await shotAndAxe(page, 'teacher-classes')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);
  });

  it('refuses a second classroom named Grado 10A, under the name', async () => {
    await page.getByRole('button', { name: 'Crear salón' }).click();
    const form = page.getByRole('form', { name: 'Nuevo salón' });
    await form.getByLabel('Nombre del salón').fill('Grado 10A');
    await form.getByRole('button', { name: 'Crear salón' }).click();
    await form.getByText('Ya tienes un salón con este nombre').waitFor();
    expect(await form.getByLabel('Nombre del salón').getAttribute('aria-invalid')).toBe('true');
    expect(await shotAndAxe(page, 'teacher-classroom-form')).toEqual([]);
  });

  it('creates a classroom and shows its new registration code', async () => {
    const form = page.getByRole('form', { name: 'Nuevo salón' });
    await form.getByLabel('Nombre del salón').fill(name);
    await form.getByLabel('Descripción (opcional)').fill('Jornada de la tarde');
    expect(await form.getByLabel('Nivel').inputValue()).toBe('4');
    await form.getByRole('button', { name: 'Crear salón' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Código de inscripción' });
    await notice.waitFor();
    code = (await notice.locator('.teacher-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    const card = page.getByRole('article', { name });
    await card.getByText(code).waitFor();
    await card.getByText('General').waitFor();
    await card.getByText('0 estudiantes').waitFor();
    expect(await shotAndAxe(page, 'teacher-classroom-created')).toEqual([]);
    // It is the server's: a reload still shows it.
    await page.reload();
    await page.getByRole('article', { name }).getByText(code).waitFor();
  });

  it('fits a 360 px phone, the cards stacked', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('article', { name }).waitFor();
    expect(await overflows(page)).toBe(false);
    expect(await shotAndAxe(page, 'teacher-classes-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('deletes the classroom after confirming', async () => {
    await page.getByRole('button', { name: `Eliminar ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `¿Eliminar el salón ${name}?` });
    await dialog.waitFor();
    expect(await shotAndAxe(page, 'teacher-delete-dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Eliminar salón' }).click();
    await page.getByText(`Eliminaste el salón ${name}.`).waitFor();
    await page.getByRole('article', { name }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('article', { name: 'Grado 10A' }).waitFor();
    expect(await page.getByRole('article', { name }).count()).toBe(0);
  });
});

describe('the seeded teacher registers a spreadsheet of students in Grado 10A', () => {
  const stamp = Date.now() % 1_000_000;
  const students = Array.from({ length: 30 }, (_, i) => ({
    firstName: `Alumno ${i + 1}`,
    lastName: `Hoja ${stamp}`,
    email: `hoja${stamp}.${i + 1}@example.com`,
  }));
  let context: BrowserContext;
  let page: Page;
  let folder = '';
  let password = '';

  beforeAll(async () => {
    ({ context, page } = await newPage());
    folder = await mkdtemp(join(tmpdir(), 'kib-students-'));
  });
  afterAll(async () => {
    await context?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('opens Register students from the card of Grado 10A', async () => {
    await logIn(page, 'teacher@demo.kib', PASSWORD);
    await page.waitForURL('**/teacher');
    await page
      .getByRole('article', { name: 'Grado 10A' })
      .getByRole('link', { name: 'Registrar estudiantes Grado 10A' })
      .click();
    await page.waitForURL('**/teacher/classroom/*/createRegisterStudents');
    await page.getByRole('heading', { level: 1, name: 'Registrar estudiantes en Grado 10A' }).waitFor();
    expect(await shotAndAxe(page, 'teacher-register-students')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);
  });

  it('uploads an .xlsx of 30 students and sees each one created with its password', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Nombre', 'Apellido', 'Correo'],
      ...students.map((s) => [s.firstName, s.lastName, s.email]),
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Estudiantes');
    const file = join(folder, 'estudiantes.xlsx');
    await writeFile(file, XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer);

    const form = page.getByRole('form', { name: 'Subir una hoja de cálculo' });
    await form.getByLabel('Archivo de estudiantes').setInputFiles(file);
    await form.getByRole('button', { name: 'Subir y registrar' }).click();
    const results = page.getByRole('region', { name: 'Resultados' });
    await results.waitFor();
    await page.getByText('Resultado: 30 creados, 0 ya existían, 0 con error.').waitFor();
    const rows = results.locator('tbody tr');
    expect(await rows.count()).toBe(30);
    expect(await results.getByRole('cell', { name: 'Creado', exact: true }).count()).toBe(30);
    const first = rows.first().getByRole('cell');
    expect(await first.allTextContents()).toEqual([
      '1',
      'Alumno 1',
      `Hoja ${stamp}`,
      students[0]!.email,
      'Creado',
      'alumno1.1234',
    ]);
    password = (await rows.nth(6).locator('.teacher-password').textContent()) ?? '';
    expect(password).toBe('alumno7.1234');
    // The classroom's list reads its students again: the 30 new ones are in it.
    const list = page.getByRole('table', { name: /^Estudiantes de / });
    await expect
      .poll(() => list.getByRole('cell', { name: students[0]!.email, exact: true }).count())
      .toBe(1);
    expect(await shotAndAxe(page, 'teacher-register-students-results')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);
  });

  it('fits a 360 px phone, the results table scrolling in its own box', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('region', { name: 'Resultados' }).waitFor();
    expect(await overflows(page)).toBe(false);
    expect(await shotAndAxe(page, 'teacher-register-students-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('lets a new student log in with the shown password and find Grado 10A', async () => {
    await context.clearCookies();
    await logIn(page, students[6]!.email, password);
    await page.waitForURL('**/student');
    await page.getByText('Alumno 7').first().waitFor();
    await page
      .getByText(/Grado 10A/)
      .first()
      .waitFor();
  });
});

describe('a new teacher joins the school, builds a classroom and a module, and follows a student', () => {
  const email = `profe.${Date.now()}@example.com`;
  const password = 'Geometria-2026';
  let context: BrowserContext;
  let page: Page;

  afterAll(() => context?.close());

  it('signs up as a teacher and activates the account with the link of its mail', async () => {
    const signup = await fetch(`${server.url}/api/auth/users/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        first_name: 'Marta',
        last_name: 'Suárez',
        password,
        re_password: password,
        is_student: false,
        is_teacher: true,
      }),
    });
    expect(signup.status).toBe(201);
    const [uid, token] = (await activationPath(server, email)).split('/').slice(2);
    const activated = await fetch(`${server.url}/api/auth/users/activation/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uid, token }),
    });
    expect(activated.status).toBe(200);
    ({ context, page } = await newPage());
  });

  it('is sent to the school page, with Classes disabled in the menu', async () => {
    await logIn(page, email, password);
    await page.waitForURL('**/teacher/school');
    await page.getByRole('heading', { level: 1, name: 'Mi colegio' }).waitFor();
    await page.getByText('Hola, Marta').waitFor();
    const nav = page.getByRole('navigation', { name: 'Menú del profesor' });
    const classes = nav.getByRole('link', { name: 'Clases' });
    expect(await classes.getAttribute('aria-disabled')).toBe('true');
    expect(await classes.getAttribute('href')).toBeNull();
    expect(await shotAndAxe(page, 'teacher-school')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);
  });

  it('is told under the field when a code is wrong', async () => {
    const form = page.getByRole('form', { name: 'Registrarme en mi colegio' });
    await form.getByLabel('Código de profesor').fill('NOPE2345');
    await form.getByRole('button', { name: 'Registrarme' }).click();
    await form.getByText('Ese código de profesor no es válido o ya se usó', { exact: false }).waitFor();
    expect(await form.getByLabel('Código de profesor').getAttribute('aria-invalid')).toBe('true');
    expect(await shotAndAxe(page, 'teacher-school-error')).toEqual([]);
  });

  it('registers with the seeded teacher code and reaches the classes page', async () => {
    const form = page.getByRole('form', { name: 'Registrarme en mi colegio' });
    await form.getByLabel('Código de profesor').fill('kibteach');
    await form.getByRole('button', { name: 'Registrarme' }).click();
    await page.waitForURL(/\/teacher$/);
    await page.getByRole('heading', { level: 1, name: 'Mis salones' }).waitFor();
    await page.getByText('Te registraste en Colegio Kib de Medellín.', { exact: false }).waitFor();
    await page.getByText('Todavía no tienes salones.').waitFor();
    const nav = page.getByRole('navigation', { name: 'Menú del profesor' });
    expect(await nav.getByRole('link', { name: 'Clases' }).getAttribute('href')).toBe('/teacher');
    expect(await shotAndAxe(page, 'teacher-joined')).toEqual([]);

    // The school page now names the school and until when its plan is valid.
    await nav.getByRole('link', { name: 'Colegio' }).click();
    const school = page.getByRole('region', { name: 'Tu colegio' });
    await school.getByText('Colegio Kib de Medellín').waitFor();
    await school.getByText(/\d{2}-\d{2}-\d{4}/).waitFor();
  });

  const stamp = Date.now() % 1_000_000;
  const classroom = `Grado 9C ${stamp}`;
  const moduleName = `Ecuaciones ${stamp}`;
  const students = Array.from({ length: 30 }, (_, n) => ({
    firstName: `Estudiante ${n + 1}`,
    lastName: `Nuevo ${stamp}`,
    email: `nuevo${stamp}.${n + 1}@example.com`,
  }));
  const problems = [
    ['Ecuaciones lineales', 'Ecuación lineal'],
    ['Ecuaciones cuadráticas', 'Ecuación cuadrática por factorización'],
    ['Despeje de variables', 'Despeje de variables'],
  ] as const;
  let studentPassword = '';
  let folder = '';

  it('creates a classroom and uploads a spreadsheet of 30 students to it', async () => {
    folder = await mkdtemp(join(tmpdir(), 'kib-journey-'));
    await page
      .getByRole('navigation', { name: 'Menú del profesor' })
      .getByRole('link', { name: 'Clases' })
      .click();
    await page.getByRole('button', { name: 'Crear salón' }).click();
    const form = page.getByRole('form', { name: 'Nuevo salón' });
    await form.getByLabel('Nombre del salón').fill(classroom);
    await form.getByRole('button', { name: 'Crear salón' }).click();
    await page.getByRole('article', { name: classroom }).waitFor();
    await page
      .getByRole('article', { name: classroom })
      .getByRole('link', { name: `Registrar estudiantes ${classroom}` })
      .click();
    await page.waitForURL('**/createRegisterStudents');
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Nombre', 'Apellido', 'Correo'],
      ...students.map((s) => [s.firstName, s.lastName, s.email]),
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Estudiantes');
    const file = join(folder, 'salon.xlsx');
    await writeFile(file, XLSX.write(book, { bookType: 'xlsx', type: 'buffer' }) as Buffer);
    const upload = page.getByRole('form', { name: 'Subir una hoja de cálculo' });
    await upload.getByLabel('Archivo de estudiantes').setInputFiles(file);
    await upload.getByRole('button', { name: 'Subir y registrar' }).click();
    await page.getByText('Resultado: 30 creados, 0 ya existían, 0 con error.').waitFor();
    const results = page.getByRole('region', { name: 'Resultados' });
    studentPassword =
      (await results.locator('tbody tr').first().locator('.teacher-password').textContent()) ?? '';
    expect(studentPassword).toBe('estudiante1.1234');
  });

  it('builds a module of three problems, assigns it to the classroom with a deadline and saves it', async () => {
    const nav = page.getByRole('navigation', { name: 'Menú del profesor' });
    await nav.getByRole('link', { name: 'Módulos' }).click();
    await page.waitForURL(/\/teacher\/modules$/);
    await page.getByRole('link', { name: 'Crear módulo' }).click();
    await page.waitForURL('**/teacher/modules/new');
    await page.getByRole('heading', { level: 1, name: 'Nuevo módulo' }).waitFor();
    await page.getByLabel('Nombre del módulo').fill(moduleName);
    await page.getByLabel('Curso', { exact: true }).selectOption({ label: 'Álgebra' });
    await page.getByLabel('Tema', { exact: true }).selectOption({ label: 'Ecuaciones' });
    for (const [subtopic, title] of problems) {
      await page.getByLabel('Subtema', { exact: true }).selectOption({ label: subtopic });
      await page.getByRole('button', { name: `Agregar ${title}` }).click();
    }
    await page.getByRole('heading', { name: 'Problemas del módulo (3)' }).waitFor();
    const group = page.getByRole('group', { name: classroom });
    await group.getByLabel(`Asignar a ${classroom}`).check();
    const deadline = new Date(Date.now() + 14 * 86_400_000);
    const day = `${deadline.getFullYear()}-${String(deadline.getMonth() + 1).padStart(2, '0')}-${String(deadline.getDate()).padStart(2, '0')}`;
    await group.getByLabel('Fecha límite', { exact: true }).fill(day);
    await group.getByLabel('Hora límite', { exact: true }).fill('18:00');
    await page.getByLabel('Crear los códigos de actividad al guardar').check();
    expect(await shotAndAxe(page, 'teacher-module-builder')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);
    await page.getByRole('button', { name: 'Guardar módulo' }).click();
    const dialog = page.getByRole('dialog', { name: '¡Genial!' });
    await dialog.getByText(/Código de inscripción: [A-Z0-9]{4,16}/).waitFor();
    expect(await shotAndAxe(page, 'teacher-module-saved')).toEqual([]);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await nav.getByRole('link', { name: 'Módulos' }).click();
    await page.getByText(moduleName).first().waitFor();
    expect(await shotAndAxe(page, 'teacher-modules')).toEqual([]);
  });

  it('lets one of the new students log in and solve a question of the module', async () => {
    const student = await newPage();
    try {
      await logIn(student.page, students[0]!.email, studentPassword);
      await student.page.waitForURL('**/student');
      await student.page
        .getByRole('link', { name: new RegExp(classroom) })
        .first()
        .click();
      await student.page.getByRole('link', { name: new RegExp(moduleName) }).click();
      await student.page.getByRole('heading', { name: new RegExp(moduleName) }).waitFor();
      await student.page.getByRole('link', { name: /Ecuación lineal/ }).click();
      await student.page.getByRole('tab', { name: 'Pregunta 1' }).waitFor();
      const field = student.page.locator('math-field').last();
      await field.click();
      await field.evaluate(
        (f) =>
          new Promise<void>((resolve) => {
            const check = () =>
              f.shadowRoot?.activeElement ? setTimeout(resolve, 100) : setTimeout(check, 20);
            check();
          }),
      );
      await student.page.keyboard.type('x=2', { delay: 30 });
      await student.page.getByRole('button', { name: 'Comprobar respuesta' }).click();
      await student.page.getByRole('dialog').waitFor({ timeout: 30_000 });
    } finally {
      await student.context.close();
    }
  });

  it("sees that student's progress in the classroom and downloads the module's results as Excel", async () => {
    await page.goto('/teacher');
    await page
      .getByRole('article', { name: classroom })
      .getByRole('link', { name: classroom, exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: classroom }).waitFor();
    expect(await shotAndAxe(page, 'teacher-classroom-overview')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);

    const sections = page.getByRole('navigation', { name: `Secciones de ${classroom}` });
    await sections.getByRole('link', { name: 'Estudiantes' }).click();
    await page.waitForURL('**/students');
    await page
      .getByRole('link', { name: new RegExp(`${students[0]!.firstName}`) })
      .first()
      .click();
    await page.waitForURL(/\/students\/\d+$/);
    // One question of the module's five is completed: 20 %.
    await page.getByText('Completado: 20 %').first().waitFor();
    expect(await shotAndAxe(page, 'teacher-student-detail')).toEqual([]);

    await sections.getByRole('link', { name: 'Asignaciones' }).click();
    await page.getByRole('link', { name: moduleName }).first().click();
    await page.waitForURL(/\/assignments\/\d+$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar Excel' }).click();
    const file = await download;
    const saved = join(folder, file.suggestedFilename());
    await file.saveAs(saved);
    const book = XLSX.read(await readFile(saved));
    expect(book.SheetNames).toEqual(['Assignment Results']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Assignment Results']!, { header: 1 });
    expect(rows).toHaveLength(31);
    const row = rows.find((r) => r[0] === students[0]!.firstName)!;
    expect(row.slice(0, 2)).toEqual([students[0]!.firstName, students[0]!.lastName]);
    expect(row.at(-1)).toBe(20);
    expect(await shotAndAxe(page, 'teacher-assignment-results')).toEqual([]);
    await rm(folder, { recursive: true, force: true });
  });
});

describe('the browser console', () => {
  it('logged nothing but the refusals the tests asked for', () => {
    // A refused call (409 repeated name, 404 wrong code) is logged by Chromium as a failed resource.
    const unexpected = errors.filter(
      (e) => !/^Failed to load resource: the server responded with a status of (404|409)/.test(e),
    );
    expect(unexpected.join('\n')).toBe('');
  });
});
