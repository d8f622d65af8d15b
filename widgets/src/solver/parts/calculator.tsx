import type { Language } from '@kib/i18n';
import { useEffect, useId, useReducer, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useT, type Translate } from '../../shared/i18n';
import { WidgetStyles } from '../../shared/styles';
import { useAnnouncer } from '../../shared/use-announcer';
import css from './calculator.css?inline';
import {
  INITIAL_CALCULATOR_STATE,
  KEYBOARD_INPUT,
  calculatorReducer,
  formatResult,
  resultToLatex,
  type CalculatorAction,
} from './calculator.logic';

/** Props of {@link Calculator}. */
export interface CalculatorProps {
  /** Interface language; Spanish by default. */
  lang?: Language;
  /** Called by the close button and by Escape; without it there is no close button. */
  onClose?: () => void;
  /** Called by "Insert result" with the last result as LaTeX; without it there is no such button. */
  onInsert?: (value: string) => void;
}

interface Key {
  /** What the key shows. */
  face: string;
  /** Its accessible name's i18n key, when the face alone is not a good name. */
  name?: string;
  action: CalculatorAction;
  /** Keyboard shortcut, announced through aria-keyshortcuts. */
  shortcut?: string;
  className?: string;
}

const insert = (text: string): CalculatorAction => ({ type: 'insert', text });

const KEYS: Key[] = [
  { face: 'sin', name: 'calculator.key-sin', action: insert('sin(') },
  { face: 'cos', name: 'calculator.key-cos', action: insert('cos(') },
  { face: 'tan', name: 'calculator.key-tan', action: insert('tan(') },
  { face: '(', name: 'calculator.key-open', action: insert('(') },
  { face: ')', name: 'calculator.key-close', action: insert(')') },
  { face: 'sin⁻¹', name: 'calculator.key-asin', action: insert('sin⁻¹(') },
  { face: 'cos⁻¹', name: 'calculator.key-acos', action: insert('cos⁻¹(') },
  { face: 'tan⁻¹', name: 'calculator.key-atan', action: insert('tan⁻¹(') },
  { face: '^', name: 'calculator.key-power', action: insert('^') },
  { face: '√', name: 'calculator.key-sqrt', action: insert('√(') },
  { face: 'log', name: 'calculator.key-log', action: insert('log(') },
  { face: 'ln', name: 'calculator.key-ln', action: insert('ln(') },
  { face: 'π', name: 'calculator.key-pi', action: insert('π') },
  { face: 'e', name: 'calculator.key-e', action: insert('e') },
  { face: 'Ans', name: 'calculator.key-ans', action: insert('Ans') },
  { face: '7', action: insert('7'), className: 'digit' },
  { face: '8', action: insert('8'), className: 'digit' },
  { face: '9', action: insert('9'), className: 'digit' },
  { face: '÷', name: 'calculator.key-divide', action: insert('÷'), className: 'op' },
  { face: '⌫', name: 'calculator.key-backspace', action: { type: 'backspace' }, shortcut: 'Backspace' },
  { face: '4', action: insert('4'), className: 'digit' },
  { face: '5', action: insert('5'), className: 'digit' },
  { face: '6', action: insert('6'), className: 'digit' },
  { face: '×', name: 'calculator.key-times', action: insert('×'), className: 'op' },
  { face: 'AC', name: 'calculator.key-clear', action: { type: 'clear' }, shortcut: 'Delete' },
  { face: '1', action: insert('1'), className: 'digit' },
  { face: '2', action: insert('2'), className: 'digit' },
  { face: '3', action: insert('3'), className: 'digit' },
  { face: '−', name: 'calculator.key-minus', action: insert('−'), className: 'op' },
  {
    face: '=',
    name: 'calculator.key-equals',
    action: { type: 'evaluate' },
    shortcut: 'Enter',
    className: 'equals',
  },
  { face: '0', action: insert('0'), className: 'digit zero' },
  { face: '.', name: 'calculator.key-point', action: insert('.'), className: 'digit' },
  { face: '+', name: 'calculator.key-plus', action: insert('+'), className: 'op' },
];

function keyLabel(t: Translate, key: Key): string | undefined {
  return key.name ? t(key.name) : undefined;
}

/**
 * A scientific calculator (spec 01 §4, §5, §9) as a non-modal dialog panel: degrees by default,
 * results rounded to 10 decimals, 'Error' for anything it cannot evaluate. It can be driven by its
 * keys or by the keyboard while it has focus (Enter calculates, Escape closes).
 */
