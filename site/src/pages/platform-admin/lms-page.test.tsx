import type { CurrentUser } from '@kib/api-client';
import type { LtiConsumerRegistration, LtiRegistrations } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT, type StubHandler, watchClipboard } from '../../test/render-site';

const ADMIN: CurrentUser = {
  ...STUDENT,
  id: 3,
  email: 'platformadmin@demo.kib',
  firstName: 'Paula',
  lastName: 'Ramírez',
  groups: ['Platform Admin'],
};

const DEV: LtiConsumerRegistration = {
  consumerKey: 'kib-dev-key',
  name: 'Moodle de desarrollo',
  allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
  createdAt: '2030-03-01T12:00:00Z',
  previousSecretUntil: null,
  disabledAt: null,
};

const REGISTRATIONS: LtiRegistrations = {
  consumers: [
    DEV,
    {
      consumerKey: 'colegio-moodle-con-una-clave-muy-larga-que-no-cabe',
      name: '<b>Moodle</b> del colegio',
      allowedOrigins: ['https://moodle.colegio-con-un-nombre-largo.edu.co'],
      createdAt: '2030-03-01T12:00:00Z',
      previousSecretUntil: '2030-03-04T12:00:00Z',
      disabledAt: '2030-03-02T08:30:00Z',
    },
  ],
  platforms: [
    {
      id: 4,
      issuer: 'https://moodle.colegio.edu.co',
      clientId: 'Xy12AbCdEf',
      name: 'Moodle LTI 1.3',
      authLoginUrl: 'https://moodle.colegio.edu.co/mod/lti/auth.php',
      authTokenUrl: 'https://moodle.colegio.edu.co/mod/lti/token.php',
      jwksUrl: 'https://moodle.colegio.edu.co/mod/lti/certs.php',
      allowedOrigins: ['https://moodle.colegio.edu.co'],
      deployments: ['1', '2'],
      createdAt: '2030-03-01T12:00:00Z',
      disabledAt: null,
    },
  ],
  keys: [
    { kid: 'kid-new-0123456789', createdAt: '2030-03-03T09:00:00Z', active: true, retiresAt: null },
    {
      kid: 'kid-old-9876543210',
      createdAt: '2030-01-01T09:00:00Z',
      active: false,
      retiresAt: '2030-03-06T09:00:00Z',
    },
  ],
  toolUrls: {
    lti11LaunchUrl: 'https://kib.example.org/lti/1.1/launch',
    lti13LoginUrl: 'https://kib.example.org/lti/1.3/login',
    lti13RedirectUri: 'https://kib.example.org/lti/1.3/launch',
    lti13KeysetUrl: 'https://kib.example.org/lti/1.3/keys',
    lti13RegistrationUrl: 'https://kib.example.org/lti/1.3/register',
    dynamicRegistration: 'closed',
  },
};

const LIST = { 'GET lti/admin/registrations/': { body: REGISTRATIONS } };

/** The LMS page as the seeded platform admin opens it, with extra answers of the API. */
const open = (routes: Record<string, StubHandler> = {}, language: 'es' | 'en' = 'es') =>
  renderSite('/platformAdmin/lms', { user: ADMIN, routes: { ...LIST, ...routes }, language });

const clipboard = watchClipboard();

