import type { SchoolAdminData, SchoolCode } from '@kib/core';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, type StubCall } from '../../test/render-site';
import {
  INSTITUTION,
  NO_PLAN,
  NO_TEACHERS,
  PLATFORM_ADMIN,
  SCHOOL_DATA,
  schoolAdminServer,
  YEAR,
} from '../school-admin/school-admin-fixture';

/** The school code the fixture's school redeemed, as the platform admin's list shows it. */
const REDEEMED: SchoolCode = {
  id: 3,
  code: 'K7P2QX',
  institutionName: 'Colegio Kib',
  numberOfStudents: 300,
  codeValidUntil: new Date(YEAR, 5, 30, 23, 59, 59).toISOString(),
  planValidUntil: new Date(YEAR, 11, 31, 23, 59, 59).toISOString(),
  createdAt: '2030-01-10T15:00:00Z',
  revokedAt: null,
  status: 'active',
  institution: { id: INSTITUTION.id, name: INSTITUTION.name, teachers: 2, students: 120 },
};

/** A page of the platform admin's area against the school's server and the school codes list. */
function open(path: string, data: SchoolAdminData = SCHOOL_DATA) {
  const server = schoolAdminServer(data, { 'GET platform/school-codes/': { body: { codes: [REDEEMED] } } });
  return renderSite(path, { user: PLATFORM_ADMIN, routes: server.routes });
}

/** The school-admin calls the view made, with what they were sent. */
const schoolCalls = (calls: readonly StubCall[]) =>
  calls.filter((call) => call.method === 'POST' && !call.path.startsWith('auth/'));

afterEach(async () => {
  await page.viewport(1024, 768);
});

describe("the platform admin's view of a school", () => {
  it('opens from the school’s name in the school codes list, on the school’s home', async () => {
    const { screen, router, calls } = await open('/platformAdmin/schools');
    const table = screen.getByRole('table', { name: 'Lista de códigos de colegio' });
    await table.getByRole('link', { name: 'Colegio Kib de Medellín' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/platformAdmin/schools/2');

    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Colegio Kib de Medellín' }))
      .toBeVisible();
    const crumbs = screen.getByRole('navigation', { name: 'Estás en' });
    await expect
      .element(crumbs.getByRole('link', { name: 'Colegios' }))
      .toHaveAttribute('href', '/platformAdmin/schools');
    const plan = screen.getByRole('region', { name: 'Plan' });
    await expect.element(plan.getByRole('meter', { name: 'Estudiantes: 120 de 300' })).toBeVisible();
    await expect
      .element(plan.getByRole('link', { name: '2 profesores' }))
      .toHaveAttribute('href', '/platformAdmin/schools/2/teachers');
    // The platform admin's own menu stays, on Schools.
    const menu = screen.getByRole('navigation', { name: 'Menú de administración de la plataforma' });
    await expect
      .element(menu.getByRole('link', { name: 'Colegios' }))
      .toHaveAttribute('aria-current', 'page');
    expect(schoolCalls(calls).map((call) => [call.path, call.body])).toEqual([
      ['getSchoolAdminData/', { institutionId: 2 }],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the school’s teachers, classrooms and codes, every call naming the school', async () => {
    const { screen, router, calls } = await open('/platformAdmin/schools/2');
    const sections = screen.getByRole('navigation', { name: 'Páginas de Colegio Kib de Medellín' });
    await expect
      .element(sections.getByRole('link', { name: 'Inicio' }))
      .toHaveAttribute('aria-current', 'page');

    await sections.getByRole('link', { name: 'Profesores' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Profesores' })).toBeVisible();
    await expect
      .element(sections.getByRole('link', { name: 'Profesores' }))
      .toHaveAttribute('aria-current', 'page');
    await screen.getByRole('button', { name: 'Quitar Laura Martínez' }).click();
    await screen.getByRole('dialog').getByRole('button', { name: 'Quitar profesor' }).click();
    await expect.element(screen.getByText('¡Usuario eliminado!')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Jorge <b>Pérez</b>', exact: true }).click();
    await screen.getByRole('link', { name: 'Ver los salones de Jorge <b>Pérez</b>' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/platformAdmin/schools/2/classrooms');
    expect(router.state.location.search).toBe('?teacher=9');
    await expect.element(screen.getByRole('table', { name: 'Salones de Jorge <b>Pérez</b>' })).toBeVisible();
    await screen.getByRole('combobox', { name: 'Profesor' }).selectOptions('Sin profesor');
    await screen.getByRole('button', { name: 'Asignar profesor Grado 10A' }).click();
    await screen.getByRole('dialog').getByRole('button', { name: 'Asignar' }).click();
    await expect.element(screen.getByText('Grado 10A ahora es de Jorge <b>Pérez</b>.')).toBeVisible();

    await sections.getByRole('link', { name: 'Códigos de registro' }).click();
    await screen.getByRole('button', { name: 'Generar código nuevo' }).click();
    await expect.element(screen.getByText('Tu nuevo código es: N8WQ4RTB')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    const named = schoolCalls(calls).filter((call) => call.path !== 'getSchoolAdminData/');
    expect(named.map((call) => call.path)).toEqual([
      'removeteacher/',
      'reassign-classroom/',
      'getTeacherCodes/',
      'createTeachersCode/',
      'getTeacherCodes/',
    ]);
    for (const call of schoolCalls(calls)) expect(call.body).toMatchObject({ institutionId: 2 });
  });

  it('stays on the home of a school without teachers', async () => {
    const { screen, router } = await open('/platformAdmin/schools/2', NO_TEACHERS);
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Colegio Kib de Medellín' }))
      .toBeVisible();
    expect(router.state.location.pathname).toBe('/platformAdmin/schools/2');
  });

  it('offers the code form for a school without a plan, without its pages yet', async () => {
    const { screen } = await open('/platformAdmin/schools/2', NO_PLAN);
    await expect.element(screen.getByRole('form', { name: 'Escribe el código de colegio' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: /Páginas de/ }).elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it.each(['/platformAdmin/schools/99', '/platformAdmin/schools/abc'])(
    'says when the school of %s does not exist, with the way back to the schools',
    async (path) => {
      const { screen } = await open(path);
      await expect
        .element(screen.getByRole('heading', { level: 1, name: 'No encontramos ese colegio' }))
        .toBeVisible();
      await expect
        .element(screen.getByRole('link', { name: 'Volver a los colegios' }))
        .toHaveAttribute('href', '/platformAdmin/schools');
      expect(await axeViolations()).toEqual([]);
    },
  );

  it('fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await open('/platformAdmin/schools/2/classrooms');
    await expect.element(screen.getByRole('table', { name: 'Salones del colegio' })).toBeInTheDocument();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
