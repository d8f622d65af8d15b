import type {
  CreatorModuleDetail,
  CreatorModuleSummary,
  CreatorTeacher,
  DemoPreset,
  TempActivity,
} from '@kib/core';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { siteQueryClient } from '../../../app/providers';
import {
  axeViolations,
  renderSite,
  STUDENT,
  type StubAnswer,
  type StubCall,
  type StubHandler,
} from '../../../test/render-site';
import {
  ALGEBRA,
  DESPEJAR_ITEM,
  EDADES_ITEM,
  LINEAR,
  moduleServer,
  ONE_UNKNOWN,
  SAMPLE_ITEM,
} from '../../teacher/modules/module-fixture';
import { refusal } from '../../teacher/teacher-fixture';
import { CREATOR } from '../creator-fixture';

const LAURA: CreatorTeacher = {
  id: 11,
  firstName: 'Laura',
  lastName: 'Martínez',
  email: 'laura@example.com',
  institution: 'Colegio Kib de Medellín',
  classrooms: [{ id: 3, name: 'Grado 10A' }],
};
const LUIS: CreatorTeacher = {
  id: 12,
  firstName: 'Luis',
  lastName: 'Lara',
  email: 'luis@example.com',
  institution: null,
  classrooms: [],
};
/** Teachers of a second page of a search. */
const MORE: CreatorTeacher[] = Array.from({ length: 3 }, (_, i) => ({
  ...LUIS,
  id: 20 + i,
  firstName: `Lalo ${i + 1}`,
  email: `lalo${i + 1}@example.com`,
}));

const ECUACIONES_TOPIC = { id: LINEAR.id, name: LINEAR.name, nameSpanish: LINEAR.nameSpanish };
const FUNCTIONS_TOPIC = { id: 8, name: 'Functions', nameSpanish: 'Funciones' };

const summary = (id: number, name: string, change: Partial<CreatorModuleSummary> = {}) =>
  ({
    id,
    name,
    description: '',
    creationDate: '2030-03-05T15:00:00.000Z',
    authorId: CREATOR.id,
    numProblems: 2,
    topics: [],
    teachers: [],
    openActivities: 0,
    ...change,
  }) satisfies CreatorModuleSummary;

const TALLER = summary(5, 'Taller de ecuaciones', {
  topics: [ECUACIONES_TOPIC],
  teachers: [{ id: LAURA.id, firstName: 'Laura', lastName: 'Martínez', moduleId: 50 }],
  openActivities: 1,
});
const REPASO = summary(6, 'Repaso de funciones', {
  creationDate: '2030-01-09T15:00:00.000Z',
  topics: [FUNCTIONS_TOPIC, ECUACIONES_TOPIC],
});
const LIBRE = summary(7, 'Módulo libre', {
  topics: [FUNCTIONS_TOPIC],
  teachers: [{ id: LUIS.id, firstName: 'Luis', lastName: 'Lara', moduleId: 51 }],
});

const TALLER_DETAIL: CreatorModuleDetail = {
  id: TALLER.id,
  name: TALLER.name,
  description: '',
  creationDate: TALLER.creationDate,
  authorId: CREATOR.id,
  sourceModuleId: null,
  problems: [{ ...DESPEJAR_ITEM, numeration: '1' }],
  teachers: TALLER.teachers,
  tempModuleActivities: [],
};

