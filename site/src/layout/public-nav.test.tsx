import type { CurrentUser } from '@kib/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT } from '../test/render-site';

const TEACHER: CurrentUser = { ...STUDENT, id: 9, firstName: 'Luis', groups: ['Teachers'] };

afterEach(async () => {
  document.cookie = 'kib_lang=; path=/; max-age=0';
  await page.viewport(1024, 768);
});

describe('public navigation', () => {
  it('offers login and sign-up to a logged-out reader, and the logo goes home', async () => {
    const { screen, router } = await renderSite('/login');
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    await expect.element(nav.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    await expect.element(nav.getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/signup');
    await expect.element(nav.getByRole('link', { name: 'Mi espacio' })).not.toBeInTheDocument();
    await nav.getByRole('link', { name: 'Kib' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });

  it("shows the landing's anchors on the home page only", async () => {
    const { screen, router } = await renderSite('/', { language: 'en' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await expect.element(nav.getByRole('link', { name: 'Why Kib' })).toHaveAttribute('href', '#whyKib');
    await nav.getByRole('link', { name: 'Log in' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    await expect.element(nav.getByRole('list', { name: 'Page sections' })).not.toBeInTheDocument();
  });

  it("gives a logged-in reader a link to their area instead of login and sign-up, and no Teachers' menu", async () => {
    const { screen } = await renderSite('/', { user: STUDENT });
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    await expect.element(nav.getByRole('link', { name: 'Mi espacio' })).toHaveAttribute('href', '/student');
    await expect.element(nav.getByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
    await expect.element(nav.getByRole('link', { name: 'Registrarse' })).not.toBeInTheDocument();
    await expect.element(nav.getByRole('button', { name: 'Menú de profesor' })).not.toBeInTheDocument();
  });

  it('gives Teachers a menu with new module, module list and logout that opens and closes by keyboard', async () => {
    const { screen, router } = await renderSite('/', { user: TEACHER });
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    await expect.element(nav.getByRole('link', { name: 'Mi espacio' })).toHaveAttribute('href', '/teacher');
    const button = nav.getByRole('button', { name: 'Menú de profesor' });
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
    await expect.element(nav.getByRole('link', { name: 'Nuevo módulo' })).not.toBeInTheDocument();

    (button.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(button).toHaveAttribute('aria-expanded', 'true');
    await expect
      .element(nav.getByRole('link', { name: 'Nuevo módulo' }))
      .toHaveAttribute('href', '/teacher/modules/new');
    await expect
      .element(nav.getByRole('link', { name: 'Mis módulos' }))
      .toHaveAttribute('href', '/teacher/modules');
    await expect.element(nav.getByRole('link', { name: 'Cerrar sesión' })).toHaveAttribute('href', '/logout');
    expect(await axeViolations()).toEqual([]);

    await userEvent.tab();
    await expect.element(nav.getByRole('link', { name: 'Nuevo módulo' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
    await expect.element(button).toHaveFocus();
    await expect.element(nav.getByRole('link', { name: 'Nuevo módulo' })).not.toBeInTheDocument();

    await userEvent.keyboard(' ');
    await expect.element(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/modules');
  });

  it("closes Teachers' menu when the reader presses elsewhere", async () => {
    const { screen } = await renderSite('/', { user: TEACHER });
    const button = screen.getByRole('button', { name: 'Menú de profesor' });
    await button.click();
    await expect.element(button).toHaveAttribute('aria-expanded', 'true');
    await screen.getByRole('heading', { level: 1 }).click();
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
  });

  it("offers Teachers' menu on a 360 px phone inside the folded navigation, without overflow", async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/', { user: TEACHER });
    const menu = screen.getByRole('button', { name: 'Menú', exact: true });
    await menu.click();
    const teacher = screen.getByRole('button', { name: 'Menú de profesor' });
    await teacher.click();
    await expect.element(screen.getByRole('link', { name: 'Mis módulos' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);

    // Escape closes the inner menu first, then the navigation around it.
    await userEvent.keyboard('{Escape}');
    await expect.element(teacher).toHaveAttribute('aria-expanded', 'false');
    await expect.element(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await expect.element(menu).toHaveAttribute('aria-expanded', 'false');
    await expect.element(menu).toHaveFocus();
  });

  it('closes the folded navigation on a phone when a section anchor is followed', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/');
    const menu = screen.getByRole('button', { name: 'Menú', exact: true });
    await menu.click();
    const link = screen.getByRole('link', { name: 'Contacto' });
    await expect.element(link).toHaveAttribute('href', '#contact');
    // Follow it without moving the test page's own address: the click handler is what is checked.
    (link.element() as HTMLAnchorElement).addEventListener('click', (e) => e.preventDefault(), {
      once: true,
    });
    await link.click();
    await expect.element(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
