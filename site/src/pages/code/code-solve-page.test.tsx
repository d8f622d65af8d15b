import { ProblemSchema, toPublicProblem, type ModuleCodeStudentsAnswer } from '@kib/core';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import sample from '@kib/widgets/sample-problem.json' with { type: 'json' };
import { axeViolations, PUBLIC_CONFIG, renderSite, type StubHandler } from '../../test/render-site';
import { writeCodeSession } from './code-session';

/** The sample problem as GET problems/{id}/ answers it. */
const PUBLIC_PROBLEM = toPublicProblem(ProblemSchema.parse(sample));
const SELF = { id: 41, firstName: 'Luisa', lastName: 'Ríos', studentCode: null };

function activity(self: typeof SELF | null = SELF): { body: ModuleCodeStudentsAnswer } {
  return {
    body: {
      validCode: true,
      moduleData: { id: 3, name: 'Taller de álgebra', description: '', validUntil: null },
      problems: [
        {
          id: PUBLIC_PROBLEM.id,
          title: PUBLIC_PROBLEM.title,
          numeration: '1',
          numerals: PUBLIC_PROBLEM.numerals.map((n) => ({ id: n.id, number: n.number })),
        },
      ],
      numerals: [],
      studentsData: self ? [self] : [],
      numeralsStats: [],
    },
  };
}

function routes(overrides: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    'GET validatemodulecodestudents/': activity(),
    [`GET problems/${PUBLIC_PROBLEM.id}/`]: { body: PUBLIC_PROBLEM },
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
    ...overrides,
  };
}

function registered() {
  writeCodeSession({ role: 'student', moduleCode: 'DEMO42', tempStudentId: SELF.id, access: 'temp-token' });
}

afterEach(() => {
  window.mathVirtualKeyboard?.hide();
  sessionStorage.clear();
});

describe('code activity solve page', () => {
  it('solves a problem of the activity at proof/ and links back to the module view', async () => {
    registered();
    const { screen, calls } = await renderSite(`/code/student/solve?problem=${PUBLIC_PROBLEM.id}`, {
      routes: routes(),
    });
    await expect.element(screen.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Volver a la actividad' }))
      .toHaveAttribute('href', '/code/student');
    expect(calls.some((c) => c.path === 'getstudentproblemsolutiondata/')).toBe(true);
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => calls.filter((c) => c.path === 'proof/').length).toBe(1);
    expect(calls.find((c) => c.path === 'proof/')?.body).toMatchObject({
      numeral: 92,
      tempStudentId: SELF.id,
    });
    expect(calls.some((c) => c.path === 'demo/proof/')).toBe(false);
    // The completed question makes the module view read the student's progress again.
    await expect
      .poll(() => calls.filter((c) => c.path === 'validatemodulecodestudents/').length)
      .toBeGreaterThan(1);
  });

  it('plays the question’s video from the video address of GET config/', async () => {
    registered();
    const numerals = PUBLIC_PROBLEM.numerals.map((n, i) =>
      i === 0 ? { ...n, videoS3: 'numeralVideo1.mp4' } : n,
    );
    const { screen } = await renderSite(`/code/student/solve?problem=${PUBLIC_PROBLEM.id}`, {
      routes: routes({ [`GET problems/${PUBLIC_PROBLEM.id}/`]: { body: { ...PUBLIC_PROBLEM, numerals } } }),
    });
    await screen.getByRole('button', { name: 'Video' }).click();
    await expect.element(screen.getByRole('dialog', { name: 'Video explicativo' })).toBeVisible();
    expect(document.querySelector('dialog[open] video')?.getAttribute('src')).toBe(
      `${PUBLIC_CONFIG.videoBaseUrl}/numeralVideo1.mp4`,
    );
  });

  it('goes back to the module view with Back', async () => {
    registered();
    const { screen, router } = await renderSite(`/code/student/solve?problem=${PUBLIC_PROBLEM.id}`, {
      routes: routes(),
    });
    await screen.getByRole('link', { name: 'Volver a la actividad' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Taller de álgebra' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/code/student');
  });

  it('sends a visitor without an activity in this tab to the code form', async () => {
    const { screen, router } = await renderSite(`/code/student/solve?problem=${PUBLIC_PROBLEM.id}`, {
      routes: routes(),
    });
    await expect.element(screen.getByLabelText('Código de la actividad')).toBeVisible();
    expect(router.state.location.pathname).toBe('/code/student');
  });

  it('says so when the problem is not part of the activity, in English', async () => {
    registered();
    const { screen, calls } = await renderSite('/code/student/solve?problem=777', {
      routes: routes(),
      language: 'en',
    });
    await expect.element(screen.getByText('This problem is not part of your activity.')).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('problems/'))).toBe(false);
    expect(await axeViolations()).toEqual([]);
  });

  it('says the activity ended when the teacher removed the student', async () => {
    registered();
    const { screen } = await renderSite(`/code/student/solve?problem=${PUBLIC_PROBLEM.id}`, {
      routes: routes({ 'GET validatemodulecodestudents/': activity(null) }),
    });
    await expect
      .element(screen.getByText('Tu participación en la actividad terminó', { exact: false }))
      .toBeVisible();
  });

  it('says the activity ended when an answer is refused because the activity closed meanwhile', async () => {
    registered();
    let closed = false;
    const ended = { status: 401, body: { code: 'session-expired', detail: 'Tu sesión terminó.' } };
    const { screen, calls } = await renderSite(`/code/student/solve?problem=${PUBLIC_PROBLEM.id}`, {
      routes: routes({
        'GET validatemodulecodestudents/': () => (closed ? ended : activity()),
        'POST proof/': () => {
          closed = true;
          return ended;
        },
      }),
    });
    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect
      .element(screen.getByText('Tu participación en la actividad terminó', { exact: false }))
      .toBeVisible();
    expect(calls.filter((c) => c.path === 'validatemodulecodestudents/').length).toBeGreaterThan(1);
  });

  it('fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    registered();
    const { screen } = await renderSite(`/code/student/solve?problem=${PUBLIC_PROBLEM.id}`, {
      routes: routes(),
    });
    await expect.element(screen.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });
});
