import type { BracketValue, EmptyPublicData, PlotFeedback } from '@kib/core';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ConsoleProps } from '../console.types';
import {
  defaultBadgeText,
  graphicalBadgeRoom,
  useFeedbackBadge,
  type BadgeState,
} from '../feedback-badge/feedback-badge';
import { messageText, useT, type Translate } from '../i18n';
import { useAnnouncer } from '../use-announcer';
import {
  NUMBER_LINE_INITIAL_VIEW,
  NUMBER_LINE_SIZE,
  formatValue,
  freeStep,
  keepVisible,
  type NumberLineValues,
  pxOfValue,
  sameValue,
  stepValue,
  visibleRange,
  zoomNumberLine,
} from './number-line';
import type { NumberLinePointer, NumberLineViewChange } from './number-line-board';
import { useControlledEditor } from './number-line-hooks';
import { HIT_TOLERANCE_PX, formatTick, type GridView } from './scale';

/** The tools of a number-line console, as the spec names them (spec 02 §4). */
export type NumberLineTool = 'move' | 'drawInterval' | 'erase' | 'moveElement';

const TOOL_SLUGS: Record<NumberLineTool, string> = {
  move: 'move',
  drawInterval: 'draw-interval',
  erase: 'erase',
  moveElement: 'move-element',
};

/** The translation key of a tool's name in a console's area, e.g. `interval-console.tool-move`. */
export function numberLineToolKey(area: string, tool: NumberLineTool): string {
  return `${area}.tool-${TOOL_SLUGS[tool]}`;
}

/** The translation key of the hint of a tool other than drawInterval, e.g. `interval-console.hint-erase`. */
export function numberLineHintKey(area: string, tool: Exclude<NumberLineTool, 'drawInterval'>): string {
  return `${area}.hint-${TOOL_SLUGS[tool]}`;
}

/** The visible range and scale of a view, as the params of the view texts. */
export function numberLineRangeParams(view: GridView) {
  const { min, max } = visibleRange(view);
  return { min: formatTick(min), max: formatTick(max), scale: formatTick(view.scale) };
}

/** One step of a number-line editor: the next state, what happened, and whether the answer changed. */
export interface NumberLineTransition<State, Event> {
  state: State;
  event: Event;
  answerChanged: boolean;
}

/**
 * What makes one number-line console: its translation area, CSS and tools, and what its editor
 * does, for `useNumberLineConsole`. A Target is what the keyboard selects and a pointer drags (a
 * dot, one end of an interval); an element is what the erase tool and Delete remove (by id); Cursor
 * is the kind of value the keyboard cursor takes.
 */
export interface NumberLineConsoleSpec<
  State extends { tool: NumberLineTool },
  Event extends { type: string },
  Answer,
  Target,
  Cursor extends BracketValue,
