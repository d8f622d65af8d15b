import type { SchoolAdminData } from '@kib/core';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite, type StubHandler } from '../../test/render-site';
import {
  dmy,
  NO_TEACHERS,
  refusal,
  SCHOOL_ADMIN,
  SCHOOL_DATA,
  schoolAdminServer,
} from './school-admin-fixture';

function open(
  options: { data?: SchoolAdminData; routes?: Record<string, StubHandler>; language?: 'es' | 'en' } = {},
) {
  const server = schoolAdminServer(options.data ?? SCHOOL_DATA, options.routes);
  return renderSite('/schooladmin/teachers', {
    user: SCHOOL_ADMIN,
    routes: server.routes,
    language: options.language,
  });
}

afterEach(async () => {
  await page.viewport(1024, 768);
});

describe('the teachers page', () => {
  it('lists the teachers with their e-mail, day joined, classrooms and students; a row opens to the rest', async () => {
    const { screen, router } = await open();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Profesores' })).toBeVisible();
    await expect.poll(() => document.title).toBe('Profesores · Colegio Kib de Medellín · Kib');
    const table = screen.getByRole('table', { name: 'Profesores del colegio' });
    const laura = table.getByRole('row', { name: /Laura Martínez/ }).first();
    await expect.element(laura.getByText('teacher@demo.kib')).toBeVisible();
    await expect.element(laura.getByText('20-01-2030')).toBeVisible();
    await expect.element(laura.getByRole('cell', { name: '45', exact: true })).toBeVisible();
    // A name is text, never markup.
    await expect
      .element(table.getByRole('button', { name: 'Jorge <b>Pérez</b>', exact: true }))
      .toBeVisible();

    const toggle = table.getByRole('button', { name: 'Laura Martínez', exact: true });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(toggle.element().getAttribute('aria-controls')!)!;
    expect(details.hidden).toBe(true);
    expect(await axeViolations()).toEqual([]);

    // The disclosure works with the keyboard.
    (toggle.element() as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(details.hidden).toBe(false);
    expect(details.textContent).toContain('Módulos6');
    expect(details.textContent).toContain(`Último ingreso${dmy(3, 2, 2031)}`);
    await expect
      .element(table.getByRole('button', { name: 'Jorge <b>Pérez</b>', exact: true }))
      .toHaveAttribute('aria-expanded', 'false');
    await table.getByRole('button', { name: 'Jorge <b>Pérez</b>', exact: true }).click();
    await expect.element(table.getByText('Nunca')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await table.getByRole('link', { name: 'Ver los salones de Laura Martínez' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/schooladmin/classrooms');
    expect(router.state.location.search).toBe('?teacher=5');
  });

  it("removes a teacher after saying what happens, says 'User deleted !' and updates the tables", async () => {
    const { screen, calls } = await open();
    const table = screen.getByRole('table', { name: 'Profesores del colegio' });
    await table.getByRole('button', { name: 'Quitar Laura Martínez' }).click();
    const dialog = screen.getByRole('dialog', { name: '¿Quitar a Laura Martínez del colegio?' });
    await expect
      .element(dialog.getByText('ya no podrá usar sus salones ni sus módulos', { exact: false }))
      .toBeVisible();
    await expect
      .element(
        dialog.getByText('El colegio conserva sus salones, sus estudiantes y sus resultados', {
          exact: false,
        }),
      )
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'removeteacher/')).toEqual([]);

    await table.getByRole('button', { name: 'Quitar Laura Martínez' }).click();
    await screen.getByRole('dialog').getByRole('button', { name: 'Quitar profesor' }).click();
    await expect.element(screen.getByText('¡Usuario eliminado!')).toBeVisible();
    await expect.poll(() => document.activeElement?.textContent).toContain('¡Usuario eliminado!');
    await expect
      .element(screen.getByText('Laura Martínez ya no es profesor del colegio.', { exact: false }))
      .toBeVisible();
    expect(calls.filter((c) => c.path === 'removeteacher/').map((c) => c.body)).toEqual([
      { institutionId: 2, teacherId: 5 },
    ]);
    await expect.poll(() => table.getByRole('button', { name: /Laura Martínez/ }).elements().length).toBe(0);
    await expect
      .element(table.getByRole('button', { name: 'Jorge <b>Pérez</b>', exact: true }))
      .toBeVisible();

    // Her classrooms stay with the school, without a teacher.
    await screen
      .getByRole('navigation', { name: 'Menú del administrador del colegio' })
      .getByRole('link', { name: 'Salones' })
      .click();
    const classrooms = screen.getByRole('table', { name: 'Salones del colegio' });
    await expect
      .element(classrooms.getByRole('row', { name: /Grado 10A/ }).getByText('Sin profesor'))
      .toBeVisible();
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    const { screen } = await open({
      routes: { 'POST removeteacher/': refusal(404, 'not-found', 'No encontramos lo que buscas.') },
    });
    await screen.getByRole('button', { name: 'Quitar Laura Martínez' }).click();
    const dialog = screen.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Quitar profesor' }).click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('No encontramos lo que buscas.');
  });

  it('leads to the registration codes when the school has no teachers', async () => {
    const { screen } = await open({ data: NO_TEACHERS });
    await expect
      .element(screen.getByText('El colegio aún no tiene profesores.', { exact: false }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Ir a los códigos de registro' }))
      .toHaveAttribute('href', '/schooladmin/codes');
    expect(screen.getByRole('table').elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('speaks English and fits a 360 px phone: the table scrolls in its own box', async () => {
    await page.viewport(360, 740);
    const { screen } = await open({ language: 'en' });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Teachers' })).toBeVisible();
    await expect.element(screen.getByRole('table', { name: "The school's teachers" })).toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Remove Laura Martínez' })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: "The school's teachers" }).element();
    expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
