import { ApiError } from '@kib/api-client';
import { useState } from 'react';
import type { FieldError, FieldValues, Path, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { useT } from '../i18n/language';
import { Alert } from './alert';
import { errorMessage } from './error-message';
import { applyServerFieldErrors } from './form-errors';

/** A failure that is not about a field: the server's explanation (translated), in an alert. */
export function FailureAlert({ error, fields = [] }: { error: unknown; fields?: readonly string[] }) {
  const t = useT();
  if (!error) return null;
  const onField = error instanceof ApiError && fields.some((f) => error.fields[f]);
  if (onField) return null;
  return <Alert tone="danger">{errorMessage(error, t)}</Alert>;
}

/**
 * The text of a form field's error: a schema's i18n key, or the server's translated text. A list
 * field (origins, deployments) shows its own error, else its first entry's.
 */
export function useFieldErrorText() {
  const t = useT();
  return (found: unknown, max?: number) => {
    const error = (
      Array.isArray(found) ? found.find((entry) => (entry as FieldError | undefined)?.message) : found
    ) as FieldError | undefined;
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message, { max });
  };
}

/**
 * Submits a form its schema checked with `send`: the server's field errors land under the form's
 * `fields`, any other failure is `failure`, shown by {@link FailureAlert}.
 */
export function useAddSubmit<V extends FieldValues, T>(
  form: { handleSubmit: UseFormHandleSubmit<V, T>; setError: UseFormSetError<V> },
  fields: readonly Path<V>[],
  send: (values: T) => Promise<void>,
) {
  const [failure, setFailure] = useState<unknown>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, fields)) setFailure(error);
    }
  });
  return { failure, onSubmit };
}
