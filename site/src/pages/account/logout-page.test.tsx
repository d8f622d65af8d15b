import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createSiteApi } from '../../app/api';
import { createQueryClient, SiteProviders } from '../../app/providers';
import { ROUTES } from '../../app/routes';
import { axeViolations, renderSite, STUDENT, stubApi, type StubAnswer } from '../../test/render-site';
import { reloadHome } from './reload-home';

// A real reload would navigate the test frame away; the page's call to it is what matters.
vi.mock('./reload-home', () => ({ reloadHome: vi.fn() }));

describe('LogoutPage', () => {
  beforeEach(() => {
    vi.mocked(reloadHome).mockClear();
  });

  it('logs out once, then goes to / and reloads', async () => {
    const { screen, calls } = await renderSite('/logout', { user: STUDENT });
    await expect.poll(() => vi.mocked(reloadHome).mock.calls.length).toBe(1);
    expect(calls.filter((c) => c.method === 'POST' && c.path === 'auth/jwt/logout/')).toHaveLength(1);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Cerrar sesión' })).toBeVisible();
    await expect.poll(() => document.title).toBe('Cerrar sesión · Kib');
  });

  it('tells the server once even when React runs effects twice (StrictMode)', async () => {
    const api = stubApi({}, STUDENT);
    const router = createMemoryRouter(ROUTES, { initialEntries: ['/logout'] });
    await render(
      <StrictMode>
        <SiteProviders
          api={createSiteApi({ fetch: api.fetch })}
          language="es"
          queryClient={createQueryClient()}
        >
          <RouterProvider router={router} />
        </SiteProviders>
      </StrictMode>,
    );
    await expect.poll(() => vi.mocked(reloadHome).mock.calls.length).toBe(1);
    expect(api.calls.filter((c) => c.path === 'auth/jwt/logout/')).toHaveLength(1);
  });

  it('says so, with a link home, when the server does not confirm the logout', async () => {
    const { screen, router } = await renderSite('/logout', {
      user: STUDENT,
      routes: { 'POST auth/jwt/logout/': { status: 0 } },
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/No pudimos avisarle al servidor/);
    expect(reloadHome).not.toHaveBeenCalled();
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('link', { name: 'Ir al inicio' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/');
  });

  it('tries again on request and reloads once the server answers', async () => {
    let answer: StubAnswer = { status: 500, body: { code: 'internal', detail: 'x' } };
    const { screen, calls } = await renderSite('/logout', {
      language: 'en',
      user: STUDENT,
      routes: { 'POST auth/jwt/logout/': () => answer },
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/We could not tell the server/);
    answer = { body: { detail: 'bye' } };
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => vi.mocked(reloadHome).mock.calls.length).toBe(1);
    expect(calls.filter((c) => c.path === 'auth/jwt/logout/')).toHaveLength(2);
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/logout', { routes: { 'POST auth/jwt/logout/': { status: 0 } } });
    await expect.element(screen.getByRole('alert')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await page.viewport(1024, 768);
  });
});
