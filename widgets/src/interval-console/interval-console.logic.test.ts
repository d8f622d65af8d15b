import { LIMITS, type BracketValue } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { NUMBER_LINE_INITIAL_VIEW } from '../shared/graph/number-line';
import {
  adjacentBracket,
  bracketsInOrder,
  cancelPending,
  createIntervalEditor,
  deleteInterval,
  formatInterval,
  hitTest,
  intervalsFromAnswer,
  moveBracket,
  placeBracket,
  selectBracket,
  setBracketOpen,
  setTool,
  toIntervalsAnswer,
  type EditorInterval,
  type IntervalEditorState,
} from './interval-console.logic';

function ids() {
  let n = 0;
  return () => `id${String(++n).padStart(6, '0')}`;
}

function draw(state: IntervalEditorState, a: BracketValue, b: BracketValue, newId = ids()) {
  return placeBracket(placeBracket(state, a, newId).state, b, newId);
}

const closed = (value: BracketValue) => ({ open: false, value });
const open = (value: BracketValue) => ({ open: true, value });

describe('drawing an interval', () => {
  it('starts in drawInterval, waiting for the first bracket', () => {
    expect(createIntervalEditor()).toMatchObject({
      tool: 'drawInterval',
      phase: 'setFirstBracket',
      intervals: [],
      pending: null,
    });
  });

  it('the first bracket waits for the second and sends nothing', () => {
    const t = placeBracket(createIntervalEditor(), -2, ids());
    expect(t.state.phase).toBe('setSecondBracket');
    expect(t.state.pending).toEqual({ id: 'id000001', first: closed(-2) });
    expect(t.event).toEqual({ type: 'first-placed', value: -2 });
    expect(t.answerChanged).toBe(false);
    expect(toIntervalsAnswer(t.state.intervals)).toEqual([]);
  });

  it('the second bracket completes the interval, switches to moveElement and selects it', () => {
    const t = draw(createIntervalEditor(), -2, 3);
    expect(t.state).toMatchObject({
      tool: 'moveElement',
      phase: 'done',
      pending: null,
      selected: { id: 'id000001', side: 'right' },
    });
    expect(t.answerChanged).toBe(true);
    expect(t.event.type).toBe('completed');
    expect(toIntervalsAnswer(t.state.intervals)).toEqual([[closed(-2), closed(3)]]);
  });

  it('a second bracket left of the first makes the first the right end', () => {
    const t = draw(createIntervalEditor(), 3, -1);
    expect(toIntervalsAnswer(t.state.intervals)).toEqual([[closed(-1), closed(3)]]);
    expect(t.state.selected).toEqual({ id: 'id000001', side: 'left' });
  });

  it('refuses a second bracket on the first one and keeps waiting for it', () => {
    const newId = ids();
    const first = placeBracket(createIntervalEditor(), 1.5, newId).state;
    const t = placeBracket(first, 1.5, newId);
    expect(t.event).toEqual({ type: 'refused-degenerate', value: 1.5 });
    expect(t.state).toBe(first);
    expect(t.state.phase).toBe('setSecondBracket');
    expect(placeBracket(t.state, 2, newId).state.intervals).toHaveLength(1);
  });

  it('refuses two brackets at the same infinity', () => {
    const t = draw(createIntervalEditor(), 'inf', 'inf');
    expect(t.event.type).toBe('refused-degenerate');
    expect(t.state.intervals).toEqual([]);
  });

  it.each([
    ['minusInf', 2, [open('minusInf'), closed(2)]],
    [2, 'minusInf', [open('minusInf'), closed(2)]],
    ['inf', -1, [closed(-1), open('inf')]],
    ['minusInf', 'inf', [open('minusInf'), open('inf')]],
  ] as const)('from %s to %s gives %j with infinite ends open', (a, b, expected) => {
    expect(toIntervalsAnswer(draw(createIntervalEditor(), a, b).state.intervals)).toEqual([expected]);
  });

  it('placing from another tool starts drawing there', () => {
    const moving = setTool(createIntervalEditor(), 'move').state;
    const t = placeBracket(moving, 0, ids());
    expect(t.state).toMatchObject({ tool: 'drawInterval', phase: 'setSecondBracket' });
  });

  it(`refuses a new interval past ${LIMITS.intervalsMaxItems}`, () => {
    const newId = ids();
    let state = createIntervalEditor();
    for (let k = 0; k < LIMITS.intervalsMaxItems; k++) state = draw(state, k, k + 0.5, newId).state;
    const t = placeBracket(state, 100, newId);
    expect(t.event).toEqual({ type: 'refused-limit' });
    expect(t.state.pending).toBeNull();
  });
});

