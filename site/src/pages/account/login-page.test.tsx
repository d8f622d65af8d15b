import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT } from '../../test/render-site';

const LOGGED_IN = { 'POST auth/jwt/create/': { body: { access: 'token-1' } } };

async function fillLogin(screen: Awaited<ReturnType<typeof renderSite>>['screen'], email: string) {
  await screen.getByLabelText('Correo electrónico').fill(email);
  await screen.getByLabelText('Contraseña').fill('secreto-123');
  await screen.getByRole('button', { name: 'Entrar' }).click();
}

describe('LoginPage', () => {
  it('shows the e-mail and password form with the ways to reset a password and to sign up', async () => {
    const { screen } = await renderSite('/login');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect.element(screen.getByLabelText('Correo electrónico')).toHaveAttribute('type', 'email');
    await expect
      .element(screen.getByLabelText('Correo electrónico'))
      .toHaveAttribute('autocomplete', 'email');
    await expect
      .element(screen.getByLabelText('Contraseña'))
      .toHaveAttribute('autocomplete', 'current-password');
    await expect
      .element(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }))
      .toHaveAttribute('href', '/password/reset');
    await expect.element(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/signup');
    await expect.poll(() => document.title).toBe('Iniciar sesión · Kib');
    expect(await axeViolations()).toEqual([]);
  });

  it('sends a student to /student after logging in', async () => {
    const { screen, router, calls } = await renderSite('/login', {
      routes: { ...LOGGED_IN, 'GET auth/users/me/': { body: STUDENT } },
    });
    await fillLogin(screen, 'ana@example.com');
    await expect.poll(() => router.state.location.pathname).toBe('/student');
    expect(calls.find((c) => c.path === 'auth/jwt/create/')?.body).toEqual({
      email: 'ana@example.com',
      password: 'secreto-123',
    });
  });

  it('sends a teacher to /teacher after logging in', async () => {
    const { screen, router } = await renderSite('/login', {
      routes: {
        ...LOGGED_IN,
        'GET auth/users/me/': { body: { ...STUDENT, groups: ['Teachers', 'Students'] } },
      },
    });
    await fillLogin(screen, 'profe@example.com');
    await expect.poll(() => router.state.location.pathname).toBe('/teacher');
  });

  it('goes back to the private page the reader was sent away from', async () => {
    const { screen, router } = await renderSite('/student/modules?x=1', {
      routes: { ...LOGGED_IN, 'GET auth/users/me/': { body: STUDENT } },
    });
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    await fillLogin(screen, 'ana@example.com');
    await expect
      .poll(() => `${router.state.location.pathname}${router.state.location.search}`)
      .toBe('/student/modules?x=1');
  });

  it('sends a reader who is already logged in to the home of their first group', async () => {
    const { router } = await renderSite('/login', { user: { ...STUDENT, groups: ['Teachers'] } });
    await expect.poll(() => router.state.location.pathname).toBe('/teacher');
  });

  it('disables the button and shows a spinner while logging in', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { screen } = await renderSite('/login', {
      routes: {
        'POST auth/jwt/create/': async () => {
          await gate;
          return { status: 401, body: { code: 'invalid-credentials', detail: 'No.' } };
        },
      },
    });
    await fillLogin(screen, 'ana@example.com');
    await expect.element(screen.getByRole('button', { name: /Entrar/ })).toBeDisabled();
    await expect.element(screen.getByRole('status').getByText('Iniciando sesión…')).toBeInTheDocument();
    release();
    await expect.element(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it("shows the server's message in a red alert when the credentials are wrong", async () => {
    const { screen, router } = await renderSite('/login', {
      routes: {
        'POST auth/jwt/create/': {
          status: 401,
          body: {
            code: 'invalid-credentials',
            detail: 'No hay una cuenta activa con ese correo y contraseña.',
          },
        },
      },
    });
    await fillLogin(screen, 'ana@example.com');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('No hay una cuenta activa con ese correo y contraseña.');
    expect(router.state.location.pathname).toBe('/login');
    await expect.poll(() => document.activeElement?.textContent).toContain('No hay una cuenta activa');
    expect(await axeViolations()).toEqual([]);
  });

  it("shows 'server dead :(' when the server does not answer", async () => {
    const { screen } = await renderSite('/login', { routes: { 'POST auth/jwt/create/': { status: 0 } } });
    await fillLogin(screen, 'ana@example.com');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('server dead :(');
  });

  it("after 'server dead :(' leaves the form ready to send again, and logs in once the server answers", async () => {
    let up = false;
    const { screen, router, calls } = await renderSite('/login', {
      routes: {
        'POST auth/jwt/create/': () => (up ? { body: { access: 'token-1' } } : { status: 0 }),
        'GET auth/users/me/': { body: STUDENT },
      },
    });
    await fillLogin(screen, 'ana@example.com');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('server dead :(');
    await expect.element(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    await expect.element(screen.getByLabelText('Contraseña')).toHaveValue('secreto-123');
    await expect.element(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    up = true;
    await screen.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/student');
    expect(calls.filter((c) => c.path === 'auth/jwt/create/')).toHaveLength(2);
  });

  it.each([502, 503, 504])(
    "shows 'server dead :(' when only the proxy in front of the server answers (%i)",
    async (status) => {
      const { screen } = await renderSite('/login', {
        routes: { 'POST auth/jwt/create/': { status, body: '<html><body>Bad Gateway</body></html>' } },
      });
      await fillLogin(screen, 'ana@example.com');
      await expect.element(screen.getByRole('alert')).toHaveTextContent('server dead :(');
    },
  );

  it("shows the server's own message for a 503 it answers itself", async () => {
    const { screen } = await renderSite('/login', {
      routes: {
        'POST auth/jwt/create/': {
          status: 503,
          body: { code: 'service-unavailable', detail: 'Kib está en mantenimiento.' },
        },
      },
    });
    await fillLogin(screen, 'ana@example.com');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Kib está en mantenimiento.');
  });

  it('offers to resend the activation e-mail to an account that is not active yet', async () => {
    const { screen, calls } = await renderSite('/login', {
      routes: {
        'POST auth/jwt/create/': {
          status: 401,
          body: { code: 'account-inactive', detail: 'Tu cuenta aún no está activada.' },
        },
        'POST auth/users/resend_activation/': { status: 200 },
      },
    });
    await fillLogin(screen, 'nueva@example.com');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Tu cuenta aún no está activada.');
    await screen.getByRole('button', { name: 'Reenviar el correo de activación' }).click();
    await expect
      .element(screen.getByRole('status').getByText(/te enviamos un nuevo enlace/))
      .toHaveTextContent('nueva@example.com');
    expect(calls.filter((c) => c.path === 'auth/users/resend_activation/').map((c) => c.body)).toEqual([
      { email: 'nueva@example.com' },
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('puts the missing-field messages under the fields and focuses the first', async () => {
    const { screen, calls } = await renderSite('/login');
    await screen.getByRole('button', { name: 'Entrar' }).click();
    const email = screen.getByLabelText('Correo electrónico');
    await expect.element(email).toHaveAccessibleDescription('Este campo es obligatorio.');
    await expect.element(email).toHaveFocus();
    await expect.element(screen.getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === 'auth/jwt/create/')).toBe(false);
  });

  it('tells an English reader whose session expired to reload, and logs them in', async () => {
    const { screen, router } = await renderSite('/', {
      language: 'en',
      routes: { ...LOGGED_IN, 'GET auth/users/me/': { body: STUDENT } },
    });
    await router.navigate('/login', { state: { from: '/student/classrooms', expired: true } });
    await expect
      .element(screen.getByRole('status').getByText('Your session expired. Please reload the window!'))
      .toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await screen.getByLabelText('E-mail').fill('ana@example.com');
    await screen.getByLabelText('Password').fill('secret-123');
    await screen.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/student/classrooms');
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/login', { routes: { 'POST auth/jwt/create/': { status: 0 } } });
    await fillLogin(screen, 'una-direccion-muy-larga-de-correo@colegio-ejemplo.edu.co');
    await expect.element(screen.getByRole('alert')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await page.viewport(1024, 768);
  });
});
