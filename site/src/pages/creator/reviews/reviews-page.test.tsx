import type { CreatorProblemAnswer, ProblemReview, ProblemReviewAnswer } from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  axeViolations,
  renderSite,
  STUDENT,
  type StubCall,
  type StubHandler,
} from '../../../test/render-site';
import { CREATOR, MINE_ANSWER, MINE_DRAFT } from '../creator-fixture';

const SUPERVISOR = { ...CREATOR, id: 50, firstName: 'Sofía', lastName: 'Castro', groups: ['Supervisors'] };

function review(change: Partial<ProblemReview> = {}): ProblemReview {
  return {
    problemId: 12,
    title: 'Fracciones algebraicas',
    authorId: CREATOR.id,
    authorName: 'Carla Ruiz',
    published: false,
    numerals: 2,
    hasVideo: true,
    problemToReview: true,
    videoToReview: false,
    problemReviewed: false,
    videoReviewed: false,
    ready: false,
    videoReady: false,
    problemFeedback: '',
    videoFeedback: '',
    correctedText: false,
    correctedMath: false,
    graphs: 0,
    supervisorId: null,
    supervisorName: null,
    reviewDate: null,
    sentAt: '2026-11-20T10:00:00.000Z',
    videoSentAt: null,
    ...change,
  };
}

function answer(
  change: Partial<ProblemReview> = {},
  more: Partial<ProblemReviewAnswer> = {},
): ProblemReviewAnswer {
  return { review: review(change), history: [], mayRequest: false, mayReview: false, ...more };
}

const CREATORS = {
  authors: [
    {
      id: 40,
      firstName: 'Carla',
      lastName: 'Ruiz',
      dateJoined: '2026-01-05T00:00:00.000Z',
      toReview: 1,
      reviewed: 3,
      ready: 2,
    },
    {
      id: 41,
      firstName: 'Luis',
      lastName: 'Mora',
      dateJoined: '2026-02-05T00:00:00.000Z',
      toReview: 0,
      reviewed: 0,
      ready: 0,
    },
  ],
  userType: 'supervisor',
};

describe('the review list', () => {
  it('gives a supervisor the creators with counts; picking one lists their current reviews, then passed ones for a range', async () => {
    const byDate: StubCall[] = [];
    const routes: Record<string, StubHandler> = {
      'POST get_creators_review_list/': { body: CREATORS },
      'POST get_reviews_by_date/': (call) => {
        byDate.push(call);
        const state = (call.body as { state: string }).state;
        return {
          body: {
            problems:
              state === 'current'
                ? [review()]
                : [
                    review({
                      problemId: 13,
                      title: 'Potencias',
                      problemReviewed: true,
                      ready: true,
                      reviewDate: '2026-11-21T09:30:00.000Z',
                    }),
                  ],
          },
        };
      },
    };
    const { screen, router } = await renderSite('/creator/reviews', { user: SUPERVISOR, routes });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Revisiones' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menú del creador' });
    await expect
      .element(nav.getByRole('link', { name: 'Revisiones' }))
      .toHaveAttribute('aria-current', 'page');
    const creators = screen.getByRole('table', {
      name: 'Creadores con sus problemas por revisar, revisados y listos',
    });
    await expect.element(creators.getByRole('row', { name: /Carla Ruiz 1 3 2/ })).toBeVisible();
    expect(byDate).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Ver revisiones de Carla Ruiz' }).click();
    await expect.poll(() => router.state.location.search).toContain('creator=40');
    await expect.element(screen.getByRole('heading', { name: 'Revisiones de Carla Ruiz' })).toBeVisible();
    const current = screen.getByRole('table', {
      name: 'Problemas por revisar, del envío más reciente al más antiguo',
    });
    await expect.element(current.getByRole('rowheader', { name: 'Fracciones algebraicas' })).toBeVisible();
    await expect.element(current.getByRole('cell', { name: 'Por revisar' })).toBeVisible();
    expect(byDate.at(-1)!.body).toMatchObject({ creator: 40, state: 'current' });
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('radio', { name: 'Pasadas (revisadas)' }).click();
    await screen.getByLabelText('Desde').fill('2026-11-01');
    await screen.getByLabelText('Hasta').fill('2026-11-25');
    await screen.getByRole('button', { name: 'Mostrar' }).click();
    await expect.poll(() => router.state.location.search).toContain('start=2026-11-01');
    const passed = screen.getByRole('table', {
      name: 'Problemas revisados, de la revisión más reciente a la más antigua',
    });
    await expect.element(passed.getByRole('rowheader', { name: 'Potencias' })).toBeVisible();
    type ByDate = { start: string; end: string; state: string };
    await expect
      .poll(() => new Date((byDate.at(-1)!.body as ByDate).start).getTime())
      .toBe(new Date(2026, 10, 1).getTime());
    const last = byDate.at(-1)!.body as ByDate;
    expect(last.state).toBe('passed');
    expect(new Date(last.end).getTime()).toBe(new Date(2026, 10, 26).getTime());
    await expect
      .element(passed.getByRole('link', { name: 'Abrir la revisión de Potencias' }))
      .toHaveAttribute('href', '/creator/reviews/13');
  });

  it('refuses a reversed range before asking the server', async () => {
    const { screen, calls } = await renderSite('/creator/reviews', {
      user: CREATOR,
      routes: { 'POST get_reviews_by_date/': { body: { problems: [] } } },
    });
    await expect.element(screen.getByRole('heading', { name: 'Mis revisiones' })).toBeVisible();
    await expect.element(screen.getByText('No hay revisiones en estas fechas.')).toBeVisible();
    const before = calls.length;
    await screen.getByLabelText('Desde').fill('2026-11-20');
    await screen.getByLabelText('Hasta').fill('2026-11-10');
    await screen.getByRole('button', { name: 'Mostrar' }).click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('La fecha final debe ser posterior a la inicial.');
    expect(calls.length).toBe(before);
    expect(calls.some((c) => c.path === 'get_creators_review_list/')).toBe(false);
  });

  it('has no Reviews link for a student, who is told the area is not theirs', async () => {
    const { screen } = await renderSite('/creator/reviews', { user: STUDENT });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Esta área es para autores de problemas' }))
      .toBeVisible();
  });
});

