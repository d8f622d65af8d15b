import type { AiProblemAnswer } from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { beforeEach, describe, expect, it } from 'vitest';
import { sidebarStorageKey } from '../../layout/area-layout';
import { axeViolations, renderSite, type StubCall, type StubHandler } from '../../test/render-site';
import { refusal } from '../teacher/teacher-fixture';
import { CREATOR, creatorServer, MINE, MINE_ANSWER, NEW_PROBLEM_ID } from './creator-fixture';
import { draftStorageName } from './creator-draft.store';

/** A generated problem whose second numeral's solution the checker refused. */
const GENERATED: AiProblemAnswer = {
  problem: {
    ...MINE_ANSWER.problem,
    id: null,
    title: 'Ecuaciones lineales',
    description: 'Resuelve y simplifica.',
    courseId: null,
    topicId: null,
    subtopicId: null,
    numerals: [
      {
        key: 'genAAAA1',
        id: null,
        question: 'Simplifica $2x+3x$',
        initialHint: null,
        hintPicture: null,
        picture: null,
        videoS3: null,
        calculator: false,
        steps: [],
        mathType: 'simplify',
        data: { ...VALID_MATH_TYPE_DATA.simplify, startingExpression: '2x+3x', target: '5x' },
        choices: [],
      },
      {
        key: 'genBBBB2',
        id: null,
        question: 'Resuelve $2x+3=7$',
        initialHint: null,
        hintPicture: null,
        picture: null,
        videoS3: null,
        calculator: false,
        steps: [],
        mathType: 'solve',
        data: { ...VALID_MATH_TYPE_DATA.solve, definedSolutions: [{ id: 'sol001', latex: 'x=4' }] },
        choices: [],
      },
    ],
  },
  checks: [
    {
      numeral: 1,
      step: null,
      key: 'genAAAA1',
      mathType: 'simplify',
      ok: true,
      reason: null,
      params: {},
      answer: null,
    },
    {
      numeral: 2,
      step: null,
      key: 'genBBBB2',
      mathType: 'solve',
      ok: false,
      reason: 'authoring.solutions-wrong',
      params: { answer: 'x=4' },
      answer: 'x=4',
    },
  ],
};

/** The id of the generation the stub server starts. */
const JOB_ID = '7a4f4c8e-1b2d-4e5f-9a0b-1c2d3e4f5a6b';

/** A generation in `state`, as create_ai_problem/ and create_ai_problem/{id}/ answer it. */
function job(state: 'queued' | 'running' | 'done' | 'failed', extra: Record<string, unknown> = {}) {
  return { id: JOB_ID, state, failedTries: 0, answer: null, error: null, ...extra };
}

/**
 * The creation tool with a stub server whose POST create_ai_problem/ answers `started` and whose
 * create_ai_problem/{id}/ answers `states` one after the other (the last one from then on).
 */
async function open(started: StubHandler, states: Record<string, unknown>[] = []) {
  const calls: StubCall[] = [];
  let polls = 0;
  const server = creatorServer({
    extra: {
      'POST create_ai_problem/': (call) => {
        calls.push(call);
        return typeof started === 'function' ? started(call) : started;
      },
      [`GET create_ai_problem/${JOB_ID}/`]: () => ({
        body: states[Math.min(polls++, states.length - 1)],
      }),
    },
  });
  const rendered = await renderSite(`/creator/tool/${MINE.id}`, { user: CREATOR, routes: server.routes });
  return { ...rendered, calls, polls: () => polls };
}

/** Opens 'Crear con IA', describes a new exercise and asks for it; answers the section. */
async function generate(screen: Awaited<ReturnType<typeof open>>['screen'], prompt: string) {
  const section = screen.getByRole('region', { name: 'Crear con IA' });
  await section.getByRole('button', { name: 'Crear un problema con IA' }).click();
  await section.getByRole('textbox', { name: 'Describe el problema que quieres' }).fill(prompt);
  await section.getByRole('button', { name: 'Generar con IA' }).click();
  return section;
}

