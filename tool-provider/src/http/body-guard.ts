import { AppError } from './errors';

/**
 * How deep a request body may nest objects and arrays. The deepest body the contract declares is
 * far shallower; anything deeper is refused before a schema or the key casing walks it.
 */
export const MAX_BODY_DEPTH = 64;

/**
 * Characters PostgreSQL cannot store in text or jsonb: NUL, and UTF-16 surrogates that are not part
 * of a pair (which have no UTF-8 encoding).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Does the text hold a character PostgreSQL cannot store (NUL, a lone surrogate)? */
export const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

const wireName = (path: readonly (string | number)[]) =>
  path.length ? path.map(String).join('.') : 'non_field_errors';

/**
 * Checks a request's input (a parsed JSON body, a multipart form's fields or a query) before it is
 * read: nesting no deeper than {@link MAX_BODY_DEPTH} (else 400 `too-deeply-nested`), and no key or
 * string holding a character PostgreSQL refuses (else 400 `validation` naming the field). It walks
 * with its own stack, so it cannot overflow however deep the input is.
 */
export function guardInput(input: unknown): void {
  const pending: Array<{ value: unknown; path: (string | number)[] }> = [{ value: input, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (unstorable(value))
        throw AppError.badRequest({ [wireName(path)]: [{ key: 'validation.invalid-characters' }] });
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_BODY_DEPTH) throw new AppError(400, 'too-deeply-nested');
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => pending.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (unstorable(key))
        throw AppError.badRequest({ [wireName(path)]: [{ key: 'validation.invalid-characters' }] });
      pending.push({ value: item, path: [...path, key] });
    }
  }
}
