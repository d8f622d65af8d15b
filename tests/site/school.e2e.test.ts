import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, overflows, shotAndAxe, untranslated as untranslatedKeys } from '../support/browser.ts';
import { activationPath, logIn } from '../support/accounts.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';

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
    'account',
    'school-admin',
    'platform-admin',
    'teacher',
    'common',
    'validation',
    'errors',
  ]);

/** Signs a new account up through the sign-up page (`?user=schoolAdmin` for a school admin). */
async function signUp(
  page: Page,
  query: string,
  person: { firstName: string; lastName: string; email: string; password: string },
  teacher = false,
): Promise<void> {
  await page.goto(`/signup${query}`);
  await page.getByLabel('Nombre', { exact: true }).fill(person.firstName);
  await page.getByLabel('Apellido', { exact: true }).fill(person.lastName);
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await page.getByLabel('Repite la contraseña').fill(person.password);
  if (teacher) {
    // Under a loaded machine the first click can land while the form is still settling; click until it holds.
    const box = page.getByLabel(/profesor/i);
    await expect
      .poll(async () => {
        if (!(await box.isChecked())) await box.click();
        return box.isChecked();
      })
      .toBe(true);
  }
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.getByText('Revisa tu correo para activar tu cuenta').waitFor();
}

/** Opens the activation link of the account's mail and waits until the account is active. */
async function activate(page: Page, email: string): Promise<void> {
  await page.goto(await activationPath(server, email));
  await page.getByText('¡Listo!').waitFor();
}

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a school buys a plan, registers, brings a teacher in and removes them', () => {
  const stamp = Date.now() % 1_000_000;
  const schoolName = `Institución Educativa San Javier ${stamp}`;
  const admin = {
    firstName: 'Rocío',
    lastName: 'Henao',
    email: `rectoria.${stamp}@example.com`,
    password: 'Colegio-2026',
  };
  const teacher = {
    firstName: 'Julián',
    lastName: 'Ospina',
    email: `julian.${stamp}@example.com`,
    password: 'Algebra-2026',
  };
  let platform: { context: BrowserContext; page: Page };
  let school: { context: BrowserContext; page: Page };
  let teacherPage: { context: BrowserContext; page: Page };
  let schoolCode = '';
  let teacherCode = '';

  afterAll(async () => {
    await platform?.context.close();
    await school?.context.close();
    await teacherPage?.context.close();
  });

  it('the platform admin creates a school code for a plan of 40 students', async () => {
    platform = await newPage();
    const { page } = platform;
    await logIn(page, 'platformadmin@demo.kib', 'demo1234');
    await page.waitForURL('**/platformAdmin/schools');
    const form = page.getByRole('form', { name: 'Nuevo código de colegio' });
    await form.getByLabel('Nombre de la institución').fill(schoolName);
    await form.getByLabel('Número de estudiantes').fill('40');
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Código válido hasta').fill(day(30));
    await form.getByLabel('Plan válido hasta').fill(day(365));
    await form.getByRole('button', { name: 'Crear código' }).click();
    const created = page.locator('.schools-new-code');
    await created.waitFor();
    schoolCode = (await created.textContent()) ?? '';
    expect(schoolCode).toMatch(/^[A-Z0-9]{12}$/);
    expect(await shotAndAxe(page, 'school-journey-platform-code')).toEqual([]);
  });

  it('a new user signs up as a school administrator and activates the account', async () => {
    school = await newPage();
    const { page } = school;
    await signUp(page, '?user=schoolAdmin', admin);
    await activate(page, admin.email);
  });

  it('lands on the registration form and is told what is missing', async () => {
    const { page } = school;
    await logIn(page, admin.email, admin.password);
    await page.waitForURL(/\/schooladmin$/);
    await page.getByRole('heading', { level: 1, name: 'Registra tu colegio' }).waitFor();
    await page.getByText(`Hola, ${admin.firstName}`).waitFor();
    expect(await shotAndAxe(page, 'school-journey-register')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);

    await page.getByRole('button', { name: 'Registrar colegio' }).click();
    const name = page.getByLabel('Nombre de la institución');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Teléfono').getAttribute('aria-invalid')).toBe('true');
    expect(await shotAndAxe(page, 'school-journey-register-errors')).toEqual([]);
  });

  it('registers the school in Colombia → Antioquia → Medellín', async () => {
    const { page } = school;
    await page.getByLabel('Nombre de la institución').fill(schoolName);
    await page.getByLabel('País').selectOption({ label: 'Colombia' });
    await page.getByLabel('Departamento').selectOption({ label: 'Antioquia' });
    await page.getByLabel('Ciudad').selectOption({ label: 'Medellín' });
    await page.getByLabel('Dirección').fill('Carrera 80 # 45-10');
    await page.getByLabel('Correo electrónico').fill(`contacto.${stamp}@example.com`);
    await page.getByLabel('Teléfono').fill('604 444 5566');
    await page.getByRole('button', { name: 'Registrar colegio' }).click();
    await page.getByText('¡Institución registrada!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Activa el plan de tu colegio' }).waitFor();
    expect(await shotAndAxe(page, 'school-journey-code-form')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);
  });

  it('is told under the field when the school code is wrong, then activates the plan with the right one', async () => {
    const { page } = school;
    const code = page.getByRole('textbox', { name: 'Código de colegio' });
    await code.fill('NOESTECODIGO');
    await page.getByRole('button', { name: 'Activar el plan' }).click();
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    expect(await shotAndAxe(page, 'school-journey-code-error')).toEqual([]);

    await code.fill(schoolCode.toLowerCase());
    await page.getByRole('button', { name: 'Activar el plan' }).click();
    await page.getByText('¡Listo! El plan de tu colegio está activo.', { exact: false }).waitFor();
    await page.getByText('Estudiantes: 0 de 40').waitFor();
    expect(await shotAndAxe(page, 'school-journey-home')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);

    // Coming back with no teachers yet, the dashboard starts on the registration codes.
    await page.reload();
    await page.waitForURL('**/schooladmin/codes');
    await page.getByRole('heading', { level: 1, name: 'Códigos de registro' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Menú del administrador del colegio' });
    await nav.getByRole('link', { name: 'Profesores' }).waitFor();
    expect(await shotAndAxe(page, 'school-journey-codes')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);
  });

  it('generates a teacher code and sees it in the table', async () => {
    const { page } = school;
    await page.getByRole('button', { name: 'Generar código nuevo' }).click();
    const notice = page.getByText(/^Tu nuevo código es: /);
    await notice.waitFor();
    teacherCode = ((await notice.textContent()) ?? '').replace('Tu nuevo código es: ', '').trim();
    expect(teacherCode).toMatch(/^[A-Z0-9]{8}$/);
    const table = page.getByRole('table', { name: 'Códigos de profesor' });
    await table.getByText(teacherCode).waitFor();
    await table.getByText('Sin usar').waitFor();
    expect(await shotAndAxe(page, 'school-journey-new-code')).toEqual([]);
  });

  it('fits a 360 px phone', async () => {
    const { page } = school;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('table', { name: 'Códigos de profesor' }).waitFor();
    expect(await overflows(page)).toBe(false);
    expect(await shotAndAxe(page, 'school-journey-codes-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('a new teacher signs up, registers to the school with the code and reaches the classes page', async () => {
    teacherPage = await newPage();
    const { page } = teacherPage;
    await signUp(page, '', teacher, true);
    await activate(page, teacher.email);
    await logIn(page, teacher.email, teacher.password);
    await page.waitForURL('**/teacher/school');
    const form = page.getByRole('form', { name: 'Registrarme en mi colegio' });
    await form.getByLabel('Código de profesor').fill(teacherCode);
    await form.getByRole('button', { name: 'Registrarme' }).click();
    await page.waitForURL(/\/teacher$/);
    await page.getByRole('heading', { level: 1, name: 'Mis salones' }).waitFor();
    await page.getByText(`Te registraste en ${schoolName}.`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Crear salón' }).click();
    const classroom = page.getByRole('form', { name: 'Nuevo salón' });
    await classroom.getByLabel('Nombre del salón').fill('Grado 6A');
    await classroom.getByRole('button', { name: 'Crear salón' }).click();
    await page.getByRole('article', { name: 'Grado 6A' }).waitFor();
  });

  it('the school admin sees the teacher with the classroom, and removes them after confirming', async () => {
    const { page } = school;
    const nav = page.getByRole('navigation', { name: 'Menú del administrador del colegio' });
    await nav.getByRole('link', { name: 'Profesores' }).click();
    await page.waitForURL('**/schooladmin/teachers');
    const table = page.getByRole('table', { name: 'Profesores del colegio' });
    const row = table.getByRole('row').filter({ hasText: teacher.email });
    await row.waitFor();
    expect(await shotAndAxe(page, 'school-journey-teachers')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);

    await row.getByRole('button', { name: /Quitar/ }).click();
    const dialog = page.getByRole('dialog', {
      name: `¿Quitar a ${teacher.firstName} ${teacher.lastName} del colegio?`,
    });
    await dialog.waitFor();
    expect(await shotAndAxe(page, 'school-journey-remove-dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Quitar profesor' }).click();
    await page.getByText('¡Usuario eliminado!').waitFor();
    await expect.poll(() => table.getByRole('row').filter({ hasText: teacher.email }).count()).toBe(0);

    // The school keeps the classroom, without a teacher.
    await nav.getByRole('link', { name: 'Salones' }).click();
    const classrooms = page.getByRole('table', { name: 'Salones del colegio' });
    const kept = classrooms.getByRole('row').filter({ hasText: 'Grado 6A' });
    await kept.getByText('Sin profesor').waitFor();
    expect(await shotAndAxe(page, 'school-journey-classrooms')).toEqual([]);
  });

  it('the removed teacher is refused afterwards: classes disabled, sent to the school page', async () => {
    const { page } = teacherPage;
    await page.goto('/teacher');
    await page.waitForURL('**/teacher/school');
    const nav = page.getByRole('navigation', { name: 'Menú del profesor' });
    expect(await nav.getByRole('link', { name: 'Clases' }).getAttribute('aria-disabled')).toBe('true');
    const answer = await page.evaluate(async () => {
      const refresh = await fetch('/api/auth/jwt/refresh/', { method: 'POST', credentials: 'include' });
      const { access } = (await refresh.json()) as { access: string };
      const res = await fetch('/api/get-teacher-data/', { headers: { authorization: `Bearer ${access}` } });
      return (await res.json()) as { valid_subscription: boolean; institution: unknown };
    });
    expect(answer).toEqual(expect.objectContaining({ valid_subscription: false, institution: null }));
    // The code they joined with does not bring them back.
    const form = page.getByRole('form', { name: 'Registrarme en mi colegio' });
    await form.getByLabel('Código de profesor').fill(teacherCode);
    await form.getByRole('button', { name: 'Registrarme' }).click();
    await form.getByText('Ese código de profesor no es válido o ya se usó', { exact: false }).waitFor();
    expect(await shotAndAxe(page, 'school-journey-teacher-refused')).toEqual([]);
  });
});

describe('the browser console', () => {
  it('logged nothing but the refusals the tests asked for', () => {
    // A refused call (400 empty form, 403 no plan, 404 wrong code) is logged by Chromium as a failed resource.
    const unexpected = errors.filter(
      (e) => !/^Failed to load resource: the server responded with a status of (400|403|404)/.test(e),
    );
    expect(unexpected.join('\n')).toBe('');
  });
});
