import { formatDateTimeDmy } from '@kib/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, type StubHandler, watchClipboard } from '../../../test/render-site';
import { refusal, TEACHER } from '../teacher-fixture';
import { TEACHER_SIDEBAR_KEY } from '../teacher-layout';
import {
  ANA,
  CARLOS,
  ECUACIONES,
  FRACCIONES,
  NOT_FOUND,
  OVERVIEW_10A,
  classroomServer,
  SUBSCRIPTION_REQUIRED,
} from './classroom-fixture';

/** A page of Grado 10A's landing as the seeded teacher opens it, against the classroom server. */
function open(path: string, options: { routes?: Record<string, StubHandler>; language?: 'es' | 'en' } = {}) {
  return renderSite(path, {
    user: TEACHER,
    routes: classroomServer(options.routes).routes,
    language: options.language,
  });
}

const at = (iso: string) => formatDateTimeDmy(new Date(iso));

/** The text of every cell of a table's body, row by row. */
const cells = (table: Element) =>
  Array.from(table.querySelectorAll('tbody > tr'), (row) =>
    Array.from(row.children, (cell) => (cell.textContent ?? '').trim()),
  );

const clipboard = watchClipboard();
beforeEach(() => {
  localStorage.removeItem(TEACHER_SIDEBAR_KEY);
});

