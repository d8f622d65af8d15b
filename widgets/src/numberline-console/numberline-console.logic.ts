/**
 * The state machine of the number-line points console (spec 02 §4): tools drawInterval (place a
 * dot), erase, move (pan the line) and moveElement; after a dot is placed the tool switches to
 * moveElement. Two dots never share a place. Pure functions: each returns the next state and what
 * happened, for the console to announce.
 */
import { LIMITS, type NumberlinePointsAnswer } from '@kib/core';
import { formatValue, pxOfValue, sameValue } from '../shared/graph/number-line';
import type { GridView } from '../shared/graph/scale';

/** The tools of the number-line points console, as the spec names them. */
export const NUMBERLINE_TOOLS = ['drawInterval', 'erase', 'move', 'moveElement'] as const;

/** A tool of the number-line points console. */
export type NumberlineTool = (typeof NUMBERLINE_TOOLS)[number];

/** A dot on the line. */
export interface EditorDot {
  id: string;
  value: number;
}

/** The whole editor state; the answer is derived from `dots` alone. */
export interface NumberlineEditorState {
  tool: NumberlineTool;
  dots: EditorDot[];
  selected: string | null;
}

/** What a transition did, for the announcement. */
export type NumberlineEvent =
  | { type: 'none' }
  | { type: 'tool-changed'; tool: NumberlineTool }
  | { type: 'placed'; dot: EditorDot }
  | { type: 'refused-duplicate'; value: number }
  | { type: 'refused-limit' }
  | { type: 'moved'; dot: EditorDot }
  | { type: 'deleted'; dot: EditorDot }
  | { type: 'selected'; dot: EditorDot }
  | { type: 'deselected' };

/** A transition: the next state, what happened, and whether the answer changed. */
export interface NumberlineTransition {
  state: NumberlineEditorState;
  event: NumberlineEvent;
  answerChanged: boolean;
}

const NOTHING = (state: NumberlineEditorState): NumberlineTransition => ({
  state,
  event: { type: 'none' },
  answerChanged: false,
});

/** An editor ready to place dots, holding `dots`. */
export function createNumberlineEditor(dots: EditorDot[] = []): NumberlineEditorState {
  return { tool: 'drawInterval', dots, selected: null };
}

/** The dots of a saved answer: finite numbers only, repeats dropped; ids from `newId`. */
export function dotsFromAnswer(answer: unknown, newId: () => string): EditorDot[] {
  if (!Array.isArray(answer)) return [];
  const dots: EditorDot[] = [];
  for (const value of answer) {
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (dots.some((d) => sameValue(d.value, value))) continue;
    dots.push({ id: newId(), value });
  }
  return dots.slice(0, LIMITS.numberlinePointsMaxItems);
}

/** The answer of the console: the numbers of the dots, in the order they were placed. */
export function toPointsAnswer(dots: readonly EditorDot[]): NumberlinePointsAnswer {
  return dots.map((d) => d.value);
}

/** The dots as text, left to right: "−2, 0.5, 3". */
export function formatDots(dots: readonly EditorDot[]): string {
  return [...dots]
    .sort((a, b) => a.value - b.value)
    .map((d) => formatValue(d.value))
    .join(', ');
}

/** Chooses a tool; the selection survives only in moveElement. */
export function setTool(state: NumberlineEditorState, tool: NumberlineTool): NumberlineTransition {
  if (tool === state.tool) return NOTHING(state);
  return {
    state: { ...state, tool, selected: tool === 'moveElement' ? state.selected : null },
    event: { type: 'tool-changed', tool },
    answerChanged: false,
  };
}

/**
 * Places a dot at `value`, then switches to moveElement with the new dot selected. Refused where a
 * dot already is, and past LIMITS.numberlinePointsMaxItems.
 */
export function placeDot(
  state: NumberlineEditorState,
  value: number,
  newId: () => string,
): NumberlineTransition {
  if (state.dots.some((d) => sameValue(d.value, value))) {
    return { state, event: { type: 'refused-duplicate', value }, answerChanged: false };
  }
  if (state.dots.length >= LIMITS.numberlinePointsMaxItems) {
    return { state, event: { type: 'refused-limit' }, answerChanged: false };
  }
  const dot: EditorDot = { id: newId(), value };
  return {
    state: { tool: 'moveElement', dots: [...state.dots, dot], selected: dot.id },
    event: { type: 'placed', dot },
    answerChanged: true,
  };
}

/** Moves a dot to `value`; refused onto another dot. */
export function moveDot(state: NumberlineEditorState, id: string, value: number): NumberlineTransition {
  const dot = state.dots.find((d) => d.id === id);
  if (!dot || sameValue(dot.value, value)) return NOTHING(state);
  if (state.dots.some((d) => d.id !== id && sameValue(d.value, value))) {
    return { state, event: { type: 'refused-duplicate', value }, answerChanged: false };
  }
  const moved = { id, value };
  return {
    state: { ...state, dots: state.dots.map((d) => (d.id === id ? moved : d)) },
    event: { type: 'moved', dot: moved },
    answerChanged: true,
  };
}

/** Deletes a dot. */
export function deleteDot(state: NumberlineEditorState, id: string): NumberlineTransition {
  const dot = state.dots.find((d) => d.id === id);
  if (!dot) return NOTHING(state);
  return {
    state: {
      ...state,
      dots: state.dots.filter((d) => d.id !== id),
      selected: state.selected === id ? null : state.selected,
    },
    event: { type: 'deleted', dot },
    answerChanged: true,
  };
}

/** Selects a dot (switching to moveElement) or clears the selection (`null`). */
export function selectDot(state: NumberlineEditorState, id: string | null): NumberlineTransition {
  if (id === null) {
    if (state.selected === null) return NOTHING(state);
    return { state: { ...state, selected: null }, event: { type: 'deselected' }, answerChanged: false };
  }
  const dot = state.dots.find((d) => d.id === id);
  if (!dot) return NOTHING(state);
  return {
    state: { ...state, tool: 'moveElement', selected: id },
    event: { type: 'selected', dot },
    answerChanged: false,
  };
}

/**
 * The dot after (or before) the selected one, left to right; `null` past the last (or before the
 * first), so the keyboard focus can leave the board.
 */
export function adjacentDot(state: NumberlineEditorState, direction: 1 | -1): string | null {
  const order = [...state.dots].sort((a, b) => a.value - b.value);
  if (order.length === 0) return null;
  const current = state.selected ? order.findIndex((d) => d.id === state.selected) : -1;
  if (current < 0) return (direction > 0 ? order[0]! : order[order.length - 1]!).id;
  return order[current + direction]?.id ?? null;
}

/** The dot nearest to logical px within `tolerance` px, or null. */
export function hitDot(
  state: NumberlineEditorState,
  view: GridView,
  px: number,
  tolerance: number,
): string | null {
  let best: { id: string; distance: number } | null = null;
  for (const dot of state.dots) {
    const distance = Math.abs(pxOfValue(view, dot.value) - px);
    if (distance <= tolerance && (!best || distance < best.distance)) best = { id: dot.id, distance };
  }
  return best?.id ?? null;
}
