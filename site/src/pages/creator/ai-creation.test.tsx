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
    { numeral: 1, step: null, key: 'genAAAA1', mathType: 'simplify', ok: true, reason: null, params: {} },
    {
      numeral: 2,
      step: null,
      key: 'genBBBB2',
      mathType: 'solve',
      ok: false,
      reason: 'feedback.wrong-solution',
      params: { value: 'x = 4', answer: 'x=4' },
    },
  ],
};

async function open(answer: StubHandler) {
  const calls: StubCall[] = [];
  const server = creatorServer({
    extra: {
      'POST create_ai_problem/': (call) => {
        calls.push(call);
        return typeof answer === 'function' ? answer(call) : answer;
      },
    },
  });
  const rendered = await renderSite(`/creator/tool/${MINE.id}`, { user: CREATOR, routes: server.routes });
  return { ...rendered, calls };
}

beforeEach(() => {
  localStorage.removeItem(sidebarStorageKey('creator'));
  for (const id of [null, MINE.id, NEW_PROBLEM_ID]) localStorage.removeItem(draftStorageName(id));
});

describe('the creation tool: create with AI', () => {
  it('loads the generated problem into the draft and names the refused numeral with the checker’s reason', async () => {
    const { screen, calls } = await open({ body: GENERATED });
    const section = screen.getByRole('region', { name: 'Crear con IA' });
    await section.getByRole('button', { name: 'Crear un problema con IA' }).click();
    await expect.element(section.getByText(/Tema: .* · Subtema: /)).toBeVisible();
    await section
      .getByRole('textbox', { name: 'Describe el problema que quieres' })
      .fill('Una ecuación lineal');
    await section.getByRole('button', { name: 'Generar con IA' }).click();

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
    const section = screen.getByRole('region', { name: 'Crear con IA' });
    await section.getByRole('button', { name: 'Crear un problema con IA' }).click();
    await section.getByRole('textbox', { name: 'Describe el problema que quieres' }).fill('Algo');
    await section.getByRole('button', { name: 'Generar con IA' }).click();
    await expect
      .element(section.getByRole('alert'))
      .toHaveTextContent(/La creación con IA no está configurada en este servidor/);
    await expect.element(section.getByRole('link', { name: 'Ir a la tabla de problemas' })).toBeVisible();
  });
});
