import type { Language } from '@kib/core';
import type { MathfieldElement } from 'mathlive';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../shared/i18n';
import { speakFieldsIn } from '../shared/speech';
import { HIGHLIGHT_COLOR } from './math-console.logic';
import type { MathLiveModule } from './mathlive-setup';

/** MathLive's inline shortcuts. */
type Shortcuts = MathfieldElement['inlineShortcuts'];

/** How often, and how far apart, focusing a new field is tried again. */
const FOCUS_RETRIES = 20;
const FOCUS_RETRY_MS = 50;

/** Turns MathLive's default inline shortcuts into the ones a console's fields use. */
export type ShortcutsFor = (defaults: Shortcuts) => Shortcuts;

let defaultShortcuts: Shortcuts | undefined;

/** What a line's editor (math field or raw LaTeX input) can be asked to do by the console. */
export interface LineEditorHandle {
  /** Focuses the editor with the caret at the end. */
  focus(): void;
}

/** The props of one line's math field. */
export interface MathLineProps {
  mathLive: MathLiveModule;
  /** What the field shows: the line's LaTeX, with the wrong part boxed while highlighted. */
  latex: string;
  /** Accessible name ("Línea 1"). */
  label: string;
  readOnly: boolean;
  /** The inline shortcuts for this problem, from MathLive's defaults (see inlineShortcutsFor). */
  shortcuts: ShortcutsFor;
  /** MathLive's virtual keyboard policy: 'auto' on touch screens, 'manual' elsewhere. */
  keyboardPolicy: 'auto' | 'manual';
  /** The student changed the LaTeX. */
  onEdit(latex: string): void;
  /** A key pressed in the field; true when the console handled it (MathLive then never sees it). */
  onKey(event: KeyboardEvent): boolean;
  /** MathLive's return key (commit): true when handled. */
  onCommit(): boolean;
  /** MathLive's backspace key: true when handled (the field is empty). */
  onDeleteBackward(): boolean;
  onFocus(): void;
  /** Registers the field so the console can focus it; null on unmount. */
  register(handle: LineEditorHandle | null): void;
  /** The page's language: MathLive's own texts and the names of its keyboard and menu toggles. */
  language?: Language;
}

/**
 * Names MathLive's two toggles inside a field in the page's language, once each: MathLive names
 * their icons in the language it loaded with (the browser's) and a screen reader read each toggle
 * and its icon, so the toggle takes the name and its icon is hidden.
 */
function nameToggles(field: HTMLElement, names: { keyboard: string; menu: string }): void {
  const root = field.shadowRoot;
  if (!root) return;
  for (const [part, name] of [
    ['virtual-keyboard-toggle', names.keyboard],
    ['menu-toggle', names.menu],
  ] as const) {
    const toggle = root.querySelector(`[part=${part}]`);
    if (!toggle) continue;
    toggle.setAttribute('aria-label', name);
    toggle.querySelector('svg')?.setAttribute('aria-hidden', 'true');
  }
}

/**
 * One answer line as a MathLive `<math-field>`, created imperatively (it is not a React element)
 * inside a span that React owns. Its value follows `latex` without emitting edits; the student's
 * edits arrive through `onEdit`.
 */
