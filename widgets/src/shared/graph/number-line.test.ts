import { describe, expect, it } from 'vitest';
import {
  BRACKET_VALUES,
  FINITE_VALUES,
  bracketValueAtPx,
  finiteValueAtPx,
  formatValue,
  freeStep,
  keepVisible,
  NUMBER_LINE_INITIAL_VIEW,
  panNumberLine,
  pxOfValue,
  sameValue,
  stepValue,
  valuePosition,
  visibleRange,
  zoomNumberLine,
} from './number-line';
import { fromPixelX } from './scale';

const view = NUMBER_LINE_INITIAL_VIEW;

describe('the initial view', () => {
  it('puts 0 at the centre of the 400 px canvas, on the axis at y = 100, 40 px per unit', () => {
    expect(view).toEqual({ originX: 200, originY: 100, cell: 40, scale: 1 });
    expect(pxOfValue(view, 0)).toBe(200);
    expect(pxOfValue(view, 2)).toBe(280);
  });

  it('reaches the half steps between the axis ends (25 px from each side)', () => {
    expect(visibleRange(view)).toEqual({ min: -4, max: 4 });
    expect(visibleRange({ ...view, cell: 50 })).toEqual({ min: -3.5, max: 3.5 });
  });
});

describe('bracketValueAtPx', () => {
  it.each([
    [200, 0],
    [211, 0.5],
    [209, 0],
    [145, -1.5],
    [371, 4],
    [24, 'minusInf'],
    [-30, 'minusInf'],
    [376, 'inf'],
    [500, 'inf'],
  ] as const)('at %s px gives %s', (px, expected) => {
    expect(bracketValueAtPx(view, px)).toBe(expected);
  });

  it('never snaps past the visible end of the axis', () => {
    // 374 px is 4.35 units, which would snap to 4.5 at 380 px, beyond the end.
    expect(bracketValueAtPx(view, 374)).toBe(4);
  });
});

describe('finiteValueAtPx', () => {
  it('clamps a pointer beyond the ends to the last visible value instead of infinity', () => {
    expect(finiteValueAtPx(view, -10)).toBe(-4);
    expect(finiteValueAtPx(view, 420)).toBe(4);
    expect(finiteValueAtPx(view, 262)).toBe(1.5);
  });
});

describe('pxOfValue', () => {
  it('places the infinities at the axis ends', () => {
    expect(pxOfValue(view, 'minusInf')).toBe(25);
    expect(pxOfValue(view, 'inf')).toBe(375);
  });
});

describe('zoomNumberLine', () => {
  it('widens the cell by 10 px and keeps the value under the pointer in place', () => {
    const next = zoomNumberLine(view, -1, 280);
    expect(next.cell).toBe(50);
    expect(fromPixelX(next, 280)).toBeCloseTo(2);
  });

  it('past 50 px switches to the next smaller scale of the 1-2-5 sequence', () => {
    const next = zoomNumberLine({ ...view, cell: 50 }, -1);
    expect(next).toMatchObject({ cell: 30, scale: 0.5 });
    expect(fromPixelX(next, 200)).toBeCloseTo(0);
  });

  it('below 30 px switches to the next larger scale', () => {
    expect(zoomNumberLine({ ...view, cell: 30 }, 1)).toMatchObject({ cell: 50, scale: 2 });
  });
});

describe('panNumberLine and keepVisible', () => {
  it('moves the origin sideways', () => {
    expect(panNumberLine(view, -40).originX).toBe(160);
  });

  it('pans just enough to bring a value inside the axis ends', () => {
    const next = keepVisible(view, 7);
    expect(pxOfValue(next, 7)).toBe(355);
    expect(keepVisible(view, 1)).toBe(view);
    expect(keepVisible(view, 'inf')).toBe(view);
    expect(pxOfValue(keepVisible(view, -9), -9)).toBe(45);
  });
});

describe('stepValue', () => {
  it.each([
    [0, 1, false, 0.5],
    [0, -1, false, -0.5],
    [0, 1, true, 1],
    [0.5, 1, true, 1.5],
    [0.3, 1, false, 1],
    ['minusInf', 1, false, -4],
    ['minusInf', -1, false, 'minusInf'],
    ['inf', -1, false, 4],
    ['inf', 1, false, 'inf'],
  ] as const)('from %s in direction %s (whole: %s) gives %s', (from, dir, whole, expected) => {
    expect(stepValue(view, from, dir, whole)).toBe(expected);
  });

  it('uses the current scale', () => {
    expect(stepValue({ ...view, scale: 2 }, 2, 1)).toBe(3);
    expect(stepValue({ ...view, scale: 0.1 }, 0.3, -1)).toBe(0.25);
  });
});

describe('freeStep', () => {
  it('is one step when the place is free', () => {
    expect(freeStep(view, 0, [2], 1)).toBe(0.5);
    expect(freeStep(view, 0, [], -1, true)).toBe(-1);
  });

  it('jumps over every taken place in a row', () => {
    expect(freeStep(view, 0, [0.5], 1)).toBe(1);
    expect(freeStep(view, -1, [-0.5, 0, 0.5], 1)).toBe(1);
    expect(freeStep(view, 2, [1], -1, true)).toBe(0);
  });

  it('stays where an infinity cannot step further', () => {
    expect(freeStep(view, 'inf', [-1], 1)).toBe('inf');
    expect(freeStep(view, 'minusInf', [-4], 1)).toBe(-3.5);
  });
});

describe('the values of a console', () => {
  it('finite values: a pointer past an end stays at the visible end, as do Home and End', () => {
    expect(FINITE_VALUES.atPx(view, 5)).toBe(-4);
    expect(FINITE_VALUES.atPx(view, 221)).toBe(0.5);
    expect(FINITE_VALUES.end(view, -1)).toBe(-4);
    expect(FINITE_VALUES.end(view, 1)).toBe(4);
    expect(FINITE_VALUES.accept(2.5)).toBe(2.5);
    expect(FINITE_VALUES.accept('inf')).toBeNull();
  });

  it('bracket values: past an end, and with Home and End, the infinities', () => {
    expect(BRACKET_VALUES.atPx(view, 5)).toBe('minusInf');
    expect(BRACKET_VALUES.atPx(view, 395)).toBe('inf');
    expect(BRACKET_VALUES.atPx(view, 221)).toBe(0.5);
    expect(BRACKET_VALUES.end(view, -1)).toBe('minusInf');
    expect(BRACKET_VALUES.end(view, 1)).toBe('inf');
    expect(BRACKET_VALUES.accept('inf')).toBe('inf');
  });
});

describe('values', () => {
  it('orders infinities around the numbers', () => {
    expect(valuePosition('minusInf')).toBe(-Infinity);
    expect(valuePosition('inf')).toBe(Infinity);
    expect(valuePosition(-3)).toBe(-3);
  });

  it('compares values without float dust', () => {
    expect(sameValue(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameValue('inf', 'inf')).toBe(true);
    expect(sameValue('inf', 'minusInf')).toBe(false);
    expect(sameValue(1, 'inf')).toBe(false);
  });

  it('prints with true minus and infinity signs', () => {
    expect(formatValue(-2.5)).toBe('\u22122.5');
    expect(formatValue('minusInf')).toBe('\u2212\u221e');
    expect(formatValue('inf')).toBe('\u221e');
  });
});