/** The creators' module endpoints over the teachers' picker content; `extra` adds or replaces answers. */
function creatorModuleServer(extra: Record<string, StubHandler> = {}) {
  const teachers = [LAURA, LUIS];
  const deleted = new Set<number>();
  const routes: Record<string, StubHandler> = {
    ...moduleServer().routes,
    'GET getcreatormodules/': () => ({
      body: { modules: [TALLER, REPASO, LIBRE].filter((m) => !deleted.has(m.id)) },
    }),
    'POST creator/delete-module/': ({ body }: StubCall) => {
      deleted.add((body as { moduleId: number }).moduleId);
      return { status: 204 };
    },
    'POST get_module_data/': ({ body }: StubCall) =>
      (body as { moduleId: number }).moduleId === TALLER.id
        ? { body: TALLER_DETAIL }
        : refusal(404, 'not-found', 'No encontramos lo que buscas.'),
    'POST creator/modules/': ({ body }: StubCall) => {
      const input = body as { id: number | null; name: string; assignTeacherId: number | null };
      const given = teachers.find((x) => x.id === input.assignTeacherId);
      return {
        body: {
          ...TALLER_DETAIL,
          id: input.id ?? 40,
          name: input.name,
          teachers: given
            ? [{ id: given.id, firstName: given.firstName, lastName: given.lastName, moduleId: 60 }]
            : [],
        },
      };
    },
    'GET creator/teachers/': ({ query }: StubCall) => {
      const term = (query.get('search') ?? '').toLowerCase();
      const found = teachers.filter((x) =>
        `${x.firstName} ${x.lastName} ${x.email}`.toLowerCase().includes(term),
      );
      if (term === 'lara')
        return query.get('page') === '2'
          ? { body: { teachers: MORE, hasMore: false } }
          : { body: { teachers: [LUIS], hasMore: true } };
      return { body: { teachers: found, hasMore: false } };
    },
    [`GET modules/${TALLER.id}/learning-standards/`]: { body: { learningStandards: [], skills: [] } },
    'GET modules/40/learning-standards/': { body: { learningStandards: [], skills: [] } },
    ...extra,
  };
  return routes;
}

function open(path: string, extra: Record<string, StubHandler> = {}, language?: 'es' | 'en') {
  return renderSite(path, { user: CREATOR, routes: creatorModuleServer(extra), language });
}

type Screen = Awaited<ReturnType<typeof renderSite>>['screen'];

const teacherSearches = (calls: StubCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.path === 'creator/teachers/')
    .map((c) => Object.fromEntries(c.query));

