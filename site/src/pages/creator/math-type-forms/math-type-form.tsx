import type { ChoiceDraft, MathType, MathTypeDataOf } from '@kib/core';
import type { JSX } from 'react';
import { useT } from '../../../i18n/language';
import { ChoicesForm } from './choice-form';
import { kebab, type FieldScope } from './fields';
import {
  IntervalsForm,
  NumberlinePointsForm,
  PlotFunctionForm,
  PlotLinearEquationForm,
  SetMultiPointPlaneForm,
  SetPointCartesianPlaneForm,
} from './graph-forms';
import { PrimeDecompositionForm } from './prime-form';
import { recordOf } from './records';
import { TableSimpleForm } from './table-form';
import {
  EquationOfALineForm,
  FindExpressionForm,
  FunctionsForm,
  SimplifyForm,
  SolveForm,
  type RecordFormProps,
} from './text-forms';
import './math-type-forms.css';

export { emptyRecord, validateRecord } from './records';

/** The props of {@link MathTypeForm}. */
export interface MathTypeFormProps {
  mathType: MathType;
  /** The record being edited: MathTypeDataOf<mathType>, or null when empty (then the form starts from emptyRecord(mathType)). */
  data: unknown;
  /** multipleChoice only: its options. */
  choices: ChoiceDraft[];
  /** Called on every edit with the new record (null when the form cannot make a record at all) and choices. */
  onChange(next: { data: unknown; choices: ChoiceDraft[] }): void;
  /** Field errors from the server or from validation, keyed by path inside the record, e.g. 'target' or 'tableData.3.cellContent', values i18n keys. */
  errors?: Record<string, string>;
  /** Prefix for element ids and accessible names, unique per numeral/step on the page (e.g. 'n2-s1'). */
  idPrefix: string;
  /** Pictures of choices: called when the creator picks a file for a choice (the parent keeps the File until saving). */
  onChoicePicture?(choiceKey: string, file: File | null): void;
}

type RecordForms = {
  [K in Exclude<MathType, 'multipleChoice'>]: (props: RecordFormProps<MathTypeDataOf<K>>) => JSX.Element;
};

const RECORD_FORMS: RecordForms = {
  simplify: SimplifyForm,
  solve: SolveForm,
  functions: FunctionsForm,
  equationOfALine: EquationOfALineForm,
  findExpression: FindExpressionForm,
  plotFunction: PlotFunctionForm,
  plotLinearEquation: PlotLinearEquationForm,
  setPointCartesianPlane: SetPointCartesianPlaneForm,
  setMultiPointPlane: SetMultiPointPlaneForm,
  intervals: IntervalsForm,
  numberlinePoints: NumberlinePointsForm,
  tableSimple: TableSimpleForm,
  primeDecomposition: PrimeDecompositionForm,
};

/**
 * The form of a numeral's or step's math type (spec 02 §3): every field of the math type's record,
 * math typed in MathLive fields, the graphs also set on the students' consoles. Controlled: `data`
 * and `choices` in, every edit out through `onChange`; errors (i18n keys by record path) show under
 * their fields, an error of the whole record (path '') at the top. Element ids are
 * `${idPrefix}-${path with dashes}` (the form itself `${idPrefix}-group`), so a parent can focus
 * the field an error names.
 */
export function MathTypeForm(props: MathTypeFormProps): JSX.Element {
  const { mathType, data, choices, onChange, errors, idPrefix, onChoicePicture } = props;
  const t = useT();
  const scope: FieldScope = { idPrefix, errors };
  const title = t(`math-types.${kebab(mathType)}`);
  const rootId = `${idPrefix}-group`;
  const recordError = errors?.[''];
  const form =
    mathType === 'multipleChoice' ? (
      <ChoicesForm
        choices={choices}
        scope={scope}
        onChange={(next) => onChange({ data: null, choices: next })}
        onChoicePicture={onChoicePicture}
      />
    ) : (
      <RecordForm
        mathType={mathType}
        data={data}
        scope={scope}
        onChange={(next) => onChange({ data: next, choices })}
      />
    );
  return (
    <div
      id={rootId}
      tabIndex={-1}
      role="group"
      aria-label={title}
      aria-describedby={recordError ? `${rootId}-error` : undefined}
      className="creator-form"
      data-math-type={mathType}
    >
      {recordError && (
        <div id={`${rootId}-error`} className="field-error">
          {t(recordError)}
        </div>
      )}
      {form}
    </div>
  );
}

/** The form of a math type with a record: the record completed for display, each edit patched into it. */
function RecordForm({
  mathType,
  data,
  scope,
  onChange,
}: {
  mathType: Exclude<MathType, 'multipleChoice'>;
  data: unknown;
  scope: FieldScope;
  onChange(record: object): void;
}) {
  const Form = RECORD_FORMS[mathType] as (props: RecordFormProps<object>) => JSX.Element;
  const record = recordOf(mathType, data) as object;
  return (
    <Form key={mathType} record={record} scope={scope} set={(patch) => onChange({ ...record, ...patch })} />
  );
}
