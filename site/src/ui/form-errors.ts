import { ApiError } from '@kib/api-client';
import { camelCaseKey } from '@kib/core';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** The form field a wire field error names: `allowed_origins.2` is the field `allowedOrigins`. */
function formField(wire: string): string {
  return camelCaseKey(wire.split('.')[0] ?? wire);
}

/** The form fields named by a failed call's field errors (wire names are snake_case). */
export function serverFieldNames(error: unknown): string[] {
  return error instanceof ApiError ? [...new Set(Object.keys(error.fields).map(formField))] : [];
}

/**
 * Puts the server's field errors (already translated) under the form's own fields, focusing the
 * first; answers whether any of them landed on a field the form shows.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const messages = new Map<Path<T>, string[]>();
  for (const [wire, texts] of Object.entries(error.fields)) {
    const name = formField(wire) as Path<T>;
    if (!fields.includes(name)) continue;
    messages.set(name, [...(messages.get(name) ?? []), ...(Array.isArray(texts) ? texts : [String(texts)])]);
  }
  let landed = false;
  for (const [name, texts] of messages) {
    setError(name, { type: 'server', message: texts.join(' ') }, { shouldFocus: !landed });
    landed = true;
  }
  return landed;
}
