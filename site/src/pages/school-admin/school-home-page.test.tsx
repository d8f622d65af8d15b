import type { CurrentUser } from '@kib/api-client';
import type { SchoolAdminData } from '@kib/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT, type StubCall, type StubHandler } from '../../test/render-site';
import {
  dmy,
  NO_PLAN,
  NO_SCHOOL,
  NO_TEACHERS,
  refusal,
  SCHOOL_ADMIN,
  SCHOOL_DATA,
  schoolAdminServer,
  SUBSCRIPTION,
} from './school-admin-fixture';
import { SCHOOL_ADMIN_SIDEBAR_KEY } from './school-admin-layout';
import { readCookie, REMEMBERED_CHOICES, writeCookie } from '../../ui/remembered-choice';

/** A page of the school admin's area (its home unless said) against a small school-admin server. */
function open(
  options: {
    path?: string;
    data?: SchoolAdminData;
    routes?: Record<string, StubHandler>;
    language?: 'es' | 'en';
    user?: CurrentUser;
  } = {},
) {
  const server = schoolAdminServer(options.data ?? SCHOOL_DATA, options.routes);
  return renderSite(options.path ?? '/schooladmin', {
    user: options.user ?? SCHOOL_ADMIN,
    routes: server.routes,
    language: options.language,
  });
}

const calls = (all: readonly StubCall[], path: string) =>
  all.filter((call) => call.method === 'POST' && call.path === path);

// The browser keeps cookies from test to test: each starts without a remembered place.
const forgetPlaces = () => {
  for (const name of Object.values(REMEMBERED_CHOICES)) document.cookie = `${name}=; path=/; max-age=0`;
};
beforeEach(() => {
  localStorage.removeItem(SCHOOL_ADMIN_SIDEBAR_KEY);
  forgetPlaces();
});
afterEach(async () => {
  forgetPlaces();
  await page.viewport(1024, 768);
});

/** The country, department and city cookies, as they are now. */
const rememberedPlace = () => ({
  country: readCookie(REMEMBERED_CHOICES.country),
  territorialEntity: readCookie(REMEMBERED_CHOICES.territorialEntity),
  city: readCookie(REMEMBERED_CHOICES.city),
});

/** Cookies as an earlier visit (or anything else) left them. */
function leavePlace(values: { country?: string; territorialEntity?: string; city?: string }) {
  for (const [choice, value] of Object.entries(values))
    writeCookie(REMEMBERED_CHOICES[choice as keyof typeof values], value, 5000);
}

