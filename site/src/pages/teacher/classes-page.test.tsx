import type { TeacherData } from '@kib/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT, type StubHandler, watchClipboard } from '../../test/render-site';
import {
  GRADO_10A,
  GRADO_9B,
  NO_SCHOOL,
  refusal,
  TEACHER,
  TEACHER_DATA,
  teacherServer,
} from './teacher-fixture';
import { TEACHER_SIDEBAR_KEY } from './teacher-layout';
import { classroomServer } from './classroom/classroom-fixture';

/** The classes page as the seeded teacher opens it, against a small teacher server. */
function open(
  options: { data?: TeacherData; routes?: Record<string, StubHandler>; language?: 'es' | 'en' } = {},
) {
  const server = teacherServer(options.data ?? TEACHER_DATA, options.routes);
  return renderSite('/teacher', { user: TEACHER, routes: server.routes, language: options.language });
}

const clipboard = watchClipboard();
beforeEach(() => {
  localStorage.removeItem(TEACHER_SIDEBAR_KEY);
});

describe('the teacher area', () => {
  it('greets the teacher and has a menu of Classes, Modules, School, New problem and Problems', async () => {
    const { screen } = await open();
    await expect.element(screen.getByText('Hola, Laura')).toBeVisible();
    await expect.element(screen.getByText('Panel del profesor')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menú del profesor' });
    await expect.element(nav.getByRole('link', { name: 'Clases' })).toHaveAttribute('href', '/teacher');
    await expect.element(nav.getByRole('link', { name: 'Clases' })).toHaveAttribute('aria-current', 'page');
    await expect
      .element(nav.getByRole('link', { name: 'Colegio' }))
      .toHaveAttribute('href', '/teacher/school');
    await expect
      .element(nav.getByRole('link', { name: 'Módulos' }))
      .toHaveAttribute('href', '/teacher/modules');
    await expect
      .element(nav.getByRole('link', { name: 'Nuevo problema' }))
      .toHaveAttribute('href', '/creator/tool');
    await expect
      .element(nav.getByRole('link', { name: 'Problemas' }))
      .toHaveAttribute('href', '/creator/problems');
    expect(nav.getByRole('link').elements()).toHaveLength(5);
    await expect
      .element(screen.getByRole('link', { name: 'Cerrar sesión' }))
      .toHaveAttribute('href', '/logout');
  });

  it('sends a teacher without a valid plan to the school page, with Classes disabled in the menu', async () => {
    const { screen, router } = await open({ data: NO_SCHOOL });
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/school');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mi colegio' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menú del profesor' });
    const classes = nav.getByRole('link', { name: 'Clases' });
    await expect.element(classes).toHaveAttribute('aria-disabled', 'true');
    await expect.element(classes).not.toHaveAttribute('href');
    await expect.element(nav.getByRole('link', { name: 'Colegio' })).toHaveAttribute('aria-current', 'page');
    await classes.click({ force: true });
    expect(router.state.location.pathname).toBe('/teacher/school');
    expect(await axeViolations()).toEqual([]);
  });

  it('tells a reader who is not a teacher that the area is not for them', async () => {
    const { screen, calls } = await renderSite('/teacher', { user: STUDENT });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Esta página es para profesores' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Ir a mi área' }))
      .toHaveAttribute('href', '/student');
    expect(screen.getByRole('navigation').elements()).toHaveLength(0);
    expect(calls.filter((c) => c.path === 'get-teacher-data/')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('says the same when the server refuses the data (403)', async () => {
    const { screen } = await open({
      routes: { 'GET get-teacher-data/': refusal(403, 'forbidden', 'No tienes permiso.') },
    });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Esta página es para profesores' }))
      .toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Ir a mi área' })).toHaveAttribute('href', '/');
  });

  it('leads home to /student a reader whose first group is Students', async () => {
    const server = teacherServer();
    const { screen } = await renderSite('/teacher', {
      user: { ...TEACHER, groups: ['Students', 'Teachers'] },
      routes: server.routes,
    });
    await expect.element(screen.getByRole('article', { name: 'Grado 10A' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Kib Panel del profesor' }))
      .toHaveAttribute('href', '/student');
  });

  it('says "No route" for a teacher page that does not exist', async () => {
    const { screen } = await renderSite('/teacher/nothing-here', {
      user: TEACHER,
      routes: teacherServer().routes,
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: /No route/ })).toBeVisible();
  });

  it('sends a logged-out reader to log in first', async () => {
    const { router } = await renderSite('/teacher');
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: '/teacher' });
  });
});

describe('the classes page', () => {
  it('lists the classrooms with their code, level, students and modules', async () => {
    const { screen } = await open();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis salones' })).toBeVisible();
    const first = screen.getByRole('article', { name: 'Grado 10A' });
    await expect.element(first.getByText('Jornada de la mañana')).toBeVisible();
    await expect.element(first.getByText('KIBCLS')).toBeVisible();
    await expect.element(first.getByText('General')).toBeVisible();
    await expect.element(first.getByText('2 estudiantes')).toBeVisible();
    await expect.element(first.getByText('3 módulos')).toBeVisible();
    const second = screen.getByRole('article', { name: 'Grado 9B' });
    await expect.element(second.getByText('Media')).toBeVisible();
    await expect.element(second.getByText('1 estudiante', { exact: true })).toBeVisible();
    await expect.element(second.getByText('1 módulo', { exact: true })).toBeVisible();
    // The card's links: its name (the classroom's page) and its bulk registration; the card is not a link.
    await expect
      .element(first.getByRole('link', { name: 'Grado 10A', exact: true }))
      .toHaveAttribute('href', '/teacher/classroom/11');
    await expect
      .element(first.getByRole('link', { name: 'Registrar estudiantes Grado 10A' }))
      .toHaveAttribute('href', '/teacher/classroom/11/createRegisterStudents');
    expect(first.getByRole('link').elements()).toHaveLength(2);
    expect(await axeViolations()).toEqual([]);

    await first.getByRole('button', { name: 'Copiar código Grado 10A' }).click();
    expect(clipboard.copied).toEqual(['KIBCLS']);
    await expect.element(first.getByText('Copiado')).toBeVisible();
  });

  it("opens a classroom's page from the name on its card", async () => {
    const { screen, router } = await renderSite('/teacher', {
      user: TEACHER,
      routes: classroomServer().routes,
    });
    const card = screen.getByRole('article', { name: 'Grado 10A' });
    await card.getByRole('heading', { level: 2 }).getByRole('link', { name: 'Grado 10A' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/classroom/11');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Grado 10A' })).toHaveFocus();
    await expect
      .element(
        screen
          .getByRole('navigation', { name: 'Secciones de Grado 10A' })
          .getByRole('link', { name: 'Resumen' }),
      )
      .toHaveAttribute('aria-current', 'page');
  });

  it('speaks English, with the level names in English', async () => {
    const { screen } = await open({ language: 'en' });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'My classrooms' })).toBeVisible();
    await expect.element(screen.getByText('Hi, Laura')).toBeVisible();
    const second = screen.getByRole('article', { name: 'Grado 9B' });
    await expect.element(second.getByText('High school')).toBeVisible();
    await expect.element(second.getByText('1 student', { exact: true })).toBeVisible();
    await expect.element(screen.getByText('2 students')).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Create classroom' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Edit Grado 10A' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('says what to do when there are no classrooms', async () => {
    const { screen } = await open({ data: { ...TEACHER_DATA, classrooms: [] } });
    await expect.element(screen.getByText('Todavía no tienes salones.')).toBeVisible();
    await expect
      .element(screen.getByText('Crea el primero con «Crear salón»', { exact: false }))
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('toggles to the form and back, the focus following', async () => {
    const { screen } = await open();
    const toggle = screen.getByRole('button', { name: 'Crear salón' });
    await toggle.click();
    const form = screen.getByRole('form', { name: 'Nuevo salón' });
    await expect.element(form.getByLabelText('Nombre del salón')).toHaveFocus();
    expect(screen.getByRole('article').elements()).toHaveLength(0);
    await screen.getByRole('button', { name: 'Volver a mis salones' }).click();
    await expect.element(form).not.toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Crear salón' })).toHaveFocus();
    await expect.element(screen.getByRole('article', { name: 'Grado 10A' })).toBeVisible();

    // Cancel on an edit goes back to the card's own Edit button.
    await screen.getByRole('button', { name: 'Editar Grado 9B' }).click();
    await screen.getByRole('button', { name: 'Cancelar' }).click();
    await expect.element(screen.getByRole('button', { name: 'Editar Grado 9B' })).toHaveFocus();
  });

  it('creates a classroom with General preselected, says its code and shows its card', async () => {
    const { screen, calls } = await open();
    await screen.getByRole('button', { name: 'Crear salón' }).click();
    const form = screen.getByRole('form', { name: 'Nuevo salón' });
    const level = form.getByLabelText('Nivel');
    await expect.element(level).toHaveValue('4');
    await expect.element(level).toHaveDisplayValue('General');
    expect(await axeViolations()).toEqual([]);
    await form.getByLabelText('Nombre del salón').fill('Grado 11B');
    await form.getByLabelText('Descripción (opcional)').fill('Jornada de la tarde');
    await level.selectOptions('Media');
    await form.getByRole('button', { name: 'Crear salón' }).click();

    const status = screen.getByRole('status').filter({ hasText: 'Grado 11B creado' });
    await expect.element(status).toHaveTextContent('Salón Grado 11B creado. Código de inscripción: NEW234');
    await expect.element(form).not.toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Grado 11B' });
    await expect.element(card.getByText('NEW234')).toBeVisible();
    await expect.element(card.getByText('Media')).toBeVisible();
    await expect.element(card.getByText('0 estudiantes')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST' && c.path === 'classrooms/')?.body).toEqual({
      name: 'Grado 11B',
      description: 'Jornada de la tarde',
      levelId: 3,
    });
    // The message takes the focus, so a keyboard user is right by the code and its copy button.
    await expect.poll(() => document.activeElement?.textContent).toContain('NEW234');
    await status.getByRole('button', { name: 'Copiar código' }).click();
    expect(clipboard.copied).toEqual(['NEW234']);
    expect(await axeViolations()).toEqual([]);
    await status.getByRole('button', { name: 'Cerrar' }).click();
    await expect.element(screen.getByText('Grado 11B creado', { exact: false })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis salones' })).toHaveFocus();
  });

  it('checks a blank name before sending, in the words of the spec', async () => {
    const { screen, calls } = await open({ language: 'en' });
    await screen.getByRole('button', { name: 'Create classroom' }).click();
    const form = screen.getByRole('form', { name: 'New classroom' });
    await form.getByLabelText('Classroom name').fill('   ');
    await form.getByRole('button', { name: 'Create classroom' }).click();
    const name = form.getByLabelText('Classroom name');
    await expect.element(name).toHaveAttribute('aria-invalid', 'true');
    await expect.element(name).toHaveAccessibleDescription(/Classroom name cannot be blank/);
    await expect.element(name).toHaveFocus();
    expect(calls.filter((c) => c.path === 'classrooms/')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it("puts the server's refusal of a blank name under the name", async () => {
    const { screen } = await open({
      language: 'en',
      routes: {
        'POST classrooms/': refusal(400, 'validation', 'Check the marked fields.', {
          name: ['Classroom name cannot be blank'],
        }),
      },
    });
    await screen.getByRole('button', { name: 'Create classroom' }).click();
    const form = screen.getByRole('form', { name: 'New classroom' });
    // U+200B is not white space to the browser's trim: the server is the one that refuses it here.
    await form.getByLabelText('Classroom name').fill('\u200b');
    await form.getByRole('button', { name: 'Create classroom' }).click();
    await expect
      .element(form.getByLabelText('Classroom name'))
      .toHaveAccessibleDescription(/Classroom name cannot be blank/);
    expect(screen.getByRole('alert').elements()).toHaveLength(0);
  });

  it('says under the name that the teacher already has a classroom with it', async () => {
    const { screen } = await open();
    await screen.getByRole('button', { name: 'Crear salón' }).click();
    const form = screen.getByRole('form', { name: 'Nuevo salón' });
    await form.getByLabelText('Nombre del salón').fill('Grado 10A');
    await form.getByRole('button', { name: 'Crear salón' }).click();
    const name = form.getByLabelText('Nombre del salón');
    await expect.element(name).toHaveAttribute('aria-invalid', 'true');
    await expect.element(name).toHaveAccessibleDescription(/Ya tienes un salón con este nombre/);
    await expect.element(name).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
  });

  it("puts the server's refusal of a level under the level, and other failures in an alert", async () => {
    let answer = refusal(400, 'validation', 'Revisa los campos marcados.', {
      level_id: ['Este valor no es válido.'],
    });
    const { screen } = await open({ routes: { 'POST classrooms/': () => answer } });
    await screen.getByRole('button', { name: 'Crear salón' }).click();
    const form = screen.getByRole('form', { name: 'Nuevo salón' });
    await form.getByLabelText('Nombre del salón').fill('Grado 8C');
    await form.getByRole('button', { name: 'Crear salón' }).click();
    await expect
      .element(form.getByLabelText('Nivel'))
      .toHaveAccessibleDescription(/Este valor no es válido\./);

    answer = refusal(
      403,
      'subscription-required',
      'Las clases y los módulos necesitan una suscripción vigente de tu colegio.',
    );
    await form.getByRole('button', { name: 'Crear salón' }).click();
    await expect
      .element(form.getByRole('alert'))
      .toHaveTextContent('Las clases y los módulos necesitan una suscripción vigente de tu colegio.');
  });

  it('edits a classroom in the same form, prefilled', async () => {
    const { screen, calls } = await open();
    await screen.getByRole('button', { name: 'Editar Grado 10A' }).click();
    const form = screen.getByRole('form', { name: 'Editar el salón Grado 10A' });
    await expect.element(form.getByLabelText('Nombre del salón')).toHaveValue('Grado 10A');
    await expect.element(form.getByLabelText('Descripción (opcional)')).toHaveValue('Jornada de la mañana');
    await expect.element(form.getByLabelText('Nivel')).toHaveValue('4');
    await expect.element(form.getByLabelText('Nombre del salón')).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
    await form.getByLabelText('Nombre del salón').fill('Grado 10B');
    await form.getByLabelText('Nivel').selectOptions('Universidad');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();

    await expect
      .element(screen.getByRole('status').filter({ hasText: 'Guardaste' }))
      .toHaveTextContent('Guardaste los cambios del salón Grado 10B.');
    const card = screen.getByRole('article', { name: 'Grado 10B' });
    await expect.element(card.getByText('Universidad')).toBeVisible();
    await expect.element(card.getByText('KIBCLS')).toBeVisible();
    await expect.element(card.getByRole('button', { name: 'Editar Grado 10B' })).toHaveFocus();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: 'classrooms/11',
      body: { name: 'Grado 10B', description: 'Jornada de la mañana', levelId: 5 },
    });
  });

  it('asks before deleting a classroom, naming it; Cancel deletes nothing', async () => {
    const { screen, calls } = await open();
    await screen.getByRole('button', { name: 'Eliminar Grado 10A' }).click();
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar el salón Grado 10A?' });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(dialog.getByText('Los resultados de los estudiantes se conservan', { exact: false }))
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await screen.getByRole('button', { name: 'Eliminar Grado 10A' }).click();
    await screen
      .getByRole('dialog', { name: '¿Eliminar el salón Grado 10A?' })
      .getByRole('button', { name: 'Eliminar salón' })
      .click();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'Eliminaste' }))
      .toHaveTextContent('Eliminaste el salón Grado 10A.');
    await expect.element(screen.getByRole('article', { name: 'Grado 10A' })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('article', { name: 'Grado 9B' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['classrooms/11']);
    expect(await axeViolations()).toEqual([]);
  });

  it('keeps the dialog open with the reason when a deletion fails', async () => {
    const { screen } = await open({
      routes: {
        [`DELETE classrooms/${GRADO_9B.id}`]: refusal(404, 'not-found', 'No encontramos lo que buscas.'),
      },
    });
    await screen.getByRole('button', { name: 'Eliminar Grado 9B' }).click();
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar el salón Grado 9B?' });
    await dialog.getByRole('button', { name: 'Eliminar salón' }).click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('No encontramos lo que buscas.');
    await expect.element(screen.getByRole('article', { name: 'Grado 9B' })).toBeInTheDocument();
  });

  it('says when the data cannot be loaded, and tries again', async () => {
    let fail = true;
    const server = teacherServer();
    const { screen } = await renderSite('/teacher', {
      user: TEACHER,
      routes: {
        ...server.routes,
        'GET get-teacher-data/': () =>
          fail ? refusal(500, 'internal', 'Algo salió mal en el servidor.') : { body: TEACHER_DATA },
      },
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/No pudimos cargar tus datos\./);
    expect(await axeViolations()).toEqual([]);
    fail = false;
    await screen.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect.element(screen.getByRole('article', { name: GRADO_10A.name })).toBeVisible();
  });

  it('fits a 360 px phone: the cards stack and nothing overflows', async () => {
    await page.viewport(360, 740);
    const { screen } = await open();
    const first = screen.getByRole('article', { name: 'Grado 10A' });
    const second = screen.getByRole('article', { name: 'Grado 9B' });
    await expect.element(second).toBeVisible();
    const a = first.element().getBoundingClientRect();
    const b = second.element().getBoundingClientRect();
    expect(b.left).toBe(a.left);
    expect(b.top).toBeGreaterThanOrEqual(a.bottom);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('button', { name: 'Crear salón' }).click();
    await expect.element(screen.getByRole('form', { name: 'Nuevo salón' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });
});
