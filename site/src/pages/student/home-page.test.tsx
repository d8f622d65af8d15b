import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, STUDENT, type StubCall, type StubHandler } from '../../test/render-site';
import { NO_CLASSROOMS, STUDENT_DATA } from './student-fixture';

afterEach(async () => {
  await page.viewport(1024, 768);
});

const WRONG_CODE = 'Ese código no corresponde a ningún salón. Revísalo con tu profesor.';

/** A server whose classroom list grows once the join succeeds. */
function joinable(join: StubHandler) {
  let joined = false;
  const withNewClassroom = {
    ...STUDENT_DATA,
    classrooms: [...STUDENT_DATA.classrooms, { id: 3, name: 'Geometría 8B', description: '', teacherId: 50 }],
  };
  return {
    'GET get_student_classrooms/': () => ({ body: joined ? withNewClassroom : STUDENT_DATA }),
    'POST classrooms/add_student': async (call: StubCall) => {
      const answer = typeof join === 'function' ? await join(call) : join;
      if ((answer.status ?? 200) === 200) joined = true;
      return answer;
    },
  } satisfies Record<string, StubHandler>;
}

describe('StudentHomePage', () => {
  it("lists 'my classrooms' with teacher and module count, each linking to its modules", async () => {
    const { screen } = await renderSite('/student', {
      user: STUDENT,
      routes: { 'GET get_student_classrooms/': { body: STUDENT_DATA } },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis salones' })).toBeVisible();
    const first = screen.getByRole('article').filter({ hasText: 'Matemáticas 7A' });
    await expect
      .element(first.getByRole('link', { name: 'Matemáticas 7A' }))
      .toHaveAttribute('href', '/student/classroom/1');
    await expect.element(first.getByText('Docente: Laura Pérez')).toBeVisible();
    await expect.element(first.getByText('2 módulos')).toBeVisible();
    const second = screen.getByRole('article').filter({ hasText: 'Refuerzo de álgebra' });
    await expect.element(second.getByText('1 módulo', { exact: true })).toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Agregar un salón' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('asks for the classrooms beside the current user, as soon as the session is restored', async () => {
    let answerMe: () => void = () => undefined;
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    const { screen, calls } = await renderSite('/student', {
      user: STUDENT,
      routes: {
        'GET get_student_classrooms/': { body: STUDENT_DATA },
        'GET auth/users/me/': async () => {
          await meAnswered;
          return { body: STUDENT };
        },
      },
    });
    // The page waits for the user (RequireAuth); the classrooms are on the way already, once.
    await expect.poll(() => calls.some((c) => c.path === 'get_student_classrooms/')).toBe(true);
    answerMe();
    await expect.element(screen.getByRole('link', { name: 'Matemáticas 7A' })).toBeVisible();
    expect(calls.filter((c) => c.path === 'get_student_classrooms/')).toHaveLength(1);
    expect(calls.filter((c) => c.path === 'auth/jwt/refresh/')).toHaveLength(1);
  });

  it('lists a classroom whose teacher left the school without a teacher line', async () => {
    const { screen } = await renderSite('/student', {
      user: STUDENT,
      routes: {
        'GET get_student_classrooms/': {
          body: {
            ...STUDENT_DATA,
            classrooms: [
              ...STUDENT_DATA.classrooms,
              { id: 3, name: 'Geometría 8B', description: '', teacherId: null },
            ],
          },
        },
      },
    });
    const orphan = screen.getByRole('article').filter({ hasText: 'Geometría 8B' });
    await expect.element(orphan.getByRole('link', { name: 'Geometría 8B' })).toBeVisible();
    expect(orphan.getByText(/Docente/).elements()).toHaveLength(0);
    await expect
      .element(
        screen.getByRole('article').filter({ hasText: 'Matemáticas 7A' }).getByText('Docente: Laura Pérez'),
      )
      .toBeVisible();
  });

  it('joins a classroom by code: spinner while sending, the classroom named, the list refreshed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { screen, calls } = await renderSite('/student', {
      user: STUDENT,
      routes: joinable(async () => {
        await gate;
        return { body: { classroom: { id: 3, name: 'Geometría 8B' }, alreadyMember: false } };
      }),
    });
    await screen.getByLabelText('Código del salón').fill(' ab 12 cd ');
    await screen.getByRole('button', { name: 'Agregar salón' }).click();
    const busy = screen.getByRole('button', { name: /Agregar salón/ });
    await expect.element(busy).toBeDisabled();
    await expect.element(screen.getByText('Agregando salón…')).toBeInTheDocument();
    release();
    await expect.element(screen.getByText('¡Listo! Ya estás en el salón Geometría 8B.')).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Ver el salón' }))
      .toHaveAttribute('href', '/student/classroom/3');
    await expect.element(screen.getByRole('link', { name: 'Geometría 8B' })).toBeVisible();
    await expect.element(screen.getByLabelText('Código del salón')).toHaveValue('');
    const join = calls.find((c) => c.path === 'classrooms/add_student');
    expect(join?.body).toEqual({ code: 'ab12cd' });
    expect(calls.filter((c) => c.path === 'get_student_classrooms/').length).toBe(2);
    expect(await axeViolations()).toEqual([]);
  });

  it('says the student was already in the classroom when the server says so', async () => {
    const { screen } = await renderSite('/student', {
      user: STUDENT,
      language: 'en',
      routes: joinable({ body: { classroom: { id: 1, name: 'Matemáticas 7A' }, alreadyMember: true } }),
    });
    await screen.getByLabelText('Classroom code').fill('MATE7A');
    await screen.getByRole('button', { name: 'Add classroom' }).click();
    await expect.element(screen.getByText('You were already in the classroom Matemáticas 7A.')).toBeVisible();
  });

  it("explains a wrong code under the field with the server's message and puts the focus there", async () => {
    const { screen } = await renderSite('/student', {
      user: STUDENT,
      routes: joinable({
        status: 404,
        body: { code: 'classroom-code-invalid', detail: WRONG_CODE, fields: { code: [WRONG_CODE] } },
      }),
    });
    const field = screen.getByLabelText('Código del salón');
    await field.fill('ZZZZZZ');
    await screen.getByRole('button', { name: 'Agregar salón' }).click();
    await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field).toHaveAccessibleDescription(new RegExp(WRONG_CODE));
    await expect.poll(() => document.activeElement).toBe(field.element());
    await expect.element(screen.getByText(/Ya estás en el salón/)).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("says in an alert that the classroom's school has no room left, and joins nothing", async () => {
    const full =
      'El colegio de este salón no tiene cupo para más estudiantes en su plan. Avísale a tu profesor.';
    const { screen, calls } = await renderSite('/student', {
      user: STUDENT,
      routes: joinable({ status: 409, body: { code: 'classroom-school-full', detail: full } }),
    });
    const field = screen.getByLabelText('Código del salón');
    await field.fill('LLENO1');
    await screen.getByRole('button', { name: 'Agregar salón' }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent(full);
    await expect.element(field).not.toHaveAttribute('aria-invalid');
    await expect.element(field).toHaveValue('LLENO1');
    await expect.poll(() => document.activeElement?.textContent).toContain(full);
    expect(screen.getByText(/Ya estás en el salón/).elements()).toHaveLength(0);
    expect(calls.filter((c) => c.path === 'get_student_classrooms/')).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the rate-limit message in an alert after too many wrong codes', async () => {
    const { screen } = await renderSite('/student', {
      user: STUDENT,
      routes: joinable({
        status: 429,
        body: { code: 'rate-limited', detail: 'Demasiados intentos. Intenta de nuevo en 15 minutos.' },
      }),
    });
    await screen.getByLabelText('Código del salón').fill('ABCDEF');
    await screen.getByRole('button', { name: 'Agregar salón' }).click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Demasiados intentos. Intenta de nuevo en 15 minutos.');
  });

  it("shows 'server dead :(' when the server does not answer", async () => {
    const { screen } = await renderSite('/student', {
      user: STUDENT,
      routes: joinable({ status: 0 }),
    });
    await screen.getByLabelText('Código del salón').fill('ABCDEF');
    await screen.getByRole('button', { name: 'Agregar salón' }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('server dead :(');
  });

  it('asks for a code before sending anything', async () => {
    const { screen, calls } = await renderSite('/student', { user: STUDENT, routes: joinable({ body: {} }) });
    await screen.getByLabelText('Código del salón').fill('   ');
    await screen.getByRole('button', { name: 'Agregar salón' }).click();
    await expect
      .element(screen.getByLabelText('Código del salón'))
      .toHaveAccessibleDescription(/Este campo es obligatorio/);
    expect(calls.some((c) => c.path === 'classrooms/add_student')).toBe(false);
  });

  it('guides a student without classrooms to ask the teacher for the code, on a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/student', {
      user: STUDENT,
      routes: { 'GET get_student_classrooms/': { body: NO_CLASSROOMS } },
    });
    await expect.element(screen.getByText('Todavía no estás en ningún salón.')).toBeVisible();
    await expect.element(screen.getByText(/Pídele a tu profesor el código/)).toBeVisible();
    await expect.element(screen.getByLabelText('Código del salón')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });

  it('says why the classrooms did not load and loads them again on request', async () => {
    let fail = true;
    const { screen } = await renderSite('/student', {
      user: STUDENT,
      routes: {
        'GET get_student_classrooms/': () =>
          fail
            ? { status: 500, body: { code: 'internal', detail: 'Algo salió mal en el servidor.' } }
            : { body: STUDENT_DATA },
      },
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/No pudimos cargar tus salones/);
    fail = false;
    await screen.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect.element(screen.getByRole('link', { name: 'Matemáticas 7A' })).toBeVisible();
  });
});
