import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations, renderSite, type StubHandler } from '../../test/render-site';
import { draftStorageName } from '../creator/creator-draft.store';
import {
  CREATOR,
  creatorServer,
  MINE,
  MINE_ANSWER,
  MINE_DRAFT,
  NEW_PROBLEM_ID,
} from '../creator/creator-fixture';
import { LTI_TEACHER } from './lti-fixture';

const SIGNED = {
  url: 'https://moodle.example/mod/lti/contentitem_return.php?course=2&id=7',
  fields: [
    { name: 'lti_message_type', value: 'ContentItemSelection' },
    { name: 'oauth_signature', value: 'abc=' },
  ],
};

const PUBLISHED_MINE = { ...MINE_ANSWER, problem: { ...MINE_DRAFT, publishProblem: true } };

let submitted: HTMLFormElement[] = [];
beforeEach(() => {
  submitted = [];
  // The real submit would take the test page to the LMS.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  for (const id of [null, MINE.id, NEW_PROBLEM_ID]) localStorage.removeItem(draftStorageName(id));
});
afterEach(() => vi.restoreAllMocks());

/** The creation tool and the activity picker against one stub server, as an LMS teacher. */
function open(path: string, extra: Record<string, StubHandler> = {}, language: 'es' | 'en' = 'es') {
  const server = creatorServer({
    extra: {
      'GET lti/kib-account/': { body: { account: null, validSubscription: false, modules: [] } },
      'GET lti/recent-activities/': { body: { activities: [] } },
      'POST lti/content-item/': { body: SIGNED },
      ...extra,
    },
  });
  return renderSite(path, { user: LTI_TEACHER, routes: server.routes, language });
}

