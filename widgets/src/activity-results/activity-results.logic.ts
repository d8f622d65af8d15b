import {
  activityTotals,
  averageTimePerStudent,
  compareNumeration,
  progressPercent,
  sortByNumeration,
  type ActivityTotals,
  type Numeration,
} from '@kib/core';
import type * as Xlsx from '@e965/xlsx';
import type { Translate } from '../shared/i18n';
import type { ActivityResultsData, NumeralStat, ResultsStudent } from './activity-results.types';

/** The sheet name of the Excel export (spec 03 §9), the same in every language. */
export const RESULTS_SHEET_NAME = 'Assignment Results';

/** Characters added to the longest text of a column to size it in the Excel export (spec 03 §9). */
export const EXCEL_EXTRA_LENGTH = 3;

/** Where a student stands on a numeral or a problem. */
export type ProgressStatus = 'completed' | 'attempted' | 'not-attempted';

/** A student's record on one numeral, with no stat read as not attempted. */
export interface NumeralProgress {
  /** The numeral. */
  numeralId: number;
  /** Its number inside the problem. */
  number: number;
  /** Completed, attempted (a stat that is not completed) or not attempted (no stat). */
  status: ProgressStatus;
  /** Attempts recorded. */
  attempts: number;
  /** Answer time in seconds. */
  answerTime: number;
  /** The last attempt as sent (ISO 8601), or null. */
  lastAttemptDate: string | null;
}

/** A student's progress on one problem. */
export interface ProblemProgress {
  /** Numerals of the problem, by number. */
  numerals: NumeralProgress[];
  /** Completed numerals. */
  completed: number;
  /** Completed when every numeral is, not attempted when none has a stat, attempted otherwise. */
  status: ProgressStatus;
  /** Rounded percent of completed numerals. */
  progress: number;
  /** Attempts over the numerals. */
  attempts: number;
  /** Answer time over the numerals, in seconds. */
  answerTime: number;
  /** The latest attempt over the numerals (ISO 8601), or null. */
  lastAttemptDate: string | null;
}

/** One row of the Students tab. */
export interface StudentResult {
  /** The student id. */
  id: number;
  /** Position in the data, from 1: the number column. */
  number: number;
  /** First name as sent. */
  firstName: string;
  /** Last name as sent. */
  lastName: string;
  /** Personal code, '' when absent. */
  code: string;
  /** First and last name joined, '' for an anonymous student. */
  fullName: string;
  /** Completed numerals of the assignment. */
  completed: number;
  /** Rounded percent of the assignment's numerals completed (spec 01 §9). */
  progress: number;
  /** Answer time over the assignment, in seconds. */
  totalTime: number;
  /** Attempts over the assignment. */
  attempts: number;
  /** Progress per problem, problems in numeration order. */
  problems: (ProblemProgress & { problemId: number })[];
}

/** One student's line inside an expanded problem. */
export interface ProblemStudentProgress extends ProblemProgress {
  /** The student id. */
  studentId: number;
  /** The student's number. */
  number: number;
  /** The student's full name ('' for anonymous). */
  fullName: string;
  /** The student's code ('' when absent). */
  code: string;
}

/** One row of the Problems tab. */
export interface ProblemResult {
  /** The problem id. */
  id: number;
  /** Position in numeration order, from 1. */
  position: number;
  /** Numeration as sent. */
  numeration: Numeration;
  /** Title. */
  title: string;
  /** Numerals of the problem. */
  numeralCount: number;
  /** Students who completed every numeral. */
  completedStudents: number;
  /** Students who attempted without completing. */
  attemptedStudents: number;
  /** Rounded percent of the problem's slots (numerals × students) completed. */
  progress: number;
  /** Answer time of all students on the problem, in seconds. */
  totalTime: number;
  /** `totalTime` per student, rounded. */
  averageTime: number;
  /** Each student's progress on the problem, in data order. */
  students: ProblemStudentProgress[];
}

/** Everything the results view shows, derived from the data. */
export interface ActivityResultsSummary {
  /** Completed / attempted / not attempted slots (spec 03 §5). */
  totals: ActivityTotals;
  /** Numerals of the assignment. */
  totalNumerals: number;
  /** Total answer time ÷ students, rounded, in seconds. */
  averageTime: number;
  /** Students in data order. */
  students: StudentResult[];
  /** Problems in numeration order. */
  problems: ProblemResult[];
}

function statusOf(completed: number, withStat: number, total: number): ProgressStatus {
  if (total > 0 && completed === total) return 'completed';
  return withStat > 0 ? 'attempted' : 'not-attempted';
}

function latest(dates: readonly (string | null)[]): string | null {
  let best: string | null = null;
  let bestTime = -Infinity;
  for (const date of dates) {
    if (date == null) continue;
    const time = Date.parse(date);
    if (time > bestTime) {
      best = date;
      bestTime = time;
    }
  }
  return best;
}

