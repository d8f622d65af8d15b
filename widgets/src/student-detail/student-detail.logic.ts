import {
  progressPercent,
  sortByNumeration,
  type NumeralPhoto,
  type StudentAssignment,
  type StudentDetail,
} from '@kib/core';
import { deadlinePassed, latestDate, type ProgressStatus } from '../dashboard/dashboard.logic';

/** A numeral as the assignment detail lists it. */
export interface NumeralRow {
  /** The numeral. */
  id: number;
  /** Its number inside the problem. */
  number: number;
  /** Completed; attempted (an attempt or time recorded, not completed); or not attempted. */
  status: ProgressStatus;
  /** Attempts recorded. */
  attempts: number;
  /** Answer time in seconds. */
  answerTime: number;
  /** The last attempt (ISO 8601), or null. */
  lastAttemptDate: string | null;
  /** Photos of their work the student sent from a phone, oldest first. */
  photos: NumeralPhoto[];
}

/** A problem of an assignment with the student's record on it. */
export interface ProblemRow {
  /** The problem. */
  id: number;
  /** `numeration. title` (the position stands in for a missing numeration). */
  label: string;
  /** Its numerals, by number. */
  numerals: NumeralRow[];
  /** Completed numerals. */
  completed: number;
  /** Completed when every numeral is, not attempted when none was tried, attempted otherwise. */
  status: ProgressStatus;
  /** Rounded percent of completed numerals. */
  progress: number;
  /** Attempts over the numerals. */
  attempts: number;
  /** Answer time over the numerals, in seconds. */
  answerTime: number;
}

/** An assignment as the Assignments tab shows it. */
export interface AssignmentRow extends Pick<
  StudentAssignment,
  'moduleId' | 'name' | 'publishDate' | 'deadline' | 'progress' | 'totalTime' | 'lastAttempt'
> {
  /** The deadline that applies to the student has passed. */
  deadlinePassed: boolean;
  /** Its problems in numeration order. */
  problems: ProblemRow[];
  /** Numerals of the assignment. */
  numeralCount: number;
  /** Numerals the student completed. */
  completedNumerals: number;
  /** Attempts over the assignment. */
  attempts: number;
  /** Where the student stands on the whole assignment. */
  status: ProgressStatus;
}

/** A numeral's status: completed, else attempted when any attempt, time or date was recorded. */
export function numeralStatus(numeral: {
  completed: boolean;
  attempts: number;
  answerTime: number;
  lastAttemptDate: string | null;
}): ProgressStatus {
  if (numeral.completed) return 'completed';
  return numeral.attempts > 0 || numeral.answerTime > 0 || numeral.lastAttemptDate
    ? 'attempted'
    : 'not-attempted';
}

function statusOf(rows: readonly { status: ProgressStatus }[]): ProgressStatus {
  if (rows.length > 0 && rows.every((row) => row.status === 'completed')) return 'completed';
  return rows.some((row) => row.status !== 'not-attempted') ? 'attempted' : 'not-attempted';
}

/**
 * The student's assignments with everything the Assignments tab shows: problems in numeration order
 * with their numerals by number, each with its status, attempts and time; and whether the
 * deadline that applies to the student has passed at `now`.
 */
export function summarizeAssignments(assignments: readonly StudentAssignment[], now: Date): AssignmentRow[] {
  return assignments.map((assignment) => {
    const problems: ProblemRow[] = sortByNumeration(assignment.problems, (problem) => problem.numeration).map(
      (problem, index) => {
        const numerals: NumeralRow[] = [...problem.numerals]
          .sort((a, b) => a.number - b.number)
          .map((numeral) => ({
            id: numeral.id,
            number: numeral.number,
            status: numeralStatus(numeral),
            attempts: numeral.attempts,
            answerTime: numeral.answerTime,
            lastAttemptDate: numeral.lastAttemptDate,
            photos: numeral.photos ?? [],
          }));
        const completed = numerals.filter((numeral) => numeral.status === 'completed').length;
        const numeration = (problem.numeration ?? '').trim() || String(index + 1);
        return {
          id: problem.id,
          label: `${numeration}. ${problem.title}`,
          numerals,
          completed,
          status: statusOf(numerals),
          progress: progressPercent(completed, numerals.length),
          attempts: numerals.reduce((sum, numeral) => sum + numeral.attempts, 0),
          answerTime: numerals.reduce((sum, numeral) => sum + numeral.answerTime, 0),
        };
      },
    );
    const numerals = problems.flatMap((problem) => problem.numerals);
    return {
      moduleId: assignment.moduleId,
      name: assignment.name,
      publishDate: assignment.publishDate,
      deadline: assignment.deadline,
      progress: assignment.progress,
      totalTime: assignment.totalTime,
      lastAttempt: assignment.lastAttempt ?? latestDate(numerals.map((numeral) => numeral.lastAttemptDate)),
      deadlinePassed: deadlinePassed(assignment.deadline, now),
      problems,
      numeralCount: numerals.length,
      completedNumerals: numerals.filter((numeral) => numeral.status === 'completed').length,
      attempts: numerals.reduce((sum, numeral) => sum + numeral.attempts, 0),
      status: statusOf(numerals),
    };
  });
}

/** A student's full name: first and last names joined, trimmed ('' when both are empty). */
export function studentName(student: { firstName: string; lastName: string }): string {
  return [student.firstName.trim(), student.lastName.trim()].filter(Boolean).join(' ');
}

/**
 * The record with each photo's address resolved against the API it was loaded from. Kib answers its
 * own files as root-relative paths (`/media/pictures/…`), right on Kib's pages at whatever host they
 * were opened at, but on a school's page that embeds the widget they would point at the school's
 * site; an address that already is absolute (a CDN's) stays as it is.
 */
export function withPhotosFrom(
  detail: StudentDetail,
  apiBase: string,
  page: string = typeof location === 'undefined' ? 'http://localhost/' : location.href,
): StudentDetail {
  const base = new URL(apiBase, page);
  return {
    ...detail,
    assignments: detail.assignments.map((assignment) => ({
      ...assignment,
      problems: assignment.problems.map((problem) => ({
        ...problem,
        numerals: problem.numerals.map((numeral) =>
          numeral.photos
            ? {
                ...numeral,
                photos: numeral.photos.map((photo) => ({
                  ...photo,
                  pictureUrl: photo.pictureUrl === null ? null : new URL(photo.pictureUrl, base).href,
                })),
              }
            : numeral,
        ),
      })),
    })),
  };
}
