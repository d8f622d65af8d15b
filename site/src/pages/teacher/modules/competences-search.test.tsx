import type { GradeContent, ModuleStandards } from '@kib/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { axeViolations, renderSite, type StubCall } from '../../../test/render-site';
import { TEACHER } from '../teacher-fixture';
import { useCompetences } from './competences.store';
import { FUNCIONES } from './module-fixture';
import { moduleServer } from './module-fixture';

const SYSTEMS = {
  educationSystems: [
    { id: 1, name: 'Estándares Básicos de Competencias (Colombia)', learningStandardName: '' },
  ],
  grades: [],
};
const GRADES = {
  grades: [
    { id: 4, educationSystemId: 1, name: 'Octavo a noveno', nameEnglish: 'Eighth to ninth', numeration: 8 },
    {
      id: 5,
      educationSystemId: 1,
      name: 'Décimo a undécimo',
      nameEnglish: 'Tenth to eleventh',
      numeration: 10,
    },
  ],
};
const CONTENT: GradeContent = {
  learningStandards: [
    {
      id: 50,
      gradeId: 5,
      name: 'Analizo representaciones decimales.',
      nameEnglish: null,
      thinking: 'numeric',
    },
    {
      id: 51,
      gradeId: 5,
      name: 'Describo y modelo fenómenos periódicos.',
      nameEnglish: 'I model periodic phenomena.',
      thinking: 'spatial',
    },
  ],
  skills: [
    { id: 70, learningStandardId: 50, name: 'Clasifica números.', nameEnglish: null },
    { id: 71, learningStandardId: 51, name: 'Grafica el seno.', nameEnglish: 'Graphs the sine.' },
  ],
};
const item = (id: number, title: string) => ({
  id,
  title,
  numeration: null,
  topicId: 1,
  subtopicId: 2,
  numeralCount: 2,
});
const SINE = item(901, 'Gráfica de la función seno');
const IDENTITIES = item(902, 'Identidades trigonométricas');
const EQUATIONS = item(903, 'Ecuaciones trigonométricas');

/** The builder against the module server plus the learning-standard answers; `assigned` is the module's assignment. */
async function open(options: { path?: string; groups?: string[] } = {}) {
  const assigned: ModuleStandards = { learningStandards: [], skills: [] };
  const puts: StubCall[] = [];
  const server = moduleServer({
    extra: {
      'GET get-education-systems/': { body: SYSTEMS },
      'GET education-system-grades/': ({ query }) =>
        query.get('education_system') === '1' ? { body: GRADES } : { status: 404, body: {} },
      'GET get-grade-content/': ({ query }) =>
        query.get('grade_id') === '5' ? { body: CONTENT } : { body: { learningStandards: [], skills: [] } },
      'GET standard-problems/': ({ query }) => ({
        body: {
          problems: query.get('type') === 'skill' && query.get('id') === '71' ? [SINE] : [SINE, IDENTITIES],
        },
      }),
      'POST get-assigned-module-data/': () => ({
        body: {
          modules: [
            {
              id: 300,
              name: 'Funciones trigonométricas',
              description: '',
              authorName: 'Diego Rojas',
              problems: [IDENTITIES, EQUATIONS],
            },
          ],
        },
      }),
      [`GET modules/${FUNCIONES.id}/learning-standards/`]: () => ({ body: assigned }),
      [`PUT modules/${FUNCIONES.id}/learning-standards/`]: (call) => {
        puts.push(call);
        const body = call.body as { learningStandardIds: number[]; skillIds: number[] };
        assigned.learningStandards = CONTENT.learningStandards
          .filter((s) => body.learningStandardIds.includes(s.id))
          .map((s) => ({ ...s, educationSystemId: 1 }));
        assigned.skills = CONTENT.skills
          .filter((s) => body.skillIds.includes(s.id))
          .map((s) => ({ ...s, gradeId: 5, educationSystemId: 1 }));
        return { body: assigned };
      },
    },
  });
  const user = { ...TEACHER, groups: options.groups ?? TEACHER.groups };
  return {
    puts,
    ...(await renderSite(options.path ?? '/teacher/modules/new', { user, routes: server.routes })),
  };
}

type Screen = Awaited<ReturnType<typeof renderSite>>['screen'];

