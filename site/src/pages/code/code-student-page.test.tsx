import type { ModuleCodeStudentsAnswer, ModuleCodeTeachersAnswer } from '@kib/core';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite, type StubCall, type StubHandler } from '../../test/render-site';
import { readCodeSession, writeCodeSession } from './code-session';

const MODULE = {
  id: 3,
  name: 'Taller de álgebra',
  description: 'Ecuaciones y rectas para grado décimo',
  validUntil: '2030-06-30T12:00:00.000Z',
};
const PROBLEMS = [
  {
    id: 11,
    title: 'Simplifica la fracción',
    numeration: '1',
    numerals: [
      { id: 101, number: 1 },
      { id: 102, number: 2 },
    ],
  },
  { id: 12, title: 'La recta que pasa por dos puntos', numeration: '2', numerals: [{ id: 103, number: 1 }] },
];
const NUMERALS = [
  { id: 101, problemId: 11, number: 1, question: 'Simplifica', mathType: 'simplify' },
  { id: 102, problemId: 11, number: 2, question: 'Simplifica otra', mathType: 'simplify' },
  { id: 103, problemId: 12, number: 1, question: 'Traza la recta', mathType: 'plotLinearEquation' },
];
const LUISA = { id: 41, firstName: 'Luisa', lastName: 'Ríos', studentCode: 'A-17' };
const STATS = [
  {
    numeralId: 101,
    completed: true,
    attempts: 2,
    answerTime: 50,
    lastAttemptDate: '2025-05-02T10:00:00.000Z',
  },
  {
    numeralId: 103,
    completed: true,
    attempts: 1,
    answerTime: 30,
    lastAttemptDate: '2025-05-02T10:05:00.000Z',
  },
];

function studentAnswer(
  self: typeof LUISA | null = null,
  stats: typeof STATS = [],
): { body: ModuleCodeStudentsAnswer } {
  return {
    body: {
      validCode: true,
      moduleData: MODULE,
      problems: PROBLEMS,
      numerals: NUMERALS,
      studentsData: self ? [self] : [],
      numeralsStats: self ? stats : [],
    },
  };
}

function teacherAnswer(students = [{ ...LUISA, stats: STATS }]): { body: ModuleCodeTeachersAnswer } {
  return {
    body: {
      validCode: true,
      moduleData: MODULE,
      problems: PROBLEMS,
      numerals: NUMERALS,
      studentsData: students,
      numeralsStats: NUMERALS.map((n) => ({
        numeralId: n.id,
        completed: STATS.some((s) => s.numeralId === n.id) ? 1 : 0,
        attempted: 0,
        attempts: 0,
        answerTime: 0,
      })),
    },
  };
}

const WRONG = { status: 404, body: { code: 'module-code-invalid', detail: '¡Código erróneo!' } };

/** Answers a code endpoint: the right code (spaces dropped, upper case) opens it, any other is wrong. */
function byCode(code: string, answer: StubHandler): StubHandler {
  return (call: StubCall) =>
    call.query.get('module_code') === code ? (typeof answer === 'function' ? answer(call) : answer) : WRONG;
}

const fitsPhone = () => document.documentElement.scrollWidth <= 360;

afterEach(() => {
  sessionStorage.clear();
});

