import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations, renderSite } from '../../../test/render-site';
import { TEACHER } from '../teacher-fixture';
import { classroomServer } from './classroom-fixture';

/** Grado 10A's landing as the seeded teacher opens it. */
function open(language?: 'es' | 'en') {
  return renderSite('/teacher/classroom/11', { user: TEACHER, routes: classroomServer().routes, language });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a classroom's overview", () => {
  it("shows the classroom's dashboard under the Overview tab", async () => {
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

    await expect.element(screen.getByRole('heading', { name: 'Progreso del salón' })).toBeVisible();
    await expect.element(screen.getByRole('table', { name: 'Módulos asignados al salón' })).toBeVisible();
    await expect.element(screen.getByRole('table', { name: 'Estudiantes del salón' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Descargar Excel' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Descargar CSV' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("opens an assignment's results from the dashboard, the focus on the classroom's heading", async () => {
    const { screen, router } = await open();
    await screen
      .getByRole('table', { name: 'Módulos asignados al salón' })
      .getByRole('button', { name: 'Fracciones equivalentes' })
      .click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/classroom/11/assignments/3');
    await expect.element(screen.getByRole('table', { name: 'Resultados por estudiante' })).toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Grado 10A' })).toHaveFocus();
  });

  it("opens a student's record from the dashboard", async () => {
    const { screen, router } = await open();
    await screen
      .getByRole('table', { name: 'Estudiantes del salón' })
      .getByRole('button', { name: 'Gómez, Ana' })
      .click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/classroom/11/students/7');
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Ana Gómez' })).toBeVisible();
  });

  it('speaks English', async () => {
    const { screen } = await open('en');
    const tabs = screen.getByRole('navigation', { name: 'Sections of Grado 10A' });
    await expect
      .element(tabs.getByRole('link', { name: 'Overview' }))
      .toHaveAttribute('aria-current', 'page');
    await expect.element(screen.getByRole('button', { name: 'Download Excel' })).toBeVisible();
    expect(document.title).toBe('Overview · Grado 10A · Kib');
    expect(await axeViolations()).toEqual([]);
  });
});
