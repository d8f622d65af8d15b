import { LIMITS, type ExpressionItem } from '@kib/core';
import { loadMathField, MathLine, type LineEditorHandle, type MathLiveModule } from '@kib/widgets';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLanguage, useT } from '../../../i18n/language';
import { newExpressionItem } from './records';

/** What a form's fields share: the id prefix, the errors and the translate function. */
export interface FieldScope {
  /** Element ids are `${idPrefix}-${path with dots as dashes}`. */
  idPrefix: string;
  errors?: Record<string, string>;
}

/** A camelCase name (a record field, a math type) as a kebab-case i18n key segment. */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/_/g, '-');
}

/** The element id of the field at `path` inside the record. */
export function fieldId(idPrefix: string, path: string): string {
  return `${idPrefix}-${path.replace(/\./g, '-')}`;
}

/** The translated error of the field at `path`, if any. */
function useErrorText(scope: FieldScope, path: string): string | undefined {
  const t = useT();
  const key = scope.errors?.[path];
  return key ? t(key) : undefined;
}

/** The error message under a field, the target of its aria-describedby. */
function ErrorText({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <div id={id} className="field-error">
      {text}
    </div>
  );
}

/** The error (and hint) ids a control is described by. */
function describedBy(id: string, error: string | undefined, hint: ReactNode | undefined): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

let mathLiveLoaded: MathLiveModule | null = null;

/** MathLive, once loaded and set up (null before). */
function useMathLive(): MathLiveModule | null {
  const [mathLive, setMathLive] = useState<MathLiveModule | null>(mathLiveLoaded);
  useEffect(() => {
    if (mathLive) return;
    let live = true;
    void loadMathField().then((module) => {
      mathLiveLoaded = module;
      if (live) setMathLive(module);
    });
    return () => {
      live = false;
    };
  }, [mathLive]);
  return mathLive;
}

const keepShortcuts = <T,>(defaults: T): T => defaults;
const notHandled = () => false;
const touchScreen = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** The props of a math field of a form. */
interface MathInputProps {
  id: string;
  /** Accessible name, also shown as the field's label unless `hideLabel`. */
  label: string;
  value: string;
  onChange(latex: string): void;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  /** Registers the field so a list can focus it. */
  register?: (handle: LineEditorHandle | null) => void;
}

/**
 * A labelled MathLive field (the math console's field) with its hint and error under it; the
 * `<math-field>` gets the id, aria-invalid and aria-describedby.
 */
export function MathInput({ id, label, value, onChange, error, hint, hideLabel, register }: MathInputProps) {
  const mathLive = useMathLive();
  const { language } = useLanguage();
  const hostRef = useRef<HTMLSpanElement>(null);
  const described = describedBy(id, error, hint);
  useEffect(() => {
    const field = hostRef.current?.querySelector('math-field');
    if (!field) return;
    field.id = id;
    if (error) field.setAttribute('aria-invalid', 'true');
    else field.removeAttribute('aria-invalid');
    if (described) field.setAttribute('aria-describedby', described);
    else field.removeAttribute('aria-describedby');
  });
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const onEdit = useCallback((latex: string) => latest.current(latex), []);
  const registerField = useCallback((handle: LineEditorHandle | null) => register?.(handle), [register]);
  return (
    <div className="field creator-form__math">
      {!hideLabel && (
        <label className="creator-form__label" htmlFor={id}>
          {label}
        </label>
      )}
      <span ref={hostRef} className="creator-form__math-host" data-invalid={error ? true : undefined}>
        {mathLive ? (
          <MathLine
            mathLive={mathLive}
            latex={value}
            label={label}
            language={language}
            readOnly={false}
            shortcuts={keepShortcuts}
            keyboardPolicy={touchScreen() ? 'auto' : 'manual'}
            onEdit={onEdit}
            onKey={notHandled}
            onCommit={notHandled}
            onDeleteBackward={notHandled}
            onFocus={noop}
            register={registerField}
          />
        ) : null}
      </span>
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}

function noop() {}

/** A math field of a form bound to the record's field at `path`. */
export function MathFieldAt({
  scope,
  path,
  label,
  value,
  onChange,
  hint,
}: {
  scope: FieldScope;
  path: string;
  label: string;
  value: string;
  onChange(latex: string): void;
  hint?: ReactNode;
}) {
  const error = useErrorText(scope, path);
  return (
    <MathInput
      id={fieldId(scope.idPrefix, path)}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
    />
  );
}

/** A labelled text input (symbols, names) bound to the record's field at `path`. */
export function TextAt({
  scope,
  path,
  label,
  value,
  onChange,
  hint,
  maxLength,
}: {
  scope: FieldScope;
  path: string;
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
  maxLength?: number;
}) {
  const error = useErrorText(scope, path);
  const id = fieldId(scope.idPrefix, path);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}

/** A labelled checkbox bound to the record's boolean at `path`. */
export function CheckAt({
  scope,
  path,
  label,
  checked,
  onChange,
  hint,
}: {
  scope: FieldScope;
  path: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: ReactNode;
}) {
  const error = useErrorText(scope, path);
  const id = fieldId(scope.idPrefix, path);
  return (
    <div className="field creator-form__check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}

/** The text of a number as an input shows it. */
const numberText = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? value
      : '';

/** A number typed by the creator: the number, or the text itself while it is not one. */
export function parseNumber(text: string): number | string {
  const trimmed = text.trim().replace(',', '.');
  return /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i.test(trimmed) ? Number(trimmed) : text;
}

/**
 * A labelled number input: it keeps what the creator types ('-', '1.') while the record gets the
 * number, or the text when it is not one (then the schema's number error shows).
 */
export function NumberAt({
  scope,
  path,
  label,
  value,
  onChange,
  hideLabel,
}: {
  scope: FieldScope;
  path: string;
  label: string;
  value: unknown;
  onChange(value: number | string): void;
  hideLabel?: boolean;
}) {
  const error = useErrorText(scope, path);
  const id = fieldId(scope.idPrefix, path);
  const [text, setText] = useState(() => numberText(value));
  if (parseNumber(text) !== value && numberText(value) !== text) setText(numberText(value));
  return (
    <div className="field creator-form__number">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, undefined)}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseNumber(event.target.value));
        }}
      />
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}

