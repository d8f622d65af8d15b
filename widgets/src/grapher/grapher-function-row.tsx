import type { Language } from '@kib/core';
import { useCallback, useEffect, useRef } from 'react';
import { MathLine } from '../math-console/math-line';
import type { MathLiveModule } from '../math-console/mathlive-setup';
import type { Translate } from '../shared/i18n';
import { BOUND_NAMES, GRAPH_COLORS, type GraphNote } from './grapher.logic';
import type { GraphFunction, GrapherProps } from './grapher.types';

/** The text of a note: why a graph is not drawn. */
export function noteText(t: Translate, note: GraphNote): string {
  if (note.code === 'bad-bound') return t('grapher.note-bad-bound', { bound: t(`grapher.${note.bound}`) });
  if (note.code === 'other-letters') return t('grapher.note-other-letters', { letters: note.letters });
  return t(`grapher.note-${note.code}`);
}

const keepShortcuts = <T,>(defaults: T): T => defaults;
const notHandled = () => false;
const noop = () => undefined;
const touchScreen = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

interface FunctionRowProps {
  fn: GraphFunction;
  /** 1-based position, used in every label ("Función 2"). */
  number: number;
  note: GraphNote | null;
  mathLive: MathLiveModule | null;
  idPrefix: string;
  t: Translate;
  /** The page's language, for MathLive's texts. */
  language: Language;
  onChange: GrapherProps['onFunctionChange'];
  onRemove: GrapherProps['onRemoveFunction'];
}

/**
 * One graph of the list: its function in a math field (the math console's MathLine), colour, line,
 * asymptote switch, bounds and a remove button; under them, why it is not drawn when it is not.
 */
export function FunctionRow({
  fn,
  number,
  note,
  mathLive,
  idPrefix,
  t,
  language,
  onChange,
  onRemove,
}: FunctionRowProps) {
  const id = `${idPrefix}-${fn.id}`;
  const noteId = `${id}-note`;
  const hostRef = useRef<HTMLSpanElement>(null);
  const latest = useRef({ id: fn.id, onChange });
  useEffect(() => {
    latest.current = { id: fn.id, onChange };
  });
  const onEdit = useCallback(
    (latex: string) => latest.current.onChange(latest.current.id, { value: latex }),
    [],
  );
  useEffect(() => {
    const field = hostRef.current?.querySelector('math-field');
    if (!field) return;
    if (note) {
      field.setAttribute('aria-describedby', noteId);
      field.setAttribute('aria-invalid', 'true');
    } else {
      field.removeAttribute('aria-describedby');
      field.removeAttribute('aria-invalid');
    }
  });
  const name = t('grapher.function-name', { number });
  return (
    <li className="kib-grapher__function" data-graph={fn.id}>
      <fieldset className="kib-grapher__fieldset">
        <legend className="kib-grapher__legend">
          <span className="kib-grapher__swatch" style={{ background: fn.color }} aria-hidden="true" />
          {name}
        </legend>
        <div className="kib-grapher__value">
          <span className="kib-grapher__value-label" aria-hidden="true">
            {fn.asymptote ? t('grapher.asymptote-prefix') : 'f(x) ='}
          </span>
          <span ref={hostRef} className="kib-grapher__math-host" data-invalid={note ? true : undefined}>
            {mathLive ? (
              <MathLine
                mathLive={mathLive}
                latex={fn.value}
                language={language}
                label={t('grapher.value-label', { number })}
                readOnly={false}
                shortcuts={keepShortcuts}
                keyboardPolicy={touchScreen() ? 'auto' : 'manual'}
                onEdit={onEdit}
                onKey={notHandled}
                onCommit={notHandled}
                onDeleteBackward={notHandled}
                onFocus={noop}
                register={noop}
              />
            ) : (
              <span className="kib-grapher__math-loading">{t('common.loading')}</span>
            )}
          </span>
        </div>
        {note ? (
          <p id={noteId} className="kib-grapher__note">
            {noteText(t, note)}
          </p>
        ) : null}
        <div className="kib-grapher__options">
          <label className="kib-grapher__option">
            <span>{t('grapher.color')}</span>
            <select value={fn.color} onChange={(e) => onChange(fn.id, { color: e.currentTarget.value })}>
              {GRAPH_COLORS.map((c) => (
                <option key={c.name} value={c.value}>
                  {t(`grapher.color-${c.name}`)}
                </option>
              ))}
              {GRAPH_COLORS.some((c) => c.value === fn.color) ? null : (
                <option value={fn.color}>{fn.color}</option>
              )}
            </select>
          </label>
          <label className="kib-grapher__option">
            <span>{t('grapher.border')}</span>
            <select
              value={fn.border}
              onChange={(e) =>
                onChange(fn.id, { border: e.currentTarget.value === 'dashed' ? 'dashed' : 'solid' })
              }
            >
              <option value="solid">{t('grapher.border-solid')}</option>
              <option value="dashed">{t('grapher.border-dashed')}</option>
            </select>
          </label>
          <label className="kib-grapher__option kib-grapher__option--check">
            <input
              type="checkbox"
              checked={fn.asymptote}
              aria-describedby={`${id}-asymptote-hint`}
              onChange={(e) => onChange(fn.id, { asymptote: e.currentTarget.checked })}
            />
            <span>{t('grapher.asymptote')}</span>
          </label>
          <span id={`${id}-asymptote-hint`} className="kib-visually-hidden">
            {t('grapher.asymptote-hint')}
          </span>
        </div>
        <div className="kib-grapher__bounds">
          {BOUND_NAMES.map((bound) => (
            <label key={bound} className="kib-grapher__bound">
              <span>{t(`grapher.${bound}`)}</span>
              <input
                type="text"
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                placeholder={bound.startsWith('min') ? '−∞' : '∞'}
                value={fn[bound]}
                aria-label={t('grapher.bound-label', { bound: t(`grapher.${bound}`), number })}
                aria-invalid={note?.code === 'bad-bound' && note.bound === bound ? true : undefined}
                onChange={(e) => onChange(fn.id, { [bound]: e.currentTarget.value })}
              />
            </label>
          ))}
        </div>
        <button type="button" className="kib-button kib-grapher__remove" onClick={() => onRemove(fn.id)}>
          {t('grapher.remove', { number })}
        </button>
      </fieldset>
    </li>
  );
}
