import { translate } from '@kib/i18n';
import { MATH_TYPES, ProblemSchema, type ProblemDraft } from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite, type StubHandler, watchClipboard } from '../../test/render-site';
import { sidebarStorageKey } from '../../layout/area-layout';
import { refusal } from '../teacher/teacher-fixture';
import {
  CLONE_ID,
  CREATOR,
  creatorServer,
  FAILED_CHECK,
  MINE,
  MINE_ANSWER,
  MINE_DRAFT,
  NEW_PROBLEM_ID,
  type ReceivedSave,
} from './creator-fixture';
import { draftStorageName } from './creator-draft.store';

type Screen = Awaited<ReturnType<typeof renderSite>>['screen'];

function open(
  path = '/creator/tool',
  options: {
    language?: 'es' | 'en';
    refuse?: (typeof FAILED_CHECK)[];
    saveError?: StubHandler;
  } = {},
) {
  const server = creatorServer({ refuse: options.refuse, saveError: options.saveError });
  return renderSite(path, { user: CREATOR, routes: server.routes, language: options.language }).then((r) => ({
    ...r,
    saves: server.saves as ReceivedSave[],
  }));
}

const nextFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** The numerals' questions, in their order on the page. */
const questions = (screen: Screen) =>
  screen
    .getByRole('list', { name: /^Numerales/ })
    .getByRole('textbox', { name: 'Pregunta' })
    .elements()
    .map((e) => (e as HTMLTextAreaElement).value);

/** The numerals list. */
const numeralList = (screen: Screen) => screen.getByRole('list', { name: /^Numerales/ });

const picture = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], name, { type: 'image/png' });

const clipboard = watchClipboard();
beforeEach(() => {
  localStorage.removeItem(sidebarStorageKey('creator'));
  for (const id of [null, MINE.id, NEW_PROBLEM_ID, CLONE_ID]) localStorage.removeItem(draftStorageName(id));
});