describe('the platform admin area', () => {
  it('shows LMS connections, greets the admin and lists consumers, platforms, keys and the URLs', async () => {
    const { screen } = await open();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Conexiones LMS' })).toBeVisible();
    await expect.element(screen.getByText('Hola, Paula')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menú de administración de la plataforma' });
    await expect
      .element(nav.getByRole('link', { name: 'Conexiones LMS' }))
      .toHaveAttribute('aria-current', 'page');
    await expect
      .element(screen.getByRole('link', { name: 'Cerrar sesión' }))
      .toHaveAttribute('href', '/logout');

    const consumers = screen.getByRole('table', { name: 'Consumidores LTI 1.1' });
    await expect.element(consumers.getByRole('rowheader', { name: 'kib-dev-key' })).toBeVisible();
    // A name is text, never markup.
    await expect.element(consumers.getByText('<b>Moodle</b> del colegio')).toBeVisible();
    await expect
      .element(consumers.getByText('Desactivado desde el 02-03-2030', { exact: false }))
      .toBeVisible();
    await expect
      .element(consumers.getByText('El secreto anterior funciona hasta el 04-03-2030', { exact: false }))
      .toBeVisible();
    await expect
      .element(
        consumers.getByRole('button', { name: 'Activar colegio-moodle-con-una-clave-muy-larga-que-no-cabe' }),
      )
      .toBeVisible();
    await expect.element(consumers.getByRole('button', { name: 'Desactivar kib-dev-key' })).toBeVisible();

    const platforms = screen.getByRole('table', { name: 'Plataformas LTI 1.3 registradas' });
    await expect.element(platforms.getByRole('rowheader', { name: 'Moodle LTI 1.3' })).toBeVisible();
    await expect.element(platforms.getByText('Xy12AbCdEf')).toBeVisible();
    await expect
      .element(platforms.getByRole('button', { name: 'Agregar despliegue Moodle LTI 1.3' }))
      .toBeVisible();

    const keys = screen.getByRole('table', { name: 'Claves de firma publicadas' });
    await expect.element(keys.getByRole('rowheader', { name: 'kid-new-0123456789' })).toBeVisible();
    await expect.element(keys.getByText('Sí, firma')).toBeVisible();
    await expect.element(keys.getByText('06-03-2030', { exact: false })).toBeVisible();

    await expect.element(screen.getByText('https://kib.example.org/lti/1.1/launch')).toBeVisible();
    await screen.getByRole('button', { name: 'Copiar URL de inicio de sesión LTI 1.3' }).click();
    expect(clipboard.copied).toEqual(['https://kib.example.org/lti/1.3/login']);
    expect(await axeViolations()).toEqual([]);
  });

  it('speaks English too', async () => {
    const { screen } = await open({}, 'en');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'LMS connections' })).toBeVisible();
    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'Moodle and other LMSs over LTI 1.1' }))
      .toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 2, name: 'LTI 1.3 platforms' })).toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 2, name: "Kib's signing keys" })).toBeVisible();
  });

  it('adds a consumer and shows its secret once, with a copy button and the warning', async () => {
    const { screen, calls } = await open({
      'POST lti/admin/consumers/': ({ body }) => ({
        status: 201,
        body: {
          consumer: { ...DEV, consumerKey: (body as { consumerKey: string }).consumerKey, name: 'Nuevo' },
          secret: 's3cr3t-only-once',
        },
      }),
    });
    const form = screen.getByRole('form', { name: 'Agregar un LMS (LTI 1.1)' });
    await form.getByLabelText('Clave de consumidor').fill('nuevo-moodle');
    await form.getByLabelText('Nombre').fill('Nuevo');
    await form.getByLabelText('Orígenes').fill('https://a.example\nhttps://b.example');
    await form.getByRole('button', { name: 'Agregar y crear su secreto' }).click();

    const dialog = screen.getByRole('dialog', { name: 'Secreto compartido de nuevo-moodle' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByLabelText('Secreto compartido')).toHaveValue('s3cr3t-only-once');
    await expect.element(dialog.getByText('Kib no lo volverá a mostrar', { exact: false })).toBeVisible();
    expect(calls.find((c) => c.method === 'POST' && c.path === 'lti/admin/consumers/')?.body).toEqual({
      consumerKey: 'nuevo-moodle',
      name: 'Nuevo',
      allowedOrigins: ['https://a.example', 'https://b.example'],
    });
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Copiar el secreto' }).click();
    expect(clipboard.copied).toEqual(['s3cr3t-only-once']);
    await expect.element(dialog.getByText('Copiado')).toBeVisible();
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('s3cr3t-only-once');
    // The form is empty again and the list is read again.
    await expect.element(form.getByLabelText('Clave de consumidor')).toHaveValue('');
    expect(calls.filter((c) => c.path === 'lti/admin/registrations/').length).toBeGreaterThanOrEqual(2);
  });

  it("puts the server's field errors under their fields", async () => {
    const { screen } = await open({
      'POST lti/admin/consumers/': {
        status: 400,
        body: {
          code: 'validation',
          detail: 'Revisa los campos marcados.',
          fields: {
            consumer_key: ['Ya hay un LMS registrado con esta clave de consumidor.'],
            allowed_origins: [
              'ftp://x no es un origen: escríbelo como https://moodle.ejemplo.edu, sin ruta.',
            ],
          },
        },
      },
    });
    const form = screen.getByRole('form', { name: 'Agregar un LMS (LTI 1.1)' });
    await form.getByLabelText('Clave de consumidor').fill('kib-dev-key');
    await form.getByLabelText('Nombre').fill('Otro');
    await form.getByLabelText('Orígenes').fill('ftp://x');
    await form.getByRole('button', { name: 'Agregar y crear su secreto' }).click();
    const key = form.getByLabelText('Clave de consumidor');
    await expect.element(key).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(key)
      .toHaveAccessibleDescription(/Ya hay un LMS registrado con esta clave de consumidor\./);
    await expect.element(key).toHaveFocus();
    await expect
      .element(form.getByLabelText('Orígenes'))
      .toHaveAccessibleDescription(/ftp:\/\/x no es un origen/);
    expect(screen.getByRole('dialog').elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('checks the form with the core schema before sending', async () => {
    const { screen, calls } = await open();
    const form = screen.getByRole('form', { name: 'Agregar un LMS (LTI 1.1)' });
    await form.getByLabelText('Clave de consumidor').fill('con espacio');
    await form.getByRole('button', { name: 'Agregar y crear su secreto' }).click();
    await expect
      .element(form.getByLabelText('Clave de consumidor'))
      .toHaveAccessibleDescription(/Usa letras, números y signos, sin espacios\./);
    await expect
      .element(form.getByLabelText('Nombre'))
      .toHaveAccessibleDescription(/Este campo es obligatorio\./);
    expect(calls.filter((c) => c.path.startsWith('lti/admin/') && c.method !== 'GET')).toEqual([]);
  });

  it('asks before rotating a secret: Cancel sends nothing, confirming shows the new secret once', async () => {
    const { screen, calls } = await open({
      'POST lti/admin/consumers/kib-dev-key/rotate-secret/': {
        body: { consumer: { ...DEV, previousSecretUntil: '2030-03-04T12:00:00Z' }, secret: 'rotated-secret' },
      },
    });
    await screen.getByRole('button', { name: 'Cambiar secreto kib-dev-key' }).click();
    const confirm = screen.getByRole('dialog', { name: '¿Cambiar el secreto de kib-dev-key?' });
    await expect.element(confirm).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect.element(confirm).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('rotate-secret/'))).toEqual([]);

    await screen.getByRole('button', { name: 'Cambiar secreto kib-dev-key' }).click();
    const again = screen.getByRole('dialog', { name: '¿Cambiar el secreto de kib-dev-key?' });
    await again.getByLabelText('Periodo de gracia (horas)').fill('24');
    await again.getByRole('button', { name: 'Cambiar secreto' }).click();
    const secret = screen.getByRole('dialog', { name: 'Secreto compartido de kib-dev-key' });
    await expect.element(secret.getByLabelText('Secreto compartido')).toHaveValue('rotated-secret');
    expect(calls.find((c) => c.path.endsWith('rotate-secret/'))?.body).toEqual({ graceHours: 24 });
  });

  it("shows a rotation's refused grace period under its field", async () => {
    const { screen } = await open({
      'POST lti/admin/keys/rotate/': {
        status: 400,
        body: {
          code: 'validation',
          detail: 'Revisa los campos marcados.',
          fields: { grace_hours: ['Escribe un número de horas entre 0 y 2160 (90 días).'] },
        },
      },
    });
    await screen.getByRole('button', { name: 'Cambiar clave' }).click();
    const confirm = screen.getByRole('dialog', { name: '¿Cambiar la clave de firma de Kib?' });
    await confirm.getByLabelText('Periodo de gracia (horas)').fill('99999');
    await confirm.getByRole('button', { name: 'Cambiar clave' }).click();
    await expect
      .element(confirm.getByLabelText('Periodo de gracia (horas)'))
      .toHaveAccessibleDescription(/Escribe un número de horas entre 0 y 2160/);
  });

  it('asks before disabling, and enables at once', async () => {
    const { screen, calls } = await open({
      'PATCH lti/admin/consumers/kib-dev-key/': { body: { ...DEV, disabledAt: '2030-03-05T10:00:00Z' } },
      'PATCH lti/admin/consumers/colegio-moodle-con-una-clave-muy-larga-que-no-cabe/': {
        body: { ...DEV, disabledAt: null },
      },
      'PATCH lti/admin/platforms/4/': {
        body: { ...REGISTRATIONS.platforms[0], disabledAt: '2030-03-05T10:00:00Z' },
      },
    });
    await screen.getByRole('button', { name: 'Desactivar kib-dev-key' }).click();
    const confirm = screen.getByRole('dialog', { name: '¿Desactivar kib-dev-key?' });
    await expect.element(confirm.getByText('No se borra nada.', { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: 'Desactivar' }).click();
    await expect.element(confirm).not.toBeInTheDocument();
    await expect.element(screen.getByText('kib-dev-key está desactivado.')).toBeVisible();
    expect(calls.find((c) => c.path === 'lti/admin/consumers/kib-dev-key/')).toMatchObject({
      method: 'PATCH',
      body: { enabled: false },
    });

    await screen
      .getByRole('button', { name: 'Activar colegio-moodle-con-una-clave-muy-larga-que-no-cabe' })
      .click();
    await expect
      .poll(() => calls.some((c) => c.method === 'PATCH' && c.path.startsWith('lti/admin/consumers/colegio')))
      .toBe(true);

    await screen.getByRole('button', { name: 'Desactivar Moodle LTI 1.3' }).click();
    const platform = screen.getByRole('dialog', { name: '¿Desactivar Moodle LTI 1.3?' });
    await platform.getByRole('button', { name: 'Desactivar' }).click();
    await expect.element(screen.getByText('Moodle LTI 1.3 está desactivada.')).toBeVisible();
  });

  it('adds a deployment to a platform from its row', async () => {
    const { screen, calls } = await open({
      'POST lti/admin/platforms/4/deployments/': {
        status: 201,
        body: { ...REGISTRATIONS.platforms[0], deployments: ['1', '2', '7'] },
      },
    });
    await screen.getByRole('button', { name: 'Agregar despliegue Moodle LTI 1.3' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Agregar un despliegue a Moodle LTI 1.3' });
    await dialog.getByLabelText('ID de despliegue').fill('7');
    await dialog.getByRole('button', { name: 'Agregar despliegue' }).click();
    await expect.element(screen.getByText('Despliegue 7 agregado a Moodle LTI 1.3.')).toBeVisible();
    expect(calls.find((c) => c.path === 'lti/admin/platforms/4/deployments/')?.body).toEqual({
      deploymentId: '7',
    });
  });

  it('adds a platform with its endpoints, origins and deployments', async () => {
    const { screen, calls } = await open({
      'POST lti/admin/platforms/': {
        status: 201,
        body: { ...REGISTRATIONS.platforms[0], id: 5, name: 'Otro Moodle' },
      },
    });
    const form = screen.getByRole('form', { name: 'Agregar una plataforma (LTI 1.3)' });
    await form.getByLabelText('Nombre').fill('Otro Moodle');
    await form.getByLabelText('Emisor (ID de la plataforma)').fill('https://otro.example');
    await form.getByLabelText('ID de cliente').fill('abc');
    await form
      .getByLabelText('URL de solicitud de autenticación')
      .fill('https://otro.example/mod/lti/auth.php');
    await form.getByLabelText('URL del token de acceso').fill('https://otro.example/mod/lti/token.php');
    await form
      .getByLabelText('URL del conjunto de claves públicas')
      .fill('https://otro.example/mod/lti/certs.php');
    await form.getByLabelText('Orígenes').fill('https://otro.example');
    await form.getByLabelText('Despliegues').fill('3\n4');
    await form.getByRole('button', { name: 'Agregar plataforma' }).click();
    await expect.element(screen.getByText('Otro Moodle está agregada.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST' && c.path === 'lti/admin/platforms/')?.body).toEqual({
      name: 'Otro Moodle',
      issuer: 'https://otro.example',
      clientId: 'abc',
      authLoginUrl: 'https://otro.example/mod/lti/auth.php',
      authTokenUrl: 'https://otro.example/mod/lti/token.php',
      jwksUrl: 'https://otro.example/mod/lti/certs.php',
      allowedOrigins: ['https://otro.example'],
      deployments: ['3', '4'],
    });
  });

  it('fits a 360 px phone: the tables scroll inside their own box, never the page', async () => {
    await page.viewport(360, 740);
    const { screen } = await open();
    const table = screen.getByRole('table', { name: 'Plataformas LTI 1.3 registradas' });
    await expect.element(table).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Plataformas LTI 1.3 registradas' }).element();
    expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});

/** The heading that tells a reader the area is for platform admins only. */
const NO_ACCESS = { level: 1, name: 'Esta página es para administradores de la plataforma' };

describe('who reaches the platform admin area', () => {
  it('tells a logged-in reader who is not a platform admin that the page is not for them', async () => {
    const { screen, calls } = await renderSite('/platformAdmin/lms', {
      user: { ...STUDENT, groups: ['Teachers'] },
      routes: LIST,
    });
    await expect.element(screen.getByRole('heading', NO_ACCESS)).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Ir a mi área' }))
      .toHaveAttribute('href', '/teacher');
    expect(screen.getByRole('navigation').elements()).toHaveLength(0);
    expect(calls.filter((c) => c.path === 'lti/admin/registrations/')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('says the same when the server refuses the list (403)', async () => {
    const { screen } = await open({
      'GET lti/admin/registrations/': {
        status: 403,
        body: { code: 'forbidden', detail: 'No tienes permiso.' },
      },
    });
    await expect.element(screen.getByRole('heading', NO_ACCESS)).toBeVisible();
  });

  it('sends a logged-out reader to log in, and the platform admin lands here after logging in', async () => {
    const { screen, router } = await renderSite('/platformAdmin/lms', {
      routes: {
        ...LIST,
        'POST auth/jwt/create/': { body: { access: 'token-1' } },
        'GET auth/users/me/': { body: ADMIN },
      },
    });
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    await screen.getByLabelText('Correo electrónico').fill('platformadmin@demo.kib');
    await screen.getByLabelText('Contraseña').fill('demo1234');
    await screen.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/platformAdmin/lms');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Conexiones LMS' })).toBeVisible();
  });
});
