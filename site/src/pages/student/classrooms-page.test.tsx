import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT } from '../../test/render-site';
import { NO_CLASSROOMS, STUDENT_DATA } from './student-fixture';

afterEach(async () => {
  await page.viewport(1024, 768);
});

describe('ClassroomsPage', () => {
  it('lists the classrooms alone, without the code box, in English', async () => {
    const { screen } = await renderSite('/student/classrooms', {
      user: STUDENT,
      language: 'en',
      routes: { 'GET get_student_classrooms/': { body: STUDENT_DATA } },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'My classrooms' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Refuerzo de álgebra' }))
      .toHaveAttribute('href', '/student/classroom/2');
    await expect.element(screen.getByText('Teacher: Carlos Ruiz')).toBeVisible();
    await expect.element(screen.getByText('1 module', { exact: true })).toBeVisible();
    await expect.element(screen.getByLabelText('Classroom code')).not.toBeInTheDocument();
    await expect
      .element(
        screen.getByRole('navigation', { name: 'Student menu' }).getByRole('link', { name: 'Classes' }),
      )
      .toHaveAttribute('aria-current', 'page');
    expect(await axeViolations()).toEqual([]);
  });

  it('sends a student without classrooms to the code box on the home page, on a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen, router } = await renderSite('/student/classrooms', {
      user: STUDENT,
      routes: { 'GET get_student_classrooms/': { body: NO_CLASSROOMS } },
    });
    await expect.element(screen.getByText('Todavía no estás en ningún salón.')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('main').getByRole('link', { name: 'Agregar un salón' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/student');
    await expect.element(screen.getByLabelText('Código del salón')).toBeVisible();
  });
});