describe('the creation tool: numerals and steps', () => {
  it('adds numerals after any other and steps, reorders them by keyboard and buttons, and deletes after confirming', async () => {
    const { screen } = await open();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Nuevo problema' })).toBeVisible();
    const list = numeralList(screen);
    await list.getByRole('textbox', { name: 'Pregunta' }).fill('Primera');
    await list.getByRole('button', { name: 'Añadir numeral después Numeral 1' }).click();
    await expect.element(screen.getByRole('heading', { level: 3, name: 'Numeral 2' })).toHaveFocus();
    await expect.poll(() => document.body.textContent).toContain('Numeral añadido como numeral 2.');
    await list.getByRole('textbox', { name: 'Pregunta' }).nth(1).fill('Segunda');
    // Added after the first: between the first and the second.
    await list.getByRole('button', { name: 'Añadir numeral después Numeral 1' }).click();
    await list.getByRole('textbox', { name: 'Pregunta' }).nth(1).fill('Intermedia');
    expect(questions(screen)).toEqual(['Primera', 'Intermedia', 'Segunda']);

    // Move down keeps the focus on the button and says where the numeral went.
    const down = list.getByRole('button', { name: 'Bajar Numeral 1' });
    await down.click();
    expect(questions(screen)).toEqual(['Intermedia', 'Primera', 'Segunda']);
    await expect.poll(() => document.body.textContent).toContain('Numeral 1 pasó a la posición 2 de 3.');
    await expect.element(list.getByRole('button', { name: 'Bajar Numeral 2' })).toHaveFocus();

    // The drag handle by keyboard: Space, ArrowUp, Space.
    const handle = list.getByRole('button', { name: 'Mover Numeral 3' });
    (handle.element() as HTMLElement).focus();
    await userEvent.keyboard('{Space}');
    await expect.poll(() => document.body.textContent).toContain('Tomaste Numeral 3, en la posición 3 de 3.');
    await nextFrames();
    await userEvent.keyboard('{ArrowUp}');
    await expect.poll(() => document.body.textContent).toContain('Numeral 3 está sobre la posición 2 de 3.');
    await userEvent.keyboard('{Space}');
    await expect.poll(() => questions(screen)).toEqual(['Intermedia', 'Segunda', 'Primera']);

    // A step of the first numeral, then another before it.
    await list.getByRole('button', { name: 'Añadir un paso al principio Numeral 1' }).click();
    await expect.element(screen.getByRole('heading', { level: 4, name: 'Paso 1' })).toHaveFocus();
    await list.getByRole('textbox', { name: 'Instrucción' }).fill('Paso A');
    await list.getByRole('button', { name: 'Añadir un paso al principio Numeral 1' }).click();
    await list.getByRole('textbox', { name: 'Instrucción' }).first().fill('Paso B');
    await list.getByRole('button', { name: 'Bajar Numeral 1, paso 1' }).click();
    await expect
      .poll(() =>
        list
          .getByRole('textbox', { name: 'Instrucción' })
          .elements()
          .map((e) => (e as HTMLTextAreaElement).value),
      )
      .toEqual(['Paso A', 'Paso B']);
    expect(await axeViolations()).toEqual([]);

    // Deleting a numeral asks, and its steps go with it.
    await list.getByRole('button', { name: 'Borrar Numeral 1' }).first().click();
    const dialog = screen.getByRole('dialog', { name: '¿Borrar el Numeral 1?' });
    await expect.element(dialog).toHaveTextContent('Sus pasos, su respuesta');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect(questions(screen)).toHaveLength(3);
    await list.getByRole('button', { name: 'Borrar Numeral 1' }).first().click();
    await screen.getByRole('dialog').getByRole('button', { name: 'Borrar' }).click();
    await expect.poll(() => questions(screen)).toEqual(['Segunda', 'Primera']);
    await expect.element(list.getByRole('textbox', { name: 'Instrucción' })).not.toBeInTheDocument();
    await expect.poll(() => document.body.textContent).toContain('Numeral 1 fue borrado.');
    await expect.element(screen.getByRole('heading', { level: 3, name: 'Numeral 1' })).toHaveFocus();
  });

  it('shows the form of the chosen math type for a numeral and for a step', async () => {
    const { screen } = await open();
    const list = numeralList(screen);
    await expect
      .element(list.getByRole('region', { name: 'Respuesta del Numeral 1: Resolver' }))
      .toBeVisible();
    await list.getByRole('combobox', { name: 'Tipo de respuesta' }).selectOptions('multipleChoice');
    const answer = list.getByRole('region', { name: 'Respuesta del Numeral 1: Selección múltiple' });
    await expect.element(answer).toBeVisible();
    // The math type's own form, with its fields.
    const form = answer.getByRole('group', { name: 'Selección múltiple', exact: true });
    await expect.element(form).toHaveAttribute('data-math-type', 'multipleChoice');
    await list.getByRole('button', { name: 'Añadir un paso al principio Numeral 1' }).click();
    await list.getByRole('combobox', { name: 'Tipo de respuesta' }).nth(1).selectOptions('plotFunction');
    const step = list.getByRole('region', { name: 'Respuesta del Numeral 1, paso 1: Graficar una función' });
    await expect
      .element(step.getByRole('group', { name: 'Graficar una función', exact: true }))
      .toHaveAttribute('data-math-type', 'plotFunction');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the creation tool: the local draft', () => {
  it('keeps unsaved work on this device and restores it after a reload, saying which files were lost', async () => {
    const first = await open();
    await first.screen.getByRole('textbox', { name: 'Título' }).fill('Mi problema');
    await numeralList(first.screen).getByRole('textbox', { name: 'Pregunta' }).fill('¿Cuánto es $1+1$?');
    await first.screen
      .getByRole('region', { name: 'El problema' })
      .getByLabelText('Imagen', { exact: true })
      .upload(picture('portada.png'));
    await expect.element(first.screen.getByText('portada.png (se sube al guardar)')).toBeVisible();
    await first.screen.unmount();

    const { screen } = await open();
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Mi problema');
    await expect
      .element(numeralList(screen).getByRole('textbox', { name: 'Pregunta' }))
      .toHaveValue('¿Cuánto es $1+1$?');
    // When, as the site writes dates (DD-MM-YYYY HH:mm), not the browser's own format.
    await expect
      .element(
        screen.getByText(/^Recuperamos los cambios sin guardar .*\(\d{2}-\d{2}-\d{4} \d{2}:\d{2}\)\.$/),
      )
      .toBeVisible();
    await expect.element(screen.getByText(/se perdieron: portada\.png/)).toBeVisible();
    await expect.element(screen.getByText('portada.png (se sube al guardar)')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Descartar este borrador y empezar de cero' }).click();
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('');
    expect(localStorage.getItem(draftStorageName(null))).toBeNull();
  });

  it('restores the local changes of a saved problem, and says when the server has a newer version', async () => {
    const first = await open(`/creator/tool/${MINE.id}`);
    await expect.element(first.screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await first.screen.getByRole('textbox', { name: 'Título' }).fill('Cambiado aquí');
    await first.screen.unmount();
    // The fixture's problem changed on the server in 2030, after anything kept today.
    const kept = JSON.parse(localStorage.getItem(draftStorageName(MINE.id))!) as {
      state: { changedAt: number };
    };
    kept.state.changedAt = Date.parse('2029-01-01T00:00:00Z');
    localStorage.setItem(draftStorageName(MINE.id), JSON.stringify(kept));

    const { screen } = await open(`/creator/tool/${MINE.id}`);
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Cambiado aquí');
    await expect.element(screen.getByText(/el problema cambió en el servidor/)).toBeVisible();
    await screen.getByRole('button', { name: 'Descartar estos cambios y abrir la versión guardada' }).click();
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await expect.element(screen.getByText('Todo guardado')).toBeVisible();
  });

  it("asks before leaving unsaved work, and 'Create new problem' asks before clearing the draft", async () => {
    const { screen, router } = await open();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toBeVisible();
    expect(unload()).toBe(false);
    await screen.getByRole('textbox', { name: 'Título' }).fill('A medias');
    // Closing or reloading the page asks too.
    expect(unload()).toBe(true);
    const nav = screen.getByRole('navigation', { name: 'Menú del creador' });
    await nav.getByRole('link', { name: 'Problemas' }).click();
    const leave = screen.getByRole('dialog', { name: '¿Salir sin guardar?' });
    await leave.getByRole('button', { name: 'Quedarme' }).click();
    expect(router.state.location.pathname).toBe('/creator/tool');
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('A medias');

    await nav.getByRole('link', { name: 'Crear nuevo problema' }).click();
    const fresh = screen.getByRole('dialog', { name: '¿Empezar un problema nuevo?' });
    await fresh.getByRole('button', { name: 'Seguir con el borrador' }).click();
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('A medias');
    await nav.getByRole('link', { name: 'Crear nuevo problema' }).click();
    await screen.getByRole('dialog').getByRole('button', { name: 'Descartarlo y empezar otro' }).click();
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('');
    expect(router.state.location.search).toBe('');

    await screen.getByRole('textbox', { name: 'Título' }).fill('Otro');
    await nav.getByRole('link', { name: 'Problemas' }).click();
    await screen
      .getByRole('dialog', { name: '¿Salir sin guardar?' })
      .getByRole('button', { name: 'Salir' })
      .click();
    await expect.poll(() => router.state.location.pathname).toBe('/creator/problems');
  });
});

describe('the creation tool: saving', () => {
  it('checks the draft first: a summary links to each field to fix', async () => {
    const { screen, saves } = await open();
    await screen.getByRole('button', { name: 'Guardar' }).click();
    const summary = screen.getByRole('alert');
    await expect.element(summary).toHaveFocus();
    await expect.element(summary.getByRole('heading', { name: 'Hay 1 cosa por corregir' })).toBeVisible();
    await summary.getByRole('link', { name: 'Problema · Título: Este campo es obligatorio.' }).click();
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveFocus();
    await expect
      .element(screen.getByRole('textbox', { name: 'Título' }))
      .toHaveAttribute('aria-invalid', 'true');
    expect(saves).toEqual([]);

    // A fixed field leaves the summary and loses its error.
    await screen.getByRole('textbox', { name: 'Título' }).fill('Completo');
    await expect.element(screen.getByRole('alert')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).not.toHaveAttribute('aria-invalid');

    // Publishing needs every answer.
    await screen.getByRole('switch', { name: 'Publicar el problema' }).click();
    await screen.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .element(
        screen.getByRole('link', {
          name: 'Numeral 1 · Respuesta: Completa la respuesta antes de publicar o probar.',
        }),
      )
      .toBeVisible();
    expect(saves).toEqual([]);
  });

  it("sends the draft and only its new files as multipart, says 'Nice !', writes back ids and keys and moves to the problem's address", async () => {
    const { screen, router, saves } = await open();
    await screen.getByRole('textbox', { name: 'Título' }).fill('Áreas');
    const list = numeralList(screen);
    await list.getByRole('textbox', { name: 'Pregunta' }).fill('Calcula el área');
    await screen
      .getByRole('region', { name: 'El problema' })
      .getByLabelText('Imagen', { exact: true })
      .upload(picture('portada.png'));
    await list.getByLabelText('Imagen de la pista').upload(picture('pista.png'));
    await screen.getByRole('button', { name: 'Guardar' }).click();

    await expect.element(screen.getByRole('status').getByText('¡Muy bien!')).toBeVisible();
    await expect.poll(() => router.state.location.pathname).toBe(`/creator/tool/${NEW_PROBLEM_ID}`);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Editar problema' })).toBeVisible();
    expect(saves).toHaveLength(1);
    const [save] = saves;
    expect(save!.userType).toBe('creator');
    expect(save!.state).toMatchObject({ id: null, title: 'Áreas', publish_problem: false });
    const numeralKey = (save!.state.numerals as { key: string; question: string }[])[0]!.key;
    expect(numeralKey).toMatch(/^[A-Za-z0-9_-]{6}$/);
    expect(save!.files.map((f) => [f.field, f.name, f.formdata.type, f.formdata.name])).toEqual([
      ['picture_0', 'portada.png', 'problem', 'portada.png'],
      ['picture_1', 'pista.png', 'hint', 'pista.png'],
    ]);
    expect(save!.files[1]!.formdata.id).toBe(numeralKey);
    // The stored keys are written back and the files are no longer pending.
    await expect.element(screen.getByText('Guardado: picture0stored.png')).toBeVisible();
    await expect.element(screen.getByText('Guardado: picture1stored.png')).toBeVisible();
    await expect.element(screen.getByText('Todo guardado')).toBeVisible();

    // The next save sends the ids the server gave and no file again.
    await screen.getByRole('textbox', { name: 'Título' }).fill('Áreas y perímetros');
    await screen.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => saves.length).toBe(2);
    expect(saves[1]!.state).toMatchObject({ id: NEW_PROBLEM_ID, picture: 'picture0stored.png' });
    expect((saves[1]!.state.numerals as { id: number }[])[0]!.id).toBe(900);
    expect(saves[1]!.files).toEqual([]);
    expect(localStorage.getItem(draftStorageName(null))).toBeNull();
  });

  it('lists the checks that refused to publish in the author’s words, with a link, and keeps publication asked for', async () => {
    const { screen, saves } = await open(`/creator/tool/${MINE.id}`, { refuse: [FAILED_CHECK] });
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await screen.getByRole('switch', { name: 'Publicar el problema' }).click();
    await screen.getByRole('button', { name: 'Guardar' }).click();
    const checks = screen.getByRole('alert');
    await expect.element(checks).toHaveFocus();
    await expect
      .element(
        checks.getByRole('heading', {
          name: 'No se publicó: hay respuestas que no pasan su propia revisión',
        }),
      )
      .toBeVisible();
    const link = checks.getByRole('link', {
      name: `Numeral 2: ${translate('es', 'authoring.solutions-wrong', { answer: 'x=3' })}`,
    });
    await expect.element(link).toBeVisible();
    // No "well done" beside a refusal; the switch still asks for publication.
    await expect.element(screen.getByText('¡Muy bien!')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('switch', { name: 'Publicar el problema' })).toBeChecked();
    expect(saves[0]!.state).toMatchObject({ id: MINE.id, publish_problem: true });
    expect(await axeViolations()).toEqual([]);
    await link.click();
    await expect.element(screen.getByRole('heading', { level: 3, name: 'Numeral 2' })).toHaveFocus();
    // The corrected save asks for publication again, without the author turning the switch back on.
    await screen.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => saves.length).toBe(2);
    expect(saves[1]!.state).toMatchObject({ id: MINE.id, publish_problem: true });
  });

  it('adds question tests to a numeral, sends them with the save, and says a failing one in the author’s words', async () => {
    const failingTest = {
      ...FAILED_CHECK,
      numeral: 1,
      key: 'numAAA',
      reason: 'authoring.test-feedback',
      params: { answer: 'x=-2', expected: 'feedback.sign-error', given: 'feedback.not-equivalent' },
    };
    const { screen, saves } = await open(`/creator/tool/${MINE.id}`, { refuse: [failingTest] });
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    const tests = screen.getByRole('group', { name: 'Pruebas de Numeral 1', exact: true });
    await tests.getByRole('button', { name: 'Añadir prueba' }).click();
    await tests.getByRole('textbox', { name: 'Respuesta de la prueba 1' }).fill('2x=4\nx=2');
    await tests.getByRole('combobox', { name: 'Kib debe, en la prueba 1' }).selectOptions('Aceptarla');
    expect(
      tests.getByRole('combobox', { name: 'Retroalimentación esperada en la prueba 1' }).elements(),
    ).toEqual([]);
    await tests.getByRole('button', { name: 'Añadir prueba' }).click();
    await tests.getByRole('textbox', { name: 'Respuesta de la prueba 2' }).fill('x=-2');
    await tests
      .getByRole('combobox', { name: 'Retroalimentación esperada en la prueba 2' })
      .selectOptions('feedback.sign-error');
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('switch', { name: 'Publicar el problema' }).click();
    await screen.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => saves.length).toBe(1);
    const sent = (saves[0]!.state as { numerals: { answer_tests: unknown[] }[] }).numerals[0]!.answer_tests;
    expect(sent).toEqual([
      { key: expect.any(String), answer: '2x=4\nx=2', expect: 'accept', feedback: null },
      { key: expect.any(String), answer: 'x=-2', expect: 'reject', feedback: 'feedback.sign-error' },
    ]);
    // The checker's feedback is named in its words, not by its key.
    await expect
      .element(
        screen.getByRole('alert').getByRole('link', {
          name:
            'Numeral 1: La prueba con la respuesta x=-2 se rechaza, pero con otra retroalimentación: ' +
            `«${translate('es', 'feedback.not-equivalent')}» en lugar de ` +
            `«${translate('es', 'feedback.sign-error')}».`,
        }),
      )
      .toBeVisible();

    await tests.getByRole('button', { name: 'Quitar la prueba 1' }).click();
    await expect
      .element(tests.getByRole('textbox', { name: 'Respuesta de la prueba 1' }))
      .toHaveValue('x=-2');
  });

  it("shows the server's field errors at their fields and in the summary", async () => {
    const { screen } = await open(`/creator/tool/${MINE.id}`, {
      saveError: refusal(400, 'validation', 'Revisa los campos marcados.', {
        'state.numerals.0.question': ['La pregunta es demasiado larga.'],
      }),
    });
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await screen.getByRole('button', { name: 'Guardar' }).click();
    const summary = screen.getByRole('alert');
    await summary
      .getByRole('link', { name: 'Numeral 1 · Pregunta: La pregunta es demasiado larga.' })
      .click();
    const question = numeralList(screen).getByRole('textbox', { name: 'Pregunta' }).first();
    await expect.element(question).toHaveFocus();
    await expect.element(question).toHaveAccessibleDescription(/La pregunta es demasiado larga\./);
  });
});

describe('the creation tool: files', () => {
  it('refuses a picture of another type or over the limit of GET config/, before sending anything', async () => {
    const { screen, saves } = await open();
    const input = screen
      .getByRole('region', { name: 'El problema' })
      .getByLabelText('Imagen', { exact: true });
    await expect.element(input).toHaveAccessibleDescription(/hasta 5 MB/);
    await input.upload(new File(['%PDF'], 'tarea.pdf', { type: 'application/pdf' }));
    await expect.element(input).toHaveAccessibleDescription(/Elige una imagen JPG, JPEG, PNG o GIF\./);
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await input.upload(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'enorme.png', { type: 'image/png' }));
    await expect.element(input).toHaveAccessibleDescription(/El archivo es demasiado grande: máximo 5 MB\./);
    await expect.element(screen.getByText(/se sube al guardar\)$/)).not.toBeInTheDocument();
    const video = screen
      .getByRole('region', { name: 'El problema' })
      .getByLabelText('Video', { exact: true });
    await video.upload(new File([new Uint8Array([0, 0, 0, 24])], 'clase.mov', { type: 'video/quicktime' }));
    await expect.element(screen.getByText('clase.mov (se sube al guardar)')).toBeVisible();
    await screen.getByRole('button', { name: 'Quitar el archivo elegido Video' }).click();
    await expect.element(screen.getByText('clase.mov (se sube al guardar)')).not.toBeInTheDocument();
    expect(saves).toEqual([]);
  });
});

