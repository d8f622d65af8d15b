import { LIMITS } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { NUMBER_LINE_INITIAL_VIEW } from '../shared/graph/number-line';
import {
  adjacentDot,
  createNumberlineEditor,
  deleteDot,
  dotsFromAnswer,
  formatDots,
  hitDot,
  moveDot,
  placeDot,
  selectDot,
  setTool,
  toPointsAnswer,
  type NumberlineEditorState,
} from './numberline-console.logic';

function ids() {
  let n = 0;
  return () => `dot${String(++n).padStart(5, '0')}`;
}

function withDots(...values: number[]): NumberlineEditorState {
  const newId = ids();
  return values.reduce((state, v) => placeDot(state, v, newId).state, createNumberlineEditor());
}

describe('placing dots', () => {
  it('starts with the place-dot tool (drawInterval)', () => {
    expect(createNumberlineEditor()).toEqual({ tool: 'drawInterval', dots: [], selected: null });
  });

  it('places a dot, switches to moveElement and selects it', () => {
    const t = placeDot(createNumberlineEditor(), 1.5, ids());
    expect(t.state).toEqual({
      tool: 'moveElement',
      dots: [{ id: 'dot00001', value: 1.5 }],
      selected: 'dot00001',
    });
    expect(t.answerChanged).toBe(true);
    expect(t.event).toEqual({ type: 'placed', dot: { id: 'dot00001', value: 1.5 } });
  });

  it('refuses a dot where one already is', () => {
    const state = withDots(2);
    const t = placeDot(state, 2, ids());
    expect(t.event).toEqual({ type: 'refused-duplicate', value: 2 });
    expect(t.state).toBe(state);
  });

  it(`refuses more than ${LIMITS.numberlinePointsMaxItems} dots`, () => {
    const state = withDots(...Array.from({ length: LIMITS.numberlinePointsMaxItems }, (_, k) => k));
    expect(placeDot(state, -1, ids()).event).toEqual({ type: 'refused-limit' });
  });

  it('sends the numbers in the order they were placed', () => {
    expect(toPointsAnswer(withDots(3, -1, 0.5).dots)).toEqual([3, -1, 0.5]);
    expect(formatDots(withDots(3, -1, 0.5).dots)).toBe('\u22121, 0.5, 3');
  });
});

describe('moving, erasing, selecting', () => {
  const state = withDots(-1, 2);

  it('moves a dot', () => {
    const t = moveDot(state, 'dot00001', -3);
    expect(toPointsAnswer(t.state.dots)).toEqual([-3, 2]);
    expect(t.answerChanged).toBe(true);
  });

  it('refuses to move a dot onto another one, and ignores a move to the same place', () => {
    expect(moveDot(state, 'dot00001', 2).event).toEqual({ type: 'refused-duplicate', value: 2 });
    expect(moveDot(state, 'dot00001', -1).event.type).toBe('none');
    expect(moveDot(state, 'nope', 5).event.type).toBe('none');
  });

  it('deletes a dot and its selection', () => {
    const t = deleteDot(state, 'dot00002');
    expect(toPointsAnswer(t.state.dots)).toEqual([-1]);
    expect(t.state.selected).toBeNull();
    expect(deleteDot(t.state, 'dot00002').answerChanged).toBe(false);
  });

  it('selecting switches to moveElement; other tools clear the selection', () => {
    const erase = setTool(state, 'erase').state;
    expect(erase.selected).toBeNull();
    const t = selectDot(erase, 'dot00001');
    expect(t.state).toMatchObject({ tool: 'moveElement', selected: 'dot00001' });
    expect(selectDot(t.state, null).event).toEqual({ type: 'deselected' });
    expect(setTool(t.state, 'moveElement').event.type).toBe('none');
  });

  it('walks the dots left to right and lets go past the ends', () => {
    const three = withDots(5, -4, 0);
    const none = selectDot(three, null).state;
    expect(adjacentDot(none, 1)).toBe('dot00002');
    expect(adjacentDot(none, -1)).toBe('dot00001');
    const middle = selectDot(three, 'dot00003').state;
    expect(adjacentDot(middle, 1)).toBe('dot00001');
    expect(adjacentDot(middle, -1)).toBe('dot00002');
    expect(adjacentDot(selectDot(three, 'dot00001').state, 1)).toBeNull();
    expect(adjacentDot(createNumberlineEditor(), 1)).toBeNull();
  });

  it('hits the nearest dot within the tolerance', () => {
    const view = NUMBER_LINE_INITIAL_VIEW;
    expect(hitDot(state, view, 165, 10)).toBe('dot00001');
    expect(hitDot(state, view, 289, 10)).toBe('dot00002');
    expect(hitDot(state, view, 300, 10)).toBeNull();
  });
});

describe('saved answers', () => {
  it('restores finite numbers, dropping repeats and junk', () => {
    const dots = dotsFromAnswer([1, 'x', 1, Number.NaN, -2.5], ids());
    expect(dots).toEqual([
      { id: 'dot00001', value: 1 },
      { id: 'dot00002', value: -2.5 },
    ]);
    expect(dotsFromAnswer({}, ids())).toEqual([]);
  });
});
