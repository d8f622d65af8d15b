import { describe, expect, it } from 'vitest';
import { TIME_TRACKER_MAX_INTERVALS, TimeTracker } from './time-tracker';

describe('TimeTracker', () => {
  it('sums the intervals of a numeral in seconds', () => {
    const tracker = new TimeTracker();
    tracker.open('a', 1_000);
    tracker.close(11_000);
    tracker.open('a', 20_000);
    tracker.close(25_500);
    expect(tracker.total('a')).toBe(15.5);
    expect(tracker.intervalsOf('a')).toEqual([
      { start: 1_000, end: 11_000 },
      { start: 20_000, end: 25_500 },
    ]);
  });

  it('closes the old numeral when switching and opens the new one', () => {
    const tracker = new TimeTracker();
    tracker.open('a', 0);
    tracker.open('b', 4_000);
    expect(tracker.openNumeral).toBe('b');
    expect(tracker.intervalsOf('a')).toEqual([{ start: 0, end: 4_000 }]);
    expect(tracker.intervalsOf('b')).toEqual([{ start: 4_000, end: null }]);
    tracker.open('a', 6_000);
    expect(tracker.total('a', 7_000)).toBe(5);
    expect(tracker.total('b', 7_000)).toBe(2);
  });

  it('counts an open interval up to now, and nothing after close', () => {
    const tracker = new TimeTracker();
    tracker.open('a', 1_000);
    expect(tracker.total('a', 3_000)).toBe(2);
    tracker.close(3_000);
    expect(tracker.openNumeral).toBeNull();
    expect(tracker.total('a', 60_000)).toBe(2);
  });

  it('ignores opening the open numeral again and closing twice', () => {
    const tracker = new TimeTracker();
    tracker.open('a', 0);
    tracker.open('a', 5_000);
    expect(tracker.intervalsOf('a')).toHaveLength(1);
    tracker.close(8_000);
    tracker.close(9_000);
    expect(tracker.total('a')).toBe(8);
  });

  it('never counts negative time when the clock goes back', () => {
    const tracker = new TimeTracker();
    tracker.open('a', 10_000);
    expect(tracker.total('a', 5_000)).toBe(0);
    tracker.close(5_000);
    expect(tracker.intervalsOf('a')).toEqual([{ start: 10_000, end: 10_000 }]);
  });

  it('gives 0 for an unknown numeral and forgets a reset one', () => {
    const tracker = new TimeTracker();
    expect(tracker.total('x', 1)).toBe(0);
    tracker.open('a', 0);
    tracker.reset('a');
    expect(tracker.openNumeral).toBeNull();
    expect(tracker.total('a', 10_000)).toBe(0);
  });

  it('survives a round trip through JSON (localStorage)', () => {
    const tracker = new TimeTracker();
    tracker.open('a', 0);
    tracker.open('b', 2_000);
    const restored = TimeTracker.fromJSON(JSON.parse(JSON.stringify(tracker)));
    expect(restored.toJSON()).toEqual(tracker.toJSON());
    expect(restored.openNumeral).toBe('b');
    expect(restored.total('b', 5_000)).toBe(3);
    restored.close(5_000);
    expect(restored.total('a') + restored.total('b')).toBe(5);
  });

  it.each([
    ['nothing', null],
    ['a string', 'x'],
    ['wrong types', { intervals: { a: 'no', b: [{ start: 'x', end: 1 }] }, current: 5 }],
    ['an end before its start', { intervals: { a: [{ start: 10, end: 1 }] }, current: null }],
  ])('reads %s as an empty tracker', (_, data) => {
    const tracker = TimeTracker.fromJSON(data);
    expect(tracker.toJSON()).toEqual({ intervals: {}, current: null });
  });

  it('keeps only the last interval of the current numeral open when reading stored data', () => {
    const tracker = TimeTracker.fromJSON({
      intervals: {
        a: [
          { start: 0, end: null },
          { start: 5, end: 9 },
        ],
        b: [{ start: 10, end: null }],
      },
      current: 'b',
    });
    expect(tracker.intervalsOf('a')).toEqual([{ start: 5, end: 9 }]);
    expect(tracker.openNumeral).toBe('b');
    expect(
      TimeTracker.fromJSON({ intervals: { a: [{ start: 0, end: null }] }, current: null }).toJSON(),
    ).toEqual({
      intervals: {},
      current: null,
    });
  });

  it('keeps a numeral id named __proto__ as data', () => {
    const tracker = new TimeTracker();
    tracker.open('__proto__', 0);
    tracker.close(1_000);
    const json = JSON.parse(JSON.stringify(tracker)) as unknown;
    expect(TimeTracker.fromJSON(json).total('__proto__')).toBe(1);
  });

  it('bounds the number of intervals without losing time', () => {
    const tracker = new TimeTracker();
    for (let i = 0; i < TIME_TRACKER_MAX_INTERVALS + 20; i++) {
      tracker.open('a', i * 10_000);
      tracker.close(i * 10_000 + 1_000);
    }
    expect(tracker.intervalsOf('a').length).toBeLessThanOrEqual(TIME_TRACKER_MAX_INTERVALS);
    expect(tracker.total('a')).toBe(TIME_TRACKER_MAX_INTERVALS + 20);
  });
});
