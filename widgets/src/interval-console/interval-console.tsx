import type { BracketValue, IntervalsAnswer } from '@kib/core';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FeedbackBadge, defaultBadgeText, useFeedbackBadge } from '../shared/feedback-badge/feedback-badge';
import {
  NUMBER_LINE_INITIAL_VIEW,
  NUMBER_LINE_SIZE,
  bracketValueAtPx,
  formatValue,
  isInfinite,
  keepVisible,
  pxOfValue,
  sameValue,
  stepValue,
  valuePosition,
  visibleRange,
  zoomNumberLine,
} from '../shared/graph/number-line';
import {
  NumberLineBoard,
  type NumberLineMark,
  type NumberLinePointer,
  type NumberLineViewChange,
} from '../shared/graph/number-line-board';
import { useControlledEditor } from '../shared/graph/number-line-hooks';
import { HIT_TOLERANCE_PX, formatTick, type GridView } from '../shared/graph/scale';
import { messageText, useT, type Translate } from '../shared/i18n';
import { randomId } from '../shared/ids';
import { WidgetStyles } from '../shared/styles';
import { useAnnouncer } from '../shared/use-announcer';
import css from './interval-console.css?inline';
import {
  INTERVAL_TOOLS,
  adjacentBracket,
  cancelPending,
  createIntervalEditor,
  deleteInterval,
  findInterval,
  formatInterval,
  hitTest,
  intervalsFromAnswer,
  moveBracket,
  placeBracket,
  selectBracket,
  setBracketOpen,
  setTool,
  toIntervalsAnswer,
  type BracketRef,
  type IntervalEditorState,
  type IntervalEvent,
  type IntervalTool,
  type IntervalTransition,
} from './interval-console.logic';
import type { IntervalConsoleProps } from './interval-console.types';

const TOOL_KEYS: Record<IntervalTool, string> = {
  move: 'interval-console.tool-move',
  drawInterval: 'interval-console.tool-draw-interval',
  erase: 'interval-console.tool-erase',
  moveElement: 'interval-console.tool-move-element',
};

const TOOL_ICONS: Record<IntervalTool, string> = {
  move: '\u2194',
  drawInterval: '[\u2009]',
  erase: '\u2715',
  moveElement: '\u21e5',
};

const readValue = (value: IntervalsAnswer | null | undefined) =>
  createIntervalEditor(intervalsFromAnswer(value, () => randomId(8)));
const answerOf = (state: IntervalEditorState) => toIntervalsAnswer(state.intervals);

function rangeParams(view: GridView) {
  const { min, max } = visibleRange(view);
  return { min: formatTick(min), max: formatTick(max), scale: formatTick(view.scale) };
}

function eventText(t: Translate, event: IntervalEvent): string {
  const side = (s: 'left' | 'right') => t(`interval-console.side-${s}`);
  switch (event.type) {
    case 'tool-changed':
      return [
        t('interval-console.announce-tool', { tool: t(TOOL_KEYS[event.tool]) }),
        event.discarded ? t('interval-console.announce-discarded') : '',
      ]
        .join(' ')
        .trim();
    case 'first-placed':
      return t('interval-console.announce-first', { value: formatValue(event.value) });
    case 'completed':
      return t('interval-console.announce-completed', { interval: formatInterval(event.interval) });
    case 'refused-degenerate':
      return t('interval-console.announce-degenerate');
    case 'refused-limit':
      return t('interval-console.announce-limit');
    case 'moved':
      return event.flipped
        ? t('interval-console.announce-flipped', { interval: formatInterval(event.interval) })
        : t('interval-console.announce-moved', {
            value: formatValue(event.interval[event.side].value),
            interval: formatInterval(event.interval),
          });
    case 'toggled':
      return t('interval-console.announce-toggled', {
        side: side(event.side),
        shape: t(
          event.interval[event.side].open
            ? 'interval-console.announce-open'
            : 'interval-console.announce-closed',
        ),
        interval: formatInterval(event.interval),
      });
    case 'refused-infinite-closed':
      return t('interval-console.announce-infinite-open');
    case 'deleted':
      return t('interval-console.announce-deleted', { interval: formatInterval(event.interval) });
    case 'selected':
      return t('interval-console.announce-selected', {
        side: side(event.side),
        interval: formatInterval(event.interval),
        value: formatValue(event.interval[event.side].value),
      });
    case 'deselected':
      return t('interval-console.announce-deselected');
    case 'cancelled':
      return t('interval-console.announce-cancelled');
    default:
      return '';
  }
}

