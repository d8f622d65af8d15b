/**
 * The state machine of the number-line intervals console (spec 02 §4): tools move, drawInterval,
 * erase and moveElement; drawing goes setFirstBracket → setSecondBracket → done and then hands over
 * to moveElement; a half-drawn interval is discarded when the tool changes; no degenerate interval;
 * a bracket dragged past the other one swaps the roles of both; infinite ends are always open.
 * Pure functions: each returns the next state and what happened, for the console to announce.
 */
import { LIMITS, type Bracket, type BracketValue, type IntervalsAnswer } from '@kib/core';
import { formatValue, isInfinite, pxOfValue, sameValue, valuePosition } from '../shared/graph/number-line';
import type { GridView } from '../shared/graph/scale';

/** The tools of the intervals console, as the spec names them. */
export const INTERVAL_TOOLS = ['move', 'drawInterval', 'erase', 'moveElement'] as const;

/** A tool of the intervals console. */
export type IntervalTool = (typeof INTERVAL_TOOLS)[number];

/** Where the drawing of an interval stands. */
export type DrawPhase = 'setFirstBracket' | 'setSecondBracket' | 'done';

/** Which end of an interval. */
export type Side = 'left' | 'right';

/** An interval on the board; `open` of an infinite end is the student's last choice, shown as open. */
export interface EditorInterval {
  id: string;
  left: Bracket;
  right: Bracket;
}

/** A selected bracket: interval id and end. */
export interface BracketRef {
  id: string;
  side: Side;
}

/** The whole editor state; the answer is derived from `intervals` alone. */
export interface IntervalEditorState {
  tool: IntervalTool;
  phase: DrawPhase;
  intervals: EditorInterval[];
  /** The first bracket of the interval being drawn (phase setSecondBracket). */
  pending: { id: string; first: Bracket } | null;
  selected: BracketRef | null;
}

/** What a transition did, for the announcement. */
export type IntervalEvent =
  | { type: 'none' }
  | { type: 'tool-changed'; tool: IntervalTool; discarded: boolean }
  | { type: 'first-placed'; value: BracketValue }
  | { type: 'completed'; interval: EditorInterval }
  | { type: 'refused-degenerate'; value: BracketValue }
  | { type: 'refused-limit' }
  | { type: 'moved'; interval: EditorInterval; side: Side; flipped: boolean }
  | { type: 'toggled'; interval: EditorInterval; side: Side }
  | { type: 'refused-infinite-closed' }
  | { type: 'deleted'; interval: EditorInterval }
  | { type: 'selected'; interval: EditorInterval; side: Side }
  | { type: 'deselected' }
  | { type: 'cancelled' };

/** A transition: the next state, what happened, and whether the answer changed. */
export interface IntervalTransition {
  state: IntervalEditorState;
  event: IntervalEvent;
  answerChanged: boolean;
}

const NOTHING = (state: IntervalEditorState): IntervalTransition => ({
  state,
  event: { type: 'none' },
  answerChanged: false,
});

/** The bracket as it counts: an infinite end is always open (round). */
export function effectiveBracket(bracket: Bracket): Bracket {
  return isInfinite(bracket.value) ? { open: true, value: bracket.value } : bracket;
}

/** A new bracket at `value`: square (closed) for a number, round for an infinity. */
export function newBracket(value: BracketValue): Bracket {
  return { open: isInfinite(value), value };
}

/** Orders two brackets into [left, right] by their place on the line. */
export function orderBrackets(a: Bracket, b: Bracket): [Bracket, Bracket] {
  return valuePosition(a.value) <= valuePosition(b.value) ? [a, b] : [b, a];
}

/** An empty editor, ready to draw (drawInterval, setFirstBracket), or one holding `intervals`. */
export function createIntervalEditor(intervals: EditorInterval[] = []): IntervalEditorState {
  return { tool: 'drawInterval', phase: 'setFirstBracket', intervals, pending: null, selected: null };
}

/**
 * The editor intervals of a saved answer: brackets put in order, values that are not numbers or
 * infinities dropped with their interval. Ids come from `newId`.
 */
export function intervalsFromAnswer(answer: unknown, newId: () => string): EditorInterval[] {
  if (!Array.isArray(answer)) return [];
  const out: EditorInterval[] = [];
  for (const item of answer) {
    if (!Array.isArray(item) || item.length !== 2) continue;
    const [a, b] = item as unknown[];
    const ba = readBracket(a);
    const bb = readBracket(b);
    if (!ba || !bb) continue;
    const [left, right] = orderBrackets(ba, bb);
    out.push({ id: newId(), left, right });
  }
  return out.slice(0, LIMITS.intervalsMaxItems);
}

function readBracket(raw: unknown): Bracket | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { open, value } = raw as { open?: unknown; value?: unknown };
  if (typeof open !== 'boolean') return null;
  if (value === 'minusInf' || value === 'inf') return { open, value };
  if (typeof value === 'number' && Number.isFinite(value)) return { open, value };
  return null;
}