describe('a school admin without a school', () => {
  it('registers the school: no menu yet, Colombia preselected, then its departments and their cities', async () => {
    const { screen, calls: sent } = await open({ data: NO_SCHOOL });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Registra tu colegio' }))
      .toBeVisible();
    await expect.poll(() => document.title).toBe('Registra tu colegio · Kib');
    await expect.element(screen.getByText('Hola, Marta')).toBeVisible();
    expect(
      screen.getByRole('navigation', { name: 'Menú del administrador del colegio' }).elements(),
    ).toHaveLength(0);

    const form = screen.getByRole('form', { name: 'Datos del colegio' });
    await expect.element(form.getByLabelText('País')).toHaveValue('47');
    const department = form.getByLabelText('Departamento');
    await expect.element(department).toBeVisible();
    const city = form.getByLabelText('Ciudad');
    await expect.element(city).toBeDisabled();
    await expect
      .element(city)
      .toHaveAccessibleDescription('Elige primero el departamento: verás sus ciudades.');
    expect(await axeViolations()).toEqual([]);

    await department.selectOptions('Boyacá');
    await expect.element(city).toBeEnabled();
    const options = () =>
      Array.from((city.element() as HTMLSelectElement).options).map((option) => option.textContent);
    expect(options()).toEqual(['Elige la ciudad', 'Tunja', 'Sogamoso']);
    await department.selectOptions('Antioquia');
    expect(options()).toEqual(['Elige la ciudad', 'Abejorral', 'Medellín']);
    await city.selectOptions('Medellín');

    await form.getByLabelText('Nombre de la institución').fill('  Colegio Kib de Medellín ');
    await form.getByLabelText('Dirección').fill('Calle 10 # 43-12');
    await form.getByLabelText('Correo electrónico').fill('rectoria@colegiokib.edu.co');
    await form.getByLabelText('Teléfono').fill('604 444-1234');
    await form.getByRole('button', { name: 'Registrar colegio' }).click();

    await expect.element(screen.getByText('¡Institución registrada!')).toBeVisible();
    await expect.poll(() => document.activeElement?.textContent).toContain('¡Institución registrada!');
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Activa el plan de tu colegio' }))
      .toBeVisible();
    expect(calls(sent, 'registerSchool/').map((call) => call.body)).toEqual([
      {
        institutionName: 'Colegio Kib de Medellín',
        countryId: 47,
        territorialEntityId: 5,
        cityId: 5001,
        address: 'Calle 10 # 43-12',
        email: 'rectoria@colegiokib.edu.co',
        telephone: '6044441234',
      },
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it("says what is missing or wrong under each field, in the spec's words, before sending", async () => {
    const { screen, calls: sent } = await open({ data: NO_SCHOOL });
    const form = screen.getByRole('form', { name: 'Datos del colegio' });
    await form.getByLabelText('Correo electrónico').fill('rectoria@colegio');
    await form.getByLabelText('Teléfono').fill('+57 604 444');
    await form.getByRole('button', { name: 'Registrar colegio' }).click();

    const described = async (label: string, text: string) =>
      expect.element(form.getByLabelText(label)).toHaveAccessibleDescription(new RegExp(text));
    await described('Nombre de la institución', 'Escribe el nombre de la institución');
    await described('Departamento', 'Elige un departamento del país elegido');
    await described('Ciudad', 'Elige la ciudad');
    await described('Correo electrónico', 'Escribe un correo electrónico válido');
    await described('Teléfono', 'Escribe el teléfono solo con números, sin indicativo de país ni espacios');
    await expect.element(form.getByLabelText('Nombre de la institución')).toHaveFocus();
    await expect.element(form.getByLabelText('Dirección')).not.toHaveAttribute('aria-invalid');

    // A country chosen away: the country itself is asked for.
    await form.getByLabelText('País').selectOptions('Elige el país');
    await form.getByRole('button', { name: 'Registrar colegio' }).click();
    await described('País', 'Elige el país');
    await expect
      .element(form.getByLabelText('Ciudad'))
      .toHaveAccessibleDescription(/Elige primero el país\./);
    expect(calls(sent, 'registerSchool/')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('lists the cities of a country without departments at once, and says when a country has none', async () => {
    const { screen, calls: sent } = await open({ data: NO_SCHOOL });
    const form = screen.getByRole('form', { name: 'Datos del colegio' });
    await form.getByLabelText('País').selectOptions('Ecuador');
    await expect.element(form.getByLabelText('Departamento')).not.toBeInTheDocument();
    const city = form.getByLabelText('Ciudad');
    await expect.element(city).toBeEnabled();
    await city.selectOptions('Quito');
    expect(
      sent.filter((call) => call.path === 'get-country-data/').map((c) => c.query.get('country')),
    ).toEqual(['47', '63']);

    await form.getByLabelText('País').selectOptions('Argentina');
    await expect
      .element(form.getByLabelText('Ciudad'))
      .toHaveAccessibleDescription('Aún no tenemos las ciudades de este país. Escríbenos y las agregamos.');
    await expect.element(form.getByLabelText('Ciudad')).toBeDisabled();
  });

  it("puts the server's refusal under its field, and any other in an alert", async () => {
    let answer = refusal(400, 'validation', 'Revisa los campos marcados.', {
      city_id: ['Esa ciudad no queda en el país o el departamento elegido'],
    });
    const { screen } = await open({ data: NO_SCHOOL, routes: { 'POST registerSchool/': () => answer } });
    const form = screen.getByRole('form', { name: 'Datos del colegio' });
    await form.getByLabelText('Nombre de la institución').fill('Colegio Kib');
    await form.getByLabelText('Departamento').selectOptions('Antioquia');
    await form.getByLabelText('Ciudad').selectOptions('Medellín');
    await form.getByLabelText('Correo electrónico').fill('rectoria@colegiokib.edu.co');
    await form.getByLabelText('Teléfono').fill('6044441234');
    await form.getByRole('button', { name: 'Registrar colegio' }).click();
    await expect
      .element(form.getByLabelText('Ciudad'))
      .toHaveAccessibleDescription(/Esa ciudad no queda en el país o el departamento elegido/);
    expect(form.getByRole('alert').elements()).toHaveLength(0);

    answer = refusal(
      409,
      'school-already-registered',
      'Ya registraste un colegio con esta cuenta; cada administrador registra un solo colegio.',
    );
    await form.getByRole('button', { name: 'Registrar colegio' }).click();
    await expect
      .element(form.getByRole('alert'))
      .toHaveTextContent(
        'Ya registraste un colegio con esta cuenta; cada administrador registra un solo colegio.',
      );
  });
});

describe('the registration form, opened again (spec 01 §9)', () => {
  it('opens on the country, department and city chosen last, and registers with them', async () => {
    const first = await open({ data: NO_SCHOOL });
    const form = first.screen.getByRole('form', { name: 'Datos del colegio' });
    await form.getByLabelText('Departamento').selectOptions('Antioquia');
    expect(rememberedPlace()).toEqual({ country: '47', territorialEntity: '5', city: null });
    await form.getByLabelText('Ciudad').selectOptions('Medellín');
    expect(rememberedPlace()).toEqual({ country: '47', territorialEntity: '5', city: '5001' });
    await form.getByLabelText('País').selectOptions('Ecuador');
    expect(rememberedPlace()).toEqual({ country: '63', territorialEntity: null, city: null });
    await form.getByLabelText('Ciudad').selectOptions('Quito');
    expect(rememberedPlace()).toEqual({ country: '63', territorialEntity: null, city: '90002' });
    await form.getByLabelText('País').selectOptions('Colombia');
    await form.getByLabelText('Departamento').selectOptions('Antioquia');
    await form.getByLabelText('Ciudad').selectOptions('Medellín');
    expect(rememberedPlace()).toEqual({ country: '47', territorialEntity: '5', city: '5001' });
    await first.screen.unmount();

    const { screen, calls: sent } = await open({ data: NO_SCHOOL });
    const again = screen.getByRole('form', { name: 'Datos del colegio' });
    await expect.element(again.getByLabelText('País')).toHaveValue('47');
    await expect.element(again.getByLabelText('Departamento')).toHaveValue('5');
    await expect.element(again.getByLabelText('Ciudad')).toHaveValue('5001');
    await expect.element(again.getByLabelText('Ciudad')).toBeEnabled();
    expect(await axeViolations()).toEqual([]);
    await again.getByLabelText('Nombre de la institución').fill('Colegio Kib');
    await again.getByLabelText('Correo electrónico').fill('rectoria@colegiokib.edu.co');
    await again.getByLabelText('Teléfono').fill('6044441234');
    await again.getByRole('button', { name: 'Registrar colegio' }).click();
    await expect.element(screen.getByText('¡Institución registrada!')).toBeVisible();
    expect(calls(sent, 'registerSchool/').map((call) => call.body)).toEqual([
      expect.objectContaining({ countryId: 47, territorialEntityId: 5, cityId: 5001 }),
    ]);
  });

  it('opens on a remembered country without departments, its city chosen', async () => {
    leavePlace({ country: '63', city: '90001' });
    const { screen } = await open({ data: NO_SCHOOL, language: 'en' });
    const form = screen.getByRole('form', { name: 'School details' });
    await expect.element(form.getByLabelText('Country')).toHaveValue('63');
    await expect.element(form.getByLabelText('City')).toHaveValue('90001');
    expect(form.getByLabelText('Department').query()).toBeNull();
  });

  it('empties the department and city when another country is chosen, not back to the remembered ones', async () => {
    leavePlace({ country: '47', territorialEntity: '5', city: '5001' });
    const { screen, calls: sent } = await open({ data: NO_SCHOOL });
    const form = screen.getByRole('form', { name: 'Datos del colegio' });
    await expect.element(form.getByLabelText('Ciudad')).toHaveValue('5001');
    await form.getByLabelText('País').selectOptions('Ecuador');
    await expect.element(form.getByLabelText('Ciudad')).toHaveValue('');
    await form.getByLabelText('País').selectOptions('Colombia');
    await expect.element(form.getByLabelText('Departamento')).toHaveValue('');
    await expect.element(form.getByLabelText('Ciudad')).toBeDisabled();
    await form.getByLabelText('Departamento').selectOptions('Boyacá');
    await expect.element(form.getByLabelText('Ciudad')).toHaveValue('');
    await form.getByRole('button', { name: 'Registrar colegio' }).click();
    await expect.element(form.getByLabelText('Ciudad')).toHaveAccessibleDescription(/Elige la ciudad/);
    expect(calls(sent, 'registerSchool/')).toEqual([]);
    expect(rememberedPlace()).toEqual({ country: '47', territorialEntity: '15', city: null });
  });

  it.each([
    ['a country no longer listed', { country: '999', territorialEntity: '5', city: '5001' }, '47', '', ''],
    [
      'a department the country does not have',
      { country: '47', territorialEntity: '99', city: '5001' },
      '47',
      '',
      '',
    ],
    [
      'a city of another department',
      { country: '47', territorialEntity: '15', city: '5001' },
      '47',
      '15',
      '',
    ],
    ['malformed values', { country: 'CO', territorialEntity: '5.0', city: '' }, '47', '', ''],
  ])('ignores %s', async (_case, cookies, country, department, city) => {
    leavePlace(cookies);
    const { screen, calls: sent } = await open({ data: NO_SCHOOL });
    const form = screen.getByRole('form', { name: 'Datos del colegio' });
    await expect.element(form.getByLabelText('País')).toHaveValue(country);
    await expect.element(form.getByLabelText('Departamento')).toHaveValue(department);
    await expect.element(form.getByLabelText('Ciudad')).toHaveValue(city);
    // Only the countries listed are asked for.
    expect(
      sent.filter((call) => call.path === 'get-country-data/').map((call) => call.query.get('country')),
    ).toEqual(['47']);
  });
});

describe('a registered school without a plan', () => {
  it('asks for the school code, says where it comes from, and puts a refusal under the field', async () => {
    const { screen, calls: sent } = await open({
      data: NO_PLAN,
      routes: {
        'POST setSchoolRegCode/': refusal(
          404,
          'school-code-invalid',
          'Ese código de colegio no existe. Revisa que esté bien escrito.',
          {
            reg_code: ['Ese código de colegio no existe. Revisa que esté bien escrito.'],
          },
        ),
      },
    });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Activa el plan de tu colegio' }))
      .toBeVisible();
    await expect.element(screen.getByText('Colegio Kib de Medellín')).toBeVisible();
    await expect
      .element(
        screen.getByText('el administrador de la plataforma lo crea para tu colegio', { exact: false }),
      )
      .toBeVisible();
    expect(
      screen.getByRole('navigation', { name: 'Menú del administrador del colegio' }).elements(),
    ).toHaveLength(0);
    const form = screen.getByRole('form', { name: 'Escribe el código de colegio' });
    const field = form.getByLabelText('Código de colegio');
    await field.fill(' k7p 2qx ');
    await form.getByRole('button', { name: 'Activar el plan' }).click();
    await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field).toHaveAccessibleDescription(/Ese código de colegio no existe\./);
    await expect.element(field).toHaveFocus();
    expect(form.getByRole('alert').elements()).toHaveLength(0);
    expect(calls(sent, 'setSchoolRegCode/').map((call) => call.body)).toEqual([
      { institutionId: 2, regCode: 'K7P2QX' },
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('opens the dashboard on its home once the code is redeemed, saying so, with the menu', async () => {
    const { screen, router } = await open({ data: NO_PLAN });
    const form = screen.getByRole('form', { name: 'Escribe el código de colegio' });
    await form.getByLabelText('Código de colegio').fill('K7P2QX');
    await form.getByRole('button', { name: 'Activar el plan' }).click();
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Colegio Kib de Medellín' }))
      .toBeVisible();
    await expect
      .element(screen.getByText('¡Listo! El plan de tu colegio está activo.', { exact: false }))
      .toBeVisible();
    // The school has no teachers, but the admin is already on the home: it stays there.
    expect(router.state.location.pathname).toBe('/schooladmin');
    const nav = screen.getByRole('navigation', { name: 'Menú del administrador del colegio' });
    await expect.element(nav.getByRole('link', { name: 'Códigos de registro' })).toBeVisible();
  });

  it('checks that a code is typed before sending', async () => {
    const { screen, calls: sent } = await open({ data: NO_PLAN });
    await screen.getByRole('button', { name: 'Activar el plan' }).click();
    await expect
      .element(screen.getByRole('textbox', { name: 'Código de colegio' }))
      .toHaveAccessibleDescription(/Este campo es obligatorio\./);
    expect(calls(sent, 'setSchoolRegCode/')).toEqual([]);
  });
});

describe('the dashboard home', () => {
  it('greets the admin and shows the school, its plan, its students against the plan and its teachers', async () => {
    const { screen } = await open();
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Colegio Kib de Medellín' }))
      .toBeVisible();
    await expect.poll(() => document.title).toBe('Colegio Kib de Medellín · Kib');
    await expect.element(screen.getByText('Hola, Marta')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menú del administrador del colegio' });
    expect(
      nav
        .getByRole('link')
        .elements()
        .map((link) => link.textContent?.trim()),
    ).toEqual(['Inicio', 'Profesores', 'Salones', 'Códigos de registro']);
    await expect.element(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');

    const plan = screen.getByRole('region', { name: 'Plan' });
    await expect.element(plan.getByText('Activo')).toBeVisible();
    await expect.element(plan.getByText(dmy(12, 31))).toBeVisible();
    const meter = plan.getByRole('meter', { name: 'Estudiantes: 120 de 300' });
    await expect.element(meter).toHaveAttribute('aria-valuenow', '120');
    await expect.element(meter).toHaveAttribute('aria-valuemax', '300');
    await expect
      .element(plan.getByRole('link', { name: '2 profesores' }))
      .toHaveAttribute('href', '/schooladmin/teachers');

    const details = screen.getByRole('region', { name: 'Datos del colegio' });
    await expect.element(details.getByText('Medellín, Antioquia, Colombia')).toBeVisible();
    await expect.element(details.getByText('Calle 10 # 43-12')).toBeVisible();
    await expect.element(details.getByText('rectoria@colegiokib.edu.co')).toBeVisible();
    await expect.element(details.getByText('6044441234')).toBeVisible();

    const redeemed = screen.getByRole('table', { name: 'Códigos de colegio canjeados' });
    await expect.element(redeemed.getByRole('rowheader', { name: 'K7P2QX' })).toBeVisible();
    await expect.element(redeemed.getByText('Vigente', { exact: true })).toBeVisible();
    expect(screen.getByRole('alert').elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('says why teachers are held back when the plan is full, and redeems another code there', async () => {
    const full = {
      ...SCHOOL_DATA,
      subscription: { ...SUBSCRIPTION, status: 'full' as const, students: 300 },
    };
    const { screen, calls: sent } = await open({ data: full });
    await expect.element(screen.getByText('El plan está lleno.')).toBeVisible();
    await expect
      .element(screen.getByText('los profesores no pueden agregar más estudiantes', { exact: false }))
      .toBeVisible();
    await expect.element(screen.getByRole('region', { name: 'Plan' }).getByText('Lleno')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    const form = screen.getByRole('form', { name: 'Canjear otro código de colegio' });
    await form.getByLabelText('Código de colegio').fill('MORE22');
    await form.getByRole('button', { name: 'Canjear código' }).click();
    await expect
      .element(screen.getByText('Código canjeado: el plan del colegio suma sus estudiantes y su tiempo.'))
      .toBeVisible();
    expect(calls(sent, 'setSchoolRegCode/').map((call) => call.body)).toEqual([
      { institutionId: 2, regCode: 'MORE22' },
    ]);
    // The answer's plan replaces the full one.
    await expect.element(screen.getByText('El plan está lleno.')).not.toBeInTheDocument();
  });

  it('says when the plan ended and what teachers cannot do until a new code', async () => {
    const ended = {
      ...SCHOOL_DATA,
      subscription: { ...SUBSCRIPTION, status: 'ended' as const, planValidUntil: '2029-12-31T12:00:00.000Z' },
    };
    const { screen } = await open({ data: ended });
    await expect.element(screen.getByText('El plan terminó el 31-12-2029.')).toBeVisible();
    await expect
      .element(screen.getByText('no pueden usar sus salones ni sus módulos', { exact: false }))
      .toBeVisible();
    const plan = screen.getByRole('region', { name: 'Plan' });
    await expect.element(plan.getByText('Terminado')).toBeVisible();
    await expect.element(plan.getByText('Terminó el')).toBeVisible();
    await expect.element(screen.getByRole('form', { name: 'Canjear otro código de colegio' })).toBeVisible();
  });

  it('starts on the registration codes the first time a school without teachers opens, and not after', async () => {
    const { screen, router } = await open({ data: NO_TEACHERS });
    await expect.poll(() => router.state.location.pathname).toBe('/schooladmin/codes');
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Códigos de registro' }))
      .toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menú del administrador del colegio' });
    await nav.getByRole('link', { name: 'Inicio' }).click();
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Colegio Kib de Medellín' }))
      .toBeVisible();
    expect(router.state.location.pathname).toBe('/schooladmin');
    await expect
      .element(screen.getByText('El colegio aún no tiene profesores', { exact: false }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Ir a los códigos de registro' }))
      .toHaveAttribute('href', '/schooladmin/codes');
  });

  it('speaks English too', async () => {
    const { screen } = await open({ language: 'en' });
    await expect.element(screen.getByText('Hi, Marta')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'School administrator menu' });
    await expect.element(nav.getByRole('link', { name: 'Registration codes' })).toBeVisible();
    const plan = screen.getByRole('region', { name: 'Plan' });
    await expect.element(plan.getByRole('meter', { name: 'Students: 120 of 300' })).toBeVisible();
    await expect.element(plan.getByText('Active')).toBeVisible();
    await expect.element(plan.getByText('Valid until')).toBeVisible();
    await expect.element(screen.getByRole('form', { name: 'Redeem another school code' })).toBeVisible();
  });

  it('says when the data could not be loaded, and asks again', async () => {
    let answer = refusal(500, 'internal', 'Algo salió mal. Intenta de nuevo.');
    const server = schoolAdminServer(SCHOOL_DATA);
    const { screen } = await renderSite('/schooladmin', {
      user: SCHOOL_ADMIN,
      routes: { ...server.routes, 'POST getSchoolAdminData/': () => answer },
    });
    // A failure of the server is asked once more before it is said.
    await expect
      .element(screen.getByRole('alert'), { timeout: 15_000 })
      .toHaveTextContent('No pudimos cargar los datos del colegio.');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mi colegio' })).toBeVisible();
    answer = { body: SCHOOL_DATA };
    await screen.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Colegio Kib de Medellín' }))
      .toBeVisible();
  });

  it('fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await open();
    await expect.element(screen.getByRole('region', { name: 'Plan' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the area, for somebody else', () => {
  it('tells a reader who is not a school admin that it is not for them, and leads to their own area', async () => {
    const { screen, calls: sent } = await open({ user: STUDENT });
    await expect
      .element(
        screen.getByRole('heading', { level: 1, name: 'Esta página es para administradores de colegio' }),
      )
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Ir a mi área' }))
      .toHaveAttribute('href', '/student');
    expect(calls(sent, 'getSchoolAdminData/')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('says the same when the server refuses the account', async () => {
    const { screen } = await open({
      routes: { 'POST getSchoolAdminData/': refusal(403, 'forbidden', 'No tienes permiso.') },
    });
    await expect
      .element(
        screen.getByRole('heading', { level: 1, name: 'Esta página es para administradores de colegio' }),
      )
      .toBeVisible();
  });
});
