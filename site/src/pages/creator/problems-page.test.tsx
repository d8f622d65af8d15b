import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import {
  axeViolations,
  renderSite,
  STUDENT,
  type StubAnswer,
  type StubCall,
  type StubHandler,
  watchClipboard,
} from '../../test/render-site';
import { ALGEBRA, LINEAR, ONE_UNKNOWN, PUBLIC_SAMPLE } from '../teacher/modules/module-fixture';
import { sidebarStorageKey } from '../../layout/area-layout';
import { AUTHOR_TEACHER, CREATOR, creatorServer, IN_MODULE, MINE, SAMPLE_ROW } from './creator-fixture';

function open(
  path = '/creator',
  options: { routes?: Record<string, StubHandler>; language?: 'es' | 'en'; user?: typeof CREATOR } = {},
) {
  const server = creatorServer({ extra: options.routes });
  return renderSite(path, {
    user: options.user ?? CREATOR,
    routes: server.routes,
    language: options.language,
  });
}

/** The queries of every GET creator/problems/ the page made. */
const tableQueries = (calls: { method: string; path: string; query: URLSearchParams }[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.path === 'creator/problems/')
    .map((c) => Object.fromEntries(c.query));

watchClipboard();
beforeEach(() => {
  localStorage.removeItem(sidebarStorageKey('creator'));
});

describe('the creator area', () => {
  it("is a creator's home: the menu has new problem and problems, no module builder, and logout", async () => {
    const { screen, router } = await open('/creator?mine=1');
    await expect.poll(() => router.state.location.pathname).toBe('/creator/problems');
    expect(router.state.location.search).toBe('?mine=1');
    const nav = screen.getByRole('navigation', { name: 'Menú del creador' });
    await expect
      .element(nav.getByRole('link', { name: 'Crear nuevo problema' }))
      .toHaveAttribute('href', '/creator/tool?fresh=1');
    await expect
      .element(nav.getByRole('link', { name: 'Problemas' }))
      .toHaveAttribute('href', '/creator/problems');
    await expect
      .element(nav.getByRole('link', { name: 'Problemas' }))
      .toHaveAttribute('aria-current', 'page');
    await expect.element(nav.getByRole('link', { name: 'Crear módulo' })).not.toBeInTheDocument();
    await expect
      .element(screen.getByRole('link', { name: 'Cerrar sesión' }))
      .toHaveAttribute('href', '/logout');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Problemas' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("gives a teacher the module builder in the creator's menu", async () => {
    const { screen } = await open('/creator/problems', { user: AUTHOR_TEACHER });
    const nav = screen.getByRole('navigation', { name: 'Menú del creador' });
    await expect
      .element(nav.getByRole('link', { name: 'Crear módulo' }))
      .toHaveAttribute('href', '/teacher/modules/new');
  });

  it('tells a student the area is not for them, with a way to their own area', async () => {
    const { screen } = await renderSite('/creator', { user: STUDENT });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Esta área es para autores de problemas' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Ir a mi área' }))
      .toHaveAttribute('href', '/student');
  });
});

