import type { TeacherData } from '@kib/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, type StubHandler } from '../../test/render-site';
import { NO_SCHOOL, refusal, SCHOOL, TEACHER, TEACHER_DATA, teacherServer } from './teacher-fixture';
import { TEACHER_SIDEBAR_KEY } from './teacher-layout';

/** A teacher page (the school page unless said) against a small teacher server. */
function open(
  options: {
    path?: string;
    data?: TeacherData;
    routes?: Record<string, StubHandler>;
    language?: 'es' | 'en';
  } = {},
) {
  const server = teacherServer(options.data ?? NO_SCHOOL, options.routes);
  return renderSite(options.path ?? '/teacher/school', {
    user: TEACHER,
    routes: server.routes,
    language: options.language,
  });
}

beforeEach(() => localStorage.removeItem(TEACHER_SIDEBAR_KEY));
afterEach(async () => {
  await page.viewport(1024, 768);
});

describe('the school page', () => {
  it("shows the teacher's school and until when its plan is valid, and the way to the classes", async () => {
    const { screen } = await open({ data: TEACHER_DATA });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mi colegio' })).toBeVisible();
    const school = screen.getByRole('region', { name: 'Tu colegio' });
    await expect.element(school.getByText('Colegio Kib de Medellín')).toBeVisible();
    await expect.element(school.getByText('30-06-2031')).toBeVisible();
    await expect.element(school.getByText('182 de 200')).toBeVisible();
    expect(screen.getByText(/ya está completo/).elements()).toHaveLength(0);
    await expect
      .element(school.getByRole('link', { name: 'Ir a mis salones' }))
      .toHaveAttribute('href', '/teacher');
    // Joining stays possible (a new code of the administrator).
    await expect.element(screen.getByRole('heading', { name: 'Usar un código de profesor' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menú del profesor' });
    await expect.element(nav.getByRole('link', { name: 'Clases' })).toHaveAttribute('href', '/teacher');
    expect(await axeViolations()).toEqual([]);
  });

  it('says plainly when the plan is full: no new students, and whom to ask', async () => {
    const { screen } = await open({
      language: 'en',
      data: { ...TEACHER_DATA, institution: { ...SCHOOL, students: 1200, studentLimit: 1200 } },
    });
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'is full' }))
      .toHaveTextContent(
        'The plan of Colegio Kib de Medellín is full: its classrooms have the 1,200 students it allows. New students cannot be added to the school (students already in it can still join another classroom). Ask your school administrator for a plan with more places.',
      );
    const school = screen.getByRole('region', { name: 'Your school' });
    await expect.element(school.getByText('1,200 of 1,200')).toBeVisible();
    // Classes and modules stay open: a full plan still runs.
    await expect.element(school.getByRole('link', { name: 'Go to my classrooms' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('says when the plan of the school has ended', async () => {
    const { screen } = await open({
      data: {
        ...TEACHER_DATA,
        validSubscription: false,
        institution: { ...SCHOOL, planValidUntil: '2029-12-31T12:00:00.000Z' },
      },
    });
    await expect
      .element(screen.getByText('El plan de Colegio Kib de Medellín venció el 31-12-2029.', { exact: false }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('region', { name: 'Tu colegio' }).getByText('Venció el 31-12-2029'))
      .toBeVisible();
    // An ended plan allows nobody: no count of students against it.
    expect(screen.getByText('Estudiantes').elements()).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Ir a mis salones' }).elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('joins a school with a teacher code and goes on to the classes page, naming the school', async () => {
    const { screen, router, calls } = await open({ path: '/teacher' });
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/school');
    await expect
      .element(screen.getByText('Para crear salones necesitas estar registrado', { exact: false }))
      .toBeVisible();
    const form = screen.getByRole('form', { name: 'Registrarme en mi colegio' });
    expect(await axeViolations()).toEqual([]);
    await form.getByLabelText('Código de profesor').fill(' kib teach ');
    await form.getByRole('button', { name: 'Registrarme' }).click();

    await expect.poll(() => router.state.location.pathname).toBe('/teacher');
    const notice = screen.getByRole('status').filter({ hasText: 'Te registraste' });
    await expect
      .element(notice)
      .toHaveTextContent('Te registraste en Colegio Kib de Medellín. Ya puedes crear tus salones.');
    await expect.poll(() => document.activeElement?.textContent).toContain('Colegio Kib de Medellín');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis salones' })).toBeVisible();
    await expect.element(screen.getByText('Todavía no tienes salones.')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menú del profesor' });
    await expect.element(nav.getByRole('link', { name: 'Clases' })).toHaveAttribute('aria-current', 'page');
    expect(calls.find((c) => c.path === 'registerTeacherToSchool/')?.body).toEqual({ code: 'KIBTEACH' });
    expect(await axeViolations()).toEqual([]);
  });

  it("puts the server's refusal of a code under the field", async () => {
    const { screen, router } = await open({
      routes: {
        'POST registerTeacherToSchool/': refusal(
          404,
          'teacher-code-invalid',
          'Ese código de profesor no es válido o ya se usó. Pide uno nuevo al administrador de tu colegio.',
          {
            code: [
              'Ese código de profesor no es válido o ya se usó. Pide uno nuevo al administrador de tu colegio.',
            ],
          },
        ),
      },
    });
    const field = screen.getByLabelText('Código de profesor');
    await field.fill('NOPE1234');
    await screen.getByRole('button', { name: 'Registrarme' }).click();
    await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(field)
      .toHaveAccessibleDescription(/Ese código de profesor no es válido o ya se usó\./);
    await expect.element(field).toHaveFocus();
    expect(screen.getByRole('alert').elements()).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/teacher/school');
    expect(await axeViolations()).toEqual([]);
  });

  it('says so in English, an expired code too', async () => {
    const { screen } = await open({
      language: 'en',
      routes: {
        'POST registerTeacherToSchool/': refusal(
          410,
          'teacher-code-expired',
          'That teacher code has expired. Ask your school administrator for a new one.',
          { code: ['That teacher code has expired. Ask your school administrator for a new one.'] },
        ),
      },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'My school' })).toBeVisible();
    const form = screen.getByRole('form', { name: 'Register to my school' });
    await form.getByLabelText('Teacher code').fill('EXPIRED1');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect
      .element(form.getByLabelText('Teacher code'))
      .toHaveAccessibleDescription(/That teacher code has expired\./);
    const nav = screen.getByRole('navigation', { name: 'Teacher menu' });
    await expect.element(nav.getByRole('link', { name: 'Classes' })).toHaveAttribute('aria-disabled', 'true');
    await expect.element(nav.getByRole('link', { name: 'School' })).toHaveAttribute('aria-current', 'page');
    expect(await axeViolations()).toEqual([]);
  });

  it('checks that a code is typed before sending', async () => {
    const { screen, calls } = await open();
    await screen.getByLabelText('Código de profesor').fill('   ');
    await screen.getByRole('button', { name: 'Registrarme' }).click();
    await expect
      .element(screen.getByLabelText('Código de profesor'))
      .toHaveAccessibleDescription(/Este campo es obligatorio\./);
    expect(calls.filter((c) => c.method === 'POST' && c.path === 'registerTeacherToSchool/')).toEqual([]);
  });

  it('says in an alert a failure that is not about the code (too many tries)', async () => {
    const { screen } = await open({
      routes: {
        'POST registerTeacherToSchool/': refusal(
          429,
          'rate-limited',
          'Demasiados intentos. Intenta de nuevo en 15 minutos.',
        ),
      },
    });
    await screen.getByLabelText('Código de profesor').fill('GUESS123');
    await screen.getByRole('button', { name: 'Registrarme' }).click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Demasiados intentos. Intenta de nuevo en 15 minutos.');
    await expect.element(screen.getByLabelText('Código de profesor')).not.toHaveAttribute('aria-invalid');
  });

  it('stays and says so when the school joined has no valid plan', async () => {
    const { screen, router } = await open({
      routes: {
        'POST registerTeacherToSchool/': {
          body: { institution: { id: 9, name: 'Colegio Sin Plan' }, validSubscription: false },
        },
      },
    });
    await screen.getByLabelText('Código de profesor').fill('NOPLAN01');
    await screen.getByRole('button', { name: 'Registrarme' }).click();
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'Colegio Sin Plan' }))
      .toHaveTextContent('Te registraste en Colegio Sin Plan, pero su plan no está vigente.');
    expect(router.state.location.pathname).toBe('/teacher/school');
    await expect.poll(() => document.activeElement?.textContent).toContain('Colegio Sin Plan');
  });

  it('fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await open({ data: TEACHER_DATA });
    await expect.element(screen.getByRole('region', { name: 'Tu colegio' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
