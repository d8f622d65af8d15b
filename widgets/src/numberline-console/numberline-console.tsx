import type { NumberlinePointsAnswer } from '@kib/core';
import { useMemo } from 'react';
import { FINITE_VALUES, formatValue } from '../shared/graph/number-line';
import type { NumberLineMark } from '../shared/graph/number-line-board';
import {
  numberLineToolKey,
  useNumberLineConsole,
  type NumberLineConsoleSpec,
} from '../shared/graph/number-line-console';
import { NumberLineFrame } from '../shared/graph/number-line-frame';
import type { Translate } from '../shared/i18n';
import { randomId } from '../shared/ids';
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
} from './numberline-console.logic';
import type { NumberlineConsoleProps } from './numberline-console.types';

const AREA = 'numberline-console';

function eventText(t: Translate, event: NumberlineEvent): string {
  switch (event.type) {
    case 'tool-changed':
      return t('numberline-console.announce-tool', { tool: t(numberLineToolKey(AREA, event.tool)) });
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

const newId = () => randomId(8);
const findDot = (state: NumberlineEditorState, id: string) => state.dots.find((d) => d.id === id);

const LINE: NumberLineConsoleSpec<
  NumberlineEditorState,
  NumberlineEvent,
  NumberlinePointsAnswer,
  string,
  number
> = {
  area: AREA,
  feedback: 'numberlinePoints',
  tools: NUMBERLINE_TOOLS,
  drawIcon: '\u2022',
  fromValue: (value) => createNumberlineEditor(dotsFromAnswer(value, newId)),
  answerOf: (state) => toPointsAnswer(state.dots),
  eventText,
  values: FINITE_VALUES,
  setTool,
  place: (state, at) => placeDot(state, at, newId),
  // Pressing and dragging places the dot and carries it on.
  placedTarget: ({ event }) => (event.type === 'placed' ? event.dot.id : null),
  hit: (state, view, px, tolerance) => {
    const id = hitDot(state, view, px, tolerance);
    return id === null ? null : { target: id, element: id };
  },
  selection: (state) => (state.selected !== null && findDot(state, state.selected) ? state.selected : null),
  isSelected: (state, id) => state.selected === id,
  select: selectDot,
  elementOf: (id) => id,
  remove: deleteDot,
  valueOf: (state, id) => findDot(state, id)?.value,
  taken: (state, id) => state.dots.filter((d) => d.id !== id).map((d) => d.value),
  move: (state, id, to) => ({ transition: moveDot(state, id, to), target: id, flipped: false }),
  dropped: (state, id) => {
    const dot = findDot(state, id);
    return dot ? { event: { type: 'moved', dot }, cursor: dot.value } : null;
  },
  adjacent: adjacentDot,
};

/**
 * The number-line points console (math type `numberlinePoints`, spec 02 §4): place dots on the line
 * (then the tool switches to moving them), drag them, erase them, pan and zoom the line. Works with
 * a mouse, touch and the keyboard, and tells a screen reader what it shows and every change. Sends
 * the placed numbers after every change.
 */
export function NumberlineConsole(props: NumberlineConsoleProps) {
  const { t, disabled, editor, editorRef, apply, cursor, showCursor, frame } = useNumberLineConsole(
    props,
    LINE,
  );

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
  ];

  const selectedDot = editor.selected ? findDot(editor, editor.selected) : undefined;

  return (
    <NumberLineFrame
      line={frame}
      marks={marks}
      description={description}
      drawHint={t('numberline-console.hint-draw')}
    >
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
    </NumberLineFrame>
  );
}