describe("the LMS editor's 'Nuevo ejercicio'", () => {
  it('opens the creation tool in the same frame for the selection, which it keeps through the first save', async () => {
    const { screen, router } = await open('/moodleteacher?selection=sel-1');
    const link = screen.getByRole('link', { name: 'Nuevo ejercicio' });
    await expect.element(link).toHaveAttribute('href', '/creator/tool?lti=sel-1');
    await expect.element(link).not.toHaveAttribute('target');
    await expect
      .element(link)
      .toHaveAccessibleDescription(
        'Abre aquí la herramienta de creación de Kib. Cuando guardes y publiques tu problema, podrás usarlo en esta actividad.',
      );
    await link.click();

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Nuevo problema' })).toBeVisible();
    expect(router.state.location.search).toBe('?lti=sel-1');
    const lms = screen.getByRole('region', { name: 'Tu actividad del LMS' });
    await expect
      .element(lms.getByText('Primero guarda el problema; después podrás usarlo en la actividad.'))
      .toBeVisible();
    await expect
      .element(lms.getByRole('link', { name: 'Volver al selector de actividades' }))
      .toHaveAttribute('href', '/moodleteacher?selection=sel-1');
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('textbox', { name: 'Título' }).fill('Áreas');
    await screen
      .getByRole('list', { name: /^Numerales/ })
      .getByRole('textbox', { name: 'Pregunta' })
      .fill('Calcula');
    await screen.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => router.state.location.pathname).toBe(`/creator/tool/${NEW_PROBLEM_ID}`);
    expect(router.state.location.search).toBe('?lti=sel-1');
    // Saved as a draft: students would not see it, so the activity waits for it to be published.
    await expect.element(lms.getByText(/Los estudiantes solo ven problemas publicados/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Usar en esta actividad del LMS' }).query()).toBeNull();
  });
});

describe("the creation tool's 'Use in this LMS activity'", () => {
  it('puts the saved, published problem in a module and goes back to the picker, which links its code to the course', async () => {
    const { screen, router, calls } = await open(`/creator/tool/${MINE.id}?lti=sel-1`, {
      [`GET creator/problems/${MINE.id}/`]: { body: PUBLISHED_MINE },
      'POST custom-lti/save_module_data/': { body: { moduleId: 31, moduleCode: 'KQ7MXR3A' } },
    });
    const title = screen.getByRole('textbox', { name: 'Título de la actividad en tu curso' });
    await expect.element(title).toHaveValue(MINE_DRAFT.title);
    expect(await axeViolations()).toEqual([]);
    await title.fill('Ecuaciones — grupo B');
    await screen.getByRole('button', { name: 'Usar en esta actividad del LMS' }).click();

    await expect.poll(() => submitted.length).toBe(1);
    expect(calls.find((c) => c.path === 'custom-lti/save_module_data/')?.body).toEqual({
      id: null,
      name: '',
      description: MINE_DRAFT.description,
      moduleProblems: [{ problemId: MINE.id, numeration: 1 }],
      moduleClassrooms: [],
      contextId: 'sel-1',
      activityTitle: 'Ecuaciones — grupo B',
    });
    expect(router.state.location.pathname).toBe('/moodleteacher');
    expect(router.state.location.search).toBe('?selection=sel-1&code=KQ7MXR3A');
    expect(calls.filter((c) => c.path === 'lti/content-item/').map((c) => c.body)).toEqual([
      { selection: 'sel-1', activityCode: 'KQ7MXR3A' },
    ]);
    expect(submitted[0]!.action).toBe(SIGNED.url);
    await expect
      .element(screen.getByRole('status').getByText('Agregando la actividad a tu curso…'))
      .toBeInTheDocument();
  });

  it("shows the server's refusals in English: a title in use at its field, an ended selection in an alert", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        code: 'validation',
        detail: 'Check the fields.',
        fields: { activity_title: ['You already have a module with this name.'] },
      },
    };
    const { screen, calls } = await open(
      `/creator/tool/${MINE.id}?lti=sel-1`,
      {
        [`GET creator/problems/${MINE.id}/`]: { body: PUBLISHED_MINE },
        'POST custom-lti/save_module_data/': () => answer,
      },
      'en',
    );
    const title = screen.getByRole('textbox', { name: 'Title of the activity in your course' });
    const use = screen.getByRole('button', { name: 'Use in this LMS activity' });
    await use.click();
    await expect.element(title).toHaveAccessibleDescription('You already have a module with this name.');
    await expect.element(title).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]);

    answer = {
      status: 404,
      body: {
        code: 'not-found',
        detail:
          'This activity selection has ended or is not yours. Open the activity picker again from your course (Select content).',
        fields: { context_id: ['This activity selection has ended or is not yours.'] },
      },
    };
    await title.fill('Another title');
    await expect.element(title).not.toHaveAttribute('aria-invalid');
    await use.click();
    await expect
      .element(screen.getByRole('alert').getByText(/This activity selection has ended or is not yours/))
      .toBeVisible();
    expect(calls.filter((c) => c.path === 'custom-lti/save_module_data/')).toHaveLength(2);
    expect(calls.some((c) => c.path === 'lti/content-item/')).toBe(false);

    await title.fill('  ');
    await expect.element(title).toHaveAccessibleDescription('The activity needs a title.');
    await expect.element(use).toBeDisabled();
  });

  it('is not offered outside an LMS selection', async () => {
    const { screen } = await open(`/creator/tool/${MINE.id}`, {
      [`GET creator/problems/${MINE.id}/`]: { body: PUBLISHED_MINE },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Editar problema' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Tu actividad del LMS' }).query()).toBeNull();
  });

  it('is not offered to an author who is not an LMS teacher', async () => {
    const server = creatorServer({
      extra: { [`GET creator/problems/${MINE.id}/`]: { body: PUBLISHED_MINE } },
    });
    const { screen } = await renderSite(`/creator/tool/${MINE.id}?lti=sel-1`, {
      user: CREATOR,
      routes: server.routes,
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Editar problema' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Tu actividad del LMS' }).query()).toBeNull();
  });
});
