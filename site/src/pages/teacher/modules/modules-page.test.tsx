import { formatDateDmy, type TeacherData } from '@kib/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite, type StubHandler, watchClipboard } from '../../../test/render-site';
import { NO_SCHOOL, refusal, TEACHER, TEACHER_DATA } from '../teacher-fixture';
import { TEACHER_SIDEBAR_KEY } from '../teacher-layout';
import { ECUACIONES, FUNCIONES, moduleServer } from './module-fixture';

/** The module list as the seeded teacher opens it, against the small module server. */
function open(
  options: {
    path?: string;
    data?: TeacherData;
    routes?: Record<string, StubHandler>;
    language?: 'es' | 'en';
    empty?: boolean;
  } = {},
) {
  const server = moduleServer({
    data: options.data,
    modules: options.empty ? [] : undefined,
    extra: options.routes,
  });
  return renderSite(options.path ?? '/teacher/modules', {
    user: TEACHER,
    routes: server.routes,
    language: options.language,
  });
}

/** The queries of every GET modules/ the page made. */
const listQueries = (calls: { method: string; path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === 'modules/').map((c) => Object.fromEntries(c.query));

const clipboard = watchClipboard();
beforeEach(() => {
  localStorage.removeItem(TEACHER_SIDEBAR_KEY);
});

describe('the module list', () => {
  it('is in the menu and lists the modules newest first with their facts, progress and codes', async () => {
    const { screen } = await open();
    const nav = screen.getByRole('navigation', { name: 'Menú del profesor' });
    await expect.element(nav.getByRole('link', { name: 'Módulos' })).toHaveAttribute('aria-current', 'page');
    await expect
      .element(nav.getByRole('link', { name: 'Módulos' }))
      .toHaveAttribute('href', '/teacher/modules');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis módulos' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Crear módulo' }))
      .toHaveAttribute('href', '/teacher/modules/new');

    const table = screen.getByRole('table', { name: 'Tus módulos, del más reciente al más antiguo' });
    await expect.element(table).toBeVisible();
    const rows = table.getByRole('row');
    await expect.poll(() => rows.elements().length).toBe(3);
    // The server answered the older one first; the list puts the newest first (spec 03 §9).
    expect(
      table
        .getByRole('rowheader')
        .elements()
        .map((e) => e.textContent),
    ).toEqual([FUNCIONES.name, ECUACIONES.name]);
    const funciones = rows.nth(1);
    await expect.element(funciones).toHaveTextContent(formatDateDmy(new Date(FUNCIONES.creationDate)));
    expect(formatDateDmy(new Date(FUNCIONES.creationDate))).toMatch(/^\d{2}-\d{2}-2030$/);
    await expect.element(funciones).toHaveTextContent('2 (Grado 10A, Grado 9B)');
    await expect.element(funciones.getByText('45 %')).toBeVisible();
    await expect.element(funciones.getByText('STU234')).toBeVisible();
    await expect.element(funciones.getByText('TEA567')).toBeVisible();
    await expect
      .element(funciones.getByRole('link', { name: 'Editar Funciones lineales' }))
      .toHaveAttribute('href', '/teacher/modules/21');
    await funciones.getByRole('button', { name: 'Copiar código de estudiantes Funciones lineales' }).click();
    await funciones.getByRole('button', { name: 'Copiar código de profesores Funciones lineales' }).click();
    expect(clipboard.copied).toEqual(['STU234', 'TEA567']);
    await expect.element(rows.nth(2).getByText('0 %')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('speaks English', async () => {
    const { screen } = await open({ language: 'en' });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'My modules' })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Create module' })).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Create activity codes Ecuaciones cuadráticas' }))
      .toBeVisible();
    await expect.element(screen.getByText('45%')).toBeVisible();
    await expect.element(screen.getByLabelText('Classroom')).toHaveDisplayValue('No filter');
  });

  it('sends the filters as the query of the list, and "no filter" takes one away', async () => {
    const { screen, calls, router } = await open();
    await expect.element(screen.getByRole('rowheader', { name: ECUACIONES.name })).toBeVisible();
    const classroom = screen.getByLabelText('Salón');
    await expect.element(classroom).toHaveDisplayValue('Sin filtro');
    await classroom.selectOptions('Grado 9B');
    await expect.element(screen.getByRole('rowheader', { name: ECUACIONES.name })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('rowheader', { name: FUNCIONES.name })).toBeVisible();

    await screen.getByLabelText('Creados desde').fill('2030-03-01');
    await screen.getByLabelText('Creados hasta').fill('2030-03-31');
    await expect
      .poll(() => listQueries(calls).at(-1))
      .toEqual({ classroom: '12', created_after: '2030-03-01', created_before: '2030-03-31' });
    expect(router.state.location.search).toBe('?classroom=12&after=2030-03-01&before=2030-03-31');
    expect(listQueries(calls)[0]).toEqual({});

    await classroom.selectOptions('Sin filtro');
    await expect
      .poll(() => listQueries(calls).at(-1))
      .toEqual({ created_after: '2030-03-01', created_before: '2030-03-31' });
    await screen.getByLabelText('Creados hasta').fill('2030-03-02');
    await expect.element(screen.getByText('Ningún módulo coincide con estos filtros.')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Quitar los filtros' }).click();
    await expect.element(screen.getByRole('rowheader', { name: ECUACIONES.name })).toBeVisible();
    // The unfiltered list was asked for first: it shows again from the cache.
    expect(router.state.location.search).toBe('');
    await expect.element(screen.getByLabelText('Creados desde')).toHaveValue('');
  });

  it('keeps the filters of the address on a reload', async () => {
    const { screen, calls } = await open({ path: '/teacher/modules?classroom=11&after=2030-02-01' });
    await expect.element(screen.getByLabelText('Salón')).toHaveDisplayValue('Grado 10A');
    await expect.element(screen.getByLabelText('Creados desde')).toHaveValue('2030-02-01');
    await expect.element(screen.getByRole('rowheader', { name: FUNCIONES.name })).toBeVisible();
    expect(listQueries(calls)).toEqual([{ classroom: '11', created_after: '2030-02-01' }]);
  });

  it('says what to do when the teacher has no modules', async () => {
    const { screen } = await open({ empty: true });
    await expect.element(screen.getByText('Todavía no tienes módulos.')).toBeVisible();
    await expect
      .element(screen.getByText('Crea el primero con «Crear módulo»', { exact: false }))
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('asks before deleting, in an accessible dialog: Escape and "No eliminar" keep the module', async () => {
    const { screen, calls } = await open();
    const deleteButton = screen.getByRole('button', { name: 'Eliminar Ecuaciones cuadráticas' });
    await deleteButton.click();
    const dialog = screen.getByRole('dialog', { name: '¿Seguro que quieres eliminar este módulo?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByText(ECUACIONES.name)).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'No eliminar' })).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
    // The page behind is inert: Tab stays in the dialog.
    await userEvent.tab();
    await expect.element(dialog.getByRole('button', { name: 'Sí, eliminar' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(deleteButton).toHaveFocus();

    await deleteButton.click();
    await screen.getByRole('button', { name: 'No eliminar' }).click();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(deleteButton).toHaveFocus();
    expect(calls.filter((c) => c.path === 'delete-module/')).toEqual([]);
  });

  it('deletes a module after "Sí, eliminar", says so and drops its row', async () => {
    const { screen, calls } = await open();
    await screen.getByRole('button', { name: 'Eliminar Funciones lineales' }).click();
    await screen.getByRole('dialog').getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    const notice = screen.getByRole('status').filter({ hasText: 'Eliminaste' });
    await expect.element(notice).toHaveTextContent('Eliminaste el módulo Funciones lineales.');
    await expect.element(screen.getByRole('rowheader', { name: FUNCIONES.name })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('rowheader', { name: ECUACIONES.name })).toBeVisible();
    expect(calls.filter((c) => c.path === 'delete-module/').map((c) => c.body)).toEqual([{ id: 21 }]);
    await expect.poll(() => document.activeElement?.textContent).toContain('Eliminaste el módulo');
  });

  it('keeps the dialog open with the reason when a deletion fails', async () => {
    const { screen } = await open({
      routes: {
        'POST delete-module/': refusal(500, 'internal', 'Algo salió mal en el servidor. Intenta más tarde.'),
      },
    });
    await screen.getByRole('button', { name: 'Eliminar Funciones lineales' }).click();
    const dialog = screen.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('Algo salió mal en el servidor.');
    await expect.element(screen.getByRole('rowheader', { name: FUNCIONES.name })).toBeInTheDocument();
  });

  it('makes the activity codes of a module that has none', async () => {
    const { screen, calls } = await open();
    await screen.getByRole('button', { name: 'Crear códigos de actividad Ecuaciones cuadráticas' }).click();
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'Creamos los códigos' }))
      .toHaveTextContent(
        'Creamos los códigos de actividad de Ecuaciones cuadráticas. Código de estudiantes: COD22S',
      );
    const row = screen.getByRole('row').filter({ hasText: ECUACIONES.name });
    await expect.element(row.getByText('COD22T')).toBeVisible();
    await row.getByRole('button', { name: 'Copiar código de estudiantes Ecuaciones cuadráticas' }).click();
    expect(clipboard.copied).toEqual(['COD22S']);
    expect(calls.filter((c) => c.method === 'POST' && c.path === 'modules/22/codes/')).toHaveLength(1);
  });

  it('sends a teacher without a valid plan to the school page, with Modules disabled in the menu', async () => {
    const { screen, router } = await open({ data: NO_SCHOOL });
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/school');
    const modules = screen
      .getByRole('navigation', { name: 'Menú del profesor' })
      .getByRole('link', { name: 'Módulos' });
    await expect.element(modules).toHaveAttribute('aria-disabled', 'true');
    await expect.element(modules).not.toHaveAttribute('href');
  });

  it('follows a plan that ends while the page is open', async () => {
    let plan = true;
    const { router } = await open({
      routes: {
        'GET get-teacher-data/': () => ({
          body: plan ? TEACHER_DATA : { ...TEACHER_DATA, validSubscription: false },
        }),
        'GET modules/': () => {
          plan = false;
          return refusal(
            403,
            'subscription-required',
            'Las clases y los módulos necesitan una suscripción vigente.',
          );
        },
      },
    });
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/school');
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    const server = moduleServer();
    const { screen } = await renderSite('/teacher/modules', {
      user: TEACHER,
      routes: {
        ...server.routes,
        'GET modules/': () =>
          fail
            ? refusal(500, 'internal', 'Algo salió mal en el servidor.')
            : { body: { modules: [FUNCIONES] } },
      },
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/No pudimos cargar tus datos\./);
    fail = false;
    await screen.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect.element(screen.getByRole('rowheader', { name: FUNCIONES.name })).toBeVisible();
  });

  it('fits a 360 px phone: each module is a block and nothing overflows', async () => {
    await page.viewport(360, 740);
    const { screen } = await open();
    await expect.element(screen.getByRole('rowheader', { name: ECUACIONES.name })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
