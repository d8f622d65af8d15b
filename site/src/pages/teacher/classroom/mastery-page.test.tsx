import type { ClassroomMastery } from '@kib/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, type StubHandler } from '../../../test/render-site';
import { TEACHER } from '../teacher-fixture';
import { ANA, CARLOS, classroomServer, SUBSCRIPTION_REQUIRED } from './classroom-fixture';

/** GET classrooms/11/mastery/: Ana has made two skills her own; Carlos is stuck on the second. */
const MASTERY: ClassroomMastery = {
  classroom: { id: 11, name: 'Grado 10A' },
  students: [ANA, CARLOS].map(({ id, firstName, lastName, email }) => ({ id, firstName, lastName, email })),
  skills: [
    { id: 501, name: 'Simplifica expresiones', grade: 8 },
    { id: 502, name: 'Resuelve ecuaciones lineales', grade: 8 },
  ],
  cells: [
    {
      studentId: ANA.id,
      skillId: 501,
      level: 'mastered',
      estimate: 0.93,
      uncertainty: 0.3,
      lastEvidenceAt: '2030-03-05T15:07:00.000Z',
    },
    {
      studentId: ANA.id,
      skillId: 502,
      level: 'familiar',
      estimate: 0.68,
      uncertainty: 0.7,
      lastEvidenceAt: '2030-03-05T15:07:00.000Z',
    },
    {
      studentId: CARLOS.id,
      skillId: 502,
      level: 'attempted',
      estimate: 0.31,
      uncertainty: 0.45,
      lastEvidenceAt: '2030-03-04T10:00:00.000Z',
    },
  ],
};

function open(routes: Record<string, StubHandler> = {}, language?: 'es' | 'en') {
  return renderSite('/teacher/classroom/11/mastery', {
    user: TEACHER,
    routes: classroomServer({ 'GET classrooms/11/mastery/': { body: MASTERY }, ...routes }).routes,
    language,
  });
}

afterEach(async () => {
  vi.restoreAllMocks();
  await page.viewport(1024, 768);
});

describe("a classroom's mastery grid", () => {
  it('shows students × skills with each level in words and as a shape, the tentative ones marked, and who needs help', async () => {
    const { screen } = await open();
    await expect
      .element(
        screen
          .getByRole('navigation', { name: 'Secciones de Grado 10A' })
          .getByRole('link', { name: 'Dominio' }),
      )
      .toHaveAttribute('aria-current', 'page');
    const grid = screen.getByRole('table', { name: 'Dominio por habilidad en Grado 10A' });
    await expect.element(grid).toBeVisible();
    await expect
      .element(grid.getByRole('columnheader', { name: 'Resuelve ecuaciones lineales' }))
      .toBeVisible();
    const ana = grid.getByRole('row', { name: /Ana Gómez/ });
    await expect.element(ana.getByRole('cell').nth(0)).toHaveTextContent('Dominado');
    await expect
      .element(ana.getByRole('cell').nth(1))
      .toHaveTextContent(/Familiar\s*aún con pocas respuestas/);
    const carlos = grid.getByRole('row', { name: /Carlos Pérez/ });
    await expect.element(carlos.getByRole('cell').nth(0)).toHaveTextContent('Sin empezar');
    expect(document.querySelectorAll('.mastery-cell--mastered .is-filled').length).toBe(4);
    await expect
      .element(ana.getByRole('link', { name: 'Ana Gómez' }))
      .toHaveAttribute('href', '/teacher/classroom/11/students/7');
    const help = screen.getByRole('region', { name: 'Quién necesita ayuda' });
    await expect.element(help).toHaveTextContent('Resuelve ecuaciones lineales: Carlos Pérez');
    expect(await axeViolations()).toEqual([]);
  });

  it('downloads the grid as a CSV file', async () => {
    const clicks: { name: string; text: Promise<string> }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      clicks.push({ name: '', text: (blob as Blob).text() });
      return 'blob:mastery';
    });
    const { screen } = await open();
    await screen.getByRole('button', { name: 'Descargar en CSV' }).click();
    await expect.poll(() => clicks.length).toBe(1);
    const text = await clicks[0]!.text;
    expect(text).toContain('Estudiante,Correo,Simplifica expresiones,Resuelve ecuaciones lineales');
    expect(text).toContain('Ana Gómez,student@demo.kib,Dominado (93 %),Familiar (68 %)');
    expect(text).toContain('Carlos Pérez,student2@demo.kib,Sin empezar,Intentado (31 %)');
  });

  it('speaks English and scrolls the grid, not the page, on a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await open({}, 'en');
    await expect.element(screen.getByRole('table', { name: 'Mastery by skill in Grado 10A' })).toBeVisible();
    await expect.element(screen.getByText('Mastered')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });

  it('says when the assignments train no skills yet, and sends a teacher without a plan to the school page', async () => {
    const { screen } = await open({
      'GET classrooms/11/mastery/': { body: { ...MASTERY, skills: [], cells: [] } },
    });
    await expect.element(screen.getByText(/aún no entrenan habilidades/)).toBeVisible();
    const refused = await open({ 'GET classrooms/11/mastery/': SUBSCRIPTION_REQUIRED });
    await expect.poll(() => refused.router.state.location.pathname).not.toBe('/teacher/classroom/11/mastery');
  });
});
