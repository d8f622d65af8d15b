import crypto from 'node:crypto';
import { CLAIM, type IdTokenClaims } from './id-token';
import type { ConsumerRecord, PlatformIdentity } from '../shared/lti.repository';

/** The LTI 1.1 migration claim of an LTI 1.3 id_token (1EdTech LTI 1.3 Migration Guide). */
export const LTI1P1_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/lti1p1';

/** The parts of a launch the migration claim's signature covers. */
export interface Lti1p1SignedParts {
  consumerKey: string;
  deploymentId: string;
  issuer: string;
  clientId: string;
  exp: number;
  nonce: string;
}

/**
 * The base string of `oauth_consumer_key_sign` as the Migration Guide defines it: the consumer key,
 * the deployment id, the issuer, the client id, `exp` and `nonce` of the id_token, joined by `&`.
 */
export function lti1p1SignBase(p: Lti1p1SignedParts): string {
  return [p.consumerKey, p.deploymentId, p.issuer, p.clientId, String(p.exp), p.nonce].join('&');
}

/** `oauth_consumer_key_sign`: the base64 of the HMAC-SHA256 of the base string, keyed by the consumer's secret. */
export function lti1p1Sign(parts: Lti1p1SignedParts, secret: string): string {
  return crypto.createHmac('sha256', secret).update(lti1p1SignBase(parts), 'utf8').digest('base64');
}

/** Does `sign` equal the signature of `parts` under `secret`? Compared in constant time. */
function signMatches(sign: string, parts: Lti1p1SignedParts, secret: string): boolean {
  const expected = crypto.createHmac('sha256', secret).update(lti1p1SignBase(parts), 'utf8').digest();
  const given = Buffer.from(sign, 'base64');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Why a migration claim does not name an LTI 1.1 identity Kib may attach the launch to. */
export type Lti1p1Refusal = 'malformed' | 'unknown-consumer' | 'sign-invalid';

/**
 * The LTI 1.1 identity a launch's migration claim names, once the claim proves that the platform
 * holds that consumer's shared secret: `oauth_consumer_key_sign` must be the signature of this very
 * launch (its deployment, issuer, client id, exp and nonce) under the consumer's secret, or under its
 * previous secret while the rotation's grace lasts. Without that proof a platform could name another
 * LMS's consumer key and take over its users. Answers null when the launch carries no claim; the
 * LTI 1.1 user is the claim's `user_id`, or `sub` when the platform left it out (the same id).
 */
export async function lti1p1Identity(
  claims: IdTokenClaims,
  clientId: string,
  findConsumer: (consumerKey: string) => Promise<ConsumerRecord | null>,
  now: Date,
): Promise<{ identity: PlatformIdentity } | { refused: Lti1p1Refusal; consumerKey?: string } | null> {
  const claim = claims[LTI1P1_CLAIM];
  if (claim === undefined || claim === null) return null;
  if (typeof claim !== 'object' || Array.isArray(claim)) return { refused: 'malformed' };
  const {
    oauth_consumer_key: key,
    oauth_consumer_key_sign: sign,
    user_id: userId,
  } = claim as Record<string, unknown>;
  const text = (v: unknown, max: number): v is string => typeof v === 'string' && v !== '' && v.length <= max;
  if (!text(key, 255) || !text(sign, 200) || (userId !== undefined && !text(userId, 255)))
    return { refused: 'malformed' };
  const consumer = await findConsumer(key);
  if (!consumer) return { refused: 'unknown-consumer', consumerKey: key };
  const parts: Lti1p1SignedParts = {
    consumerKey: key,
    deploymentId: claims[CLAIM.deploymentId] as string,
    issuer: claims.iss,
    clientId,
    exp: claims.exp,
    nonce: claims.nonce,
  };
  const secrets = [consumer.secret];
  if (consumer.previousSecret !== null && consumer.previousSecretUntil && consumer.previousSecretUntil > now)
    secrets.push(consumer.previousSecret);
  // Every secret is tried, so the time taken does not tell which one matched.
  const matched = secrets.map((secret) => signMatches(sign, parts, secret)).some(Boolean);
  if (!matched) return { refused: 'sign-invalid', consumerKey: key };
  return { identity: { kind: '1.1', platform: consumer.consumerKey, subject: userId ?? claims.sub } };
}
