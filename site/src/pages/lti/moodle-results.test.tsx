import type { LtiLinkResults } from '@kib/core';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';
import { LTI_TEACHER } from './lti-fixture';

const RESULTS: LtiLinkResults = {
  link: { id: 7, title: 'Taller 1', contextTitle: 'Álgebra 10A', moduleId: 5 },
  roster: 'synced',
  moduleData: { id: 5, name: 'Taller de álgebra', description: 'Rectas', validUntil: null },
  problems: [{ id: 11, title: 'La recta', numeration: '1', numerals: [{ id: 101, number: 1 }] }],
  numerals: [
    { id: 101, problemId: 11, number: 1, question: 'Traza la recta', mathType: 'plotLinearEquation' },
  ],
  studentsData: [
    {
      id: 41,
      firstName: 'Ana',
      lastName: 'Gómez',
      studentCode: null,
      stats: [
        {
          numeralId: 101,
          completed: true,
          attempts: 2,
          answerTime: 40,
          lastAttemptDate: '2026-11-20T10:00:00Z',
        },
      ],
    },
    { id: 42, firstName: 'Luis', lastName: 'Pérez', studentCode: null, stats: [] },
  ],
  numeralsStats: [{ numeralId: 101, completed: 1, attempted: 0, attempts: 2, answerTime: 40 }],
};

afterEach(async () => {
  await page.viewport(1024, 768);
});

describe('MoodleTeacherPage with a link: the results of the course', () => {
  it("shows the link's learners in the results dashboard, without removal, and a way to try the activity", async () => {
    const { screen, calls, router } = await renderSite('/moodleteacher?link=7', {
      user: LTI_TEACHER,
      routes: { 'GET lti/links/7/results/': { body: RESULTS } },
    });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Resultados de la actividad' }))
      .toBeVisible();
    await expect.element(screen.getByText('Taller 1 · Álgebra 10A')).toBeVisible();
    await expect.element(screen.getByRole('rowheader', { name: 'Ana', exact: true })).toBeVisible();
    await expect.element(screen.getByRole('rowheader', { name: 'Luis', exact: true })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Quitar a/ }).elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Actualizar' }).click();
    await expect.poll(() => calls.filter((c) => c.path === 'lti/links/7/results/').length).toBe(2);
    await screen.getByRole('link', { name: 'Probar la actividad' }).click();
    await expect
      .poll(() => `${router.state.location.pathname}${router.state.location.search}`)
      .toBe('/moodlestudent?module=5');
  });

  it("says when Moodle's roster could not be read, and when only launches are known, in English", async () => {
    const { screen } = await renderSite('/moodleteacher?link=7', {
      user: LTI_TEACHER,
      language: 'en',
      routes: { 'GET lti/links/7/results/': { body: { ...RESULTS, roster: 'unavailable' } } },
    });
    await expect
      .element(screen.getByText(/Moodle did not give us the course's list of students/))
      .toBeVisible();
    const launches = await renderSite('/moodleteacher?link=7', {
      user: LTI_TEACHER,
      language: 'en',
      routes: { 'GET lti/links/7/results/': { body: { ...RESULTS, roster: 'launches' } } },
    });
    await expect
      .element(
        launches.screen.getByText('Students are listed here once they open the activity from the course.'),
      )
      .toBeVisible();
  });

  it('explains a link that is not the teacher’s, and fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/moodleteacher?link=8', {
      user: LTI_TEACHER,
      routes: {
        'GET lti/links/8/results/': { status: 404, body: { code: 'not-found', detail: 'No encontrado.' } },
      },
    });
    await expect
      .element(
        screen.getByText('No encontramos los resultados de esta actividad. Ábrela de nuevo desde tu curso.'),
      )
      .toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
