import { describe, expect, it } from 'vitest';
import { boardCommand, cycleSelection } from './board-keys';
import { advancePress, beginPress } from './press';

const key = (k: string, shiftKey = false, extra: { ctrlKey?: boolean } = {}) =>
  boardCommand({ key: k, shiftKey, ...extra });

describe('boardCommand', () => {
  it('arrows step half a scale step, a whole one with Shift; up is +y', () => {
    expect(key('ArrowRight')).toEqual({ type: 'step', dx: 1, dy: 0, whole: false });
    expect(key('ArrowUp', true)).toEqual({ type: 'step', dx: 0, dy: 1, whole: true });
    expect(key('ArrowDown')).toEqual({ type: 'step', dx: 0, dy: -1, whole: false });
    expect(key('ArrowLeft')).toEqual({ type: 'step', dx: -1, dy: 0, whole: false });
  });
  it.each([
    ['Enter', { type: 'activate' }],
    [' ', { type: 'activate' }],
    ['Escape', { type: 'escape' }],
    ['Delete', { type: 'delete' }],
    ['Backspace', { type: 'delete' }],
    ['+', { type: 'zoom', direction: -1 }],
    ['=', { type: 'zoom', direction: -1 }],
    ['-', { type: 'zoom', direction: 1 }],
    ['n', { type: 'select', direction: 1 }],
  ])('%j means %o', (k, command) => {
    expect(key(k)).toEqual(command);
  });
  it('Shift+N selects backwards', () => {
    expect(key('N', true)).toEqual({ type: 'select', direction: -1 });
  });
  it('leaves Tab and shortcuts to the browser, so focus is never trapped', () => {
    expect(key('Tab')).toBeNull();
    expect(key('Tab', true)).toBeNull();
    expect(key('+', false, { ctrlKey: true })).toBeNull();
    expect(key('a')).toBeNull();
  });
});

describe('cycleSelection', () => {
  it('starts at the first point, or at the last going backwards', () => {
    expect(cycleSelection(null, 3, 1)).toBe(0);
    expect(cycleSelection(null, 3, -1)).toBe(2);
  });
  it('wraps around', () => {
    expect(cycleSelection(2, 3, 1)).toBe(0);
    expect(cycleSelection(0, 3, -1)).toBe(2);
  });
  it('has nothing to select without points', () => {
    expect(cycleSelection(null, 0, 1)).toBeNull();
  });
});

describe('press', () => {
  it('becomes a drag only after the minimum distance (3 px for points)', () => {
    const press = beginPress(1, 100, 100, 3);
    const small = advancePress(press, 101, 101);
    expect(small.state.dragging).toBe(false);
    expect([small.dx, small.dy]).toEqual([0, 0]);
    const far = advancePress(small.state, 104, 100);
    expect(far.state.dragging).toBe(true);
    expect([far.dx, far.dy]).toEqual([4, 0]);
    expect(advancePress(far.state, 110, 95)).toMatchObject({ dx: 6, dy: -5 });
  });
  it('pans at once (minimum distance 0)', () => {
    const press = beginPress(1, 10, 10, 0);
    expect(press.dragging).toBe(true);
    expect(advancePress(press, 11, 10)).toMatchObject({ dx: 1, dy: 0 });
  });
});
