import type { CurrentUser } from '@kib/api-client';
import type { SchoolCode } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import {
  axeViolations,
  renderSite,
  STUDENT,
  type StubCall,
  type StubHandler,
  watchClipboard,
} from '../../test/render-site';
import { endOfDayIso } from './schools-form';

const ADMIN: CurrentUser = {
  ...STUDENT,
  id: 3,
  email: 'platformadmin@demo.kib',
  firstName: 'Paula',
  lastName: 'Ramírez',
  groups: ['Platform Admin'],
};

/** A year whose days are still ahead, so the fixtures and the typed days stay in the future. */
const YEAR = new Date().getFullYear() + 2;

/** The last second of a local day, as the API answers it: it shows as that day in any time zone. */
const endOf = (month: number, day: number, year = YEAR) =>
  new Date(year, month - 1, day, 23, 59, 59).toISOString();

const CODE: SchoolCode = {
  id: 1,
  code: 'K7P2QX',
  institutionName: 'Colegio San José',
  numberOfStudents: 300,
  codeValidUntil: endOf(6, 30),
  planValidUntil: endOf(12, 31),
  createdAt: '2025-01-10T15:00:00Z',
  revokedAt: null,
  status: 'unused',
  institution: null,
};

const CODES: SchoolCode[] = [
  CODE,
  { ...CODE, id: 2, code: 'EXP123', institutionName: 'Liceo del Valle', status: 'code-expired' },
  {
    ...CODE,
    id: 3,
    code: 'ACT456',
    institutionName: 'Colegio Nuevo Horizonte',
    numberOfStudents: 200,
    status: 'active',
    institution: { id: 11, name: 'Colegio Nuevo Horizonte de Tunja', teachers: 3, students: 120 },
  },
  {
    ...CODE,
    id: 4,
    code: 'OVR222',
    institutionName: 'Instituto Técnico',
    numberOfStudents: 100,
    status: 'active',
    institution: { id: 12, name: 'Instituto Técnico Industrial', teachers: 1, students: 130 },
  },
  {
    ...CODE,
    id: 5,
    code: 'END789',
    institutionName: 'Escuela Normal',
    numberOfStudents: 50,
    status: 'plan-ended',
    institution: { id: 13, name: 'Escuela Normal Superior', teachers: 2, students: 40 },
  },
  {
    ...CODE,
    id: 6,
    code: 'REV000',
    institutionName: '<b>Gimnasio</b> Los Andes',
    status: 'revoked',
    revokedAt: new Date(YEAR - 2, 2, 4, 10, 0).toISOString(),
  },
];

const pad = (n: number) => String(n).padStart(2, '0');
const dmy = (month: number, day: number, year = YEAR) => `${pad(day)}-${pad(month)}-${year}`;

/** The list as the server answers it: the codes whose code, institution or school holds the search. */
const list =
  (codes: readonly SchoolCode[]): StubHandler =>
  ({ query }) => {
    const search = (query.get('search') ?? '').toLowerCase();
    return {
      body: {
        codes: codes.filter((c) =>
          [c.code, c.institutionName, c.institution?.name ?? ''].some((text) =>
            text.toLowerCase().includes(search),
          ),
        ),
      },
    };
  };

const LIST = { 'GET platform/school-codes/': list(CODES) };

/** The Schools page as the seeded platform admin opens it, with extra answers of the API. */
const open = (routes: Record<string, StubHandler> = {}, language: 'es' | 'en' = 'es') =>
  renderSite('/platformAdmin/schools', { user: ADMIN, routes: { ...LIST, ...routes }, language });

const listCalls = (calls: readonly StubCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === 'platform/school-codes/');
const changes = (calls: readonly StubCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path.startsWith('platform/school-codes/'));

const clipboard = watchClipboard();

