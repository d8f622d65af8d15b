import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT } from '../../test/render-site';
import { STUDENT_DATA } from './student-fixture';

const ROUTES = { 'GET get_student_classrooms/': { body: STUDENT_DATA } };

afterEach(async () => {
  await page.viewport(1024, 768);
});

/** Presses Tab until `target` has the focus (at most `limit` times); true when it got there. */
async function tabTo(target: Element, limit = 40): Promise<boolean> {
  for (let i = 0; i < limit; i += 1) {
    if (document.activeElement === target) return true;
    await userEvent.tab();
  }
  return document.activeElement === target;
}

describe('ClassroomPage', () => {
  it('lists the classroom’s modules with deadline, status and a link to each module', async () => {
    const { screen } = await renderSite('/student/classroom/1', { user: STUDENT, routes: ROUTES });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Matemáticas 7A' })).toBeVisible();
    const trail = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect
      .element(trail.getByRole('link', { name: 'Mis salones' }))
      .toHaveAttribute('href', '/student/classrooms');
    await expect.element(trail.getByText('Matemáticas 7A')).toHaveAttribute('aria-current', 'page');

    const equations = screen.getByRole('article').filter({ hasText: 'Ecuaciones lineales' });
    await expect
      .element(equations.getByRole('link', { name: 'Ecuaciones lineales' }))
      .toHaveAttribute('href', '/student/rendermodule?module=11&classroom=1');
    await expect.element(equations.getByText('Fecha límite: 15-06-2099 12:00')).toBeVisible();
    await expect.element(equations.getByText('Activo')).toBeVisible();
    await expect.element(equations.getByText('4 de 7 preguntas resueltas (57 %)')).toBeVisible();

    // The student's own deadline (passed) overrides the classroom's (2099).
    const fractions = screen.getByRole('article').filter({ hasText: 'Fracciones' });
    await expect.element(fractions.getByText('Fecha límite: 10-05-2024 18:30')).toBeVisible();
    await expect.element(fractions.getByRole('button', { name: 'Fecha límite vencida' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a pie of solved, attempted and not attempted questions with counts and percentages', async () => {
    const { screen } = await renderSite('/student/classroom/1', { user: STUDENT, routes: ROUTES });
    const pie = screen.getByRole('figure', { name: 'Preguntas de todos los módulos de Matemáticas 7A' });
    await expect.element(pie).toBeVisible();
    await expect.element(pie.getByText('Resueltas: 4 (44 %)')).toBeVisible();
    await expect.element(pie.getByText('Intentadas: 2 (22 %)')).toBeVisible();
    await expect.element(pie.getByText('Sin intentar: 3 (33 %)')).toBeVisible();
    await expect.element(pie.getByText('9 preguntas en total')).toBeVisible();
    await expect
      .element(pie.getByRole('img'))
      .toHaveAccessibleName('Gráfico circular: 4 resueltas, 2 intentadas y 3 sin intentar, de 9 preguntas.');
    expect(pie.element().querySelectorAll('svg path')).toHaveLength(3);
  });

  it('draws one full circle when every question is in one category, in English', async () => {
    const { screen } = await renderSite('/student/classroom/2', {
      user: STUDENT,
      routes: ROUTES,
      language: 'en',
    });
    const pie = screen.getByRole('figure', { name: 'Questions of all the modules of Refuerzo de álgebra' });
    await expect.element(pie.getByText('Solved: 1 (100 %)')).toBeVisible();
    await expect.element(pie.getByText('Attempted: 0 (0 %)', { exact: true })).toBeVisible();
    await expect.element(pie.getByText('Not attempted: 0 (0 %)')).toBeVisible();
    expect(pie.element().querySelectorAll('svg circle')).toHaveLength(1);
    await expect.element(screen.getByText('No deadline')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('explains a passed deadline in a tooltip that a keyboard reaches and Escape closes', async () => {
    const { screen } = await renderSite('/student/classroom/1', { user: STUDENT, routes: ROUTES });
    const badge = screen.getByRole('button', { name: 'Fecha límite vencida' });
    await expect.element(badge).toBeVisible();
    const tooltip = screen.getByRole('tooltip');
    await expect
      .element(badge)
      .toHaveAccessibleDescription(
        'Ya pasó la fecha límite: puedes seguir resolviendo los problemas, pero tus respuestas ya no quedan registradas para tu profesor.',
      );
    expect(tooltip.element().getBoundingClientRect().width).toBeLessThanOrEqual(1);

    expect(await tabTo(badge.element())).toBe(true);
    await expect.poll(() => tooltip.element().getBoundingClientRect().width).toBeGreaterThan(100);
    expect(await axeViolations()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => tooltip.element().getBoundingClientRect().width).toBeLessThanOrEqual(1);
  });

  it('says so when the classroom is not one of the student’s', async () => {
    const { screen } = await renderSite('/student/classroom/99', {
      user: STUDENT,
      routes: ROUTES,
      language: 'en',
    });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Classroom not found' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Back to my classrooms' }))
      .toHaveAttribute('href', '/student/classrooms');
    expect(await axeViolations()).toEqual([]);
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/student/classroom/1', { user: STUDENT, routes: ROUTES });
    await expect.element(screen.getByText('Resueltas: 4 (44 %)')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await screen.getByRole('button', { name: 'Fecha límite vencida' }).click();
    await expect.element(screen.getByRole('tooltip')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