function problemProgress(
  numerals: readonly { id: number; number: number }[],
  stats: ReadonlyMap<number, NumeralStat>,
): ProblemProgress {
  const rows: NumeralProgress[] = [...numerals]
    .sort((a, b) => a.number - b.number)
    .map((numeral) => {
      const stat = stats.get(numeral.id);
      return {
        numeralId: numeral.id,
        number: numeral.number,
        status: stat ? (stat.completed ? 'completed' : 'attempted') : 'not-attempted',
        attempts: stat?.attempts ?? 0,
        answerTime: stat?.answerTime ?? 0,
        lastAttemptDate: stat?.lastAttemptDate ?? null,
      };
    });
  const completed = rows.filter((row) => row.status === 'completed').length;
  const withStat = rows.filter((row) => row.status !== 'not-attempted').length;
  return {
    numerals: rows,
    completed,
    status: statusOf(completed, withStat, rows.length),
    progress: progressPercent(completed, rows.length),
    attempts: rows.reduce((sum, row) => sum + row.attempts, 0),
    answerTime: rows.reduce((sum, row) => sum + row.answerTime, 0),
    lastAttemptDate: latest(rows.map((row) => row.lastAttemptDate)),
  };
}

/** A student's first and last names joined with a space, trimmed ('' when both are empty). */
export function fullName(student: Pick<ResultsStudent, 'firstName' | 'lastName'>): string {
  return [student.firstName.trim(), student.lastName.trim()].filter(Boolean).join(' ');
}

/**
 * Derives every number of the results view (spec 03): per student and per problem progress, the
 * class totals over numerals × students slots, and the average time per student. Stats of numerals
 * that are not in the assignment are ignored.
 */
export function summarizeResults(data: ActivityResultsData): ActivityResultsSummary {
  const problems = sortByNumeration(data.problems, (problem) => problem.numeration);
  const numeralIds = new Set(problems.flatMap((problem) => problem.numerals.map((numeral) => numeral.id)));
  const totalNumerals = numeralIds.size;

  const relevantStats: NumeralStat[] = [];
  const students: StudentResult[] = data.students.map((student, index) => {
    const stats = new Map<number, NumeralStat>();
    for (const stat of student.stats) {
      if (!numeralIds.has(stat.numeralId)) continue;
      stats.set(stat.numeralId, stat);
      relevantStats.push(stat);
    }
    const perProblem = problems.map((problem) => ({
      problemId: problem.id,
      ...problemProgress(problem.numerals, stats),
    }));
    const completed = perProblem.reduce((sum, row) => sum + row.completed, 0);
    return {
      id: student.id,
      number: index + 1,
      firstName: student.firstName,
      lastName: student.lastName,
      code: student.studentCode?.trim() ?? '',
      fullName: fullName(student),
      completed,
      progress: progressPercent(completed, totalNumerals),
      totalTime: perProblem.reduce((sum, row) => sum + row.answerTime, 0),
      attempts: perProblem.reduce((sum, row) => sum + row.attempts, 0),
      problems: perProblem,
    };
  });

  const problemResults: ProblemResult[] = problems.map((problem, index) => {
    const rows: ProblemStudentProgress[] = students.map((student) => {
      const progress = student.problems[index]!;
      return {
        ...progress,
        studentId: student.id,
        number: student.number,
        fullName: student.fullName,
        code: student.code,
      };
    });
    const completedSlots = rows.reduce((sum, row) => sum + row.completed, 0);
    const totalTime = rows.reduce((sum, row) => sum + row.answerTime, 0);
    return {
      id: problem.id,
      position: index + 1,
      numeration: problem.numeration,
      title: problem.title,
      numeralCount: problem.numerals.length,
      completedStudents: rows.filter((row) => row.status === 'completed').length,
      attemptedStudents: rows.filter((row) => row.status === 'attempted').length,
      progress: progressPercent(completedSlots, problem.numerals.length * rows.length),
      totalTime,
      averageTime: averageTimePerStudent(totalTime, rows.length),
      students: rows,
    };
  });

  const totalTime = students.reduce((sum, student) => sum + student.totalTime, 0);
  return {
    totals: activityTotals({ numerals: totalNumerals, students: students.length, stats: relevantStats }),
    totalNumerals,
    averageTime: averageTimePerStudent(totalTime, students.length),
    students,
    problems: problemResults,
  };
}

/** Ascending or descending, named as `aria-sort` names them. */
export type SortDirection = 'ascending' | 'descending';

/** A sorted column and its direction. */
export interface SortState<Key extends string> {
  /** The column. */
  key: Key;
  /** Its direction. */
  direction: SortDirection;
}

/** The sortable columns of the Students tab. */
export type StudentSortKey = 'number' | 'firstName' | 'lastName' | 'code' | 'progress' | 'totalTime';

