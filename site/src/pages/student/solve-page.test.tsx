import { ProblemSchema, toPublicProblem } from '@kib/core';
import { OfflineBackend } from '@kib/widgets';
import type { MathfieldElement } from 'mathlive';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import sample from '../../../../widgets/src/solver/sample-problem.json' with { type: 'json' };
import { axeViolations, renderSite, STUDENT, type StubHandler } from '../../test/render-site';

/** The sample problem as GET problems/{id}/ answers it: no targets, solutions or correct choices. */
const PUBLIC_PROBLEM = toPublicProblem(ProblemSchema.parse(sample));

/**
 * POST demo/proof/ as the server answers it: the checker's result for the answer sent (here by the
 * same checker, in the browser), and never recorded.
 */
const DEMO_PROOF: StubHandler = async (call) => {
  const body = call.body as { numeral: number; currentStep: number | null; answer: unknown };
  const out = await new OfflineBackend(ProblemSchema.parse(sample), null).check({
    numeralId: body.numeral,
    step: body.currentStep,
    answer: body.answer,
    totalTime: 0,
  });
  return {
    body: {
      correctAns: out.correct,
      numeralCompleted: out.numeralCompleted,
      recorded: false,
      stat: { numeralId: body.numeral },
      fromBack: true,
      result: out.feedback,
    },
  };
};

const RIGHT = {
  body: {
    correctAns: true,
    numeralCompleted: true,
    recorded: true,
    stat: { numeralId: 92 },
    fromBack: true,
    result: { correct: true },
  },
};

function solving(overrides: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    'GET problems/9001/': { body: PUBLIC_PROBLEM },
    'POST getstudentproblemsolutiondata/': { body: { data: [] } },
    'POST proof/': RIGHT,
    'POST demo/proof/': RIGHT,
    ...overrides,
  };
}

const DAY = 24 * 60 * 60 * 1000;

/** The student's classrooms with module 3 assigned to classroom 2 until `deadline`. */
function classrooms(deadline: Date | null, own: Date | null = null) {
  return {
    body: {
      classrooms: [{ id: 2, name: '9A', description: '', teacherId: 5 }],
      teachers: [{ id: 5, firstName: 'Luz', lastName: 'Páez' }],
      modules: [{ id: 3, name: 'Álgebra', description: '', creationDate: '2025-01-01T00:00:00Z' }],
      moduleClassrooms: [
        { moduleId: 3, classroomId: 2, deadline: deadline?.toISOString() ?? null, publishDate: null },
      ],
      moduleProblems: [{ moduleId: 3, problemId: 9001, numeration: '1' }],
      problems: [{ id: 9001, title: PUBLIC_PROBLEM.title, description: '' }],
      numerals: PUBLIC_PROBLEM.numerals.map((n) => ({ id: n.id, problemId: 9001, number: n.number })),
      stats: [],
      studentModules: own ? [{ classroomId: 2, moduleId: 3, deadline: own.toISOString() }] : [],
    },
  };
}

afterEach(() => {
  window.mathVirtualKeyboard?.hide();
  localStorage.clear();
});

