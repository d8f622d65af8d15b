import type { LtiLinkResults } from '@kib/core';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';
import { LTI_TEACHER } from './lti-fixture';

const RESULTS: LtiLinkResults = {
  link: { id: 7, title: 'Taller 1', contextTitle: 'Álgebra 10A', moduleId: 5 },
  roster: 'synced',
  gradeFailures: [],
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

  it('lists the grades Moodle refused after the last try and resends one learner’s, then the other’s, by keyboard', async () => {
    const failures = [
      { studentId: 41, score: 0.5, attempts: 12, error: 'HTTP 503', givenUpAt: '2026-11-21T08:30:00Z' },
      {
        studentId: 42,
        score: 0.25,
        attempts: 12,
        error: 'imsx_codeMajor failure',
        givenUpAt: '2026-11-21T09:00:00Z',
      },
    ];
    let left = failures;
    const { screen, calls } = await renderSite('/moodleteacher?link=7', {
      user: LTI_TEACHER,
      routes: {
        'GET lti/links/7/results/': () => ({ body: { ...RESULTS, gradeFailures: left } }),
        'POST lti/links/7/grades/resend/': (call) => {
          const { studentId } = call.body as { studentId?: number };
          const resent = left.filter((f) => studentId === undefined || f.studentId === studentId);
          left = left.filter((f) => !resent.includes(f));
          return { body: { resent: resent.length } };
        },
      },
    });
    const title = screen.getByRole('heading', { level: 2, name: 'Notas que no llegaron a Moodle' });
    await expect.element(title).toBeVisible();
    const table = screen.getByRole('region', { name: 'Notas que no llegaron a Moodle' });
    await expect.element(table.getByRole('rowheader', { name: 'Ana Gómez' })).toBeVisible();
    await expect.element(table.getByText('HTTP 503')).toBeVisible();
    await expect.element(table.getByText('imsx_codeMajor failure')).toBeVisible();
    await expect.element(table.getByRole('cell', { name: /^50\s?%$/ })).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    // One learner's grade, by keyboard.
    const resendAna = screen.getByRole('button', { name: 'Reenviar la nota de Ana Gómez' });
    (resendAna.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('status').getByText('Kib enviará de nuevo 1 nota a Moodle en unos segundos.'))
      .toBeVisible();
    expect(calls.find((c) => c.path === 'lti/links/7/grades/resend/')?.body).toEqual({ studentId: 41 });
    await expect.element(table.getByRole('rowheader', { name: 'Ana Gómez' })).not.toBeInTheDocument();
    // With one left there is no "all" button; resend the last one.
    expect(screen.getByRole('button', { name: 'Reenviar todas las notas' }).elements()).toHaveLength(0);
    await screen.getByRole('button', { name: 'Reenviar la nota de Luis Pérez' }).click();
    await expect.element(title).not.toBeInTheDocument();
  });

  it('resends all of them at once, in English', async () => {
    const failures = [41, 42].map((studentId) => ({
      studentId,
      score: 1,
      attempts: 12,
      error: 'HTTP 401',
      givenUpAt: '2026-11-21T08:30:00Z',
    }));
    let left = failures;
    const { screen, calls } = await renderSite('/moodleteacher?link=7', {
      user: LTI_TEACHER,
      language: 'en',
      routes: {
        'GET lti/links/7/results/': () => ({ body: { ...RESULTS, gradeFailures: left } }),
        'POST lti/links/7/grades/resend/': () => {
          const resent = left.length;
          left = [];
          return { body: { resent } };
        },
      },
    });
    await expect.element(screen.getByText(/Moodle refused these 2 grades at every try/)).toBeVisible();
    await screen.getByRole('button', { name: 'Resend all grades' }).click();
    await expect
      .element(screen.getByText('Kib will send 2 grades to Moodle again in a few seconds.'))
      .toBeVisible();
    expect(calls.find((c) => c.path === 'lti/links/7/grades/resend/')?.body).toEqual({});
    await expect
      .element(screen.getByRole('heading', { name: 'Grades that did not reach Moodle' }))
      .not.toBeInTheDocument();
  });
});