describe("a classroom's landing", () => {
  it('heads every page with the classroom: its name, code to copy and registration link', async () => {
    const { screen } = await open('/teacher/classroom/11/assignments');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Grado 10A' })).toBeVisible();
    await expect.element(screen.getByText('KIBCLS')).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Registrar estudiantes', exact: true }))
      .toHaveAttribute('href', '/teacher/classroom/11/createRegisterStudents');
    await screen.getByRole('button', { name: 'Copiar código' }).click();
    expect(clipboard.copied).toEqual(['KIBCLS']);
    await expect.element(screen.getByText('Copiado')).toBeVisible();
    expect(document.title).toBe('Asignaciones · Grado 10A · Kib');
  });

  it('has its tabs as links, the current one marked, and moves between them with the focus on the heading', async () => {
    const { screen, router } = await open('/teacher/classroom/11/assignments');
    const tabs = screen.getByRole('navigation', { name: 'Secciones de Grado 10A' });
    const overview = tabs.getByRole('link', { name: 'Resumen' });
    const assignments = tabs.getByRole('link', { name: 'Asignaciones' });
    const students = tabs.getByRole('link', { name: 'Estudiantes' });
    await expect.element(overview).toHaveAttribute('href', '/teacher/classroom/11');
    await expect.element(assignments).toHaveAttribute('href', '/teacher/classroom/11/assignments');
    await expect.element(students).toHaveAttribute('href', '/teacher/classroom/11/students');
    await expect.element(assignments).toHaveAttribute('aria-current', 'page');
    await expect.element(overview).not.toHaveAttribute('aria-current');
    await expect.element(students).not.toHaveAttribute('aria-current');
    // Opened from its address, the page leaves the focus alone.
    expect(document.activeElement).toBe(document.body);
    expect(await axeViolations()).toEqual([]);

    await students.click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/classroom/11/students');
    await expect.element(students).toHaveAttribute('aria-current', 'page');
    await expect.element(assignments).not.toHaveAttribute('aria-current');
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Estudiantes (2)' })).toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Grado 10A' })).toHaveFocus();
    expect(document.title).toBe('Estudiantes · Grado 10A · Kib');
  });

  it('leads back through a breadcrumb, the current page marked', async () => {
    const { screen, router } = await open('/teacher/classroom/11/students');
    const trail = screen.getByRole('navigation', { name: 'Estás en' });
    await expect
      .element(trail.getByRole('link', { name: 'Mis salones' }))
      .toHaveAttribute('href', '/teacher');
    await expect
      .element(trail.getByRole('link', { name: 'Grado 10A' }))
      .toHaveAttribute('href', '/teacher/classroom/11');
    await expect.element(trail.getByText('Estudiantes')).toHaveAttribute('aria-current', 'page');
    expect(trail.getByRole('link').elements()).toHaveLength(2);
    await trail.getByRole('link', { name: 'Mis salones' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mis salones' })).toBeVisible();
  });

  it('lists the assignments in a table under the tabs, each a link to its results, with dates, students and progress', async () => {
    const { screen, router } = await open('/teacher/classroom/11/assignments');
    const table = screen.getByRole('table', { name: 'Módulos asignados al salón' });
    await expect.element(table).toBeVisible();
    // The landing already shows the classroom: the dashboard brings only its assignments, under the h1.
    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'Módulos asignados (2)' }))
      .toBeVisible();
    expect(screen.getByRole('heading', { level: 2 }).elements()).toHaveLength(1);
    // The code shows once, in the landing's facts.
    expect(screen.getByText('KIBCLS').elements()).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Estudiantes del salón' }).query()).toBeNull();
    expect(screen.getByRole('region', { name: 'Progreso del salón' }).query()).toBeNull();
    await expect.element(screen.getByRole('button', { name: 'Descargar CSV' })).toBeVisible();
    expect(cells(table.element())).toEqual([
      [
        'Fracciones equivalentes',
        `${at(FRACCIONES.publishDate)}Programada`,
        at(FRACCIONES.deadline),
        '2',
        '50 %',
      ],
      [
        'Ecuaciones linealesIndividual: asignado solo a algunos estudiantes',
        'Desde su asignación',
        'Sin fecha límite',
        '1',
        '0 %',
      ],
    ]);
    expect(at(FRACCIONES.deadline)).toMatch(/^\d{2}-\d{2}-2030 \d{2}:30$/);
    await expect
      .element(table.getByRole('link', { name: 'Ecuaciones lineales' }))
      .toHaveAttribute('href', `/teacher/classroom/11/assignments/${ECUACIONES.moduleId}`);
    await expect
      .element(table.getByRole('link', { name: 'Fracciones equivalentes' }))
      .toHaveAttribute('href', `/teacher/classroom/11/assignments/${FRACCIONES.moduleId}`);
    expect(await axeViolations()).toEqual([]);

    await table.getByRole('link', { name: 'Fracciones equivalentes' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/classroom/11/assignments/3');
    await expect.element(screen.getByRole('table', { name: 'Resultados por estudiante' })).toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Grado 10A' })).toHaveFocus();
  });

  it('lists the students in a sortable table, each a link to their record, with progress, total time and last attempt', async () => {
    const { screen, router } = await open('/teacher/classroom/11/students');
    const table = screen.getByRole('table', { name: 'Estudiantes del salón' });
    await expect.element(table).toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Estudiantes (2)' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2 }).elements()).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Módulos asignados al salón' }).query()).toBeNull();
    expect(cells(table.element())).toEqual([
      [ANA.lastName, ANA.firstName, '75 %', '2 min 5 s', at(ANA.lastAttempt)],
      [CARLOS.lastName, CARLOS.firstName, '0 %', '0 s', 'Ninguno'],
    ]);
    await expect
      .element(table.getByRole('link', { name: 'Pérez, Carlos' }))
      .toHaveAttribute('href', '/teacher/classroom/11/students/8');
    await expect
      .element(table.getByRole('link', { name: 'Gómez, Ana' }))
      .toHaveAttribute('href', '/teacher/classroom/11/students/7');
    await table.getByRole('button', { name: 'Progreso' }).click();
    expect(cells(table.element()).map((row) => row[0])).toEqual([CARLOS.lastName, ANA.lastName]);
    expect(await axeViolations()).toEqual([]);

    await table.getByRole('link', { name: 'Gómez, Ana' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/classroom/11/students/7');
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Ana Gómez' })).toBeVisible();
  });

  it('says what to do when the classroom has no assignments or no students yet', async () => {
    const empty = { body: { ...OVERVIEW_10A, assignments: [], students: [] } };
    const { screen } = await open('/teacher/classroom/11/assignments', {
      routes: { 'GET classrooms/11/overview/': empty },
    });
    await expect.element(screen.getByText('Este salón aún no tiene módulos asignados.')).toBeVisible();
    await expect
      .element(screen.getByText('Cuando asignes un módulo a este salón', { exact: false }))
      .toBeVisible();
    expect(screen.getByRole('table').elements()).toHaveLength(0);
    await screen.getByRole('link', { name: 'Estudiantes', exact: true }).click();
    await expect.element(screen.getByText('Aún no hay estudiantes en este salón.')).toBeVisible();
    await expect.element(screen.getByText('código de inscripción KIBCLS', { exact: false })).toBeVisible();
    expect(screen.getByText('Cuando asignes un módulo', { exact: false }).query()).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it("says a classroom that is not the teacher's is not there, with the way back to the classrooms", async () => {
    const { screen, router, calls } = await open('/teacher/classroom/99/students');
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'No encontramos ese salón' }))
      .toBeVisible();
    expect(screen.getByRole('navigation', { name: /Secciones/ }).elements()).toHaveLength(0);
    // A refusal is final: the page does not ask again.
    expect(calls.filter((c) => c.path === 'classrooms/99/overview/')).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('link', { name: 'Volver a mis salones' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher');
  });

  it('says the same of an address that is not a classroom, without asking the server', async () => {
    const { screen, calls } = await open('/teacher/classroom/abc');
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'No encontramos ese salón' }))
      .toBeVisible();
    expect(calls.filter((c) => c.path.startsWith('classrooms/'))).toEqual([]);
  });

  it("sends the teacher to the school page when the school's plan is no longer valid", async () => {
    const { screen, router, calls } = await open('/teacher/classroom/11/assignments', {
      routes: { 'GET classrooms/11/overview/': SUBSCRIPTION_REQUIRED },
    });
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/school');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Mi colegio' })).toBeVisible();
    // The teacher's data is read again, so the area's menu follows the plan.
    await expect.poll(() => calls.filter((c) => c.path === 'get-teacher-data/').length).toBeGreaterThan(1);
  });

  it('tells a reader the server does not take for a teacher that the area is not for them', async () => {
    const { screen } = await open('/teacher/classroom/11/assignments', {
      routes: { 'GET classrooms/11/overview/': refusal(403, 'forbidden', 'No tienes permiso.') },
    });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Esta página es para profesores' }))
      .toBeVisible();
  });

  it('says when the classroom cannot be loaded, and tries again', async () => {
    let fail = true;
    const { screen } = await open('/teacher/classroom/11/assignments', {
      routes: {
        'GET classrooms/11/overview/': () =>
          fail ? refusal(500, 'internal', 'Algo salió mal en el servidor.') : { body: OVERVIEW_10A },
      },
    });
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('No pudimos cargar tus datos. Algo salió mal en el servidor.');
    expect(await axeViolations()).toEqual([]);
    fail = false;
    await screen.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect.element(screen.getByRole('table', { name: 'Módulos asignados al salón' })).toBeVisible();
  });

  it('keeps the bulk registration of the classroom at its own address', async () => {
    const { screen } = await open('/teacher/classroom/11/assignments');
    await screen.getByRole('link', { name: 'Registrar estudiantes', exact: true }).click();
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Registrar estudiantes en Grado 10A' }))
      .toBeVisible();
  });

  it('says "No route" for a page of the classroom that does not exist', async () => {
    const { screen } = await open('/teacher/classroom/11/grades');
    await expect.element(screen.getByRole('heading', { level: 1, name: /No route/ })).toBeVisible();
  });

  it('speaks English', async () => {
    const { screen } = await open('/teacher/classroom/11/assignments', { language: 'en' });
    const tabs = screen.getByRole('navigation', { name: 'Sections of Grado 10A' });
    await expect.element(tabs.getByRole('link', { name: 'Overview' })).toBeVisible();
    await expect
      .element(tabs.getByRole('link', { name: 'Assignments' }))
      .toHaveAttribute('aria-current', 'page');
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Assignments (2)' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Assignments of the classroom' });
    await expect.element(table.getByText('Individual: assigned to some students only')).toBeVisible();
    await expect.element(table.getByText('No deadline')).toBeVisible();
    await expect.element(table.getByText('50%')).toBeVisible();
    await expect
      .element(table.getByRole('link', { name: 'Ecuaciones lineales' }))
      .toHaveAttribute('href', '/teacher/classroom/11/assignments/4');
    await expect.element(screen.getByRole('button', { name: 'Copy code' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('fits a 360 px phone: the tabs wrap and the tables scroll inside their own regions', async () => {
    await page.viewport(360, 740);
    const { screen } = await open('/teacher/classroom/11/students');
    const region = screen.getByRole('region', { name: 'Estudiantes del salón' });
    await expect.element(region).toBeVisible();
    expect(region.element().getBoundingClientRect().right).toBeLessThanOrEqual(360);
    const tabs = screen
      .getByRole('navigation', { name: 'Secciones de Grado 10A' })
      .getByRole('link')
      .elements()
      .map((tab) => tab.getBoundingClientRect());
    expect(Math.max(...tabs.map((tab) => tab.right))).toBeLessThanOrEqual(360);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('link', { name: 'Asignaciones', exact: true }).click();
    await expect.element(screen.getByRole('table', { name: 'Módulos asignados al salón' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await screen.getByRole('link', { name: 'Resumen', exact: true }).click();
    await expect.element(screen.getByRole('region', { name: 'Actividad semanal' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });
});

describe('a page below a classroom that is not there', () => {
  it('says so under the classroom, with the way back to its list', async () => {
    const { screen, router } = await open('/teacher/classroom/11/assignments/77', {
      routes: { 'GET classrooms/11/assignments/77/': NOT_FOUND },
    });
    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'No encontramos esa asignación' }))
      .toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Grado 10A' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('link', { name: 'Volver a las asignaciones' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/classroom/11/assignments');
  });
});
