import { compactVerify, decodeProtectedHeader, type CryptoKey } from 'jose';
import { AppError } from '../../http/errors';

/** Seconds of clock difference allowed on exp, iat and nbf. */
export const CLOCK_LEEWAY_SECONDS = 60;
/** An id_token issued longer ago than this is refused, whatever its exp says. */
const MAX_TOKEN_AGE_SECONDS = 10 * 60;
/** The longest lifetime (exp - iat) of an id_token accepted unless configured otherwise. */
export const DEFAULT_MAX_LIFETIME_SECONDS = 60 * 60;

/** The LTI claim names Kib reads. */
export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
} as const;

/** The claims of a verified id_token (only what Kib reads is typed). */
export interface IdTokenClaims extends Record<string, unknown> {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce: string;
}

/** What an id_token is checked against. */
export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  /** The nonce Kib issued with the login's state. */
  nonce: string;
  /** The platform's key for a kid, or null when it has none. */
  key(kid: string): Promise<CryptoKey | null>;
  /** Is this deployment registered for the platform? */
  deploymentRegistered(deploymentId: string): Promise<boolean>;
  now(): Date;
  /** The longest lifetime (exp - iat, seconds) accepted; {@link DEFAULT_MAX_LIFETIME_SECONDS} by default. */
  maxLifetimeSeconds?: number;
}

const refuse = (
  status: 400 | 401,
  code: 'lti-launch-invalid' | 'lti-signature-invalid' | 'lti-launch-expired' | 'lti-token-lifetime',
) => new AppError(status, code);

/**
 * Verifies an LTI 1.3 id_token: a compact JWS with alg RS256 only (none, HS256 and every other
 * algorithm are refused before any key is looked at) and a kid the platform publishes; then iss
 * exactly the platform's issuer, aud equal to or containing the client id, azp present and equal to
 * the client id when aud is a list (and, when present, equal to it anyway), exp, iat and nbf within
 * {@link CLOCK_LEEWAY_SECONDS} of `now`, a lifetime (exp - iat) no longer than the configured maximum
 * (so a platform's token cannot be replayed for days, nor its nonce kept forever), the nonce equal to the one issued with the state, the
 * deployment registered, version 1.3.0 and a subject. Throws 401 for a bad signature or time and
 * 400 for anything else. The nonce's single use is recorded by the caller.
 */
export async function verifyIdToken(token: string, expect: IdTokenExpectations): Promise<IdTokenClaims> {
  if (token.length > 64 * 1024 || token.split('.').length !== 3) throw refuse(400, 'lti-launch-invalid');
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw refuse(400, 'lti-launch-invalid');
  }
  if (header.alg !== 'RS256' || typeof header.kid !== 'string' || header.kid.length > 255 || header.crit)
    throw refuse(401, 'lti-signature-invalid');
  const key = await expect.key(header.kid);
  if (!key) throw refuse(401, 'lti-signature-invalid');
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(token, key, { algorithms: ['RS256'] }));
  } catch {
    throw refuse(401, 'lti-signature-invalid');
  }
  let claims: Partial<IdTokenClaims>;
  try {
    claims = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload)) as Partial<IdTokenClaims>;
  } catch {
    throw refuse(400, 'lti-launch-invalid');
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw refuse(400, 'lti-launch-invalid');

  if (claims.iss !== expect.issuer) throw refuse(400, 'lti-launch-invalid');
  const aud = claims.aud;
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
  if (!audiences.includes(expect.clientId)) throw refuse(400, 'lti-launch-invalid');
  const azp = claims.azp;
  if (Array.isArray(aud) && azp === undefined) throw refuse(400, 'lti-launch-invalid');
  if (azp !== undefined && azp !== expect.clientId) throw refuse(400, 'lti-launch-invalid');

  const now = expect.now().getTime() / 1000;
  const { exp, iat } = claims;
  const nbf = claims.nbf;
  if (typeof exp !== 'number' || typeof iat !== 'number' || (nbf !== undefined && typeof nbf !== 'number'))
    throw refuse(400, 'lti-launch-invalid');
  if (!Number.isFinite(exp) || !Number.isFinite(iat)) throw refuse(400, 'lti-launch-invalid');
  if (exp - iat > (expect.maxLifetimeSeconds ?? DEFAULT_MAX_LIFETIME_SECONDS))
    throw refuse(401, 'lti-token-lifetime');
  if (exp + CLOCK_LEEWAY_SECONDS < now) throw refuse(401, 'lti-launch-expired');
  if (iat - CLOCK_LEEWAY_SECONDS > now || iat + MAX_TOKEN_AGE_SECONDS < now)
    throw refuse(401, 'lti-launch-expired');
  if (typeof nbf === 'number' && nbf - CLOCK_LEEWAY_SECONDS > now) throw refuse(401, 'lti-launch-expired');

  if (typeof claims.nonce !== 'string' || claims.nonce !== expect.nonce)
    throw refuse(400, 'lti-launch-invalid');
  if (typeof claims.sub !== 'string' || claims.sub === '' || claims.sub.length > 255)
    throw refuse(400, 'lti-launch-invalid');
  if (claims[CLAIM.version] !== '1.3.0') throw refuse(400, 'lti-launch-invalid');
  const deploymentId = claims[CLAIM.deploymentId];
  if (
    typeof deploymentId !== 'string' ||
    deploymentId.length > 255 ||
    !(await expect.deploymentRegistered(deploymentId))
  )
    throw refuse(400, 'lti-launch-invalid');
  return claims as IdTokenClaims;
}
