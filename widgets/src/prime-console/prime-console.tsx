import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { FeedbackBadge, graphicalBadgeRoom } from '../shared/feedback-badge/feedback-badge';
import { messageText, useT, widgetLanguage } from '../shared/i18n';
import { MathLatex } from '../shared/math-text';
import { WidgetStyles } from '../shared/styles';
import { useAnnouncer } from '../shared/use-announcer';
import { ScrollRegion, SCROLL_REGION_CSS } from '../table-console/scroll-region';
import css from './prime-console.css?inline';
import type { PrimeConsoleProps } from './prime-console.types';
import {
  addRowBelow,
  buildPrimeAnswer,
  canDeleteRow,
  deleteRow,
  digitsOnly,
  isDecompositionComplete,
  isFixedCell,
  mathTextFromAnswer,
  maxRows,
  previewLatex,
  primeCellKey,
  rowsFromAnswer,
  setCell,
  type PrimeCellKey,
  type PrimeRows,
} from './prime-table';

/** Where the keyboard focus goes after the next render. */
type FocusTarget = { kind: 'cell'; r: number; c: number } | { kind: 'add'; r: number } | { kind: 'final' };

/**
 * The prime factor table console (spec 02 §2–§5, §8): the given numbers on the first row, a prime
 * divisor per row and the quotients on the row below, rows added below any row or deleted, cells
 * that take digits only, and the final answer typed once the table is finished (or when the checker
 * asks for it). Reports `{table, mathText}` after every change; shows the checker's message with a
 * face and an Ok control, and marks the cells it points at.
 */
