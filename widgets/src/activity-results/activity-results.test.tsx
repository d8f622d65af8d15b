import * as XLSX from '@e965/xlsx';
import { formatDuration } from '@kib/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ActivityResults } from './activity-results';
import { activityResultsEmptyFixture, activityResultsFixture } from './activity-results.fixtures';
import { summarizeResults } from './activity-results.logic';
import type { ActivityResultsData } from './activity-results.types';

const data = activityResultsFixture;
const summary = summarizeResults(data);

/** Row-header texts of the outer table of the visible panel, top to bottom. */
function firstNames(container: HTMLElement): string[] {
  const panel = container.querySelector('[role="tabpanel"]:not([hidden])')!;
  return Array.from(panel.querySelectorAll(':scope .kib-ar-table > tbody > tr.kib-ar-row > th'), (th) =>
    (th.textContent ?? '').trim(),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ActivityResults', () => {
  it('shows the assignment, the class progress split in three with percentages, and the average time', async () => {
    const screen = await render(<ActivityResults data={data} />);
    await expect
      .element(screen.getByRole('heading', { level: 2 }))
      .toHaveTextContent('Taller 3 — Álgebra y aritmética');
    const { totals } = summary;
    const legend = screen
      .getByRole('listitem')
      .elements()
      .map((li) => li.textContent);
    expect(legend.slice(0, 3)).toEqual([
      `Completado: ${totals.completedPercent} % (${totals.completed} de 120)`,
      `Intentado: ${totals.attemptedPercent} % (${totals.attempted} de 120)`,
      `Sin intentar: ${totals.notAttemptedPercent} % (${totals.notAttempted} de 120)`,
    ]);
    await expect
      .element(screen.getByText('Tiempo promedio por estudiante'))
      .toHaveTextContent(formatDuration(summary.averageTime));
    expect(firstNames(screen.container)).toHaveLength(12);
  });

  it('moves between the Students and Problems tabs with the arrow keys, Home and End', async () => {
    const screen = await render(<ActivityResults data={data} />);
    const students = screen.getByRole('tab', { name: 'Estudiantes (12)' });
    const problems = screen.getByRole('tab', { name: 'Problemas (4)' });
    await expect.element(students).toHaveAttribute('aria-selected', 'true');
    await expect.element(problems).toHaveAttribute('tabindex', '-1');
    await students.click();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(problems).toHaveAttribute('aria-selected', 'true');
    await expect.element(problems).toHaveFocus();
    await expect.element(screen.getByRole('tabpanel', { name: 'Problemas (4)' })).toBeVisible();
    await expect.element(screen.getByRole('table', { name: 'Resultados por problema' })).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(students).toHaveFocus();
    await expect.element(students).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    await expect.element(problems).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect.element(students).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(problems).toHaveAttribute('aria-selected', 'true');
  });

  it('sorts a column ascending, then descending on a second click, and says so with aria-sort', async () => {
    const screen = await render(<ActivityResults data={data} />);
    const header = screen.getByRole('columnheader', { name: 'Progreso' });
    await expect.element(header).not.toHaveAttribute('aria-sort');
    await expect
      .element(screen.getByRole('columnheader', { name: 'N.º' }))
      .toHaveAttribute('aria-sort', 'ascending');
    await header.getByRole('button').click();
    await expect.element(header).toHaveAttribute('aria-sort', 'ascending');
    const ascending = [...summary.students].sort((a, b) => a.progress - b.progress || a.number - b.number);
    expect(firstNames(screen.container)).toEqual(ascending.map((s) => s.firstName));
    await header.getByRole('button').click();
    await expect.element(header).toHaveAttribute('aria-sort', 'descending');
    expect(firstNames(screen.container)[0]).toMatch(/Valentina|Gabriela/);
    expect(firstNames(screen.container).at(-1)).toBe('Samuel');
    await screen.getByRole('button', { name: 'Apellido' }).click();
    expect(firstNames(screen.container).slice(0, 3)).toEqual(['Nicolás', 'Luciana', 'Samuel']);
    await expect.element(header).not.toHaveAttribute('aria-sort');
  });

  it('expands a student row to their progress on every problem, and collapses it again', async () => {
    const screen = await render(<ActivityResults data={data} />);
    const toggle = screen.getByRole('button', { name: 'Ver el detalle de Santiago Rodríguez' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    const detail = screen.getByRole('table', { name: 'Progreso de Santiago Rodríguez por problema' });
    await expect.element(detail).toBeVisible();
    const rows = detail.getByRole('row').elements().slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      '1. Ecuaciones lineales',
      '2. Fracciones equivalentes',
      '3. Puntos en el plano cartesiano',
      '4. Descomposición en factores primos',
    ]);
    // 'cccccc.a..': problems 1 and 2 done, 3 half done, 4 attempted (numeral 2 only).
    expect(rows.map((row) => row.querySelector('.kib-ar-status')?.textContent?.slice(2))).toEqual([
      'Completado',
      'Completado',
      'Intentado',
      'Intentado',
    ]);
    await expect.element(detail.getByText('Numeral 2: Sin intentar').first()).toBeInTheDocument();
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(detail.query()).toBeNull();
  });

  it('expands a problem row to the status of every student on it', async () => {
    const screen = await render(<ActivityResults data={data} />);
    await screen.getByRole('tab', { name: /Problemas/ }).click();
    await screen.getByRole('button', { name: 'Ver el detalle del problema Fracciones equivalentes' }).click();
    const detail = screen.getByRole('table', {
      name: 'Estado de los estudiantes en 2. Fracciones equivalentes',
    });
    await expect.element(detail).toBeVisible();
    const rows = detail.getByRole('row').elements().slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]!.textContent).toContain('1. Valentina Gómez Ríos');
    expect(rows[0]!.textContent).toContain('Completado');
    expect(rows[4]!.textContent).toContain('Isabella Hernández');
    expect(rows[4]!.textContent).toContain('Sin intentar');
  });

  it('asks before removing a student: No keeps them, Yes calls onRemoveStudent and drops the row', async () => {
    const onRemoveStudent = vi.fn();
    const screen = await render(<ActivityResults data={data} onRemoveStudent={onRemoveStudent} />);
    const remove = screen.getByRole('button', { name: 'Quitar a Santiago Rodríguez' });
    await remove.click();
    const dialog = screen.getByRole('dialog', { name: 'Quitar estudiante' });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(dialog)
      .toHaveTextContent('¿Quitar al estudiante Santiago Rodríguez de esta actividad?');
    await dialog.getByRole('button', { name: 'No', exact: true }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(onRemoveStudent).not.toHaveBeenCalled();
    expect(firstNames(screen.container)).toContain('Santiago');

    await remove.click();
    await screen.getByRole('dialog').getByRole('button', { name: 'Sí, quitar' }).click();
    expect(onRemoveStudent).toHaveBeenCalledExactlyOnceWith(7102);
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(remove).not.toBeInTheDocument();
    expect(firstNames(screen.container)).toHaveLength(11);
    await expect.element(screen.getByRole('tabpanel', { name: 'Estudiantes (11)' })).toHaveFocus();
    await expect.element(screen.getByRole('tab', { name: 'Estudiantes (11)' })).toBeInTheDocument();
    await expect
      .element(screen.getByRole('status').last())
      .toHaveTextContent('Se quitó a Santiago Rodríguez');
  });

  it('closes the dialog with Escape, and keeps the student when the removal fails', async () => {
    const onRemoveStudent = vi.fn(() => Promise.reject(new Error('offline')));
    const screen = await render(<ActivityResults data={data} onRemoveStudent={onRemoveStudent} />);
    const remove = screen.getByRole('button', { name: 'Quitar a Mariana López Castaño' });
    await remove.click();
    await expect.element(screen.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    await remove.click();
    await screen.getByRole('button', { name: 'Sí, quitar' }).click();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    expect(onRemoveStudent).toHaveBeenCalledWith(7103);
    await expect.element(remove).toBeInTheDocument();
    await expect.element(screen.getByRole('status').last()).toHaveTextContent('No se pudo quitar a Mariana');
  });

  it('shows no remove buttons without onRemoveStudent', async () => {
    const screen = await render(<ActivityResults data={data} />);
    await expect.element(screen.getByRole('table', { name: 'Resultados por estudiante' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Quitar/ }).query()).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Quitar' }).query()).toBeNull();
  });

  it('downloads an Excel file with the Assignment Results sheet through a temporary link', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:kib-test';
    });
    const links: { download: string; href: string; inside: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      links.push({
        download: this.download,
        href: this.href,
        inside: !!this.closest('.kib-activity-results'),
      });
    });
    const onDownload = vi.fn();
    const screen = await render(<ActivityResults data={data} onDownload={onDownload} />);
    await screen.getByRole('button', { name: 'Descargar Excel' }).click();
    await expect.poll(() => onDownload.mock.calls.length).toBe(1);
    expect(onDownload).toHaveBeenCalledWith('Taller 3 — Álgebra y aritmética.xlsx');
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(links).toEqual([
      { download: 'Taller 3 — Álgebra y aritmética.xlsx', href: 'blob:kib-test', inside: true },
    ]);
    expect(screen.container.querySelector('a[download]')).toBeNull();

    const book = XLSX.read(new Uint8Array(await blobs[0]!.arrayBuffer()), { type: 'array' });
    expect(book.SheetNames).toEqual(['Assignment Results']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Assignment Results']!, {
      header: 1,
      defval: '',
    });
    expect(rows[0]).toEqual(['Nombre', 'Apellido', 'Código', 'Progreso (%)']);
    expect(rows).toHaveLength(13);
    expect(rows[3]).toEqual(['Mariana', 'López Castaño', '', summary.students[2]!.progress]);
    await expect.element(screen.getByRole('status').last()).toHaveTextContent('Se descargó el archivo');
  });

  it('downloads the same columns as a CSV for LMS gradebooks, formulas neutralised', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:kib-csv';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const risky = {
      ...data,
      students: data.students.map((s, i) => (i === 0 ? { ...s, firstName: '=HYPERLINK("x")' } : s)),
    };
    const onDownload = vi.fn();
    const screen = await render(<ActivityResults data={risky} onDownload={onDownload} />);
    const button = screen.getByRole('button', { name: 'Descargar CSV' });
    await expect.element(button).toHaveAccessibleDescription(/libro de calificaciones/);
    await button.click();
    await expect.poll(() => onDownload.mock.calls.length).toBe(1);
    expect(names).toEqual(['Taller 3 — Álgebra y aritmética.csv']);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const lines = (await blobs[0]!.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Nombre,Apellido,Código,Progreso (%)');
    expect(lines).toHaveLength(13);
    expect(lines.some((line) => line.startsWith(`"'=HYPERLINK(""x"")"`))).toBe(true);
    expect(lines).toContain(`Mariana,López Castaño,,${summary.students[2]!.progress}`);
  });

  it('works inside a shadow root, where the link is appended', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:kib-shadow');
    const clicked: Node[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getRootNode());
    });
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.append(mount);
    const onDownload = vi.fn();
    await render(<ActivityResults data={data} lang="en" onDownload={onDownload} />, { container: mount });
    shadow.querySelector<HTMLButtonElement>('.kib-ar-download')!.click();
    await expect.poll(() => onDownload.mock.calls.length).toBe(1);
    expect(clicked).toEqual([shadow]);
    host.remove();
  });

  it('speaks English with lang en', async () => {
    const screen = await render(<ActivityResults data={data} lang="en" onRemoveStudent={() => {}} />);
    await expect.element(screen.getByRole('tab', { name: 'Students (12)' })).toBeInTheDocument();
    await expect.element(screen.getByRole('columnheader', { name: 'Last name' })).toBeInTheDocument();
    await screen.getByRole('button', { name: 'Remove Isabella Hernández' }).click();
    await expect
      .element(screen.getByRole('dialog'))
      .toHaveTextContent('Remove student Isabella Hernández from this activity?');
    await screen.getByRole('button', { name: 'No', exact: true }).click();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when there are no students yet', async () => {
    const screen = await render(<ActivityResults data={activityResultsEmptyFixture} />);
    await expect.element(screen.getByText('Aún no hay estudiantes en esta actividad.')).toBeVisible();
    await expect.element(screen.getByRole('tab', { name: 'Estudiantes (0)' })).toBeInTheDocument();
    expect(screen.getByRole('listitem').elements()[2]!.textContent).toBe('Sin intentar: 0 % (0 de 0)');
  });

  it('shows a translated error for invalid data', async () => {
    const broken = { ...data, students: [{ id: 'x' }] } as unknown as ActivityResultsData;
    const screen = await render(<ActivityResults data={broken} />);
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('No se pudieron mostrar los resultados: los datos recibidos no son válidos.');
    await screen.unmount();
    const english = await render(<ActivityResults data={'{' as unknown as ActivityResultsData} lang="en" />);
    await expect.element(english.getByRole('alert')).toHaveTextContent('the data received are not valid');
  });
});
