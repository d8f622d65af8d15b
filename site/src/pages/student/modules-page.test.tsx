import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT } from '../../test/render-site';
import { NO_CLASSROOMS, STUDENT_DATA } from './student-fixture';

const ROUTES = { 'GET get_student_classrooms/': { body: STUDENT_DATA } };

afterEach(async () => {
  await page.viewport(1024, 768);
});

/** The table's body rows as the cells' text. */
function rowsText(): string[][] {
  return [...document.querySelectorAll('table tbody tr')].map((tr) =>
    [...tr.querySelectorAll('th, td')]
      .slice(0, 4)
      .map((cell) =>
        (cell.querySelector('a, .student-table-deadline') ?? cell).textContent?.replace(/\s+/g, ' '),
      ),
  );
}

describe('ModulesPage', () => {
  it('lists every module newest first with classroom, DD/MM/YYYY deadline and progress', async () => {
    const { screen } = await renderSite('/student/modules', { user: STUDENT, routes: ROUTES });
    const table = screen.getByRole('table', {
      name: 'Módulos de todos tus salones, del más reciente al más antiguo',
    });
    await expect.element(table).toBeVisible();
    await expect.element(table.getByRole('columnheader', { name: 'Fecha límite' })).toBeVisible();
    expect(rowsText()).toEqual([
      ['Ecuaciones lineales', 'Matemáticas 7A', '15/06/2099', '57 %'],
      ['Fracciones', 'Matemáticas 7A', '10/05/2024', '0 %'],
      ['Potencias', 'Refuerzo de álgebra', 'Sin fecha límite', '100 %'],
    ]);
    await expect
      .element(table.getByRole('link', { name: 'Potencias' }))
      .toHaveAttribute('href', '/student/rendermodule?module=12&classroom=2');
    await expect.element(table.getByRole('button', { name: 'Fecha límite vencida' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('lists the problems of the chosen module under the table and moves the focus to them', async () => {
    const { screen, router } = await renderSite('/student/modules', { user: STUDENT, routes: ROUTES });
    const choose = screen.getByRole('button', { name: 'Ver problemas de Ecuaciones lineales' });
    await expect.element(choose).toHaveAttribute('aria-pressed', 'false');
    await choose.click();
    const heading = screen.getByRole('heading', { level: 2, name: 'Problemas de Ecuaciones lineales' });
    await expect.element(heading).toBeVisible();
    await expect.poll(() => document.activeElement).toBe(heading.element());
    await expect.element(choose).toHaveAttribute('aria-pressed', 'true');
    const titles = [...document.querySelectorAll('.student-modules-detail .student-problem-title')].map(
      (a) => a.textContent,
    );
    expect(titles).toEqual(['Ecuación con paréntesis', 'Despejar x', 'Problema sin número', 'Reto final']);
    await expect
      .element(screen.getByRole('link', { name: 'Abrir el módulo' }))
      .toHaveAttribute('href', '/student/rendermodule?module=11&classroom=1');
    expect(router.state.location.search).toBe('?module=11&classroom=1');
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Ver problemas de Potencias' }).click();
    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'Problemas de Potencias' }))
      .toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Producto de potencias' })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Despejar x' })).not.toBeInTheDocument();
  });

  it('reopens the chosen module from the address, in English', async () => {
    const { screen } = await renderSite('/student/modules?module=10&classroom=1', {
      user: STUDENT,
      routes: ROUTES,
      language: 'en',
    });
    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'Problems of Fracciones' }))
      .toBeVisible();
    await expect.element(screen.getByText('0 of 2 questions complete')).toBeVisible();
    await expect.element(screen.getByRole('columnheader', { name: 'Deadline' })).toBeVisible();
  });

  it('says there are no modules yet', async () => {
    const { screen } = await renderSite('/student/modules', {
      user: STUDENT,
      routes: { 'GET get_student_classrooms/': { body: NO_CLASSROOMS } },
    });
    await expect.element(screen.getByText(/Todavía no tienes módulos/)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('fits a 360 px phone: the page never scrolls sideways', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/student/modules?module=11&classroom=1', {
      user: STUDENT,
      routes: ROUTES,
    });
    await expect.element(screen.getByRole('link', { name: 'Reto final' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