const posts = (calls: StubCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

/** Searches a picker for `text` and chooses `teacher` in its select. */
async function pickTeacher(
  region: ReturnType<Screen['getByRole']>,
  text: string,
  label: string,
  teacher: string,
) {
  await region.getByRole('searchbox', { name: 'Buscar profesor' }).fill(text);
  await expect.element(region.getByRole('option', { name: teacher })).toBeInTheDocument();
  await region.getByRole('combobox', { name: label }).selectOptions(teacher);
}

describe('the creators’ module builder', () => {
  it('gives a teacher found by a search a copy when the module is saved; a short search asks nothing', async () => {
    const { screen, calls } = await open('/creator/tempmodulecreator');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Crear asignación' })).toBeVisible();
    await screen.getByRole('textbox', { name: 'Nombre del módulo' }).fill('Álgebra 10');
    const assign = screen.getByRole('region', { name: 'Asignar a un profesor' });
    await assign.getByRole('switch', { name: 'Asignar este módulo a un profesor' }).click();
    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    const failed = screen.getByRole('dialog');
    await expect.element(failed.getByText('Elige el profesor al que asignas el módulo.')).toBeVisible();
    await failed.getByRole('button', { name: 'Aceptar' }).click();
    expect(posts(calls, 'creator/modules/')).toEqual([]);

    await assign.getByRole('searchbox', { name: 'Buscar profesor' }).fill('la');
    await expect
      .element(assign.getByText('Escribe al menos 3 caracteres de su nombre o su correo.'))
      .toBeVisible();
    // The picker takes 'la' once it has stayed so for its delay: its search is then in the cache,
    // watched, and never sent (an enabled one would have been sent on being watched).
    const short = () =>
      siteQueryClient()
        .getQueryCache()
        .find({ queryKey: ['creator-teachers', 'la'], exact: true });
    await expect.poll(() => short()?.getObserversCount() ?? 0).toBe(1);
    expect(short()!.state).toMatchObject({ status: 'pending', fetchStatus: 'idle', dataUpdateCount: 0 });
    expect(teacherSearches(calls)).toEqual([]);
    await pickTeacher(assign, 'laura', 'Profesor', 'Laura Martínez (laura@example.com)');
    expect(teacherSearches(calls)).toEqual([{ search: 'laura', page: '1' }]);
    await expect.element(assign.getByText('1 profesor encontrado.')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    const saved = screen.getByRole('dialog', { name: '¡Genial!' });
    await expect.element(saved).toBeVisible();
    expect(posts(calls, 'creator/modules/')).toEqual([
      expect.objectContaining({
        id: null,
        name: 'Álgebra 10',
        assignTeacherId: LAURA.id,
        sourceModuleId: null,
      }),
    ]);
    await saved.getByRole('button', { name: 'Aceptar' }).click();
    await expect.element(assign.getByRole('heading', { name: 'Profesores con una copia' })).toBeVisible();
    await expect.element(assign.getByRole('listitem').filter({ hasText: 'Laura Martínez' })).toBeVisible();
    await expect.element(assign.getByRole('switch')).not.toBeChecked();
  });

  it('pages a long search 20 at a time: Show more teachers adds the next page', async () => {
    const { screen, calls } = await open('/creator/tempmodulecreator');
    const assign = screen.getByRole('region', { name: 'Asignar a un profesor' });
    await assign.getByRole('switch').click();
    await assign.getByRole('searchbox', { name: 'Buscar profesor' }).fill('lara');
    await expect.element(assign.getByText('Se muestra 1 profesor; hay más.')).toBeVisible();
    await assign.getByRole('button', { name: 'Mostrar más profesores' }).click();
    await expect
      .element(assign.getByRole('option', { name: 'Lalo 3 Lara (lalo3@example.com)' }))
      .toBeInTheDocument();
    await expect
      .element(assign.getByRole('button', { name: 'Mostrar más profesores' }))
      .not.toBeInTheDocument();
    await expect.element(assign.getByText('4 profesores encontrados.')).toBeVisible();
    expect(teacherSearches(calls)).toEqual([
      { search: 'lara', page: '1' },
      { search: 'lara', page: '2' },
    ]);
  });

  it('checks the open-activity form, fills the school from the teacher, and prints the codes with the DD/MM/YY day', async () => {
    const activity: TempActivity = {
      id: 9,
      studentAccessCode: 'ESTU2345',
      teacherAccessCode: 'PROF2345',
      targetInstitution: LAURA.institution!,
      targetClassroom: 'Grado 10A',
      targetTeacher: 'Laura Martínez',
      targetTeacherId: LAURA.id,
      creationDate: '2030-03-05T15:00:00.000Z',
      validUntil: '2099-05-01T00:00:00.000Z',
    };
    let answer: StubAnswer = refusal(400, 'validation', 'Revisa los campos marcados.', {
      valid_until: ['La fecha no puede ser anterior a hoy.'],
    });
    const { screen, calls } = await open(`/creator/tempmodulecreator?module=${TALLER.id}`, {
      [`POST creator/modules/${TALLER.id}/activities/`]: () => answer,
    });
    const section = screen.getByRole('region', { name: 'Actividades abiertas' });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Editar módulo' })).toBeVisible();
    await section.getByLabelText('Válida hasta').clear();
    await section.getByRole('button', { name: 'Abrir actividad' }).click();
    for (const text of [
      'Elige el profesor de la actividad.',
      'Escribe la institución.',
      'Escribe la clase.',
      'Escribe una fecha válida.',
    ])
      await expect.element(section.getByText(text)).toBeVisible();
    await expect
      .element(section.getByRole('combobox', { name: 'Profesor' }))
      .toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls, `creator/modules/${TALLER.id}/activities/`)).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await pickTeacher(section, 'martínez', 'Profesor', 'Laura Martínez (laura@example.com)');
    await expect
      .element(section.getByRole('textbox', { name: 'Institución' }))
      .toHaveValue(LAURA.institution);
    await expect.element(section.getByText('Elige el profesor de la actividad.')).not.toBeInTheDocument();
    await expect
      .element(section.getByText('Puedes elegir una de las clases del profesor o escribir otra.'))
      .toBeVisible();
    await section.getByRole('combobox', { name: 'Clase' }).fill('Grado 10A');
    await section.getByLabelText('Válida hasta').fill('2099-04-30');
    await section.getByRole('button', { name: 'Abrir actividad' }).click();
    await expect.element(section.getByText('La fecha no puede ser anterior a hoy.')).toBeVisible();

    answer = { status: 201, body: activity };
    await section.getByRole('button', { name: 'Abrir actividad' }).click();
    const listed = section.getByRole('list', { name: 'Actividades del módulo' }).getByRole('listitem');
    await expect.element(listed.getByText('Válida hasta el 30/04/99')).toBeVisible();
    await expect.element(listed.getByText('ESTU2345')).toBeVisible();
    await expect.element(listed.getByText('PROF2345')).toBeVisible();
    await expect
      .element(section.getByText('Actividad abierta. Código de los estudiantes: ESTU2345'))
      .toBeVisible();
    expect(posts(calls, `creator/modules/${TALLER.id}/activities/`).at(-1)).toEqual({
      teacherId: LAURA.id,
      institution: LAURA.institution,
      classroom: 'Grado 10A',
      validUntil: '2099-04-30',
    });
    expect(await axeViolations()).toEqual([]);
  });

  it('clones one of the creator’s modules by id: its problems join, the success is said, and the source is saved', async () => {
    const { screen, calls } = await open(`/creator/tempmodulecreator?module=${TALLER.id}`, {
      'GET clone-module-by-id/': ({ query }: StubCall) =>
        query.get('id') === String(REPASO.id)
          ? {
              body: {
                sourceModuleId: REPASO.id,
                name: REPASO.name,
                description: '',
                problems: [DESPEJAR_ITEM, SAMPLE_ITEM, EDADES_ITEM],
              },
            }
          : refusal(404, 'not-found', 'No encontramos lo que buscas.'),
    });
    const clone = screen.getByRole('form', { name: 'Clonar uno de mis módulos' });
    await expect.element(clone.getByRole('combobox', { name: 'Módulo' })).toBeVisible();
    const moduleSelect = clone.getByRole('combobox', { name: 'Módulo' });
    await expect
      .poll(() => Array.from((moduleSelect.element() as HTMLSelectElement).options, (o) => o.text))
      .toEqual(['Elige un módulo', REPASO.name, LIBRE.name]);
    await moduleSelect.selectOptions(LIBRE.name);
    await clone.getByRole('button', { name: 'Clonar' }).click();
    await expect.element(clone.getByText('Elige uno de tus módulos.')).toBeVisible();
    await expect.element(moduleSelect).toHaveAttribute('aria-invalid', 'true');
    const clones = () => calls.filter((c) => c.path === 'clone-module-by-id/').map((c) => c.query.get('id'));
    expect(clones()).toEqual([String(LIBRE.id)]);
    await moduleSelect.selectOptions('Elige un módulo');
    await clone.getByRole('button', { name: 'Clonar' }).click();
    await expect.element(clone.getByText('Elige uno de tus módulos.')).toBeVisible();
    expect(clones()).toEqual([String(LIBRE.id)]);

    await clone.getByRole('combobox', { name: 'Módulo' }).selectOptions(REPASO.name);
    await clone.getByRole('button', { name: 'Clonar' }).click();
    await expect.element(clone.getByText(`¡Listo! Agregamos 2 problemas de «${REPASO.name}».`)).toBeVisible();
    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    await expect.element(screen.getByRole('dialog', { name: '¡Genial!' })).toBeVisible();
    expect(posts(calls, 'creator/modules/')).toEqual([
      expect.objectContaining({
        id: TALLER.id,
        problemIds: [DESPEJAR_ITEM.id, SAMPLE_ITEM.id, EDADES_ITEM.id],
        sourceModuleId: REPASO.id,
      }),
    ]);
  });
});