describe('the school codes page', () => {
  it('is the area’s landing and the first entry of its menu, before LMS connections', async () => {
    const { screen, router } = await renderSite('/platformAdmin', { user: ADMIN, routes: LIST });
    await expect.poll(() => router.state.location.pathname).toBe('/platformAdmin/schools');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Colegios' })).toBeVisible();
    expect(document.title).toBe('Colegios · Kib');
    const nav = screen.getByRole('navigation', { name: 'Menú de administración de la plataforma' });
    const links = nav
      .getByRole('link')
      .elements()
      .map((link) => link.textContent?.trim());
    expect(links.indexOf('Colegios')).toBeGreaterThanOrEqual(0);
    expect(links.indexOf('Colegios')).toBeLessThan(links.indexOf('Conexiones LMS'));
    await expect.element(nav.getByRole('link', { name: 'Colegios' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Conexiones LMS' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/platformAdmin/lms');
  });

  it('lists every code with its dates, its state in words, and its school’s use of the plan', async () => {
    const { screen } = await open();
    const table = screen.getByRole('table', { name: 'Lista de códigos de colegio' });
    await expect.element(table.getByRole('rowheader', { name: /K7P2QX/ })).toBeVisible();
    const row = (code: string) => table.getByRole('row', { name: new RegExp(code) });

    const unused = row('K7P2QX');
    await expect.element(unused.getByText('Colegio San José')).toBeVisible();
    await expect.element(unused.getByRole('cell', { name: '300', exact: true })).toBeVisible();
    await expect.element(unused.getByText(dmy(6, 30))).toBeVisible();
    await expect.element(unused.getByText(dmy(12, 31))).toBeVisible();
    await expect.element(unused.getByText('Sin usar')).toBeVisible();
    await expect.element(unused.getByText('Ningún colegio lo ha usado')).toBeInTheDocument();

    await expect.element(row('EXP123').getByText('Código vencido')).toBeVisible();
    await expect.element(row('END789').getByText('Plan terminado')).toBeVisible();
    const revoked = row('REV000');
    await expect.element(revoked.getByText('Revocado', { exact: true })).toBeVisible();
    await expect.element(revoked.getByText(`El ${dmy(3, 4, YEAR - 2)}`)).toBeVisible();
    // An institution's name is text, never markup.
    await expect.element(revoked.getByText('<b>Gimnasio</b> Los Andes')).toBeVisible();
    // A revoked code cannot be revoked again.
    expect(revoked.getByRole('button', { name: /Revocar/ }).elements()).toHaveLength(0);
    await expect.element(row('K7P2QX').getByRole('button', { name: 'Revocar K7P2QX' })).toBeVisible();

    const active = row('ACT456');
    await expect.element(active.getByText('Plan vigente')).toBeVisible();
    await expect.element(active.getByText('Colegio Nuevo Horizonte de Tunja')).toBeVisible();
    await expect.element(active.getByText('3 profesores')).toBeVisible();
    const meter = active.getByRole('meter', { name: 'Estudiantes: 120 de 200' });
    await expect.element(meter).toHaveAttribute('aria-valuenow', '120');
    await expect.element(meter).toHaveAttribute('aria-valuemax', '200');
    expect(active.getByText(/Supera el plan/).elements()).toHaveLength(0);

    const over = row('OVR222');
    await expect.element(over.getByText('1 profesor', { exact: true })).toBeVisible();
    await expect
      .element(over.getByRole('meter', { name: 'Estudiantes: 130 de 100' }))
      .toHaveAttribute('aria-valuenow', '100');
    await expect.element(over.getByText('Supera el plan en 30 estudiantes')).toBeVisible();

    await row('ACT456').getByRole('button', { name: 'Copiar ACT456' }).click();
    expect(clipboard.copied).toEqual(['ACT456']);
    expect(await axeViolations()).toEqual([]);
  });

  it('says when there are no codes yet', async () => {
    const { screen } = await open({ 'GET platform/school-codes/': { body: { codes: [] } } });
    await expect
      .element(
        screen.getByText('Aún no hay códigos de colegio. Crea el primero con el formulario de arriba.'),
      )
      .toBeVisible();
    expect(screen.getByRole('table').elements()).toHaveLength(0);
  });

  it('sends the search as `search`, a moment after typing or at once with Enter, and says when nothing matches', async () => {
    const { screen, calls } = await open();
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    await expect.element(screen.getByRole('table', { name: 'Lista de códigos de colegio' })).toBeVisible();
    await search.fill('horizonte');
    await expect.poll(() => listCalls(calls).map((c) => c.query.get('search'))).toContain('horizonte');
    const table = screen.getByRole('table', { name: 'Lista de códigos de colegio' });
    await expect.poll(() => table.getByRole('rowheader').elements().length).toBe(1);
    await expect.element(table.getByRole('rowheader', { name: /ACT456/ })).toBeVisible();
    // The first call of the page sends no search at all.
    expect(listCalls(calls)[0]?.query.has('search')).toBe(false);

    await search.fill('Tunja ');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => listCalls(calls).map((c) => c.query.get('search'))).toContain('Tunja');

    await search.fill('zzz');
    await expect.element(screen.getByText('Ningún código coincide con «zzz».')).toBeVisible();
    expect(screen.getByRole('table').elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });
});

describe('a new school code', () => {
  const fill = async (screen: Awaited<ReturnType<typeof open>>['screen'], values: Record<string, string>) => {
    const form = screen.getByRole('form', { name: 'Nuevo código de colegio' });
    for (const [label, value] of Object.entries(values)) await form.getByLabelText(label).fill(value);
    return form;
  };

  it('sends the days as the end of each local day, shows the new code to copy, empties the form and reads the list again', async () => {
    const made: SchoolCode = { ...CODE, id: 9, code: 'Q4W8ZT', institutionName: 'Colegio Boyacá' };
    const { screen, calls } = await open({ 'POST platform/school-codes/': { status: 201, body: made } });
    await expect.element(screen.getByRole('table', { name: 'Lista de códigos de colegio' })).toBeVisible();
    const form = await fill(screen, {
      'Nombre de la institución': 'Colegio Boyacá',
      'Número de estudiantes': '450',
      'Código válido hasta': `${YEAR}-03-15`,
      'Plan válido hasta': `${YEAR + 1}-03-15`,
    });
    await form.getByRole('button', { name: 'Crear código' }).click();

    await expect.element(screen.getByText('Q4W8ZT', { exact: true })).toBeVisible();
    await expect.element(screen.getByText('Código del colegio:', { exact: false })).toBeVisible();
    await expect
      .element(screen.getByText('Listo: el código para Colegio Boyacá está creado.', { exact: false }))
      .toBeVisible();
    expect(changes(calls)).toHaveLength(1);
    expect(changes(calls)[0]?.body).toEqual({
      institutionName: 'Colegio Boyacá',
      numberOfStudents: 450,
      codeValidUntil: new Date(YEAR, 2, 15, 23, 59, 59).toISOString(),
      planValidUntil: new Date(YEAR + 1, 2, 15, 23, 59, 59).toISOString(),
    });
    await screen.getByRole('button', { name: 'Copiar el código' }).click();
    expect(clipboard.copied).toEqual(['Q4W8ZT']);
    await expect.element(form.getByLabelText('Nombre de la institución')).toHaveValue('');
    await expect.element(form.getByLabelText('Número de estudiantes')).toHaveValue(null);
    await expect.element(form.getByLabelText('Código válido hasta')).toHaveValue('');
    await expect.poll(() => listCalls(calls).length).toBeGreaterThanOrEqual(2);
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Cerrar' }).click();
    await expect.element(screen.getByText('Código del colegio:', { exact: false })).not.toBeInTheDocument();
  });

  it('checks the form with the core schema before sending: required fields, a number of students, the plan after the code', async () => {
    const { screen, calls } = await open();
    const form = screen.getByRole('form', { name: 'Nuevo código de colegio' });
    await form.getByRole('button', { name: 'Crear código' }).click();
    for (const label of [
      'Nombre de la institución',
      'Número de estudiantes',
      'Código válido hasta',
      'Plan válido hasta',
    ])
      await expect
        .element(form.getByLabelText(label))
        .toHaveAccessibleDescription(/Este campo es obligatorio\./);
    await expect.element(form.getByLabelText('Nombre de la institución')).toHaveFocus();

    await fill(screen, {
      'Nombre de la institución': 'Colegio Boyacá',
      'Número de estudiantes': '0',
      'Código válido hasta': `${YEAR}-06-30`,
      'Plan válido hasta': `${YEAR}-06-29`,
    });
    await form.getByRole('button', { name: 'Crear código' }).click();
    await expect
      .element(form.getByLabelText('Número de estudiantes'))
      .toHaveAccessibleDescription(/Este valor no es válido\./);
    await expect
      .element(form.getByLabelText('Plan válido hasta'))
      .toHaveAccessibleDescription(/El plan no puede terminar antes de que venza el código\./);
    await expect.element(form.getByLabelText('Plan válido hasta')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(form.getByLabelText('Nombre de la institución')).not.toHaveAttribute('aria-invalid');
    expect(changes(calls)).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it("shows the server's first message under its field, and any other failure in an alert", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        code: 'validation',
        detail: 'Revisa los campos marcados.',
        fields: { code_valid_until: ['La fecha ya pasó.', 'Otro mensaje.'] },
      },
    };
    const { screen } = await open({ 'POST platform/school-codes/': () => answer });
    const form = await fill(screen, {
      'Nombre de la institución': 'Colegio Boyacá',
      'Número de estudiantes': '450',
      'Código válido hasta': `${YEAR}-03-15`,
      'Plan válido hasta': `${YEAR}-03-15`,
    });
    await form.getByRole('button', { name: 'Crear código' }).click();
    const code = form.getByLabelText('Código válido hasta');
    await expect.element(code).toHaveAccessibleDescription(/La fecha ya pasó\./);
    expect(code.element().getAttribute('aria-describedby')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Otro mensaje.');
    await expect.element(code).toHaveFocus();
    expect(form.getByRole('alert').elements()).toHaveLength(0);

    answer = {
      status: 409,
      body: { code: 'conflict', detail: 'No pudimos crear un código único. Intenta de nuevo.' },
    };
    await form.getByRole('button', { name: 'Crear código' }).click();
    await expect
      .element(form.getByRole('alert'))
      .toHaveTextContent('No pudimos crear un código único. Intenta de nuevo.');
    // The form keeps what was typed.
    await expect.element(form.getByLabelText('Nombre de la institución')).toHaveValue('Colegio Boyacá');
  });
});

describe('revoking a school code', () => {
  it('asks first: Cancel sends nothing; confirming revokes it, says so and reads the list again', async () => {
    const { screen, calls } = await open({
      'POST platform/school-codes/3/revoke/': {
        body: { ...CODES[2], status: 'revoked', revokedAt: new Date().toISOString() },
      },
    });
    await screen.getByRole('button', { name: 'Revocar ACT456' }).click();
    const dialog = screen.getByRole('dialog', { name: '¿Revocar el código ACT456?' });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(
        dialog.getByText(
          'Colegio Nuevo Horizonte de Tunja ya se registró con este código: su plan termina ahora',
          { exact: false },
        ),
      )
      .toBeVisible();
    await expect.element(dialog.getByText('No se puede deshacer', { exact: false })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(changes(calls)).toEqual([]);

    const before = listCalls(calls).length;
    await screen.getByRole('button', { name: 'Revocar ACT456' }).click();
    const again = screen.getByRole('dialog', { name: '¿Revocar el código ACT456?' });
    await again.getByRole('button', { name: 'Revocar' }).click();
    await expect.element(again).not.toBeInTheDocument();
    await expect.element(screen.getByText('El código ACT456 está revocado.')).toBeVisible();
    expect(changes(calls).map((c) => c.path)).toEqual(['platform/school-codes/3/revoke/']);
    await expect.poll(() => listCalls(calls).length).toBeGreaterThan(before);
  });

  it('explains an unused code, and keeps the dialog open with the failure when the server refuses', async () => {
    const { screen } = await open({
      'POST platform/school-codes/1/revoke/': {
        status: 404,
        body: { code: 'not-found', detail: 'Ese código no existe.' },
      },
    });
    await screen.getByRole('button', { name: 'Revocar K7P2QX' }).click();
    const dialog = screen.getByRole('dialog', { name: '¿Revocar el código K7P2QX?' });
    await expect.element(dialog.getByText('Ningún colegio podrá registrarse con este código.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Revocar' }).click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('Ese código no existe.');
  });
});

describe('the school codes page, elsewhere', () => {
  it('speaks English too', async () => {
    const { screen } = await open({}, 'en');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Schools' })).toBeVisible();
    await expect.element(screen.getByRole('form', { name: 'New school code' })).toBeVisible();
    await expect.element(screen.getByLabelText('Plan valid until')).toBeVisible();
    const table = screen.getByRole('table', { name: 'List of school codes' });
    await expect.element(table.getByText('Plan active').first()).toBeVisible();
    await expect.element(table.getByText('Code expired')).toBeVisible();
    await expect.element(table.getByText('Over the plan by 30 students')).toBeVisible();
    await expect.element(table.getByRole('meter', { name: 'Students: 120 of 200' })).toBeVisible();
    await expect.element(table.getByRole('button', { name: 'Revoke K7P2QX' })).toBeVisible();
  });

  it('fits a 360 px phone: the table scrolls inside its own box, never the page', async () => {
    await page.viewport(360, 740);
    const { screen } = await open();
    await expect
      .element(screen.getByRole('table', { name: 'Lista de códigos de colegio' }))
      .toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Lista de códigos de colegio' }).element();
    expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });

  it('tells a caller the server refuses (403) that the page is not for them', async () => {
    const { screen } = await open({
      'GET platform/school-codes/': {
        status: 403,
        body: { code: 'forbidden', detail: 'No tienes permiso.' },
      },
    });
    await expect
      .element(
        screen.getByRole('heading', {
          level: 1,
          name: 'Esta página es para administradores de la plataforma',
        }),
      )
      .toBeVisible();
  });
});

describe('endOfDayIso', () => {
  it('is the last second of the typed local day, and nothing for an empty or unreal day', () => {
    expect(endOfDayIso('2031-02-28')).toBe(new Date(2031, 1, 28, 23, 59, 59).toISOString());
    expect(endOfDayIso('2031-02-31')).toBeUndefined();
    expect(endOfDayIso('')).toBeUndefined();
    expect(endOfDayIso(undefined)).toBeUndefined();
  });
});
