import { describe, expect, it } from 'vitest';
import { rovingTarget, type RovingArrows } from './roving-focus';

describe('rovingTarget', () => {
  it.each<[RovingArrows, string, number, number, number | null]>([
    ['both', 'ArrowRight', 0, 4, 1],
    ['both', 'ArrowDown', 3, 4, 0],
    ['both', 'ArrowLeft', 0, 4, 3],
    ['both', 'ArrowUp', 2, 4, 1],
    ['both', 'Home', 2, 4, 0],
    ['both', 'End', 0, 4, 3],
    ['horizontal', 'ArrowRight', 2, 3, 0],
    ['horizontal', 'ArrowLeft', 0, 3, 2],
    ['horizontal', 'Home', 2, 3, 0],
    ['horizontal', 'End', 0, 3, 2],
    ['horizontal', 'ArrowDown', 0, 3, null],
    ['horizontal', 'ArrowUp', 1, 3, null],
    ['both', 'Enter', 0, 4, null],
    ['both', 'ArrowRight', 0, 0, null],
    ['horizontal', 'End', 0, 0, null],
  ])('with %s arrows, %s from item %i of %i goes to %s, wrapping around', (arrows, key, from, count, to) => {
    expect(rovingTarget(key, from, count, arrows)).toBe(to);
  });
});
