import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT } from '../../test/render-site';

const EMPTY_COURSES = { 'GET courses/': { body: { courses: [], coursesTopics: [] } } };

describe('demo layout', () => {
  it('greets the demo user and says the content is limited and answers are not saved', async () => {
    const { screen } = await renderSite('/demo/student', { routes: EMPTY_COURSES });
    const note = screen.getByRole('note');
    await expect.element(note).toHaveTextContent('Usuario demo, contenido limitado');
    await expect.element(note).toHaveTextContent('tus respuestas se revisan, pero no se guardan');
    await expect
      .element(
        note.getByRole('link', { name: 'Crea tu cuenta para guardar tu progreso y unirte a tu clase' }),
      )
      .toHaveAttribute('href', '/signup');
    await expect.element(screen.getByText('¡Hola, estudiante demo!')).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Kib' })).toHaveAttribute('href', '/');
    await expect
      .element(screen.getByRole('link', { name: 'Iniciar sesión' }))
      .toHaveAttribute('href', '/login');
    await expect
      .element(screen.getByRole('link', { name: 'Registrarse' }))
      .toHaveAttribute('href', '/signup');
    await expect
      .element(screen.getByRole('main'))
      .toContainElement(
        screen.getByRole('heading', { level: 1, name: 'Practicar' }).element() as HTMLElement,
      );
    await expect.element(screen.getByText('Todavía no hay cursos disponibles.')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('switches to English from its language menu', async () => {
    const { screen } = await renderSite('/demo/student', { routes: EMPTY_COURSES });
    await screen.getByLabelText('Idioma').selectOptions('English');
    await expect.element(screen.getByRole('note')).toHaveTextContent('Demo user, limited content');
    await expect.element(screen.getByText('Hi, demo student!')).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  it('lets a keyboard user skip to the content', async () => {
    const { screen } = await renderSite('/demo/student', { routes: EMPTY_COURSES, language: 'en' });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Practice' })).toBeVisible();
    await userEvent.keyboard('{Tab}');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    await expect.element(skip).toHaveFocus();
    await expect.element(skip).toHaveAttribute('href', '#main');
  });

  it('offers a logged-in visitor their own area instead of login and sign-up', async () => {
    const { screen } = await renderSite('/demo/student', { routes: EMPTY_COURSES, user: STUDENT });
    await expect
      .element(screen.getByRole('link', { name: 'Mi espacio' }))
      .toHaveAttribute('href', '/student');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).query()).toBeNull();
  });

  it('fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    try {
      const { screen } = await renderSite('/demo/student', { routes: EMPTY_COURSES });
      await expect.element(screen.getByRole('note')).toBeVisible();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    } finally {
      await page.viewport(1024, 768);
    }
  });
});
