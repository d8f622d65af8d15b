import { describe, expect, it } from 'vitest';
import { pressMinDistance, toolbarTarget } from './graph-toolbar';

describe('toolbarTarget', () => {
  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowDown', 3, 0],
    ['ArrowLeft', 0, 3],
    ['ArrowUp', 2, 1],
    ['Home', 2, 0],
    ['End', 0, 3],
  ])('%s from button %i of 4 goes to %i, wrapping around', (key, from, to) => {
    expect(toolbarTarget(key, from, 4)).toBe(to);
  });
  it('leaves other keys, and an empty toolbar, alone', () => {
    expect(toolbarTarget('Enter', 0, 4)).toBeNull();
    expect(toolbarTarget('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('pressMinDistance', () => {
  it('drags after 3 px with a point tool, pans at once with the move tool (spec 02 §9)', () => {
    expect(pressMinDistance('movePoints')).toBe(3);
    expect(pressMinDistance('draw')).toBe(3);
    expect(pressMinDistance('move')).toBe(0);
  });
});
