import { PROBLEM_SKILLS_MAX, type ProblemSkill } from '@kib/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { sidebarStorageKey } from '../../layout/area-layout';
import { axeViolations, renderSite, STUDENT, type StubHandler } from '../../test/render-site';
import { useSkillCascade } from '../teacher/modules/competences.store';
import { refusal } from '../teacher/teacher-fixture';
import {
  AUTHOR_TEACHER,
  CREATOR,
  creatorServer,
  MINE,
  MINE_ANSWER,
  MINE_DRAFT,
  NEW_PROBLEM_ID,
  SKILLS,
} from './creator-fixture';
import { createCreatorDraftStore, draftStorageName, emptyProblem } from './creator-draft.store';

type Screen = Awaited<ReturnType<typeof renderSite>>['screen'];

/** Problem 12 tied to the sine skill. */
const MINE_WITH_SKILL = {
  ...MINE_ANSWER,
  problem: { ...MINE_DRAFT, skillIds: [SKILLS[0]!.id] },
  skills: [SKILLS[0]!],
};

function open(
  path = '/creator/tool',
  options: { user?: typeof CREATOR; saveError?: StubHandler; language?: 'es' | 'en' } = {},
) {
  const server = creatorServer({
    saveError: options.saveError,
    extra: { [`GET creator/problems/${MINE.id}/`]: { body: MINE_WITH_SKILL } },
  });
  return renderSite(path, {
    user: options.user ?? CREATOR,
    routes: server.routes,
    language: options.language,
  }).then((r) => ({ ...r, saves: server.saves }));
}

const section = (screen: Screen) => screen.getByRole('region', { name: 'Competencias del problema' });

/** Chooses the seeded system, grade, standard and `skill` in the section's cascade. */
async function choose(screen: Screen, skill: string) {
  const skills = section(screen);
  await skills
    .getByRole('combobox', { name: 'Sistema educativo' })
    .selectOptions('Estándares Básicos de Competencias (Colombia)');
  await expect.element(skills.getByRole('option', { name: 'Décimo a undécimo' })).toBeInTheDocument();
  await skills.getByRole('combobox', { name: 'Grado' }).selectOptions('Décimo a undécimo');
  await expect
    .element(skills.getByRole('option', { name: 'Describo y modelo fenómenos periódicos.' }))
    .toBeInTheDocument();
  await skills
    .getByRole('combobox', { name: 'Estándar' })
    .selectOptions('Describo y modelo fenómenos periódicos.');
  await skills.getByRole('combobox', { name: 'Competencia' }).selectOptions(skill);
}

const chips = (screen: Screen) =>
  section(screen)
    .getByRole('list', { name: 'Competencias elegidas' })
    .getByRole('listitem')
    .elements()
    .map((e) => e.querySelector('.creator-skill-chip-name')?.textContent);

beforeEach(() => {
  useSkillCascade.getState().reset();
  localStorage.removeItem(sidebarStorageKey('creator'));
  for (const id of [null, MINE.id, NEW_PROBLEM_ID]) localStorage.removeItem(draftStorageName(id));
});

