import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';

const RESET = 'auth/users/reset_password/';

describe('ResetPasswordPage', () => {
  it('asks for the e-mail of the account', async () => {
    const { screen } = await renderSite('/password/reset');
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Restablecer la contraseña' }))
      .toBeVisible();
    const email = screen.getByLabelText('Correo electrónico');
    await expect.element(email).toHaveAttribute('type', 'email');
    await expect.element(email).toHaveAttribute('inputmode', 'email');
    await expect.element(email).toHaveAttribute('autocomplete', 'email');
    await expect.poll(() => document.title).toBe('Restablecer la contraseña · Kib');
    expect(await axeViolations()).toEqual([]);
  });

  it('says a link was sent if the account exists, whatever the server knows', async () => {
    const { screen, calls } = await renderSite('/password/reset', { routes: { [`POST ${RESET}`]: {} } });
    await screen.getByLabelText('Correo electrónico').fill('  ana@example.com ');
    await screen.getByRole('button', { name: 'Enviar el enlace' }).click();
    const done = screen.getByRole('status').filter({ hasText: '¡Listo!' });
    await expect.element(done).toHaveTextContent(/Si existe una cuenta con el correo ana@example\.com/);
    expect(calls.filter((c) => c.path === RESET).map((c) => c.body)).toEqual([{ email: 'ana@example.com' }]);
    await expect.poll(() => document.activeElement?.textContent).toContain('¡Listo!');
    expect(await axeViolations()).toEqual([]);
  });

  it('checks the e-mail before sending it', async () => {
    const { screen, calls } = await renderSite('/password/reset');
    await screen.getByLabelText('Correo electrónico').fill('ana@example');
    await screen.getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect
      .element(screen.getByLabelText('Correo electrónico'))
      .toHaveAccessibleDescription('Introduce un correo electrónico válido.');
    expect(calls.some((c) => c.path === RESET)).toBe(false);
  });

  it("shows the server's message in a danger alert when it refuses", async () => {
    const { screen } = await renderSite('/password/reset', {
      routes: {
        [`POST ${RESET}`]: {
          status: 429,
          body: { code: 'rate-limited', detail: 'Demasiados intentos. Intenta de nuevo en 15 minutos.' },
        },
      },
    });
    await screen.getByLabelText('Correo electrónico').fill('ana@example.com');
    await screen.getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Demasiados intentos. Intenta de nuevo en 15 minutos.');
    await expect.element(screen.getByRole('button', { name: 'Enviar el enlace' })).toBeEnabled();
    expect(await axeViolations()).toEqual([]);
  });

  it("says 'server dead :(' in English when the server does not answer", async () => {
    const { screen } = await renderSite('/password/reset', {
      language: 'en',
      routes: { [`POST ${RESET}`]: { status: 0 } },
    });
    await screen.getByLabelText('E-mail').fill('ana@example.com');
    await screen.getByRole('button', { name: 'Send the link' }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('server dead :(');
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/password/reset', { routes: { [`POST ${RESET}`]: {} } });
    await screen
      .getByLabelText('Correo electrónico')
      .fill('una-direccion-muy-larga-de-correo@colegio-ejemplo.edu.co');
    await screen.getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect.element(screen.getByText('¡Listo!')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await page.viewport(1024, 768);
  });
});
