import * as XLSX from '@e965/xlsx';
import {
  formatDateTimeDmy,
  formatDuration,
  toSnakeCase,
  type ClassroomOverview as OverviewData,
} from '@kib/core';
import { translate } from '@kib/i18n';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { weekLabel, weeklySummaryText } from '../dashboard/dashboard.logic';
import { toCustomElement } from '../element';
import { WIDGETS } from '../registry';
import type { Translate } from '../shared/i18n';
import { ClassroomOverview } from './classroom-overview';
import { classroomOverviewEmptyFixture, classroomOverviewFixture } from './classroom-overview.fixtures';
import { DEFAULT_STUDENT_SORT, sortClassroomStudents } from './classroom-overview.logic';

const data = classroomOverviewFixture;
const tEs: Translate = (key, params) => translate('es', key, params);

/** The row headers of a table, top to bottom. */
function rowHeaders(table: Element): string[] {
  return Array.from(table.querySelectorAll('tbody > tr > th'), (th) => (th.textContent ?? '').trim());
}

async function axeViolations(root: Element): Promise<string[]> {
  const result = await axe.run(root, { resultTypes: ['violations'] });
  return result.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** A stubbed fetch answering the API with `answers` in turn (a status and a body, or a network failure). */
function stubApi(...answers: ({ status: number; body?: unknown } | 'offline')[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** The levels and names of the headings inside `root`, in document order. */
function headings(root: ParentNode): string[] {
  return Array.from(
    root.querySelectorAll('h1, h2, h3, h4, h5, h6'),
    (h) => `${h.tagName.toLowerCase()} ${(h.textContent ?? '').trim()}`,
  );
}

/**
 * Records every click that reaches the document on a link: its address and whether the widget
 * already took it over (`preventDefault`); then keeps the test page where it is.
 */
function watchLinkClicks() {
  const clicks: { href: string | null; taken: boolean }[] = [];
  const listener = (event: MouseEvent) => {
    const link = (event.composedPath()[0] as Element).closest?.('a');
    if (!link) return;
    clicks.push({ href: link.getAttribute('href'), taken: event.defaultPrevented });
    event.preventDefault();
  };
  document.addEventListener('click', listener);
  return { clicks, stop: () => document.removeEventListener('click', listener) };
}

/** A click on `target` with a modifier key held, as the browser would send it. */
function clickWith(target: Element, keys: MouseEventInit) {
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...keys }));
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await page.viewport(1024, 768);
});

