import * as XLSX from '@e965/xlsx';
import {
  formatDateTimeDmy,
  formatDuration,
  type ClassroomOverview,
  type ClassroomStudentProgress,
} from '@kib/core';
import { translate } from '@kib/i18n';
import { describe, expect, it } from 'vitest';
import { workbookBytes } from '../activity-results/activity-results.logic';
import type { Translate } from '../shared/i18n';
import { classroomOverviewEmptyFixture, classroomOverviewFixture } from './classroom-overview.fixtures';
import {
  CLASSROOM_OVERVIEW_SECTIONS,
  CLASSROOM_SHEET_NAME,
  DEFAULT_STUDENT_SORT,
  classroomFileName,
  classroomSheetRows,
  gradebookRows,
  sortClassroomStudents,
  visibleSections,
  type ClassroomStudentSortKey,
} from './classroom-overview.logic';

const tEs: Translate = (key, params) => translate('es', key, params);
const tEn: Translate = (key, params) => translate('en', key, params);

const student = (
  id: number,
  firstName: string,
  lastName: string,
  progress: number,
  totalTime: number,
  lastAttempt: string | null,
): ClassroomStudentProgress => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@colegio.edu.co`,
  progress,
  totalTime,
  lastAttempt,
});

const ROWS = [
  student(1, 'Ana', 'Zapata', 40, 600, '2026-11-20T10:00:00Z'),
  student(2, 'Ángel', 'álvarez', 90, 3725, '2026-11-24T08:30:00Z'),
  student(3, 'Bruno', 'Núñez', 40, 45, null),
  student(4, 'Carla', 'Nuñez', 0, 0, null),
  student(5, 'Abel', 'Ortega', 100, 7200, '2026-11-18T16:00:00Z'),
  student(6, '', '', 10, 30, '2026-11-01T12:00:00Z'),
];

const ids = (rows: readonly ClassroomStudentProgress[]) => rows.map((row) => row.id);
const sorted = (key: ClassroomStudentSortKey, direction: 'ascending' | 'descending' = 'ascending') =>
  ids(sortClassroomStudents(ROWS, { key, direction }, 'es'));

describe('sortClassroomStudents', () => {
  it('starts by last name, ignoring case and accents, first names breaking ties; no name at the bottom', () => {
    expect(DEFAULT_STUDENT_SORT).toEqual({ key: 'lastName', direction: 'ascending' });
    // álvarez, Núñez (Bruno) = Nuñez (Carla) by last name, then by first name, Ortega, Zapata, no name.
    expect(sorted('lastName')).toEqual([2, 3, 4, 5, 1, 6]);
    expect(sorted('lastName', 'descending')).toEqual([1, 5, 3, 4, 2, 6]);
  });

  it('sorts by first name', () => {
    expect(sorted('firstName')).toEqual([5, 1, 2, 3, 4, 6]);
  });

  it('sorts numbers both ways, equal values by name', () => {
    expect(sorted('progress')).toEqual([4, 6, 3, 1, 2, 5]);
    expect(sorted('progress', 'descending')).toEqual([5, 2, 3, 1, 6, 4]);
    expect(sorted('totalTime')).toEqual([4, 6, 3, 1, 2, 5]);
  });

  it('sorts by last attempt by date, students who never tried at the bottom either way', () => {
    expect(sorted('lastAttempt')).toEqual([6, 5, 1, 2, 3, 4]);
    expect(sorted('lastAttempt', 'descending')).toEqual([2, 1, 5, 6, 3, 4]);
  });

  it('leaves the rows it was given alone', () => {
    const copy = [...ROWS];
    sortClassroomStudents(ROWS, { key: 'progress', direction: 'descending' }, 'es');
    expect(ROWS).toEqual(copy);
  });
});

const data: ClassroomOverview = { ...classroomOverviewEmptyFixture, students: ROWS };

describe('the Excel rows', () => {
  it('hold a translated header and every student by last name: names, e-mail, progress, time, last attempt', () => {
    const rows = classroomSheetRows(data, tEs, 'es');
    expect(rows[0]).toEqual([
      'Nombre',
      'Apellido',
      'Correo',
      'Progreso (%)',
      'Tiempo total',
      'Último intento',
    ]);
    expect(rows).toHaveLength(7);
    expect(rows[1]).toEqual([
      'Ángel',
      'álvarez',
      'ángel@colegio.edu.co',
      90,
      '1 h 2 min 5 s',
      formatDateTimeDmy(new Date('2026-11-24T08:30:00Z')),
    ]);
    expect(rows[2]).toEqual(['Bruno', 'Núñez', 'bruno@colegio.edu.co', 40, '45 s', '']);
    expect(classroomSheetRows(data, tEn, 'en')[0]).toEqual([
      'First name',
      'Last name',
      'E-mail',
      'Progress (%)',
      'Total time',
      'Last attempt',
    ]);
  });

  it("write a workbook whose only sheet is 'Classroom Results'", () => {
    const rows = classroomSheetRows(classroomOverviewFixture, tEs, 'es');
    const book = XLSX.read(new Uint8Array(workbookBytes(XLSX, rows, CLASSROOM_SHEET_NAME)), {
      type: 'array',
    });
    expect(book.SheetNames).toEqual(['Classroom Results']);
    const back = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Classroom Results']!, {
      header: 1,
      defval: '',
    });
    expect(back).toHaveLength(29);
    expect(back).toEqual(rows);
    const first = classroomOverviewFixture.students[0]!;
    expect(back.find((row) => row[2] === first.email)).toEqual([
      first.firstName,
      first.lastName,
      first.email,
      first.progress,
      formatDuration(first.totalTime),
      first.lastAttempt ? formatDateTimeDmy(new Date(first.lastAttempt)) : '',
    ]);
  });
});

describe('the gradebook CSV rows', () => {
  it('hold first name, last name, e-mail and progress of every student by last name', () => {
    expect(gradebookRows(data, tEn, 'en').slice(0, 3)).toEqual([
      ['First name', 'Last name', 'E-mail', 'Progress (%)'],
      ['Ángel', 'álvarez', 'ángel@colegio.edu.co', 90],
      ['Bruno', 'Núñez', 'bruno@colegio.edu.co', 40],
    ]);
  });
});

describe('classroomFileName', () => {
  it('names the file after the classroom, without unsafe characters', () => {
    expect(classroomFileName('Matemáticas 7A', 'salon', 'xlsx')).toBe('Matemáticas 7A.xlsx');
    expect(classroomFileName('7A / 7B: "tarde"', 'salon', 'csv')).toBe('7A 7B tarde.csv');
    expect(classroomFileName('  ', 'salon', 'csv')).toBe('salon.csv');
  });
});

describe('visibleSections', () => {
  it.each([
    ['nothing given', undefined, CLASSROOM_OVERVIEW_SECTIONS],
    ['an empty list', [], CLASSROOM_OVERVIEW_SECTIONS],
    ['one section', ['students'], ['students']],
    ['a list out of order, repeated', ['students', 'progress', 'students'], ['progress', 'students']],
    ['names separated by spaces', 'weekly  assignments', ['weekly', 'assignments']],
    ['names separated by commas', 'students,progress', ['progress', 'students']],
    ['names in capitals', 'Assignments', ['assignments']],
    ['unknown names beside known ones', 'grades weekly', ['weekly']],
    ['only unknown names', 'grades', CLASSROOM_OVERVIEW_SECTIONS],
    ['an empty attribute', '', CLASSROOM_OVERVIEW_SECTIONS],
  ] as const)('shows %s in the fixed order', (_, sections, expected) => {
    expect(visibleSections(sections)).toEqual(expected);
  });
});
