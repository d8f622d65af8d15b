import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { defaultBadgeText, useFeedbackBadge } from '../shared/feedback-badge/feedback-badge';
import { useT, widgetLanguage } from '../shared/i18n';
import { randomId } from '../shared/ids';
import { useEchoGuard } from '../shared/use-echo-guard';
import { useAnnouncer } from '../shared/use-announcer';
import { keyboardLayouts } from './math-console.keyboard';
import {
  appendLine,
  applyFeedback,
  backspaceAction,
  clearHighlight,
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
import type { LineEditorHandle, ShortcutsFor } from './math-line';
import { loadMathField, type MathLiveModule } from './mathlive-setup';

const newKey = () => randomId(8);
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

/** The key events the console reads: a DOM event from a math field or a React one from an input. */
export type KeyLike = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** The translation parameters that name line `index` (0-based) to the student: `{ n: index + 1 }`. */
export const lineNumber = (index: number) => ({ n: index + 1 });

function touchScreen(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;
}

/** The console's state and everything its lines, toolbar and keys can do. */
export interface MathConsoleController {
  lines: EditorLine[];
  /** Keys of the lines shown as raw LaTeX text (Ctrl+M). */
  rawKeys: ReadonlySet<string>;
  /** MathLive once loaded; `loadFailed` when it could not be. */
  mathLive: MathLiveModule | null;
  loadFailed: boolean;
  /** A solve: lines may start another solution. */
  isSolve: boolean;
  /** How many solutions the lines hold. */
  solutions: number;
  /** The inline shortcuts of the problem's symbols, for every math field. */
  shortcuts: ShortcutsFor;
  /** MathLive's virtual keyboard policy: 'auto' on touch screens, 'manual' elsewhere. */
  keyboardPolicy: 'auto' | 'manual';
  keyboardVisible: boolean;
  /** The line last focused (the first before any), which the toolbar acts on. */
  activeIndex: number;
  activeRaw: boolean;
  /** The badge of the whole answer once it has feedback, while shown. */
  badge: { correct: boolean; text: string } | null;
  badgeVisible: boolean;
  /** The polite live region that announces what changed: rendered once in the console. */
  region: ReactNode;
  /** The student changed line `index`'s LaTeX. */
  edit(index: number, math: string): void;
  /** Adds an empty line at the end and focuses it (the Add line button, Shift+Enter). */
  append(): void;
  /** Removes line `index` (never the last one) and focuses the line before. */
  remove(index: number): void;
  /** A key in line `index`'s editor; true when the console handled it. */
  handleKey(index: number, event: KeyLike): boolean;
  /** The virtual keyboard's return key in line `index`: a new line after it, like Enter. */
  commitLine(index: number): boolean;
  /** MathLive's backspace in line `index`; true when it removed (or is about to remove) the line. */
  deleteBackward(index: number): boolean;
  /** Line `index` got the focus: it becomes the active line and its wrong part is no longer boxed. */
  focusLine(index: number): void;
  /** Shows line `index` as raw LaTeX text, or as a math field again, and focuses it. */
  toggleRaw(index: number): void;
  /** Line `index` starts another solution, or joins the one before again (solve). */
  toggleSolution(index: number): void;
  /** Shows or hides MathLive's virtual keyboard for the active line. */
  toggleKeyboard(): void;
  /** Keeps the editor of the line with `key`, so that it can be focused; null when it goes. */
  register(key: string): (handle: LineEditorHandle | null) => void;
}

/**
 * The math console's state and behaviour: the lines (following `value`, ignoring echoes of its own
 * answers, reporting every edit through `onAnswer`), the marks of new `feedback` (announced), the
 * line keys (Enter, Shift+Enter, Backspace twice, Ctrl+M), the focus after a line is added or removed,
 * MathLive's loading and its virtual keyboard.
 */
export function useMathConsole({
  data,
  value,
  onAnswer,
  feedback,
  disabled = false,
  lang,
}: MathConsoleProps): MathConsoleController {
  const t = useT(lang);
  const language = widgetLanguage(lang);
  const { announce, region } = useAnnouncer();
  const isSolve = data.mathType === 'solve';

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

  const badge = feedback ? { correct: feedback.correct, text: defaultBadgeText(t, feedback.correct) } : null;
  const { visible: badgeVisible } = useFeedbackBadge(
    badge,
    feedback,
    lines.map((l) => l.math),
  );

  return {
    lines,
    rawKeys,
    mathLive,
    loadFailed,
    isSolve,
    solutions: new Set(lines.map((l) => l.solNum)).size,
    shortcuts,
    keyboardPolicy,
    keyboardVisible,
    activeIndex,
    activeRaw: rawKeys.has(activeLine.key),
    badge,
    badgeVisible,
    region,
    edit,
    append,
    remove,
    handleKey,
    commitLine,
    deleteBackward: (index) => !disabledRef.current && backspace(index),
    focusLine,
    toggleRaw,
    toggleSolution,
    toggleKeyboard,
    register,
  };
}
