import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';

const CONFIRM = 'auth/users/reset_password_confirm/';
const PATH = '/password/reset/confirm/MTI/tok-123';

type Screen = Awaited<ReturnType<typeof renderSite>>['screen'];

async function choose(screen: Screen, password: string, repeat = password) {
  await screen.getByLabelText('Nueva contraseña').fill(password);
  await screen.getByLabelText('Repite la contraseña').fill(repeat);
  await screen.getByRole('button', { name: 'Guardar la contraseña' }).click();
}

describe('ResetPasswordConfirmPage', () => {
  it('asks for the new password twice, rating its strength', async () => {
    const { screen } = await renderSite(PATH);
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Crea una contraseña nueva' }))
      .toBeVisible();
    const password = screen.getByLabelText('Nueva contraseña');
    await expect.element(password).toHaveAttribute('autocomplete', 'new-password');
    await password.fill('123456');
    const meter = screen.getByRole('meter', { name: 'Seguridad de la contraseña' });
    await expect.element(meter).toHaveAttribute('aria-valuetext', 'Muy débil');
    await expect.element(screen.getByText('Esta es una de las contraseñas más usadas.')).toBeVisible();
    await password.fill('Cometa-Naranja-Lunes-48');
    await expect.element(meter).toHaveAttribute('aria-valuetext', 'Fuerte');
    expect(await axeViolations()).toEqual([]);
  });

  it('saves the new password with the link and leads to the login', async () => {
    const { screen, router, calls } = await renderSite(PATH, { routes: { [`POST ${CONFIRM}`]: {} } });
    await choose(screen, 'Cometa-Naranja-Lunes-48');
    const done = screen.getByRole('status').filter({ hasText: '¡Listo!' });
    await expect.element(done).toHaveTextContent(/Tu contraseña cambió/);
    expect(calls.filter((c) => c.path === CONFIRM).map((c) => c.body)).toEqual([
      {
        uid: 'MTI',
        token: 'tok-123',
        newPassword: 'Cometa-Naranja-Lunes-48',
        reNewPassword: 'Cometa-Naranja-Lunes-48',
      },
    ]);
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('main').getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/login');
  });

  it('shows the length and repeat rules under their fields before sending', async () => {
    const { screen, calls } = await renderSite(PATH);
    await choose(screen, 'abc');
    const password = screen.getByLabelText('Nueva contraseña');
    await expect
      .element(password)
      .toHaveAccessibleDescription(/La contraseña debe tener al menos 6 caracteres\./);
    await expect.element(password).toHaveFocus();
    await choose(screen, 'Cometa-Naranja', 'Cometa-Naranjo');
    await expect
      .element(screen.getByLabelText('Repite la contraseña'))
      .toHaveAccessibleDescription('Las contraseñas no coinciden.');
    expect(calls.some((c) => c.path === CONFIRM)).toBe(false);
  });

  it("shows the server's message and the way to a new e-mail when the link is spent", async () => {
    const { screen } = await renderSite(PATH, {
      routes: {
        [`POST ${CONFIRM}`]: {
          status: 400,
          body: {
            code: 'reset-invalid',
            detail: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
          },
        },
      },
    });
    await choose(screen, 'Cometa-Naranja-Lunes-48');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('El enlace para restablecer la contraseña no es válido o ya expiró.');
    await expect
      .element(screen.getByRole('link', { name: 'Pedir un enlace nuevo' }))
      .toHaveAttribute('href', '/password/reset');
    expect(await axeViolations()).toEqual([]);
  });

  it("puts the server's password error under the new password", async () => {
    const { screen } = await renderSite(PATH, {
      language: 'en',
      routes: {
        [`POST ${CONFIRM}`]: {
          status: 400,
          body: {
            code: 'validation',
            detail: 'Please check the highlighted fields.',
            fields: { new_password: ['The password must have at least 6 characters.'] },
          },
        },
      },
    });
    await screen.getByLabelText('New password').fill('Cometa-Naranja-Lunes-48');
    await screen.getByLabelText('Repeat the password').fill('Cometa-Naranja-Lunes-48');
    await screen.getByRole('button', { name: 'Save the password' }).click();
    const password = screen.getByLabelText('New password');
    await expect
      .element(password)
      .toHaveAccessibleDescription(/The password must have at least 6 characters\./);
    await expect.element(password).toHaveFocus();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite(PATH);
    await screen.getByLabelText('Nueva contraseña').fill('abc');
    await expect.element(screen.getByRole('meter')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await page.viewport(1024, 768);
  });
});
