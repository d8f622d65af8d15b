import type { CreatorStats } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { axeViolations, renderSite, type StubCall } from '../../../test/render-site';
import { CREATOR } from '../creator-fixture';

const SUPERVISOR = { ...CREATOR, id: 50, firstName: 'Sofía', lastName: 'Castro', groups: ['Supervisors'] };
const CARLA = { id: 40, firstName: 'Carla', lastName: 'Ruiz', dateJoined: '2024-01-10T00:00:00.000Z' };
const LUIS = { id: 41, firstName: 'Luis', lastName: 'Mora', dateJoined: '2024-02-10T00:00:00.000Z' };

function statsOf(creator: typeof CARLA, start = '2025-03-01', end = '2025-03-03'): CreatorStats {
  return {
    creator,
    start,
    end,
    bucket: 'day',
    problems: creator.id === 40 ? 4 : 1,
    numerals: 9,
    steps: 5,
    videos: 2,
    pictures: 3,
    totalTime: 3725,
    periods: [
      { start: '2025-03-01', problems: 2, numerals: 5, steps: 3, attempts: 10 },
      { start: '2025-03-02', problems: 0, numerals: 0, steps: 0, attempts: 4 },
      { start: '2025-03-03', problems: 2, numerals: 4, steps: 2, attempts: 0 },
    ],
    outcomes: {
      attempts: 14,
      students: 3,
      numeralsWorked: 8,
      numeralsCompleted: 6,
      completionRate: 75,
      mostMissed: [
        {
          numeralId: 7,
          problemId: 3,
          problemTitle: 'Fracciones algebraicas',
          numeralNumber: 2,
          attempts: 9,
          wrong: 6,
          feedbackCodes: [
            { code: 'not-equivalent', count: 4 },
            { code: 'made-up-code', count: 1 },
          ],
        },
      ],
    },
  };
}

function routes() {
  return {
    'POST get_creators/': { body: { creators: [CARLA, LUIS] } },
    'POST get_creator_stats/': (call: StubCall) => {
      const body = call.body as { creatorId: number; start?: string; end?: string };
      return { body: statsOf(body.creatorId === 41 ? LUIS : CARLA, body.start, body.end) };
    },
  };
}

describe('the creator statistics page', () => {
  it("shows a creator their own totals, the chart's data as a table and what students did", async () => {
    const { screen, calls } = await renderSite('/creator/creatorstats', {
      user: CREATOR,
      routes: {
        'POST get_creators/': { body: { creators: [CARLA] } },
        'POST get_creator_stats/': { body: statsOf(CARLA) },
      },
    });
    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'Carla Ruiz: del 01-03-2025 al 03-03-2025' }))
      .toBeVisible();
    // Without a window in the address, the fields show the one the server used.
    await expect.element(screen.getByLabelText('Desde', { exact: true })).toHaveValue('2025-03-01');
    await expect.element(screen.getByLabelText('Hasta', { exact: true })).toHaveValue('2025-03-03');
    const statsCall = calls.find((c) => c.path === 'get_creator_stats/');
    expect(statsCall?.body).toEqual({ creatorId: 40 });
    // A creator has nobody to pick: no creator picker.
    await expect.element(screen.getByLabelText('Creador', { exact: true })).not.toBeInTheDocument();
    await expect.element(screen.getByText('1 h 2 min 5 s')).toBeVisible();
    await expect.element(screen.getByText('75 % (6 de 8)')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menú del creador' });
    await expect
      .element(nav.getByRole('link', { name: 'Estadísticas' }))
      .toHaveAttribute('href', '/creator/creatorstats');

    const chart = screen.getByRole('figure', { name: 'Creado e intentado por día' });
    await expect
      .element(
        chart.getByRole('img', {
          name: /3 días: 4 problemas, 9 numerales y 5 pasos creados; 14 intentos/,
        }),
      )
      .toBeInTheDocument();
    await userEvent.click(chart.getByText('Ver los datos de la gráfica como tabla'));
    const data = chart.getByRole('table', { name: 'Creado e intentado por día' });
    await expect.element(data.getByRole('row', { name: '01-03 2 5 3 10' })).toBeVisible();

    const missed = screen.getByRole('table', { name: 'Numerales con más respuestas incorrectas' });
    await expect.element(missed.getByRole('rowheader', { name: 'Fracciones algebraicas' })).toBeVisible();
    await expect.element(missed.getByText('(4 veces)')).toBeVisible();
    // A code without a translation is shown as the code itself.
    await expect.element(missed.getByText('made-up-code')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('lets a supervisor pick a creator and a window, kept in the address', async () => {
    const { screen, router, calls } = await renderSite('/creator/creatorstats', {
      user: SUPERVISOR,
      routes: routes(),
    });
    await expect.element(screen.getByText('Elige un creador para ver sus estadísticas.')).toBeVisible();
    expect(calls.some((c) => c.path === 'get_creator_stats/')).toBe(false);
    await userEvent.selectOptions(screen.getByLabelText('Creador', { exact: true }), 'Luis Mora');
    await userEvent.fill(screen.getByLabelText('Desde', { exact: true }), '2025-01-01');
    await userEvent.fill(screen.getByLabelText('Hasta', { exact: true }), '2025-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Ver estadísticas' }));
    await expect.poll(() => router.state.location.search).toBe('?creator=41&from=2025-01-01&to=2025-01-31');
    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'Luis Mora: del 01-01-2025 al 31-01-2025' }))
      .toBeVisible();
    expect(calls.filter((c) => c.path === 'get_creator_stats/').at(-1)?.body).toEqual({
      creatorId: 41,
      start: '2025-01-01',
      end: '2025-01-31',
    });
    expect(await axeViolations()).toEqual([]);
  });

  it('says when the window is out of order or too long, without asking the server', async () => {
    const { screen, calls } = await renderSite('/creator/creatorstats?creator=40', {
      user: SUPERVISOR,
      routes: routes(),
      language: 'en',
    });
    await expect.element(screen.getByRole('heading', { level: 2, name: /Carla Ruiz/ })).toBeVisible();
    const asked = calls.filter((c) => c.path === 'get_creator_stats/').length;
    await userEvent.fill(screen.getByLabelText('From', { exact: true }), '2025-03-10');
    await userEvent.fill(screen.getByLabelText('To', { exact: true }), '2025-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show statistics' }));
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('The “To” date cannot be before “From”.');
    await expect
      .element(screen.getByLabelText('To', { exact: true }))
      .toHaveAttribute('aria-invalid', 'true');
    await userEvent.fill(screen.getByLabelText('From', { exact: true }), '2023-01-01');
    await userEvent.fill(screen.getByLabelText('To', { exact: true }), '2025-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show statistics' }));
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Choose a period of at most 366 days.');
    expect(calls.filter((c) => c.path === 'get_creator_stats/')).toHaveLength(asked);
  });
});