export function MathLine(props: MathLineProps) {
  const hostRef = useRef<HTMLSpanElement>(null);
  const [field, setField] = useState<MathfieldElement | null>(null);
  const latest = useRef(props);
  const settingValue = useRef(false);
  const reported = useRef('');
  // What the field reported and the console has not given back yet as `latex`, oldest first. A
  // `latex` among them is the console catching up with edits the field already holds, never news.
  const unechoed = useRef<string[]>([]);
  const flushRef = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const t = useT(props.language);
  const toggleNames = useRef({ keyboard: '', menu: '' });
  toggleNames.current = { keyboard: t('math-console.keyboard-toggle'), menu: t('math-console.menu-toggle') };

  const { MathfieldElement: Field } = props.mathLive;
  // The field's spoken name and announcements in the page's language (Spanish rules load once).
  const language = props.language ?? 'es';
  useEffect(() => {
    speakFieldsIn(Field, language).catch(() => undefined);
  }, [Field, language]);
  // A layout effect: the field exists (and is registered) before the console's effects run, so a
  // new line can take the focus in the same commit.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const mf = new Field();
    mf.classList.add('kib-math-console__field');
    settingValue.current = true;
    mf.value = latest.current.latex;
    settingValue.current = false;
    const baseBackground = mf.backgroundColorMap;
    mf.backgroundColorMap = (name) => (name === HIGHLIGHT_COLOR ? 'var(--kib-accent)' : baseBackground(name));
    mf.setAttribute('aria-label', latest.current.label);
    Field.locale = latest.current.language ?? 'es';
    host.append(mf);
    nameToggles(mf, toggleNames.current);
    // Options are read once the field is mounted (MathLive keeps them on its inner editor).
    mf.menuItems = [];
    mf.readOnly = latest.current.readOnly;
    mf.mathVirtualKeyboardPolicy = latest.current.keyboardPolicy;
    defaultShortcuts ??= { ...mf.inlineShortcuts };
    mf.inlineShortcuts = latest.current.shortcuts(defaultShortcuts);

    const fromMathLive = (event: Event) => event.composedPath()[0] === mf;
    const onKeyDown = (event: KeyboardEvent) => {
      if (latest.current.onKey(event)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // MathLive may announce an edit after the next key's beforeinput: report what is pending first.
    reported.current = mf.value;
    const flush = () => {
      if (settingValue.current || mf.value === reported.current) return;
      reported.current = mf.value;
      unechoed.current.push(mf.value);
      latest.current.onEdit(mf.value);
    };
    flushRef.current = flush;
    const onBeforeInput = (event: Event) => {
      if (!fromMathLive(event)) return;
      const type = (event as InputEvent).inputType;
      // Every key acts on the line as the student sees it, the last keys included.
      flush();
      const handled =
        (type === 'insertLineBreak' && latest.current.onCommit()) ||
        (type === 'deleteContentBackward' && latest.current.onDeleteBackward());
      if (handled) event.preventDefault();
    };
    const onInput = () => flush();
    const onFocusIn = () => latest.current.onFocus();
    mf.addEventListener('keydown', onKeyDown, { capture: true });
    mf.addEventListener('beforeinput', onBeforeInput);
    mf.addEventListener('input', onInput);
    mf.addEventListener('focusin', onFocusIn);
    latest.current.register({
      // A field that was just created may not take the focus at once (MathLive finishes setting up
      // asynchronously, later on a busy phone): try again for a short while, unless the student has
      // put the focus somewhere else meanwhile.
      focus: () => {
        const root = mf.getRootNode() as Document | ShadowRoot;
        const before = root.activeElement;
        let tries = 0;
        const attempt = () => {
          if (!mf.isConnected || (root.activeElement !== before && root.activeElement !== mf)) return;
          mf.focus();
          mf.executeCommand('moveToMathfieldEnd');
          if (!mf.hasFocus() && tries++ < FOCUS_RETRIES) window.setTimeout(attempt, FOCUS_RETRY_MS);
        };
        attempt();
      },
    });
    setField(mf);
    return () => {
      mf.removeEventListener('keydown', onKeyDown, { capture: true });
      mf.removeEventListener('beforeinput', onBeforeInput);
      mf.removeEventListener('input', onInput);
      mf.removeEventListener('focusin', onFocusIn);
      latest.current.register(null);
      mf.remove();
      setField(null);
    };
  }, [Field]);

  const { latex, label, readOnly, shortcuts, keyboardPolicy } = props;
  useEffect(() => {
    if (!field) return;
    // The console caught up with an edit of the field: drop it and what came before it. Keys typed
    // before the console re-rendered are in the field already; writing this older `latex` back
    // would lose them.
    const echo = unechoed.current.indexOf(latex);
    if (echo >= 0) {
      unechoed.current.splice(0, echo + 1);
      if (field.value !== latex) flushRef.current();
      return;
    }
    if (field.value === latex) return;
    // Edits the console has not heard of yet win over an older `latex`: report them instead.
    if (field.value !== reported.current) return flushRef.current();
    unechoed.current = [];
    settingValue.current = true;
    field.value = latex;
    reported.current = field.value;
    settingValue.current = false;
  }, [field, latex]);
  useEffect(() => {
    field?.setAttribute('aria-label', label);
  }, [field, label]);
  useEffect(() => {
    if (field) field.readOnly = readOnly;
  }, [field, readOnly]);
  useEffect(() => {
    if (field && defaultShortcuts) field.inlineShortcuts = shortcuts(defaultShortcuts);
  }, [field, shortcuts]);
  useEffect(() => {
    if (field) field.mathVirtualKeyboardPolicy = keyboardPolicy;
  }, [field, keyboardPolicy]);

  return <span ref={hostRef} className="kib-math-console__field-host" />;
}