describe('the creation tool: files refused by the server', () => {
  it("puts the server's words about a sent file at the field it was chosen in", async () => {
    const said = 'portada.png no es una imagen JPG, PNG o GIF (su contenido es ?).';
    const { screen } = await open('/creator/tool', {
      saveError: refusal(400, 'validation', 'Revisa los campos marcados.', { picture_0: [said] }),
    });
    await screen.getByRole('textbox', { name: 'Título' }).fill('Con portada');
    const input = screen
      .getByRole('region', { name: 'El problema' })
      .getByLabelText('Imagen', { exact: true });
    await input.upload(picture('portada.png'));
    await screen.getByRole('button', { name: 'Guardar' }).click();
    await screen
      .getByRole('alert')
      .getByRole('link', { name: `Problema · Imagen: ${said}` })
      .click();
    await expect.element(input).toHaveFocus();
    await expect.element(input).toHaveAccessibleDescription(new RegExp(said.replace(/[.?()]/g, '\\$&')));
    // The file is still chosen, to be sent again.
    await expect.element(screen.getByText('portada.png (se sube al guardar)')).toBeVisible();
  });
});

describe('the creation tool: clone, delete and try', () => {
  it('clones only a saved problem, after asking, and opens the copy', async () => {
    const unsaved = await open();
    await unsaved.screen.getByRole('button', { name: 'Clonar' }).click();
    const saveFirst = unsaved.screen.getByRole('dialog', { name: 'Clonar el ejercicio' });
    await expect.element(saveFirst).toHaveTextContent('Para clonar el problema, primero guárdalo.');
    await saveFirst.getByRole('button', { name: 'De acuerdo' }).click();
    await unsaved.screen.unmount();

    const { screen, router, calls } = await open(`/creator/tool/${MINE.id}`);
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await screen.getByRole('button', { name: 'Clonar' }).click();
    const confirm = screen.getByRole('dialog', { name: '¿Seguro que quieres clonar el ejercicio?' });
    await confirm.getByRole('button', { name: 'No' }).click();
    expect(calls.some((c) => c.path.endsWith('/clone/'))).toBe(false);
    await screen.getByRole('button', { name: 'Clonar' }).click();
    await screen
      .getByRole('dialog', { name: '¿Seguro que quieres clonar el ejercicio?' })
      .getByRole('button', { name: 'Sí' })
      .click();
    await expect.poll(() => router.state.location.pathname).toBe(`/creator/tool/${CLONE_ID}`);
    await expect
      .element(screen.getByRole('textbox', { name: 'Título' }))
      .toHaveValue(`${MINE_DRAFT.title} (clon)`);
    await expect.element(screen.getByText('Esta es la copia del problema.', { exact: false })).toBeVisible();
  });

  it('deletes the problem after the same question as the table, and goes back to the table', async () => {
    const { screen, router } = await open(`/creator/tool/${MINE.id}`);
    await screen.getByRole('button', { name: 'Borrar el problema' }).click();
    await screen
      .getByRole('dialog', { name: '¿Realmente quieres borrar este problema?' })
      .getByRole('button', { name: 'Confirmar borrado' })
      .click();
    await expect.poll(() => router.state.location.pathname).toBe('/creator/problems');
    await expect.element(screen.getByRole('status').getByText('fue borrado.')).toBeVisible();
  });

  it('tries the draft in the real solver, checked in the browser, once every answer is filled in', async () => {
    const { screen, calls } = await open(`/creator/tool/${MINE.id}`);
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await screen.getByRole('button', { name: 'Probar' }).click();
    const trying = screen.getByRole('dialog', { name: /^Probar:/ });
    await expect
      .element(trying.getByText('Las respuestas se revisan, pero nada queda registrado.'))
      .toBeVisible();
    await expect.element(trying.getByRole('tab', { name: 'Pregunta 2' })).toBeVisible();
    await trying.getByRole('button', { name: 'Cerrar' }).click();
    expect(calls.some((c) => c.path.startsWith('problems/') && c.method === 'GET')).toBe(false);

    // A numeral without its answer cannot be tried yet.
    await numeralList(screen)
      .getByRole('combobox', { name: 'Tipo de respuesta' })
      .first()
      .selectOptions('simplify');
    await screen.getByRole('button', { name: 'Probar' }).click();
    await expect
      .element(
        screen.getByText(
          'Para probar o exportar el problema, completa primero la respuesta de cada numeral y paso.',
        ),
      )
      .toBeVisible();
    await expect.element(screen.getByRole('dialog', { name: /^Probar:/ })).not.toBeInTheDocument();
  });
});