describe('ClassroomOverview', () => {
  it('shows the classroom, its code, the class progress and the average time per student', async () => {
    const screen = await render(<ClassroomOverview data={data} />);
    await expect.element(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Matemáticas 7A');
    await expect.element(screen.getByText('Código de inscripción')).toHaveTextContent('K7A2Q9');
    const progress = screen.getByRole('region', { name: 'Progreso del salón' });
    const legend = progress
      .getByRole('listitem')
      .elements()
      .map((li) => li.textContent);
    expect(legend).toEqual([
      `Completado: ${data.progress.completed} %`,
      `Intentado: ${data.progress.attempted} %`,
      `Sin intentar: ${data.progress.notAttempted} %`,
    ]);
    await expect
      .element(progress.getByText('Tiempo promedio por estudiante'))
      .toHaveTextContent(formatDuration(data.progress.averageTime));
  });

  it('lists the assignments with their dates as DD-MM-YYYY HH:mm, progress and the individual marker', async () => {
    const screen = await render(<ClassroomOverview data={data} />);
    const table = screen.getByRole('table', { name: 'Módulos asignados al salón' });
    await expect.element(table).toBeVisible();
    const rows = table.element().querySelectorAll('tbody > tr');
    expect(rows).toHaveLength(6);
    data.assignments.forEach((assignment, index) => {
      const text = rows[index]!.textContent ?? '';
      expect(text).toContain(assignment.name);
      expect(text).toContain(formatDateTimeDmy(new Date(assignment.deadline!)));
      expect(text).toContain(`${assignment.progress} %`);
      expect(text.includes('Individual')).toBe(assignment.individualStudents);
    });
    // Three deadlines have passed; the last assignment is scheduled for next week.
    expect(table.getByText('Vencida').elements()).toHaveLength(3);
    expect(rows[5]!.textContent).toContain('Programada');
    await expect.element(screen.getByRole('heading', { name: 'Módulos asignados (6)' })).toBeInTheDocument();
  });

  it('sorts the students by a header, then the other way on a second click, and says so with aria-sort', async () => {
    const screen = await render(<ClassroomOverview data={data} />);
    const table = screen.getByRole('table', { name: 'Estudiantes del salón' });
    const lastName = table.getByRole('columnheader', { name: 'Apellido' });
    await expect.element(lastName).toHaveAttribute('aria-sort', 'ascending');
    const byLastName = sortClassroomStudents(data.students, DEFAULT_STUDENT_SORT, 'es');
    expect(rowHeaders(table.element())).toEqual(byLastName.map((s) => s.lastName));
    expect(rowHeaders(table.element())).toHaveLength(28);

    const progress = table.getByRole('columnheader', { name: 'Progreso' });
    await progress.getByRole('button').click();
    await expect.element(progress).toHaveAttribute('aria-sort', 'ascending');
    await expect.element(lastName).not.toHaveAttribute('aria-sort');
    const ascending = sortClassroomStudents(data.students, { key: 'progress', direction: 'ascending' }, 'es');
    expect(rowHeaders(table.element())).toEqual(ascending.map((s) => s.lastName));
    expect(ascending[0]!.progress).toBe(0);
    await progress.getByRole('button').click();
    await expect.element(progress).toHaveAttribute('aria-sort', 'descending');
    const descending = sortClassroomStudents(
      data.students,
      { key: 'progress', direction: 'descending' },
      'es',
    );
    expect(rowHeaders(table.element())).toEqual(descending.map((s) => s.lastName));
    await expect
      .element(screen.getByRole('status').last())
      .toHaveTextContent('Ordenado por Progreso, descendente.');

    await table.getByRole('button', { name: 'Último intento' }).click();
    const rows = table.element().querySelectorAll('tbody > tr');
    // Students who never answered stay at the bottom.
    expect(rows[rows.length - 1]!.textContent).toContain('Ninguno');
    expect(rows[0]!.querySelector('time')).not.toBeNull();
  });

  it('draws the weekly chart as one image with a summary, and a table behind it with the same numbers', async () => {
    const screen = await render(<ClassroomOverview data={data} />);
    const weekly = screen.getByRole('region', { name: 'Actividad semanal' });
    const chart = weekly.getByRole('img');
    await expect.element(chart).toBeInTheDocument();
    expect(chart.element().tagName.toLowerCase()).toBe('svg');
    await expect.element(chart).toHaveAttribute('aria-label', weeklySummaryText(tEs, data.weekly, true));
    // The bars are drawn (recharts measured its container and grew them).
    await expect
      .poll(() => chart.element().querySelectorAll('.kib-db-chart-bar .recharts-bar-rectangle path').length)
      .toBe(data.weekly.filter((week) => week.attempts > 0).length);
    // The series take the theme's colours: bars purple, the active-students line primary.
    const bar = chart.element().querySelector('.kib-db-chart-bar .recharts-bar-rectangle path')!;
    expect(getComputedStyle(bar).fill).toBe('rgb(106, 63, 181)');
    const line = chart.element().querySelector('.kib-db-chart-line .recharts-line-curve')!;
    expect(getComputedStyle(line).stroke).toBe('rgb(194, 24, 91)');
    // Each week is labelled on the axis, on two lines: "Sem." over its number.
    const ticks = Array.from(chart.element().querySelectorAll('.kib-db-chart-tick'), (tick) =>
      Array.from(tick.querySelectorAll('tspan'), (span) => span.textContent).join(' '),
    );
    expect(ticks).toEqual(data.weekly.map((week) => weekLabel(tEs, week.week)));

    const toggle = weekly.getByRole('button', { name: /tabla/ });
    await expect.element(toggle).toHaveAccessibleName('Ver los datos en una tabla');
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(weekly.getByRole('table').query()).toBeNull();
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.element(toggle).toHaveAccessibleName('Ocultar la tabla de datos');
    const table = weekly.getByRole('table', { name: 'Actividad semanal: datos del gráfico' });
    await expect.element(table).toBeVisible();
    const rows = Array.from(table.element().querySelectorAll('tbody > tr'), (tr) =>
      Array.from(tr.children, (cell) => cell.textContent),
    );
    expect(rows).toEqual(
      data.weekly.map((week) => [
        `Sem. ${week.week}`,
        week.start.split('-').reverse().join('-'),
        String(week.attempts),
        String(week.activeStudents),
      ]),
    );
    await toggle.click();
    expect(weekly.getByRole('table').query()).toBeNull();
  });

  it('makes students and assignments links only when there is somewhere to go, and calls back with the id', async () => {
    const plain = await render(<ClassroomOverview data={data} />);
    const students = plain.getByRole('table', { name: 'Estudiantes del salón' });
    expect(students.element().querySelectorAll('tbody button')).toHaveLength(0);
    expect(
      plain
        .getByRole('table', { name: 'Módulos asignados al salón' })
        .element()
        .querySelectorAll('tbody button'),
    ).toHaveLength(0);
    await plain.unmount();

    const onSelectStudent = vi.fn();
    const onSelectAssignment = vi.fn();
    const screen = await render(
      <ClassroomOverview
        data={data}
        onSelectStudent={onSelectStudent}
        onSelectAssignment={onSelectAssignment}
      />,
    );
    const valentina = data.students.find((s) => s.firstName === 'Valentina')!;
    await screen.getByRole('button', { name: `${valentina.lastName}, ${valentina.firstName}` }).click();
    expect(onSelectStudent).toHaveBeenCalledExactlyOnceWith(valentina.id);
    await screen.getByRole('button', { name: 'Refuerzo — Ecuaciones' }).click();
    expect(onSelectAssignment).toHaveBeenCalledExactlyOnceWith(4104);
  });

  it('downloads the Classroom Results workbook and a gradebook CSV with formulas escaped', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:kib-${blobs.length}`;
    });
    const links: { download: string; inside: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      links.push({ download: this.download, inside: !!this.closest('.kib-classroom-overview') });
    });
    const risky: OverviewData = {
      ...data,
      students: [{ ...data.students[0]!, firstName: '=HYPERLINK("http://evil")', lastName: 'Gómez, Ríos' }],
    };
    const onDownload = vi.fn();
    const screen = await render(<ClassroomOverview data={risky} onDownload={onDownload} />);

    await screen.getByRole('button', { name: 'Descargar Excel' }).click();
    await expect.poll(() => onDownload.mock.calls.length).toBe(1);
    expect(onDownload).toHaveBeenLastCalledWith('Matemáticas 7A.xlsx');
    const book = XLSX.read(new Uint8Array(await blobs[0]!.arrayBuffer()), { type: 'array' });
    expect(book.SheetNames).toEqual(['Classroom Results']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Classroom Results']!, {
      header: 1,
      defval: '',
    });
    expect(rows[0]).toEqual([
      'Nombre',
      'Apellido',
      'Correo',
      'Progreso (%)',
      'Tiempo total',
      'Último intento',
    ]);
    expect(rows[1]!.slice(0, 4)).toEqual([
      '=HYPERLINK("http://evil")',
      'Gómez, Ríos',
      risky.students[0]!.email,
      risky.students[0]!.progress,
    ]);
    // A text cell, never a formula.
    expect(book.Sheets['Classroom Results']!.A2!.f).toBeUndefined();

    await screen.getByRole('button', { name: 'Descargar CSV' }).click();
    await expect.poll(() => onDownload.mock.calls.length).toBe(2);
    expect(onDownload).toHaveBeenLastCalledWith('Matemáticas 7A.csv');
    expect(blobs[1]!.type).toBe('text/csv;charset=utf-8');
    const csv = await blobs[1]!.text();
    expect(csv.split('\r\n')).toEqual([
      'Nombre,Apellido,Correo,Progreso (%)',
      `"'=HYPERLINK(""http://evil"")","Gómez, Ríos",${risky.students[0]!.email},${risky.students[0]!.progress}`,
      '',
    ]);
    expect(links).toEqual([
      { download: 'Matemáticas 7A.xlsx', inside: true },
      { download: 'Matemáticas 7A.csv', inside: true },
    ]);
    await expect
      .element(screen.getByRole('status').last())
      .toHaveTextContent('Se descargó el archivo Matemáticas 7A.csv');
  });

  it('loads the overview with the token as bearer, showing loading first', async () => {
    const calls = stubApi({ status: 200, body: toSnakeCase(data) });
    const screen = await render(
      <ClassroomOverview apiBase="https://kib.example/api/" token="kibe_abc" classroomId={7301} />,
    );
    await expect.element(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Matemáticas 7A');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://kib.example/api/classrooms/7301/overview/');
    const headers = calls[0]!.init!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer kibe_abc');
    expect(headers['accept-language']).toBe('es');
    expect(calls[0]!.init!.credentials).toBe('omit');
    expect(rowHeaders(screen.getByRole('table', { name: 'Estudiantes del salón' }).element())).toHaveLength(
      28,
    );
  });

  it.each([
    [401, 'not-authenticated', 'Tu sesión expiró o el acceso ya no es válido', true],
    [403, 'forbidden', 'No tienes acceso a estos datos.', false],
    [403, 'subscription-required', 'necesitan una suscripción vigente de tu colegio', false],
    [404, 'not-found', 'No encontramos este salón, o no es uno de tus salones.', false],
    [500, 'internal', 'El servidor de Kib no pudo responder', true],
  ])(
    'says what went wrong on a %i %s, with "try again" only where it may help',
    async (status, code, message, retry) => {
      stubApi({ status, body: { code, detail: 'x' } });
      const screen = await render(
        <ClassroomOverview apiBase="https://kib.example/api/" token="t" classroomId={7301} />,
      );
      await expect.element(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('button', { name: 'Intentar de nuevo' }).query() !== null).toBe(retry);
    },
  );

  it('tries again after a network failure or an answer that is not an overview', async () => {
    const calls = stubApi(
      'offline',
      { status: 200, body: { classroom: 'nope' } },
      { status: 200, body: toSnakeCase(data) },
    );
    const screen = await render(
      <ClassroomOverview apiBase="https://kib.example/api/" classroomId={7301} lang="en" />,
    );
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('There is no connection to the Kib server. Check your connection and try again.');
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('The server answered with data that cannot be shown.');
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.element(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Matemáticas 7A');
    expect(calls).toHaveLength(3);
    expect((calls[0]!.init!.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('says so with no data and nowhere to load it from, and when the data are not an overview', async () => {
    const none = await render(<ClassroomOverview />);
    await expect.element(none.getByRole('status')).toHaveTextContent('Aún no hay datos del salón.');
    await none.unmount();
    const broken = await render(<ClassroomOverview data={'{"classroom": 1}'} lang="en" />);
    await expect
      .element(broken.getByRole('alert'))
      .toHaveTextContent('The classroom could not be shown: the data received are not valid.');
  });

  it('shows an empty classroom without students or assignments', async () => {
    const screen = await render(<ClassroomOverview data={classroomOverviewEmptyFixture} />);
    await expect.element(screen.getByText('Aún no hay estudiantes en este salón.')).toBeVisible();
    await expect.element(screen.getByText('Este salón aún no tiene módulos asignados.')).toBeVisible();
    await expect.element(screen.getByText('Todavía no hay numerales asignados que contar.')).toBeVisible();
    await expect
      .element(screen.getByRole('img'))
      .toHaveAttribute('aria-label', expect.stringContaining('No se envió ninguna respuesta.'));
  });

  it('speaks English with lang en, weeks labelled "Wk"', async () => {
    const screen = await render(<ClassroomOverview data={data} lang="en" />);
    await expect.element(screen.getByRole('button', { name: 'Download Excel' })).toBeVisible();
    await expect
      .element(screen.getByRole('columnheader', { name: 'Last name' }))
      .toHaveAttribute('aria-sort', 'ascending');
    await screen.getByRole('button', { name: 'Show the data as a table' }).click();
    await expect
      .element(screen.getByRole('rowheader', { name: `Wk ${data.weekly[0]!.week}`, exact: true }))
      .toBeVisible();
  });

  it('shows only the sections asked for, always in the same order', async () => {
    const one = await render(<ClassroomOverview data={data} sections={['assignments']} />);
    await expect.element(one.getByRole('table', { name: 'Módulos asignados al salón' })).toBeVisible();
    expect(one.getByRole('table', { name: 'Estudiantes del salón' }).query()).toBeNull();
    expect(one.getByRole('region', { name: 'Progreso del salón' }).query()).toBeNull();
    expect(one.getByRole('region', { name: 'Actividad semanal' }).query()).toBeNull();
    // The classroom's heading and the downloads stay.
    await expect.element(one.getByRole('heading', { level: 2 })).toHaveTextContent('Matemáticas 7A');
    await expect.element(one.getByRole('button', { name: 'Descargar CSV' })).toBeVisible();
    await one.unmount();

    const two = await render(<ClassroomOverview data={data} sections={['students', 'weekly']} />);
    await expect.element(two.getByRole('table', { name: 'Estudiantes del salón' })).toBeVisible();
    expect(headings(two.container)).toEqual([
      'h2 Matemáticas 7A',
      'h3 Actividad semanal',
      `h3 Estudiantes (${data.students.length})`,
    ]);
    expect(two.getByRole('region', { name: 'Progreso del salón' }).query()).toBeNull();
    expect(two.getByRole('table', { name: 'Módulos asignados al salón' }).query()).toBeNull();
  });

  it('heads the sections one level below the classroom, or in its place without the header', async () => {
    const sections = [
      'Progreso del salón',
      'Actividad semanal',
      `Módulos asignados (${data.assignments.length})`,
      `Estudiantes (${data.students.length})`,
    ];
    const full = await render(<ClassroomOverview data={data} />);
    expect(headings(full.container)).toEqual(['h2 Matemáticas 7A', ...sections.map((h) => `h3 ${h}`)]);
    await full.unmount();

    const bare = await render(<ClassroomOverview data={data} header={false} />);
    await expect.element(bare.getByRole('heading', { level: 2, name: 'Progreso del salón' })).toBeVisible();
    expect(headings(bare.container)).toEqual(sections.map((h) => `h2 ${h}`));
    expect(bare.getByText('Código de inscripción').query()).toBeNull();
    expect(bare.getByText('K7A2Q9').query()).toBeNull();
    await expect.element(bare.getByRole('button', { name: 'Descargar Excel' })).toBeVisible();
    await bare.unmount();

    const deeper = await render(<ClassroomOverview data={data} header={false} headingLevel={4} />);
    expect(headings(deeper.container)).toEqual(sections.map((h) => `h4 ${h}`));
    await deeper.unmount();

    const top = await render(<ClassroomOverview data={data} headingLevel={2} sections={['progress']} />);
    expect(headings(top.container)).toEqual(['h1 Matemáticas 7A', 'h2 Progreso del salón']);
  });

  it('makes the names real links with assignmentHref and studentHref, a plain click calling back', async () => {
    const onSelectStudent = vi.fn();
    const onSelectAssignment = vi.fn();
    const screen = await render(
      <ClassroomOverview
        data={data}
        header={false}
        sections={['assignments', 'students']}
        assignmentHref={(id) => `/modules/${id}`}
        studentHref={(id) => `/students/${id}`}
        onSelectStudent={onSelectStudent}
        onSelectAssignment={onSelectAssignment}
      />,
    );
    const students = screen.getByRole('table', { name: 'Estudiantes del salón' });
    const assignments = screen.getByRole('table', { name: 'Módulos asignados al salón' });
    expect(screen.container.querySelectorAll('tbody button')).toHaveLength(0);
    expect(
      assignments
        .getByRole('link')
        .elements()
        .map((a) => a.getAttribute('href')),
    ).toEqual(data.assignments.map((a) => `/modules/${a.moduleId}`));
    expect(students.getByRole('link').elements()).toHaveLength(data.students.length);
    const valentina = data.students.find((s) => s.firstName === 'Valentina')!;
    const link = students.getByRole('link', { name: `${valentina.lastName}, ${valentina.firstName}` });
    await expect.element(link).toHaveAttribute('href', `/students/${valentina.id}`);

    const watch = watchLinkClicks();
    try {
      await link.click();
      expect(onSelectStudent).toHaveBeenCalledExactlyOnceWith(valentina.id);
      await assignments.getByRole('link', { name: 'Refuerzo — Ecuaciones' }).click();
      expect(onSelectAssignment).toHaveBeenCalledExactlyOnceWith(4104);
      // Ctrl, ⌘ and Shift are left to the browser (a new tab or window): no callback.
      clickWith(link.element(), { ctrlKey: true });
      clickWith(link.element(), { metaKey: true });
      clickWith(link.element(), { shiftKey: true });
      expect(watch.clicks).toEqual([
        { href: `/students/${valentina.id}`, taken: true },
        { href: '/modules/4104', taken: true },
        { href: `/students/${valentina.id}`, taken: false },
        { href: `/students/${valentina.id}`, taken: false },
        { href: `/students/${valentina.id}`, taken: false },
      ]);
      expect(onSelectStudent).toHaveBeenCalledTimes(1);
    } finally {
      watch.stop();
    }
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  it('leaves a link to the browser when there is no callback', async () => {
    const screen = await render(
      <ClassroomOverview data={data} sections={['students']} studentHref={(id) => `#student-${id}`} />,
    );
    const first = sortClassroomStudents(data.students, DEFAULT_STUDENT_SORT, 'es')[0]!;
    const link = screen.getByRole('link', { name: `${first.lastName}, ${first.firstName}` });
    await expect.element(link).toHaveAttribute('href', `#student-${first.id}`);
    const watch = watchLinkClicks();
    try {
      await link.click();
      expect(watch.clicks).toEqual([{ href: `#student-${first.id}`, taken: false }]);
    } finally {
      watch.stop();
    }
  });

  it('passes axe, with the data table open', async () => {
    const screen = await render(
      <ClassroomOverview data={data} onSelectStudent={() => {}} onSelectAssignment={() => {}} />,
    );
    await screen.getByRole('button', { name: 'Ver los datos en una tabla' }).click();
    expect(await axeViolations(screen.container)).toEqual([]);
  });

  it('fits a 360 px phone: the tables scroll inside their own regions, the page does not', async () => {
    await page.viewport(360, 740);
    const screen = await render(<ClassroomOverview data={data} onSelectStudent={() => {}} />);
    const region = screen.getByRole('region', { name: 'Estudiantes del salón' });
    await expect.element(region).toBeVisible();
    expect(region.element().scrollWidth).toBeGreaterThan(region.element().clientWidth);
    const root = screen.container.querySelector<HTMLElement>('.kib-classroom-overview')!;
    expect(root.scrollWidth).toBeLessThanOrEqual(360);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    const chart = screen.getByRole('img').element().getBoundingClientRect();
    expect(chart.right).toBeLessThanOrEqual(360);
  });
});

