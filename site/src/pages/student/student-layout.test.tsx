import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT } from '../../test/render-site';
import { STUDENT_DATA } from './student-fixture';
import { DEMO_BANNER_STORAGE_KEY, SIDEBAR_STORAGE_KEY } from './student-layout';

const ROUTES = { 'GET get_student_classrooms/': { body: STUDENT_DATA } };

beforeEach(() => localStorage.removeItem(SIDEBAR_STORAGE_KEY));
afterEach(async () => {
  localStorage.removeItem(SIDEBAR_STORAGE_KEY);
  sessionStorage.removeItem(DEMO_BANNER_STORAGE_KEY);
  await page.viewport(1024, 768);
});

describe('StudentLayout', () => {
  it('greets the student by first name in Spanish, with the dashboard title and a logout link', async () => {
    const { screen } = await renderSite('/student', { user: STUDENT, routes: ROUTES });
    await expect.element(screen.getByText('Hola, Ana')).toBeVisible();
    await expect.element(screen.getByText('Panel del estudiante')).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Cerrar sesión' }))
      .toHaveAttribute('href', '/logout');
    await expect.element(screen.getByRole('main')).toHaveAttribute('id', 'main');
    await expect
      .element(screen.getByRole('link', { name: 'Saltar al contenido' }))
      .toHaveAttribute('href', '#main');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis salones' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('greets in English', async () => {
    const { screen } = await renderSite('/student', { user: STUDENT, routes: ROUTES, language: 'en' });
    await expect.element(screen.getByText('Hi, Ana')).toBeVisible();
    await expect.element(screen.getByText('Student dashboard')).toBeVisible();
  });

  it('says "student" when the account has no first name', async () => {
    const { screen } = await renderSite('/student', {
      user: { ...STUDENT, firstName: ' ' },
      routes: ROUTES,
      language: 'en',
    });
    await expect.element(screen.getByText('Hi, student')).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('links home, classes, modules, practice and feedback, marking the current page', async () => {
    const { screen, router } = await renderSite('/student', { user: STUDENT, routes: ROUTES });
    const nav = screen.getByRole('navigation', { name: 'Menú del estudiante' });
    await expect.element(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/student');
    await expect.element(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
    await expect
      .element(nav.getByRole('link', { name: 'Clases' }))
      .toHaveAttribute('href', '/student/classrooms');
    await expect
      .element(nav.getByRole('link', { name: 'Practicar' }))
      .toHaveAttribute('href', '/student/practice');
    await expect
      .element(nav.getByRole('link', { name: 'Comentarios' }))
      .toHaveAttribute('href', '/student/feedback');
    await nav.getByRole('link', { name: 'Módulos' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/student/modules');
    await expect.element(nav.getByRole('link', { name: 'Módulos' })).toHaveAttribute('aria-current', 'page');
    await expect.element(nav.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current');
  });

  it('sends a reader who is not in the Students group home to /teacher', async () => {
    const { screen } = await renderSite('/student/feedback', {
      user: { ...STUDENT, groups: ['Teachers'] },
      routes: ROUTES,
    });
    const nav = screen.getByRole('navigation', { name: 'Menú del estudiante' });
    await expect.element(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/teacher');
  });

  it('collapses the sidebar to a thin bar of labelled icons and remembers the choice', async () => {
    const { screen } = await renderSite('/student', { user: STUDENT, routes: ROUTES });
    const toggle = screen.getByRole('button', { name: 'Menú' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.element(toggle).toHaveAttribute('aria-controls', 'student-sidebar');
    await expect.element(screen.getByText('Clases', { exact: true })).toBeVisible();
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    // The labels leave the screen but still name the links.
    const classes = screen.getByRole('link', { name: 'Clases' });
    await expect.element(classes).toBeVisible();
    expect(classes.element().getBoundingClientRect().width).toBeLessThan(80);
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('collapsed');
    expect(await axeViolations()).toEqual([]);
  });

  it('starts collapsed when the student collapsed it on an earlier visit, and opens again', async () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'collapsed');
    const { screen } = await renderSite('/student', { user: STUDENT, routes: ROUTES });
    const toggle = screen.getByRole('button', { name: 'Menú' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('expanded');
  });

  it('puts the menu above the page on a 360 px phone, with nothing overflowing, open or collapsed', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/student', { user: STUDENT, routes: ROUTES });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis salones' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menú del estudiante' }).element();
    const main = screen.getByRole('main').element();
    // The menu sits above the page and the page keeps the full width.
    expect(nav.getBoundingClientRect().bottom).toBeLessThanOrEqual(main.getBoundingClientRect().top + 1);
    expect(main.getBoundingClientRect().width).toBeGreaterThan(340);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await screen.getByRole('button', { name: 'Menú' }).click();
    await expect
      .element(screen.getByRole('button', { name: 'Menú' }))
      .toHaveAttribute('aria-expanded', 'false');
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});

describe('StudentLayout for the demo account', () => {
  const DEMO = { ...STUDENT, email: 'demo@demo.kib', firstName: 'Demo', isDemo: true };

  it('says above every page that the demo user sees limited content, in Spanish and English', async () => {
    const { screen, router } = await renderSite('/student', { user: DEMO, routes: ROUTES });
    const banner = screen.getByRole('note', { name: 'Usuario de demostración: contenido limitado' });
    await expect.element(banner).toBeVisible();
    await expect.element(banner).toHaveTextContent('solo ve una parte del contenido de Kib');
    await expect.element(screen.getByRole('main')).toContainElement(banner.element() as HTMLElement);
    await router.navigate('/student/feedback');
    await expect.element(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Mis salones');
    await expect.element(banner).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    const en = await renderSite('/student', { user: DEMO, routes: ROUTES, language: 'en' });
    await expect
      .element(en.screen.getByRole('note', { name: 'Demo user: limited content' }))
      .toHaveTextContent("This demo account sees only part of Kib's content");
  });

  it('closes for the rest of the visit from the keyboard, leaving the focus on the page, and comes back on the next', async () => {
    const { screen, router } = await renderSite('/student', { user: DEMO, routes: ROUTES });
    const close = screen.getByRole('button', { name: 'Cerrar el aviso de la cuenta de demostración' });
    await expect.element(close).toBeVisible();
    (close.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('note')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('main')).toHaveFocus();
    await router.navigate('/student/modules');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis módulos' })).toBeVisible();
    expect(screen.getByRole('note').query()).toBeNull();

    // A new visit (a new tab session) shows it again.
    sessionStorage.clear();
    const next = await renderSite('/student', { user: DEMO, routes: ROUTES });
    await expect
      .element(next.screen.getByRole('note', { name: 'Usuario de demostración: contenido limitado' }))
      .toBeVisible();
  });

  it('is not shown to a student who is not the demo account', async () => {
    const { screen } = await renderSite('/student', { user: STUDENT, routes: ROUTES });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis salones' })).toBeVisible();
    expect(screen.getByText('Usuario de demostración', { exact: false }).query()).toBeNull();
  });

  it('fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/student', { user: DEMO, routes: ROUTES });
    await expect.element(screen.getByRole('note')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