describe('changing tool', () => {
  it('discards a half-drawn interval', () => {
    const half = placeBracket(createIntervalEditor(), 1, ids()).state;
    for (const tool of ['move', 'erase', 'moveElement', 'drawInterval'] as const) {
      const t = setTool(half, tool);
      expect(t.state.pending).toBeNull();
      expect(t.event).toEqual({ type: 'tool-changed', tool, discarded: true });
      expect(t.state.phase).toBe(tool === 'drawInterval' ? 'setFirstBracket' : 'done');
    }
  });

  it('keeps complete intervals and clears the selection outside moveElement', () => {
    const done = draw(createIntervalEditor(), 1, 2).state;
    const t = setTool(done, 'erase');
    expect(t.state.intervals).toHaveLength(1);
    expect(t.state.selected).toBeNull();
    expect(t.event).toEqual({ type: 'tool-changed', tool: 'erase', discarded: false });
  });

  it('choosing the current tool does nothing', () => {
    const state = createIntervalEditor();
    expect(setTool(state, 'drawInterval').event.type).toBe('none');
  });

  it('Escape-style cancel drops only the first bracket', () => {
    const half = placeBracket(createIntervalEditor(), 1, ids()).state;
    const t = cancelPending(half);
    expect(t.state).toMatchObject({ tool: 'drawInterval', phase: 'setFirstBracket', pending: null });
    expect(cancelPending(t.state).event.type).toBe('none');
  });
});

describe('moving a bracket', () => {
  const start = draw(createIntervalEditor(), -2, 3).state;
  const [interval] = start.intervals as [EditorInterval];

  it('moves an end without crossing', () => {
    const t = moveBracket(start, { id: interval.id, side: 'left' }, 0);
    expect(toIntervalsAnswer(t.state.intervals)).toEqual([[closed(0), closed(3)]]);
    expect(t.side).toBe('left');
    expect(t.event).toMatchObject({ type: 'moved', flipped: false });
  });

  it('past the other end swaps the roles of both brackets, each keeping its shape', () => {
    const withOpenRight = setBracketOpen(start, { id: interval.id, side: 'right' }, true).state;
    const t = moveBracket(withOpenRight, { id: interval.id, side: 'left' }, 5);
    expect(toIntervalsAnswer(t.state.intervals)).toEqual([[open(3), closed(5)]]);
    expect(t.side).toBe('right');
    expect(t.event).toMatchObject({ type: 'moved', side: 'right', flipped: true });
    expect(formatInterval(t.state.intervals[0]!)).toBe('(3, 5]');
  });

  it('the selection follows the dragged bracket across', () => {
    const selected = selectBracket(start, { id: interval.id, side: 'left' }).state;
    const t = moveBracket(selected, { id: interval.id, side: 'left' }, 4);
    expect(t.state.selected).toEqual({ id: interval.id, side: 'right' });
  });

  it('refuses to land on the other end', () => {
    const t = moveBracket(start, { id: interval.id, side: 'left' }, 3);
    expect(t.event).toEqual({ type: 'refused-degenerate', value: 3 });
    expect(t.state).toBe(start);
    expect(t.answerChanged).toBe(false);
  });

  it('dragged beyond the axis end becomes an open infinite end, and stays round when it comes back', () => {
    const t = moveBracket(start, { id: interval.id, side: 'right' }, 'inf');
    expect(toIntervalsAnswer(t.state.intervals)).toEqual([[closed(-2), open('inf')]]);
    const back = moveBracket(t.state, { id: interval.id, side: 'right' }, 1);
    expect(toIntervalsAnswer(back.state.intervals)).toEqual([[closed(-2), closed(1)]]);
  });

  it('a left end dragged to +∞ crosses the right end', () => {
    const t = moveBracket(start, { id: interval.id, side: 'left' }, 'inf');
    expect(toIntervalsAnswer(t.state.intervals)).toEqual([[closed(3), open('inf')]]);
  });

  it('to the same value does nothing', () => {
    expect(moveBracket(start, { id: interval.id, side: 'left' }, -2).event.type).toBe('none');
    expect(moveBracket(start, { id: 'missing', side: 'left' }, 1).event.type).toBe('none');
  });
});

