import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** What every field shows around its control. */
interface FieldText {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** The attributes that tie a control to its label, hint and error. */
interface ControlTies {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A field's frame: the label, then the control `children` renders with the ties it is given, then
 * the hint and the error, both tied to the control by aria-describedby (and the error by aria-invalid).
 */
function FieldFrame({
  label,
  error,
  hint,
  children,
}: FieldText & { children: (ties: ControlTies) => ReactNode }) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * A labelled input with its error under it (spec 01 §5: errors under the e-mail, password and
 * repeat-password fields). The error is tied to the input by aria-describedby and aria-invalid.
 */
export function Field({
  label,
  error,
  hint,
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & FieldText & { ref?: Ref<HTMLInputElement> }) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(ties) => <input {...ties} ref={ref} {...input} />}
    </FieldFrame>
  );
}

/** A labelled text area with its hint and error under it, tied like {@link Field}'s. */
export function TextAreaField({
  label,
  error,
  hint,
  ref,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldText & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(ties) => <textarea {...ties} ref={ref} {...textarea} />}
    </FieldFrame>
  );
}

/** A labelled native select (its `children` are the options) with its hint and error, tied like {@link Field}'s. */
export function SelectField({
  label,
  error,
  hint,
  ref,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & FieldText & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(ties) => (
        <select {...ties} ref={ref} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
