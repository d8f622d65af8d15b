import { describe, expect, it } from 'vitest';
import {
  LINE_MODEL,
  lineAnswer,
  linePointsFromValue,
  moveLinePoint,
  placeLinePoint,
  removeLinePoint,
  sameLine,
} from './line-console.logic';

const a = { x: 0, y: 1 };
const b = { x: 2, y: 3 };

describe('placing the two points', () => {
  it('places the first, then the second point', () => {
    const first = placeLinePoint([], a);
    expect(first).toEqual({ ok: true, points: [a] });
    expect(placeLinePoint([a], b)).toEqual({ ok: true, points: [a, b] });
  });
  it('refuses a second point on the first: no degenerate line (spec 02 §5)', () => {
    expect(placeLinePoint([a], { x: 0, y: 1 })).toEqual({ ok: false, reason: 'same-point' });
  });
  it('refuses a third point', () => {
    expect(placeLinePoint([a, b], { x: 5, y: 5 })).toEqual({ ok: false, reason: 'complete' });
  });
});

describe('moving a point', () => {
  it('moves either point', () => {
    expect(moveLinePoint([a, b], 1, { x: 3, y: 3 })).toEqual({ ok: true, points: [a, { x: 3, y: 3 }] });
  });
  it('refuses to put it on the other point', () => {
    expect(moveLinePoint([a, b], 0, b)).toEqual({ ok: false, reason: 'same-point' });
  });
});

describe('the answer', () => {
  it('exists only with both points', () => {
    expect(lineAnswer([])).toBeNull();
    expect(lineAnswer([a])).toBeNull();
    expect(lineAnswer([a, b])).toEqual([a, b]);
  });
  it('restores a saved line, and nothing from a malformed one', () => {
    expect(linePointsFromValue([a, b])).toEqual([a, b]);
    expect(linePointsFromValue(null)).toEqual([]);
    expect(linePointsFromValue([a, { x: Number.NaN, y: 0 }])).toEqual([]);
  });
  it('tells its own answer from a different one', () => {
    expect(sameLine([a, b], [a, b])).toBe(true);
    expect(sameLine([a, b], [b, a])).toBe(false);
    expect(sameLine([a], null)).toBe(true);
  });
  it('a lone first point can be removed', () => {
    expect(removeLinePoint([a], 0)).toEqual([]);
  });
});

describe('LINE_MODEL', () => {
  it('reports an answer only for a complete line, and knows its own echo', () => {
    const local = LINE_MODEL.fromValue([a, b]);
    expect(LINE_MODEL.toAnswer(local)).toEqual([a, b]);
    expect(LINE_MODEL.sameAs(local, [a, b])).toBe(true);
    expect(LINE_MODEL.toAnswer([a])).toBeNull();
    expect(LINE_MODEL.fromValue(undefined)).toEqual([]);
  });
});