describe('<kib-classroom-overview>', () => {
  it('always links students and assignments, firing kib-select-student and kib-select-assignment', async () => {
    const descriptor = WIDGETS.find((widget) => widget.tag === 'kib-classroom-overview')!;
    const tag = 'kib-classroom-overview-test';
    customElements.define(tag, toCustomElement({ ...descriptor, tag }));
    const element = document.createElement(tag) as HTMLElement & { data: unknown };
    const events: { type: string; detail: unknown }[] = [];
    for (const type of ['kib-select-student', 'kib-select-assignment'])
      document.body.addEventListener(type, (event) =>
        events.push({ type, detail: (event as CustomEvent).detail }),
      );
    document.body.append(element);
    element.data = data;
    const shadow = element.shadowRoot!;
    await expect.poll(() => shadow.querySelectorAll('tbody button.kib-db-link').length).toBe(34);
    shadow.querySelector<HTMLButtonElement>('tbody button.kib-db-link')!.click();
    const firstStudent = sortClassroomStudents(data.students, DEFAULT_STUDENT_SORT, 'es')[0]!;
    const studentButton = Array.from(
      shadow.querySelectorAll<HTMLButtonElement>('tbody button.kib-db-link'),
    ).find((button) => button.textContent?.startsWith(firstStudent.lastName))!;
    studentButton.click();
    expect(events).toEqual([
      { type: 'kib-select-assignment', detail: data.assignments[0]!.moduleId },
      { type: 'kib-select-student', detail: firstStudent.id },
    ]);
    element.remove();
  });

  it('takes sections, header and heading-level as attributes', async () => {
    const descriptor = WIDGETS.find((widget) => widget.tag === 'kib-classroom-overview')!;
    const tag = 'kib-classroom-overview-sections-test';
    customElements.define(tag, toCustomElement({ ...descriptor, tag }));
    const element = document.createElement(tag) as HTMLElement & { data: unknown; sections: unknown };
    element.setAttribute('sections', 'students, weekly');
    element.setAttribute('header', 'false');
    element.setAttribute('heading-level', '3');
    document.body.append(element);
    element.data = data;
    const shadow = element.shadowRoot!;
    await expect
      .poll(() => headings(shadow))
      .toEqual(['h3 Actividad semanal', `h3 Estudiantes (${data.students.length})`]);
    expect(shadow.querySelector('.kib-co-code')).toBeNull();
    // Set as a property, a list works too.
    element.sections = ['assignments'];
    await expect.poll(() => headings(shadow)).toEqual([`h3 Módulos asignados (${data.assignments.length})`]);
    element.remove();
  });
});
