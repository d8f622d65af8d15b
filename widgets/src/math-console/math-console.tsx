import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import { defaultBadgeText, FeedbackBadge, useFeedbackBadge } from '../shared/feedback-badge/feedback-badge';
import { messageText, useT, widgetLanguage } from '../shared/i18n';
import { randomId } from '../shared/ids';
import { MathLatex, MathText } from '../shared/math-text';
import { WidgetStyles } from '../shared/styles';
import { useEchoGuard } from '../shared/use-echo-guard';
import { useAnnouncer } from '../shared/use-announcer';
import css from './math-console.css?inline';
import { keyboardLayouts } from './math-console.keyboard';
import {
  appendLine,
  applyFeedback,
  backspaceAction,
  clearHighlight,
  displayedLatex,
  editLine,
  inlineShortcutsFor,
  insertLineAfter,
  lineMark,
  linesFromAnswer,
  MAX_LINES,
  removeLine,
  setStartsSolution,
  solutionOrdinal,
  startsSolution,
  syncFromValue,
  toAnswer,
  type EditorLine,
} from './math-console.logic';
import type { MathConsoleProps } from './math-console.types';
import { MathLine, type LineEditorHandle, type ShortcutsFor } from './math-line';
import { loadMathField, type MathLiveModule } from './mathlive-setup';

const newKey = () => randomId(8);
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

/** The key events the console reads: a DOM event from a math field or a React one from an input. */
type KeyLike = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

function touchScreen(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;
}

/**
 * The text/math-field console (spec 01 "Answer lines in the math editor"; spec 02 §2 for solve,
 * simplify, functions, equationOfALine and findExpression): lines of math typed in MathLive fields,
 * each untouched, correct (smile) or wrong (marker, feedback and the wrong part boxed). Enter adds a
 * line after the current one, Shift+Enter one at the end, Backspace twice on an empty line removes
 * it (never the last one), Ctrl+M switches a line to raw LaTeX and back; a Basic and a Special
 * virtual keyboard open on demand. Reports the whole answer through `onAnswer` after every edit.
 */
