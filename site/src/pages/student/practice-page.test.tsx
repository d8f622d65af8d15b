import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT, type StubHandler } from '../../test/render-site';
import { readCookie, REMEMBERED_CHOICES, writeCookie } from '../../ui/remembered-choice';

const COURSES = {
  courses: [
    { id: 1, name: 'Algebra', nameSpanish: 'Álgebra' },
    { id: 2, name: 'Geometry', nameSpanish: 'Geometría' },
  ],
  coursesTopics: [
    { course: 1, topic: 10 },
    { course: 1, topic: 11 },
  ],
};

const SUBTOPICS: Record<string, unknown[]> = {
  '10': [
    { id: 100, topicId: 10, name: 'One variable', nameSpanish: 'Una variable' },
    { id: 101, topicId: 10, name: 'Two variables', nameSpanish: 'Dos variables' },
  ],
  '11': [{ id: 110, topicId: 11, name: 'Factoring', nameSpanish: 'Factorización' }],
};

/** The content tree of two courses, answered as the server does. */
function content(overrides: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    'GET courses/': { body: COURSES },
    'GET courses/1/topics/': {
      body: [
        { id: 10, name: 'Linear equations', nameSpanish: 'Ecuaciones lineales' },
        { id: 11, name: 'Polynomials', nameSpanish: 'Polinomios' },
      ],
    },
    'GET get-subtopics/': (call) => ({ body: SUBTOPICS[call.query.get('topic_id') ?? ''] ?? [] }),
    'GET problems/subtopic/100/': {
      body: {
        problems: [
          {
            id: 9001,
            title: 'Despeja $x$',
            description: 'Resuelve $2x+3=7$ paso a paso.',
            numeration: '1',
            topicId: 10,
            subtopicId: 100,
          },
          {
            id: 9002,
            title: 'Edades',
            description: '',
            numeration: '2',
            topicId: 10,
            subtopicId: 100,
          },
        ],
        numerals: [
          { id: 1, problemId: 9001, number: 0, question: '$2x=4$', mathType: 'solve' },
          { id: 2, problemId: 9001, number: 1, question: '$x+1=3$', mathType: 'solve' },
          { id: 3, problemId: 9002, number: 0, question: '¿Cuántos años?', mathType: 'solve' },
        ],
      },
    },
    'GET problems/subtopic/101/': { body: { problems: [], numerals: [] } },
    'GET practice/next/': (call) => ({ body: practiceNext(call.query) }),
    ...overrides,
  };
}

/** What practice/next answers: the scope's two skills, the second one's numeral to practise. */
function practiceNext(query: URLSearchParams) {
  const skill = (id: number, name: string, level: string, estimate: number) => ({
    id,
    name,
    level,
    estimate,
    uncertainty: 0.4,
  });
  const scope = [
    skill(7, 'Opera con enteros', 'mastered', 0.93),
    skill(8, query.has('subtopic') ? 'Despeja una variable' : 'Resuelve ecuaciones', 'familiar', 0.66),
  ];
  return {
    status: 'practice',
    problemId: 9002,
    numeralId: 3,
    predictedSuccess: 0.78,
    skills: [scope[1]],
    reason: `Practicas ${scope[1]!.name}: tienes un 78 % de probabilidad de acertar este ejercicio.`,
    scope,
    nextSkill: null,
  };
}

/** The course, topic and subtopic cookies, as they are now. */
const remembered = () => ({
  course: readCookie(REMEMBERED_CHOICES.course),
  topic: readCookie(REMEMBERED_CHOICES.topic),
  subtopic: readCookie(REMEMBERED_CHOICES.subtopic),
});

/** Cookies as an earlier visit (or anything else) left them. */
function leaveCookies(values: { course?: string; topic?: string; subtopic?: string }) {
  for (const [choice, value] of Object.entries(values))
    writeCookie(REMEMBERED_CHOICES[choice as keyof typeof values], value, 5000);
}