> {
  /** The translation area of the console's texts, e.g. `interval-console`; also a class of its root. */
  area: string;
  /** Whose feedback codes the badge keeps room for. */
  feedback: 'numberlinePoints' | 'intervals';
  /** CSS for the console's own controls, if it has any. */
  css?: string;
  /** The tool buttons, in order. */
  tools: readonly NumberLineTool[];
  /** The glyph of the drawInterval tool's button. */
  drawIcon: string;
  /** The editor state of a saved answer. */
  fromValue: (value: Answer | null | undefined) => State;
  /** The answer of an editor state. */
  answerOf: (state: State) => Answer;
  /** The announcement of an event; '' for none. */
  eventText: (t: Translate, event: Event) => string;
  /** The values of the console's elements and cursor (FINITE_VALUES or BRACKET_VALUES). */
  values: NumberLineValues<Cursor>;
  /** Chooses a tool (a tool button). */
  setTool: (state: State, tool: NumberLineTool) => NumberLineTransition<State, Event>;
  /** Enter, or a press with drawInterval, at a value. */
  place: (state: State, at: Cursor) => NumberLineTransition<State, Event>;
  /** What a press that placed something carries on dragging, if anything. */
  placedTarget?: (transition: NumberLineTransition<State, Event>) => Target | null;
  /** What a pointer at logical px touches: a target it can drag (or null) and the element it erases. */
  hit: (
    state: State,
    view: GridView,
    px: number,
    tolerance: number,
  ) => { target: Target | null; element: string } | null;
  /** The selected target, or null. */
  selection: (state: State) => Target | null;
  /** Whether `target` is the selected one (a press on it then a release lets it go). */
  isSelected: (state: State, target: Target) => boolean;
  /** Selects a target, or clears the selection (null). */
  select: (state: State, target: Target | null) => NumberLineTransition<State, Event>;
  /** The element a target belongs to. */
  elementOf: (target: Target) => string;
  /** Removes an element (the erase tool, Delete). */
  remove: (state: State, element: string) => NumberLineTransition<State, Event>;
  /** Where a target stands. */
  valueOf: (state: State, target: Target) => Cursor | undefined;
  /** Where the arrow keys cannot put a target (other elements stand there); they jump over. */
  taken: (state: State, target: Target) => BracketValue[];
  /** Moves a target; `target` is the same thing after the move, `flipped` when it changed roles. */
  move: (
    state: State,
    target: Target,
    to: Cursor,
  ) => { transition: NumberLineTransition<State, Event>; target: Target; flipped: boolean };
  /** What to announce (and where the cursor goes) when a drag ends; null when the target is gone. */
  dropped: (state: State, target: Target, flipped: boolean) => { event: Event; cursor?: Cursor } | null;
  /** Drops the half-drawn element; null when there is none. */
  cancel?: (state: State) => NumberLineTransition<State, Event> | null;
  /** A key the console handles itself while a target is selected; null for the usual meaning. */
  selectedKey?: (key: string, state: State, selected: Target) => NumberLineTransition<State, Event> | null;
  /** The target after (1) or before (−1) the selected one, left to right; null past the ends. */
  adjacent: (state: State, direction: -1 | 1) => Target | null;
}

/** What the frame of a number-line console shows and wires: the state and handlers of the hook. */
export interface NumberLineFrameState {
  /** The console's translation area, e.g. `interval-console`. */
  area: string;
  /** CSS for the console's own controls ('' for none). */
  css: string;
  /** The tool buttons, in order. */
  tools: readonly NumberLineTool[];
  /** The glyph of the drawInterval tool's button. */
  drawIcon: string;
  /** Accessible name of the console. */
  label: string | undefined;
  t: Translate;
  disabled: boolean;
  tool: NumberLineTool;
  view: GridView;
  badge: BadgeState | null;
  badgeVisible: boolean;
  /** The longest text the badge can show, kept room for. */
  badgeRoom: string;
  /** The live region of the announcements. */
  region: ReactNode;
  chooseTool: (tool: NumberLineTool) => void;
  updateView: (view: GridView, how?: NumberLineViewChange) => void;
  onBoardPointerDown: (pointer: NumberLinePointer) => void;
  onBoardPointerMove: (pointer: NumberLinePointer) => void;
  onBoardPointerUp: () => void;
  onBoardPointerLeave: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onFocusChange: (focused: boolean) => void;
}

interface Drag<Target> {
  target: Target;
  moved: boolean;
  flipped: boolean;
  /** A press on the selected target: a release without moving lets it go. */
  release: boolean;
}

/**
 * The state and input handling every number-line console shares (spec 02 §4): the editor state
 * following `value`, the view (pan, zoom), the keyboard cursor, pointer presses and drags by tool,
 * the keyboard (arrows, Home, End, Enter, Delete, Escape, Tab, + and −), the announcements of every
 * change, the answer sent after every change and the feedback badge. The console draws the marks,
 * describes its elements and adds its own controls (see `NumberLineFrame`).
 */
export function useNumberLineConsole<
  State extends { tool: NumberLineTool; selected: unknown },
  Event extends { type: string },
  Answer,
  Target,
  Cursor extends BracketValue,
