import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite } from '../../../test/render-site';
import { TEACHER } from '../teacher-fixture';
import { classroomServer, OVERVIEW_10A } from './classroom-fixture';

/** Grado 10A's landing as the seeded teacher opens it. */
function open(language?: 'es' | 'en') {
  return renderSite('/teacher/classroom/11', { user: TEACHER, routes: classroomServer().routes, language });
}

/** The levels and names of the headings of the page, in order. */
const headings = () =>
  Array.from(
    document.querySelectorAll('h1, h2, h3, h4, h5, h6'),
    (h) => `${h.tagName.toLowerCase()} ${(h.textContent ?? '').trim()}`,
  );

afterEach(async () => {
  vi.restoreAllMocks();
  await page.viewport(1024, 768);
});

describe("a classroom's overview", () => {
  it("shows the class's progress and weekly activity under the Overview tab, below the classroom's heading", async () => {
    const { screen } = await open();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Grado 10A' })).toBeVisible();
    const tabs = screen.getByRole('navigation', { name: 'Secciones de Grado 10A' });
    await expect.element(tabs.getByRole('link', { name: 'Resumen' })).toHaveAttribute('aria-current', 'page');
    await expect
      .element(tabs.getByRole('link', { name: 'Asignaciones' }))
      .not.toHaveAttribute('aria-current');
    const trail = screen.getByRole('navigation', { name: 'Estás en' });
    await expect
      .element(trail.getByRole('link', { name: 'Mis salones' }))
      .toHaveAttribute('href', '/teacher');
    await expect.element(trail.getByText('Grado 10A')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Resumen · Grado 10A · Kib');

    const progress = screen.getByRole('region', { name: 'Progreso del salón' });
    await expect.element(progress).toBeVisible();
    await expect
      .element(progress.getByText('Completado', { exact: false }))
      .toHaveTextContent(`Completado: ${OVERVIEW_10A.progress.completed} %`);
    await expect.element(progress.getByText('Tiempo promedio por estudiante')).toHaveTextContent('1 min 3 s');
    await expect.element(screen.getByRole('region', { name: 'Actividad semanal' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Descargar Excel' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Descargar CSV' })).toBeVisible();
    // The landing shows the name and the code once; the assignments and students have their tabs.
    expect(headings().filter((h) => h.startsWith('h1') || h.startsWith('h2'))).toEqual([
      'h1 Grado 10A',
      'h2 Progreso del salón',
      'h2 Actividad semanal',
      'h2 Mostrar este salón en otra página',
    ]);
    expect(screen.getByText('KIBCLS').elements()).toHaveLength(1);
    expect(screen.getByRole('table').elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the weekly numbers as a table on request', async () => {
    const { screen } = await open();
    const weekly = screen.getByRole('region', { name: 'Actividad semanal' });
    await weekly.getByRole('button', { name: 'Ver los datos en una tabla' }).click();
    const table = weekly.getByRole('table', { name: 'Actividad semanal: datos del gráfico' });
    await expect.element(table).toBeVisible();
    expect(table.element().querySelectorAll('tbody > tr')).toHaveLength(OVERVIEW_10A.weekly.length);
    expect(await axeViolations()).toEqual([]);
  });

  it('speaks English', async () => {
    const { screen } = await open('en');
    const tabs = screen.getByRole('navigation', { name: 'Sections of Grado 10A' });
    await expect
      .element(tabs.getByRole('link', { name: 'Overview' }))
      .toHaveAttribute('aria-current', 'page');
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Weekly activity' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Download Excel' })).toBeVisible();
    expect(document.title).toBe('Overview · Grado 10A · Kib');
    expect(await axeViolations()).toEqual([]);
  });

  it('fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await open();
    await expect.element(screen.getByRole('region', { name: 'Actividad semanal' })).toBeVisible();
    expect(
      screen.getByRole('region', { name: 'Progreso del salón' }).element().getBoundingClientRect().right,
    ).toBeLessThanOrEqual(360);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