/**
 * A group of fields with its legend, and the group's own error under it. With a `path`, the fieldset
 * has the path's element id (and can take the focus), like every field.
 */
export function Group({
  scope,
  path,
  legend,
  children,
  className,
}: {
  scope: FieldScope;
  /** The record path whose error is the group's (a list, a rule across fields). */
  path?: string;
  legend: string;
  children: ReactNode;
  className?: string;
}) {
  const t = useT();
  const key = path ? scope.errors?.[path] : undefined;
  const id = path ? fieldId(scope.idPrefix, path) : undefined;
  return (
    <fieldset
      id={id}
      tabIndex={id ? -1 : undefined}
      className={['creator-form__group', className].filter(Boolean).join(' ')}
      aria-describedby={key && id ? `${id}-error` : undefined}
      aria-invalid={key ? true : undefined}
    >
      <legend>{legend}</legend>
      {children}
      {key && id && <ErrorText id={`${id}-error`} text={t(key)} />}
    </fieldset>
  );
}

/**
 * An expression list (constants, units, symbols, solutions…): one math field per item, each with
 * its remove button, and an add button; a new item takes the focus, a removed one gives it to the
 * item before it (or to the add button).
 */
export function ExpressionListAt({
  scope,
  path,
  legend,
  itemLabel,
  items,
  onChange,
  hint,
  plainText,
  minItems = 0,
  maxItems = LIMITS.expressionListMaxItems,
}: {
  scope: FieldScope;
  path: string;
  legend: string;
  /** The accessible name of item n: `itemLabel(n)`. */
  itemLabel(n: number): string;
  items: readonly ExpressionItem[];
  onChange(items: ExpressionItem[]): void;
  hint?: ReactNode;
  /** Items typed in plain text inputs (integers) instead of math fields. */
  plainText?: boolean;
  /** The fewest items the list keeps (its remove buttons are disabled at that count). */
  minItems?: number;
  /** The most items the list takes (its add button is disabled at that count). */
  maxItems?: number;
}) {
  const t = useT();
  const handles = useRef(new Map<string, LineEditorHandle>());
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusItem, setFocusItem] = useState<string | null>(null);
  useEffect(() => {
    if (!focusItem) return;
    const handle = handles.current.get(focusItem);
    const input = inputs.current.get(focusItem);
    if (handle) handle.focus();
    else input?.focus();
    setFocusItem(null);
  }, [focusItem]);
  const hintId = hint ? `${fieldId(scope.idPrefix, path)}-hint` : undefined;
  const errors = scope.errors ?? {};
  return (
    <Group scope={scope} path={path} legend={legend} className="creator-form__list">
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {items.length > 0 && (
        <ol className="creator-form__items">
          {items.map((item, index) => {
            const itemPath = `${path}.${index}.latex`;
            const key = errors[itemPath] ?? errors[`${path}.${index}`];
            const id = fieldId(scope.idPrefix, itemPath);
            const label = itemLabel(index + 1);
            const error = key ? t(key) : undefined;
            return (
              <li key={item.id} className="creator-form__item">
                {plainText ? (
                  <div className="field">
                    <label htmlFor={id} className="visually-hidden">
                      {label}
                    </label>
                    <input
                      id={id}
                      ref={(el) => {
                        if (el) inputs.current.set(item.id, el);
                        else inputs.current.delete(item.id);
                      }}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      value={item.latex}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={describedBy(id, error, undefined)}
                      onChange={(event) =>
                        onChange(
                          items.map((it) => (it.id === item.id ? { ...it, latex: event.target.value } : it)),
                        )
                      }
                    />
                    <ErrorText id={`${id}-error`} text={error} />
                  </div>
                ) : (
                  <MathInput
                    id={id}
                    label={label}
                    hideLabel
                    value={item.latex}
                    error={error}
                    register={(handle) => {
                      if (handle) handles.current.set(item.id, handle);
                      else handles.current.delete(item.id);
                    }}
                    onChange={(latex) =>
                      onChange(items.map((it) => (it.id === item.id ? { ...it, latex } : it)))
                    }
                  />
                )}
                <button
                  type="button"
                  className="button button-secondary creator-form__remove"
                  disabled={items.length <= minItems}
                  onClick={() => {
                    const before = items[index - 1] ?? items[index + 1];
                    onChange(items.filter((it) => it.id !== item.id));
                    if (before) setFocusItem(before.id);
                    else addRef.current?.focus();
                  }}
                >
                  {t('creator.form.remove-item', { item: label })}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <button
        ref={addRef}
        type="button"
        className="button button-secondary creator-form__add"
        disabled={items.length >= maxItems}
        onClick={() => {
          const item = newExpressionItem();
          onChange([...items, item]);
          setFocusItem(item.id);
        }}
      >
        {t('creator.form.add-item', { list: legend })}
      </button>
    </Group>
  );
}