describe('the problem table', () => {
  it("shows the spec's columns, math as MathML, and edit and delete only where the server allows", async () => {
    const { screen } = await open();
    const table = screen.getByRole('table', { name: 'Problemas, del cambio más reciente al más antiguo' });
    await expect.element(table).toBeVisible();
    const headers = table
      .getByRole('columnheader')
      .elements()
      .map((e) => e.textContent);
    expect(headers).toEqual([
      'Índice',
      'Id',
      'Título',
      'Descripción',
      'Número',
      'Autor',
      'Estado',
      'Acciones',
    ]);
    const rows = table.getByRole('row');
    await expect.poll(() => rows.elements().length).toBe(26);
    const mine = rows.nth(1);
    await expect.element(mine).toHaveTextContent('Carla Ruiz');
    await expect.element(mine).toHaveTextContent('No publicado');
    expect(mine.element().querySelectorAll('math').length).toBeGreaterThan(0);
    expect(mine.element().textContent).not.toContain('$');
    await expect
      .element(mine.getByRole('link', { name: /^Editar/ }))
      .toHaveAttribute('href', `/creator/tool/${MINE.id}`);
    await expect.element(mine.getByRole('button', { name: /^Borrar/ })).toBeVisible();

    const sample = rows.nth(3);
    await expect.element(sample).toHaveTextContent('Publicado');
    await expect
      .element(sample.getByRole('button', { name: `Vista previa ${SAMPLE_ROW.title}` }))
      .toBeVisible();
    await expect.element(sample.getByRole('button', { name: `Probar ${SAMPLE_ROW.title}` })).toBeVisible();
    await expect.element(sample.getByRole('link', { name: /^Editar/ })).not.toBeInTheDocument();
    await expect.element(sample.getByRole('button', { name: /^Borrar/ })).not.toBeInTheDocument();
    // The index counts across pages.
    await expect.element(sample.getByRole('cell').first()).toHaveTextContent('3');
    expect(await axeViolations()).toEqual([]);
  });

  it('keeps only-mine, course, topic, subtopic and the search in the address, and asks the server with them', async () => {
    const { screen, router, calls } = await open('/creator/problems');
    await expect.element(screen.getByRole('table')).toBeVisible();
    await screen.getByRole('switch', { name: 'Mostrar solo mis problemas' }).click();
    await expect.poll(() => router.state.location.search).toBe('?mine=1');
    await expect.poll(() => screen.getByRole('row').elements().length).toBe(3);

    await screen.getByRole('combobox', { name: 'Curso' }).selectOptions(String(ALGEBRA.id));
    const topic = screen.getByRole('combobox', { name: 'Tema', exact: true });
    await expect.element(topic).toBeEnabled();
    await expect.element(topic.getByRole('option', { name: 'Ecuaciones lineales' })).toBeInTheDocument();
    await topic.selectOptions(String(LINEAR.id));
    const subtopic = screen.getByRole('combobox', { name: 'Subtema' });
    await expect.element(subtopic.getByRole('option', { name: 'Una incógnita' })).toBeInTheDocument();
    await subtopic.selectOptions(String(ONE_UNKNOWN.id));
    await expect
      .poll(() => router.state.location.search)
      .toBe(`?mine=1&course=${ALGEBRA.id}&topic=${LINEAR.id}&subtopic=${ONE_UNKNOWN.id}`);

    await screen.getByRole('searchbox', { name: 'Buscar problemas' }).fill('módulo');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => new URLSearchParams(router.state.location.search).get('q')).toBe('módulo');
    await expect.poll(() => screen.getByRole('row').elements().length).toBe(2);
    await expect.element(screen.getByRole('rowheader', { name: IN_MODULE.title })).toBeVisible();
    expect(tableQueries(calls).at(-1)).toEqual({
      page: '1',
      page_size: '25',
      mine: 'true',
      course_id: String(ALGEBRA.id),
      topic_id: String(LINEAR.id),
      subtopic_id: String(ONE_UNKNOWN.id),
      q: 'módulo',
    });

    // Another course clears the topic and the subtopic.
    await screen.getByRole('combobox', { name: 'Curso' }).selectOptions('');
    await expect.poll(() => router.state.location.search).toBe('?mine=1&q=m%C3%B3dulo');
    await screen.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect.poll(() => router.state.location.search).toBe('');
    await expect.element(screen.getByRole('searchbox', { name: 'Buscar problemas' })).toHaveValue('');
  });

  it('opens on the filters of its address', async () => {
    const { screen, calls } = await open(`/creator/problems?mine=1&page=1&size=10`);
    await expect.poll(() => screen.getByRole('row').elements().length).toBe(3);
    await expect.element(screen.getByRole('switch', { name: 'Mostrar solo mis problemas' })).toBeChecked();
    await expect.element(screen.getByRole('combobox', { name: 'Problemas por página' })).toHaveValue('10');
    expect(tableQueries(calls)[0]).toMatchObject({ mine: 'true', page_size: '10' });
  });

  it('pages through the problems: next, previous, the total and the page size', async () => {
    const { screen, router } = await open('/creator/problems');
    const pages = screen.getByRole('navigation', { name: 'Páginas de la lista' });
    await expect.element(pages).toHaveTextContent('Página 1 de 2 · 30 problemas');
    await expect.element(pages.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Página siguiente' }).click();
    await expect.poll(() => router.state.location.search).toBe('?page=2');
    await expect.element(pages).toHaveTextContent('Página 2 de 2 · 30 problemas');
    await expect.poll(() => screen.getByRole('row').elements().length).toBe(6);
    await expect.element(screen.getByRole('row').nth(1).getByRole('cell').first()).toHaveTextContent('26');
    await expect.element(pages.getByRole('button', { name: 'Página siguiente' })).toBeDisabled();

    await pages.getByRole('combobox', { name: 'Problemas por página' }).selectOptions('10');
    await expect.poll(() => router.state.location.search).toBe('?size=10');
    await expect.element(pages).toHaveTextContent('Página 1 de 3 · 30 problemas');
    await router.navigate(-1);
    await expect.element(pages).toHaveTextContent('Página 2 de 2');
  });

  it("deletes the author's problem after 'Do you really want to delete this problem?', or says it was kept unpublished", async () => {
    const { screen, calls } = await open();
    await expect.element(screen.getByRole('table')).toBeVisible();
    const deleteButton = screen.getByRole('button', { name: `Borrar ${IN_MODULE.title}` });
    await deleteButton.click();
    let dialog = screen.getByRole('dialog', { name: '¿Realmente quieres borrar este problema?' });
    await expect.element(dialog.getByRole('button', { name: 'Cancelar' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await deleteButton.click();
    dialog = screen.getByRole('dialog', { name: '¿Realmente quieres borrar este problema?' });
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirmar borrado' }).click();
    await expect
      .element(
        screen
          .getByRole('status')
          .getByText('se conserva sin publicar: un módulo o los resultados de estudiantes lo usan.'),
      )
      .toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `problems/delete/${IN_MODULE.id}/`,
    ]);

    await screen
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Borrar/ })
      .click();
    await screen.getByRole('dialog').getByRole('button', { name: 'Confirmar borrado' }).click();
    await expect.element(screen.getByRole('status').getByText('fue borrado.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').at(-1)?.path).toBe(`problems/delete/${MINE.id}/`);
  });

  it('previews a problem as a student sees it and tries it in the real solver, nothing recorded', async () => {
    const { screen, calls } = await open();
    await screen.getByRole('button', { name: `Vista previa ${SAMPLE_ROW.title}` }).click();
    const preview = screen.getByRole('dialog', { name: `Vista previa: ${SAMPLE_ROW.title}` });
    await expect.poll(() => preview.getByRole('listitem').elements().length).toBe(3);
    await expect.poll(() => preview.element().querySelectorAll('math').length).toBeGreaterThan(0);
    await preview.getByRole('button', { name: 'Cerrar' }).click();

    await screen.getByRole('button', { name: `Probar ${SAMPLE_ROW.title}` }).click();
    const trying = screen.getByRole('dialog', { name: `Probar: ${SAMPLE_ROW.title}` });
    await expect.element(trying.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
    expect(calls.some((c) => c.path === `problems/${PUBLIC_SAMPLE.id}/`)).toBe(true);
    await trying.getByRole('button', { name: 'Cerrar' }).click();
    await expect.element(trying).not.toBeInTheDocument();
  });

  it('says when the table cannot be loaded, and asks again', async () => {
    let fail = true;
    const server = creatorServer();
    const table = server.routes['GET creator/problems/'] as (call: StubCall) => StubAnswer;
    const { screen } = await renderSite('/creator', {
      user: CREATOR,
      routes: {
        ...server.routes,
        'GET creator/problems/': (call) =>
          fail
            ? { status: 500, body: { code: 'server-error', detail: 'Algo falló en el servidor.' } }
            : table(call),
      },
    });
    await expect
      .element(screen.getByText('No pudimos cargar los datos. Algo falló en el servidor.'))
      .toBeVisible();
    fail = false;
    await screen.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect.element(screen.getByRole('table')).toBeVisible();
  });

  it('speaks English', async () => {
    const { screen } = await open('/creator/problems', { language: 'en' });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Problems' })).toBeVisible();
    await expect.element(screen.getByRole('switch', { name: 'Only show my problems' })).toBeVisible();
    await expect.element(screen.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await expect.element(screen.getByRole('row').nth(1)).toHaveTextContent('Not published');
    await screen.getByRole('button', { name: `Delete ${IN_MODULE.title}` }).click();
    const dialog = screen.getByRole('dialog', { name: 'Do you really want to delete this problem?' });
    await expect.element(dialog.getByRole('button', { name: 'Confirm delete' })).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  });

  it('fits a 360 px phone: each problem is a block and nothing overflows', async () => {
    await page.viewport(360, 740);
    const { screen } = await open();
    await expect.element(screen.getByRole('rowheader', { name: IN_MODULE.title })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
