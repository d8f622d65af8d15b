import type { BracketValue, IntervalsAnswer } from '@kib/core';
import { useMemo } from 'react';
import {
  BRACKET_VALUES,
  formatValue,
  isInfinite,
  sameValue,
  valuePosition,
} from '../shared/graph/number-line';
import type { NumberLineMark } from '../shared/graph/number-line-board';
import {
  numberLineToolKey,
  useNumberLineConsole,
  type NumberLineConsoleSpec,
} from '../shared/graph/number-line-console';
import { NumberLineFrame } from '../shared/graph/number-line-frame';
import type { Translate } from '../shared/i18n';
import { randomId } from '../shared/ids';
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
} from './interval-console.logic';
import type { IntervalConsoleProps } from './interval-console.types';

const AREA = 'interval-console';

function eventText(t: Translate, event: IntervalEvent): string {
  const side = (s: 'left' | 'right') => t(`interval-console.side-${s}`);
  switch (event.type) {
    case 'tool-changed':
      return [
        t('interval-console.announce-tool', { tool: t(numberLineToolKey(AREA, event.tool)) }),
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

const newId = () => randomId(8);
/** The keys that make the selected bracket round (open) or square (closed). */
const BRACKET_KEYS = new Map([
  ['(', true],
  [')', true],
  ['[', false],
  [']', false],
]);

const LINE: NumberLineConsoleSpec<
  IntervalEditorState,
  IntervalEvent,
  IntervalsAnswer,
  BracketRef,
  BracketValue
> = {
  area: AREA,
  feedback: 'intervals',
  css,
  tools: INTERVAL_TOOLS,
  drawIcon: '[\u2009]',
  fromValue: (value) => createIntervalEditor(intervalsFromAnswer(value, newId)),
  answerOf: (state) => toIntervalsAnswer(state.intervals),
  eventText,
  values: BRACKET_VALUES,
  setTool,
  place: (state, at) => placeBracket(state, at, newId),
  hit: (state, view, px, tolerance) => {
    const hit = hitTest(state, view, px, tolerance);
    if (!hit) return null;
    return hit.kind === 'bracket'
      ? { target: hit.ref, element: hit.ref.id }
      : { target: null, element: hit.id };
  },
  selection: (state) => state.selected,
  isSelected: ({ selected }, ref) => selected?.id === ref.id && selected.side === ref.side,
  select: selectBracket,
  elementOf: (ref) => ref.id,
  remove: deleteInterval,
  valueOf: (state, ref) => findInterval(state, ref.id)?.[ref.side].value,
  taken: (state, ref) => {
    const interval = findInterval(state, ref.id);
    return interval ? [interval[ref.side === 'left' ? 'right' : 'left'].value] : [];
  },
  move: (state, ref, to) => {
    const transition = moveBracket(state, ref, to);
    const flipped = transition.event.type === 'moved' && transition.event.flipped;
    return { transition, target: { id: ref.id, side: transition.side }, flipped };
  },
  dropped: (state, ref, flipped) => {
    const interval = findInterval(state, ref.id);
    return interval ? { event: { type: 'moved', interval, side: ref.side, flipped } } : null;
  },
  cancel: (state) => (state.pending ? cancelPending(state) : null),
  selectedKey: (key, state, ref) => {
    if (key === ' ') return setBracketOpen(state, ref);
    const open = BRACKET_KEYS.get(key);
    return open === undefined ? null : setBracketOpen(state, ref, open);
  },
  adjacent: adjacentBracket,
};

/**
 * The number-line intervals console (math type `intervals`, spec 02 §4): draw intervals bracket by
 * bracket, drag their ends (past each other they swap roles), make each end round (open) or square
 * (closed), erase them, pan and zoom the line. Works with a mouse, touch and the keyboard, and tells
 * a screen reader what it shows and every change. Sends the complete intervals after every change.
 */
export function IntervalConsole(props: IntervalConsoleProps) {
  const { t, disabled, editor, editorRef, apply, cursor, showCursor, frame } = useNumberLineConsole(
    props,
    LINE,
  );

  // Drawing -------------------------------------------------------------------------------------
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
  ];

  const selectedInterval = editor.selected ? findInterval(editor, editor.selected.id) : undefined;
  const selectedBracket = selectedInterval && editor.selected ? selectedInterval[editor.selected.side] : null;
  const selectedSide = editor.selected?.side ?? 'left';

  return (
    <NumberLineFrame
      line={frame}
      marks={marks}
      description={description}
      drawHint={t(
        editor.phase === 'setSecondBracket' ? 'interval-console.hint-second' : 'interval-console.hint-first',
      )}
    >
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
    </NumberLineFrame>
  );
}
