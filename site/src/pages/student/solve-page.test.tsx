import { ProblemSchema, toPublicProblem } from '@kib/core';
import { OfflineBackend } from '@kib/widgets';
import type { MathfieldElement } from 'mathlive';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import sample from '@kib/widgets/sample-problem.json' with { type: 'json' };
import { axeViolations, PUBLIC_CONFIG, renderSite, STUDENT, type StubHandler } from '../../test/render-site';

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

  it('asks for the problem without waiting for the classrooms, and reads the deadline when they answer', async () => {
    let answerClassrooms: () => void = () => undefined;
    const classroomsAnswered = new Promise<void>((resolve) => (answerClassrooms = resolve));
    const { screen, calls } = await renderSite('/student/solve?problem=9001&module=3&classroom=2', {
      routes: solving({
        'GET get_student_classrooms/': async () => {
          await classroomsAnswered;
          return classrooms(new Date(Date.now() - DAY));
        },
      }),
      user: STUDENT,
    });
    await expect.element(screen.getByRole('tab', { name: 'Pregunta 2' })).toBeVisible();
    expect(calls.some((c) => c.path === 'problems/9001/')).toBe(true);
    expect(screen.getByText('La fecha límite de este módulo ya pasó').query()).toBeNull();
    answerClassrooms();
    await expect.element(screen.getByText(/La fecha límite de este módulo ya pasó/)).toBeVisible();
    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => calls.filter((c) => c.path === 'proof/').length).toBe(1);
    expect(calls.find((c) => c.path === 'proof/')?.body).toMatchObject({ deadlinePassed: true });
  });

  it('asks for the problem beside the current user, as soon as the session is restored', async () => {
    let answerMe: () => void = () => undefined;
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    const { screen, calls } = await renderSite('/student/solve?problem=9001', {
      routes: solving({
        'GET auth/users/me/': async () => {
          await meAnswered;
          return { body: STUDENT };
        },
      }),
      user: STUDENT,
    });
    // The page waits for the user (RequireAuth); its problem is on the way already, once.
    await expect.poll(() => calls.some((c) => c.path === 'problems/9001/')).toBe(true);
    expect(calls.filter((c) => c.path === 'auth/jwt/refresh/')).toHaveLength(1);
    answerMe();
    await expect.element(screen.getByRole('tab', { name: 'Pregunta 2' })).toBeVisible();
    expect(calls.filter((c) => c.path === 'problems/9001/')).toHaveLength(1);
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

/** A PNG of `width` × `height` px kept by the browser, its blob address split like `${base}/${key}`. */
async function storedPicture(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#0055aa';
  context.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  const url = URL.createObjectURL(blob);
  const cut = url.lastIndexOf('/');
  return { base: url.slice(0, cut), key: url.slice(cut + 1) };
}

/** The sample problem as the API answers it, with a picture and a video on its second question. */
function illustrated(pictureKey: string) {
  const problem = structuredClone(PUBLIC_PROBLEM);
  problem.picture = pictureKey;
  problem.numerals[1]!.videoS3 = 'numeralVideo1.mp4';
  return problem;
}

const modalVideo = () => document.querySelector<HTMLVideoElement>('dialog[open] video');

describe('solve page, pictures and videos', () => {
  it('shows the problem picture and plays the question’s video from the addresses of GET config/', async () => {
    const picture = await storedPicture(400, 200);
    const { screen, calls } = await renderSite('/student/solve?problem=9001', {
      routes: solving({
        'GET problems/9001/': { body: illustrated(picture.key) },
        'GET config/': {
          body: { ...PUBLIC_CONFIG, pictureBaseUrl: `${picture.base}/`, videoBaseUrl: '/media/videos' },
        },
      }),
      user: STUDENT,
    });
    const img = screen.getByRole('img', { name: 'Imagen del problema' });
    await expect.element(img).toHaveAttribute('src', `${picture.base}/${picture.key}`);
    await expect.poll(() => (img.element() as HTMLImageElement).naturalWidth).toBe(400);

    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('button', { name: 'Video' }).click();
    await expect.element(screen.getByRole('dialog', { name: 'Video explicativo' })).toBeVisible();
    expect(modalVideo()?.getAttribute('src')).toBe('/media/videos/numeralVideo1.mp4');
    expect(modalVideo()?.getAttribute('controlslist')).toBe('nodownload');
    expect(calls.filter((c) => c.path === 'config/')).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows them on the anonymous demo too, and fits a wide picture in a 360 px phone', async () => {
    await page.viewport(360, 740);
    try {
      const picture = await storedPicture(1600, 900);
      const { screen } = await renderSite('/demo/student/modules/solve?problem=9001', {
        routes: solving({
          'GET problems/9001/': { body: illustrated(picture.key) },
          'GET config/': { body: { ...PUBLIC_CONFIG, pictureBaseUrl: picture.base } },
        }),
        language: 'en',
      });
      const img = screen.getByRole('img', { name: 'Problem picture' });
      await expect.poll(() => (img.element() as HTMLImageElement).naturalWidth).toBe(1600);
      expect(img.element().getBoundingClientRect().right).toBeLessThanOrEqual(360);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    } finally {
      await page.viewport(1024, 768);
    }
  });

  it('says the video is not available and shows no picture when GET config/ cannot be read', async () => {
    const { screen } = await renderSite('/student/solve?problem=9001', {
      routes: solving({
        'GET problems/9001/': { body: illustrated('problemPic1.png') },
        'GET config/': { status: 500, body: { code: 'internal', detail: 'boom' } },
      }),
      user: STUDENT,
    });
    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('button', { name: 'Video' }).click();
    await expect.element(screen.getByText('Video no disponible')).toBeVisible();
    expect(modalVideo()).toBeNull();
    expect(screen.getByRole('img', { name: 'Imagen del problema' }).query()).toBeNull();
  });
});