>(
  props: ConsoleProps<EmptyPublicData | null, Answer, PlotFeedback>,
  spec: NumberLineConsoleSpec<State, Event, Answer, Target, Cursor>,
) {
  const { value, onAnswer, feedback, disabled = false, lang, label } = props;
  const { area } = spec;
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const { state: editor, ref: editorRef, commit } = useControlledEditor(value, spec.fromValue, spec.answerOf);
  const [view, setView] = useState<GridView>(NUMBER_LINE_INITIAL_VIEW);
  const viewRef = useRef(view);
  viewRef.current = view;
  // The keyboard cursor starts at the middle of the line: 0.
  const [cursor, setCursor] = useState<Cursor>(() =>
    spec.values.atPx(NUMBER_LINE_INITIAL_VIEW, NUMBER_LINE_SIZE.width / 2),
  );
  const [focused, setFocused] = useState(false);
  const [hovering, setHovering] = useState(false);
  const drag = useRef<Drag<Target> | null>(null);
  const text = (key: string, params?: Record<string, unknown>) => t(`${area}.${key}`, params);

  const badge: BadgeState | null = feedback
    ? {
        correct: feedback.correctAns,
        text: feedback.feedbacks
          ? messageText(t, feedback.feedbacks)
          : defaultBadgeText(t, feedback.correctAns),
      }
    : null;
  const { visible: badgeVisible } = useFeedbackBadge(badge, feedback, spec.answerOf(editor));

  const say = (event: Event) => {
    const said = spec.eventText(t, event);
    if (said) announce(said);
  };

  const apply = (transition: NumberLineTransition<State, Event>, speak = true) => {
    if (transition.state !== editorRef.current) commit(transition.state);
    if (speak) say(transition.event);
    if (transition.answerChanged) onAnswer?.(spec.answerOf(transition.state));
  };

  const updateView = (next: GridView, how?: NumberLineViewChange) => {
    viewRef.current = next;
    setView(next);
    if (how === 'zoom') announce(text('announce-zoom', numberLineRangeParams(next)));
    if (how === 'pan-end') announce(text('announce-pan', numberLineRangeParams(next)));
  };

  const chooseTool = (tool: NumberLineTool) => {
    if (disabled) return;
    const transition = spec.setTool(editorRef.current, tool);
    if (transition.event.type !== 'none') apply(transition);
  };

  const zoom = (direction: -1 | 1) => {
    const current = viewRef.current;
    const at = pxOfValue(current, cursor);
    const anchor = at > 0 && at < NUMBER_LINE_SIZE.width ? at : undefined;
    updateView(zoomNumberLine(current, direction, anchor), 'zoom');
  };

  // Pointer -------------------------------------------------------------------------------------
  const tolerance = (p: NumberLinePointer) => (p.pointerType === 'touch' ? 2 : 1) * HIT_TOLERANCE_PX;

  const startDrag = (target: Target, release: boolean) => {
    drag.current = { target, moved: false, flipped: false, release };
  };

  const onBoardPointerDown = (p: NumberLinePointer) => {
    const state = editorRef.current;
    const current = viewRef.current;
    if (state.tool === 'drawInterval') {
      const at = spec.values.atPx(current, p.px);
      setCursor(at);
      const transition = spec.place(state, at);
      apply(transition);
      const carried = spec.placedTarget?.(transition) ?? null;
      if (carried !== null) startDrag(carried, false);
      return;
    }
    const hit = spec.hit(state, current, p.px, tolerance(p));
    if (state.tool === 'erase') {
      if (hit) apply(spec.remove(state, hit.element));
      return;
    }
    if (state.tool === 'moveElement') {
      if (hit && hit.target !== null) {
        const wasSelected = spec.isSelected(state, hit.target);
        startDrag(hit.target, wasSelected);
        if (!wasSelected) apply(spec.select(state, hit.target));
      } else {
        apply(spec.select(state, null));
      }
    }
  };

  const onBoardPointerMove = (p: NumberLinePointer) => {
    const state = editorRef.current;
    const current = viewRef.current;
    const active = drag.current;
    if (active && p.pressed) {
      const moved = spec.move(state, active.target, spec.values.atPx(current, p.px));
      if (moved.transition.event.type !== 'moved') return;
      active.moved = true;
      active.flipped ||= moved.flipped;
      active.target = moved.target;
      commit(moved.transition.state);
      return;
    }
    if (state.tool === 'drawInterval' && !p.pressed) {
      setHovering(true);
      setCursor(spec.values.atPx(current, p.px));
    }
  };

  const onBoardPointerUp = () => {
    const active = drag.current;
    drag.current = null;
    if (!active) return;
    const state = editorRef.current;
    if (active.moved) {
      const drop = spec.dropped(state, active.target, active.flipped);
      if (!drop) return;
      if (drop.cursor !== undefined) setCursor(drop.cursor);
      say(drop.event);
      onAnswer?.(spec.answerOf(state));
    } else if (active.release) {
      apply(spec.select(state, null));
    }
  };

  // Keyboard ------------------------------------------------------------------------------------
  const follow = (at: Cursor) => {
    setCursor(at);
    const next = keepVisible(viewRef.current, at);
    if (next !== viewRef.current) updateView(next);
  };

  const moveSelectedTo = (target: Target, to: Cursor) => {
    const state = editorRef.current;
    const from = spec.valueOf(state, target);
    if (from === undefined || sameValue(to, from)) return;
    const { transition } = spec.move(state, target, to);
    apply(transition);
    if (transition.event.type === 'moved') follow(to);
  };

  const announceCursor = (at: Cursor) => announce(text('announce-cursor', { value: formatValue(at) }));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || event.altKey || event.ctrlKey || event.metaKey) return;
    const state = editorRef.current;
    const current = viewRef.current;
    const selected = spec.selection(state);
    const pending = spec.cancel?.(state) ?? null;
    const handled = () => event.preventDefault();
    const own = selected !== null ? (spec.selectedKey?.(event.key, state, selected) ?? null) : null;
    if (own) {
      handled();
      apply(own);
      return;
    }
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowRight': {
        handled();
        const dir = event.key === 'ArrowRight' ? 1 : -1;
        if (selected !== null) {
          const from = spec.valueOf(state, selected);
          if (from === undefined) return;
          const taken = spec.taken(state, selected);
          const to = spec.values.accept(freeStep(current, from, taken, dir, event.shiftKey));
          if (to !== null) moveSelectedTo(selected, to);
        } else {
          const { min, max } = visibleRange(current);
          const base =
            typeof cursor === 'number'
              ? Math.min(max + current.scale, Math.max(min - current.scale, cursor))
              : cursor;
          const next = spec.values.accept(stepValue(current, base, dir, event.shiftKey));
          if (next === null) return;
          follow(next);
          announceCursor(next);
        }
        return;
      }
      case 'Home':
      case 'End': {
        handled();
        const to = spec.values.end(current, event.key === 'Home' ? -1 : 1);
        if (selected !== null) moveSelectedTo(selected, to);
        else {
          setCursor(to);
          announceCursor(to);
        }
        return;
      }
      case 'Enter':
      case ' ':
        handled();
        apply(selected !== null ? spec.select(state, null) : spec.place(state, cursor));
        return;
      case 'Delete':
      case 'Backspace':
        if (selected !== null) {
          handled();
          apply(spec.remove(state, spec.elementOf(selected)));
        } else if (pending) {
          handled();
          apply(pending);
        }
        return;
      case 'Escape':
        if (pending) {
          handled();
          apply(pending);
        } else if (selected !== null) {
          handled();
          apply(spec.select(state, null));
        }
        return;
      case 'Tab': {
        if (pending) return;
        const next = spec.adjacent(state, event.shiftKey ? -1 : 1);
        if (next !== null) {
          handled();
          apply(spec.select(state, next));
          const at = spec.valueOf(state, next);
          if (at !== undefined) follow(at);
        } else if (selected !== null) {
          apply(spec.select(state, null), false);
        }
        return;
      }
      case '+':
      case '=':
        handled();
        zoom(-1);
        return;
      case '-':
      case '_':
        handled();
        zoom(1);
        return;
      default:
        return;
    }
  };

  const showCursor =
    !disabled && !editor.selected && (focused || (hovering && editor.tool === 'drawInterval'));

  const frame: NumberLineFrameState = {
    area,
    css: spec.css ?? '',
    tools: spec.tools,
    drawIcon: spec.drawIcon,
    label,
    t,
    disabled,
    tool: editor.tool,
    view,
    badge,
    badgeRoom: graphicalBadgeRoom(t, spec.feedback),
    badgeVisible,
    region,
    chooseTool,
    updateView,
    onBoardPointerDown,
    onBoardPointerMove,
    onBoardPointerUp,
    onBoardPointerLeave: () => setHovering(false),
    onKeyDown,
    onFocusChange: setFocused,
  };

  return { t, disabled, editor, editorRef, apply, cursor, showCursor, frame };
}
