import { describe, expect, it } from 'vitest';
import {
  CELL_BOUNDS,
  formatPiTick,
  formatTick,
  fromPixelX,
  fromPixelY,
  gridValues,
  snapToGrid,
  stepScale,
  toPixelX,
  toPixelY,
  zoomView,
} from './scale';

describe('stepScale', () => {
  it.each([
    [1, 1, 2],
    [2, 1, 5],
    [5, 1, 10],
    [1, -1, 0.5],
    [0.5, -1, 0.2],
    [0.2, -1, 0.1],
    [10, -1, 5],
  ] as const)('from %s in direction %s gives %s', (scale, dir, expected) => {
    expect(stepScale(scale, dir)).toBe(expected);
  });
});

describe('zoomView', () => {
  const view = { originX: 100, originY: 200, cell: 50, scale: 1 };
  it('widens the cell by 10 px per wheel event', () => {
    expect(zoomView(view, -1, CELL_BOUNDS.cartesian).cell).toBe(60);
    expect(zoomView({ ...view, cell: 70 }, 1, CELL_BOUNDS.cartesian).cell).toBe(60);
  });
  it('past the largest cell moves to the next smaller scale', () => {
    expect(zoomView({ ...view, cell: 90 }, -1, CELL_BOUNDS.cartesian)).toMatchObject({
      cell: 50,
      scale: 0.5,
    });
  });
  it('below the smallest cell moves to the next larger scale', () => {
    expect(zoomView(view, 1, CELL_BOUNDS.cartesian)).toMatchObject({ cell: 90, scale: 2 });
  });
});

describe('pixels and units', () => {
  const view = { originX: 100, originY: 200, cell: 50, scale: 2 };
  it('round-trip', () => {
    expect(toPixelX(view, 4)).toBe(200);
    expect(toPixelY(view, 4)).toBe(100);
    expect(fromPixelX(view, 200)).toBe(4);
    expect(fromPixelY(view, 100)).toBe(4);
  });
});

describe('snapToGrid', () => {
  it.each([
    [1.26, 1, 1.5],
    [1.24, 1, 1],
    [-0.3, 1, -0.5],
    [0.12, 0.2, 0.1],
    [0.0001, 1, 0],
  ])('%s at scale %s snaps to %s', (value, scale, expected) => {
    expect(snapToGrid(value, scale)).toBe(expected);
  });
});

describe('labels', () => {
  it('lists the grid values in range', () => {
    expect(gridValues(-1.1, 2.3, 0.5)).toEqual([-1, -0.5, 0, 0.5, 1, 1.5, 2]);
  });
  it('prints ticks without float dust and with a true minus', () => {
    expect(formatTick(0.1 + 0.2)).toBe('0.3');
    expect(formatTick(-2)).toBe('\u22122');
  });
  it('prints multiples of π', () => {
    expect(formatPiTick(Math.PI)).toBe('π');
    expect(formatPiTick(Math.PI / 2)).toBe('π/2');
    expect(formatPiTick((-3 * Math.PI) / 2)).toBe('\u22123π/2');
    expect(formatPiTick(2 * Math.PI)).toBe('2π');
  });
});
