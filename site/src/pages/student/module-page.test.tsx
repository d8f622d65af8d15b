import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT } from '../../test/render-site';
import { STUDENT_DATA } from './student-fixture';

const ROUTES = { 'GET get_student_classrooms/': { body: STUDENT_DATA } };

afterEach(async () => {
  await page.viewport(1024, 768);
});

describe('ModulePage', () => {
  it('shows the module with its breadcrumb, description math, deadline and problems in numeration order', async () => {
    const { screen } = await renderSite('/student/rendermodule?module=11&classroom=1', {
      user: STUDENT,
      routes: ROUTES,
    });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Ecuaciones lineales' }))
      .toBeVisible();
    const trail = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect
      .element(trail.getByRole('link', { name: 'Mis salones' }))
      .toHaveAttribute('href', '/student/classrooms');
    await expect
      .element(trail.getByRole('link', { name: 'Módulos' }))
      .toHaveAttribute('href', '/student/modules');
    await expect.element(trail.getByText('Ecuaciones lineales')).toHaveAttribute('aria-current', 'page');
    // The description's $…$ is math, not dollar signs.
    await expect.element(screen.getByText('Resuelve ecuaciones como')).toBeVisible();
    await expect
      .poll(() => document.querySelector('main .kib-math')?.getAttribute('data-latex'))
      .toBe('2x+3=7');
    expect(document.querySelector('main')?.textContent).not.toContain('$');
    await expect.element(screen.getByText('Fecha límite: 15-06-2099 12:00')).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Matemáticas 7A' }))
      .toHaveAttribute('href', '/student/classroom/1');

    const titles = [...document.querySelectorAll('.student-problem-title')].map((a) => a.textContent);
    expect(titles).toEqual(['Ecuación con paréntesis', 'Despejar x', 'Problema sin número', 'Reto final']);
    await expect
      .element(screen.getByRole('link', { name: 'Despejar x' }))
      .toHaveAttribute('href', '/student/solve?problem=101&module=11&classroom=1');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows each problem’s progress as text and a labelled done mark on the complete ones', async () => {
    const { screen } = await renderSite('/student/rendermodule?module=11&classroom=1', {
      user: STUDENT,
      routes: ROUTES,
    });
    const row = (title: string) => screen.getByRole('listitem').filter({ hasText: title });
    await expect
      .element(row('Ecuación con paréntesis').getByText('2 de 2 preguntas completas'))
      .toBeVisible();
    await expect
      .element(row('Ecuación con paréntesis').getByRole('img', { name: 'Problema completo' }))
      .toBeVisible();
    await expect.element(row('Despejar x').getByText('1 de 3 preguntas completas')).toBeVisible();
    await expect
      .element(row('Despejar x').getByRole('img', { name: 'Problema completo' }))
      .not.toBeInTheDocument();
    await expect.element(row('Problema sin número').getByText('0 de 1 preguntas completas')).toBeVisible();
    await expect.element(row('Reto final').getByRole('img', { name: 'Problema completo' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Problema completo' }).elements()).toHaveLength(2);
    await expect.element(screen.getByText('4 de 7 preguntas resueltas (57 %)')).toBeVisible();
  });

  it('warns, in English, that answers are no longer recorded once the student’s deadline has passed', async () => {
    const { screen } = await renderSite('/student/rendermodule?module=10&classroom=1', {
      user: STUDENT,
      routes: ROUTES,
      language: 'en',
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Fracciones' })).toBeVisible();
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'deadline' }))
      .toHaveTextContent(
        'The deadline of this module was 10-05-2024 18:30. You can still solve the problems, but your answers are no longer recorded.',
      );
    await expect
      .element(screen.getByRole('link', { name: 'Sumar fracciones' }))
      .toHaveAttribute('href', '/student/solve?problem=201&module=10&classroom=1');
    expect(await axeViolations()).toEqual([]);
  });

  it('has no deadline warning while the module is active', async () => {
    const { screen } = await renderSite('/student/rendermodule?module=11&classroom=1', {
      user: STUDENT,
      routes: ROUTES,
    });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Ecuaciones lineales' }))
      .toBeVisible();
    await expect.element(screen.getByText(/ya no quedan registradas/)).not.toBeInTheDocument();
  });

  it.each([
    '/student/rendermodule?module=12&classroom=1',
    '/student/rendermodule?module=abc',
    '/student/rendermodule',
  ])('says the module was not found for %s', async (path) => {
    const { screen } = await renderSite(path, { user: STUDENT, routes: ROUTES });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Módulo no encontrado' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Ver todos mis módulos' }))
      .toHaveAttribute('href', '/student/modules');
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/student/rendermodule?module=11&classroom=1', {
      user: STUDENT,
      routes: ROUTES,
    });
    await expect.element(screen.getByRole('link', { name: 'Problema sin número' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
