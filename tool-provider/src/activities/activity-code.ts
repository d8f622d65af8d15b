import crypto from 'node:crypto';

/**
 * The symbols of new activity codes: upper-case letters and digits that cannot be mistaken for one
 * another when read aloud, copied from a board or typed on a phone (no 0/O, 1/I/L, 2/Z, 5/S, 8/B).
 */
export const ACTIVITY_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

/**
 * The length of new activity codes: 25^8 ≈ 1.5 × 10^11 codes, against 30 wrong guesses per address
 * every 15 minutes, so guessing any one of thousands of live codes takes an address years.
 */
export const ACTIVITY_CODE_LENGTH = 8;

/**
 * A new unguessable activity code (student or teacher): uniform random symbols of
 * {@link ACTIVITY_CODE_ALPHABET} from the operating system's generator, {@link ACTIVITY_CODE_LENGTH}
 * of them unless `length` says (longer codes for what is worth more, such as a school's plan).
 * Already in the form the lookup normalises to (no spaces, upper case); uniqueness is the
 * database's unique index.
 */
export function newActivityCode(length = ACTIVITY_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++)
    code += ACTIVITY_CODE_ALPHABET[crypto.randomInt(ACTIVITY_CODE_ALPHABET.length)];
  return code;
}
