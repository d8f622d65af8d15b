const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of `length` characters (spec 02 §9: 8 for interval and dot ids, 6 for list items). */
export function randomId(length = 8): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}
