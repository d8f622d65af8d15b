import { describe, expect, it } from 'vitest';
import { toolbarTarget } from './graph-toolbar';

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
