/**
 * Pure business rules of the spec: progress, time formatting, deadlines, numeration order,
 * activity totals and date formats. No I/O, no clock: callers pass `now`.
 */

function finiteOrZero(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/**
 * The rounded percentage of `completed` over `total` (spec 01 §9), clamped to 0–100; 0 when the
 * total is 0 or not a positive number.
 */
export function progressPercent(completed: number, total: number): number {
  const safeTotal = finiteOrZero(total);
  if (safeTotal <= 0) return 0;
  const ratio = Math.max(0, Math.min(finiteOrZero(completed), safeTotal)) / safeTotal;
  return Math.round(ratio * 100);
}

/** A duration split into whole hours, minutes and seconds. */
export interface DurationParts {
  /** Whole hours. */
  hours: number;
  /** Whole minutes left after the hours (0–59). */
  minutes: number;
  /** Whole seconds left after the minutes (0–59). */
  seconds: number;
}

/** Splits a number of seconds (rounded to a whole second; negative or invalid counts as 0). */
export function splitDuration(totalSeconds: number): DurationParts {
  const whole = Math.max(0, Math.round(finiteOrZero(totalSeconds)));
  return {
    hours: Math.floor(whole / 3600),
    minutes: Math.floor((whole % 3600) / 60),
    seconds: whole % 60,
  };
}

/**
 * A compact duration following spec 01 §9: under 60 s only seconds (`45 s`), under 3600 s minutes
 * and seconds (`2 min 5 s`), otherwise hours, minutes and seconds (`1 h 0 min 3 s`). The unit
 * symbols are the same in Spanish and English.
 */
export function formatDuration(totalSeconds: number): string {
  const { hours, minutes, seconds } = splitDuration(totalSeconds);
  if (hours > 0) return `${hours} h ${minutes} min ${seconds} s`;
  if (minutes > 0) return `${minutes} min ${seconds} s`;
  return `${seconds} s`;
}

/**
 * True while a module accepts recorded answers: its deadline is absent or still in the future
 * (spec 01 §4). At the deadline instant the module is no longer active.
 */
export function isModuleActive(deadline: Date | null | undefined, now: Date): boolean {
  return deadline == null || deadline.getTime() > now.getTime();
}

/** True once a module or classroom is visible: no publish date, or the publish date has been reached. */
export function isPublished(publishDate: Date | null | undefined, now: Date): boolean {
  return publishDate == null || publishDate.getTime() <= now.getTime();
}

/**
 * The deadline that applies to a student: the student-module deadline when set, which overrides the
 * classroom deadline (spec 01 §3), otherwise the classroom deadline (null for none).
 */
export function effectiveDeadline(
  classroomDeadline: Date | null | undefined,
  studentModuleDeadline: Date | null | undefined,
): Date | null {
  return studentModuleDeadline ?? classroomDeadline ?? null;
}

/** A numeration as stored: usually a numeric string, but possibly free text, a number or absent. */
export type Numeration = string | number | null | undefined;

const NUMERIC_NUMERATION = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function numerationValue(numeration: Numeration): number | null {
  if (typeof numeration === 'number') return Number.isFinite(numeration) ? numeration : null;
  if (typeof numeration !== 'string') return null;
  const trimmed = numeration.trim();
  return NUMERIC_NUMERATION.test(trimmed) ? Number(trimmed) : null;
}

/**
 * Orders numerations: numeric ones ascending by value (`'2'` before `'10'`), then the non-numeric
 * and missing ones, which compare equal among themselves so a stable sort keeps their order.
 */
export function compareNumeration(a: Numeration, b: Numeration): number {
  const left = numerationValue(a);
  const right = numerationValue(b);
  if (left === null && right === null) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return left - right;
}

/**
 * A new array of the items ordered by their numeration (spec 01 §2, spec 02 §4): numeric first,
 * ascending; non-numeric or missing last; ties keep their original order.
 */
export function sortByNumeration<T>(items: readonly T[], numerationOf: (item: T) => Numeration): T[] {
  return items
    .map((item, index) => ({ item, index, numeration: numerationOf(item) }))
    .sort((a, b) => compareNumeration(a.numeration, b.numeration) || a.index - b.index)
    .map(({ item }) => item);
}

/** The numbers behind a teacher's activity results (spec 03 §5). */
export interface ActivityTotals {
  /** Numerals × students. */
  totalSlots: number;
  /** Stats marked completed. */
  completed: number;
  /** Stats not completed: attempted but unsolved. */
  attempted: number;
  /** The remaining slots. */
  notAttempted: number;
  /** Rounded percentage of completed slots. */
  completedPercent: number;
  /** Rounded percentage of attempted slots. */
  attemptedPercent: number;
  /** Rounded percentage of not-attempted slots. */
  notAttemptedPercent: number;
}

/** What {@link activityTotals} counts from. */
export interface ActivityTotalsInput {
  /** Numerals in the module. */
  numerals: number;
  /** Students of the classroom or activity. */
  students: number;
  /** One stat per (student, numeral) that has at least one attempt. */
  stats: readonly { completed: boolean }[];
}

/**
 * Solved / attempted / not-attempted counts and rounded percentages (spec 03 §5): total slots =
 * numerals × students; completed = stats completed; attempted = stats not completed; the remainder
 * (never negative) is not attempted. Percentages are rounded each on its own.
 */
export function activityTotals({ numerals, students, stats }: ActivityTotalsInput): ActivityTotals {
  const totalSlots =
    Math.max(0, Math.floor(finiteOrZero(numerals))) * Math.max(0, Math.floor(finiteOrZero(students)));
  const completed = stats.filter((stat) => stat.completed).length;
  const attempted = stats.length - completed;
  const notAttempted = Math.max(0, totalSlots - completed - attempted);
  return {
    totalSlots,
    completed,
    attempted,
    notAttempted,
    completedPercent: progressPercent(completed, totalSlots),
    attemptedPercent: progressPercent(attempted, totalSlots),
    notAttemptedPercent: progressPercent(notAttempted, totalSlots),
  };
}

/** Total answer time divided by the number of students, rounded (spec 03 §9); 0 without students. */
export function averageTimePerStudent(totalAnswerTime: number, students: number): number {
  const count = finiteOrZero(students);
  if (count <= 0) return 0;
  return Math.round(finiteOrZero(totalAnswerTime) / count);
}

/** Options of the date formatters. */
export interface DateFormatOptions {
  /** An IANA time zone such as `America/Bogota`; the runtime's local zone when absent. */
  timeZone?: string;
}

interface CalendarParts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

function calendarParts(date: Date, options: DateFormatOptions): CalendarParts {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts: CalendarParts = { day: '', month: '', year: '', hour: '', minute: '' };
  for (const part of formatter.formatToParts(date)) {
    if (part.type === 'day' || part.type === 'month' || part.type === 'hour' || part.type === 'minute') {
      parts[part.type] = part.value.padStart(2, '0');
    } else if (part.type === 'year') {
      parts.year = part.value.padStart(4, '0');
    }
  }
  return parts;
}

/** `DD-MM-YYYY`, as creator views show dates. Throws a RangeError for an invalid date. */
export function formatDateDmy(date: Date, options: DateFormatOptions = {}): string {
  const { day, month, year } = calendarParts(date, options);
  return `${day}-${month}-${year}`;
}

/** `DD-MM-YYYY HH:mm` (24-hour clock), as deadlines are shown. Throws a RangeError for an invalid date. */
export function formatDateTimeDmy(date: Date, options: DateFormatOptions = {}): string {
  const { day, month, year, hour, minute } = calendarParts(date, options);
  return `${day}-${month}-${year} ${hour}:${minute}`;
}

/** `DD/MM/YYYY`, as the module list shows dates. Throws a RangeError for an invalid date. */
export function formatDateSlash(date: Date, options: DateFormatOptions = {}): string {
  const { day, month, year } = calendarParts(date, options);
  return `${day}/${month}/${year}`;
}

/** `DD/MM/YY`, as open activities show dates (spec 02 §9). Throws a RangeError for an invalid date. */
export function formatDateSlashShort(date: Date, options: DateFormatOptions = {}): string {
  const { day, month, year } = calendarParts(date, options);
  return `${day}/${month}/${year.slice(-2)}`;
}