// The browser keeps cookies from test to test: each starts without a remembered choice.
const forgetChoices = () => {
  for (const name of Object.values(REMEMBERED_CHOICES)) document.cookie = `${name}=; path=/; max-age=0`;
};
beforeEach(forgetChoices);
afterEach(forgetChoices);

describe('practice dashboard', () => {
  it('leads a logged-in student from course to topic to subtopic to the problems, in Spanish', async () => {
    const { screen, router, calls } = await renderSite('/student/practice', {
      routes: content(),
      user: STUDENT,
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Practicar' })).toBeVisible();
    await expect.element(screen.getByText('Por favor selecciona un curso')).toBeVisible();
    expect(calls.find((c) => c.path === 'courses/')?.query.get('language')).toBe('es');
    expect(calls.find((c) => c.path === 'courses/')?.query.get('demo')).toBeNull();

    await screen.getByLabelText('Curso').selectOptions('Álgebra');
    const topic = screen.getByRole('button', { name: 'Ecuaciones lineales' });
    await expect.element(topic).toHaveAttribute('aria-expanded', 'false');
    await expect.element(screen.getByRole('button', { name: 'Polinomios' })).toBeVisible();
    await expect.element(screen.getByText('Por favor selecciona un tema')).toBeVisible();
    expect(screen.getByText('Por favor selecciona un curso').query()).toBeNull();

    await topic.click();
    await expect.element(topic).toHaveAttribute('aria-expanded', 'true');
    const subtopics = screen.getByRole('list', { name: 'Subtemas de Ecuaciones lineales' });
    await expect.element(subtopics.getByRole('button', { name: 'Una variable' })).toBeVisible();
    await expect.element(screen.getByText('Por favor selecciona un subtema')).toBeVisible();

    await subtopics.getByRole('button', { name: 'Una variable' }).click();
    await expect
      .element(subtopics.getByRole('button', { name: 'Una variable' }))
      .toHaveAttribute('aria-pressed', 'true');
    const first = screen.getByRole('link', { name: /Despeja/ });
    await expect.element(first).toHaveAttribute('href', '/student/solve?problem=9001');
    await expect
      .element(screen.getByRole('link', { name: 'Edades' }))
      .toHaveAttribute('href', '/student/solve?problem=9002');
    await expect.element(screen.getByRole('status').filter({ hasText: '2 problemas' })).toBeVisible();
    await expect.element(screen.getByText('2 preguntas')).toBeVisible();
    await expect.element(screen.getByText('1 pregunta', { exact: true })).toBeVisible();
    // The math of titles and descriptions is rendered, not left as dollar signs.
    await expect.poll(() => document.querySelectorAll('.practice-problem math').length).toBeGreaterThan(1);
    expect(router.state.location.search).toBe('?course=1&topic=10&subtopic=100');
    expect(await axeViolations()).toEqual([]);

    await first.click();
    await expect.poll(() => router.state.location.pathname).toBe('/student/solve');
    expect(router.state.location.search).toBe('?problem=9001');
  });

  it('shows English names and the messages in English', async () => {
    const { screen } = await renderSite('/student/practice', {
      routes: content(),
      user: STUDENT,
      language: 'en',
    });
    await expect.element(screen.getByText('Please select a course')).toBeVisible();
    await screen.getByLabelText('Course').selectOptions('Algebra');
    await expect.element(screen.getByText('Please select a topic')).toBeVisible();
    await screen.getByRole('button', { name: 'Linear equations' }).click();
    await expect.element(screen.getByText('Please select a subtopic')).toBeVisible();
    await screen.getByRole('button', { name: 'One variable' }).click();
    await expect.element(screen.getByRole('heading', { level: 2, name: 'One variable' })).toBeVisible();
    await expect.element(screen.getByText('2 questions')).toBeVisible();
    expect(screen.getByText('Ecuaciones lineales').query()).toBeNull();
  });

  it('toggles a topic, deselects it on a second click, and clears the subtopic when another topic is chosen', async () => {
    const { screen, router } = await renderSite('/student/practice?course=1&topic=10&subtopic=100', {
      routes: content(),
      user: STUDENT,
    });
    // A reload (or back) lands on the same place.
    await expect.element(screen.getByRole('link', { name: /Despeja/ })).toBeVisible();
    const linear = screen.getByRole('button', { name: 'Ecuaciones lineales' });
    const polynomials = screen.getByRole('button', { name: 'Polinomios' });
    await expect.element(linear).toHaveAttribute('aria-expanded', 'true');

    await polynomials.click();
    await expect.element(polynomials).toHaveAttribute('aria-expanded', 'true');
    await expect.element(linear).toHaveAttribute('aria-expanded', 'false');
    await expect
      .element(screen.getByRole('button', { name: 'Factorización' }))
      .toHaveAttribute('aria-pressed', 'false');
    await expect.element(screen.getByText('Por favor selecciona un subtema')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Una variable' }).query()).toBeNull();
    expect(router.state.location.search).toBe('?course=1&topic=11');

    await polynomials.click();
    await expect.element(polynomials).toHaveAttribute('aria-expanded', 'false');
    await expect.element(screen.getByText('Por favor selecciona un tema')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Factorización' }).query()).toBeNull();
    expect(router.state.location.search).toBe('?course=1');

    // Choosing another course starts over.
    await screen.getByLabelText('Curso').selectOptions('Geometría');
    await expect.poll(() => router.state.location.search).toBe('?course=2');
  });

  it('says when a subtopic has no published problems yet', async () => {
    const { screen } = await renderSite('/student/practice?course=1&topic=10&subtopic=101', {
      routes: content(),
      user: STUDENT,
    });
    await expect
      .element(screen.getByText('Este subtema todavía no tiene problemas publicados.'))
      .toBeVisible();
    expect(screen.getByRole('link', { name: /Despeja/ }).query()).toBeNull();
  });

  it('in demo mode lists the demo courses and opens the demo solver, and back returns to the same subtopic', async () => {
    const { screen, router, calls } = await renderSite('/demo/student', { routes: content() });
    await expect.element(screen.getByText('Por favor selecciona un curso')).toBeVisible();
    const coursesCall = calls.find((c) => c.path === 'courses/');
    expect(coursesCall?.query.get('demo')).toBe('true');

    await screen.getByLabelText('Curso').selectOptions('Álgebra');
    await screen.getByRole('button', { name: 'Ecuaciones lineales' }).click();
    await screen.getByRole('button', { name: 'Una variable' }).click();
    const link = screen.getByRole('link', { name: /Despeja/ });
    await expect.element(link).toHaveAttribute('href', '/demo/student/modules/solve?problem=9001');
    expect(await axeViolations()).toEqual([]);

    await link.click();
    await expect.poll(() => router.state.location.pathname).toBe('/demo/student/modules/solve');
    await screen.getByRole('link', { name: 'Volver a los problemas' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/demo/student');
    expect(router.state.location.search).toBe('?course=1&topic=10&subtopic=100');
    await expect.element(screen.getByRole('link', { name: /Despeja/ })).toBeVisible();
  });

  it("shows 'server dead :(' when the courses do not load, and loads them on retry", async () => {
    let answered = 0;
    const { screen } = await renderSite('/student/practice', {
      user: STUDENT,
      routes: content({
        'GET courses/': () => (++answered <= 2 ? { status: 0 } : { body: COURSES }),
      }),
    });
    const alert = screen.getByRole('alert');
    await expect.element(alert).toHaveTextContent('No pudimos cargar los cursos. server dead :(');
    await screen.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect.element(screen.getByLabelText('Curso')).toBeVisible();
    expect(screen.getByRole('alert').query()).toBeNull();
  });

  it("shows the server's message when a course's topics fail", async () => {
    const { screen } = await renderSite('/student/practice?course=1', {
      user: STUDENT,
      routes: content({
        'GET courses/1/topics/': { status: 500, body: { code: 'internal', detail: 'Error del servidor.' } },
      }),
    });
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('No pudimos cargar los temas de este curso. Error del servidor.');
    await expect.element(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeEnabled();
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    await page.viewport(360, 740);
    try {
      const { screen } = await renderSite('/demo/student?course=1&topic=10&subtopic=100', {
        routes: content(),
      });
      await expect.element(screen.getByRole('link', { name: /Despeja/ })).toBeVisible();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
      const topic = screen.getByRole('button', { name: 'Ecuaciones lineales' }).element();
      expect(topic.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    } finally {
      await page.viewport(1024, 768);
    }
  });
});

describe('the remembered choice (spec 01 §9)', () => {
  it('reopens on the course, topic and subtopic chosen last when the dashboard is opened again', async () => {
    const first = await renderSite('/student/practice', { routes: content(), user: STUDENT });
    await first.screen.getByLabelText('Curso').selectOptions('Álgebra');
    await first.screen.getByRole('button', { name: 'Ecuaciones lineales' }).click();
    await first.screen.getByRole('button', { name: 'Una variable' }).click();
    await expect.element(first.screen.getByRole('link', { name: /Despeja/ })).toBeVisible();
    expect(remembered()).toEqual({ course: '1', topic: '10', subtopic: '100' });
    await first.screen.unmount();

    const { screen, router } = await renderSite('/student/practice', { routes: content(), user: STUDENT });
    await expect.element(screen.getByRole('link', { name: /Despeja/ })).toBeVisible();
    await expect.element(screen.getByLabelText('Curso')).toHaveValue('1');
    await expect
      .element(screen.getByRole('button', { name: 'Ecuaciones lineales' }))
      .toHaveAttribute('aria-expanded', 'true');
    await expect
      .element(screen.getByRole('button', { name: 'Una variable' }))
      .toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?course=1&topic=10&subtopic=100');
    expect(await axeViolations()).toEqual([]);
  });

  it('remembers each new choice and forgets what a choice clears', async () => {
    const { screen } = await renderSite('/demo/student', { routes: content() });
    await screen.getByLabelText('Curso').selectOptions('Álgebra');
    await expect.poll(remembered).toEqual({ course: '1', topic: null, subtopic: null });
    await screen.getByRole('button', { name: 'Ecuaciones lineales' }).click();
    await screen.getByRole('button', { name: 'Una variable' }).click();
    await expect.poll(remembered).toEqual({ course: '1', topic: '10', subtopic: '100' });
    // Another topic clears the subtopic; the course placeholder clears everything.
    await screen.getByRole('button', { name: 'Polinomios' }).click();
    await expect.poll(remembered).toEqual({ course: '1', topic: '11', subtopic: null });
    await screen.getByLabelText('Curso').selectOptions('Elige un curso');
    await expect.poll(remembered).toEqual({ course: null, topic: null, subtopic: null });
  });

  it('keeps the choice of the address over the remembered one', async () => {
    leaveCookies({ course: '1', topic: '10', subtopic: '100' });
    const { screen, router } = await renderSite('/student/practice?course=2', {
      routes: content({ 'GET courses/2/topics/': { body: [] } }),
      user: STUDENT,
    });
    await expect.element(screen.getByLabelText('Curso')).toHaveValue('2');
    await expect.element(screen.getByText('Este curso todavía no tiene temas.')).toBeVisible();
    expect(router.state.location.search).toBe('?course=2');
  });

  it.each([
    ['a course that is no longer listed', { course: '3', topic: '12', subtopic: '120' }, ''],
    ['a topic the course no longer holds', { course: '1', topic: '12', subtopic: '120' }, '1'],
    ['malformed values', { course: 'uno', topic: '10e1', subtopic: '-100' }, ''],
  ])('ignores %s', async (_case, cookies, course) => {
    leaveCookies(cookies);
    const { screen, router, calls } = await renderSite('/student/practice', {
      routes: content(),
      user: STUDENT,
    });
    await expect.element(screen.getByLabelText('Curso')).toHaveValue(course);
    await expect
      .element(screen.getByText(course ? 'Por favor selecciona un tema' : 'Por favor selecciona un curso'))
      .toBeVisible();
    expect(router.state.location.search).toBe(course ? `?course=${course}` : '');
    // Nothing stale was asked for.
    expect(calls.filter((c) => /^(get-subtopics|problems)\//.test(c.path))).toEqual([]);
  });

  it('ignores a subtopic the topic no longer has, keeping the course and topic', async () => {
    leaveCookies({ course: '1', topic: '10', subtopic: '999' });
    const { screen } = await renderSite('/student/practice', { routes: content(), user: STUDENT });
    await expect
      .element(screen.getByRole('button', { name: 'Ecuaciones lineales' }))
      .toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByText('Por favor selecciona un subtema')).toBeVisible();
    expect(screen.getByRole('button', { pressed: true }).elements()).toEqual([]);
  });

  it('finds the course of a remembered topic when the course itself is not remembered', async () => {
    leaveCookies({ topic: '11', subtopic: '110' });
    const { screen, router } = await renderSite('/demo/student', {
      routes: content({ 'GET problems/subtopic/110/': { body: { problems: [], numerals: [] } } }),
    });
    await expect
      .element(screen.getByRole('button', { name: 'Factorización' }))
      .toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?course=1&topic=11&subtopic=110');
  });
});

describe("practice at the student's level", () => {
  it("shows, for a topic and then a subtopic, why this exercise, each skill's level in words and a link to the chosen question", async () => {
    const { screen, calls } = await renderSite('/student/practice?course=1&topic=10', {
      routes: content(),
      user: STUDENT,
    });
    const topicPanel = screen.getByRole('region', { name: 'Practicar Ecuaciones lineales a tu nivel' });
    await expect.element(topicPanel.getByText(/Practicas Resuelve ecuaciones: tienes un 78 %/)).toBeVisible();
    expect(calls.find((c) => c.path === 'practice/next/')?.query.get('topic')).toBe('10');
    const skills = topicPanel.getByRole('list', { name: 'Tus habilidades en Ecuaciones lineales' });
    await expect
      .element(skills.getByRole('listitem').nth(0))
      .toHaveTextContent(/^Opera con enteros\s*Dominado$/);
    await expect
      .element(skills.getByRole('listitem').nth(1))
      .toHaveTextContent(/^Resuelve ecuaciones\s*Familiar$/);
    // The level is a shape too, not a colour alone: four steps, filled with the level.
    expect(document.querySelectorAll('.adaptive-skill--mastered .is-filled').length).toBe(4);
    expect(document.querySelectorAll('.adaptive-skill--familiar .is-filled').length).toBe(2);
    await expect
      .element(topicPanel.getByRole('link', { name: 'Practicar' }))
      .toHaveAttribute('href', '/student/solve?problem=9002&numeral=3');
    await expect.element(topicPanel.getByText('Probabilidad de acertar: 78 %')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Una variable' }).click();
    const subtopicPanel = screen.getByRole('region', { name: 'Practicar Una variable a tu nivel' });
    await expect.element(subtopicPanel.getByText(/Despeja una variable/).first()).toBeVisible();
    expect(
      calls
        .filter((c) => c.path === 'practice/next/')
        .at(-1)
        ?.query.get('subtopic'),
    ).toBe('100');
  });

  it('speaks English and fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/student/practice?course=1&topic=10&subtopic=100', {
      routes: content(),
      user: STUDENT,
      language: 'en',
    });
    const panel = screen.getByRole('region', { name: 'Practise One variable at your level' });
    await expect.element(panel.getByRole('link', { name: 'Practise' })).toBeVisible();
    await expect.element(panel.getByText('Mastered')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });

  it('is not offered on the demo pages, which have no model', async () => {
    const { screen, calls } = await renderSite('/demo/student?course=1&topic=10&subtopic=100', {
      routes: content(),
    });
    await expect.element(screen.getByRole('link', { name: 'Edades' })).toBeVisible();
    expect(calls.some((c) => c.path === 'practice/next/')).toBe(false);
  });
});
