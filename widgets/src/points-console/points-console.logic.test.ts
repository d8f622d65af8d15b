import { LIMITS } from '@kib/core';
import { describe, expect, it } from 'vitest';
import {
  POINTS_MODEL,
  movePoint,
  placePoint,
  pointsFromValue,
  removePoint,
  samePoints,
  toolAfterEdit,
} from './points-console.logic';

describe('placePoint', () => {
  it('adds a point after the others', () => {
    expect(placePoint([{ x: 1, y: 1 }], { x: 2, y: -1 })).toEqual({
      ok: true,
      points: [
        { x: 1, y: 1 },
        { x: 2, y: -1 },
      ],
    });
  });
  it('refuses a point on top of another', () => {
    expect(placePoint([{ x: 1, y: 1 }], { x: 1, y: 1 })).toEqual({ ok: false, reason: 'occupied' });
  });
  it('refuses past the most points an answer may hold', () => {
    const full = Array.from({ length: LIMITS.cartesianPointsMaxItems }, (_, i) => ({ x: i, y: 0 }));
    expect(placePoint(full, { x: -1, y: -1 })).toEqual({ ok: false, reason: 'full' });
  });
});

describe('movePoint and removePoint', () => {
  const points = [
    { x: 1, y: 1 },
    { x: 2, y: 2 },
  ];
  it('moves one point', () => {
    expect(movePoint(points, 0, { x: 0, y: 0.5 })).toEqual({
      ok: true,
      points: [
        { x: 0, y: 0.5 },
        { x: 2, y: 2 },
      ],
    });
  });
  it('refuses to move a point onto another, but not onto itself', () => {
    expect(movePoint(points, 0, { x: 2, y: 2 })).toEqual({ ok: false, reason: 'occupied' });
    expect(movePoint(points, 0, { x: 1, y: 1 }).ok).toBe(true);
  });
  it('removes one point', () => {
    expect(removePoint(points, 0)).toEqual([{ x: 2, y: 2 }]);
  });
});

describe('value and tools', () => {
  it('reads a saved answer, without non-finite points', () => {
    expect(pointsFromValue(null)).toEqual([]);
    expect(
      pointsFromValue([
        { x: 1, y: Number.NaN },
        { x: 1, y: 2 },
      ]),
    ).toEqual([{ x: 1, y: 2 }]);
  });
  it('tells its own answer from a different one', () => {
    expect(samePoints([{ x: 1, y: 2 }], [{ x: 1, y: 2 }])).toBe(true);
    expect(samePoints([{ x: 1, y: 2 }], [{ x: 2, y: 1 }])).toBe(false);
    expect(samePoints([], null)).toBe(true);
  });
  it('returns to move after placing or moving (spec 02 §4)', () => {
    expect(toolAfterEdit()).toBe('move');
  });
});

describe('POINTS_MODEL', () => {
  it('reports every point, none included, and knows its own echo', () => {
    const local = POINTS_MODEL.fromValue([{ x: 1, y: 2 }]);
    expect(POINTS_MODEL.toAnswer(local)).toEqual([{ x: 1, y: 2 }]);
    expect(POINTS_MODEL.sameAs(local, [{ x: 1, y: 2 }])).toBe(true);
    expect(POINTS_MODEL.toAnswer(POINTS_MODEL.fromValue(null))).toEqual([]);
  });
});
