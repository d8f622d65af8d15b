import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FeedbackBadge, defaultBadgeText, useFeedbackBadge } from '../shared/feedback-badge/feedback-badge';
import { useT } from '../shared/i18n';
import { MathText } from '../shared/math-text';
import { WidgetStyles } from '../shared/styles';
import { ScrollRegion, SCROLL_REGION_CSS } from './scroll-region';
import css from './table-console.css?inline';
import type { TableConsoleProps } from './table-console.types';
import {
  answerCells,
  buildGrid,
  buildTableAnswer,
  cellHeaders,
  cellKey,
  entriesFromAnswer,
  feedbackSummary,
  headerScope,
  marksFromFeedback,
  verticalNeighbour,
  type CellKey,
  type CellMark,
  type GridCell,
} from './table-grid';

const MARK_GLYPH: Record<CellMark, string> = { correct: '✓', wrong: '✗', blank: '✗' };

/**
 * The table console (spec 02 §2–§5): the author's table with header cells as headers, text cells
 * with their math rendered, and an input in every answer cell. Reports `{rIndex, cIndex, cellAns}`
 * for each filled answer cell after every change; after a check each answer cell shows ✓ or ✗
 * (with a text for screen readers) until the student starts typing again.
 */
export function TableConsole({
  data,
  value,
  onAnswer,
  feedback,
  disabled = false,
  lang,
  label,
}: TableConsoleProps) {
  const t = useT(lang);
  const uid = useId();
  const grid = useMemo(() => buildGrid(data), [data]);
  const inputs = useRef(new Map<CellKey, HTMLInputElement>());

  // The local copy follows `value` whenever its content changes.
  const valueKey = JSON.stringify(value ?? null);
  const [seenKey, setSeenKey] = useState(valueKey);
  const [entries, setEntries] = useState(() => entriesFromAnswer(value));
  if (valueKey !== seenKey) {
    setSeenKey(valueKey);
    setEntries(entriesFromAnswer(value));
  }

  // The ✓/✗ marks of a check hide once the student enters an answer cell to change it (spec 02 §4)
  // and come back with the next feedback.
  const feedbackKey = JSON.stringify(feedback ?? null);
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const marks = useMemo(() => marksFromFeedback(feedback), [feedback]);
  const showMarks = hiddenFor !== feedbackKey;
  const hideMarks = () => setHiddenFor(feedbackKey);

  const badge = useMemo(() => {
    if (!feedback || feedback.length === 0) return null;
    const { correct, total, allCorrect } = feedbackSummary(feedback);
    return {
      correct: allCorrect,
      text: allCorrect
        ? defaultBadgeText(t, true)
        : `${defaultBadgeText(t, false)} ${t('table-console.summary', { correct, total })}`,
    };
  }, [feedback, t]);
  const { visible } = useFeedbackBadge(badge, feedback, [...entries]);

  const type = (cell: GridCell, text: string) => {
    if (disabled) return;
    const next = new Map(entries);
    next.set(cellKey(cell.rIndex, cell.cIndex), text);
    setEntries(next);
    hideMarks();
    onAnswer?.(buildTableAnswer(grid, next));
  };

  const move = (event: KeyboardEvent<HTMLInputElement>, cell: GridCell) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    const target = verticalNeighbour(grid, cell, event.key === 'ArrowUp' ? -1 : 1);
    if (!target) return;
    event.preventDefault();
    inputs.current.get(cellKey(target.rIndex, target.cIndex))?.focus();
  };

  const headerId = (cell: GridCell) => `${uid}-h-${cell.rIndex}-${cell.cIndex}`;
  const positionId = (cell: GridCell, axis: 'c' | 'r') => `${uid}-p${axis}-${cell.rIndex}-${cell.cIndex}`;
  const markId = (cell: GridCell) => `${uid}-m-${cell.rIndex}-${cell.cIndex}`;

  // A cell without a header above or to its left is named by its position, kept out of the reading
  // order (aria-labelledby still reads hidden elements).
  const labels = new Map<CellKey, { ids: string; column: string; row: string }>();
  for (const cell of answerCells(grid)) {
    const headers = cellHeaders(grid, cell.rIndex, cell.cIndex);
    const column = headers.column ? '' : t('table-console.column', { n: cell.cIndex + 1 });
    const row = headers.row ? '' : t('table-console.row', { n: cell.rIndex + 1 });
    const ids = [
      headers.column ? headerId(headers.column) : positionId(cell, 'c'),
      headers.row ? headerId(headers.row) : positionId(cell, 'r'),
    ];
    labels.set(cellKey(cell.rIndex, cell.cIndex), { ids: ids.join(' '), column, row });
  }

  const renderCell = (cell: GridCell) => {
    const key = cellKey(cell.rIndex, cell.cIndex);
    switch (cell.cellType) {
      case 'headerText':
        return (
          <th key={key} id={headerId(cell)} scope={headerScope(cell)} className="kib-table-console__header">
            <MathText text={cell.cellContent} />
          </th>
        );
      case 'text':
        return (
          <td key={key} className="kib-table-console__text">
            <MathText text={cell.cellContent} />
          </td>
        );
      case 'empty':
        return <td key={key} className="kib-table-console__blank" />;
      case 'mathAns': {
        const mark = showMarks ? marks.get(key) : undefined;
        return (
          <td key={key} className={`kib-table-console__cell${mark ? ` is-${mark}` : ''}`}>
            <span className="kib-table-console__answer">
              <input
                ref={(element) => {
                  if (element) inputs.current.set(key, element);
                  else inputs.current.delete(key);
                }}
                className="kib-table-console__input"
                type="text"
                value={entries.get(key) ?? ''}
                disabled={disabled}
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                aria-labelledby={labels.get(key)?.ids}
                aria-describedby={mark ? markId(cell) : undefined}
                aria-invalid={mark && mark !== 'correct' ? true : undefined}
                onChange={(event) => type(cell, event.target.value)}
                onPointerDown={disabled ? undefined : hideMarks}
                onKeyDown={(event) => move(event, cell)}
              />
              {mark ? (
                <span id={markId(cell)} className={`kib-table-console__mark is-${mark}`}>
                  <span aria-hidden="true">{MARK_GLYPH[mark]}</span>
                  <span className="kib-visually-hidden">{t(`table-console.mark-${mark}`)}</span>
                </span>
              ) : null}
            </span>
          </td>
        );
      }
    }
  };

  const headRow = grid[0]?.every((cell) => cell.cellType === 'headerText') ? grid[0] : null;
  const bodyRows = headRow ? grid.slice(1) : grid;
  const tableName = label ?? t('table-console.caption');

  return (
    <div className="kib-root kib-table-console">
      <WidgetStyles css={css + SCROLL_REGION_CSS} />
      <ScrollRegion label={tableName.replace(/\$/g, '')}>
        <table className="kib-table-console__table">
          <caption className="kib-visually-hidden">
            <MathText text={tableName} />
          </caption>
          {headRow ? (
            <thead>
              <tr>{headRow.map(renderCell)}</tr>
            </thead>
          ) : null}
          <tbody>
            {bodyRows.map((row, r) => (
              <tr key={r}>{row.map(renderCell)}</tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div hidden>
        {answerCells(grid).map((cell) => {
          const label = labels.get(cellKey(cell.rIndex, cell.cIndex));
          return (
            <span key={cellKey(cell.rIndex, cell.cIndex)}>
              {label?.column ? <span id={positionId(cell, 'c')}>{label.column}</span> : null}
              {label?.row ? <span id={positionId(cell, 'r')}>{label.row}</span> : null}
            </span>
          );
        })}
      </div>
      <FeedbackBadge
        badge={badge}
        visible={visible}
        room={`${defaultBadgeText(t, false)} ${t('table-console.summary', { correct: 999, total: 999 })}`}
      />
    </div>
  );
}
