import { formatDateTimeDmy } from '@kib/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations, renderSite, type StubHandler } from '../../../test/render-site';
import { refusal, TEACHER } from '../teacher-fixture';
import { classroomServer, FRACCIONES, FRACCIONES_RESULTS, SUBSCRIPTION_REQUIRED } from './classroom-fixture';

/** An assignment of Grado 10A as the seeded teacher opens it. */
function open(path: string, routes?: Record<string, StubHandler>, language?: 'es' | 'en') {
  return renderSite(path, { user: TEACHER, routes: classroomServer(routes).routes, language });
}

const at = (iso: string) => formatDateTimeDmy(new Date(iso));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("an assignment's results in a classroom", () => {
  it('shows the breadcrumb, the dates and the results dashboard, without removing students', async () => {
    const { screen } = await open('/teacher/classroom/11/assignments/3');
    const trail = screen.getByRole('navigation', { name: 'Estás en' });
    await expect
      .element(trail.getByRole('link', { name: 'Mis salones' }))
      .toHaveAttribute('href', '/teacher');
    await expect
      .element(trail.getByRole('link', { name: 'Grado 10A' }))
      .toHaveAttribute('href', '/teacher/classroom/11');
    await expect
      .element(trail.getByRole('link', { name: 'Asignaciones' }))
      .toHaveAttribute('href', '/teacher/classroom/11/assignments');
    await expect.element(trail.getByText('Fracciones equivalentes')).toHaveAttribute('aria-current', 'page');
    // The Assignments tab leads back to the list; this page is below it.
    await expect
      .element(
        screen
          .getByRole('navigation', { name: 'Secciones de Grado 10A' })
          .getByRole('link', { name: 'Asignaciones' }),
      )
      .toHaveAttribute('aria-current', 'true');
    expect(document.title).toBe('Fracciones equivalentes · Grado 10A · Kib');

    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'Fracciones equivalentes' }))
      .toBeVisible();
    await expect.element(screen.getByText(at(FRACCIONES.publishDate))).toBeVisible();
    await expect.element(screen.getByText(at(FRACCIONES.deadline))).toBeVisible();
    const students = screen.getByRole('table', { name: 'Resultados por estudiante' });
    await expect.element(students.getByRole('rowheader', { name: 'Ana' })).toBeVisible();
    await expect.element(students.getByRole('cell', { name: 'student2@demo.kib' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Quitar/ }).query()).toBeNull();
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('tab', { name: /Problemas/ }).click();
    await expect.element(screen.getByRole('rowheader', { name: 'Comparar fracciones' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('downloads the results as an Excel file named after the assignment', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:kib-test';
    });
    const files: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push(this.download);
    });
    const { screen } = await open('/teacher/classroom/11/assignments/3');
    await screen.getByRole('button', { name: 'Descargar Excel' }).click();
    await expect.poll(() => files).toEqual(['Fracciones equivalentes.xlsx']);
    expect(blobs[0]?.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(blobs[0]?.size).toBeGreaterThan(0);
  });

  it('speaks English', async () => {
    const { screen } = await open('/teacher/classroom/11/assignments/3', undefined, 'en');
    const trail = screen.getByRole('navigation', { name: 'You are here' });
    await expect.element(trail.getByRole('link', { name: 'Assignments' })).toBeVisible();
    await expect.element(screen.getByRole('table', { name: 'Results by student' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Download Excel' })).toBeVisible();
    await expect.element(screen.getByText('Deadline')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('says when the results cannot be loaded, and tries again', async () => {
    let fail = true;
    const { screen } = await open('/teacher/classroom/11/assignments/3', {
      'GET classrooms/11/assignments/3/': () =>
        fail ? refusal(500, 'internal', 'Algo salió mal en el servidor.') : { body: FRACCIONES_RESULTS },
    });
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('No pudimos cargar tus datos. Algo salió mal en el servidor.');
    // The classroom itself loaded: its heading and tabs stay.
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Grado 10A' })).toBeVisible();
    fail = false;
    await screen.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect.element(screen.getByRole('table', { name: 'Resultados por estudiante' })).toBeVisible();
  });

  it("sends the teacher to the school page when the school's plan is no longer valid", async () => {
    const { router } = await open('/teacher/classroom/11/assignments/3', {
      'GET classrooms/11/assignments/3/': SUBSCRIPTION_REQUIRED,
    });
    await expect.poll(() => router.state.location.pathname).toBe('/teacher/school');
  });
});