describe('round or square', () => {
  const start = draw(createIntervalEditor(), -2, 'inf').state;
  const id = start.intervals[0]!.id;

  it('toggles a finite bracket', () => {
    const t = setBracketOpen(start, { id, side: 'left' });
    expect(toIntervalsAnswer(t.state.intervals)).toEqual([[open(-2), open('inf')]]);
    expect(t.event.type).toBe('toggled');
    const back = setBracketOpen(t.state, { id, side: 'left' });
    expect(toIntervalsAnswer(back.state.intervals)).toEqual([[closed(-2), open('inf')]]);
  });

  it('sets a shape explicitly, and choosing the current one does nothing', () => {
    expect(setBracketOpen(start, { id, side: 'left' }, false).event.type).toBe('none');
    expect(setBracketOpen(start, { id, side: 'left' }, true).answerChanged).toBe(true);
  });

  it('refuses to close an infinite end', () => {
    const t = setBracketOpen(start, { id, side: 'right' }, false);
    expect(t.event).toEqual({ type: 'refused-infinite-closed' });
    expect(t.state).toBe(start);
  });
});

describe('erasing and selecting', () => {
  const newId = ids();
  const a = draw(createIntervalEditor(), -3, -1, newId).state;
  const two = draw(a, 1, 2, newId).state;

  it('deletes one interval and its selection', () => {
    const selected = selectBracket(two, { id: 'id000002', side: 'left' }).state;
    const t = deleteInterval(selected, 'id000002');
    expect(t.state.intervals.map((i) => i.id)).toEqual(['id000001']);
    expect(t.state.selected).toBeNull();
    expect(t.answerChanged).toBe(true);
    expect(deleteInterval(t.state, 'id000002').event.type).toBe('none');
  });

  it('selecting switches to moveElement; deselecting clears', () => {
    const erase = setTool(two, 'erase').state;
    const t = selectBracket(erase, { id: 'id000001', side: 'right' });
    expect(t.state).toMatchObject({ tool: 'moveElement', selected: { id: 'id000001', side: 'right' } });
    expect(selectBracket(t.state, null).event).toEqual({ type: 'deselected' });
  });

  it('walks the brackets left to right and lets go past the ends', () => {
    expect(bracketsInOrder(two)).toEqual([
      { id: 'id000001', side: 'left' },
      { id: 'id000001', side: 'right' },
      { id: 'id000002', side: 'left' },
      { id: 'id000002', side: 'right' },
    ]);
    const none = selectBracket(two, null).state;
    expect(adjacentBracket(none, 1)).toEqual({ id: 'id000001', side: 'left' });
    expect(adjacentBracket(none, -1)).toEqual({ id: 'id000002', side: 'right' });
    const last = selectBracket(two, { id: 'id000002', side: 'right' }).state;
    expect(adjacentBracket(last, 1)).toBeNull();
    expect(adjacentBracket(last, -1)).toEqual({ id: 'id000002', side: 'left' });
    expect(adjacentBracket(createIntervalEditor(), 1)).toBeNull();
  });
});

describe('hitTest', () => {
  const view = NUMBER_LINE_INITIAL_VIEW;
  const state = draw(createIntervalEditor(), -2, 'inf').state;
  const id = state.intervals[0]!.id;

  it.each([
    [120, { kind: 'bracket', ref: { id, side: 'left' } }],
    [129, { kind: 'bracket', ref: { id, side: 'left' } }],
    [372, { kind: 'bracket', ref: { id, side: 'right' } }],
    [250, { kind: 'interval', id }],
    [100, null],
  ] as const)('at %s px finds %j', (px, expected) => {
    expect(hitTest(state, view, px, 10)).toEqual(expected);
  });
});

describe('saved answers', () => {
  it('restores intervals, ordering reversed brackets and dropping malformed ones', () => {
    const restored = intervalsFromAnswer(
      [
        [closed(3), open(-1)],
        [open('minusInf'), closed(-5)],
        [closed(1)],
        [{ open: false, value: 'x' }, closed(2)],
        'junk',
      ],
      ids(),
    );
    expect(toIntervalsAnswer(restored)).toEqual([
      [open(-1), closed(3)],
      [open('minusInf'), closed(-5)],
    ]);
    expect(restored.map((i) => i.id)).toEqual(['id000001', 'id000002']);
    expect(intervalsFromAnswer(null, ids())).toEqual([]);
  });

  it('formats intervals in the usual notation', () => {
    expect(formatInterval({ left: open('minusInf'), right: closed(-0.5) })).toBe('(\u2212\u221e, \u22120.5]');
    expect(formatInterval({ left: closed('minusInf'), right: open(2) })).toBe('(\u2212\u221e, 2)');
  });
});
