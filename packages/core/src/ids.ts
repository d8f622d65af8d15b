/** The URL-safe alphabet of {@link shortId}: 64 symbols, so a random byte maps to it without bias. */
export const SHORT_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** The length of the ids of expression-list items and of editor items (spec 02 §3, §9). */
export const SHORT_ID_LENGTH = 6;

/** The longest id {@link shortId} produces. */
export const SHORT_ID_MAX_LENGTH = 256;

/**
 * A random URL-safe id of `length` characters from {@link SHORT_ID_ALPHABET}, drawn with
 * `crypto.getRandomValues` (Node 20 and browsers). Throws a RangeError for a length that is not an
 * integer between 1 and {@link SHORT_ID_MAX_LENGTH}.
 */
export function shortId(length: number = SHORT_ID_LENGTH): string {
  if (!Number.isInteger(length) || length < 1 || length > SHORT_ID_MAX_LENGTH) {
    throw new RangeError(`shortId length must be an integer from 1 to ${SHORT_ID_MAX_LENGTH}`);
  }
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) {
    // 256 is a multiple of 64, so masking keeps every symbol equally likely.
    id += SHORT_ID_ALPHABET.charAt(byte & 63);
  }
  return id;
}

/** The largest id of a PostgreSQL `serial` column (an `integer`). */
export const MAX_ENTITY_ID = 2_147_483_647;