describe('the creation tool: the problem’s skills', () => {
  it('adds chosen skills as chips, refuses one twice, and sends them with the save', async () => {
    const { screen, saves } = await open();
    await expect.element(section(screen)).toBeVisible();
    await expect
      .element(section(screen).getByText('El problema aún no trabaja ninguna competencia.'))
      .toBeVisible();

    // 'Add skill' before a skill is chosen says what to choose.
    await section(screen).getByRole('button', { name: 'Añadir competencia' }).click();
    await expect
      .poll(() => document.body.textContent)
      .toContain(
        'Elige un sistema educativo, un grado, un estándar y una de sus competencias para añadirla.',
      );

    await choose(screen, 'Grafica el seno.');
    await section(screen).getByRole('button', { name: 'Añadir competencia' }).click();
    await section(screen)
      .getByRole('combobox', { name: 'Competencia' })
      .selectOptions('Verifica identidades.');
    await section(screen).getByRole('button', { name: 'Añadir competencia' }).click();
    expect(chips(screen)).toEqual(['Grafica el seno.', 'Verifica identidades.']);
    await expect
      .poll(() => document.body.textContent)
      .toContain('Competencia añadida: Verifica identidades..');
    await expect.element(section(screen).getByText('2 competencias de 20 posibles.')).toBeVisible();
    await section(screen).getByRole('button', { name: 'Añadir competencia' }).click();
    await expect
      .poll(() => document.body.textContent)
      .toContain('El problema ya trabaja la competencia «Verifica identidades.».');
    expect(chips(screen)).toHaveLength(2);
    await expect.element(screen.getByText('Hay cambios sin guardar')).toBeVisible();

    await screen.getByRole('textbox', { name: 'Título' }).fill('Funciones periódicas');
    await screen.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect.poll(() => saves.length).toBe(1);
    expect((saves[0]!.state as { skill_ids: number[] }).skill_ids).toEqual([71, 72]);
    await expect.element(screen.getByText('Todo guardado')).toBeVisible();
    expect(chips(screen)).toEqual(['Grafica el seno.', 'Verifica identidades.']);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a saved problem’s skills and removes them by keyboard, the focus going to the next chip', async () => {
    const { screen, saves } = await open(`/creator/tool/${MINE.id}`);
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    expect(chips(screen)).toEqual(['Grafica el seno.']);
    await choose(screen, 'Verifica identidades.');
    await section(screen).getByRole('button', { name: 'Añadir competencia' }).click();
    expect(chips(screen)).toEqual(['Grafica el seno.', 'Verifica identidades.']);

    const first = section(screen).getByRole('button', { name: 'Quitar la competencia Grafica el seno.' });
    (first.element() as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(chips(screen)).toEqual(['Verifica identidades.']);
    await expect.poll(() => document.body.textContent).toContain('Competencia quitada: Grafica el seno..');
    const next = section(screen).getByRole('button', { name: 'Quitar la competencia Verifica identidades.' });
    await expect.element(next).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect.element(section(screen).getByRole('button', { name: 'Añadir competencia' })).toHaveFocus();
    await expect
      .element(section(screen).getByText('El problema aún no trabaja ninguna competencia.'))
      .toBeVisible();

    await screen.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect.poll(() => saves.length).toBe(1);
    expect((saves[0]!.state as { skill_ids: number[] }).skill_ids).toEqual([]);
  });

  it("puts the server's refusal of an unknown skill at the section and in the summary", async () => {
    const { screen } = await open(`/creator/tool/${MINE.id}`, {
      saveError: refusal(400, 'validation', 'Revisa los campos marcados.', {
        'state.skill_ids': ['Una de las competencias elegidas no existe: quítala y elige otra.'],
      }),
    });
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue(MINE_DRAFT.title);
    await screen.getByRole('button', { name: 'Guardar', exact: true }).click();
    const summary = screen.getByRole('alert');
    await summary
      .getByRole('link', {
        name: 'Problema · Competencias: Una de las competencias elegidas no existe: quítala y elige otra.',
      })
      .click();
    const add = section(screen).getByRole('button', { name: 'Añadir competencia' });
    await expect.element(add).toHaveFocus();
    await expect.element(add).toHaveAccessibleDescription(/Una de las competencias elegidas no existe/);
  });

  it('speaks English and fits a 360 px phone with axe finding nothing', async () => {
    await page.viewport(360, 740);
    const { screen } = await open(`/creator/tool/${MINE.id}`, { language: 'en' });
    const skills = screen.getByRole('region', { name: "The problem's skills" });
    await expect
      .element(skills.getByRole('button', { name: 'Remove the skill Graphs the sine.' }))
      .toBeVisible();
    await skills
      .getByRole('combobox', { name: 'Education system' })
      .selectOptions('Estándares Básicos de Competencias (Colombia)');
    await expect.element(skills.getByRole('option', { name: 'Tenth to eleventh' })).toBeInTheDocument();
    await expect.poll(() => document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });

  it('is shown to teachers', async () => {
    const { screen } = await open('/creator/tool', { user: AUTHOR_TEACHER });
    await expect.element(section(screen)).toBeVisible();
  });

  it('is not shown to accounts that cannot read the standards', async () => {
    const { screen } = await open('/creator/tool', { user: { ...STUDENT, id: 60, groups: ['LTITeacher'] } });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Nuevo problema' })).toBeVisible();
    expect(document.body.textContent).not.toContain('Competencias del problema');
  });
});

describe('the draft store’s skills', () => {
  const skill = (id: number): ProblemSkill => ({ ...SKILLS[0]!, id, name: `Competencia ${id}` });

  it('adds each skill once, at most the limit, removes them, and keeps their names with the draft', () => {
    const name = draftStorageName(null);
    const store = createCreatorDraftStore(emptyProblem('es'), name);
    expect(store.getState().addSkill(skill(1))).toBe('added');
    expect(store.getState().addSkill(skill(1))).toBe('already');
    for (let id = 2; id <= PROBLEM_SKILLS_MAX; id += 1) store.getState().addSkill(skill(id));
    expect(store.getState().addSkill(skill(999))).toBe('full');
    expect(store.getState().draft.skillIds).toHaveLength(PROBLEM_SKILLS_MAX);
    store.getState().removeSkill(1);
    expect(store.getState().draft.skillIds).not.toContain(1);
    expect(store.getState().dirty).toBe(true);

    // A reload restores the unsaved skills with their names.
    const restored = createCreatorDraftStore(emptyProblem('es'), name);
    expect(restored.getState().draft.skillIds).toEqual(store.getState().draft.skillIds);
    expect(restored.getState().skills[2]?.name).toBe('Competencia 2');
    localStorage.removeItem(name);
  });
});
