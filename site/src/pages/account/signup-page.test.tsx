import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';

type Screen = Awaited<ReturnType<typeof renderSite>>['screen'];

async function fillSignup(screen: Screen, password = 'Tr0mpeta-Azul-Nevado') {
  await screen.getByLabelText('Correo electrónico').fill('valentina@example.com');
  await screen.getByLabelText('Nombre').fill('Valentina');
  await screen.getByLabelText('Apellido').fill('Rojas');
  await screen.getByLabelText('Contraseña', { exact: true }).fill(password);
  await screen.getByLabelText('Repite la contraseña').fill(password);
}

/** What the server answers to every valid sign-up, whether or not the address has an account. */
const CREATED = {
  'POST auth/users/': {
    status: 201,
    body: {
      email: 'valentina@example.com',
      first_name: 'Valentina',
      last_name: 'Rojas',
      groups: ['Teachers'],
      language: 'es',
      is_demo: false,
    },
  },
};

describe('SignupPage', () => {
  it('shows the registration form with the student and teacher checkboxes', async () => {
    const { screen } = await renderSite('/signup');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Crea tu cuenta' })).toBeVisible();
    await expect
      .element(screen.getByLabelText('Correo electrónico'))
      .toHaveAttribute('autocomplete', 'email');
    await expect.element(screen.getByLabelText('Nombre')).toHaveAttribute('autocomplete', 'given-name');
    await expect.element(screen.getByLabelText('Apellido')).toHaveAttribute('autocomplete', 'family-name');
    await expect
      .element(screen.getByLabelText('Contraseña', { exact: true }))
      .toHaveAttribute('autocomplete', 'new-password');
    await expect.element(screen.getByRole('checkbox', { name: 'Soy estudiante' })).not.toBeChecked();
    await expect.element(screen.getByRole('checkbox', { name: 'Soy profesor' })).not.toBeChecked();
    await expect.poll(() => document.title).toBe('Crea tu cuenta · Kib');
    expect(await axeViolations()).toEqual([]);
  });

  it('lets only one of "I am a student" and "I am a teacher" be ticked', async () => {
    const { screen } = await renderSite('/signup');
    const student = screen.getByRole('checkbox', { name: 'Soy estudiante' });
    const teacher = screen.getByRole('checkbox', { name: 'Soy profesor' });
    await student.click();
    await expect.element(student).toBeChecked();
    await expect.element(teacher).toBeDisabled();
    await student.click();
    await expect.element(teacher).toBeEnabled();
    await teacher.click();
    await expect.element(student).toBeDisabled();
  });

  it('registers a teacher and replaces the form with the activation message', async () => {
    const { screen, calls } = await renderSite('/signup', { routes: CREATED });
    await fillSignup(screen);
    await screen.getByRole('checkbox', { name: 'Soy profesor' }).click();
    await screen.getByRole('button', { name: 'Crear cuenta' }).click();
    const message = screen.getByRole('status').getByText('Revisa tu correo para activar tu cuenta');
    await expect.element(message).toBeVisible();
    expect(calls.find((c) => c.path === 'auth/users/')?.body).toEqual({
      email: 'valentina@example.com',
      firstName: 'Valentina',
      lastName: 'Rojas',
      password: 'Tr0mpeta-Azul-Nevado',
      rePassword: 'Tr0mpeta-Azul-Nevado',
      isStudent: false,
      isTeacher: true,
      userType: 'teacher',
    });
    expect(screen.container.querySelector('form')).toBeNull();
    await expect
      .poll(() => document.activeElement?.textContent)
      .toContain('Revisa tu correo para activar tu cuenta');
    expect(await axeViolations()).toEqual([]);
  });

  it('registers a student when no role is ticked', async () => {
    const { screen, calls } = await renderSite('/signup', { routes: CREATED });
    await fillSignup(screen);
    await screen.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect
      .poll(() => calls.find((c) => c.path === 'auth/users/')?.body)
      .toMatchObject({
        isStudent: false,
        isTeacher: false,
        userType: 'student',
      });
  });

  it('registers a school administrator with ?user=schoolAdmin, without role checkboxes', async () => {
    const { screen, calls } = await renderSite('/signup?user=schoolAdmin', { routes: CREATED });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Registro de administrador de colegio' }))
      .toBeVisible();
    expect(screen.container.querySelector('input[type="checkbox"]')).toBeNull();
    await fillSignup(screen);
    await screen.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect.element(screen.getByText('Revisa tu correo para activar tu cuenta')).toBeVisible();
    expect(calls.find((c) => c.path === 'auth/users/')?.body).toMatchObject({
      isStudent: false,
      isTeacher: false,
      userType: 'schoolAdmin',
    });
  });

  it('shows the rules under the e-mail, password and repeat fields before sending anything', async () => {
    const { screen, calls } = await renderSite('/signup');
    await screen.getByLabelText('Correo electrónico').fill('valentina@example');
    await screen.getByLabelText('Contraseña', { exact: true }).fill('abc');
    await screen.getByRole('button', { name: 'Crear cuenta' }).click();
    const email = screen.getByLabelText('Correo electrónico');
    await expect.element(email).toHaveAccessibleDescription('Introduce un correo electrónico válido.');
    await expect.element(email).toHaveFocus();
    await expect
      .element(screen.getByLabelText('Contraseña', { exact: true }))
      .toHaveAccessibleDescription(/La contraseña debe tener al menos 6 caracteres\./);

    await email.fill('valentina@example.com');
    await screen.getByLabelText('Contraseña', { exact: true }).fill('abcdef-123');
    await screen.getByLabelText('Repite la contraseña').fill('abcdef-124');
    await screen.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect
      .element(screen.getByLabelText('Repite la contraseña'))
      .toHaveAccessibleDescription('Las contraseñas no coinciden.');
    expect(calls.some((c) => c.path === 'auth/users/')).toBe(false);
  });

  it("puts the server's field errors under their fields (its e-mail check under the e-mail)", async () => {
    const { screen } = await renderSite('/signup', {
      routes: {
        'POST auth/users/': {
          status: 400,
          body: {
            code: 'validation',
            detail: 'Revisa los campos marcados.',
            fields: { email: ['Introduce un correo electrónico válido.'] },
          },
        },
      },
    });
    await fillSignup(screen);
    await screen.getByRole('button', { name: 'Crear cuenta' }).click();
    const email = screen.getByLabelText('Correo electrónico');
    await expect.element(email).toHaveAccessibleDescription('Introduce un correo electrónico válido.');
    await expect.element(email).toHaveFocus();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(/Uy, algo salió mal en el servidor :\(/);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows "check your mail" for an address that may have an account, never that it is taken', async () => {
    // The server answers a taken address exactly as a new one; the page has nothing else to show.
    const { screen } = await renderSite('/signup', { routes: CREATED });
    await fillSignup(screen);
    await screen.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect
      .element(screen.getByRole('status').getByText('Revisa tu correo para activar tu cuenta'))
      .toBeVisible();
    await expect.element(screen.getByText(/Te enviamos un enlace a valentina@example\.com/)).toBeVisible();
    expect(screen.container.textContent).not.toContain('Ya existe una cuenta');
    expect(screen.container.querySelector('[role="alert"]')).toBeNull();
  });

  it('puts a server validation error on the repeat field under that field', async () => {
    const { screen } = await renderSite('/signup', {
      routes: {
        'POST auth/users/': {
          status: 400,
          body: {
            code: 'validation',
            detail: 'Revisa los campos marcados.',
            fields: { re_password: ['Las contraseñas no coinciden.'] },
          },
        },
      },
    });
    await fillSignup(screen);
    await screen.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect
      .element(screen.getByLabelText('Repite la contraseña'))
      .toHaveAccessibleDescription('Las contraseñas no coinciden.');
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/Revisa los campos marcados\./);
  });

  it("shows only 'Opps something wrong in the server :(' when the server fails or does not answer", async () => {
    const { screen } = await renderSite('/signup', {
      language: 'en',
      routes: { 'POST auth/users/': { status: 0 } },
    });
    await screen.getByLabelText('E-mail').fill('valentina@example.com');
    await screen.getByLabelText('Password', { exact: true }).fill('Tr0mpeta-Azul-Nevado');
    await screen.getByLabelText('Repeat the password').fill('Tr0mpeta-Azul-Nevado');
    await screen.getByRole('button', { name: 'Create account' }).click();
    const alert = screen.getByRole('alert');
    await expect.element(alert).toHaveTextContent('Opps something wrong in the server :(');
    await expect
      .poll(() => document.activeElement?.textContent)
      .toBe('Opps something wrong in the server :(');
  });

  it('shows the activation message in English', async () => {
    const { screen } = await renderSite('/signup', { language: 'en', routes: CREATED });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Create your account' }))
      .toBeVisible();
    await screen.getByLabelText('E-mail').fill('valentina@example.com');
    await screen.getByLabelText('Password', { exact: true }).fill('Tr0mpeta-Azul-Nevado');
    await screen.getByLabelText('Repeat the password').fill('Tr0mpeta-Azul-Nevado');
    await screen.getByRole('checkbox', { name: 'I am a student' }).click();
    await screen.getByRole('button', { name: 'Create account' }).click();
    await expect.element(screen.getByText('Check your email for account activation')).toBeVisible();
  });

  it('rates the password as it is typed, counting the name against it', async () => {
    const { screen } = await renderSite('/signup');
    const password = screen.getByLabelText('Contraseña', { exact: true });
    const meter = screen.getByRole('meter', { name: 'Seguridad de la contraseña' });
    await password.fill('abc');
    await expect.element(meter).toHaveAttribute('aria-valuetext', 'Muy débil');
    await password.fill('Tr0mpeta-Azul-Nevado-77');
    await expect.element(meter).toHaveAttribute('aria-valuetext', 'Fuerte');
    await screen.getByLabelText('Nombre').fill('Valentinagarcia');
    await password.fill('valentinagarcia');
    await expect
      .element(screen.getByText('No uses tus datos personales (nombre, correo) ni el nombre de la página.'))
      .toBeVisible();
    await expect.element(meter).not.toHaveAttribute('aria-valuetext', 'Fuerte');
    expect(await axeViolations()).toEqual([]);
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/signup');
    await screen.getByLabelText('Contraseña', { exact: true }).fill('abc');
    await screen.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect.element(screen.getByLabelText('Correo electrónico')).toHaveFocus();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await page.viewport(1024, 768);
  });
});
