import type { NumberlinePointsAnswer } from '@kib/core';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FeedbackBadge, defaultBadgeText, useFeedbackBadge } from '../shared/feedback-badge/feedback-badge';
import {
  NUMBER_LINE_INITIAL_VIEW,
  NUMBER_LINE_SIZE,
  finiteValueAtPx,
  formatValue,
  keepVisible,
  pxOfValue,
  sameValue,
  stepValue,
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
import css from './numberline-console.css?inline';
import {
  NUMBERLINE_TOOLS,
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
  type NumberlineEvent,
  type NumberlineTool,
  type NumberlineTransition,
} from './numberline-console.logic';
import type { NumberlineConsoleProps } from './numberline-console.types';

const TOOL_KEYS: Record<NumberlineTool, string> = {
  drawInterval: 'numberline-console.tool-draw-interval',
  erase: 'numberline-console.tool-erase',
  move: 'numberline-console.tool-move',
  moveElement: 'numberline-console.tool-move-element',
};

const TOOL_ICONS: Record<NumberlineTool, string> = {
  drawInterval: '\u2022',
  erase: '\u2715',
  move: '\u2194',
  moveElement: '\u21e5',
};

const readValue = (value: NumberlinePointsAnswer | null | undefined) =>
  createNumberlineEditor(dotsFromAnswer(value, () => randomId(8)));
const answerOf = (state: NumberlineEditorState) => toPointsAnswer(state.dots);

function rangeParams(view: GridView) {
  const { min, max } = visibleRange(view);
  return { min: formatTick(min), max: formatTick(max), scale: formatTick(view.scale) };
}

function eventText(t: Translate, event: NumberlineEvent): string {
  switch (event.type) {
    case 'tool-changed':
      return t('numberline-console.announce-tool', { tool: t(TOOL_KEYS[event.tool]) });
    case 'placed':
      return t('numberline-console.announce-placed', { value: formatValue(event.dot.value) });
    case 'refused-duplicate':
      return t('numberline-console.announce-duplicate', { value: formatValue(event.value) });
    case 'refused-limit':
      return t('numberline-console.announce-limit');
    case 'moved':
      return t('numberline-console.announce-moved', { value: formatValue(event.dot.value) });
    case 'deleted':
      return t('numberline-console.announce-deleted', { value: formatValue(event.dot.value) });
    case 'selected':
      return t('numberline-console.announce-selected', { value: formatValue(event.dot.value) });
    case 'deselected':
      return t('numberline-console.announce-deselected');
    default:
      return '';
  }
}

/**
 * The number-line points console (math type `numberlinePoints`, spec 02 §4): place dots on the line
 * (then the tool switches to moving them), drag them, erase them, pan and zoom the line. Works with
 * a mouse, touch and the keyboard, and tells a screen reader what it shows and every change. Sends
 * the placed numbers after every change.
 */
export function NumberlineConsole({
  value,
  onAnswer,
  feedback,
  disabled = false,
  lang,
  label,
}: NumberlineConsoleProps) {
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const { state: editor, ref: editorRef, commit } = useControlledEditor(value, readValue, answerOf);
  const [view, setView] = useState<GridView>(NUMBER_LINE_INITIAL_VIEW);
  const viewRef = useRef(view);
  viewRef.current = view;
  const [cursor, setCursor] = useState(0);
  const [focused, setFocused] = useState(false);
  const [hovering, setHovering] = useState(false);
  const drag = useRef<{ id: string; moved: boolean; release: boolean } | null>(null);

  const badge = feedback
    ? {
        correct: feedback.correctAns,
        text: feedback.feedbacks
          ? messageText(t, feedback.feedbacks)
          : defaultBadgeText(t, feedback.correctAns),
      }
    : null;
  const { visible: badgeVisible, rootProps } = useFeedbackBadge(badge);

  const apply = (transition: NumberlineTransition, speak = true) => {
    if (transition.state !== editorRef.current) commit(transition.state);
    if (speak) {
      const text = eventText(t, transition.event);
      if (text) announce(text);
    }
    if (transition.answerChanged) onAnswer?.(toPointsAnswer(transition.state.dots));
  };

  const updateView = (next: GridView, how?: NumberLineViewChange) => {
    viewRef.current = next;
    setView(next);
    if (how === 'zoom') announce(t('numberline-console.announce-zoom', rangeParams(next)));
    if (how === 'pan-end') announce(t('numberline-console.announce-pan', rangeParams(next)));
  };

  const chooseTool = (tool: NumberlineTool) => {
    if (disabled) return;
    const transition = setTool(editorRef.current, tool);
    if (transition.event.type !== 'none') apply(transition);
  };

  // Pointer -------------------------------------------------------------------------------------
  const tolerance = (p: NumberLinePointer) => (p.pointerType === 'touch' ? 2 : 1) * HIT_TOLERANCE_PX;

  const onBoardPointerDown = (p: NumberLinePointer) => {
    const state = editorRef.current;
    const current = viewRef.current;
    const hit = hitDot(state, current, p.px, tolerance(p));
    if (state.tool === 'drawInterval') {
      const at = finiteValueAtPx(current, p.px);
      setCursor(at);
      const transition = placeDot(state, at, () => randomId(8));
      apply(transition);
      // Pressing and dragging places the dot and carries it on.
      if (transition.event.type === 'placed')
        drag.current = { id: transition.event.dot.id, moved: false, release: false };
      return;
    }
    if (state.tool === 'erase') {
      if (hit) apply(deleteDot(state, hit));
      return;
    }
    if (state.tool === 'moveElement') {
      if (hit) {
        const wasSelected = state.selected === hit;
        drag.current = { id: hit, moved: false, release: wasSelected };
        if (!wasSelected) apply(selectDot(state, hit));
      } else {
        apply(selectDot(state, null));
      }
    }
  };

  const onBoardPointerMove = (p: NumberLinePointer) => {
    const state = editorRef.current;
    const current = viewRef.current;
    const active = drag.current;
    if (active && p.pressed) {
      const transition = moveDot(state, active.id, finiteValueAtPx(current, p.px));
      if (transition.event.type !== 'moved') return;
      active.moved = true;
      commit(transition.state);
      return;
    }
    if (state.tool === 'drawInterval' && !p.pressed) {
      setHovering(true);
      setCursor(finiteValueAtPx(current, p.px));
    }
  };

  const onBoardPointerUp = () => {
    const active = drag.current;
    drag.current = null;
    if (!active) return;
    const state = editorRef.current;
    if (active.moved) {
      const dot = state.dots.find((d) => d.id === active.id);
      if (!dot) return;
      setCursor(dot.value);
      announce(eventText(t, { type: 'moved', dot }));
      onAnswer?.(toPointsAnswer(state.dots));
    } else if (active.release) {
      apply(selectDot(state, null));
    }
  };

  // Keyboard ------------------------------------------------------------------------------------
  const follow = (at: number) => {
    setCursor(at);
    const next = keepVisible(viewRef.current, at);
    if (next !== viewRef.current) updateView(next);
  };

  /** The next free value from `from` in a direction, jumping over places that hold another dot. */
  const freeStep = (state: NumberlineEditorState, id: string, from: number, dir: -1 | 1, whole: boolean) => {
    let next = from;
    for (let k = 0; k <= state.dots.length; k++) {
      const stepped = stepValue(viewRef.current, next, dir, whole);
      if (typeof stepped !== 'number') return from;
      next = stepped;
      if (!state.dots.some((d) => d.id !== id && sameValue(d.value, next))) return next;
    }
    return from;
  };

  const moveSelectedTo = (id: string, to: number) => {
    const transition = moveDot(editorRef.current, id, to);
    apply(transition);
    if (transition.event.type === 'moved') follow(to);
  };

  const zoom = (direction: -1 | 1) => {
    const current = viewRef.current;
    const at = pxOfValue(current, cursor);
    const anchor = at > 0 && at < NUMBER_LINE_SIZE.width ? at : undefined;
    updateView(zoomNumberLine(current, direction, anchor), 'zoom');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || event.altKey || event.ctrlKey || event.metaKey) return;
    const state = editorRef.current;
    const current = viewRef.current;
    const selected = state.selected ? state.dots.find((d) => d.id === state.selected) : undefined;
    const handled = () => event.preventDefault();
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowRight': {
        handled();
        const dir = event.key === 'ArrowRight' ? 1 : -1;
        if (selected) {
          moveSelectedTo(selected.id, freeStep(state, selected.id, selected.value, dir, event.shiftKey));
        } else {
          const { min, max } = visibleRange(current);
          const base = Math.min(max + current.scale, Math.max(min - current.scale, cursor));
          const next = stepValue(current, base, dir, event.shiftKey);
          if (typeof next !== 'number') return;
          follow(next);
          announce(t('numberline-console.announce-cursor', { value: formatValue(next) }));
        }
        return;
      }
      case 'Home':
      case 'End': {
        handled();
        const { min, max } = visibleRange(current);
        const to = event.key === 'Home' ? min : max;
        if (selected) moveSelectedTo(selected.id, to);
        else {
          setCursor(to);
          announce(t('numberline-console.announce-cursor', { value: formatValue(to) }));
        }
        return;
      }
      case 'Enter':
      case ' ':
        handled();
        if (selected) apply(selectDot(state, null));
        else apply(placeDot(state, cursor, () => randomId(8)));
        return;
      case 'Delete':
      case 'Backspace':
        if (selected) {
          handled();
          apply(deleteDot(state, selected.id));
        }
        return;
      case 'Escape':
        if (selected) {
          handled();
          apply(selectDot(state, null));
        }
        return;
      case 'Tab': {
        const next = adjacentDot(state, event.shiftKey ? -1 : 1);
        if (next) {
          handled();
          apply(selectDot(state, next));
          const dot = state.dots.find((d) => d.id === next);
          if (dot) follow(dot.value);
        } else if (selected) {
          apply(selectDot(state, null), false);
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
    const out: NumberLineMark[] = editor.dots.map((d) => ({
      kind: 'dot',
      at: d.value,
      tone: d.id === editor.selected ? 'selected' : 'normal',
    }));
    if (showCursor) out.push({ kind: 'cursor', at: cursor });
    return out;
  }, [editor, cursor, showCursor]);

  const description = [
    editor.dots.length
      ? t('numberline-console.describe-points', { list: formatDots(editor.dots) })
      : t('numberline-console.describe-empty'),
    t('numberline-console.describe-view', rangeParams(view)),
    t('numberline-console.describe-tool', { tool: t(TOOL_KEYS[editor.tool]) }),
    disabled ? t('numberline-console.hint-disabled') : t('numberline-console.describe-keys'),
  ].join(' ');

  const hint = disabled
    ? t('numberline-console.hint-disabled')
    : t(
        editor.tool === 'drawInterval'
          ? 'numberline-console.hint-draw'
          : editor.tool === 'moveElement'
            ? 'numberline-console.hint-move-element'
            : editor.tool === 'erase'
              ? 'numberline-console.hint-erase'
              : 'numberline-console.hint-move',
      );

  const selectedDot = editor.selected ? editor.dots.find((d) => d.id === editor.selected) : undefined;

  return (
    <div className="kib-root kib-numberline-console" role="group" aria-label={label} {...rootProps}>
      <WidgetStyles css={css} />
      <div className="kib-toolbar" role="group" aria-label={t('numberline-console.tools')}>
        {NUMBERLINE_TOOLS.map((tool) => (
          <button
            key={tool}
            type="button"
            className="kib-button kib-numberline-console__tool"
            aria-pressed={editor.tool === tool}
            disabled={disabled}
            onClick={() => chooseTool(tool)}
          >
            <span aria-hidden="true" className="kib-numberline-console__icon">
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
        label={t('numberline-console.board')}
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
        zoomLabels={{ zoomIn: t('numberline-console.zoom-in'), zoomOut: t('numberline-console.zoom-out') }}
      />
      <p className="kib-numberline-console__hint">{hint}</p>
      {!disabled && editor.tool === 'moveElement' && selectedDot ? (
        <div className="kib-toolbar">
          <button
            type="button"
            className="kib-button"
            onClick={() => apply(deleteDot(editorRef.current, selectedDot.id))}
          >
            {t('numberline-console.delete-point', { value: formatValue(selectedDot.value) })}
          </button>
        </div>
      ) : null}
      <FeedbackBadge badge={badge} visible={badgeVisible} />
      {region}
    </div>
  );
}