/**
 * The number-line intervals console (math type `intervals`, spec 02 §4): draw intervals bracket by
 * bracket, drag their ends (past each other they swap roles), make each end round (open) or square
 * (closed), erase them, pan and zoom the line. Works with a mouse, touch and the keyboard, and tells
 * a screen reader what it shows and every change. Sends the complete intervals after every change.
 */
export function IntervalConsole({
  value,
  onAnswer,
  feedback,
  disabled = false,
  lang,
  label,
}: IntervalConsoleProps) {
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const { state: editor, ref: editorRef, commit } = useControlledEditor(value, readValue, answerOf);
  const [view, setView] = useState<GridView>(NUMBER_LINE_INITIAL_VIEW);
  const viewRef = useRef(view);
  viewRef.current = view;
  const [cursor, setCursor] = useState<BracketValue>(0);
  const [focused, setFocused] = useState(false);
  const [hovering, setHovering] = useState(false);
  const drag = useRef<{ ref: BracketRef; moved: boolean; flipped: boolean; release: boolean } | null>(null);

  const badge = feedback
    ? {
        correct: feedback.correctAns,
        text: feedback.feedbacks
          ? messageText(t, feedback.feedbacks)
          : defaultBadgeText(t, feedback.correctAns),
      }
    : null;
  const { visible: badgeVisible, rootProps } = useFeedbackBadge(badge);

  const apply = (transition: IntervalTransition, speak = true) => {
    if (transition.state !== editorRef.current) commit(transition.state);
    if (speak) {
      const text = eventText(t, transition.event);
      if (text) announce(text);
    }
    if (transition.answerChanged) onAnswer?.(toIntervalsAnswer(transition.state.intervals));
  };

  const updateView = (next: GridView, how?: NumberLineViewChange) => {
    viewRef.current = next;
    setView(next);
    if (how === 'zoom') announce(t('interval-console.announce-zoom', rangeParams(next)));
    if (how === 'pan-end') announce(t('interval-console.announce-pan', rangeParams(next)));
  };

  const chooseTool = (tool: IntervalTool) => {
    if (disabled) return;
    const transition = setTool(editorRef.current, tool);
    if (transition.event.type === 'none') return;
    apply(transition);
  };

  const zoom = (direction: -1 | 1) => {
    const current = viewRef.current;
    const at = pxOfValue(current, cursor);
    const anchor = at > 0 && at < NUMBER_LINE_SIZE.width ? at : undefined;
    updateView(zoomNumberLine(current, direction, anchor), 'zoom');
  };

  // Pointer -------------------------------------------------------------------------------------
  const tolerance = (p: NumberLinePointer) => (p.pointerType === 'touch' ? 2 : 1) * HIT_TOLERANCE_PX;

  const onBoardPointerDown = (p: NumberLinePointer) => {
    const state = editorRef.current;
    const current = viewRef.current;
    if (state.tool === 'drawInterval') {
      const at = bracketValueAtPx(current, p.px);
      setCursor(at);
      apply(placeBracket(state, at, () => randomId(8)));
      return;
    }
    const hit = hitTest(state, current, p.px, tolerance(p));
    if (state.tool === 'erase') {
      if (hit) apply(deleteInterval(state, hit.kind === 'bracket' ? hit.ref.id : hit.id));
      return;
    }
    if (state.tool === 'moveElement') {
      if (hit?.kind === 'bracket') {
        const wasSelected = state.selected?.id === hit.ref.id && state.selected.side === hit.ref.side;
        drag.current = { ref: hit.ref, moved: false, flipped: false, release: wasSelected };
        if (!wasSelected) apply(selectBracket(state, hit.ref));
      } else {
        apply(selectBracket(state, null));
      }
    }
  };

  const onBoardPointerMove = (p: NumberLinePointer) => {
    const state = editorRef.current;
    const current = viewRef.current;
    const active = drag.current;
    if (active && p.pressed) {
      const transition = moveBracket(state, active.ref, bracketValueAtPx(current, p.px));
      if (transition.event.type !== 'moved') return;
      active.moved = true;
      active.flipped ||= transition.event.flipped;
      active.ref = { id: active.ref.id, side: transition.side };
      commit(transition.state);
      return;
    }
    if (state.tool === 'drawInterval' && !p.pressed) {
      setHovering(true);
      setCursor(bracketValueAtPx(current, p.px));
    }
  };

  const onBoardPointerUp = () => {
    const active = drag.current;
    drag.current = null;
    if (!active) return;
    const state = editorRef.current;
    if (active.moved) {
      const interval = findInterval(state, active.ref.id);
      if (!interval) return;
      announce(eventText(t, { type: 'moved', interval, side: active.ref.side, flipped: active.flipped }));
      onAnswer?.(toIntervalsAnswer(state.intervals));
    } else if (active.release) {
      apply(selectBracket(state, null));
    }
  };

  // Keyboard ------------------------------------------------------------------------------------
  const follow = (at: BracketValue) => {
    setCursor(at);
    const next = keepVisible(viewRef.current, at);
    if (next !== viewRef.current) updateView(next);
  };

  const moveSelected = (
    ref: BracketRef,
    target: (from: BracketValue, other: BracketValue) => BracketValue,
  ) => {
    const state = editorRef.current;
    const interval = findInterval(state, ref.id);
    if (!interval) return;
    const from = interval[ref.side].value;
    const other = interval[ref.side === 'left' ? 'right' : 'left'].value;
    const to = target(from, other);
    if (sameValue(to, from)) return;
    const transition = moveBracket(state, ref, to);
    apply(transition);
    if (transition.event.type === 'moved') follow(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || event.altKey || event.ctrlKey || event.metaKey) return;
    const state = editorRef.current;
    const current = viewRef.current;
    const selected = state.selected;
    const handled = () => event.preventDefault();
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowRight': {
        handled();
        const dir = event.key === 'ArrowRight' ? 1 : -1;
        if (selected) {
          moveSelected(selected, (from, other) => {
            const next = stepValue(current, from, dir, event.shiftKey);
            return sameValue(next, other) ? stepValue(current, next, dir, event.shiftKey) : next;
          });
        } else {
          const { min, max } = visibleRange(current);
          const base =
            typeof cursor === 'number'
              ? Math.min(max + current.scale, Math.max(min - current.scale, cursor))
              : cursor;
          const next = stepValue(current, base, dir, event.shiftKey);
          follow(next);
          announce(t('interval-console.announce-cursor', { value: formatValue(next) }));
        }
        return;
      }
      case 'Home':
      case 'End': {
        handled();
        const to: BracketValue = event.key === 'Home' ? 'minusInf' : 'inf';
        if (selected) moveSelected(selected, () => to);
        else {
          setCursor(to);
          announce(t('interval-console.announce-cursor', { value: formatValue(to) }));
        }
        return;
      }
      case 'Enter':
      case ' ': {
        handled();
        if (selected && event.key === ' ') apply(setBracketOpen(state, selected));
        else if (selected) apply(selectBracket(state, null));
        else apply(placeBracket(state, cursor, () => randomId(8)));
        return;
      }
      case '(':
      case ')':
      case '[':
      case ']':
        if (selected) {
          handled();
          apply(setBracketOpen(state, selected, event.key === '(' || event.key === ')'));
        }
        return;
      case 'Delete':
      case 'Backspace':
        if (selected) {
          handled();
          apply(deleteInterval(state, selected.id));
        } else if (state.pending) {
          handled();
          apply(cancelPending(state));
        }
        return;
      case 'Escape':
        if (state.pending) {
          handled();
          apply(cancelPending(state));
        } else if (selected) {
          handled();
          apply(selectBracket(state, null));
        }
        return;
      case 'Tab': {
        if (state.pending) return;
        const next = adjacentBracket(state, event.shiftKey ? -1 : 1);
        if (next) {
          handled();
          apply(selectBracket(state, next));
          const interval = findInterval(state, next.id);
          if (interval) follow(interval[next.side].value);
        } else if (selected) {
          apply(selectBracket(state, null), false);
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

  // Drawing -------------------------------------------------------------------------------------
  const showCursor =
    !disabled && !editor.selected && (focused || (hovering && editor.tool === 'drawInterval'));
  const marks = useMemo(() => {
    const out: NumberLineMark[] = [];
    for (const interval of editor.intervals) {
      const sel = editor.selected?.id === interval.id ? editor.selected.side : null;
      out.push({ kind: 'fill', from: interval.left.value, to: interval.right.value, tone: 'normal' });
      for (const side of ['left', 'right'] as const) {
        const b = interval[side];
        out.push({
          kind: 'bracket',
          at: b.value,
          side,
          open: b.open || isInfinite(b.value),
          tone: sel === side ? 'selected' : 'normal',
        });
      }
    }
    if (editor.pending) {
      const first = editor.pending.first;
      const toward = showCursor ? cursor : null;
      const side = toward !== null && valuePosition(toward) < valuePosition(first.value) ? 'right' : 'left';
      if (toward !== null && !sameValue(toward, first.value)) {
        out.push({ kind: 'fill', from: first.value, to: toward, tone: 'pending' });
      }
      out.push({
        kind: 'bracket',
        at: first.value,
        side,
        open: first.open || isInfinite(first.value),
        tone: 'pending',
      });
    }
    if (showCursor) out.push({ kind: 'cursor', at: cursor });
    return out;
  }, [editor, cursor, showCursor]);

  const description = [
    editor.intervals.length
      ? t('interval-console.describe-intervals', { list: editor.intervals.map(formatInterval).join('; ') })
      : t('interval-console.describe-empty'),
    editor.pending
      ? t('interval-console.describe-pending', { value: formatValue(editor.pending.first.value) })
      : '',
    t('interval-console.describe-view', rangeParams(view)),
    t('interval-console.describe-tool', { tool: t(TOOL_KEYS[editor.tool]) }),
    disabled ? t('interval-console.hint-disabled') : t('interval-console.describe-keys'),
  ]
    .filter(Boolean)
    .join(' ');

  const hint = disabled
    ? t('interval-console.hint-disabled')
    : editor.tool === 'drawInterval'
      ? t(
          editor.phase === 'setSecondBracket'
            ? 'interval-console.hint-second'
            : 'interval-console.hint-first',
        )
      : editor.tool === 'moveElement'
        ? t('interval-console.hint-move-element')
        : editor.tool === 'erase'
          ? t('interval-console.hint-erase')
          : t('interval-console.hint-move');

  const selectedInterval = editor.selected ? findInterval(editor, editor.selected.id) : undefined;
  const selectedBracket = selectedInterval && editor.selected ? selectedInterval[editor.selected.side] : null;
  const selectedSide = editor.selected?.side ?? 'left';

  return (
    <div className="kib-root kib-interval-console" role="group" aria-label={label} {...rootProps}>
      <WidgetStyles css={css} />
      <div className="kib-toolbar" role="group" aria-label={t('interval-console.tools')}>
        {INTERVAL_TOOLS.map((tool) => (
          <button
            key={tool}
            type="button"
            className="kib-button kib-interval-console__tool"
            aria-pressed={editor.tool === tool}
            disabled={disabled}
            onClick={() => chooseTool(tool)}
          >
            <span aria-hidden="true" className="kib-interval-console__icon">
              {TOOL_ICONS[tool]}
            </span>
            {t(TOOL_KEYS[tool])}
          </button>
        ))}
      </div>
      <NumberLineBoard
        view={view}
        onViewChange={updateView}
        marks={marks}
        label={t('interval-console.board')}
        description={description}
        loadingText={t('common.loading')}
        errorText={t('common.error')}
        disabled={disabled}
        panMode={editor.tool === 'move'}
        pointerCursor={
          editor.tool === 'move' ? 'grab' : editor.tool === 'drawInterval' ? 'crosshair' : 'pointer'
        }
        onBoardPointerDown={onBoardPointerDown}
        onBoardPointerMove={onBoardPointerMove}
        onBoardPointerUp={onBoardPointerUp}
        onBoardPointerLeave={() => setHovering(false)}
        onKeyDown={onKeyDown}
        onFocusChange={setFocused}
        zoomLabels={{ zoomIn: t('interval-console.zoom-in'), zoomOut: t('interval-console.zoom-out') }}
      />
      <p className="kib-interval-console__hint">{hint}</p>
      {!disabled && editor.tool === 'moveElement' && editor.selected && selectedBracket ? (
        <div
          className="kib-toolbar kib-interval-console__bracket"
          role="group"
          aria-label={t('interval-console.bracket-control', { value: formatValue(selectedBracket.value) })}
        >
          {([true, false] as const).map((open) => {
            const infinite = isInfinite(selectedBracket.value);
            const pressed = (selectedBracket.open || infinite) === open;
            const glyph = selectedSide === 'left' ? (open ? '(' : '[') : open ? ')' : ']';
            return (
              <button
                key={String(open)}
                type="button"
                className="kib-button"
                aria-pressed={pressed}
                disabled={infinite && !open}
                onClick={() => {
                  const ref = editorRef.current.selected;
                  if (ref) apply(setBracketOpen(editorRef.current, ref, open));
                }}
              >
                <span aria-hidden="true" className="kib-interval-console__glyph">
                  {glyph}
                </span>
                {t(open ? 'interval-console.bracket-open' : 'interval-console.bracket-closed')}
              </button>
            );
          })}
          <button
            type="button"
            className="kib-button"
            onClick={() => {
              const ref = editorRef.current.selected;
              if (ref) apply(deleteInterval(editorRef.current, ref.id));
            }}
          >
            {t('interval-console.delete-interval')}
          </button>
        </div>
      ) : null}
      <FeedbackBadge badge={badge} visible={badgeVisible} />
      {region}
    </div>
  );
}