describe('solve page', () => {
  it('renders the solver for the problem of the URL and checks a logged-in answer at proof/', async () => {
    const { screen, calls } = await renderSite('/student/solve?problem=9001', {
      routes: solving(),
      user: STUDENT,
    });
    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'Álgebra y recta numérica' }))
      .toBeVisible();
    await expect.element(screen.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Resolver problema' }))
      .toBeInTheDocument();
    await expect.poll(() => document.title).toBe('Álgebra y recta numérica · Kib');
    expect(calls.some((c) => c.path === 'getstudentproblemsolutiondata/')).toBe(true);
    await expect
      .element(screen.getByRole('link', { name: 'Volver a los problemas' }))
      .toHaveAttribute('href', '/student/practice');
    expect(screen.getByText('La fecha límite de este módulo ya pasó', { exact: false }).query()).toBeNull();

    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => calls.filter((c) => c.path === 'proof/').length).toBe(1);
    expect(calls.find((c) => c.path === 'proof/')?.body).toMatchObject({
      numeral: 92,
      answer: [921],
      currentStep: null,
      deadlinePassed: false,
    });
    expect(calls.some((c) => c.path === 'demo/proof/')).toBe(false);
    await expect.element(screen.getByRole('tab', { name: /Pregunta 2.*resuelta/ })).toBeInTheDocument();
  });

  it('checks a demo answer at demo/proof/ without an account, in English', async () => {
    const { screen, calls } = await renderSite('/demo/student/modules/solve?problem=9001', {
      routes: solving(),
      language: 'en',
    });
    await expect.element(screen.getByRole('tab', { name: 'Question 1' })).toBeVisible();
    await expect.element(screen.getByRole('note')).toHaveTextContent('Demo user, limited content');
    await expect
      .element(screen.getByRole('link', { name: 'Back to the problems' }))
      .toHaveAttribute('href', '/demo/student');
    await expect.poll(() => document.title).toBe('Álgebra y recta numérica · Kib');

    await screen.getByRole('tab', { name: 'Question 2' }).click();
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Check answer' }).click();
    await expect.poll(() => calls.filter((c) => c.path === 'demo/proof/').length).toBe(1);
    expect(calls.find((c) => c.path === 'demo/proof/')?.body).toMatchObject({ numeral: 92, answer: [921] });
    expect(calls.some((c) => c.path === 'proof/' || c.path === 'getstudentproblemsolutiondata/')).toBe(false);
  });

  it('shows the line feedback of a wrong demo answer and says nothing is recorded, not that a deadline passed', async () => {
    const { screen, calls } = await renderSite('/demo/student/modules/solve?problem=9001', {
      routes: solving({ 'POST demo/proof/': DEMO_PROOF }),
    });
    await expect.element(screen.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
    const field = () => document.querySelector('math-field') as MathfieldElement | null;
    await expect.poll(() => field()).not.toBeNull();
    field()!.focus();
    await expect.poll(() => !!field()!.shadowRoot?.activeElement).toBe(true);
    await userEvent.keyboard('2x+3');
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => calls.filter((c) => c.path === 'demo/proof/').length).toBe(1);

    await expect
      .element(screen.getByText('Esta línea no es equivalente a la última línea correcta.', { exact: false }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Estás en la demo: tu respuesta se revisa, pero no queda registrada.');
    expect(screen.getByText('La fecha límite', { exact: false }).query()).toBeNull();
    expect(calls.some((c) => c.path === 'proof/')).toBe(false);
  });

  it.each([
    ['/student/solve', STUDENT, 'Volver a los problemas', '/student/practice'],
    ['/student/solve?problem=abc', STUDENT, 'Volver a los problemas', '/student/practice'],
    [
      '/student/solve?problem=0&module=3&classroom=2',
      STUDENT,
      'Volver al módulo',
      '/student/rendermodule?module=3&classroom=2',
    ],
    ['/demo/student/modules/solve?problem=-4', null, 'Volver a los problemas', '/demo/student'],
  ])('at %s says the problem cannot be found and links back', async (path, user, back, href) => {
    const { screen, calls } = await renderSite(path, { routes: solving(), user });
    await expect
      .element(screen.getByText('No encontramos ese problema. Elige uno de la lista de problemas.'))
      .toBeVisible();
    await expect.element(screen.getByRole('link', { name: back })).toHaveAttribute('href', href);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Resolver problema' })).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('problems/'))).toBe(false);
    await expect.poll(() => document.title).toBe('Resolver · Kib');
    expect(await axeViolations()).toEqual([]);
  });

  it("warns that answers are not recorded after the module's deadline, and sends deadlinePassed", async () => {
    const { screen, calls } = await renderSite('/student/solve?problem=9001&module=3&classroom=2', {
      routes: solving({ 'GET get_student_classrooms/': classrooms(new Date(Date.now() - DAY)) }),
      user: STUDENT,
    });
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'La fecha límite de este módulo ya pasó' }))
      .toHaveTextContent('tus respuestas se revisan, pero no quedan registradas para tu profesor');
    await expect
      .element(screen.getByRole('link', { name: 'Volver al módulo' }))
      .toHaveAttribute('href', '/student/rendermodule?module=3&classroom=2');
    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => calls.filter((c) => c.path === 'proof/').length).toBe(1);
    expect(calls.find((c) => c.path === 'proof/')?.body).toMatchObject({ deadlinePassed: true });
  });

  it("trusts the student's own later deadline over the classroom's and over the URL", async () => {
    const { screen, calls } = await renderSite(
      '/student/solve?problem=9001&module=3&classroom=2&deadline=passed',
      {
        routes: solving({
          'GET get_student_classrooms/': classrooms(new Date(Date.now() - DAY), new Date(Date.now() + DAY)),
        }),
        user: STUDENT,
      },
    );
    await expect.element(screen.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
    expect(screen.getByText('La fecha límite de este módulo ya pasó', { exact: false }).query()).toBeNull();
    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => calls.filter((c) => c.path === 'proof/').length).toBe(1);
    expect(calls.find((c) => c.path === 'proof/')?.body).toMatchObject({ deadlinePassed: false });
  });

  it('refreshes the classrooms after a completed numeral, so the module view shows the progress', async () => {
    const { screen, calls } = await renderSite('/student/solve?problem=9001&module=3&classroom=2', {
      routes: solving({ 'GET get_student_classrooms/': classrooms(null) }),
      user: STUDENT,
    });
    await expect.element(screen.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
    const before = calls.filter((c) => c.path === 'get_student_classrooms/').length;
    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect
      .poll(() => calls.filter((c) => c.path === 'get_student_classrooms/').length)
      .toBeGreaterThan(before);
  });

  it('has no accessibility violations around the solver', async () => {
    const { screen } = await renderSite('/demo/student/modules/solve?problem=9001', { routes: solving() });
    await expect.element(screen.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Comprobar respuesta' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    await page.viewport(360, 740);
    try {
      const { screen } = await renderSite('/demo/student/modules/solve?problem=9001', {
        routes: solving(),
      });
      await expect.element(screen.getByRole('tab', { name: 'Pregunta 1' })).toBeVisible();
      await expect.element(screen.getByRole('button', { name: 'Comprobar respuesta' })).toBeVisible();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    } finally {
      await page.viewport(1024, 768);
    }
  });
});
