import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite, type StubHandler } from '../../test/render-site';

async function openContact(routes: Record<string, StubHandler> = {}, language: 'es' | 'en' = 'es') {
  const rendered = await renderSite('/#contact', { routes, language });
  const form = rendered.screen.getByRole('region', {
    name: language === 'es' ? 'Contáctanos' : 'Contact us',
  });
  return { ...rendered, form };
}

async function fillForm(
  form: Awaited<ReturnType<typeof openContact>>['form'],
  values: { name: string; email: string; message: string },
  language: 'es' | 'en' = 'es',
) {
  const labels =
    language === 'es'
      ? { name: 'Nombre', email: 'Correo electrónico', message: 'Mensaje' }
      : { name: 'Name', email: 'E-mail', message: 'Message' };
  await form.getByLabelText(labels.name).fill(values.name);
  await form.getByLabelText(labels.email).fill(values.email);
  await form.getByLabelText(labels.message).fill(values.message);
}

const ANA = { name: 'Ana Gómez', email: 'ana@colegio.edu.co', message: 'Quiero Kib en mi colegio.' };

describe('contact form', () => {
  it('sends the cleaned message and thanks the reader with the e-mail entered', async () => {
    const { form, screen, calls } = await openContact({
      'POST contact_form/': { status: 201, body: { id: 1, detail: 'ok' } },
    });
    await fillForm(form, {
      name: '<b>Ana</b> Gómez',
      email: 'ana@colegio.edu.co',
      message: 'Hola<script>alert(1)</script>, import os: quiero Kib en mi colegio.',
    });
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();

    const dialog = screen.getByRole('dialog', { name: '¡Gracias por contactarnos!' });
    await expect
      .element(dialog)
      .toHaveTextContent('Recibimos tu mensaje. Te responderemos a ana@colegio.edu.co.');
    expect(calls.filter((c) => c.path === 'contact_form/')).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: {
          name: 'Ana Gómez',
          email: 'ana@colegio.edu.co',
          message: 'Hola, : quiero Kib en mi colegio.',
        },
      }),
    ]);
    expect(await axeViolations()).toEqual([]);

    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(form.getByLabelText('Nombre')).toHaveValue('');
    await expect.element(form.getByRole('button', { name: 'Enviar mensaje' })).toHaveFocus();
  });

  it('thanks in English with the e-mail entered', async () => {
    const { form, screen } = await openContact(
      { 'POST contact_form/': { status: 201, body: { id: 2 } } },
      'en',
    );
    await fillForm(form, { ...ANA, email: 'ana@school.org' }, 'en');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect
      .element(screen.getByRole('dialog', { name: 'Thanks for contacting us!' }))
      .toHaveTextContent('We received your message. We will answer at ana@school.org.');
  });

  it('keeps the send button disabled with a spinner while the message is on its way', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { form, screen } = await openContact({
      'POST contact_form/': async () => {
        await gate;
        return { status: 201, body: { id: 3 } };
      },
    });
    await fillForm(form, ANA);
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect.element(form.getByRole('button', { name: 'Enviar mensaje' })).toBeDisabled();
    await expect.element(form.getByRole('status')).toHaveTextContent('Enviando tu mensaje…');
    release();
    await expect.element(screen.getByRole('dialog')).toBeVisible();
    await expect.element(form.getByRole('button', { name: 'Enviar mensaje' })).toBeEnabled();
  });

  it('says the message could not be sent when the server fails', async () => {
    const { form, screen } = await openContact({
      'POST contact_form/': {
        status: 500,
        body: { code: 'internal', detail: 'Algo salió mal en el servidor.' },
      },
    });
    await fillForm(form, ANA);
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    const dialog = screen.getByRole('dialog', { name: '¡Gracias por contactarnos!' });
    await expect.element(dialog).toHaveTextContent('No pudimos enviar tu mensaje.');
    await expect.element(dialog).toHaveTextContent('Algo salió mal en el servidor.');
    await expect.element(dialog).not.toHaveTextContent('Te responderemos');
    expect(await axeViolations()).toEqual([]);
  });

  it("shows the server's reason when too many messages were sent (429)", async () => {
    const { form, screen } = await openContact({
      'POST contact_form/': {
        status: 429,
        body: { code: 'rate-limited', detail: 'Demasiados intentos. Intenta de nuevo en 15 minutos.' },
      },
    });
    await fillForm(form, ANA);
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    const dialog = screen.getByRole('dialog');
    await expect.element(dialog).toHaveTextContent('No pudimos enviar tu mensaje.');
    await expect.element(dialog).toHaveTextContent('Demasiados intentos. Intenta de nuevo en 15 minutos.');
  });

  it("shows 'server dead :(' in the failure modal when the server does not answer", async () => {
    const { form, screen } = await openContact({ 'POST contact_form/': { status: 0 } }, 'en');
    await fillForm(form, ANA, 'en');
    await form.getByRole('button', { name: 'Send message' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Thanks for contacting us!' });
    await expect.element(dialog).toHaveTextContent('We could not send your message.');
    await expect.element(dialog).toHaveTextContent('server dead :(');
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(form.getByRole('button', { name: 'Send message' })).toHaveFocus();
  });

  it("puts the server's field errors under the fields and focuses the first after the modal", async () => {
    const { form, screen } = await openContact({
      'POST contact_form/': {
        status: 422,
        body: {
          code: 'validation',
          detail: 'Revisa los campos marcados.',
          fields: { email: ['Correo rechazado.'] },
        },
      },
    });
    await fillForm(form, ANA);
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    await screen.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
    const email = form.getByLabelText('Correo electrónico');
    await expect.element(email).toHaveAccessibleDescription('Correo rechazado.');
    await expect.element(email).toHaveFocus();
  });

  it('explains empty or invalid fields under them, focuses the first and sends nothing', async () => {
    const { form, calls } = await openContact();
    await form.getByLabelText('Correo electrónico').fill('ana@colegio');
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    const name = form.getByLabelText('Nombre');
    await expect.element(name).toHaveAccessibleDescription('Este campo es obligatorio.');
    await expect.element(name).toHaveFocus();
    await expect
      .element(form.getByLabelText('Correo electrónico'))
      .toHaveAccessibleDescription('Introduce un correo electrónico válido.');
    await expect.element(form.getByLabelText('Mensaje')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === 'contact_form/')).toBe(false);
    expect(await axeViolations()).toEqual([]);
  });

  it('refuses a message that is only code once cleaned, and says why', async () => {
    const { form, calls } = await openContact();
    await fillForm(form, { ...ANA, message: '<script>steal()</script> import os' });
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    const message = form.getByLabelText('Mensaje');
    await expect.element(message).toHaveFocus();
    await expect.element(message).toHaveAccessibleDescription(expect.stringContaining('no quedó texto'));
    expect(calls.some((c) => c.path === 'contact_form/')).toBe(false);
  });

  it('fits a 360 px phone with the result modal open', async () => {
    await page.viewport(360, 740);
    try {
      const { form, screen } = await openContact({ 'POST contact_form/': { status: 201, body: { id: 4 } } });
      await fillForm(form, { ...ANA, email: 'una.direccion.muy.larga.de.correo@colegio-distrital.edu.co' });
      await form.getByRole('button', { name: 'Enviar mensaje' }).click();
      await expect.element(screen.getByRole('dialog')).toBeVisible();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    } finally {
      await page.viewport(1024, 768);
    }
  });
});
