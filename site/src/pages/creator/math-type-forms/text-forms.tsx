import { LIMITS, type ExpressionItem, type MathTypeDataOf } from '@kib/core';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/language';
import {
  CheckAt,
  ExpressionListAt,
  fieldId,
  Group,
  kebab,
  MathFieldAt,
  TextAt,
  type FieldScope,
} from './fields';

/** The props of one math type's form: its record, a patch to it, and the field scope. */
export interface RecordFormProps<R> {
  record: R;
  set(patch: Partial<R>): void;
  scope: FieldScope;
}

/** The forms a simplify record can ask for in its final line (SimplifyDataSchema `form`). */
const SIMPLIFY_FORMS = [
  'factored',
  'expanded',
  'single_fraction',
  'lowest_terms',
  'rationalized_denominator',
  'partial_fractions',
  'completed_square',
] as const;

type SimplifyForm = (typeof SIMPLIFY_FORMS)[number];

/** The interval restricting the variable: a switch, then the interval typed as math. */
function VariableInterval({
  scope,
  value,
  onChange,
}: {
  scope: FieldScope;
  value: string | null;
  onChange(value: string | null): void;
}) {
  const t = useT();
  return (
    <Group scope={scope} legend={t('creator.form.interval-legend')}>
      <CheckAt
        scope={scope}
        path="interval-switch"
        label={t('creator.form.interval-switch')}
        checked={value !== null}
        onChange={(on) => onChange(on ? '' : null)}
      />
      {value !== null && (
        <MathFieldAt
          scope={scope}
          path="interval"
          label={t('creator.form.interval')}
          hint={t('creator.form.interval-hint')}
          value={value}
          onChange={onChange}
        />
      )}
    </Group>
  );
}

/** Expression lists of a text math type (constants, units, solutions…), in the given order. */
function ExpressionLists<K extends string>({
  record,
  set,
  scope,
  lists,
}: RecordFormProps<Partial<Record<K, readonly ExpressionItem[]>>> & { lists: readonly K[] }) {
  const t = useT();
  return (
    <>
      {lists.map((list) => (
        <ExpressionListAt
          key={list}
          scope={scope}
          path={list}
          legend={t(`creator.form.list.${kebab(list)}`)}
          hint={t(`creator.form.list.${kebab(list)}-hint`)}
          itemLabel={(n) => t(`creator.form.list.${kebab(list)}-item`, { n })}
          items={record[list] ?? []}
          onChange={(items) => set({ [list]: items } as Partial<Record<K, ExpressionItem[]>>)}
        />
      ))}
    </>
  );
}

/** The settings group: the convert-to-degrees switch, then any other switches of the math type. */
function Settings({
  scope,
  convertToDegrees,
  set,
  children,
}: {
  scope: FieldScope;
  convertToDegrees: boolean;
  set(patch: { convertToDegrees: boolean }): void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Group scope={scope} legend={t('creator.form.settings')}>
      <CheckAt
        scope={scope}
        path="convertToDegrees"
        label={t('creator.form.convert-to-degrees')}
        checked={convertToDegrees}
        onChange={(convertToDegrees) => set({ convertToDegrees })}
      />
      {children}
    </Group>
  );
}