beforeEach(() => {
  localStorage.removeItem(sidebarStorageKey('creator'));
  for (const id of [null, MINE.id, NEW_PROBLEM_ID]) localStorage.removeItem(draftStorageName(id));
});

describe('the creation tool: create with AI', () => {
  it('follows the generation, then loads its problem into the draft and names the refused numeral with the checker’s reason', async () => {
    const { screen, calls } = await open({ status: 202, body: job('queued') }, [
      job('running'),
      job('queued', { failedTries: 1 }),
      job('done', { failedTries: 1, answer: GENERATED }),
    ]);
    const section = screen.getByRole('region', { name: 'Crear con IA' });
    await section.getByRole('button', { name: 'Crear un problema con IA' }).click();
    await expect.element(section.getByText(/Tema: .* · Subtema: /)).toBeVisible();
    await section
      .getByRole('textbox', { name: 'Describe el problema que quieres' })
      .fill('Una ecuación lineal');
    await section.getByRole('button', { name: 'Generar con IA' }).click();
    // While it runs, the page says where the generation stands, a retry included.
    await expect
      .element(section.getByRole('status').filter({ hasText: /intento 2/ }))
      .toHaveTextContent('El modelo no dio un problema; Kib lo intenta de nuevo (intento 2).');

    const flagged = section.getByRole('list', { name: 'Respuestas rechazadas por el verificador' });
    await expect.element(flagged).toBeVisible();
    await expect.element(flagged.getByRole('link')).toHaveTextContent(/^Numeral 2: /);
    await expect.element(section.getByRole('alert')).toHaveTextContent(/El verificador rechazó 1 respuesta/);
    // The draft now holds the generated problem.
    await expect.element(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Ecuaciones lineales');
    expect(await axeViolations()).toEqual([]);

    const sent = calls[0]!.form!;
    const data = JSON.parse(String(sent.get('data'))) as Record<string, unknown>;
    expect(data).toMatchObject({
      language: 'es',
      problem_prompt: 'Una ecuación lineal',
      new_exercise: true,
    });
    expect(String(data.topic_name)).not.toBe('');
    expect(String(data.sub_topic_name)).not.toBe('');
  });

  it('says AI creation is not configured and offers the offline variants instead', async () => {
    const { screen } = await open(
      refusal(503, 'ai-not-configured', 'La creación con IA no está configurada en este servidor.'),
    );
    const section = await generate(screen, 'Algo');
    await expect
      .element(section.getByRole('alert'))
      .toHaveTextContent(/La creación con IA no está configurada en este servidor/);
    await expect.element(section.getByRole('link', { name: 'Ir a la tabla de problemas' })).toBeVisible();
  });

  it('says why a generation failed after its last try, in the server’s words', async () => {
    const { screen, polls } = await open({ status: 202, body: job('queued') }, [
      job('running'),
      job('failed', {
        failedTries: 2,
        error: {
          status: 503,
          code: 'ai-busy',
          detail: 'El modelo de IA está ocupado. Inténtalo en un minuto.',
        },
      }),
    ]);
    const section = await generate(screen, 'Algo');
    await expect
      .element(section.getByRole('alert'))
      .toHaveTextContent('El modelo de IA está ocupado. Inténtalo en un minuto.');
    await expect.element(section.getByRole('button', { name: 'Generar con IA' })).toBeEnabled();
    // Nothing is asked once the generation has ended. A question it still asked would come a second
    // after its end, before the first question of a generation started after it.
    const asked = polls();
    await section.getByRole('button', { name: 'Generar con IA' }).click();
    await expect
      .element(section.getByRole('status').filter({ hasText: 'En espera de un turno para generar…' }))
      .toBeVisible();
    await expect
      .element(section.getByRole('alert'))
      .toHaveTextContent('El modelo de IA está ocupado. Inténtalo en un minuto.');
    expect(polls()).toBe(asked + 1);
  });
});
