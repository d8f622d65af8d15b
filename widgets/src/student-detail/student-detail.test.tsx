import { formatDateTimeDmy, formatDuration, toSnakeCase } from '@kib/core';
import { translate } from '@kib/i18n';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { dateText, weeklySummaryText } from '../dashboard/dashboard.logic';
import type { Translate } from '../shared/i18n';
import { StudentDetail } from './student-detail';
import {
  studentDetailCompletedFixture,
  studentDetailFixture,
  studentDetailInactiveFixture,
  studentDetailWithPhotosFixture,
} from './student-detail.fixtures';
import { summarizeAssignments } from './student-detail.logic';

const data = studentDetailFixture;
const tEs: Translate = (key, params) => translate('es', key, params);

async function axeViolations(root: Element): Promise<string[]> {
  const result = await axe.run(root, { resultTypes: ['violations'] });
  return result.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await page.viewport(1024, 768);
});

describe('StudentDetail', () => {
  it("opens on the Overview: the student's e-mail, joined date, time, last attempt and progress", async () => {
    const screen = await render(<StudentDetail data={data} />);
    await expect.element(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Daniela Rojas');
    await expect.element(screen.getByText('Estudiante de Matemáticas 7A')).toBeVisible();
    const overview = screen.getByRole('tabpanel', { name: 'Resumen' });
    await expect.element(overview).toBeVisible();
    const facts = Array.from(overview.element().querySelectorAll('dl > div'), (div) => [
      div.querySelector('dt')!.textContent,
      div.querySelector('dd')!.textContent,
    ]);
    expect(facts).toEqual([
      ['Correo', data.student.email],
      ['Se unió', dateText(data.student.joinedAt)],
      ['Tiempo total', formatDuration(data.totalTime)],
      ['Último intento', formatDateTimeDmy(new Date(data.lastAttempt!))],
    ]);
    const progress = overview.getByRole('region', { name: 'Progreso' });
    expect(
      progress
        .getByRole('listitem')
        .elements()
        .map((li) => li.textContent),
    ).toEqual([
      `Completado: ${data.progress.completed} %`,
      `Intentado: ${data.progress.attempted} %`,
      `Sin intentar: ${data.progress.notAttempted} %`,
    ]);
    // One student: the chart has answers only, no active-students line.
    const chart = overview.getByRole('img');
    await expect.element(chart).toHaveAttribute('aria-label', weeklySummaryText(tEs, data.weekly, false));
    expect(chart.element().querySelector('.kib-db-chart-line')).toBeNull();
    await overview.getByRole('button', { name: 'Ver los datos en una tabla' }).click();
    const table = overview.getByRole('table', { name: 'Actividad semanal: datos del gráfico' });
    expect(
      table
        .getByRole('columnheader')
        .elements()
        .map((th) => th.textContent),
    ).toEqual(['Semana', 'Desde el lunes', 'Respuestas enviadas']);
    expect(
      Array.from(table.element().querySelectorAll('tbody td:last-child'), (td) => Number(td.textContent)),
    ).toEqual(data.weekly.map((week) => week.attempts));
  });

  it('moves between the tabs with the arrow keys, Home and End', async () => {
    const screen = await render(<StudentDetail data={data} />);
    const overview = screen.getByRole('tab', { name: 'Resumen' });
    const assignments = screen.getByRole('tab', { name: `Módulos (${data.assignments.length})` });
    await expect.element(overview).toHaveAttribute('aria-selected', 'true');
    await expect.element(assignments).toHaveAttribute('tabindex', '-1');
    await overview.click();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(assignments).toHaveFocus();
    await expect.element(assignments).toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByRole('tabpanel', { name: /Módulos/ })).toBeVisible();
    expect(screen.getByRole('tabpanel', { name: 'Resumen' }).query()).toBeNull();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(overview).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect.element(assignments).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect.element(overview).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(assignments).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('tabpanel', { name: /Módulos/ })).toHaveFocus();
  });

  it('lists each assignment with its deadline (passed ones marked), progress and time', async () => {
    const screen = await render(<StudentDetail data={data} />);
    await screen.getByRole('tab', { name: /Módulos/ }).click();
    const rows = summarizeAssignments(data.assignments, new Date());
    const cards = screen.getByRole('listitem').elements();
    expect(cards).toHaveLength(rows.length);
    rows.forEach((row, index) => {
      const card = cards[index]!;
      expect(card.querySelector('h3')!.textContent).toBe(row.name);
      const text = card.textContent ?? '';
      expect(text).toContain(formatDateTimeDmy(new Date(row.deadline!)));
      expect(text.includes('Vencida')).toBe(row.deadlinePassed);
      expect(text).toContain(`${row.progress} %`);
      expect(text).toContain(`${row.completedNumerals} de ${row.numeralCount} numerales`);
      expect(text).toContain(formatDuration(row.totalTime));
    });
    expect(rows.filter((row) => row.deadlinePassed).length).toBeGreaterThan(0);
    expect(rows.filter((row) => !row.deadlinePassed).length).toBeGreaterThan(0);
  });

  it('opens an assignment on every problem and numeral: status, attempts and time', async () => {
    const screen = await render(<StudentDetail data={data} />);
    await screen.getByRole('tab', { name: /Módulos/ }).click();
    const row = summarizeAssignments(data.assignments, new Date()).find((r) => r.status === 'attempted')!;
    const toggle = screen.getByRole('button', { name: `Detalle por problema: ${row.name}` });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: `${row.name}: detalle por problema y numeral` });
    await expect.element(table).toBeVisible();
    const lines = Array.from(table.element().querySelectorAll('tbody > tr'), (tr) =>
      Array.from(tr.children, (cell) => (cell.textContent ?? '').trim()),
    );
    const expected = row.problems.flatMap((problem) => [
      [
        problem.label,
        expect.stringContaining(`${problem.completed} de ${problem.numerals.length}`),
        String(problem.attempts),
        formatDuration(problem.answerTime),
        '',
      ],
      ...problem.numerals.map((numeral) => [
        `Numeral ${numeral.number}`,
        `${{ completed: '✓', attempted: '◐', 'not-attempted': '○' }[numeral.status]} ${tEs(`common.dashboard.${numeral.status}`)}`,
        String(numeral.attempts),
        formatDuration(numeral.answerTime),
        numeral.lastAttemptDate ? formatDateTimeDmy(new Date(numeral.lastAttemptDate)) : 'Ninguno',
      ]),
    ]);
    expect(lines).toEqual(expected);
    await toggle.click();
    expect(table.query()).toBeNull();
  });

  it('shows the photos the student sent from a phone under their numeral: a thumbnail opening the picture, the LaTeX as text', async () => {
    const photos = studentDetailWithPhotosFixture;
    const screen = await render(<StudentDetail data={photos} />);
    await screen.getByRole('tab', { name: /Módulos/ }).click();
    const row = summarizeAssignments(photos.assignments, new Date()).find((r) =>
      r.problems.some((p) => p.numerals.some((n) => n.photos.length > 0)),
    )!;
    const numeral = row.problems.flatMap((p) => p.numerals).find((n) => n.photos.length > 0)!;
    await screen.getByRole('button', { name: `Detalle por problema: ${row.name}` }).click();
    const list = screen.getByRole('list', { name: `Fotos del teléfono del numeral ${numeral.number}` });
    await expect.element(list).toBeVisible();
    const picture = list.getByRole('img', {
      name: `Foto 1 del numeral ${numeral.number} (abre la imagen completa)`,
    });
    await expect.element(picture).toBeVisible();
    await expect
      .element(list.getByRole('link', { name: /Foto 1/ }))
      .toHaveAttribute('href', numeral.photos[0]!.pictureUrl!);
    await expect.element(list.getByText('x=2')).toBeVisible();
    expect(list.element().querySelectorAll('li')).toHaveLength(2);
    expect(list.element().querySelector('time')?.getAttribute('datetime')).toBe(
      numeral.photos[0]!.receivedAt,
    );
    expect(screen.container.querySelectorAll('.kib-sd-photos')).toHaveLength(1);
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  it('loads the record with the token as bearer from classrooms/{id}/students/{studentId}/', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${String(input)} ${(init?.headers as Record<string, string>).authorization}`);
        return new Response(JSON.stringify(toSnakeCase(data)), { status: 200 });
      }),
    );
    const screen = await render(
      <StudentDetail
        apiBase="https://kib.example/api"
        token="tok"
        classroomId={7301}
        studentId={data.student.id}
      />,
    );
    await expect.element(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Daniela Rojas');
    expect(calls).toEqual([
      `https://kib.example/api/classrooms/7301/students/${data.student.id}/ Bearer tok`,
    ]);
  });

  it('says when the student is not in the classroom, without "try again"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"code":"not-found","detail":"x"}', { status: 404 })),
    );
    const screen = await render(<StudentDetail apiBase="/api/" classroomId={1} studentId={2} lang="en" />);
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('We could not find this student in the classroom.');
    expect(screen.getByRole('button').query()).toBeNull();
  });

  it('shows a loading message while the record is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const screen = await render(
      <StudentDetail apiBase="/api/" classroomId={7301} studentId={data.student.id} />,
    );
    await expect.element(screen.getByRole('status')).toHaveTextContent('Cargando al estudiante…');
    answer(new Response(JSON.stringify(toSnakeCase(studentDetailCompletedFixture)), { status: 200 }));
    await expect.element(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Gabriela Moreno');
  });

  it('shows a student who has not answered anything yet', async () => {
    const screen = await render(<StudentDetail data={studentDetailInactiveFixture} lang="en" />);
    await expect.element(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Samuel García Ospina');
    await expect
      .element(screen.getByRole('region', { name: 'Progress' }))
      .toHaveTextContent('Not attempted: 100%');
    await expect
      .element(screen.getByRole('img'))
      .toHaveAttribute('aria-label', expect.stringContaining('No answers were sent.'));
    await screen.getByRole('tab', { name: /Assignments/ }).click();
    await expect.element(screen.getByRole('listitem').first()).toHaveTextContent('0 of');
  });

  it('refuses data that are not a student record', async () => {
    const screen = await render(<StudentDetail data={{ student: {} } as never} />);
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('No se pudo mostrar al estudiante: los datos recibidos no son válidos.');
  });

  it('passes axe on both tabs, with an assignment open', async () => {
    const screen = await render(<StudentDetail data={data} />);
    await expect.element(screen.getByRole('img')).toBeInTheDocument();
    expect(await axeViolations(screen.container)).toEqual([]);
    await screen.getByRole('tab', { name: /Módulos/ }).click();
    await screen
      .getByRole('button', { name: /^Detalle por problema/ })
      .first()
      .click();
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  it('fits a 360 px phone: the detail table scrolls inside its region, the page does not', async () => {
    await page.viewport(360, 740);
    const screen = await render(<StudentDetail data={data} />);
    await expect.element(screen.getByRole('img')).toBeInTheDocument();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await screen.getByRole('tab', { name: /Módulos/ }).click();
    await screen
      .getByRole('button', { name: /^Detalle por problema/ })
      .first()
      .click();
    const region = screen.getByRole('region', { name: /detalle por problema y numeral/ });
    await expect.element(region).toBeVisible();
    expect(region.element().scrollWidth).toBeGreaterThan(region.element().clientWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });
});
