import * as XLSX from '@e965/xlsx';
import { translate } from '@kib/i18n';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../shared/i18n';
import {
  activityResultsCompletedFixture,
  activityResultsEmptyFixture,
  activityResultsFixture,
} from './activity-results.fixtures';
import {
  EXCEL_EXTRA_LENGTH,
  RESULTS_SHEET_NAME,
  columnWidths,
  excelFileName,
  resultRows,
  sortProblems,
  sortStudents,
  summarizeResults,
  toggleSort,
  workbookBytes,
} from './activity-results.logic';
import type { ActivityResultsData } from './activity-results.types';

const tEs: Translate = (key, params) => translate('es', key, params);
const tEn: Translate = (key, params) => translate('en', key, params);

/** Two problems (2 + 1 numerals), three students. */
const small: ActivityResultsData = {
  assignment: { name: 'Taller: fracciones / decimales' },
  problems: [
    { id: 2, title: 'Decimales', numeration: '10', numerals: [{ id: 21, number: 1 }] },
    {
      id: 1,
      title: 'Fracciones',
      numeration: '2',
      numerals: [
        { id: 12, number: 2 },
        { id: 11, number: 1 },
      ],
    },
  ],
  students: [
    {
      id: 100,
      firstName: 'Ana',
      lastName: 'Pérez',
      studentCode: 'A1',
      stats: [
        {
          numeralId: 11,
          completed: true,
          attempts: 1,
          answerTime: 30,
          lastAttemptDate: '2025-03-01T10:00:00Z',
        },
        {
          numeralId: 12,
          completed: true,
          attempts: 2,
          answerTime: 50,
          lastAttemptDate: '2025-03-02T10:00:00Z',
        },
        { numeralId: 21, completed: false, attempts: 3, answerTime: 100 },
        // A numeral that is no longer in the assignment: ignored.
        { numeralId: 999, completed: true, attempts: 1, answerTime: 1000 },
      ],
    },
    {
      id: 101,
      firstName: 'Beto',
      lastName: 'Álvarez',
      studentCode: null,
      stats: [{ numeralId: 11, completed: false, attempts: 1, answerTime: 20 }],
    },
    { id: 102, firstName: '', lastName: '', stats: [] },
  ],
};

describe('summarizeResults', () => {
  const summary = summarizeResults(small);

  it('counts slots as numerals × students and splits them into completed, attempted and not attempted', () => {
    expect(summary.totalNumerals).toBe(3);
    expect(summary.totals).toEqual({
      totalSlots: 9,
      completed: 2,
      attempted: 2,
      notAttempted: 5,
      completedPercent: 22,
      attemptedPercent: 22,
      notAttemptedPercent: 56,
    });
  });

  it('averages the answer time over the students, ignoring stats of unknown numerals', () => {
    // (30 + 50 + 100 + 20) / 3 = 66.67
    expect(summary.averageTime).toBe(67);
  });

  it('gives each student a number, a rounded progress, a total time and attempts', () => {
    expect(
      summary.students.map(({ number, fullName, code, completed, progress, totalTime, attempts }) => ({
        number,
        fullName,
        code,
        completed,
        progress,
        totalTime,
        attempts,
      })),
    ).toEqual([
      {
        number: 1,
        fullName: 'Ana Pérez',
        code: 'A1',
        completed: 2,
        progress: 67,
        totalTime: 180,
        attempts: 6,
      },
      {
        number: 2,
        fullName: 'Beto Álvarez',
        code: '',
        completed: 0,
        progress: 0,
        totalTime: 20,
        attempts: 1,
      },
      { number: 3, fullName: '', code: '', completed: 0, progress: 0, totalTime: 0, attempts: 0 },
    ]);
  });

  it('orders problems by numeration and numerals by number', () => {
    expect(summary.problems.map((p) => [p.position, p.title])).toEqual([
      [1, 'Fracciones'],
      [2, 'Decimales'],
    ]);
    const ana = summary.students[0]!;
    expect(ana.problems.map((p) => p.problemId)).toEqual([1, 2]);
    expect(ana.problems[0]!.numerals.map((n) => [n.number, n.status])).toEqual([
      [1, 'completed'],
      [2, 'completed'],
    ]);
  });

  it('marks a problem completed, attempted or not attempted per student, with the latest attempt', () => {
    const [ana, beto, anonymous] = summary.students;
    expect(ana!.problems.map((p) => p.status)).toEqual(['completed', 'attempted']);
    expect(ana!.problems[0]!.lastAttemptDate).toBe('2025-03-02T10:00:00Z');
    expect(ana!.problems[1]!.lastAttemptDate).toBeNull();
    expect(beto!.problems.map((p) => p.status)).toEqual(['attempted', 'not-attempted']);
    expect(anonymous!.problems.map((p) => p.status)).toEqual(['not-attempted', 'not-attempted']);
  });

  it('sums each problem over the students', () => {
    const [fractions, decimals] = summary.problems;
    expect(fractions).toMatchObject({
      numeralCount: 2,
      completedStudents: 1,
      attemptedStudents: 1,
      progress: 33,
      totalTime: 100,
      averageTime: 33,
    });
    expect(decimals).toMatchObject({
      completedStudents: 0,
      attemptedStudents: 1,
      progress: 0,
      averageTime: 33,
    });
    expect(fractions!.students.map((s) => [s.studentId, s.status, s.completed])).toEqual([
      [100, 'completed', 2],
      [101, 'attempted', 0],
      [102, 'not-attempted', 0],
    ]);
  });

  it('gives zeros, not NaN, for an activity without students', () => {
    const empty = summarizeResults(activityResultsEmptyFixture);
    expect(empty.totals.totalSlots).toBe(0);
    expect(empty.totals.notAttemptedPercent).toBe(0);
    expect(empty.averageTime).toBe(0);
    expect(empty.problems.every((p) => p.progress === 0 && p.averageTime === 0)).toBe(true);
  });

  it('reads the typical fixture as 12 students on 4 problems and the completed one as 100 %', () => {
    const typical = summarizeResults(activityResultsFixture);
    expect(typical.students).toHaveLength(12);
    expect(typical.problems).toHaveLength(4);
    expect(typical.totals.totalSlots).toBe(120);
    expect(typical.totals.completed + typical.totals.attempted + typical.totals.notAttempted).toBe(120);
    const done = summarizeResults(activityResultsCompletedFixture);
    expect(done.totals.completedPercent).toBe(100);
    expect(done.students.every((s) => s.progress === 100)).toBe(true);
  });
});