describe('the creator’s module list', () => {
  const rows = (screen: Screen) =>
    screen
      .getByRole('rowheader')
      .elements()
      .map((th) => th.textContent);

  it('lists the modules with their DD/MM/YYYY day and filters them by topic and by teacher', async () => {
    const { screen } = await open('/creator/modules');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis módulos' })).toBeVisible();
    await expect.poll(() => rows(screen)).toEqual([TALLER.name, REPASO.name, LIBRE.name]);
    await expect
      .element(screen.getByRole('row', { name: new RegExp(REPASO.name) }).getByText('09/01/2030'))
      .toBeVisible();
    const topic = screen.getByRole('combobox', { name: 'Filtrar por tema' });
    expect([...(topic.element() as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Todos los temas',
      'Ecuaciones lineales',
      'Funciones',
    ]);
    await topic.selectOptions('Ecuaciones lineales');
    await expect.poll(() => rows(screen)).toEqual([TALLER.name, REPASO.name]);
    await expect.element(screen.getByText('2 módulos')).toBeInTheDocument();
    await screen.getByRole('combobox', { name: 'Filtrar por profesor' }).selectOptions('Laura Martínez');
    await expect.poll(() => rows(screen)).toEqual([TALLER.name]);
    await topic.selectOptions('Funciones');
    await expect.poll(() => rows(screen)).toEqual([]);
    await screen.getByRole('combobox', { name: 'Filtrar por profesor' }).selectOptions('Luis Lara');
    await expect.poll(() => rows(screen)).toEqual([LIBRE.name]);
    expect(await axeViolations()).toEqual([]);
  });

  it('names the topics in English for an English reader', async () => {
    const { screen } = await open('/creator/modules', {}, 'en');
    const topic = screen.getByRole('combobox', { name: 'Filter by topic' });
    await expect.element(topic).toBeVisible();
    expect([...(topic.element() as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'All topics',
      'Functions',
      'Linear equations',
    ]);
  });

  it('deletes a module only after "Are you sure you want to delete this module?"', async () => {
    const { screen, calls } = await open('/creator/modules', {}, 'en');
    await screen.getByRole('button', { name: `Delete ${REPASO.name}` }).click();
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete this module?' });
    await expect.element(dialog).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(posts(calls, 'creator/delete-module/')).toEqual([]);

    await screen.getByRole('button', { name: `Delete ${REPASO.name}` }).click();
    await screen.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.element(screen.getByText(`You deleted the module ${REPASO.name}.`)).toBeVisible();
    await expect.element(screen.getByRole('rowheader', { name: REPASO.name })).not.toBeInTheDocument();
    expect(posts(calls, 'creator/delete-module/')).toEqual([{ moduleId: REPASO.id }]);
  });
});

describe('the demo account’s builder', () => {
  const PRESET: DemoPreset = {
    educationSystem: 'Estándares Básicos de Competencias (Colombia)',
    grade: 'Décimo a undécimo',
    courseId: ALGEBRA.id,
    topicId: LINEAR.id,
    subtopicId: ONE_UNKNOWN.id,
  };

  it('says the content is limited, keeps the picker on the preset, and saves without sending anything', async () => {
    const { screen, calls } = await renderSite('/creator/tempmodulecreator', {
      user: { ...STUDENT, id: 90, email: 'demo@demo.kib', isDemo: true },
      routes: { ...moduleServer().routes, 'GET demo-preset/': { body: PRESET } },
    });
    await expect
      .element(
        screen.getByText(
          'Usuario de demostración: contenido limitado. Los módulos que guardes no se envían.',
        ),
      )
      .toBeVisible();
    await expect.element(screen.getByText(PRESET.educationSystem)).toBeVisible();
    await expect.element(screen.getByText(PRESET.grade)).toBeVisible();
    await expect.element(screen.getByLabelText('Curso')).toBeDisabled();
    await expect.element(screen.getByLabelText('Tema', { exact: true })).toBeDisabled();
    await expect
      .element(screen.getByRole('region', { name: 'Asignar a un profesor' }))
      .not.toBeInTheDocument();
    await screen.getByRole('textbox', { name: 'Nombre del módulo' }).fill('Mi módulo');
    await screen.getByRole('button', { name: `Agregar ${DESPEJAR_ITEM.title}` }).click();
    await screen.getByRole('button', { name: 'Guardar módulo' }).click();
    const saved = screen.getByRole('dialog', { name: '¡Genial!' });
    await expect.element(saved.getByText('Módulo guardado.')).toBeVisible();
    expect(calls.filter((c) => c.method !== 'GET' && !c.path.startsWith('auth/'))).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });
});