/** simplify: the starting expression, its target, the symbol lists, the options and the asked form. */
export function SimplifyForm({ record, set, scope }: RecordFormProps<MathTypeDataOf<'simplify'>>) {
  const t = useT();
  const formId = fieldId(scope.idPrefix, 'form');
  const formError = scope.errors?.form;
  return (
    <>
      <MathFieldAt
        scope={scope}
        path="startingExpression"
        label={t('creator.form.starting-expression')}
        value={record.startingExpression}
        onChange={(startingExpression) => set({ startingExpression })}
      />
      <MathFieldAt
        scope={scope}
        path="target"
        label={t('creator.form.target')}
        hint={t('creator.form.target-hint')}
        value={record.target}
        onChange={(target) => set({ target })}
      />
      <Group scope={scope} legend={t('creator.form.final-form-legend')}>
        <div className="field">
          <label htmlFor={formId}>{t('creator.form.final-form')}</label>
          <select
            id={formId}
            value={record.form ?? ''}
            aria-invalid={formError ? true : undefined}
            aria-describedby={formError ? `${formId}-error` : undefined}
            onChange={(event) =>
              set({ form: event.target.value === '' ? null : (event.target.value as SimplifyForm) })
            }
          >
            <option value="">{t('creator.form.final-form-any')}</option>
            {SIMPLIFY_FORMS.map((form) => (
              <option key={form} value={form}>
                {t(`creator.form.final-form-${kebab(form)}`)}
              </option>
            ))}
          </select>
          {formError && (
            <div id={`${formId}-error`} className="field-error">
              {t(formError)}
            </div>
          )}
        </div>
        <TextAt
          scope={scope}
          path="formVariable"
          label={t('creator.form.form-variable')}
          hint={t('creator.form.form-variable-hint')}
          maxLength={LIMITS.symbolMaxLength}
          value={record.formVariable ?? ''}
          onChange={(value) => set({ formVariable: value.trim() === '' ? null : value })}
        />
      </Group>
      <ExpressionLists
        record={record}
        set={set}
        scope={scope}
        lists={[
          'constant',
          'units',
          'definedSymbols',
          'functions',
          'complementaryEquations',
          'complementaryVariables',
        ]}
      />
      <Settings scope={scope} convertToDegrees={record.convertToDegrees} set={set}>
        <CheckAt
          scope={scope}
          path="exactExpr"
          label={t('creator.form.exact-expr')}
          hint={t('creator.form.exact-expr-hint')}
          checked={record.exactExpr}
          onChange={(exactExpr) => set({ exactExpr })}
        />
      </Settings>
      <VariableInterval scope={scope} value={record.interval} onChange={(interval) => set({ interval })} />
    </>
  );
}

/** solve: the unknown, the equation, a helping expression, the symbol lists and the solutions. */
export function SolveForm({ record, set, scope }: RecordFormProps<MathTypeDataOf<'solve'>>) {
  const t = useT();
  return (
    <>
      <TextAt
        scope={scope}
        path="unknownVariable"
        label={t('creator.form.unknown-variable')}
        maxLength={LIMITS.symbolMaxLength}
        value={record.unknownVariable}
        onChange={(unknownVariable) => set({ unknownVariable })}
      />
      <MathFieldAt
        scope={scope}
        path="startingExpression"
        label={t('creator.form.equation')}
        value={record.startingExpression}
        onChange={(startingExpression) => set({ startingExpression })}
      />
      <MathFieldAt
        scope={scope}
        path="helpingExpression"
        label={t('creator.form.helping-expression')}
        hint={t('creator.form.helping-expression-hint')}
        value={record.helpingExpression ?? ''}
        onChange={(latex) => set({ helpingExpression: latex.trim() === '' ? null : latex })}
      />
      <ExpressionLists
        record={record}
        set={set}
        scope={scope}
        lists={['definedSolutions', 'constant', 'units', 'definedSymbols', 'functions']}
      />
      <Settings scope={scope} convertToDegrees={record.convertToDegrees} set={set} />
      <VariableInterval scope={scope} value={record.interval} onChange={(interval) => set({ interval })} />
    </>
  );
}

/**
 * functions: the function and what is asked, as one choice (spec 02 §5: only one of 'ask for x' or
 * 'ask for y'): f at a given x (xValue), or the x where f takes a given value (yValue).
 */
export function FunctionsForm({ record, set, scope }: RecordFormProps<MathTypeDataOf<'functions'>>) {
  const t = useT();
  const askFor: 'y' | 'x' = record.yValue !== null && record.xValue === null ? 'x' : 'y';
  const name = fieldId(scope.idPrefix, 'ask-for');
  return (
    <>
      <MathFieldAt
        scope={scope}
        path="functionExpr"
        label={t('creator.form.function-expr')}
        hint={t('creator.form.function-expr-hint')}
        value={record.functionExpr}
        onChange={(functionExpr) => set({ functionExpr })}
      />
      <Group scope={scope} legend={t('creator.form.ask-for')}>
        <div className="creator-form__radios">
          {(['y', 'x'] as const).map((option) => (
            <div key={option} className="creator-form__check">
              <input
                type="radio"
                id={`${name}-${option}`}
                name={name}
                value={option}
                checked={askFor === option}
                onChange={() =>
                  option === 'y'
                    ? set({ xValue: record.xValue ?? record.yValue ?? '', yValue: null })
                    : set({ yValue: record.yValue ?? record.xValue ?? '', xValue: null })
                }
              />
              <label htmlFor={`${name}-${option}`}>{t(`creator.form.ask-for-${option}`)}</label>
            </div>
          ))}
        </div>
        {askFor === 'y' ? (
          <MathFieldAt
            scope={scope}
            path="xValue"
            label={t('creator.form.x-value')}
            value={record.xValue ?? ''}
            onChange={(xValue) => set({ xValue, yValue: null })}
          />
        ) : (
          <MathFieldAt
            scope={scope}
            path="yValue"
            label={t('creator.form.y-value')}
            value={record.yValue ?? ''}
            onChange={(yValue) => set({ yValue, xValue: null })}
          />
        )}
      </Group>
      <Settings scope={scope} convertToDegrees={record.convertToDegrees} set={set} />
    </>
  );
}