describe('sorting', () => {
  const { students, problems } = summarizeResults(small);

  it('toggles the clicked column between ascending and descending; another column starts ascending', () => {
    const first = toggleSort({ key: 'number', direction: 'ascending' }, 'progress');
    expect(first).toEqual({ key: 'progress', direction: 'ascending' });
    expect(toggleSort(first, 'progress')).toEqual({ key: 'progress', direction: 'descending' });
    expect(toggleSort(toggleSort(first, 'progress'), 'progress')).toEqual({
      key: 'progress',
      direction: 'ascending',
    });
  });

  it.each([
    ['lastName', 'ascending', [101, 100, 102]],
    ['lastName', 'descending', [100, 101, 102]],
    ['progress', 'descending', [100, 101, 102]],
    ['progress', 'ascending', [101, 102, 100]],
    ['totalTime', 'ascending', [102, 101, 100]],
    ['code', 'ascending', [100, 101, 102]],
    ['code', 'descending', [100, 101, 102]],
    ['number', 'descending', [102, 101, 100]],
  ] as const)(
    'students by %s %s: %j (accents ignored, empty texts last, ties by number)',
    (key, direction, ids) => {
      expect(sortStudents(students, { key, direction }, 'es').map((s) => s.id)).toEqual(ids);
    },
  );

  it.each([
    ['numeration', 'ascending', [1, 2]],
    ['numeration', 'descending', [2, 1]],
    ['title', 'ascending', [2, 1]],
    ['progress', 'descending', [1, 2]],
    ['numeralCount', 'ascending', [2, 1]],
  ] as const)('problems by %s %s: %j', (key, direction, ids) => {
    expect(sortProblems(problems, { key, direction }, 'es').map((p) => p.id)).toEqual(ids);
  });
});

describe('Excel export', () => {
  it('has a translated header, then first name, last name, code and progress % per student in data order', () => {
    expect(resultRows(small, tEs)).toEqual([
      ['Nombre', 'Apellido', 'Código', 'Progreso (%)'],
      ['Ana', 'Pérez', 'A1', 67],
      ['Beto', 'Álvarez', '', 0],
      ['', '', '', 0],
    ]);
    expect(resultRows(small, tEn)[0]).toEqual(['First name', 'Last name', 'Code', 'Progress (%)']);
  });

  it('sizes each column to its longest text plus the extra length', () => {
    expect(
      columnWidths([
        ['ab', 'c'],
        ['abcd', 12345],
      ]),
    ).toEqual([4 + EXCEL_EXTRA_LENGTH, 5 + EXCEL_EXTRA_LENGTH]);
  });

  it.each([
    ['Taller: fracciones / decimales', 'Taller fracciones decimales.xlsx'],
    ['  Taller 3 — Álgebra  ', 'Taller 3 — Álgebra.xlsx'],
    ['..hidden', 'hidden.xlsx'],
    ['???', 'resultados.xlsx'],
    ['', 'resultados.xlsx'],
  ])('names the file of %j %j', (name, file) => {
    expect(excelFileName(name, 'resultados')).toBe(file);
  });

  it('writes one sheet named Assignment Results that reads back as the rows', () => {
    const rows = resultRows(activityResultsFixture, tEs);
    const book = XLSX.read(new Uint8Array(workbookBytes(XLSX, rows)), { type: 'array', cellStyles: true });
    expect(book.SheetNames).toEqual([RESULTS_SHEET_NAME]);
    expect(RESULTS_SHEET_NAME).toBe('Assignment Results');
    const sheet = book.Sheets[RESULTS_SHEET_NAME]!;
    const readBack = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1, defval: '' });
    expect(readBack).toEqual(rows);
    expect(readBack[1]).toEqual(['Valentina', 'Gómez Ríos', '1023', 100]);
    expect(typeof readBack[2]![3]).toBe('number');
    expect(sheet['!cols']?.map((c) => c.wch)).toEqual(columnWidths(rows));
  });
});
