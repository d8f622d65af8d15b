import { describe, expect, it } from 'vitest';
import {
  CANVAS_SIZES,
  clampToBox,
  formatPiRatio,
  formatPoint,
  fromScreen,
  gridLineValues,
  hitPoint,
  hitTolerance,
  initialCartesianView,
  lineAcrossBox,
  panView,
  samePoint,
  snapPoint,
  stepPoint,
  tidyPoint,
  toScreen,
  visibleBox,
  xStep,
  zoomCartesian,
} from './cartesian';

const view = initialCartesianView();
const radians = initialCartesianView(true);
const size = CANVAS_SIZES.points;

describe('initialCartesianView', () => {
  it('puts the origin at (100, 200) px with 50 px per unit (spec 02 §9)', () => {
    expect(view).toEqual({ originX: 100, originY: 200, cell: 50, scale: 1, radians: false });
  });
});

describe('toScreen and fromScreen', () => {
  it('convert plane points to canvas pixels and back, y growing upwards', () => {
    expect(toScreen(view, { x: 1, y: 2 })).toEqual({ px: 150, py: 100 });
    expect(fromScreen(view, 150, 100)).toEqual({ x: 1, y: 2 });
    expect(fromScreen(view, 75, 225)).toEqual({ x: -0.5, y: -0.5 });
  });
  it('in the To Radians mode a cell on the x-axis is worth π/2', () => {
    expect(xStep(radians)).toBeCloseTo(Math.PI / 2);
    expect(toScreen(radians, { x: Math.PI, y: 0 }).px).toBeCloseTo(200);
    expect(fromScreen(radians, 200, 200).x).toBeCloseTo(Math.PI);
  });
});

describe('snapPoint', () => {
  it.each([
    [
      { x: 0.96, y: 1.94 },
      { x: 1, y: 2 },
    ],
    [
      { x: 0.3, y: -0.74 },
      { x: 0.5, y: -0.5 },
    ],
    [
      { x: -0.2, y: 0.2 },
      { x: 0, y: 0 },
    ],
  ])('rounds %o to half a scale step: %o', (p, expected) => {
    expect(snapPoint(view, p)).toEqual(expected);
  });
  it('follows the scale: at scale 2 points land on odd units too, never on halves', () => {
    expect(snapPoint({ ...view, scale: 2 }, { x: 2.6, y: 0.4 })).toEqual({ x: 3, y: 0 });
  });
  it('in the To Radians mode snaps x to quarters of π', () => {
    expect(snapPoint(radians, { x: 0.8, y: 0 }).x).toBeCloseTo(Math.PI / 4);
  });
});

describe('panView', () => {
  it('moves the origin with the pointer', () => {
    expect(panView(view, 30, -40, size)).toMatchObject({ originX: 130, originY: 160 });
  });
  it('keeps each axis at least 25 px inside the canvas', () => {
    expect(panView(view, -500, 500, size)).toMatchObject({ originX: 25, originY: 325 });
    expect(panView(view, 900, -900, size)).toMatchObject({ originX: 425, originY: 25 });
  });
});

describe('zoomCartesian', () => {
  it('widens the cell by 10 px per step and keeps the origin and the mode', () => {
    expect(zoomCartesian(radians, -1)).toEqual({ ...radians, cell: 60 });
  });
  it('switches scale past the cartesian bounds (50–90 px)', () => {
    expect(zoomCartesian(view, 1)).toMatchObject({ cell: 90, scale: 2 });
    expect(zoomCartesian({ ...view, cell: 90 }, -1)).toMatchObject({ cell: 50, scale: 0.5 });
  });
});

describe('visibleBox and gridLineValues', () => {
  it('the 450x350 canvas shows x from −2 to 7 and y from −3 to 4 at first', () => {
    expect(visibleBox(view, size)).toEqual({ xMin: -2, xMax: 7, yMin: -3, yMax: 4 });
    const { xs, ys } = gridLineValues(view, size);
    expect(xs).toEqual([-2, -1, 0, 1, 2, 3, 4, 5, 6, 7]);
    expect(ys).toEqual([-3, -2, -1, 0, 1, 2, 3, 4]);
  });
});

