import { ProblemSchema, toPublicProblem } from '@kib/core';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import sample from '@kib/widgets/sample-problem.json' with { type: 'json' };
import { axeViolations, PUBLIC_CONFIG, renderSite } from '../../test/render-site';
import { LTI_MODULE, LTI_STUDENT } from './lti-fixture';

const PUBLIC_PROBLEM = toPublicProblem(ProblemSchema.parse(sample));

afterEach(async () => {
  window.mathVirtualKeyboard?.hide();
  await page.viewport(1024, 768);
});

describe('MoodleStudentPage', () => {
  it('lists the module’s problems with the student’s progress, each opening the solver', async () => {
    const { screen } = await renderSite('/moodlestudent?module=5', {
      user: LTI_STUDENT,
      routes: { 'GET lti/modules/5/': { body: LTI_MODULE } },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Taller de álgebra' })).toBeVisible();
    await expect.element(screen.getByText('Llevas 3 de 5 preguntas (60 %).')).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Gráfica de una recta' }))
      .toHaveAttribute('href', '/moodlestudent?module=5&problem=9002');
    await expect.element(screen.getByText('1 de 3 preguntas completas')).toBeVisible();
    await expect.element(screen.getByRole('img', { name: 'Problema completo' })).toBeVisible();
    expect(screen.getByRole('navigation').query()).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('opens the solver of a problem and records answers at proof/ for the LMS student', async () => {
    const { screen, calls } = await renderSite('/moodlestudent?module=5&problem=9001', {
      user: LTI_STUDENT,
      routes: {
        'GET lti/modules/5/': { body: LTI_MODULE },
        'GET problems/9001/': { body: PUBLIC_PROBLEM },
        'POST getstudentproblemsolutiondata/': { body: { data: [] } },
        'POST proof/': {
          body: {
            correctAns: true,
            numeralCompleted: true,
            recorded: true,
            stat: { numeralId: 92 },
            fromBack: true,
            result: { correct: true },
          },
        },
      },
    });
    await expect.element(screen.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Volver a la actividad' }))
      .toHaveAttribute('href', '/moodlestudent?module=5');
    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => calls.filter((c) => c.path === 'proof/').length).toBe(1);
    // The module's progress is asked again after a completed numeral.
    await expect.poll(() => calls.filter((c) => c.path === 'lti/modules/5/').length).toBe(2);
  });

  it('plays the problem’s video from the video address of GET config/', async () => {
    const { screen } = await renderSite('/moodlestudent?module=5&problem=9001', {
      user: LTI_STUDENT,
      routes: {
        'GET lti/modules/5/': { body: LTI_MODULE },
        'GET problems/9001/': { body: { ...PUBLIC_PROBLEM, videoS3: 'problemVideo1.mp4' } },
        'POST getstudentproblemsolutiondata/': { body: { data: [] } },
        'GET config/': { body: { ...PUBLIC_CONFIG, videoBaseUrl: 'https://cdn.kib.test/videos/' } },
      },
    });
    await screen.getByRole('button', { name: 'Video' }).click();
    await expect.element(screen.getByRole('dialog', { name: 'Video explicativo' })).toBeVisible();
    expect(document.querySelector('dialog[open] video')?.getAttribute('src')).toBe(
      'https://cdn.kib.test/videos/problemVideo1.mp4',
    );
  });

  it('says the activity was not found for a module the launch did not open, in English, on a phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/moodlestudent?module=6', {
      user: LTI_STUDENT,
      language: 'en',
      routes: { 'GET lti/modules/6/': { status: 404, body: { code: 'not-found', detail: 'Not found' } } },
    });
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('We could not find this activity. Open it again from your course.');
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });

  it('sends a visitor without a session back to the LMS, not to the login page', async () => {
    const { screen, router } = await renderSite('/moodlestudent?module=5', { language: 'en' });
    await expect
      .element(screen.getByText('Your Moodle session has ended. Open the activity again from your course.'))
      .toBeVisible();
    expect(router.state.location.pathname).toBe('/moodlestudent');
  });
});
