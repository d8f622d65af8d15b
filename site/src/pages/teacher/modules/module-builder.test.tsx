import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import {
  axeViolations,
  PUBLIC_CONFIG,
  renderSite,
  type StubCall,
  type StubHandler,
} from '../../../test/render-site';
import { refusal, TEACHER } from '../teacher-fixture';
import { TEACHER_SIDEBAR_KEY } from '../teacher-layout';
import { isoToMoment } from './module-dates';
import { FUNCIONES_DETAIL, moduleServer, NEW_MODULE_ID, PUBLIC_SAMPLE } from './module-fixture';

type Screen = Awaited<ReturnType<typeof renderSite>>['screen'];

/** The builder as the seeded teacher opens it, against the small module server. */
function open(options: { path?: string; routes?: Record<string, StubHandler>; language?: 'es' | 'en' } = {}) {
  const server = moduleServer({ extra: options.routes });
  return renderSite(options.path ?? '/teacher/modules/new', {
    user: TEACHER,
    routes: server.routes,
    language: options.language,
  });
}

/** The ISO instant of a local day and time, computed apart from the code under test. */
const local = (text: string) => new Date(text).toISOString();

/** Chooses Álgebra › Ecuaciones lineales › Una incógnita in the picker. */
async function pickSubtopic(screen: Screen) {
  await screen.getByLabelText('Curso').selectOptions('Álgebra');
  await screen.getByLabelText('Tema', { exact: true }).selectOptions('Ecuaciones lineales');
  await screen.getByLabelText('Subtema').selectOptions('Una incógnita');
  await expect.element(screen.getByRole('list', { name: 'Problemas del subtema' })).toBeVisible();
}

/** Adds the picker's problems with these titles, in this order. */
async function add(screen: Screen, ...titles: string[]) {
  for (const title of titles) await screen.getByRole('button', { name: `Agregar ${title}` }).click();
}

/** The module's problems as the selected list shows them, in order. */
function selectedTitles(screen: Screen): string[] {
  return screen
    .getByRole('list', { name: /^Problemas del módulo/ })
    .getByRole('listitem')
    .elements()
    .map((li) => li.querySelector('.modules-problem-title')?.textContent ?? '');
}

/** The builder's live region (not dnd-kit's, not a spinner's). */
function announcement(): string {
  return document.querySelector('.modules-builder > [role="status"].visually-hidden')?.textContent ?? '';
}

/** Waits for the browser to paint twice: dnd-kit measures the list in the frames after a drag starts. */
const nextFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

const bodyOf = (calls: StubCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);

const DESPEJAR = 'Despejar la incógnita';
const EDADES = 'Problema de edades';
const SAMPLE = PUBLIC_SAMPLE.title;

beforeEach(() => {
  localStorage.removeItem(TEACHER_SIDEBAR_KEY);
});
afterEach(async () => {
  window.mathVirtualKeyboard?.hide();
  await page.viewport(1024, 768);
});

