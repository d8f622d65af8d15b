import { formatDateDmy, formatDateTimeDmy, type WeekActivity } from '@kib/core';
import { translate } from '@kib/i18n';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../shared/i18n';
import {
  clampPercent,
  dateText,
  dateTimeText,
  deadlinePassed,
  headingLevel,
  isPlainClick,
  latestDate,
  progressParts,
  scheduled,
  splitPercents,
  weekLabel,
  weeklySummary,
  weeklySummaryText,
} from './dashboard.logic';

const tEs: Translate = (key, params) => translate('es', key, params);
const tEn: Translate = (key, params) => translate('en', key, params);

const week = (
  number: number,
  attempts: number,
  activeStudents: number,
  start = '2026-11-16',
): WeekActivity => ({
  week: number,
  start,
  attempts,
  activeStudents,
});

describe('splitPercents', () => {
  it.each([
    [
      [1, 1, 1],
      [34, 33, 33],
    ],
    [
      [2, 1, 0],
      [67, 33, 0],
    ],
    [
      [1, 2, 3],
      [17, 33, 50],
    ],
    [
      [0, 0, 7],
      [0, 0, 100],
    ],
    [
      [45, 30, 25],
      [45, 30, 25],
    ],
    [
      [1, 1, 1, 1, 1, 1, 1],
      [15, 15, 14, 14, 14, 14, 14],
    ],
  ])('splits %j into whole percents that add up to 100: %j', (counts, expected) => {
    const percents = splitPercents(counts);
    expect(percents).toEqual(expected);
    expect(percents.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('gives the leftover point to the largest remainder, not to the first part', () => {
    // 2/7 = 28.57, 2/7 = 28.57, 3/7 = 42.86: the floors add up to 98; .86 then .57 get a point.
    expect(splitPercents([2, 2, 3])).toEqual([29, 28, 43]);
  });

  it('answers zeros when nothing is counted, and ignores negative or invalid counts', () => {
    expect(splitPercents([0, 0, 0])).toEqual([0, 0, 0]);
    expect(splitPercents([])).toEqual([]);
    expect(splitPercents([-4, Number.NaN, 3])).toEqual([0, 0, 100]);
  });
});

describe('progressParts', () => {
  it("keeps the server's rounded percents when they add up to 100", () => {
    expect(progressParts({ completed: 52, attempted: 18, notAttempted: 30 })).toEqual([
      { key: 'completed', percent: 52 },
      { key: 'attempted', percent: 18 },
      { key: 'not-attempted', percent: 30 },
    ]);
  });

  it('splits percents that do not add up to 100 again, as weights', () => {
    const parts = progressParts({ completed: 33, attempted: 33, notAttempted: 33 });
    expect(parts.map((p) => p.percent)).toEqual([34, 33, 33]);
    expect(progressParts({ completed: 1, attempted: 1, notAttempted: 0 }).map((p) => p.percent)).toEqual([
      50, 50, 0,
    ]);
  });

  it('is all zeros for a class with nothing to count', () => {
    expect(progressParts({ completed: 0, attempted: 0, notAttempted: 0 }).map((p) => p.percent)).toEqual([
      0, 0, 0,
    ]);
  });
});

describe('clampPercent', () => {
  it.each([
    [42.4, 42],
    [42.5, 43],
    [-3, 0],
    [140, 100],
    [Number.NaN, 0],
  ])('reads %d as %d', (value, expected) => {
    expect(clampPercent(value)).toBe(expected);
  });
});

describe('week labels', () => {
  it('are "Sem. 47" in Spanish and "Wk 47" in English', () => {
    expect(weekLabel(tEs, 47)).toBe('Sem. 47');
    expect(weekLabel(tEn, 47)).toBe('Wk 47');
    expect(weekLabel(tEs, 1)).toBe('Sem. 1');
  });
});

describe('the weekly summary', () => {
  const weeks = [week(45, 12, 5), week(46, 40, 11), week(47, 40, 9), week(48, 0, 0)];

  it('adds the answers, finds the busiest week (the latest of equals) and the most active students', () => {
    expect(weeklySummary(weeks)).toEqual({
      weeks: 4,
      attempts: 92,
      busiest: weeks[2],
      maxActiveStudents: 11,
    });
  });

  it('reads as one text: weeks, answers, the busiest week and the most active students', () => {
    expect(weeklySummaryText(tEs, weeks, true)).toBe(
      'Gráfico de actividad de las últimas 4 semanas, de Sem. 45 a Sem. 48. 92 respuestas enviadas en total. ' +
        'La semana con más respuestas fue Sem. 47, con 40. Como máximo, 11 estudiantes activos en una semana.',
    );
    expect(weeklySummaryText(tEn, weeks, false)).toBe(
      'Activity chart of the last 4 weeks, from Wk 45 to Wk 48. 92 answers sent in all. ' +
        'The busiest week was Wk 47, with 40.',
    );
  });

  it('says so when no answer was sent, and uses the singular for one', () => {
    expect(weeklySummaryText(tEs, [week(51, 0, 0), week(52, 0, 0)], true)).toBe(
      'Gráfico de actividad de las últimas 2 semanas, de Sem. 51 a Sem. 52. No se envió ninguna respuesta.',
    );
    expect(weeklySummary([week(1, 0, 0)]).busiest).toBeNull();
    expect(weeklySummaryText(tEn, [week(1, 1, 1)], true)).toBe(
      'Activity chart of the last week, Wk 1. 1 answer sent in all. The busiest week was Wk 1, with 1. ' +
        'At most 1 student active in one week.',
    );
  });
});

describe('dates', () => {
  it('shows date-times as DD-MM-YYYY HH:mm (spec 03 §9), and nothing for absent or unreadable ones', () => {
    const iso = '2026-03-09T14:05:00Z';
    expect(dateTimeText(iso)).toBe(formatDateTimeDmy(new Date(iso)));
    expect(dateTimeText(iso)).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(dateTimeText(null)).toBeNull();
    expect(dateTimeText('ayer')).toBeNull();
  });

  it('shows a bare date as that calendar day in every time zone, and a date-time in the local one', () => {
    expect(dateText('2026-11-16')).toBe('16-11-2026');
    expect(dateText('2026-02-01T10:00:00Z')).toBe(formatDateDmy(new Date('2026-02-01T10:00:00Z')));
    expect(dateText(undefined)).toBeNull();
  });

  it('marks a deadline passed from its very instant on', () => {
    const deadline = '2026-05-01T23:59:00Z';
    expect(deadlinePassed(deadline, new Date('2026-05-01T23:58:59Z'))).toBe(false);
    expect(deadlinePassed(deadline, new Date(deadline))).toBe(true);
    expect(deadlinePassed(null, new Date())).toBe(false);
    expect(deadlinePassed('nunca', new Date())).toBe(false);
  });

  it('marks an assignment scheduled while its publish date lies ahead', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(scheduled('2026-05-02T07:00:00Z', now)).toBe(true);
    expect(scheduled('2026-05-01T12:00:00Z', now)).toBe(false);
    expect(scheduled(null, now)).toBe(false);
  });

  it('finds the latest of some dates, skipping absent ones', () => {
    expect(
      latestDate([null, '2026-01-02T00:00:00Z', '2026-03-01T00:00:00Z', undefined, '2025-12-31T00:00:00Z']),
    ).toBe('2026-03-01T00:00:00Z');
    expect(latestDate([null, undefined])).toBeNull();
  });
});

describe('heading levels', () => {
  it.each([
    [2, 3, 1, 2],
    [2.4, 3, 1, 2],
    [0, 3, 1, 1],
    [9, 3, 1, 6],
    [1, 3, 2, 2],
    [undefined, 3, 1, 3],
    ['4', 2, 1, 2],
    [Number.NaN, 2, 1, 2],
  ] as const)('takes %s (fallback %i, at least %i) as h%i', (level, fallback, min, expected) => {
    expect(headingLevel(level, fallback, min)).toBe(expected);
  });
});

describe('plain clicks', () => {
  const click = {
    button: 0,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
  };

  it('follows a link in place on a main-button click without modifier keys', () => {
    expect(isPlainClick(click)).toBe(true);
  });

  it.each([
    ['the middle button', { button: 1 }],
    ['the right button', { button: 2 }],
    ['Ctrl', { ctrlKey: true }],
    ['⌘', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['a click already handled', { defaultPrevented: true }],
  ])('leaves %s to the browser', (_, change) => {
    expect(isPlainClick({ ...click, ...change })).toBe(false);
  });
});
