import { describe, expect, it } from 'vitest';
import {
  activityTotals,
  averageTimePerStudent,
  compareNumeration,
  effectiveDeadline,
  formatDateDmy,
  formatDateSlash,
  formatDateSlashShort,
  formatDateTimeDmy,
  formatDuration,
  isModuleActive,
  isPublished,
  progressPercent,
  sortByNumeration,
  splitDuration,
  type Numeration,
} from './rules';

describe('progressPercent', () => {
  it.each([
    [0, 0, 0],
    [3, 0, 0],
    [0, 4, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [4, 4, 100],
    [5, 4, 100],
    [-1, 4, 0],
    [Number.NaN, 4, 0],
    [1, Number.POSITIVE_INFINITY, 0],
  ])('%s of %s completed is %s%%', (completed, total, expected) => {
    expect(progressPercent(completed, total)).toBe(expected);
  });
});

describe('durations', () => {
  it.each([
    [0, { hours: 0, minutes: 0, seconds: 0 }, '0 s'],
    [45, { hours: 0, minutes: 0, seconds: 45 }, '45 s'],
    [59.4, { hours: 0, minutes: 0, seconds: 59 }, '59 s'],
    [59.6, { hours: 0, minutes: 1, seconds: 0 }, '1 min 0 s'],
    [60, { hours: 0, minutes: 1, seconds: 0 }, '1 min 0 s'],
    [125, { hours: 0, minutes: 2, seconds: 5 }, '2 min 5 s'],
    [3599, { hours: 0, minutes: 59, seconds: 59 }, '59 min 59 s'],
    [3600, { hours: 1, minutes: 0, seconds: 0 }, '1 h 0 min 0 s'],
    [3723, { hours: 1, minutes: 2, seconds: 3 }, '1 h 2 min 3 s'],
    [90000, { hours: 25, minutes: 0, seconds: 0 }, '25 h 0 min 0 s'],
    [-5, { hours: 0, minutes: 0, seconds: 0 }, '0 s'],
    [Number.NaN, { hours: 0, minutes: 0, seconds: 0 }, '0 s'],
  ])('%s seconds split into %o and read %s', (seconds, parts, text) => {
    expect(splitDuration(seconds)).toEqual(parts);
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('deadlines and publication', () => {
  const now = new Date('2025-05-10T12:00:00Z');
  const earlier = new Date('2025-05-10T11:59:59Z');
  const later = new Date('2025-05-10T12:00:01Z');

  it.each([
    ['no deadline', null, true],
    ['a deadline in the future', later, true],
    ['a deadline right now', now, false],
    ['a deadline in the past', earlier, false],
  ])('a module with %s is active: %s', (_title, deadline, expected) => {
    expect(isModuleActive(deadline, now)).toBe(expected);
  });

  it.each([
    ['no publish date', null, true],
    ['a publish date in the past', earlier, true],
    ['a publish date right now', now, true],
    ['a publish date in the future', later, false],
  ])('a module with %s is visible: %s', (_title, publishDate, expected) => {
    expect(isPublished(publishDate, now)).toBe(expected);
  });

  it.each([
    ['the student deadline when both are set', earlier, later, later],
    ['the student deadline when only it is set', null, later, later],
    ['the classroom deadline when the student has none', earlier, null, earlier],
    ['the classroom deadline when the student deadline is undefined', earlier, undefined, earlier],
    ['no deadline when neither is set', null, null, null],
  ])('applies %s', (_title, classroom, student, expected) => {
    expect(effectiveDeadline(classroom, student)).toBe(expected);
  });
});

describe('numeration order', () => {
  it.each<[Numeration, Numeration, '<' | '>' | '=']>([
    ['2', '10', '<'],
    ['10', '2', '>'],
    [' 3 ', '3', '='],
    ['1.5', '2', '<'],
    [4, '5', '<'],
    ['7', 'A', '<'],
    ['A', '7', '>'],
    ['7', null, '<'],
    [undefined, '7', '>'],
    ['A', 'B', '='],
    [null, 'A', '='],
    ['', '1', '>'],
  ])('%j sorts %s %j', (a, b, expected) => {
    const result = compareNumeration(a, b);
    expect(result < 0 ? '<' : result > 0 ? '>' : '=').toBe(expected);
  });

  it('puts numeric numerations first, ascending, and keeps the others in their original order', () => {
    const items = [
      { id: 'a', numeration: 'B' },
      { id: 'b', numeration: '10' },
      { id: 'c', numeration: null },
      { id: 'd', numeration: '2' },
      { id: 'e', numeration: 'A' },
      { id: 'f', numeration: '2' },
    ];
    const sorted = sortByNumeration(items, (item) => item.numeration);
    expect(sorted.map((item) => item.id)).toEqual(['d', 'f', 'b', 'a', 'c', 'e']);
    expect(items[0]?.id).toBe('a');
  });
});

describe('activity results', () => {
  it.each([
    [
      'a classroom where some slots were solved and some attempted',
      { numerals: 4, students: 5, completed: 8, attempted: 2 },
      {
        totalSlots: 20,
        completed: 8,
        attempted: 2,
        notAttempted: 10,
        completedPercent: 40,
        attemptedPercent: 10,
        notAttemptedPercent: 50,
      },
    ],
    [
      'a module nobody opened',
      { numerals: 3, students: 2, completed: 0, attempted: 0 },
      {
        totalSlots: 6,
        completed: 0,
        attempted: 0,
        notAttempted: 6,
        completedPercent: 0,
        attemptedPercent: 0,
        notAttemptedPercent: 100,
      },
    ],
    [
      'a classroom without students',
      { numerals: 3, students: 0, completed: 0, attempted: 0 },
      {
        totalSlots: 0,
        completed: 0,
        attempted: 0,
        notAttempted: 0,
        completedPercent: 0,
        attemptedPercent: 0,
        notAttemptedPercent: 0,
      },
    ],
    [
      'thirds, each rounded on its own',
      { numerals: 1, students: 3, completed: 1, attempted: 1 },
      {
        totalSlots: 3,
        completed: 1,
        attempted: 1,
        notAttempted: 1,
        completedPercent: 33,
        attemptedPercent: 33,
        notAttemptedPercent: 33,
      },
    ],
    [
      'more stats than slots (a student who left), never a negative remainder',
      { numerals: 1, students: 1, completed: 1, attempted: 1 },
      {
        totalSlots: 1,
        completed: 1,
        attempted: 1,
        notAttempted: 0,
        completedPercent: 100,
        attemptedPercent: 100,
        notAttemptedPercent: 0,
      },
    ],
  ])('counts %s', (_title, { numerals, students, completed, attempted }, expected) => {
    const stats = [
      ...Array.from({ length: completed }, () => ({ completed: true })),
      ...Array.from({ length: attempted }, () => ({ completed: false })),
    ];
    expect(activityTotals({ numerals, students, stats })).toEqual(expected);
  });

  it.each([
    [600, 4, 150],
    [100, 3, 33],
    [200, 3, 67],
    [100, 0, 0],
    [0, 5, 0],
  ])('%s seconds over %s students is %s seconds each', (total, students, expected) => {
    expect(averageTimePerStudent(total, students)).toBe(expected);
  });
});

describe('date formats', () => {
  const date = new Date('2025-03-07T04:05:00Z');

  it.each([
    ['DD-MM-YYYY', formatDateDmy, 'UTC', '07-03-2025'],
    ['DD-MM-YYYY HH:mm', formatDateTimeDmy, 'UTC', '07-03-2025 04:05'],
    ['DD/MM/YYYY', formatDateSlash, 'UTC', '07/03/2025'],
    ['DD/MM/YY', formatDateSlashShort, 'UTC', '07/03/25'],
    ['DD-MM-YYYY in Bogotá, the day before', formatDateDmy, 'America/Bogota', '06-03-2025'],
    ['DD-MM-YYYY HH:mm in Bogotá', formatDateTimeDmy, 'America/Bogota', '06-03-2025 23:05'],
  ])('writes %s', (_title, format, timeZone, expected) => {
    expect(format(date, { timeZone })).toBe(expected);
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatDateTimeDmy(new Date('2025-12-31T00:00:00Z'), { timeZone: 'UTC' })).toBe('31-12-2025 00:00');
  });

  it('uses the local time zone by default', () => {
    const local = new Date(2025, 0, 2, 9, 30);
    expect(formatDateTimeDmy(local)).toBe('02-01-2025 09:30');
  });

  it('refuses an invalid date with a RangeError', () => {
    expect(() => formatDateDmy(new Date('not a date'))).toThrow(RangeError);
  });
});