describe('formatPiRatio and formatPoint', () => {
  it.each([
    [Math.PI / 2, 'π/2'],
    [Math.PI, 'π'],
    [(-3 * Math.PI) / 4, '−3π/4'],
    [2 * Math.PI, '2π'],
    [Math.PI / 20, 'π/20'],
    [0, '0'],
    [1.5, '1.5'],
  ])('%s reads %s', (value, text) => {
    expect(formatPiRatio(value)).toBe(text);
  });
  it('writes points with the x-axis mode', () => {
    expect(formatPoint(view, { x: -1.5, y: 2 })).toBe('(−1.5, 2)');
    expect(formatPoint(radians, { x: Math.PI / 2, y: 1 })).toBe('(π/2, 1)');
  });
});

describe('hitPoint', () => {
  const points = [
    { x: 1, y: 1 },
    { x: 2, y: 1 },
  ];
  it('finds the point within 10 px of the pointer', () => {
    expect(hitPoint(view, points, 156, 152)).toBe(0);
    expect(hitPoint(view, points, 195, 150)).toBe(1);
  });
  it('misses beyond 10 px', () => {
    expect(hitPoint(view, points, 175, 150)).toBe(-1);
    expect(hitPoint(view, points, 150, 161)).toBe(-1);
  });
  it('a finger gets twice the tolerance', () => {
    expect(hitTolerance('mouse')).toBe(10);
    expect(hitPoint(view, points, 150, 165, hitTolerance('touch'))).toBe(0);
  });
});

describe('lineAcrossBox', () => {
  const box = { xMin: -2, xMax: 7, yMin: -3, yMax: 4 };
  it('extends the line through two points to the border of the box', () => {
    expect(lineAcrossBox({ x: 0, y: 0 }, { x: 1, y: 1 }, box)).toEqual([
      { x: -2, y: -2 },
      { x: 4, y: 4 },
    ]);
  });
  it('draws vertical and horizontal lines across', () => {
    expect(lineAcrossBox({ x: 1, y: 0 }, { x: 1, y: 2 }, box)).toEqual([
      { x: 1, y: -3 },
      { x: 1, y: 4 },
    ]);
    expect(lineAcrossBox({ x: 0, y: 1 }, { x: 3, y: 1 }, box)).toEqual([
      { x: -2, y: 1 },
      { x: 7, y: 1 },
    ]);
  });
  it('is null for two equal points or a line outside the box', () => {
    expect(lineAcrossBox({ x: 1, y: 1 }, { x: 1, y: 1 }, box)).toBeNull();
    expect(lineAcrossBox({ x: 0, y: 10 }, { x: 1, y: 10 }, box)).toBeNull();
  });
});

describe('stepPoint', () => {
  const box = visibleBox(view, size);
  it('moves half a scale step per press, a whole one with Shift', () => {
    expect(stepPoint(view, { x: 0, y: 0 }, 1, 0, false, box)).toEqual({ x: 0.5, y: 0 });
    expect(stepPoint(view, { x: 0, y: 0 }, 0, -1, true, box)).toEqual({ x: 0, y: -1 });
  });
  it('stays inside the visible plane', () => {
    expect(stepPoint(view, { x: 7, y: 4 }, 1, 1, true, box)).toEqual({ x: 7, y: 4 });
  });
  it('lands on the grid after a zoom that changed the scale', () => {
    expect(
      stepPoint(
        { ...view, scale: 2 },
        { x: 0.5, y: 0 },
        1,
        0,
        false,
        visibleBox({ ...view, scale: 2 }, size),
      ),
    ).toEqual({
      x: 2,
      y: 0,
    });
  });
});

describe('small helpers', () => {
  it('samePoint ignores float dust only', () => {
    expect(samePoint({ x: 0.1 + 0.2, y: 1 }, { x: 0.3, y: 1 })).toBe(true);
    expect(samePoint({ x: 0.5, y: 1 }, { x: 0.5, y: 1.5 })).toBe(false);
  });
  it('clampToBox keeps a point inside', () => {
    expect(clampToBox({ x: 10, y: -10 }, { xMin: 0, xMax: 5, yMin: -2, yMax: 2 })).toEqual({ x: 5, y: -2 });
  });
  it('tidyPoint rounds a sample to a tenth of a pixel', () => {
    expect(tidyPoint(view, { x: 1.23456789, y: -0.0000001 })).toEqual({ x: 1.235, y: 0 });
  });
});