describe('the module builder: problems', () => {
  it('picks problems by course, topic and subtopic, named in Spanish, and adds each only once', async () => {
    const { screen } = await open();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Nuevo módulo' })).toBeVisible();
    await expect.element(screen.getByText('Por favor, selecciona un curso.')).toBeVisible();
    await expect.element(screen.getByLabelText('Tema', { exact: true })).toBeDisabled();
    await screen.getByLabelText('Curso').selectOptions('Álgebra');
    await expect.element(screen.getByText('Por favor, selecciona un tema.')).toBeVisible();
    await screen.getByLabelText('Tema', { exact: true }).selectOptions('Ecuaciones lineales');
    await expect.element(screen.getByText('Por favor, selecciona un subtema.')).toBeVisible();
    await screen.getByLabelText('Subtema').selectOptions('Una incógnita');
    const picker = screen.getByRole('list', { name: 'Problemas del subtema' });
    await expect.element(picker.getByText('3 preguntas')).toBeVisible();
    await expect
      .element(screen.getByText('Todavía no hay problemas en el módulo.', { exact: false }))
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await add(screen, DESPEJAR);
    await expect.poll(() => selectedTitles(screen)).toEqual([DESPEJAR]);
    await expect.poll(announcement).toBe(`Agregaste ${DESPEJAR} al módulo.`);
    await expect
      .element(picker.getByRole('listitem').filter({ hasText: DESPEJAR }).getByText('En el módulo'))
      .toBeVisible();
    await add(screen, DESPEJAR);
    await expect.poll(announcement).toBe(`${DESPEJAR} ya está en el módulo.`);
    expect(selectedTitles(screen)).toEqual([DESPEJAR]);
    await add(screen, EDADES);
    await expect.poll(() => selectedTitles(screen)).toEqual([DESPEJAR, EDADES]);
    await expect.element(screen.getByRole('heading', { name: 'Problemas del módulo (2)' })).toBeVisible();
    await expect.element(screen.getByText('Hay cambios sin guardar.')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('speaks English, with the English names of the content', async () => {
    const { screen } = await open({ language: 'en' });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'New module' })).toBeVisible();
    await expect.element(screen.getByText('Please select a course.')).toBeVisible();
    await screen.getByLabelText('Course').selectOptions('Algebra');
    await expect.element(screen.getByText('Please select a topic.')).toBeVisible();
    await screen.getByLabelText('Topic', { exact: true }).selectOptions('Linear equations');
    await screen.getByLabelText('Subtopic').selectOptions('One unknown');
    await screen.getByRole('button', { name: `Add ${EDADES}` }).click();
    await expect.element(screen.getByRole('heading', { name: 'Problems in the module (1)' })).toBeVisible();
  });

  it('reorders with the keyboard through the drag handle: Space, ArrowDown, Space', async () => {
    const { screen } = await open();
    await pickSubtopic(screen);
    await add(screen, SAMPLE, DESPEJAR, EDADES);
    await expect.poll(() => selectedTitles(screen)).toEqual([SAMPLE, DESPEJAR, EDADES]);
    const handle = screen.getByRole('button', { name: `Mover ${SAMPLE}` });
    await expect.element(handle).toHaveAttribute('aria-roledescription', 'reordenable');
    (handle.element() as HTMLElement).focus();
    await userEvent.keyboard('{Space}');
    await expect.element(handle).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => document.body.textContent)
      .toContain(`Tomaste ${SAMPLE}. Está en la posición 1 de 3.`);
    await nextFrames();
    await userEvent.keyboard('{ArrowDown}');
    await expect.poll(() => document.body.textContent).toContain(`${SAMPLE} pasó a la posición 2 de 3.`);
    await userEvent.keyboard('{Space}');
    await expect.poll(() => selectedTitles(screen)).toEqual([DESPEJAR, SAMPLE, EDADES]);
    await expect.element(handle).not.toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => document.body.textContent).toContain(`Dejaste ${SAMPLE} en la posición 2 de 3.`);

    // Escape puts a problem back where it was.
    (screen.getByRole('button', { name: `Mover ${EDADES}` }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Space}');
    await nextFrames();
    await userEvent.keyboard('{ArrowUp}');
    await expect.poll(() => document.body.textContent).toContain(`${EDADES} pasó a la posición 2 de 3.`);
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => document.body.textContent).toContain('Cancelaste el movimiento.');
    expect(selectedTitles(screen)).toEqual([DESPEJAR, SAMPLE, EDADES]);
    expect(await axeViolations()).toEqual([]);
  });

  it('reorders with Move up and Move down, says where each problem went and keeps the focus', async () => {
    const { screen } = await open();
    await pickSubtopic(screen);
    await add(screen, SAMPLE, DESPEJAR, EDADES);
    const list = screen.getByRole('list', { name: /^Problemas del módulo/ });
    await expect.element(list.getByRole('button', { name: `Subir ${SAMPLE}` })).toBeDisabled();
    await expect.element(list.getByRole('button', { name: `Bajar ${EDADES}` })).toBeDisabled();

    await list.getByRole('button', { name: `Bajar ${SAMPLE}` }).click();
    await expect.poll(() => selectedTitles(screen)).toEqual([DESPEJAR, SAMPLE, EDADES]);
    await expect.poll(announcement).toBe(`${SAMPLE} quedó en la posición 2 de 3.`);
    await expect.element(list.getByRole('button', { name: `Bajar ${SAMPLE}` })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => selectedTitles(screen)).toEqual([DESPEJAR, EDADES, SAMPLE]);
    // At the bottom Move down is disabled: the focus goes to Move up of the same problem.
    await expect.element(list.getByRole('button', { name: `Subir ${SAMPLE}` })).toHaveFocus();

    await list.getByRole('button', { name: `Subir ${EDADES}` }).click();
    await expect.poll(() => selectedTitles(screen)).toEqual([EDADES, DESPEJAR, SAMPLE]);
    await expect.poll(announcement).toBe(`${EDADES} quedó en la posición 1 de 3.`);
    await expect.element(list.getByText('1.', { exact: true })).toBeInTheDocument();
    expect(list.element().querySelectorAll('.modules-selected-number')[2]?.textContent).toBe('3.');
  });

  it('removes a problem, says so and moves the focus to the next one', async () => {
    const { screen } = await open();
    await pickSubtopic(screen);
    await add(screen, SAMPLE, DESPEJAR);
    const list = screen.getByRole('list', { name: /^Problemas del módulo/ });
    await list.getByRole('button', { name: `Quitar ${SAMPLE}` }).click();
    await expect.poll(() => selectedTitles(screen)).toEqual([DESPEJAR]);
    await expect.poll(announcement).toBe(`Quitaste ${SAMPLE} del módulo.`);
    await expect.element(list.getByRole('button', { name: `Quitar ${DESPEJAR}` })).toHaveFocus();
    await list.getByRole('button', { name: `Quitar ${DESPEJAR}` }).click();
    await expect.element(screen.getByRole('heading', { name: 'Problemas del módulo (0)' })).toHaveFocus();
  });

  it("previews a problem's statement with its math, and tries it in the real solver", async () => {
    const { screen, calls } = await open();
    await pickSubtopic(screen);
    const previewButton = screen.getByRole('button', { name: `Vista previa ${SAMPLE}` });
    await previewButton.click();
    const preview = screen.getByRole('dialog', { name: `Vista previa: ${SAMPLE}` });
    await expect.element(preview.getByText('Resuelve cada pregunta.', { exact: false })).toBeVisible();
    const questions = preview.getByRole('list', { name: 'Preguntas' }).getByRole('listitem');
    await expect.poll(() => questions.elements().length).toBe(3);
    // The math is MathML, not the author's text as HTML.
    await expect.poll(() => preview.element().querySelectorAll('math').length).toBeGreaterThan(0);
    expect(preview.element().querySelector('script, [onerror]')).toBeNull();
    expect(await axeViolations()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await expect.element(preview).not.toBeInTheDocument();
    await expect.element(previewButton).toHaveFocus();

    await screen.getByRole('button', { name: `Probar ${SAMPLE}` }).click();
    const trying = screen.getByRole('dialog', { name: `Probar: ${SAMPLE}` });
    await expect.element(trying.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
    expect(calls.some((c) => c.path === `problems/${PUBLIC_SAMPLE.id}/`)).toBe(true);
    await trying.getByRole('button', { name: 'Cerrar' }).click();
    await expect.element(trying).not.toBeInTheDocument();
  });
});