/** Competencias → Colombia → Décimo a undécimo → the periodic standard → the sine skill. */
async function chooseSkill(screen: Screen) {
  await screen.getByRole('radio', { name: 'Competencias' }).click();
  await screen
    .getByLabelText('Sistema educativo')
    .selectOptions('Estándares Básicos de Competencias (Colombia)');
  await screen.getByLabelText('Grado', { exact: true }).selectOptions('Décimo a undécimo');
  await screen
    .getByLabelText('Estándar', { exact: true })
    .selectOptions('Describo y modelo fenómenos periódicos.');
  await screen.getByLabelText('Competencia', { exact: true }).selectOptions('Grafica el seno.');
}

/** The module's problems as the selected list shows them, in order. */
const selectedTitles = (screen: Screen) => () =>
  screen
    .getByRole('list', { name: /^Problemas del módulo/ })
    .getByRole('listitem')
    .elements()
    .map((li) => li.querySelector('.modules-problem-title')?.textContent ?? '');

beforeEach(() => {
  useCompetences.getState().reset();
});

describe('the module builder: the search by competences', () => {
  it('chooses system, grade, standard (by thinking) and skill, and adds a problem from the Problemas tab', async () => {
    const { screen } = await open();
    await chooseSkill(screen);
    const standard = screen.getByLabelText('Estándar', { exact: true }).element() as HTMLSelectElement;
    expect([...standard.querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'Pensamiento numérico',
      'Pensamiento espacial',
    ]);
    await expect.element(screen.getByRole('tab', { name: 'Problemas', selected: true })).toBeVisible();
    await screen.getByRole('button', { name: `Agregar ${SINE.title}` }).click();
    await expect.poll(selectedTitles(screen)).toEqual([SINE.title]);
    expect(await axeViolations()).toEqual([]);

    // A new grade clears the standard and the skill below it.
    await screen.getByLabelText('Grado', { exact: true }).selectOptions('Octavo a noveno');
    expect(
      (screen.getByLabelText('Competencia', { exact: true }).element() as HTMLSelectElement).disabled,
    ).toBe(true);
    await expect
      .element(screen.getByText('Elige un estándar (y, si quieres, una de sus competencias).'))
      .toBeVisible();
  });

  it("moves to the Talleres tab by keyboard and adds a whole module's problems, or shows them", async () => {
    const { screen } = await open();
    await chooseSkill(screen);
    (screen.getByRole('tab', { name: 'Problemas' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByRole('tab', { name: 'Talleres', selected: true })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Talleres encontrados' });
    await expect.element(list.getByText('De Diego Rojas', { exact: false })).toBeVisible();
    await screen.getByRole('button', { name: 'Ver problemas Funciones trigonométricas' }).click();
    await expect
      .element(screen.getByRole('region', { name: 'Problemas de Funciones trigonométricas' }))
      .toBeVisible();
    await screen.getByRole('button', { name: 'Añadir sus problemas Funciones trigonométricas' }).click();
    await expect.poll(selectedTitles(screen)).toEqual([IDENTITIES.title, EQUATIONS.title]);
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the module builder: assigning to a learning standard or skill', () => {
  it('is hidden from a teacher', async () => {
    const { screen } = await open({ path: `/teacher/modules/${FUNCIONES.id}` });
    await expect.element(screen.getByRole('heading', { name: 'Editar módulo', level: 1 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Asignar a un estándar o competencia' }).query()).toBeNull();
  });

  it('lets a creator assign a saved module to the chosen skill and take it away', async () => {
    const { screen, puts } = await open({
      path: `/teacher/modules/${FUNCIONES.id}`,
      groups: ['Teachers', 'Creators'],
    });
    await expect
      .element(screen.getByText('El módulo aún no está asignado a ningún estándar ni competencia.'))
      .toBeVisible();
    await chooseSkill(screen);
    await screen.getByRole('button', { name: 'Asignar a la competencia elegida Grafica el seno.' }).click();
    const assignedList = screen.getByRole('list', { name: 'Asignaciones del módulo' });
    await expect.element(assignedList.getByRole('button', { name: 'Quitar Grafica el seno.' })).toBeVisible();
    expect(puts.map((c) => c.body)).toEqual([{ learningStandardIds: [], skillIds: [71] }]);
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('button', { name: 'Quitar Grafica el seno.' }).click();
    await expect
      .element(screen.getByText('El módulo aún no está asignado a ningún estándar ni competencia.'))
      .toBeVisible();
    expect(puts.at(-1)!.body).toEqual({ learningStandardIds: [], skillIds: [] });
  });
});