describe("a problem's review", () => {
  it('shows its author the verdict read only, the switches, and the history', async () => {
    const data = answer(
      {
        problemToReview: true,
        problemReviewed: true,
        ready: true,
        correctedMath: true,
        problemFeedback: 'Revisa el signo.\n<b>no es HTML</b>',
        supervisorName: 'Sofía Castro',
        reviewDate: '2026-11-21T09:30:00.000Z',
      },
      {
        mayRequest: true,
        history: [
          {
            id: 1,
            field: 'ready',
            oldValue: 'false',
            newValue: 'true',
            changedAt: '2026-11-21T09:30:00.000Z',
            userId: 50,
            userName: 'Sofía Castro',
          },
        ],
      },
    );
    const { screen } = await renderSite('/creator/reviews/12', {
      user: CREATOR,
      routes: {
        'GET creator/reviews/12/': { body: data },
        'GET creator/problems/12/': { body: MINE_ANSWER },
      },
    });
    await expect
      .element(screen.getByRole('heading', { level: 1 }))
      .toHaveTextContent('Fracciones algebraicas');
    await expect.element(screen.getByRole('term').filter({ hasText: 'Problema listo' })).toBeVisible();
    const facts = document.querySelector('.reviews-facts')!.textContent;
    expect(facts).toContain('Problema listoSí');
    expect(facts).toContain('Texto corregidoNo');
    expect(facts).toContain('Matemáticas corregidasSí');
    expect(facts).not.toContain('Video listo');
    expect(facts).toContain('Revisa el signo.\n<b>no es HTML</b>');
    expect(document.querySelector('.reviews-feedback b')).toBeNull();
    await expect.element(screen.getByRole('switch', { name: 'Enviar problema a revisión' })).toBeChecked();
    await expect.element(screen.getByRole('switch', { name: 'Enviar videos a revisión' })).not.toBeChecked();
    expect(screen.getByRole('textbox').elements()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Guardar revisión' }).elements()).toEqual([]);
    const history = screen.getByRole('table', {
      name: 'Cambios de la revisión, del más antiguo al más reciente',
    });
    await expect
      .element(history.getByRole('row', { name: /Sofía Castro Problema listo No Sí/ }))
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('hides the videos switch while the problem waits for review, and says why a refused switch failed', async () => {
    const { screen } = await renderSite('/creator/reviews/12', {
      user: CREATOR,
      routes: {
        'GET creator/reviews/12/': {
          body: answer({ problemToReview: false, ready: false }, { mayRequest: true }),
        },
        'GET creator/problems/12/': { body: MINE_ANSWER },
        'PUT creator/reviews/12/requests/': {
          status: 409,
          body: { code: 'conflict', detail: 'La operación choca con datos existentes.' },
        },
      },
    });
    await expect
      .element(screen.getByRole('switch', { name: 'Enviar problema a revisión' }))
      .not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enviar videos a revisión' }).elements()).toEqual([]);
    await screen.getByRole('switch', { name: 'Enviar problema a revisión' }).click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('La operación choca con datos existentes.');
  });

  it('lets a supervisor toggle the fields, write feedback and save only what changed', async () => {
    let saved: unknown;
    const { screen } = await renderSite('/creator/reviews/12', {
      user: SUPERVISOR,
      routes: {
        'GET creator/reviews/12/': { body: answer({}, { mayReview: true }) },
        'GET creator/problems/12/': { body: { ...MINE_ANSWER, canEdit: false } },
        'PATCH creator/reviews/12/': (call) => {
          saved = call.body;
          return {
            body: answer(
              {
                ready: true,
                problemReviewed: true,
                problemFeedback: 'Muy claro.',
                supervisorName: 'Sofía Castro',
                reviewDate: '2026-11-22T08:00:00.000Z',
              },
              {
                mayReview: true,
                history: [
                  {
                    id: 2,
                    field: 'ready',
                    oldValue: 'false',
                    newValue: 'true',
                    changedAt: '2026-11-22T08:00:00.000Z',
                    userId: 50,
                    userName: 'Sofía Castro',
                  },
                ],
              },
            ),
          };
        },
      },
    });
    await screen.getByRole('switch', { name: 'Problema listo' }).click();
    await screen.getByRole('textbox', { name: 'Comentarios sobre el problema' }).fill('Muy claro.');
    await screen.getByRole('button', { name: 'Guardar revisión' }).click();
    await expect.element(screen.getByText('Revisión guardada. El autor recibirá un correo.')).toBeVisible();
    expect(saved).toEqual({ ready: true, problemFeedback: 'Muy claro.' });
    await expect.element(screen.getByRole('switch', { name: 'Problema revisado' })).toBeChecked();
    await expect
      .element(screen.getByRole('row', { name: /Sofía Castro Problema listo No Sí/ }))
      .toBeVisible();
    await userEvent.keyboard('{Tab}');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a supervisor the whole problem with its answers and checks, tries it, and points the feedback at a numeral', async () => {
    const reviewed: CreatorProblemAnswer = {
      ...MINE_ANSWER,
      canEdit: false,
      problem: {
        ...MINE_DRAFT,
        description: 'Paso a paso',
        numerals: [
          {
            ...MINE_DRAFT.numerals[0]!,
            initialHint: 'Despeja $x$',
            steps: [{ ...MINE_DRAFT.numerals[0]!.steps[0]!, explanation: 'Queda $2x=4$' }],
          },
          {
            ...MINE_DRAFT.numerals[1]!,
            question: 'Elige la fracción',
            mathType: 'multipleChoice',
            data: null,
            choices: [
              { key: 'chA', id: 1, text: '$\\frac{1}{2}$', picture: null, correct: true },
              { key: 'chB', id: 2, text: '$2$', picture: null, correct: false },
            ],
          },
          {
            ...MINE_DRAFT.numerals[1]!,
            key: 'numCCC',
            id: 503,
            question: 'Completa la tabla',
            mathType: 'tableSimple',
            data: VALID_MATH_TYPE_DATA.tableSimple,
          },
        ],
      },
      checks: [
        {
          numeral: 1,
          step: null,
          key: 'numAAA',
          mathType: 'solve',
          ok: true,
          reason: null,
          params: {},
          answer: 'x=2',
        },
        {
          numeral: 1,
          step: 1,
          key: 'stpAAA',
          mathType: 'solve',
          ok: true,
          reason: null,
          params: {},
          answer: 'x=2',
        },
        {
          numeral: 2,
          step: null,
          key: 'numBBB',
          mathType: 'multipleChoice',
          ok: true,
          reason: null,
          params: {},
          answer: '1',
        },
        {
          numeral: 3,
          step: null,
          key: 'numCCC',
          mathType: 'tableSimple',
          ok: false,
          reason: 'authoring.solutions-wrong',
          params: { answer: '1, 3' },
          answer: '1, 3',
        },
      ],
    };
    let saved: unknown;
    const { screen } = await renderSite('/creator/reviews/12', {
      user: SUPERVISOR,
      routes: {
        'GET creator/reviews/12/': { body: answer({}, { mayReview: true }) },
        'GET creator/problems/12/': { body: reviewed },
        'PATCH creator/reviews/12/': (call) => {
          saved = call.body;
          return { body: answer({ problemFeedback: 'x' }, { mayReview: true }) };
        },
      },
    });
    const problem = screen.getByRole('region', { name: 'El problema' });
    await expect.element(problem.getByRole('heading', { name: 'Numeral 1 · Resolver' })).toBeVisible();
    await expect.element(problem.getByText('Resuelve')).toBeVisible();
    await expect.element(problem.getByText('Pista:')).toBeVisible();
    // The equation and the answer the checker holds, as math.
    const math = [...document.querySelectorAll('.reviews-read [data-latex]')].map((e) =>
      e.getAttribute('data-latex'),
    );
    expect(math).toEqual(expect.arrayContaining(['2x+3=7', 'x=2', '\\frac{1}{2}', '1', '3']));
    await expect.element(problem.getByRole('heading', { name: 'Paso 1 · Resolver' })).toBeVisible();
    await expect.element(problem.getByText('Resta 3 a ambos lados')).toBeVisible();
    await expect.element(problem.getByText('Explicación:')).toBeVisible();
    const choices = [...document.querySelectorAll('.reviews-read-choices li')].map((li) => [
      li.querySelector('[data-latex]')?.getAttribute('data-latex'),
      li.querySelector('strong')?.textContent,
    ]);
    expect(choices).toEqual([
      ['\\frac{1}{2}', 'correcta'],
      ['2', 'incorrecta'],
    ]);
    await expect
      .element(
        problem.getByRole('table', {
          name: 'La tabla con las respuestas esperadas en sus celdas de respuesta',
        }),
      )
      .toBeVisible();
    // One check fails, said at the top and at its numeral, in the author's words.
    await expect
      .element(problem.getByText('1 de 4 respuestas no pasa la revisión automática: se indica abajo.'))
      .toBeVisible();
    await expect
      .element(problem.getByText('Alguna de las soluciones definidas (1, 3) no cumple la ecuación.'))
      .toBeVisible();
    await expect.poll(() => document.querySelectorAll('.reviews-read-header-cell math').length).toBe(2);
    expect(await axeViolations()).toEqual([]);

    await problem.getByRole('button', { name: 'Comentar: Numeral 3' }).click();
    const feedback = screen.getByRole('textbox', { name: 'Comentarios sobre el problema' });
    await expect.element(feedback).toHaveValue('Numeral 3: ');
    await expect.element(feedback).toHaveFocus();
    await userEvent.keyboard('la celda 2 está mal');
    await problem.getByRole('button', { name: 'Comentar: Numeral 1, paso 1' }).click();
    await expect.element(feedback).toHaveValue('Numeral 3: la celda 2 está mal\nNumeral 1, paso 1: ');
    await screen.getByRole('button', { name: 'Guardar revisión' }).click();
    await expect
      .poll(() => saved)
      .toEqual({ problemFeedback: 'Numeral 3: la celda 2 está mal\nNumeral 1, paso 1: ' });

    await problem.getByRole('button', { name: 'Probar' }).click();
    const dialog = screen.getByRole('dialog');
    await expect.element(dialog).toHaveTextContent('Resuelve');
  });

  it('says a review that is not the reader’s was not found', async () => {
    const { screen } = await renderSite('/creator/reviews/99', {
      user: CREATOR,
      routes: { 'GET creator/reviews/99/': { status: 404, body: { code: 'not-found', detail: 'No' } } },
    });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Revisión no encontrada' }))
      .toBeVisible();
  });
});