/** The answer of the console: complete intervals only, each [left, right], infinite ends open. */
export function toIntervalsAnswer(intervals: readonly EditorInterval[]): IntervalsAnswer {
  return intervals.map((i) => [effectiveBracket(i.left), effectiveBracket(i.right)]);
}

/** An interval in the usual notation, e.g. "[−2, 3)" or "(−∞, 1]". */
export function formatInterval(interval: Pick<EditorInterval, 'left' | 'right'>): string {
  const left = effectiveBracket(interval.left);
  const right = effectiveBracket(interval.right);
  return `${left.open ? '(' : '['}${formatValue(left.value)}, ${formatValue(right.value)}${right.open ? ')' : ']'}`;
}

/** The interval with id `id`. */
export function findInterval(state: IntervalEditorState, id: string): EditorInterval | undefined {
  return state.intervals.find((i) => i.id === id);
}

/** Chooses a tool; a half-drawn interval is discarded, and drawing starts again at its first bracket. */
export function setTool(state: IntervalEditorState, tool: IntervalTool): IntervalTransition {
  const discarded = state.pending !== null;
  if (tool === state.tool && !discarded) return NOTHING(state);
  return {
    state: {
      ...state,
      tool,
      phase: tool === 'drawInterval' ? 'setFirstBracket' : 'done',
      pending: null,
      selected: tool === 'moveElement' ? state.selected : null,
    },
    event: { type: 'tool-changed', tool, discarded },
    answerChanged: false,
  };
}

/**
 * Places a bracket at `value` with the drawInterval tool (chosen first if another one is active):
 * the first bracket starts an interval; the second completes it unless it sits on the first one
 * (refused, still waiting for the second). A completed interval hands over to moveElement with its
 * last bracket selected, ready to be made round or square.
 */
export function placeBracket(
  state: IntervalEditorState,
  value: BracketValue,
  newId: () => string,
): IntervalTransition {
  const drawing = state.tool === 'drawInterval' ? state : setTool(state, 'drawInterval').state;
  if (drawing.phase !== 'setSecondBracket' || !drawing.pending) {
    if (drawing.intervals.length >= LIMITS.intervalsMaxItems) {
      return { state: drawing, event: { type: 'refused-limit' }, answerChanged: false };
    }
    return {
      state: {
        ...drawing,
        phase: 'setSecondBracket',
        pending: { id: newId(), first: newBracket(value) },
        selected: null,
      },
      event: { type: 'first-placed', value },
      answerChanged: false,
    };
  }
  const { first, id } = drawing.pending;
  if (sameValue(first.value, value)) {
    return { state: drawing, event: { type: 'refused-degenerate', value }, answerChanged: false };
  }
  const second = newBracket(value);
  const [left, right] = orderBrackets(first, second);
  const interval: EditorInterval = { id, left, right };
  return {
    state: {
      tool: 'moveElement',
      phase: 'done',
      intervals: [...drawing.intervals, interval],
      pending: null,
      selected: { id, side: right === second ? 'right' : 'left' },
    },
    event: { type: 'completed', interval },
    answerChanged: true,
  };
}

/**
 * Moves one bracket to `value`. Landing on the other bracket is refused (no degenerate interval);
 * passing it swaps the two: the moved bracket becomes the other end and both glyphs turn round,
 * each keeping its own round or square shape. The selection follows the brackets.
 */
export function moveBracket(
  state: IntervalEditorState,
  ref: BracketRef,
  value: BracketValue,
): IntervalTransition & { side: Side } {
  const interval = findInterval(state, ref.id);
  if (!interval) return { ...NOTHING(state), side: ref.side };
  const moving = interval[ref.side];
  const other = ref.side === 'left' ? interval.right : interval.left;
  if (sameValue(moving.value, value)) return { ...NOTHING(state), side: ref.side };
  if (sameValue(other.value, value)) {
    return {
      state,
      event: { type: 'refused-degenerate', value },
      answerChanged: false,
      side: ref.side,
    };
  }
  const moved: Bracket = { ...moving, value };
  const [left, right] = orderBrackets(moved, other);
  const side: Side = left === moved ? 'left' : 'right';
  const flipped = side !== ref.side;
  const next: EditorInterval = { id: interval.id, left, right };
  let selected = state.selected;
  if (selected && selected.id === interval.id && flipped) {
    selected = { id: interval.id, side: selected.side === 'left' ? 'right' : 'left' };
  }
  return {
    state: {
      ...state,
      intervals: state.intervals.map((i) => (i.id === interval.id ? next : i)),
      selected,
    },
    event: { type: 'moved', interval: next, side, flipped },
    answerChanged: true,
    side,
  };
}

/**
 * Makes a bracket round (open) or square (closed); `open` omitted toggles. An infinite end cannot be
 * closed: refused.
 */
