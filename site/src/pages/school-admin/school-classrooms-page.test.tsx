import type { SchoolAdminData } from '@kib/core';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, type StubHandler } from '../../test/render-site';
import { NO_TEACHERS, refusal, SCHOOL_ADMIN, SCHOOL_DATA, schoolAdminServer } from './school-admin-fixture';

function open(
  options: {
    path?: string;
    data?: SchoolAdminData;
    routes?: Record<string, StubHandler>;
    language?: 'es' | 'en';
  } = {},
) {
  const server = schoolAdminServer(options.data ?? SCHOOL_DATA, options.routes);
  return renderSite(options.path ?? '/schooladmin/classrooms', {
    user: SCHOOL_ADMIN,
    routes: server.routes,
    language: options.language,
  });
}

/** The classrooms the table lists, by name. */
const listed = (screen: Awaited<ReturnType<typeof open>>['screen']) =>
  screen
    .getByRole('rowheader')
    .elements()
    .map((cell) => cell.textContent);

afterEach(async () => {
  await page.viewport(1024, 768);
});

describe('the classrooms page', () => {
  it('lists every classroom with its level, teacher (or none), students, modules and day made', async () => {
    const { screen } = await open();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Salones' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Salones del colegio' });
    const row = table.getByRole('row', { name: /Grado 10A/ });
    await expect.element(row.getByText('Media')).toBeVisible();
    await expect.element(row.getByText('Laura Martínez')).toBeVisible();
    await expect.element(row.getByRole('cell', { name: '30', exact: true })).toBeVisible();
    await expect.element(row.getByRole('cell', { name: '4', exact: true })).toBeVisible();
    await expect.element(row.getByText('01-02-2030')).toBeVisible();
    await expect
      .element(table.getByRole('row', { name: /Grado 8A/ }).getByText('Sin profesor'))
      .toBeVisible();
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'de 4 salones' }))
      .toHaveTextContent('4 de 4 salones');
    expect(listed(screen)).toEqual(['Grado 10A', 'Grado 9B', 'Grado 11C', 'Grado 8A']);
    expect(await axeViolations()).toEqual([]);
  });

  it('filters by teacher, kept in ?teacher=, and by classrooms without a teacher', async () => {
    const { screen, router } = await open({ path: '/schooladmin/classrooms?teacher=5' });
    const filter = screen.getByRole('combobox', { name: 'Profesor' });
    await expect.element(filter).toHaveValue('5');
    await expect.element(screen.getByRole('table', { name: 'Salones de Laura Martínez' })).toBeVisible();
    expect(listed(screen)).toEqual(['Grado 10A', 'Grado 9B']);
    await expect.element(screen.getByText('2 de 4 salones')).toBeVisible();

    await filter.selectOptions('Sin profesor');
    await expect.element(screen.getByRole('table', { name: 'Salones sin profesor' })).toBeVisible();
    expect(listed(screen)).toEqual(['Grado 8A']);
    expect(router.state.location.search).toBe('?teacher=none');

    await filter.selectOptions('Todos los profesores');
    await expect.element(screen.getByRole('table', { name: 'Salones del colegio' })).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(await axeViolations()).toEqual([]);
  });

  it('gives a classroom without a teacher to a teacher of the school, after asking which', async () => {
    const { screen, calls } = await open();
    const table = screen.getByRole('table', { name: 'Salones del colegio' });
    await table.getByRole('button', { name: 'Asignar profesor Grado 8A' }).click();
    const dialog = screen.getByRole('dialog', { name: '¿A qué profesor le das Grado 8A?' });
    await expect.element(dialog.getByText('Ahora no tiene profesor.')).toBeVisible();
    const choice = dialog.getByLabelText('Profesor');
    await expect.element(choice).toHaveValue('5');
    expect(await axeViolations()).toEqual([]);
    await choice.selectOptions('Jorge <b>Pérez</b>');
    await dialog.getByRole('button', { name: 'Asignar' }).click();

    await expect.element(screen.getByText('Grado 8A ahora es de Jorge <b>Pérez</b>.')).toBeVisible();
    await expect.poll(() => document.activeElement?.textContent).toContain('Grado 8A ahora es de');
    expect(calls.filter((c) => c.path === 'reassign-classroom/').map((c) => c.body)).toEqual([
      { institutionId: 2, classroomId: 14, teacherId: 9 },
    ]);
    await expect
      .element(table.getByRole('row', { name: /Grado 8A/ }).getByText('Jorge <b>Pérez</b>'))
      .toBeVisible();
    expect(table.getByText('Sin profesor').elements()).toHaveLength(0);
  });

  it('does not offer a classroom to the teacher who has it, and says a refusal under the teacher', async () => {
    const { screen } = await open({
      routes: {
        'POST reassign-classroom/': refusal(
          409,
          'classroom-name-used',
          'Este profesor ya tiene un salón con este nombre.',
          {
            teacher_id: ['Este profesor ya tiene un salón con este nombre.'],
          },
        ),
      },
    });
    await screen.getByRole('button', { name: 'Cambiar profesor Grado 10A' }).click();
    const dialog = screen.getByRole('dialog', { name: '¿A qué profesor le das Grado 10A?' });
    await expect.element(dialog.getByText('Ahora es de Laura Martínez.')).toBeVisible();
    const choice = dialog.getByLabelText('Profesor');
    const offered = Array.from((choice.element() as HTMLSelectElement).options).map((o) => o.textContent);
    expect(offered).toEqual(['Jorge <b>Pérez</b>']);
    await dialog.getByRole('button', { name: 'Asignar' }).click();
    await expect
      .element(choice)
      .toHaveAccessibleDescription(/Este profesor ya tiene un salón con este nombre\./);
    expect(dialog.getByRole('alert').elements()).toHaveLength(0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it('says when the school has no classrooms', async () => {
    const { screen } = await open({ data: NO_TEACHERS });
    await expect
      .element(screen.getByText('El colegio aún no tiene salones. Los profesores los crean en su área.'))
      .toBeVisible();
    expect(screen.getByRole('table').elements()).toHaveLength(0);
  });

  it('speaks English and fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await open({ language: 'en' });
    await expect.element(screen.getByRole('table', { name: "The school's classrooms" })).toBeInTheDocument();
    await expect.element(screen.getByRole('combobox', { name: 'Teacher' })).toBeVisible();
    await expect.element(screen.getByText('No teacher', { exact: true }).last()).toBeInTheDocument();
    await expect
      .element(screen.getByRole('button', { name: 'Assign a teacher Grado 8A' }))
      .toBeInTheDocument();
    const region = screen.getByRole('region', { name: "The school's classrooms" }).element();
    expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
