import { formatDuration, type ClassroomOverview, type ClassroomStudentProgress } from '@kib/core';
import { excelFileName, type SheetRow, type SortState } from '../activity-results/activity-results.logic';
import { dateTimeText } from '../dashboard/dashboard.logic';
import type { Translate } from '../shared/i18n';
import type { ClassroomOverviewSection } from './classroom-overview.types';

/** The sheet name of the classroom's Excel export, the same in every language. */
export const CLASSROOM_SHEET_NAME = 'Classroom Results';

/** Every section of the overview, in the order they are shown. */
export const CLASSROOM_OVERVIEW_SECTIONS: readonly ClassroomOverviewSection[] = [
  'progress',
  'weekly',
  'assignments',
  'students',
];

/**
 * The sections to show, in their fixed order, from a list or from an attribute's names separated by
 * spaces or commas. Unknown names are ignored; when none is known (or none is given) all are shown.
 */
export function visibleSections(
  sections: readonly string[] | string | null | undefined,
): readonly ClassroomOverviewSection[] {
  const names = typeof sections === 'string' ? sections.split(/[\s,]+/) : (sections ?? []);
  const wanted = new Set(names.map((name) => String(name).trim().toLowerCase()));
  const shown = CLASSROOM_OVERVIEW_SECTIONS.filter((section) => wanted.has(section));
  return shown.length > 0 ? shown : CLASSROOM_OVERVIEW_SECTIONS;
}

/** The sortable columns of the students table. */
export type ClassroomStudentSortKey = 'lastName' | 'firstName' | 'progress' | 'totalTime' | 'lastAttempt';

/** The students table's first order: by last name, A to Z. */
export const DEFAULT_STUDENT_SORT: SortState<ClassroomStudentSortKey> = {
  key: 'lastName',
  direction: 'ascending',
};

/**
 * The students ordered by a column (spec 03: a click on a header sorts, a second click reverses).
 * Names compare in `locale`'s alphabet, ignoring case and accents; a student with no name or no
 * attempt yet stays at the bottom whichever the direction. Ties fall back to last name, first
 * name, then id, so the order never depends on the data's.
 */
export function sortClassroomStudents(
  rows: readonly ClassroomStudentProgress[],
  sort: SortState<ClassroomStudentSortKey>,
  locale: string,
): ClassroomStudentProgress[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const byName = (a: ClassroomStudentProgress, b: ClassroomStudentProgress) =>
    collator.compare(a.lastName.trim(), b.lastName.trim()) ||
    collator.compare(a.firstName.trim(), b.firstName.trim()) ||
    a.id - b.id;
  const compareText = (left: string, right: string) => {
    if (!left || !right) return Number(!left) - Number(!right);
    return sign * collator.compare(left, right);
  };
  const compareNumber = (left: number | null, right: number | null) => {
    if (left === null || right === null) return Number(left === null) - Number(right === null);
    return sign * (left - right);
  };
  const attemptTime = (row: ClassroomStudentProgress) => {
    const time = row.lastAttempt ? Date.parse(row.lastAttempt) : NaN;
    return Number.isNaN(time) ? null : time;
  };
  return [...rows].sort((a, b) => {
    let order: number;
    switch (sort.key) {
      case 'lastName':
        order = compareText(a.lastName.trim(), b.lastName.trim());
        break;
      case 'firstName':
        order = compareText(a.firstName.trim(), b.firstName.trim());
        break;
      case 'lastAttempt':
        order = compareNumber(attemptTime(a), attemptTime(b));
        break;
      default:
        order = compareNumber(a[sort.key], b[sort.key]);
    }
    return order || byName(a, b);
  });
}

/**
 * The rows of the classroom's Excel export (sheet {@link CLASSROOM_SHEET_NAME}): a translated
 * header, then first name, last name, e-mail, progress %, total time (h/min/s) and last attempt
 * (`DD-MM-YYYY HH:mm`, empty when none) of every student, by last name.
 */
export function classroomSheetRows(data: ClassroomOverview, t: Translate, locale: string): SheetRow[] {
  const header: SheetRow = [
    t('classroom-overview.first-name'),
    t('classroom-overview.last-name'),
    t('classroom-overview.email'),
    t('classroom-overview.progress-percent'),
    t('classroom-overview.total-time'),
    t('classroom-overview.last-attempt'),
  ];
  const students = sortClassroomStudents(data.students, DEFAULT_STUDENT_SORT, locale);
  return [
    header,
    ...students.map((s) => [
      s.firstName,
      s.lastName,
      s.email,
      s.progress,
      formatDuration(s.totalTime),
      dateTimeText(s.lastAttempt) ?? '',
    ]),
  ];
}

/**
 * The rows of the gradebook CSV (for an LMS's grade import): a translated header, then first name,
 * last name, e-mail and progress % of every student, by last name.
 */
export function gradebookRows(data: ClassroomOverview, t: Translate, locale: string): SheetRow[] {
  const header: SheetRow = [
    t('classroom-overview.first-name'),
    t('classroom-overview.last-name'),
    t('classroom-overview.email'),
    t('classroom-overview.progress-percent'),
  ];
  const students = sortClassroomStudents(data.students, DEFAULT_STUDENT_SORT, locale);
  return [header, ...students.map((s) => [s.firstName, s.lastName, s.email, s.progress])];
}

/** The export's file name from the classroom's name, with `extension` (`xlsx` or `csv`). */
export function classroomFileName(name: string, fallback: string, extension: 'xlsx' | 'csv'): string {
  return excelFileName(name, fallback).replace(/\.xlsx$/, `.${extension}`);
}