describe('the creation tool: exporting for another page', () => {
  it('gives the offline problem the solver takes, answers included, as HTML to paste and as a file', async () => {
    const { screen } = await open(`/creator/tool/${MINE.id}`);
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await screen.getByRole('button', { name: 'Exportar para insertar' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Exportar para insertar en otra página' });
    await expect.element(dialog.getByRole('radio', { name: /^Con las respuestas/ })).toBeChecked();
    // Problem 12 is not published: the solver that asks Kib is not offered yet, and says why.
    await expect.element(dialog.getByRole('radio', { name: /^Sin las respuestas/ })).toBeDisabled();
    await expect
      .element(dialog.getByText('Guarda y publica el problema para insertarlo sin sus respuestas.'))
      .toBeVisible();

    const code = dialog.getByRole('textbox', { name: 'Código para pegar en la página' });
    const snippet = (code.element() as HTMLTextAreaElement).value;
    expect(snippet).toContain(
      `<script type="module" src="${location.origin}/widgets/kib-widgets.js"></script>`,
    );
    expect(snippet).toContain(`<kib-solver id="kib-problem-${MINE.id}" lang="es"`);
    const json = /const problem = (.*);\n/.exec(snippet)![1]!;
    // The JSON in the script is the problem the solver reads offline, and no text of it can end the script.
    expect(json).not.toContain('<');
    const problem = ProblemSchema.parse(JSON.parse(json));
    expect(problem.numerals.map((n) => n.question)).toEqual(MINE_DRAFT.numerals.map((n) => n.question));
    expect(problem.numerals[0]).toMatchObject({ mathType: 'solve', data: MINE_DRAFT.numerals[0]!.data });

    await dialog.getByRole('button', { name: 'Copiar el código' }).click();
    await expect.poll(() => clipboard.copied).toEqual([snippet]);
    const download = new Promise<HTMLAnchorElement>((resolve) => {
      const click = HTMLAnchorElement.prototype.click;
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        resolve(this);
        click.call(document.createElement('a'));
      });
    });
    await dialog.getByRole('button', { name: 'Descargar el problema (.json)' }).click();
    const link = await download;
    expect(link.download).toBe('kib-ecuacion-2x-3-7.json');
    const file = await (await fetch(link.href)).text();
    expect(ProblemSchema.parse(JSON.parse(file))).toEqual(problem);
    expect(await axeViolations()).toEqual([]);
  });

  it('offers the solver that asks Kib, answers kept on the server, for a saved and published problem', async () => {
    const { screen } = await open(`/creator/tool/${MINE.id}`);
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await screen.getByRole('switch', { name: 'Publicar el problema' }).click();
    await screen.getByRole('button', { name: 'Guardar' }).click();
    await expect.element(screen.getByText('Todo guardado')).toBeVisible();
    await screen.getByRole('button', { name: 'Exportar para insertar' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Exportar para insertar en otra página' });
    await dialog.getByRole('radio', { name: /^Sin las respuestas/ }).click();
    const code = dialog.getByRole('textbox', { name: 'Código para pegar en la página' });
    await expect
      .element(code)
      .toHaveValue(
        `<script type="module" src="${location.origin}/widgets/kib-widgets.js"></script>\n` +
          `<kib-solver problem-id="${MINE.id}" api-base="${location.origin}/api/" token="ACCESS_TOKEN" lang="es"` +
          ` picture-base-url="${location.origin}/media/pictures" video-base-url="${location.origin}/media/videos"></kib-solver>`,
      );
    expect((code.element() as HTMLTextAreaElement).value).not.toContain('x=2');
    expect(dialog.getByRole('button', { name: 'Descargar el problema (.json)' }).elements()).toEqual([]);
  });
});

describe('the creation tool: languages, phones and teachers', () => {
  it('speaks English', async () => {
    const { screen } = await open('/creator/tool', { language: 'en' });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'New problem' })).toBeVisible();
    await expect.element(screen.getByRole('switch', { name: 'Publish the problem' })).toBeVisible();
    await screen.getByRole('button', { name: 'Save' }).click();
    await expect.element(screen.getByRole('link', { name: /^Problem · Title:/ })).toBeVisible();
    await screen.getByRole('button', { name: 'Clone' }).click();
    await expect
      .element(screen.getByRole('dialog').getByText('In order to clone the problem please save it first.'))
      .toBeVisible();
  });

  it('fits a 360 px phone without overflow and axe finds nothing', async () => {
    await page.viewport(360, 740);
    const { screen } = await open(`/creator/tool/${MINE.id}`);
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await expect.poll(() => document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });

  it('fits a 360 px phone with every math type: no control past the screen’s edge, the save bar whole', async () => {
    await page.viewport(360, 740);
    const everyType: ProblemDraft = {
      ...MINE_DRAFT,
      numerals: MATH_TYPES.map((mathType, i) => ({
        ...MINE_DRAFT.numerals[1]!,
        key: `numT${String(i).padStart(2, '0')}`,
        id: 700 + i,
        question: `Numeral de ${mathType}`,
        mathType,
        data: mathType === 'multipleChoice' ? null : VALID_MATH_TYPE_DATA[mathType],
        choices:
          mathType === 'multipleChoice'
            ? VALID_MATH_TYPE_DATA.multipleChoice.choices.map((c, k) => ({
                ...c,
                key: `ch${i}${k}x`,
                id: null,
              }))
            : [],
        // A step of the same type: the deepest a form sits in the tool.
        steps:
          mathType === 'multipleChoice'
            ? []
            : [
                {
                  ...MINE_DRAFT.numerals[0]!.steps[0]!,
                  key: `stT${String(i).padStart(2, '0')}`,
                  id: 800 + i,
                  mathType,
                  data: VALID_MATH_TYPE_DATA[mathType],
                } as ProblemDraft['numerals'][number]['steps'][number],
              ],
      })),
    };
    const server = creatorServer();
    const { screen } = await renderSite(`/creator/tool/${MINE.id}`, {
      user: CREATOR,
      routes: {
        ...server.routes,
        [`GET creator/problems/${MINE.id}/`]: { body: { ...MINE_ANSWER, problem: everyType } },
      },
    });
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await expect.element(screen.getByRole('heading', { name: /^Numeral 14/ })).toBeInTheDocument();
    await nextFrames();
    // Whatever scrolls sideways on purpose (a table in its own scrolling box) is left to its box.
    const past = () =>
      [
        ...document.querySelectorAll<HTMLElement>(
          'button, input, select, textarea, math-field, canvas, svg, a',
        ),
      ]
        .filter((e) => !e.closest('.modules-table-wrap, .creator-form__table-scroll'))
        .filter((e) => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > 361)
        .map((e) => `${e.localName} in ${e.closest('[id$="-group"]')?.id ?? 'the page'}`);
    expect(past()).toEqual([]);
    // Nothing positioned inside a scrolling box (a math field's screen-reader text) widens the page.
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    const bar = document.querySelector('.creator-save-bar')!.getBoundingClientRect();
    expect(bar.right).toBeLessThanOrEqual(360);
  });

  it('reaches Guardar from the keyboard in a few stops, jumps to each numeral, and saves with Ctrl+S', async () => {
    const { screen, saves } = await open(`/creator/tool/${MINE.id}`);
    const title = screen.getByRole('textbox', { name: 'Título' });
    await expect.element(title).toHaveValue(MINE_DRAFT.title);
    const jump = screen.getByRole('navigation', { name: 'Ir a' });
    (document.activeElement as HTMLElement | null)?.blur();
    let stops = 0;
    while (document.activeElement?.textContent !== 'Guardar (Ctrl+S o ⌘+S)' && stops < 60) {
      await userEvent.keyboard('{Tab}');
      stops += 1;
    }
    // The site's header and the creator's menu come first; then "Volver", then the jump links.
    expect(stops).toBeLessThanOrEqual(15);
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('button', { name: 'Guardar', exact: true })).toHaveFocus();

    await jump.getByRole('link', { name: 'Numeral 2' }).click();
    await expect.element(screen.getByRole('heading', { name: /^Numeral 2/ })).toHaveFocus();

    await title.fill('Ecuación $3x+1=7$');
    await userEvent.keyboard('{Control>}s{/Control}');
    await expect.poll(() => saves.length).toBe(1);
    expect(saves[0]!.state.title).toBe('Ecuación $3x+1=7$');
    await expect.element(screen.getByText('Todo guardado')).toBeVisible();
  });

  it('keeps unsaved work in the author’s account when the browser blocks its storage, and says so', async () => {
    const name = draftStorageName(MINE.id);
    const kept: string[] = [];
    const server = creatorServer();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The storage is currently unavailable', 'SecurityError');
    });
    try {
      const { screen } = await renderSite(`/creator/tool/${MINE.id}`, {
        user: CREATOR,
        routes: {
          ...server.routes,
          [`GET creator/drafts/${name}/`]: { body: { value: null, saved_at: null } },
          [`PUT creator/drafts/${name}/`]: (call) => {
            kept.push((call.body as { value: string }).value);
            return { body: { value: 'x', saved_at: '2030-03-01T10:00:00.000Z' } };
          },
        },
      });
      const title = screen.getByRole('textbox', { name: 'Título' });
      await expect.element(title).toHaveValue(MINE_DRAFT.title);
      await expect
        .element(screen.getByText(/tus cambios sin guardar se guardan en tu cuenta de Kib hasta que guardes/))
        .toBeVisible();
      await title.fill('Ecuación $5x=10$');
      await expect.poll(() => kept.length, { timeout: 5_000 }).toBe(1);
      expect(JSON.parse(kept[0]!).state.draft.title).toBe('Ecuación $5x=10$');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('is open to teachers from their menu', async () => {
    const server = creatorServer();
    const { screen } = await renderSite('/teacher/school', {
      user: { ...CREATOR, groups: ['Teachers'] },
      routes: {
        ...server.routes,
        'GET get-teacher-data/': { body: { validSubscription: true, institution: null, classrooms: [] } },
      },
    });
    const nav = screen.getByRole('navigation', { name: 'Menú del profesor' });
    await expect
      .element(nav.getByRole('link', { name: 'Nuevo problema' }))
      .toHaveAttribute('href', '/creator/tool');
    await expect
      .element(nav.getByRole('link', { name: 'Problemas' }))
      .toHaveAttribute('href', '/creator/problems');
    await nav.getByRole('link', { name: 'Nuevo problema' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Nuevo problema' })).toBeVisible();
  });

  it("is in the landing's Teachers' menu", async () => {
    const { screen } = await renderSite('/', { user: { ...CREATOR, groups: ['Teachers'] } });
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('button', { name: 'Menú de profesor' }).click();
    await expect
      .element(nav.getByRole('link', { name: 'Nuevo problema' }))
      .toHaveAttribute('href', '/creator/tool');
    await expect
      .element(nav.getByRole('link', { name: 'Problemas' }))
      .toHaveAttribute('href', '/creator/problems');
  });
});
