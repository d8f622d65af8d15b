import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT } from '../../test/render-site';

afterEach(async () => {
  await page.viewport(1024, 768);
});

describe('FeedbackPage', () => {
  it("fills in the student's name and e-mail and sends the message, then thanks them", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { screen, calls } = await renderSite('/student/feedback', {
      user: STUDENT,
      routes: {
        'POST contact_form/': async () => {
          await gate;
          return { status: 201, body: { id: 5, detail: 'ok' } };
        },
      },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Comentarios' })).toBeVisible();
    await expect.element(screen.getByLabelText('Nombre')).toHaveValue('Ana Gómez');
    await expect.element(screen.getByLabelText('Correo')).toHaveValue('ana@example.com');
    expect(await axeViolations()).toEqual([]);
    await screen.getByLabelText('Mensaje').fill('Me gustaría más ejercicios de fracciones.');
    await screen.getByRole('button', { name: 'Enviar comentarios' }).click();
    await expect.element(screen.getByRole('button', { name: /Enviar comentarios/ })).toBeDisabled();
    release();
    const thanks = screen.getByText('¡Gracias por tus comentarios! Te responderemos a ana@example.com.');
    await expect.element(thanks).toBeVisible();
    expect(calls.find((c) => c.path === 'contact_form/')?.body).toEqual({
      name: 'Ana Gómez',
      email: 'ana@example.com',
      message: 'Me gustaría más ejercicios de fracciones.',
    });
    await expect.element(screen.getByLabelText('Mensaje')).toHaveValue('');
    await expect.element(screen.getByLabelText('Nombre')).toHaveValue('Ana Gómez');
    await expect.poll(() => document.activeElement?.contains(thanks.element())).toBe(true);
    expect(await axeViolations()).toEqual([]);
  });

  it('asks for a message before sending, in English', async () => {
    const { screen, calls } = await renderSite('/student/feedback', { user: STUDENT, language: 'en' });
    await screen.getByRole('button', { name: 'Send feedback' }).click();
    await expect.element(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(screen.getByLabelText('Message')).toHaveAccessibleDescription(/required/i);
    expect(calls.some((c) => c.path === 'contact_form/')).toBe(false);
  });

  it("shows the server's reason when the message is refused", async () => {
    const { screen } = await renderSite('/student/feedback', {
      user: STUDENT,
      routes: {
        'POST contact_form/': {
          status: 429,
          body: { code: 'rate-limited', detail: 'Demasiados intentos. Intenta de nuevo en 10 minutos.' },
        },
      },
    });
    await screen.getByLabelText('Mensaje').fill('Hola');
    await screen.getByRole('button', { name: 'Enviar comentarios' }).click();
    const alert = screen.getByRole('alert');
    await expect.element(alert).toHaveTextContent(/no pudimos enviar tu mensaje/);
    await expect.element(alert).toHaveTextContent(/Demasiados intentos/);
    await expect.element(screen.getByLabelText('Mensaje')).toHaveValue('Hola');
    expect(await axeViolations()).toEqual([]);
  });

  it("shows 'server dead :(' when the server does not answer, on a 360 px phone", async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/student/feedback', {
      user: STUDENT,
      routes: { 'POST contact_form/': { status: 0 } },
    });
    await screen.getByLabelText('Mensaje').fill('Hola');
    await screen.getByRole('button', { name: 'Enviar comentarios' }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/server dead :\(/);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