export function MathConsole({
  data,
  value,
  onAnswer,
  feedback,
  disabled = false,
  lang,
  label,
}: MathConsoleProps) {
  const t = useT(lang);
  const language = widgetLanguage(lang);
  const { announce, region } = useAnnouncer();
  const isSolve = data.mathType === 'solve';
  const labelId = useId();

  const [lines, setLines] = useState<EditorLine[]>(() =>
    applyFeedback(linesFromAnswer(value, newKey), feedback),
  );
  const linesRef = useRef(lines);
  const onAnswerRef = useRef(onAnswer);
  const disabledRef = useRef(disabled);
  useLayoutEffect(() => {
    onAnswerRef.current = onAnswer;
    disabledRef.current = disabled;
  });

  const { remember, isEcho, forget } = useEchoGuard();
  const commit = useCallback(
    (next: EditorLine[], emit: boolean) => {
      if (next === linesRef.current) return;
      linesRef.current = next;
      setLines(next);
      if (!emit) return;
      const answer = toAnswer(next);
      remember(answer);
      onAnswerRef.current?.(answer);
    },
    [remember],
  );

  // The console follows `value` when the parent changes it, and ignores echoes of its own answer.
  const valueJson = value ? JSON.stringify(value) : '';
  const syncedValue = useRef(valueJson);
  useEffect(() => {
    if (syncedValue.current === valueJson) return;
    syncedValue.current = valueJson;
    // An answer this console sent, coming back late: the lines already hold it, or something newer.
    if (isEcho(value)) return;
    commit(syncFromValue(linesRef.current, value, newKey), false);
    forget();
    // The guard above compares the serialised form, so a parent re-creating `value` changes nothing.
  }, [valueJson, value, commit, isEcho, forget]);

  // New feedback (a new object: checking the same answer again counts) marks the lines, line i
  // getting feedback.lines[i], and is announced.
  const marksSummary = useCallback(
    (marked: readonly EditorLine[]): string =>
      marked
        .map((line, i) => {
          const mark = lineMark(line);
          if (mark === 'none') return '';
          return t(mark === 'correct' ? 'math-console.mark-correct' : 'math-console.mark-wrong', {
            n: i + 1,
          });
        })
        .filter(Boolean)
        .join('. '),
    [t],
  );
  const appliedFeedback = useRef(feedback);
  useEffect(() => {
    if (appliedFeedback.current === feedback) return;
    appliedFeedback.current = feedback;
    const next = applyFeedback(linesRef.current, feedback);
    commit(next, false);
    if (feedback) announce(marksSummary(next));
  }, [feedback, commit, announce, marksSummary]);

  const [mathLive, setMathLive] = useState<MathLiveModule | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    loadMathField()
      .then((m) => alive && setMathLive(m))
      .catch(() => alive && setLoadFailed(true));
    return () => {
      alive = false;
    };
  }, []);

  const [keyboardPolicy] = useState<'auto' | 'manual'>(() => (touchScreen() ? 'auto' : 'manual'));
  const [rawKeys, setRawKeys] = useState<ReadonlySet<string>>(() => new Set());
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [keyboardVisible, setKeyboardVisible] = useState(false);
  const armed = useRef<string | null>(null);

  // Focus moves after the commit that changes the lines: the new editor exists by then, and a
  // removed one is gone (MathLive gives up a focus when the focused element changed meanwhile).
  const handles = useRef(new Map<string, LineEditorHandle>());
  const pendingFocus = useRef<string | null>(null);
  const requestFocus = (key: string) => {
    pendingFocus.current = key;
  };
  const register = (key: string) => (handle: LineEditorHandle | null) => {
    if (handle) handles.current.set(key, handle);
    else handles.current.delete(key);
  };
  useEffect(() => {
    const key = pendingFocus.current;
    const handle = key ? handles.current.get(key) : undefined;
    if (!handle) return;
    pendingFocus.current = null;
    handle.focus();
  });

  // The symbol lists, by value: a parent may build `data` afresh on every render.
  const symbolsJson = JSON.stringify([
    data.unknownVariable,
    data.definedSymbols,
    data.constant,
    data.units,
    data.functions,
    data.xSymbol,
    data.ySymbol,
    data.mSymbol,
    data.bSymbol,
  ]);
  const shortcuts = useMemo<ShortcutsFor>(() => {
    const [unknownVariable, definedSymbols, constant, units, functions, xSymbol, ySymbol, mSymbol, bSymbol] =
      JSON.parse(symbolsJson) as unknown[];
    const lists = {
      unknownVariable,
      definedSymbols,
      constant,
      units,
      functions,
      xSymbol,
      ySymbol,
      mSymbol,
      bSymbol,
    } as Parameters<typeof inlineShortcutsFor>[1];
    return (defaults) => inlineShortcutsFor(defaults, lists, language);
  }, [symbolsJson, language]);
  const layouts = useMemo(() => keyboardLayouts(t), [t]);

  useEffect(() => {
    const keyboard = mathLive ? window.mathVirtualKeyboard : undefined;
    if (!keyboard) return;
    const update = () => setKeyboardVisible(keyboard.visible);
    keyboard.addEventListener('virtual-keyboard-toggle', update);
    return () => keyboard.removeEventListener('virtual-keyboard-toggle', update);
  }, [mathLive]);

  const setUpKeyboard = () => {
    const keyboard = window.mathVirtualKeyboard;
    if (!keyboard || !mathLive) return;
    mathLive.MathfieldElement.locale = language;
    if (JSON.stringify(keyboard.layouts) !== JSON.stringify(layouts)) keyboard.layouts = layouts;
  };

  // ---- editing ------------------------------------------------------------------------------

  const lineNumber = (index: number) => ({ n: index + 1 });

  const edit = (index: number, math: string) => {
    const line = linesRef.current[index];
    if (!line || line.math === math) return;
    armed.current = null;
    commit(editLine(linesRef.current, index, math), true);
  };

  const insertAfter = (index: number) => {
    const key = newKey();
    const next = insertLineAfter(linesRef.current, index, key);
    if (!next) return announce(t('math-console.max-lines', { max: MAX_LINES }));
    commit(next, true);
    requestFocus(key);
    announce(t('math-console.line-added', lineNumber(index + 1)));
  };

  const append = () => {
    const key = newKey();
    const next = appendLine(linesRef.current, key);
    if (!next) return announce(t('math-console.max-lines', { max: MAX_LINES }));
    commit(next, true);
    requestFocus(key);
    announce(t('math-console.line-added', lineNumber(next.length - 1)));
  };

  const remove = (index: number) => {
    const result = removeLine(linesRef.current, index);
    if (!result) return announce(t('math-console.only-line'));
    armed.current = null;
    commit(result.lines, true);
    const focusKey = result.lines[result.focusIndex]?.key;
    if (focusKey) requestFocus(focusKey);
    announce(t('math-console.line-removed', lineNumber(index)));
  };

  const backspace = (index: number): boolean => {
    const action = backspaceAction(linesRef.current, index, armed.current);
    if (action === 'edit') {
      armed.current = null;
      return false;
    }
    if (action === 'keep-last') announce(t('math-console.only-line'));
    if (action === 'arm') {
      armed.current = linesRef.current[index]?.key ?? null;
      announce(t('math-console.press-again', lineNumber(index)));
    }
    if (action === 'remove') remove(index);
    return true;
  };

  const toggleRaw = (index: number) => {
    const key = linesRef.current[index]?.key;
    if (!key) return;
    const raw = !rawKeys.has(key);
    setRawKeys((keys) => {
      const next = new Set(keys);
      if (raw) next.add(key);
      else next.delete(key);
      return next;
    });
    requestFocus(key);
    announce(t(raw ? 'math-console.latex-on' : 'math-console.latex-off', lineNumber(index)));
  };

  const toggleSolution = (index: number) => {
    const start = !startsSolution(linesRef.current, index);
    const next = setStartsSolution(linesRef.current, index, start);
    commit(next, true);
    const params = { ...lineNumber(index), s: solutionOrdinal(next, index) };
    announce(t(start ? 'math-console.solution-started' : 'math-console.solution-joined', params));
  };

  /** The console's keys, shared by math fields and raw LaTeX inputs; true when handled. */
  const handleKey = (index: number, event: KeyLike): boolean => {
    if (MODIFIER_KEYS.has(event.key)) return false;
    const command = event.ctrlKey || event.metaKey;
    if (command && !event.altKey && event.key.toLowerCase() === 'm') {
      toggleRaw(index);
      return true;
    }
    if (disabledRef.current) return false;
    if (event.key === 'Backspace' && !command && !event.altKey && !event.shiftKey) return backspace(index);
    armed.current = null;
    if (event.key === 'Enter' && !command && !event.altKey) {
      if (event.shiftKey) append();
      else insertAfter(index);
      return true;
    }
    return false;
  };

  /** The virtual keyboard's return key: a new line after this one, like Enter. */
  const commitLine = (index: number): boolean => {
    if (disabledRef.current) return false;
    armed.current = null;
    insertAfter(index);
    return true;
  };

  const focusLine = (index: number) => {
    const line = linesRef.current[index];
    if (!line) return;
    if (armed.current !== line.key) armed.current = null;
    setActiveKey(line.key);
    commit(clearHighlight(linesRef.current, index), false);
    setUpKeyboard();
  };

  // ---- toolbar --------------------------------------------------------------------------------

  const activeIndex = Math.max(
    0,
    lines.findIndex((l) => l.key === activeKey),
  );
  const activeLine = lines[activeIndex] ?? lines[0]!;
  const activeRaw = rawKeys.has(activeLine.key);

  const toggleKeyboard = () => {
    const keyboard = window.mathVirtualKeyboard;
    if (!keyboard) return;
    if (keyboard.visible) {
      keyboard.hide();
      return;
    }
    setUpKeyboard();
    handles.current.get(activeLine.key)?.focus();
    keyboard.show();
  };
  // Toolbar buttons leave the focus in the line being edited.
  const keepFocus = (event: ReactMouseEvent) => event.preventDefault();

  const badge = feedback ? { correct: feedback.correct, text: defaultBadgeText(t, feedback.correct) } : null;
  const { visible: badgeVisible, rootProps } = useFeedbackBadge(badge);
  const solutions = new Set(lines.map((l) => l.solNum)).size;

  return (
    <div className="kib-root kib-math-console" role="group" aria-labelledby={labelId} {...rootProps}>
      <WidgetStyles css={css} />
      <span id={labelId} className="kib-visually-hidden">
        {label ? <MathText text={label} /> : t('math-console.label')}
      </span>
      {data.startingExpression ? (
        <p className="kib-math-console__start">
          <span>{t('math-console.starting-expression')}</span> <MathLatex latex={data.startingExpression} />
        </p>
      ) : null}
      {loadFailed ? (
        <p role="alert">{t('common.error')}</p>
      ) : !mathLive ? (
        <p className="kib-math-console__loading">{t('common.loading')}</p>
      ) : (
        <ol className="kib-math-console__lines" aria-label={t('math-console.lines')}>
          {lines.map((line, index) => {
            const mark = lineMark(line);
            const raw = rawKeys.has(line.key);
            const startsNew = startsSolution(lines, index);
            const message = line.feedback?.feedback ? messageText(t, line.feedback.feedback) : '';
            const part = mark === 'wrong' ? line.feedback?.highlightLatex : undefined;
            return (
              <li key={line.key} className={`kib-math-console__line kib-math-console__line--${mark}`}>
                {isSolve && solutions > 1 && (index === 0 || startsNew) ? (
                  <p className="kib-math-console__solution">
                    {t('math-console.solution', { n: solutionOrdinal(lines, index) })}
                  </p>
                ) : null}
                <div className="kib-math-console__row">
                  <span className="kib-math-console__mark" aria-hidden="true">
                    {mark === 'correct' ? '☺' : mark === 'wrong' ? '☹' : ''}
                  </span>
                  <div className="kib-math-console__editor">
                    {raw ? (
                      <RawLine
                        value={line.math}
                        label={t('math-console.line-latex', lineNumber(index))}
                        readOnly={disabled}
                        onEdit={(math) => edit(index, math)}
                        onKey={(event) => handleKey(index, event)}
                        onFocus={() => focusLine(index)}
                        register={register(line.key)}
                      />
                    ) : (
                      <MathLine
                        mathLive={mathLive}
                        latex={displayedLatex(line)}
                        label={t('math-console.line', lineNumber(index))}
                        readOnly={disabled}
                        shortcuts={shortcuts}
                        keyboardPolicy={keyboardPolicy}
                        onEdit={(math) => edit(index, math)}
                        onKey={(event) => handleKey(index, event)}
                        onCommit={() => commitLine(index)}
                        onDeleteBackward={() => !disabledRef.current && backspace(index)}
                        onFocus={() => focusLine(index)}
                        register={register(line.key)}
                      />
                    )}
                  </div>
                  {isSolve && index === 0 ? <span className="kib-math-console__icon-spacer" /> : null}
                  {isSolve && index > 0 ? (
                    <button
                      type="button"
                      className="kib-button kib-math-console__icon"
                      aria-pressed={startsNew}
                      aria-label={t('math-console.new-solution', lineNumber(index))}
                      title={t('math-console.new-solution', lineNumber(index))}
                      disabled={disabled}
                      onClick={() => toggleSolution(index)}
                    >
                      <BranchIcon />
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="kib-button kib-math-console__icon"
                    aria-label={t('math-console.remove-line', lineNumber(index))}
                    title={t('math-console.remove-line', lineNumber(index))}
                    disabled={disabled || lines.length <= 1}
                    onClick={() => remove(index)}
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                </div>
                {mark !== 'none' ? (
                  <div className={`kib-math-console__feedback kib-math-console__feedback--${mark}`}>
                    <span className="kib-visually-hidden">
                      {t(
                        mark === 'correct' ? 'math-console.mark-correct' : 'math-console.mark-wrong',
                        lineNumber(index),
                      )}
                    </span>
                    {message ? <MathText text={message} /> : null}
                    {part ? (
                      <span className="kib-math-console__part">
                        {t('math-console.check-part')} <MathLatex latex={part} />
                      </span>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <div className="kib-toolbar kib-math-console__toolbar">
        <button type="button" className="kib-button" disabled={disabled || !mathLive} onClick={append}>
          <span aria-hidden="true">+ </span>
          {t('math-console.add-line')}
        </button>
        <button
          type="button"
          className="kib-button"
          aria-pressed={keyboardVisible}
          disabled={disabled || !mathLive || activeRaw}
          onMouseDown={keepFocus}
          onClick={toggleKeyboard}
        >
          {t('math-console.keyboard')}
        </button>
        <button
          type="button"
          className="kib-button"
          aria-pressed={activeRaw}
          aria-label={`${t('math-console.latex-mode')} (${t('math-console.line', lineNumber(activeIndex))})`}
          disabled={!mathLive}
          onMouseDown={keepFocus}
          onClick={() => toggleRaw(activeIndex)}
        >
          {t('math-console.latex-mode')}
        </button>
      </div>
      <p className="kib-math-console__hint">{t('math-console.keys-hint')}</p>
      <FeedbackBadge badge={badge} visible={badgeVisible} />
      {region}
    </div>
  );
}

/** One answer line as a plain text input showing its LaTeX (Ctrl+M). */
function RawLine({
  value,
  label,
  readOnly,
  onEdit,
  onKey,
  onFocus,
  register,
}: {
  value: string;
  label: string;
  readOnly: boolean;
  onEdit(math: string): void;
  onKey(event: KeyLike): boolean;
  onFocus(): void;
  register(handle: LineEditorHandle | null): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const registerRef = useRef(register);
  useLayoutEffect(() => {
    registerRef.current = register;
  });
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    registerRef.current({
      focus: () => {
        element.focus();
        element.setSelectionRange(element.value.length, element.value.length);
      },
    });
    return () => registerRef.current(null);
  }, []);
  return (
    <input
      ref={input}
      type="text"
      className="kib-math-console__raw"
      aria-label={label}
      value={value}
      readOnly={readOnly}
      dir="ltr"
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      autoCorrect="off"
      onChange={(event) => onEdit(event.target.value)}
      onKeyDown={(event) => {
        if (onKey(event)) event.preventDefault();
      }}
      onFocus={onFocus}
    />
  );
}

function BranchIcon() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="5" cy="4" r="2" />
      <circle cx="5" cy="16" r="2" />
      <circle cx="15" cy="9" r="2" />
      <path d="M5 6v8M5 12c0-3 4-3 8-3" />
    </svg>
  );
}