export function setBracketOpen(
  state: IntervalEditorState,
  ref: BracketRef,
  open?: boolean,
): IntervalTransition {
  const interval = findInterval(state, ref.id);
  if (!interval) return NOTHING(state);
  const bracket = interval[ref.side];
  if (isInfinite(bracket.value)) {
    return { state, event: { type: 'refused-infinite-closed' }, answerChanged: false };
  }
  const nextOpen = open ?? !bracket.open;
  if (nextOpen === bracket.open) return NOTHING(state);
  const next: EditorInterval = { ...interval, [ref.side]: { ...bracket, open: nextOpen } };
  return {
    state: { ...state, intervals: state.intervals.map((i) => (i.id === ref.id ? next : i)) },
    event: { type: 'toggled', interval: next, side: ref.side },
    answerChanged: true,
  };
}

/** Deletes an interval (the erase tool, or Delete on a selected bracket). */
export function deleteInterval(state: IntervalEditorState, id: string): IntervalTransition {
  const interval = findInterval(state, id);
  if (!interval) return NOTHING(state);
  return {
    state: {
      ...state,
      intervals: state.intervals.filter((i) => i.id !== id),
      selected: state.selected?.id === id ? null : state.selected,
    },
    event: { type: 'deleted', interval },
    answerChanged: true,
  };
}

/** Selects a bracket (moveElement) or clears the selection (`null`). */
export function selectBracket(state: IntervalEditorState, ref: BracketRef | null): IntervalTransition {
  if (!ref) {
    if (!state.selected) return NOTHING(state);
    return { state: { ...state, selected: null }, event: { type: 'deselected' }, answerChanged: false };
  }
  const interval = findInterval(state, ref.id);
  if (!interval) return NOTHING(state);
  const base = state.tool === 'moveElement' ? state : setTool(state, 'moveElement').state;
  return {
    state: { ...base, selected: ref },
    event: { type: 'selected', interval, side: ref.side },
    answerChanged: false,
  };
}

/** Drops the half-drawn interval, staying in drawInterval at its first bracket. */
export function cancelPending(state: IntervalEditorState): IntervalTransition {
  if (!state.pending) return NOTHING(state);
  return {
    state: { ...state, pending: null, phase: state.tool === 'drawInterval' ? 'setFirstBracket' : 'done' },
    event: { type: 'cancelled' },
    answerChanged: false,
  };
}

/** Every bracket on the board, left to right (ties: left ends first, then drawing order). */
export function bracketsInOrder(state: IntervalEditorState): BracketRef[] {
  const refs = state.intervals.flatMap((i, index) =>
    (['left', 'right'] as const).map((side) => ({ ref: { id: i.id, side }, at: i[side].value, index })),
  );
  refs.sort(
    (a, b) =>
      valuePosition(a.at) - valuePosition(b.at) ||
      (a.ref.side === b.ref.side ? 0 : a.ref.side === 'right' ? -1 : 1) ||
      a.index - b.index,
  );
  return refs.map((r) => r.ref);
}

/**
 * The bracket after (or before) the selected one, left to right; `null` past the last (or before
 * the first), so the keyboard focus can leave the board.
 */
export function adjacentBracket(state: IntervalEditorState, direction: 1 | -1): BracketRef | null {
  const order = bracketsInOrder(state);
  if (order.length === 0) return null;
  const current = state.selected
    ? order.findIndex((r) => r.id === state.selected?.id && r.side === state.selected.side)
    : -1;
  if (current < 0) return direction > 0 ? order[0]! : order[order.length - 1]!;
  return order[current + direction] ?? null;
}

/** What a pointer at logical px touches: a bracket (nearest within tolerance), else an interval's fill. */
export type IntervalHit = { kind: 'bracket'; ref: BracketRef } | { kind: 'interval'; id: string } | null;

/** Hit-tests the board at logical px (tolerance in logical px, HIT_TOLERANCE_PX by default). */
export function hitTest(
  state: IntervalEditorState,
  view: GridView,
  px: number,
  tolerance: number,
): IntervalHit {
  let best: { ref: BracketRef; distance: number } | null = null;
  for (const interval of state.intervals) {
    for (const side of ['left', 'right'] as const) {
      const distance = Math.abs(pxOfValue(view, interval[side].value) - px);
      if (distance <= tolerance && (!best || distance < best.distance)) {
        best = { ref: { id: interval.id, side }, distance };
      }
    }
  }
  if (best) return { kind: 'bracket', ref: best.ref };
  for (let k = state.intervals.length - 1; k >= 0; k--) {
    const interval = state.intervals[k]!;
    const from = pxOfValue(view, interval.left.value);
    const to = pxOfValue(view, interval.right.value);
    if (px >= Math.min(from, to) && px <= Math.max(from, to)) return { kind: 'interval', id: interval.id };
  }
  return null;
}
