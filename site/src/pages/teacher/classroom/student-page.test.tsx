import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, type StubHandler } from '../../../test/render-site';
import { TEACHER } from '../teacher-fixture';
import { classroomServer, NOT_FOUND, SUBSCRIPTION_REQUIRED } from './classroom-fixture';

/** A student of Grado 10A as the seeded teacher opens them. */
function open(path: string, routes?: Record<string, StubHandler>, language?: 'es' | 'en') {
  return renderSite(path, { user: TEACHER, routes: classroomServer(routes).routes, language });
}

afterEach(async () => {
  vi.restoreAllMocks();
  await page.viewport(1024, 768);
});

describe("a student's record in a classroom", () => {
  it("shows the breadcrumb and the student's dashboard with its Overview and Assignments tabs", async () => {
    const { screen } = await open('/teacher/classroom/11/students/7');
    const trail = screen.getByRole('navigation', { name: 'Estás en' });
    await expect
      .element(trail.getByRole('link', { name: 'Estudiantes' }))
      .toHaveAttribute('href', '/teacher/classroom/11/students');
    await expect.element(trail.getByText('Ana Gómez')).toHaveAttribute('aria-current', 'page');
    await expect
      .element(
        screen
          .getByRole('navigation', { name: 'Secciones de Grado 10A' })
          .getByRole('link', { name: 'Estudiantes' }),
      )
      .toHaveAttribute('aria-current', 'true');
    expect(document.title).toBe('Ana Gómez · Grado 10A · Kib');

    await expect.element(screen.getByRole('heading', { level: 2, name: 'Ana Gómez' })).toBeVisible();
    await expect
      .element(screen.getByRole('tab', { name: 'Resumen' }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByText('student@demo.kib')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('tab', { name: /Módulos/ }).click();
    await expect
      .element(screen.getByRole('heading', { level: 3, name: 'Fracciones equivalentes' }))
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('says a student who is not in the classroom is not there, with the way back to the students', async () => {
    const { screen, router } = await open('/teacher/classroom/11/students/70', {
      'GET classrooms/11/students/70/': NOT_FOUND,
    });
    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'No encontramos ese estudiante' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('navigation', { name: 'Estás en' }).getByText('Estudiante', { exact: true }))
      .toHaveAttribute('aria-current', 'page');
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('link', { name: 'Volver a los estudiantes' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/classroom/11/students');
  });

  it("sends the teacher to the school page when the school's plan is no longer valid", async () => {
    const { router } = await open('/teacher/classroom/11/students/7', {
      'GET classrooms/11/students/7/': SUBSCRIPTION_REQUIRED,
    });
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/school');
  });

  it('speaks English and fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await open('/teacher/classroom/11/students/7', undefined, 'en');
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Ana Gómez' })).toBeVisible();
    await expect
      .element(
        screen.getByRole('navigation', { name: 'You are here' }).getByRole('link', { name: 'Students' }),
      )
      .toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