describe('the module builder: trying a problem with a video', () => {
  it('plays the problem’s video in the solver from the video address of GET config/', async () => {
    const { screen } = await open({
      routes: {
        [`GET problems/${PUBLIC_SAMPLE.id}/`]: { body: { ...PUBLIC_SAMPLE, videoS3: 'problemVideo1.mp4' } },
      },
    });
    await pickSubtopic(screen);
    await screen.getByRole('button', { name: `Probar ${SAMPLE}` }).click();
    const trying = screen.getByRole('dialog', { name: `Probar: ${SAMPLE}` });
    await trying.getByRole('button', { name: 'Video' }).click();
    await expect.element(screen.getByRole('dialog', { name: 'Video explicativo' })).toBeVisible();
    expect(document.querySelector('dialog[open] dialog[open] video')?.getAttribute('src')).toBe(
      `${PUBLIC_CONFIG.videoBaseUrl}/problemVideo1.mp4`,
    );
  });
});

describe('the module builder: saving', () => {
  it('saves a new module, then its assignments with ISO dates, says its code and goes on at its address', async () => {
    const { screen, calls, router } = await open();
    await screen.getByLabelText('Nombre del módulo').fill('Taller de ecuaciones');
    await screen.getByLabelText('Descripción (opcional)').fill('Segundo periodo');
    await pickSubtopic(screen);
    await add(screen, DESPEJAR, EDADES, SAMPLE);
    await screen.getByRole('button', { name: `Subir ${SAMPLE}` }).click();

    const grado10 = screen.getByRole('group', { name: 'Grado 10A' });
    await grado10.getByLabelText('Asignar a Grado 10A').click();
    await grado10.getByLabelText('Solo los estudiantes que elija').click();
    await grado10
      .getByRole('group', { name: 'Estudiantes de Grado 10A' })
      .getByLabelText('Ana Gómez')
      .click();
    await grado10.getByLabelText('Fecha de publicación').fill('2030-03-10');
    await grado10.getByLabelText('Hora de publicación').fill('07:00');
    await grado10.getByLabelText('Fecha límite', { exact: true }).fill('2030-03-20');
    await grado10.getByText('Fechas límite por estudiante (opcional)').click();
    await expect.element(grado10.getByLabelText('Fecha límite de Carlos Pérez')).not.toBeInTheDocument();
    await grado10.getByLabelText('Fecha límite de Ana Gómez').fill('2030-03-22');
    await grado10.getByLabelText('Hora límite de Ana Gómez').fill('18:00');
    await screen.getByRole('group', { name: 'Grado 9B' }).getByLabelText('Asignar a Grado 9B').click();
    await screen.getByLabelText('Crear los códigos de actividad al guardar').click();
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    const dialog = screen.getByRole('dialog', { name: '¡Genial!' });
    await expect
      .element(dialog)
      .toHaveTextContent(`Módulo guardado. Código de inscripción: NEW${NEW_MODULE_ID}S`);
    expect(bodyOf(calls, 'POST', 'modules/')).toEqual([
      {
        name: 'Taller de ecuaciones',
        description: 'Segundo periodo',
        problemIds: [102, PUBLIC_SAMPLE.id, 103],
        createCodes: true,
      },
    ]);
    expect(bodyOf(calls, 'PUT', `modules/${NEW_MODULE_ID}/assignments/`)).toEqual([
      {
        assignments: [
          {
            classroomId: 11,
            publishDate: local('2030-03-10T07:00'),
            deadline: local('2030-03-20T23:59'),
            studentIds: [7],
            studentDeadlines: [{ studentId: 7, deadline: local('2030-03-22T18:00') }],
          },
          { classroomId: 12, publishDate: null, deadline: null, studentIds: null, studentDeadlines: [] },
        ],
      },
    ]);
    await expect.poll(() => router.state.location.pathname).toBe(`/teacher/modules/${NEW_MODULE_ID}`);
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect.element(dialog).not.toBeInTheDocument();

    // The same builder goes on: the draft is there, saved, with the module's codes.
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Editar módulo' })).toBeVisible();
    await expect.element(screen.getByLabelText('Nombre del módulo')).toHaveValue('Taller de ecuaciones');
    await expect.element(screen.getByText('Todo está guardado.')).toBeVisible();
    await expect.element(screen.getByText(`NEW${NEW_MODULE_ID}T`)).toBeVisible();
    await screen.getByLabelText('Nombre del módulo').fill('Taller de ecuaciones 2');
    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    await expect.element(screen.getByRole('dialog', { name: '¡Genial!' })).toBeVisible();
    expect(bodyOf(calls, 'POST', 'modules/')).toHaveLength(1);
    expect(bodyOf(calls, 'PUT', `modules/${NEW_MODULE_ID}/`)).toEqual([
      {
        name: 'Taller de ecuaciones 2',
        description: 'Segundo periodo',
        problemIds: [102, PUBLIC_SAMPLE.id, 103],
        createCodes: false,
      },
    ]);
  });

  it('opens a saved module prefilled and saves its new order with its assignments unchanged', async () => {
    const { screen, calls } = await open({ path: '/teacher/modules/21' });
    await expect.element(screen.getByLabelText('Nombre del módulo')).toHaveValue('Funciones lineales');
    await expect
      .element(screen.getByLabelText('Descripción (opcional)'))
      .toHaveValue('Taller del primer periodo');
    await expect.poll(() => selectedTitles(screen)).toEqual([DESPEJAR, SAMPLE]);
    const grado10 = screen.getByRole('group', { name: 'Grado 10A' });
    await expect.element(grado10.getByLabelText('Asignar a Grado 10A')).toBeChecked();
    await expect.element(grado10.getByLabelText('Todo el salón')).toBeChecked();
    const publish = isoToMoment(FUNCIONES_DETAIL.assignments[0]!.publishDate);
    await expect.element(grado10.getByLabelText('Fecha de publicación')).toHaveValue(publish.date);
    await expect.element(grado10.getByLabelText('Hora de publicación')).toHaveValue(publish.time);
    await grado10.getByText('Fechas límite por estudiante (opcional)').click();
    const carlos = isoToMoment(FUNCIONES_DETAIL.assignments[0]!.studentDeadlines[0]!.deadline);
    await expect.element(grado10.getByLabelText('Fecha límite de Carlos Pérez')).toHaveValue(carlos.date);
    await expect
      .element(screen.getByRole('group', { name: 'Grado 9B' }).getByLabelText('Asignar a Grado 9B'))
      .not.toBeChecked();
    await expect.element(screen.getByText('STU234')).toBeVisible();
    await expect
      .element(screen.getByLabelText('Crear los códigos de actividad al guardar'))
      .not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: `Subir ${SAMPLE}` }).click();
    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    await expect
      .element(screen.getByRole('dialog', { name: '¡Genial!' }))
      .toHaveTextContent('Módulo guardado. Código de inscripción: STU234');
    expect(bodyOf(calls, 'PUT', 'modules/21/')).toEqual([
      {
        name: 'Funciones lineales',
        description: 'Taller del primer periodo',
        problemIds: [PUBLIC_SAMPLE.id, 102],
        createCodes: false,
      },
    ]);
    expect(bodyOf(calls, 'PUT', 'modules/21/assignments/')).toEqual([
      { assignments: FUNCIONES_DETAIL.assignments.map(({ classroomName: _name, ...a }) => a) },
    ]);
  });

  it('refuses a blank name before sending: under the field and in the Oops dialog (ModuleBlank)', async () => {
    const { screen, calls } = await open({ language: 'en' });
    await screen.getByLabelText('Module name').fill('   ');
    await screen.getByRole('button', { name: 'Save module' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Oops!' });
    await expect.element(dialog).toHaveTextContent('Module name cannot be blank.');
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    const name = screen.getByLabelText('Module name');
    await expect.element(name).toHaveAttribute('aria-invalid', 'true');
    await expect.element(name).toHaveAccessibleDescription(/Module name cannot be blank\./);
    await expect.element(name).toHaveFocus();
    expect(calls.filter((c) => c.path.startsWith('modules/'))).toEqual([]);
    await name.fill('Workshop');
    await expect.element(name).not.toHaveAttribute('aria-invalid');
  });

  it("puts the server's refusal of a repeated name (ModuleNameUsed) under the name and in the dialog", async () => {
    const { screen, calls } = await open();
    await screen.getByLabelText('Nombre del módulo').fill('Funciones lineales');
    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    const dialog = screen.getByRole('dialog', { name: '¡Ups!' });
    await expect.element(dialog).toHaveTextContent('Ya tienes un módulo con este nombre.');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const name = screen.getByLabelText('Nombre del módulo');
    await expect.element(name).toHaveAccessibleDescription(/Ya tienes un módulo con este nombre\./);
    await expect.element(name).toHaveFocus();
    expect(bodyOf(calls, 'PUT', `modules/${NEW_MODULE_ID}/assignments/`)).toEqual([]);
    await expect.element(screen.getByText('Hay cambios sin guardar.')).toBeVisible();
  });

  it('says to reload when the session is gone (Unauthorized)', async () => {
    const { screen } = await open({
      routes: { 'POST modules/': refusal(401, 'not-authenticated', 'Debes iniciar sesión para continuar.') },
    });
    await screen.getByLabelText('Nombre del módulo').fill('Taller');
    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    await expect
      .element(screen.getByRole('dialog', { name: '¡Ups!' }))
      .toHaveTextContent('Tu sesión expiró. ¡Recarga la ventana!');
  });

  it('checks the assignments before sending: chosen students and a deadline after the publish date', async () => {
    const { screen, calls } = await open();
    await screen.getByLabelText('Nombre del módulo').fill('Taller');
    const grado10 = screen.getByRole('group', { name: 'Grado 10A' });
    await grado10.getByLabelText('Asignar a Grado 10A').click();
    await grado10.getByLabelText('Solo los estudiantes que elija').click();
    await grado10.getByLabelText('Fecha de publicación').fill('2030-03-10');
    await grado10.getByLabelText('Fecha límite', { exact: true }).fill('2030-03-09');
    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    const dialog = screen.getByRole('dialog', { name: '¡Ups!' });
    await expect.element(dialog).toHaveTextContent('Revisa las asignaciones marcadas.');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect
      .element(grado10.getByLabelText('Fecha límite', { exact: true }))
      .toHaveAccessibleDescription(/La fecha límite no puede ser anterior a la fecha de publicación\./);
    await expect
      .element(grado10.getByRole('group', { name: 'Estudiantes de Grado 10A' }))
      .toHaveAccessibleDescription('Elige al menos un estudiante.');
    expect(calls.filter((c) => c.path === 'modules/')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('keeps a module whose assignments failed, so the next save changes it instead of making another', async () => {
    let failAssignments = true;
    const server = moduleServer();
    const assignments = server.routes[`PUT modules/${NEW_MODULE_ID}/assignments/`]!;
    const { screen, calls, router } = await renderSite('/teacher/modules/new', {
      user: TEACHER,
      routes: {
        ...server.routes,
        [`PUT modules/${NEW_MODULE_ID}/assignments/`]: (call) =>
          failAssignments
            ? refusal(500, 'internal', 'Algo salió mal en el servidor. Intenta más tarde.')
            : typeof assignments === 'function'
              ? assignments(call)
              : assignments,
      },
    });
    await screen.getByLabelText('Nombre del módulo').fill('Taller');
    await screen.getByRole('group', { name: 'Grado 9B' }).getByLabelText('Asignar a Grado 9B').click();
    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    const dialog = screen.getByRole('dialog', { name: '¡Ups!' });
    await expect.element(dialog).toHaveTextContent('Algo salió mal en el servidor.');
    await expect.poll(() => router.state.location.pathname).toBe(`/teacher/modules/${NEW_MODULE_ID}`);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect.element(screen.getByText('Hay cambios sin guardar.')).toBeVisible();
    await expect
      .element(screen.getByRole('group', { name: 'Grado 9B' }).getByLabelText('Asignar a Grado 9B'))
      .toBeChecked();

    failAssignments = false;
    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    await expect.element(screen.getByRole('dialog', { name: '¡Genial!' })).toBeVisible();
    expect(bodyOf(calls, 'POST', 'modules/')).toHaveLength(1);
    expect(bodyOf(calls, 'PUT', `modules/${NEW_MODULE_ID}/`)).toHaveLength(1);
  });

  it('asks before leaving with unsaved changes, and not when everything is saved', async () => {
    const { screen, router } = await open();
    await screen.getByRole('link', { name: 'Volver a mis módulos' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/modules');

    await screen.getByRole('link', { name: 'Crear módulo' }).click();
    await screen.getByLabelText('Nombre del módulo').fill('A medias');
    await screen.getByRole('link', { name: 'Volver a mis módulos' }).click();
    const dialog = screen.getByRole('dialog', { name: '¿Salir sin guardar?' });
    await expect.element(dialog).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/teacher/modules/new');
    await expect.element(screen.getByLabelText('Nombre del módulo')).toHaveValue('A medias');

    await screen.getByRole('link', { name: 'Volver a mis módulos' }).click();
    await screen
      .getByRole('dialog', { name: '¿Salir sin guardar?' })
      .getByRole('button', { name: 'Salir sin guardar' })
      .click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/modules');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis módulos' })).toBeVisible();
  });
});

describe('the module builder: clone by code', () => {
  it('clones a module by its code: spaces removed, its new problems added, name and description filled', async () => {
    let release: () => void = () => undefined;
    const server = moduleServer();
    const byCode = server.routes['GET module-by-code/'] as (call: StubCall) => Promise<{ body?: unknown }>;
    const { screen, calls } = await renderSite('/teacher/modules/new', {
      user: TEACHER,
      routes: {
        ...server.routes,
        'GET module-by-code/': async (call) => {
          // The first look-up waits, so the page shows that it is looking.
          if (calls.filter((c) => c.path === 'module-by-code/').length === 1)
            await new Promise<void>((resolve) => (release = resolve));
          return byCode(call);
        },
      },
    });
    await pickSubtopic(screen);
    await add(screen, DESPEJAR);
    await screen.getByLabelText('Código de actividad del módulo').fill(' clon 12 ');
    await screen.getByRole('button', { name: 'Clonar' }).click();
    await expect.element(screen.getByText('Buscando el módulo…')).toBeVisible();
    release();
    await expect
      .element(
        screen.getByText('¡Listo! Agregamos 1 problema de «Taller compartido». 1 ya estaba en el módulo.'),
      )
      .toBeVisible();
    expect(calls.filter((c) => c.path === 'module-by-code/').map((c) => c.query.get('code'))).toEqual([
      'CLON12',
    ]);
    expect(selectedTitles(screen)).toEqual([DESPEJAR, 'Fracciones equivalentes']);
    await expect.element(screen.getByLabelText('Nombre del módulo')).toHaveValue('Taller compartido');
    await expect.element(screen.getByLabelText('Descripción (opcional)')).toHaveValue('Del profe Ramírez');
    expect(await axeViolations()).toEqual([]);

    await screen.getByLabelText('Código de actividad del módulo').fill('NOPE99');
    await screen.getByRole('button', { name: 'Clonar' }).click();
    await expect
      .element(screen.getByRole('status').filter({ hasText: '¡Código erróneo!' }))
      .toBeInTheDocument();
    await expect
      .element(screen.getByLabelText('Código de actividad del módulo'))
      .toHaveAccessibleDescription(/¡Código erróneo! Ningún módulo tiene ese código\./);
    expect(selectedTitles(screen)).toEqual([DESPEJAR, 'Fracciones equivalentes']);
  });

  it("leaves a module's own name and description alone when cloning into it", async () => {
    const { screen } = await open({ path: '/teacher/modules/21' });
    await expect.poll(() => selectedTitles(screen)).toEqual([DESPEJAR, SAMPLE]);
    await screen.getByLabelText('Código de actividad del módulo').fill('CLON12');
    await screen.getByLabelText('Código de actividad del módulo').click();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => selectedTitles(screen)).toEqual([DESPEJAR, SAMPLE, 'Fracciones equivalentes']);
    await expect.element(screen.getByLabelText('Nombre del módulo')).toHaveValue('Funciones lineales');
    await expect
      .element(screen.getByLabelText('Descripción (opcional)'))
      .toHaveValue('Taller del primer periodo');
  });
});

describe('the module builder: addresses', () => {
  it.each(['/teacher/modules/99', '/teacher/modules/abc'])('says %s names no module', async (path) => {
    const { screen } = await open({ path });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'No encontramos ese módulo' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Volver a mis módulos' }))
      .toHaveAttribute('href', '/teacher/modules');
  });

  it('opens from the list: Edit leads to the builder of that module', async () => {
    const { screen, router } = await open({ path: '/teacher/modules' });
    await screen.getByRole('link', { name: 'Editar Funciones lineales' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/modules/21');
    await expect.element(screen.getByLabelText('Nombre del módulo')).toHaveValue('Funciones lineales');
  });

  it('fits a 360 px phone: nothing overflows', async () => {
    await page.viewport(360, 740);
    const { screen } = await open({ path: '/teacher/modules/21' });
    await expect.poll(() => selectedTitles(screen)).toEqual([DESPEJAR, SAMPLE]);
    await screen.getByRole('group', { name: 'Grado 9B' }).getByLabelText('Asignar a Grado 9B').click();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
