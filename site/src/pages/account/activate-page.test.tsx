import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createSiteApi } from '../../app/api';
import { createQueryClient, SiteProviders } from '../../app/providers';
import { ROUTES } from '../../app/routes';
import { axeViolations, renderSite, stubApi } from '../../test/render-site';

const ACTIVATION = 'auth/users/activation/';

describe('ActivatePage', () => {
  it("activates the account once and says 'Done' with the server's message and a way to log in", async () => {
    const { screen, router, calls } = await renderSite('/activate/MTI/abc-123', {
      routes: {
        [`POST ${ACTIVATION}`]: {
          body: { success: true, detail: '¡Tu cuenta está activada! Ya puedes iniciar sesión.' },
        },
      },
    });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Activación de la cuenta' }))
      .toBeVisible();
    const done = screen.getByRole('status').filter({ hasText: '¡Listo!' });
    await expect.element(done).toHaveTextContent('¡Tu cuenta está activada! Ya puedes iniciar sesión.');
    expect(calls.filter((c) => c.path === ACTIVATION).map((c) => c.body)).toEqual([
      { uid: 'MTI', token: 'abc-123' },
    ]);
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('main').getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(calls.filter((c) => c.path === ACTIVATION)).toHaveLength(1);
  });

  it('spends the link once even when React runs effects twice (StrictMode)', async () => {
    const api = stubApi({ [`POST ${ACTIVATION}`]: { body: { success: true, detail: 'ok' } } });
    const router = createMemoryRouter(ROUTES, { initialEntries: ['/activate/MTI/abc-123'] });
    const screen = await render(
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
    await expect.element(screen.getByText('¡Listo!')).toBeVisible();
    expect(api.calls.filter((c) => c.path === ACTIVATION)).toHaveLength(1);
  });

  it("shows 'Activating…' while the server works", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { screen } = await renderSite('/activate/MTI/abc-123', {
      routes: {
        [`POST ${ACTIVATION}`]: async () => {
          await gate;
          return { body: { success: true, detail: 'ok' } };
        },
      },
    });
    await expect.element(screen.getByRole('status').getByText('Activando tu cuenta…')).toBeInTheDocument();
    release();
    await expect.element(screen.getByText('¡Listo!')).toBeVisible();
  });

  it("shows the server's message beside an error picture when the link is not valid", async () => {
    const { screen, calls } = await renderSite('/activate/MTI/spent', {
      routes: {
        [`POST ${ACTIVATION}`]: {
          status: 400,
          body: { code: 'activation-invalid', detail: 'El enlace de activación no es válido o ya expiró.' },
        },
      },
    });
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('El enlace de activación no es válido o ya expiró.');
    const picture = screen.container.querySelector('svg.account-error-image');
    expect(picture?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' }).query()).toBeNull();
    expect(calls.filter((c) => c.path === ACTIVATION)).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
  });

  it("says 'server dead :(' in English and retries when the server did not answer", async () => {
    let answered = false;
    const { screen, calls } = await renderSite('/activate/MTI/abc-123', {
      language: 'en',
      routes: {
        [`POST ${ACTIVATION}`]: () =>
          answered ? { body: { success: true, detail: 'Your account is active!' } } : { status: 0 },
      },
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent('server dead :(');
    answered = true;
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.element(screen.getByText('Done!')).toBeVisible();
    await expect.element(screen.getByText('Your account is active!')).toBeVisible();
    expect(calls.filter((c) => c.path === ACTIVATION)).toHaveLength(2);
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/activate/MTI/spent', {
      routes: {
        [`POST ${ACTIVATION}`]: {
          status: 400,
          body: { code: 'activation-invalid', detail: 'El enlace de activación no es válido o ya expiró.' },
        },
      },
    });
    await expect.element(screen.getByRole('alert')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await page.viewport(1024, 768);
  });
});