export function Calculator({ lang, onClose, onInsert }: CalculatorProps) {
  const t = useT(lang);
  const [state, dispatch] = useReducer(calculatorReducer, INITIAL_CALCULATOR_STATE);
  const { announce, region } = useAnnouncer();
  const display = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  const firstRender = useRef(true);

  useEffect(() => {
    display.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const input = display.current;
    if (input) input.scrollLeft = input.scrollWidth;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    announce(
      state.expression === ''
        ? t('calculator.display-empty')
        : t('calculator.display', { expression: state.expression }),
    );
  }, [state.expression, announce, t]);

  const evaluation = state.evaluation;
  const result = evaluation?.ok ? formatResult(evaluation.value) : null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Shortcuts of the page (Ctrl+C, Alt+…) pass through; AltGr (Ctrl+Alt) types characters.
    if (event.metaKey || event.ctrlKey !== event.altKey) return;
    const target = event.target as HTMLElement;
    const onButton = target.tagName === 'BUTTON';
    if (event.key === 'Escape') {
      if (!onClose) return;
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    // Enter on a focused button presses that button, as everywhere else.
    if ((event.key === 'Enter' && !onButton) || event.key === '=') {
      event.preventDefault();
      dispatch({ type: 'evaluate' });
      return;
    }
    if (event.key === 'Backspace') {
      event.preventDefault();
      dispatch({ type: 'backspace' });
      return;
    }
    if (event.key === 'Delete') {
      event.preventDefault();
      dispatch({ type: 'clear' });
      return;
    }
    const text = KEYBOARD_INPUT[event.key.length === 1 ? event.key.toLowerCase() : ''];
    if (text !== undefined) {
      event.preventDefault();
      dispatch(insert(text));
    }
  };

  // A pointer press on a key keeps the focus on the display, so Enter then means '='.
  const keepFocus = (event: MouseEvent) => {
    event.preventDefault();
    display.current?.focus({ preventScroll: true });
  };

  return (
    <div
      className="kib-root kib-calculator"
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
    >
      <WidgetStyles css={css} />
      <div className="kib-calculator__header">
        <h2 id={titleId} className="kib-calculator__title">
          {t('calculator.title')}
        </h2>
        <div role="group" aria-label={t('calculator.angle-unit')} className="kib-calculator__modes">
          <button
            type="button"
            className="kib-button kib-calculator__mode"
            aria-pressed={state.mode === 'deg'}
            aria-label={t('calculator.degrees')}
            onClick={() => state.mode !== 'deg' && dispatch({ type: 'toggle-mode' })}
          >
            DEG
          </button>
          <button
            type="button"
            className="kib-button kib-calculator__mode"
            aria-pressed={state.mode === 'rad'}
            aria-label={t('calculator.radians')}
            onClick={() => state.mode !== 'rad' && dispatch({ type: 'toggle-mode' })}
          >
            RAD
          </button>
        </div>
        {onClose ? (
          <button
            type="button"
            className="kib-button kib-calculator__close"
            aria-label={t('calculator.close')}
            aria-keyshortcuts="Escape"
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      <p id={hintId} className="kib-visually-hidden">
        {t('calculator.keyboard-hint')}
      </p>
      <div className="kib-calculator__screen">
        <input
          ref={display}
          className="kib-calculator__expression"
          type="text"
          readOnly
          inputMode="none"
          autoComplete="off"
          spellCheck={false}
          value={state.expression}
          aria-label={t('calculator.expression')}
        />
        <div className="kib-calculator__result" role="status" aria-live="polite" aria-atomic="true">
          {evaluation ? (
            result !== null ? (
              <>
                <span aria-hidden="true">= {result}</span>
                <span className="kib-visually-hidden">{t('calculator.result', { value: result })}</span>
              </>
            ) : (
              <span className="kib-calculator__error">{t('calculator.error')}</span>
            )
          ) : null}
        </div>
      </div>
      <div role="group" aria-label={t('calculator.keypad')} className="kib-calculator__keypad">
        {KEYS.map((key) => (
          <button
            key={key.face}
            type="button"
            className={`kib-button kib-calculator__key ${key.className ? key.className.replace(/(\S+)/g, 'kib-calculator__key--$1') : ''}`}
            aria-label={keyLabel(t, key)}
            aria-keyshortcuts={key.shortcut}
            onMouseDown={keepFocus}
            onClick={() => dispatch(key.action)}
          >
            {key.face}
          </button>
        ))}
      </div>
      {onInsert ? (
        <button
          type="button"
          className="kib-button kib-button--primary kib-calculator__insert"
          disabled={!evaluation?.ok}
          onClick={() => {
            if (evaluation?.ok) onInsert(resultToLatex(evaluation.value));
          }}
        >
          {t('calculator.insert')}
        </button>
      ) : null}
      {region}
    </div>
  );
}
