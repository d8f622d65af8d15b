import crypto from 'node:crypto';
import { hashToken } from '../../auth/tokens';

/**
 * A frame name a platform may give as `lti_storage_target`: `_parent` (the window that framed or
 * opened Kib) or the plain name of one of its frames. Anything else is refused, so the value is safe
 * wherever the page carries it.
 */
const STORAGE_TARGET = /^(?:_parent|[A-Za-z0-9][\w.-]{0,63})$/;

/** What a Kib page asks of the platform's storage frame (LTI Client Side postMessages). */
export interface StorageRequest {
  /** The storage frame: `_parent`, or the name of a frame of the window that framed or opened Kib. */
  target: string;
  /**
   * The platform's origin, the origin of its OIDC authorisation URL: messages are sent only to it
   * and answers are taken only from it.
   */
  origin: string;
  /** Where the login's secret is kept: derived from the state, in Kib's part of the platform's storage. */
  key: string;
}

/** The storage frame of a login initiation: undefined when absent, null when not a safe frame name. */
export function parseStorageTarget(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' && STORAGE_TARGET.test(value) ? value : null;
}

/** The key of a login's secret in the platform's storage. */
export function storageKey(state: string): string {
  return `kib_state_${state}`;
}

/** A new login secret (256 random bits) and the SHA-256 that is all the server keeps of it. */
export function newStorageSecret(): { secret: string; hash: string } {
  const secret = crypto.randomBytes(32).toString('base64url');
  return { secret, hash: hashToken(secret) };
}

/** Does `shown` hash to `hash`? Compared in constant time. */
export function secretMatches(shown: string, hash: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(hashToken(shown), 'hex');
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
