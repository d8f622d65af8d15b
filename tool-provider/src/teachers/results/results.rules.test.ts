import { describe, expect, it } from 'vitest';
import { chartWeek, isoWeek, progressShares, weekIndex, weeklyWindow, weekStart } from './results.rules';

describe('isoWeek and chartWeek', () => {
  it.each([
    ['2026-01-01T12:00:00Z', 1, 1],
    ['2025-12-29T00:00:00Z', 1, 1], // a Monday of December that opens week 1 of 2026
    ['2027-01-03T23:59:59Z', 53, 1], // 2026 has 53 weeks; its last ends on Sunday 3 January 2027
    ['2026-12-28T00:00:00Z', 53, 1],
    ['2026-12-27T23:59:59Z', 52, 52],
    ['2027-01-04T00:00:00Z', 1, 1],
    ['2021-01-01T00:00:00Z', 53, 1], // the Friday after 2020's week 53 began
    ['2023-01-01T10:00:00Z', 52, 52], // a Sunday still in the previous year's week 52
    ['2026-03-02T15:00:00Z', 10, 10],
  ])('%s is ISO week %i, shown as %i', (at, iso, shown) => {
    expect(isoWeek(new Date(at))).toBe(iso);
    expect(chartWeek(new Date(at))).toBe(shown);
  });
});

describe('weeklyWindow', () => {
  it('covers 8 ISO weeks ending with the current one, oldest first, each from its Monday (UTC)', () => {
    const window = weeklyWindow(new Date('2026-03-04T09:30:00Z')); // a Wednesday
    expect(window.starts.map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
    ]);
    expect(window.from.toISOString()).toBe('2026-01-12T00:00:00.000Z');
    expect(window.until.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(weekIndex(window, new Date('2026-03-08T23:59:59Z'))).toBe(7);
    expect(weekIndex(window, new Date('2026-01-12T00:00:00Z'))).toBe(0);
    expect(weekIndex(window, new Date('2026-01-11T23:59:59Z'))).toBe(-1);
  });

  it('wraps across the new year: week 53 is shown as 1, next to the real week 1', () => {
    const window = weeklyWindow(new Date('2027-01-10T20:00:00Z'), 3);
    expect(window.starts.map((d) => [d.toISOString().slice(0, 10), chartWeek(d)])).toEqual([
      ['2026-12-21', 52],
      ['2026-12-28', 1],
      ['2027-01-04', 1],
    ]);
  });

  it('starts a week on Monday at midnight UTC', () => {
    expect(weekStart(new Date('2026-03-02T00:00:00Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(weekStart(new Date('2026-03-01T23:59:59Z')).toISOString()).toBe('2026-02-23T00:00:00.000Z');
  });
});

describe('progressShares', () => {
  it.each([
    [4, 2, 16, { completed: 25, attempted: 13, notAttempted: 62 }],
    [1, 1, 3, { completed: 34, attempted: 33, notAttempted: 33 }],
    [2, 0, 3, { completed: 67, attempted: 0, notAttempted: 33 }],
    [10, 0, 10, { completed: 100, attempted: 0, notAttempted: 0 }],
    [0, 0, 7, { completed: 0, attempted: 0, notAttempted: 100 }],
    [1, 1, 6, { completed: 17, attempted: 17, notAttempted: 66 }],
    [0, 0, 0, { completed: 0, attempted: 0, notAttempted: 100 }],
  ])('%i completed and %i attempted of %i slots: %o', (completed, attempted, total, shares) => {
    const answer = progressShares(completed, attempted, total);
    expect(answer).toEqual(shares);
    expect(answer.completed + answer.attempted + answer.notAttempted).toBe(100);
  });

  it('adds up to 100 for every split of up to 30 slots', () => {
    for (let total = 1; total <= 30; total++)
      for (let completed = 0; completed <= total; completed++)
        for (let attempted = 0; completed + attempted <= total; attempted++) {
          const s = progressShares(completed, attempted, total);
          expect(s.completed + s.attempted + s.notAttempted).toBe(100);
          expect(Math.abs(s.completed - (completed * 100) / total)).toBeLessThan(1);
        }
  });
});
