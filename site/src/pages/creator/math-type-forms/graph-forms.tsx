import type { Bracket, BracketValue, CartesianPoint, Interval, LineAnswer, MathTypeDataOf } from '@kib/core';
import { LIMITS } from '@kib/core';
import { IntervalConsole, LineConsole, NumberlineConsole, PointsConsole } from '@kib/widgets';
import { useId, useState, type ReactNode } from 'react';
import { useLanguage, useT } from '../../../i18n/language';
import { CheckAt, fieldId, Group, MathFieldAt, NumberAt, parseNumber, type FieldScope } from './fields';
import { plainPoints, pointsListOf, tidyNumber } from './records';
import type { RecordFormProps } from './text-forms';

/**
 * The student's console beside the typed fields: what the creator places on it writes the record,
 * and the record redraws it. `note` says why it cannot show the record, when it cannot. A named
 * group, not a region: a numeral may hold several, and landmarks must have distinct names.
 */
function ConsoleInput({ note, children }: { note?: string; children: ReactNode }) {
  const t = useT();
  const id = useId();
  return (
    <div role="group" className="creator-form__console" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="creator-form__console-title">
        {t('creator.form.console-title')}
      </p>
      {note && <p className="field-hint">{note}</p>}
      {children}
    </div>
  );
}

/** The ids of a field's hint and, when it has one, its error (its aria-describedby). */
function hintAndErrorIds(id: string, errorKey: string | undefined): string {
  return errorKey ? `${id}-hint ${id}-error` : `${id}-hint`;
}

/** The hint under a field, then its error (a translation key) when it has one. */
function HintAndError({ id, hint, errorKey }: { id: string; hint: string; errorKey: string | undefined }) {
  const t = useT();
  return (
    <>
      <div id={`${id}-hint`} className="field-hint">
        {hint}
      </div>
      {errorKey && (
        <div id={`${id}-error`} className="field-error">
          {t(errorKey)}
        </div>
      )}
    </>
  );
}

/** plotFunction: the function the student draws, typed as math (a drawing cannot give its formula). */
export function PlotFunctionForm({ record, set, scope }: RecordFormProps<MathTypeDataOf<'plotFunction'>>) {
  const t = useT();
  return (
    <MathFieldAt
      scope={scope}
      path="function"
      label={t('creator.form.plot-function')}
      hint={t('creator.form.plot-function-hint')}
      value={record.function}
      onChange={(latex) => set({ function: latex })}
    />
  );
}