/** equationOfALine: two points, the four symbols, what is given and what is asked. */
export function EquationOfALineForm({
  record,
  set,
  scope,
}: RecordFormProps<MathTypeDataOf<'equationOfALine'>>) {
  const t = useT();
  return (
    <>
      {([1, 2] as const).map((n) => (
        <Group
          key={n}
          scope={scope}
          legend={t('creator.form.line-point', { n })}
          className="creator-form__row"
        >
          <MathFieldAt
            scope={scope}
            path={`x${n}`}
            label={t('creator.form.line-x', { n })}
            value={record[`x${n}`]}
            onChange={(latex) => set({ [`x${n}`]: latex })}
          />
          <MathFieldAt
            scope={scope}
            path={`y${n}`}
            label={t('creator.form.line-y', { n })}
            value={record[`y${n}`]}
            onChange={(latex) => set({ [`y${n}`]: latex })}
          />
        </Group>
      ))}
      <Group scope={scope} legend={t('creator.form.line-symbols')} className="creator-form__row">
        {(['xSymbol', 'ySymbol', 'mSymbol', 'bSymbol'] as const).map((symbol) => (
          <TextAt
            key={symbol}
            scope={scope}
            path={symbol}
            label={t(`creator.form.line-${kebab(symbol)}`)}
            maxLength={LIMITS.symbolMaxLength}
            value={record[symbol]}
            onChange={(value) => set({ [symbol]: value })}
          />
        ))}
      </Group>
      <Group scope={scope} legend={t('creator.form.line-given')}>
        <CheckAt
          scope={scope}
          path="mGiven"
          label={t('creator.form.line-m-given')}
          checked={record.mGiven}
          onChange={(mGiven) => set({ mGiven })}
        />
        <CheckAt
          scope={scope}
          path="bGiven"
          label={t('creator.form.line-b-given')}
          checked={record.bGiven}
          onChange={(bGiven) => set({ bGiven })}
        />
      </Group>
      <Group scope={scope} path="findEquation" legend={t('creator.form.line-find')}>
        <CheckAt
          scope={scope}
          path="findM"
          label={t('creator.form.line-find-m')}
          checked={record.findM}
          onChange={(findM) => set({ findM })}
        />
        <CheckAt
          scope={scope}
          path="findB"
          label={t('creator.form.line-find-b')}
          checked={record.findB}
          onChange={(findB) => set({ findB })}
        />
        <CheckAt
          scope={scope}
          path="findEquation-check"
          label={t('creator.form.line-find-equation')}
          checked={record.findEquation}
          onChange={(findEquation) => set({ findEquation })}
        />
      </Group>
    </>
  );
}

/** findExpression: the defining equation, the variable to express, the expected expression. */
export function FindExpressionForm({
  record,
  set,
  scope,
}: RecordFormProps<MathTypeDataOf<'findExpression'>>) {
  const t = useT();
  return (
    <>
      <MathFieldAt
        scope={scope}
        path="definingEquation"
        label={t('creator.form.defining-equation')}
        value={record.definingEquation}
        onChange={(definingEquation) => set({ definingEquation })}
      />
      <TextAt
        scope={scope}
        path="unknownVariable"
        label={t('creator.form.expressed-variable')}
        maxLength={LIMITS.symbolMaxLength}
        value={record.unknownVariable}
        onChange={(unknownVariable) => set({ unknownVariable })}
      />
      <MathFieldAt
        scope={scope}
        path="targetExpression"
        label={t('creator.form.target-expression')}
        value={record.targetExpression}
        onChange={(targetExpression) => set({ targetExpression })}
      />
      <ExpressionLists record={record} set={set} scope={scope} lists={['constant']} />
      <Settings scope={scope} convertToDegrees={record.convertToDegrees} set={set} />
    </>
  );
}