/** The sortable columns of the Problems tab. */
export type ProblemSortKey =
  'numeration' | 'title' | 'numeralCount' | 'completedStudents' | 'progress' | 'averageTime';

/**
 * The sort after a click on a column header (spec 03): the sorted column toggles between ascending
 * and descending; another column starts ascending.
 */
export function toggleSort<Key extends string>(current: SortState<Key>, key: Key): SortState<Key> {
  if (current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

type Comparable = { kind: 'text'; value: string } | { kind: 'number'; value: number };

function sortRows<Row, Key extends string>(
  rows: readonly Row[],
  sort: SortState<Key>,
  valueOf: (row: Row, key: Key) => Comparable,
  tieBreak: (a: Row, b: Row) => number,
  locale: string,
): Row[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = valueOf(a, sort.key);
    const right = valueOf(b, sort.key);
    let order = 0;
    if (left.kind === 'text' && right.kind === 'text') {
      // Empty texts (no code, no name) stay at the bottom whichever the direction.
      if (!left.value || !right.value) order = Number(!left.value) - Number(!right.value);
      else order = sign * collator.compare(left.value, right.value);
    } else {
      order = sign * (Number(left.value) - Number(right.value));
    }
    return order || tieBreak(a, b);
  });
}

const text = (value: string): Comparable => ({ kind: 'text', value: value.trim() });
const num = (value: number): Comparable => ({ kind: 'number', value });

/** The students ordered by a column; ties keep the number order. `locale` drives text order. */
export function sortStudents(
  rows: readonly StudentResult[],
  sort: SortState<StudentSortKey>,
  locale: string,
): StudentResult[] {
  return sortRows(
    rows,
    sort,
    (row, key) =>
      key === 'firstName' || key === 'lastName' || key === 'code' ? text(row[key]) : num(row[key]),
    (a, b) => a.number - b.number,
    locale,
  );
}

/**
 * The problems ordered by a column; numeration uses the numeration rule of spec 01 (numeric
 * ascending, others last). Ties keep the numeration order. `locale` drives text order.
 */
export function sortProblems(
  rows: readonly ProblemResult[],
  sort: SortState<ProblemSortKey>,
  locale: string,
): ProblemResult[] {
  if (sort.key === 'numeration') {
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort(
      (a, b) => sign * (compareNumeration(a.numeration, b.numeration) || a.position - b.position),
    );
  }
  return sortRows(
    rows,
    sort,
    (row, key) =>
      key === 'title' ? text(row.title) : num(row[key as Exclude<ProblemSortKey, 'numeration' | 'title'>]),
    (a, b) => a.position - b.position,
    locale,
  );
}

/** One spreadsheet row: texts and numbers. */
export type SheetRow = (string | number)[];

/**
 * The rows of the Excel export (spec 03): a translated header, then first name, last name, code and
 * progress % of every student in data order.
 */
export function resultRows(data: ActivityResultsData, t: Translate): SheetRow[] {
  const header: SheetRow = [
    t('activity-results.first-name'),
    t('activity-results.last-name'),
    t('activity-results.code'),
    t('activity-results.progress-percent'),
  ];
  const { students } = summarizeResults(data);
  return [header, ...students.map((s) => [s.firstName, s.lastName, s.code, s.progress])];
}

/** Column widths in characters: the longest text of each column plus {@link EXCEL_EXTRA_LENGTH}. */
export function columnWidths(rows: readonly SheetRow[]): number[] {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? 0, String(cell).length + EXCEL_EXTRA_LENGTH);
    });
  return widths;
}

// Characters Windows, macOS or Linux refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_CHARACTERS = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/**
 * The Excel file name from the assignment name: unsafe characters dropped, spaces collapsed,
 * at most 100 characters, `fallback` when nothing is left, always ending in `.xlsx`.
 */
export function excelFileName(assignmentName: string, fallback: string): string {
  const cleaned = assignmentName
    .replace(UNSAFE_FILE_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${cleaned || fallback}.xlsx`;
}

/** The SheetJS module (`@e965/xlsx`), passed in so that it stays a lazy chunk. */
export type XlsxModule = typeof Xlsx;

/** An .xlsx file of `rows` in one sheet (named {@link RESULTS_SHEET_NAME} by default), with sized columns. */
export function workbookBytes(
  xlsx: XlsxModule,
  rows: readonly SheetRow[],
  sheetName: string = RESULTS_SHEET_NAME,
): ArrayBuffer {
  const sheet = xlsx.utils.aoa_to_sheet(rows as SheetRow[]);
  sheet['!cols'] = columnWidths(rows).map((wch) => ({ wch }));
  const book = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(book, sheet, sheetName);
  return xlsx.write(book, { bookType: 'xlsx', type: 'array', compression: true }) as ArrayBuffer;
}