/** A number written in LaTeX as a plain decimal or a fraction of integers, or null. */
export function latexNumber(latex: string): number | null {
  const text = latex.replace(/\s+/g, '').replace(/\\left|\\right/g, '');
  if (/^[-+]?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  const fraction = /^([-+]?)\\frac\{?([-+]?\d+)\}?\{?(\d+)\}?$/.exec(text);
  if (fraction) {
    const value = Number(fraction[2]) / Number(fraction[3]);
    return Number.isFinite(value) ? (fraction[1] === '-' ? -value : value) : null;
  }
  return null;
}

/** A number as LaTeX: an integer or a decimal, or a fraction when a small denominator makes it exact. */
export function numberLatex(value: number): string {
  const tidy = tidyNumber(value);
  if (Number.isInteger(tidy) || Math.abs(tidy * 100 - Math.round(tidy * 100)) < 1e-9) return String(tidy);
  for (let q = 2; q <= 100; q++) {
    const p = Math.round(value * q);
    if (Math.abs(p / q - value) < 1e-9) return `${p < 0 ? '-' : ''}\\frac{${Math.abs(p)}}{${q}}`;
  }
  return String(tidy);
}

/** The line y = m x + b as the console's two points, or null when m or b is not a plain number. */
function linePoints(m: string, b: string): LineAnswer | null {
  const slope = latexNumber(m);
  const intercept = latexNumber(b);
  if (slope === null || intercept === null) return null;
  return [
    { x: 0, y: intercept },
    { x: 1, y: tidyNumber(slope + intercept) },
  ];
}

/** plotLinearEquation: m and b typed as math, or set by placing the line on the line console. */
export function PlotLinearEquationForm({
  record,
  set,
  scope,
}: RecordFormProps<MathTypeDataOf<'plotLinearEquation'>>) {
  const t = useT();
  const { language } = useLanguage();
  const points = linePoints(record.m, record.b);
  const blank = record.m.trim() === '' && record.b.trim() === '';
  return (
    <div className="creator-form__with-console">
      <div className="creator-form__typed">
        <MathFieldAt
          scope={scope}
          path="m"
          label={t('creator.form.slope')}
          value={record.m}
          onChange={(m) => set({ m })}
        />
        <MathFieldAt
          scope={scope}
          path="b"
          label={t('creator.form.intercept')}
          value={record.b}
          onChange={(b) => set({ b })}
        />
      </div>
      <ConsoleInput
        note={
          points || blank ? t('creator.form.console-line-hint') : t('creator.form.console-line-not-plain')
        }
      >
        <LineConsole
          data={null}
          value={points}
          lang={language}
          label={t('creator.form.console-line-label')}
          onAnswer={([p1, p2]) => {
            if (p1.x === p2.x) return;
            const m = (p2.y - p1.y) / (p2.x - p1.x);
            set({ m: numberLatex(m), b: numberLatex(p1.y - m * p1.x) });
          }}
        />
      </ConsoleInput>
    </div>
  );
}

/** setPointCartesianPlane: x and y typed, or the point placed on the set-points console. */
export function SetPointCartesianPlaneForm({
  record,
  set,
  scope,
}: RecordFormProps<MathTypeDataOf<'setPointCartesianPlane'>>) {
  const t = useT();
  const { language } = useLanguage();
  const placed: CartesianPoint[] =
    typeof record.x === 'number' && typeof record.y === 'number' ? [{ x: record.x, y: record.y }] : [];
  return (
    <div className="creator-form__with-console">
      <Group scope={scope} legend={t('creator.form.point')} className="creator-form__typed creator-form__row">
        <NumberAt
          scope={scope}
          path="x"
          label={t('creator.form.point-x')}
          value={record.x}
          onChange={(x) => set({ x: x as number })}
        />
        <NumberAt
          scope={scope}
          path="y"
          label={t('creator.form.point-y')}
          value={record.y}
          onChange={(y) => set({ y: y as number })}
        />
      </Group>
      <ConsoleInput note={t('creator.form.console-point-hint')}>
        <PointsConsole
          data={null}
          value={placed}
          lang={language}
          label={t('creator.form.console-point-label')}
          onAnswer={(points) => {
            const last = points.at(-1);
            if (last) set({ x: tidyNumber(last.x), y: tidyNumber(last.y) });
          }}
        />
      </ConsoleInput>
    </div>
  );
}

/** setMultiPointPlane: the points typed as (x,y), one per line, or placed on the set-points console. */
export function SetMultiPointPlaneForm({
  record,
  set,
  scope,
}: RecordFormProps<MathTypeDataOf<'setMultiPointPlane'>>) {
  const t = useT();
  const { language } = useLanguage();
  const points = plainPoints(record.pointsList);
  const id = fieldId(scope.idPrefix, 'pointsList');
  const errorKey = scope.errors?.pointsList;
  return (
    <div className="creator-form__with-console">
      <div className="field creator-form__typed">
        <label htmlFor={id}>{t('creator.form.points-list')}</label>
        <textarea
          id={id}
          rows={6}
          value={record.pointsList}
          maxLength={LIMITS.pointsListMaxLength}
          spellCheck={false}
          aria-invalid={errorKey ? true : undefined}
          aria-describedby={hintAndErrorIds(id, errorKey)}
          onChange={(event) => set({ pointsList: event.target.value })}
        />
        <HintAndError id={id} hint={t('creator.form.points-list-hint')} errorKey={errorKey} />
      </div>
      <ConsoleInput
        note={points ? t('creator.form.console-points-hint') : t('creator.form.console-points-not-plain')}
      >
        <PointsConsole
          data={null}
          value={points ?? []}
          disabled={points === null}
          lang={language}
          label={t('creator.form.console-points-label')}
          onAnswer={(placed) => set({ pointsList: pointsListOf(placed) })}
        />
      </ConsoleInput>
    </div>
  );
}

/** The text of a bracket value in its input: a number, or -inf and inf. */
function bracketText(value: BracketValue | string): string {
  if (value === 'minusInf') return '-inf';
  if (value === 'inf') return 'inf';
  return String(value);
}

/** A bracket value typed by the creator: a number, -inf / inf (also written with ∞), or the text itself. */
function parseBracketValue(text: string): BracketValue | string {
  const t = text.trim().toLowerCase().replace('−', '-').replace('∞', 'inf').replace(/^\+/, '');
  if (t === '-inf' || t === '-infinity') return 'minusInf';
  if (t === 'inf' || t === 'infinity') return 'inf';
  return parseNumber(text);
}

/** One end of an interval: its value (a number or ±∞) and whether it is open. */
function BracketInput({
  scope,
  path,
  side,
  bracket,
  onChange,
}: {
  scope: FieldScope;
  path: string;
  side: 'left' | 'right';
  bracket: Bracket;
  onChange(bracket: Bracket): void;
}) {
  const t = useT();
  const id = fieldId(scope.idPrefix, `${path}.value`);
  const errorKey = scope.errors?.[`${path}.value`];
  const [text, setText] = useState(() => bracketText(bracket.value));
  if (parseBracketValue(text) !== bracket.value && bracketText(bracket.value) !== text)
    setText(bracketText(bracket.value));
  return (
    <div className="creator-form__bracket">
      <div className="field">
        <label htmlFor={id}>{t(`creator.form.interval-${side}-value`)}</label>
        <input
          id={id}
          type="text"
          autoComplete="off"
          value={text}
          aria-invalid={errorKey ? true : undefined}
          aria-describedby={hintAndErrorIds(id, errorKey)}
          onChange={(event) => {
            setText(event.target.value);
            onChange({ ...bracket, value: parseBracketValue(event.target.value) as BracketValue });
          }}
        />
        <HintAndError id={id} hint={t('creator.form.interval-value-hint')} errorKey={errorKey} />
      </div>
      <CheckAt
        scope={scope}
        path={`${path}.open`}
        label={t(`creator.form.interval-${side}-open`)}
        checked={bracket.open}
        onChange={(open) => onChange({ ...bracket, open })}
      />
    </div>
  );
}

/** A new interval for the list: [0, 1]. */
const NEW_INTERVAL: Interval = [
  { open: false, value: 0 },
  { open: false, value: 1 },
];

/** intervals: the solution set as intervals, typed end by end or drawn on the intervals console. */
export function IntervalsForm({ record, set, scope }: RecordFormProps<MathTypeDataOf<'intervals'>>) {
  const t = useT();
  const { language } = useLanguage();
  const intervals = record.intervals;
  const drawable = intervals.every(([l, r]) => isBracketValue(l.value) && isBracketValue(r.value));
  const replace = (index: number, next: Interval) =>
    set({ intervals: intervals.map((interval, i) => (i === index ? next : interval)) });
  return (
    <div className="creator-form__with-console">
      <Group
        scope={scope}
        path="intervals"
        legend={t('creator.form.intervals')}
        className="creator-form__typed"
      >
        {intervals.length === 0 && <p className="field-hint">{t('creator.form.intervals-empty')}</p>}
        {intervals.map((interval, index) => (
          <Group
            key={index}
            scope={scope}
            path={`intervals.${index}`}
            legend={t('creator.form.interval-n', { n: index + 1 })}
            className="creator-form__row"
          >
            <BracketInput
              scope={scope}
              path={`intervals.${index}.0`}
              side="left"
              bracket={interval[0]}
              onChange={(left) => replace(index, [left, interval[1]])}
            />
            <BracketInput
              scope={scope}
              path={`intervals.${index}.1`}
              side="right"
              bracket={interval[1]}
              onChange={(right) => replace(index, [interval[0], right])}
            />
            <button
              type="button"
              className="button button-secondary creator-form__remove"
              onClick={() => set({ intervals: intervals.filter((_, i) => i !== index) })}
            >
              {t('creator.form.interval-remove', { n: index + 1 })}
            </button>
          </Group>
        ))}
        <button
          type="button"
          className="button button-secondary creator-form__add"
          disabled={intervals.length >= LIMITS.intervalsMaxItems}
          onClick={() => set({ intervals: [...intervals, NEW_INTERVAL] })}
        >
          {t('creator.form.interval-add')}
        </button>
      </Group>
      <ConsoleInput
        note={drawable ? t('creator.form.console-intervals-hint') : t('creator.form.console-not-numbers')}
      >
        <IntervalConsole
          data={null}
          value={drawable ? intervals : []}
          disabled={!drawable}
          lang={language}
          label={t('creator.form.console-intervals-label')}
          onAnswer={(drawn) =>
            set({
              intervals: drawn.map(([l, r]): Interval => [
                { open: l.open, value: typeof l.value === 'number' ? tidyNumber(l.value) : l.value },
                { open: r.open, value: typeof r.value === 'number' ? tidyNumber(r.value) : r.value },
              ]),
            })
          }
        />
      </ConsoleInput>
    </div>
  );
}

function isBracketValue(value: unknown): value is BracketValue {
  return (typeof value === 'number' && Number.isFinite(value)) || value === 'minusInf' || value === 'inf';
}

/** numberlinePoints: the numbers typed one by one, or placed on the number-line console. */
export function NumberlinePointsForm({
  record,
  set,
  scope,
}: RecordFormProps<MathTypeDataOf<'numberlinePoints'>>) {
  const t = useT();
  const { language } = useLanguage();
  const points = record.points;
  const drawable = points.every((p) => typeof p === 'number' && Number.isFinite(p));
  return (
    <div className="creator-form__with-console">
      <Group
        scope={scope}
        path="points"
        legend={t('creator.form.numberline-points')}
        className="creator-form__typed"
      >
        {points.length > 0 && (
          <ol className="creator-form__items">
            {points.map((point, index) => (
              <li key={index} className="creator-form__item">
                <NumberAt
                  scope={scope}
                  path={`points.${index}`}
                  label={t('creator.form.numberline-point-n', { n: index + 1 })}
                  hideLabel
                  value={point}
                  onChange={(value) =>
                    set({ points: points.map((p, i) => (i === index ? (value as number) : p)) })
                  }
                />
                <button
                  type="button"
                  className="button button-secondary creator-form__remove"
                  onClick={() => set({ points: points.filter((_, i) => i !== index) })}
                >
                  {t('creator.form.remove-item', {
                    item: t('creator.form.numberline-point-n', { n: index + 1 }),
                  })}
                </button>
              </li>
            ))}
          </ol>
        )}
        <button
          type="button"
          className="button button-secondary creator-form__add"
          disabled={points.length >= LIMITS.numberlinePointsMaxItems}
          onClick={() => set({ points: [...points, 0] })}
        >
          {t('creator.form.numberline-add')}
        </button>
      </Group>
      <ConsoleInput
        note={drawable ? t('creator.form.console-numberline-hint') : t('creator.form.console-not-numbers')}
      >
        <NumberlineConsole
          data={null}
          value={drawable ? points : []}
          disabled={!drawable}
          lang={language}
          label={t('creator.form.console-numberline-label')}
          onAnswer={(placed) => set({ points: placed.map(tidyNumber) })}
        />
      </ConsoleInput>
    </div>
  );
}