export function PrimeConsole({
  data,
  value,
  onAnswer,
  feedback,
  disabled = false,
  lang,
  label,
}: PrimeConsoleProps) {
  const t = useT(lang);
  const uid = useId();
  const { announce, region } = useAnnouncer();
  const numbers = useMemo(() => data.numbers.map((n) => n.latex.trim()), [data.numbers]);
  const k = numbers.length;
  const type = data.decompType;

  // The local copy follows `value` (and the numbers of the data) whenever their content changes.
  const sourceKey = JSON.stringify([value ?? null, numbers]);
  const [seenKey, setSeenKey] = useState(sourceKey);
  const [rows, setRows] = useState<PrimeRows>(() => rowsFromAnswer(value, numbers));
  const [mathText, setMathText] = useState(() => mathTextFromAnswer(value));
  if (sourceKey !== seenKey) {
    setSeenKey(sourceKey);
    setRows(rowsFromAnswer(value, numbers));
    setMathText(mathTextFromAnswer(value));
  }

  // The message stays until Ok; the cells it points at stay marked until edited or the rows move.
  const feedbackKey = JSON.stringify(feedback ?? null);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [unmarked, setUnmarked] = useState<{ for: string; cells: ReadonlySet<PrimeCellKey> | 'all' }>({
    for: '',
    cells: new Set(),
  });
  const messageVisible = !!feedback && dismissedFor !== feedbackKey;
  const badge = useMemo(
    () => (feedback ? { correct: feedback.correct, text: messageText(t, feedback.message) } : null),
    [feedback, t],
  );
  const marked = useMemo(() => {
    const cells = new Set<PrimeCellKey>();
    if (!feedback || feedback.correct) return cells;
    for (const cell of feedback.cells) cells.add(primeCellKey(cell.rIndex, cell.cIndex));
    return cells;
  }, [feedback]);
  const isMarked = (key: PrimeCellKey) =>
    marked.has(key) &&
    !(unmarked.for === feedbackKey && (unmarked.cells === 'all' || unmarked.cells.has(key)));

  const showFinal = !!feedback?.showMathField || isDecompositionComplete(rows, type) || mathText !== '';

  const inputs = useRef(new Map<string, HTMLElement>());
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    const key =
      focusTarget.kind === 'cell'
        ? primeCellKey(focusTarget.r, focusTarget.c)
        : focusTarget.kind === 'add'
          ? `add:${focusTarget.r}`
          : 'final';
    inputs.current.get(key)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);
  const register = (key: string) => (element: HTMLElement | null) => {
    if (element) inputs.current.set(key, element);
    else inputs.current.delete(key);
  };

  const emit = (nextRows: PrimeRows, nextMathText: string) => {
    setRows(nextRows);
    setMathText(nextMathText);
    onAnswer?.(buildPrimeAnswer(nextRows, nextMathText));
  };

  const typeInCell = (r: number, c: number, text: string) => {
    if (disabled) return;
    const { value: digits, rejected } = digitsOnly(text);
    if (rejected)
      announce(t(rejected === 'too-long' ? 'prime-console.too-long' : 'prime-console.digits-only'));
    if (digits === rows[r]?.[c]) return;
    const key = primeCellKey(r, c);
    setUnmarked((prev) => {
      const base = prev.for === feedbackKey ? prev.cells : new Set<PrimeCellKey>();
      return { for: feedbackKey, cells: base === 'all' ? 'all' : new Set([...base, key]) };
    });
    emit(setCell(rows, r, c, digits), mathText);
  };

  const addRow = (r: number) => {
    if (disabled) return;
    const next = addRowBelow(rows, r);
    if (next === rows) {
      announce(t('prime-console.too-many-rows'));
      return;
    }
    setUnmarked({ for: feedbackKey, cells: 'all' });
    emit(next, mathText);
    announce(t('prime-console.row-added', { row: r + 2 }));
    setFocusTarget({ kind: 'cell', r: r + 1, c: 0 });
  };

  const removeRow = (r: number) => {
    if (disabled || !canDeleteRow(rows, r)) return;
    setUnmarked({ for: feedbackKey, cells: 'all' });
    emit(deleteRow(rows, r), mathText);
    announce(t('prime-console.row-deleted', { row: r + 1 }));
    setFocusTarget({ kind: 'add', r: r - 1 });
  };

  const onCellKey = (event: KeyboardEvent<HTMLInputElement>, r: number, c: number) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (r === rows.length - 1) addRow(r);
      else setFocusTarget({ kind: 'cell', r: r + 1, c: 0 });
      return;
    }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    const target = r + (event.key === 'ArrowUp' ? -1 : 1);
    if (target < 0 || target >= rows.length || isFixedCell(target, c, k)) return;
    event.preventDefault();
    setFocusTarget({ kind: 'cell', r: target, c });
  };

  const dismiss = () => {
    setDismissedFor(feedbackKey);
    const firstMarked = rows
      .flatMap((row, r) => row.map((_, c) => ({ r, c })))
      .find(({ r, c }) => isMarked(primeCellKey(r, c)));
    if (firstMarked) setFocusTarget({ kind: 'cell', ...firstMarked });
    else if (showFinal) setFocusTarget({ kind: 'final' });
    else {
      const r = rows.length - 1;
      const c = rows[r]!.findIndex((text, col) => text === '' && !isFixedCell(r, col, k));
      setFocusTarget({ kind: 'cell', r, c: c === -1 ? k : c });
    }
  };

  // Cells are as wide as the longest given number (quotients are never longer).
  const digits = Math.max(2, ...numbers.map((n) => n.length));
  const language = widgetLanguage(lang);
  const numberList = new Intl.ListFormat(language, { type: 'conjunction' }).format(numbers);
  const caption = t(`prime-console.caption-${type.toLowerCase()}`, { numbers: numberList });
  const helpId = `${uid}-help`;
  const markedHintId = `${uid}-marked`;
  const finalId = `${uid}-final`;
  const finalHintId = `${uid}-final-hint`;
  const numberHeader = (c: number) =>
    k === 1 ? t('prime-console.column-number') : t('prime-console.column-number-n', { n: c + 1 });
  const cellLabel = (r: number, c: number) =>
    c === k
      ? t('prime-console.cell-divisor', { row: r + 1 })
      : t('prime-console.cell-number', { row: r + 1, column: numberHeader(c) });

  return (
    <div
      className="kib-root kib-prime-console"
      style={{ '--kib-prime-digits': digits } as CSSProperties}
      role={label ? 'group' : undefined}
      aria-label={label ? label.replace(/\$/g, '') : undefined}
    >
      <WidgetStyles css={css + SCROLL_REGION_CSS} />
      <p id={helpId} className="kib-prime-console__help">
        {t('prime-console.help')}
      </p>
      <ScrollRegion label={caption}>
        <table className="kib-prime-console__table" aria-describedby={helpId}>
          <caption className="kib-prime-console__caption">{caption}</caption>
          <thead>
            <tr>
              {numbers.map((_, c) => (
                <th key={c} scope="col">
                  <span className="kib-visually-hidden">{numberHeader(c)}</span>
                </th>
              ))}
              <th scope="col" className="kib-prime-console__divisor-head">
                {t('prime-console.column-divisor')}
              </th>
              <th scope="col">
                <span className="kib-visually-hidden">{t('prime-console.column-rows')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((text, c) => {
                  const divisor = c === k ? ' kib-prime-console__divisor' : '';
                  if (isFixedCell(r, c, k)) {
                    return (
                      <td key={c} className={`kib-prime-console__fixed${divisor}`}>
                        {text}
                      </td>
                    );
                  }
                  const key = primeCellKey(r, c);
                  const mark = isMarked(key);
                  return (
                    <td key={c} className={`kib-prime-console__cell${divisor}${mark ? ' is-marked' : ''}`}>
                      <input
                        ref={register(key)}
                        className="kib-prime-console__input"
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        spellCheck={false}
                        aria-label={cellLabel(r, c)}
                        aria-invalid={mark ? true : undefined}
                        aria-describedby={mark ? markedHintId : undefined}
                        value={text}
                        disabled={disabled}
                        onChange={(event) => typeInCell(r, c, event.target.value)}
                        onKeyDown={(event) => onCellKey(event, r, c)}
                      />
                    </td>
                  );
                })}
                <td className="kib-prime-console__actions">
                  <button
                    ref={register(`add:${r}`)}
                    type="button"
                    className="kib-button kib-prime-console__action"
                    aria-label={t('prime-console.add-row', { row: r + 1 })}
                    disabled={disabled || rows.length >= maxRows(k)}
                    onClick={() => addRow(r)}
                  >
                    <PlusIcon />
                  </button>
                  {r > 0 ? (
                    <button
                      type="button"
                      className="kib-button kib-prime-console__action"
                      aria-label={t('prime-console.delete-row', { row: r + 1 })}
                      disabled={disabled || !canDeleteRow(rows, r)}
                      onClick={() => removeRow(r)}
                    >
                      <TrashIcon />
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {showFinal ? (
        <div className="kib-prime-console__final">
          <label htmlFor={finalId} className="kib-prime-console__final-label">
            {t(`prime-console.answer-${type.toLowerCase()}`, { numbers: numberList })}
          </label>
          <input
            ref={register('final')}
            id={finalId}
            className="kib-prime-console__final-input"
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-describedby={finalHintId}
            value={mathText}
            disabled={disabled}
            onChange={(event) => {
              if (!disabled) emit(rows, event.target.value);
            }}
          />
          <p id={finalHintId} className="kib-prime-console__final-hint">
            {t(type === 'Decomp' && k > 1 ? 'prime-console.answer-hint-many' : 'prime-console.answer-hint')}
          </p>
          {mathText.trim() !== '' ? (
            <p className="kib-prime-console__preview">
              <span className="kib-prime-console__preview-label">{t('prime-console.preview')}</span>{' '}
              <MathLatex latex={previewLatex(mathText)} />
            </p>
          ) : null}
        </div>
      ) : null}
      <span id={markedHintId} hidden>
        {`${t('prime-console.check-cell')} ${badge?.text ?? ''}`}
      </span>
      <div className={`kib-prime-console__message${messageVisible ? ' is-visible' : ''}`}>
        <FeedbackBadge
          badge={badge}
          visible={messageVisible}
          room={graphicalBadgeRoom(t, 'primeDecomposition')}
        />
        {messageVisible ? (
          <button type="button" className="kib-button kib-prime-console__ok" onClick={dismiss}>
            {t('prime-console.ok')}
          </button>
        ) : (
          <span
            className="kib-button kib-prime-console__ok kib-prime-console__ok--room"
            aria-hidden="true"
            data-text={t('prime-console.ok')}
          />
        )}
      </div>
      {region}
    </div>
  );
}

function PlusIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
      <path d="M10 3v14M3 10h14" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
      <path
        d="M4 6h12M8 6V4h4v2M6 6l1 11h6l1-11M9 9v5M11 9v5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