describe('code screen', () => {
  it('shows the Estudiante/Profesor toggle with Estudiante chosen, and the code form', async () => {
    const { screen } = await renderSite('/code/student');
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Entrar con un código de actividad' }))
      .toBeVisible();
    await expect.element(screen.getByRole('group', { name: 'Entro como' })).toBeVisible();
    await expect.element(screen.getByRole('radio', { name: 'Estudiante' })).toBeChecked();
    await expect.element(screen.getByRole('radio', { name: 'Profesor' })).not.toBeChecked();
    await screen.getByRole('radio', { name: 'Profesor' }).click();
    await expect.element(screen.getByRole('radio', { name: 'Profesor' })).toBeChecked();
    await expect.element(screen.getByLabelText('Código de la actividad')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("shows '¡Código erróneo!' under the field for a wrong code, sent without spaces and in upper case", async () => {
    const { screen, calls } = await renderSite('/code/student', {
      routes: { 'GET validatemodulecodestudents/': byCode('DEMO42', studentAnswer()) },
    });
    const field = screen.getByLabelText('Código de la actividad');
    await field.fill(' no pe 1 ');
    await screen.getByRole('button', { name: 'Entrar' }).click();
    await expect.element(screen.getByText('¡Código erróneo!', { exact: false })).toBeVisible();
    await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field).toHaveFocus();
    const call = calls.find((c) => c.path === 'validatemodulecodestudents/');
    expect(call?.query.get('module_code')).toBe('NOPE1');
    expect(await axeViolations()).toEqual([]);
  });

  it('asks for a code before calling the server when the field holds only spaces', async () => {
    const { screen, calls } = await renderSite('/code/student');
    await screen.getByLabelText('Código de la actividad').fill('   ');
    await screen.getByRole('button', { name: 'Entrar' }).click();
    await expect.element(screen.getByText('Este campo es obligatorio.')).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('validatemodulecode'))).toBe(false);
  });

  it('checks a code chosen as Profesor at the teachers’ endpoint, in English too', async () => {
    const { screen, calls } = await renderSite('/code/student', {
      language: 'en',
      routes: {
        'GET validatemodulecodeteachers/': {
          status: 404,
          body: { code: 'module-code-invalid', detail: 'Wrong code!' },
        },
      },
    });
    await screen.getByRole('radio', { name: 'Teacher' }).click();
    await screen.getByLabelText('Activity code').fill('DEMO42');
    await screen.getByRole('button', { name: 'Enter' }).click();
    await expect.element(screen.getByText('Wrong code!', { exact: false })).toBeVisible();
    expect(calls.map((c) => c.path)).toContain('validatemodulecodeteachers/');
    expect(calls.map((c) => c.path)).not.toContain('validatemodulecodestudents/');
  });

  it("shows 'server dead :(' when the server does not answer, and the server's message when it refuses", async () => {
    let answer: StubHandler = { status: 0 };
    const { screen } = await renderSite('/code/student', {
      routes: {
        'GET validatemodulecodestudents/': (call) => (typeof answer === 'function' ? answer(call) : answer),
      },
    });
    await screen.getByLabelText('Código de la actividad').fill('DEMO42');
    await screen.getByRole('button', { name: 'Entrar' }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('server dead :(');
    answer = {
      status: 429,
      body: { code: 'rate-limited', detail: 'Demasiados intentos. Intenta de nuevo en 15 minutos.' },
    };
    await screen.getByRole('button', { name: 'Entrar' }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Demasiados intentos');
  });
});

describe('code screen, student', () => {
  async function openAsStudent(language: 'es' | 'en' = 'es', stats: typeof STATS = STATS) {
    let registered = false;
    const rendered = await renderSite('/code/student', {
      language,
      routes: {
        'GET validatemodulecodestudents/': byCode('DEMO42', () =>
          registered ? studentAnswer(LUISA, stats) : studentAnswer(),
        ),
        'POST register_temp_student/': () => {
          registered = true;
          return { status: 201, body: { tempStudentId: LUISA.id, access: 'temp-token' } };
        },
      },
    });
    return rendered;
  }

  it('leads from a valid code to the name form, then to the module with check marks, and Salir leaves', async () => {
    const { screen, calls } = await openAsStudent();
    await screen.getByLabelText('Código de la actividad').fill('demo 42');
    await screen.getByRole('button', { name: 'Entrar' }).click();

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Tus datos' })).toHaveFocus();
    await expect.element(screen.getByText('Taller de álgebra')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await screen.getByLabelText('Nombre').fill('Luisa');
    await screen.getByLabelText('Apellido').fill('Ríos');
    await screen.getByLabelText('Código personal (opcional)').fill('A-17');
    await screen.getByRole('button', { name: 'Registrar' }).click();

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Taller de álgebra' })).toHaveFocus();
    expect(calls.find((c) => c.path === 'register_temp_student/')?.body).toEqual({
      moduleCode: 'DEMO42',
      firstName: 'Luisa',
      lastName: 'Ríos',
      studentCode: 'A-17',
    });
    await expect.element(screen.getByText('¡Hola, Luisa Ríos!')).toBeVisible();
    await expect.element(screen.getByText('Completaste 1 de 2 problemas.', { exact: false })).toBeVisible();
    const items = screen.getByRole('listitem');
    await expect.element(items.nth(0)).toHaveTextContent('Simplifica la fracción');
    await expect.element(items.nth(0)).toHaveTextContent('1 de 2 preguntas');
    expect(items.nth(0).getByRole('img', { name: 'Completado' }).query()).toBeNull();
    await expect.element(items.nth(1).getByRole('img', { name: 'Completado' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'La recta que pasa por dos puntos' }))
      .toHaveAttribute('href', '/code/student/solve?problem=12');
    expect(readCodeSession()).toEqual({
      role: 'student',
      moduleCode: 'DEMO42',
      tempStudentId: LUISA.id,
      access: 'temp-token',
    });
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Salir' }).click();
    await expect.element(screen.getByText('Saliste de la actividad.')).toBeVisible();
    await expect.element(screen.getByLabelText('Código de la actividad')).toBeVisible();
    expect(readCodeSession()).toBeNull();
  });

  it('registers anonymously when both names are left empty, and says so', async () => {
    let registeredBody: unknown;
    const anonymous = { id: 42, firstName: '', lastName: '', studentCode: null as unknown as string };
    const { screen } = await renderSite('/code/student', {
      language: 'en',
      routes: {
        'GET validatemodulecodestudents/': () =>
          registeredBody ? studentAnswer(anonymous) : studentAnswer(),
        'POST register_temp_student/': (call) => {
          registeredBody = call.body;
          return { status: 201, body: { tempStudentId: 42, access: 'temp-token' } };
        },
      },
    });
    await screen.getByLabelText('Activity code').fill('DEMO42');
    await screen.getByRole('button', { name: 'Enter' }).click();
    await screen.getByRole('button', { name: 'Register' }).click();
    await expect.element(screen.getByText('You are in the activity anonymously.')).toBeVisible();
    expect(registeredBody).toEqual({ moduleCode: 'DEMO42', firstName: '', lastName: '', studentCode: '' });
  });

  it('shows the field errors the server names', async () => {
    const { screen } = await renderSite('/code/student', {
      routes: {
        'GET validatemodulecodestudents/': studentAnswer(),
        'POST register_temp_student/': {
          status: 400,
          body: { code: 'validation', detail: 'Revisa', fields: { first_name: ['Nombre no válido.'] } },
        },
      },
    });
    await screen.getByLabelText('Código de la actividad').fill('DEMO42');
    await screen.getByRole('button', { name: 'Entrar' }).click();
    await screen.getByLabelText('Nombre').fill('X');
    await screen.getByRole('button', { name: 'Registrar' }).click();
    await expect.element(screen.getByText('Nombre no válido.')).toBeVisible();
    await expect.element(screen.getByLabelText('Nombre')).toHaveFocus();
  });

  it('keeps the activity after a reload: the module view comes back from the tab’s storage', async () => {
    writeCodeSession({
      role: 'student',
      moduleCode: 'DEMO42',
      tempStudentId: LUISA.id,
      access: 'temp-token',
    });
    const { screen } = await renderSite('/code/student', {
      routes: { 'GET validatemodulecodestudents/': byCode('DEMO42', studentAnswer(LUISA, STATS)) },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Taller de álgebra' })).toBeVisible();
    await expect.poll(() => document.title).toBe('Taller de álgebra · Kib');
  });

  it('ends the activity when the teacher removed the student, and when the code expired', async () => {
    writeCodeSession({
      role: 'student',
      moduleCode: 'DEMO42',
      tempStudentId: LUISA.id,
      access: 'temp-token',
    });
    const removed = await renderSite('/code/student', {
      routes: { 'GET validatemodulecodestudents/': studentAnswer(null) },
    });
    await expect
      .element(removed.screen.getByText('Tu participación en la actividad terminó', { exact: false }))
      .toBeVisible();
    expect(readCodeSession()).toBeNull();

    writeCodeSession({
      role: 'student',
      moduleCode: 'DEMO42',
      tempStudentId: LUISA.id,
      access: 'temp-token',
    });
    const expired = await renderSite('/code/student', {
      routes: { 'GET validatemodulecodestudents/': WRONG },
    });
    await expect.element(expired.screen.getByRole('alert')).toHaveTextContent('¡Código erróneo!');
    expect(readCodeSession()).toBeNull();
  });

  it('fits a 360 px phone on the code form, the name form and the module view', async () => {
    await page.viewport(360, 740);
    const { screen } = await openAsStudent();
    expect(fitsPhone()).toBe(true);
    await screen.getByLabelText('Código de la actividad').fill('DEMO42');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('button', { name: 'Registrar' })).toBeVisible();
    expect(fitsPhone()).toBe(true);
    await screen.getByRole('button', { name: 'Registrar' }).click();
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Problemas' })).toBeVisible();
    expect(fitsPhone()).toBe(true);
    expect(await axeViolations()).toEqual([]);
  });
});

describe('code screen, teacher', () => {
  function teacherRoutes(onDelete?: (call: StubCall) => void) {
    let students = [
      { ...LUISA, stats: STATS },
      { id: 43, firstName: 'Pedro', lastName: 'Gil', studentCode: null as unknown as string, stats: [] },
    ];
    return {
      'GET validatemodulecodeteachers/': byCode('PROF42', () => teacherAnswer(students)),
      'POST delete_temp_student/': (call: StubCall) => {
        onDelete?.(call);
        students = students.filter((s) => s.id !== (call.body as { studentId: number }).studentId);
        return { status: 204 };
      },
    } satisfies Record<string, StubHandler>;
  }

  async function openAsTeacher(onDelete?: (call: StubCall) => void) {
    const rendered = await renderSite('/code/student', { routes: teacherRoutes(onDelete) });
    await rendered.screen.getByRole('radio', { name: 'Profesor' }).click();
    await rendered.screen.getByLabelText('Código de la actividad').fill('prof42');
    await rendered.screen.getByRole('button', { name: 'Entrar' }).click();
    return rendered;
  }

  it('shows the activity results dashboard for a teacher code, without asking twice', async () => {
    const { screen, calls } = await openAsTeacher();
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Resultados de la actividad' }))
      .toHaveFocus();
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Taller de álgebra' })).toBeVisible();
    await expect.element(screen.getByRole('rowheader', { name: 'Luisa', exact: true })).toBeVisible();
    await expect.element(screen.getByRole('rowheader', { name: 'Pedro', exact: true })).toBeVisible();
    expect(calls.filter((c) => c.path === 'validatemodulecodeteachers/')).toHaveLength(1);
    expect(readCodeSession()).toEqual({ role: 'teacher', moduleCode: 'PROF42' });
    expect(await axeViolations()).toEqual([]);
  });

  it('removes a student with the teacher code after confirming, and reloads the results', async () => {
    const deletions: unknown[] = [];
    const { screen, calls } = await openAsTeacher((call) => deletions.push(call.body));
    await screen.getByRole('button', { name: 'Quitar a Pedro Gil' }).click();
    await expect
      .element(screen.getByText('¿Quitar al estudiante Pedro Gil de esta actividad?'))
      .toBeVisible();
    await screen.getByRole('button', { name: 'Sí, quitar' }).click();
    await expect.poll(() => deletions).toEqual([{ studentId: 43, moduleCode: 'PROF42' }]);
    await expect.poll(() => calls.filter((c) => c.path === 'validatemodulecodeteachers/').length).toBe(2);
    await expect
      .element(screen.getByRole('rowheader', { name: 'Pedro', exact: true }))
      .not.toBeInTheDocument();
    await expect.element(screen.getByRole('rowheader', { name: 'Luisa', exact: true })).toBeVisible();
  });

  it('keeps the results after a reload, and Salir forgets the teacher code and goes home', async () => {
    writeCodeSession({ role: 'teacher', moduleCode: 'PROF42' });
    const { screen, router } = await renderSite('/code/student', { routes: teacherRoutes() });
    await expect.element(screen.getByRole('rowheader', { name: 'Luisa', exact: true })).toBeVisible();
    await screen.getByRole('button', { name: 'Salir' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/');
    expect(readCodeSession()).toBeNull();
  });

  it('fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await openAsTeacher();
    await expect.element(screen.getByRole('rowheader', { name: 'Luisa', exact: true })).toBeVisible();
    expect(fitsPhone()).toBe(true);
  });
});
