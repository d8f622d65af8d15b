import { AppError, type ErrorCode } from '../../http/errors';
import type { ConsumerRecord } from '../shared/lti.repository';
import { requestParameters, verifyHmacSha1, type OAuthParam } from './oauth1';

/** LTI 1.1 allows a launch this many seconds before or after the tool's clock. */
export const TIMESTAMP_WINDOW_SECONDS = 300;
/** Nonces are kept twice the window: a replay of an older request fails on its timestamp anyway. */
export const NONCE_TTL_SECONDS = 2 * TIMESTAMP_WINDOW_SECONDS;

/** A launch as it reached the tool: the method, the externally visible URL and the form body. */
export interface LaunchHttpRequest {
  method: string;
  /** The URL the platform signed: scheme and host as the browser saw them, path and query. */
  url: string;
  /** The raw `application/x-www-form-urlencoded` body. */
  body: string;
}

/** A launch whose signature, timestamp and nonce passed: its consumer and its parameters. */
export interface VerifiedLaunch {
  consumer: ConsumerRecord;
  /** Every parameter by name (each name appears once in a valid launch). */
  params: ReadonlyMap<string, string>;
}

/** What the verifier needs from the database and the clock. */
export interface VerifierDeps {
  findConsumer(consumerKey: string): Promise<ConsumerRecord | null>;
  /** Records the nonce; false when the consumer used it before. */
  useNonce(consumerKey: string, nonce: string, expiresAt: Date): Promise<boolean>;
  now(): Date;
}

function refuse(status: 400 | 401, code: ErrorCode): AppError {
  return new AppError(status, code);
}

/**
 * Verifies an LTI 1.1 launch (OAuth 1.0a, HMAC-SHA1, parameters in the body): the signature over
 * the given URL and every parameter but the signature, with the consumer's secret or, during a
 * rotation's grace period, its previous one; the timestamp within ±{@link TIMESTAMP_WINDOW_SECONDS}
 * of `now`; the nonce never used before by that consumer. The signature is checked first, so only
 * a consumer's own requests can spend its nonces. Throws 400 for a malformed request and 401 for a
 * refused one.
 */
export async function verifyLaunch(request: LaunchHttpRequest, deps: VerifierDeps): Promise<VerifiedLaunch> {
  let pairs: OAuthParam[];
  try {
    pairs = requestParameters(request.url, request.body);
  } catch {
    throw refuse(400, 'lti-launch-invalid');
  }
  const params = new Map<string, string>();
  for (const [name, value] of pairs) {
    // A repeated parameter could mean one thing to the signature and another to the tool.
    if (params.has(name)) throw refuse(400, 'lti-launch-invalid');
    params.set(name, value);
  }
  const key = params.get('oauth_consumer_key');
  const signature = params.get('oauth_signature');
  const timestamp = params.get('oauth_timestamp');
  const nonce = params.get('oauth_nonce');
  const version = params.get('oauth_version');
  if (!key || !signature || !timestamp || !nonce || key.length > 255 || nonce.length > 255)
    throw refuse(400, 'lti-launch-invalid');
  if (params.get('oauth_signature_method') !== 'HMAC-SHA1' || (version !== undefined && version !== '1.0'))
    throw refuse(400, 'lti-launch-invalid');
  if (params.has('oauth_token')) throw refuse(400, 'lti-launch-invalid');

  const consumer = await deps.findConsumer(key);
  const now = deps.now();
  const secrets = consumer
    ? [
        consumer.secret,
        ...(consumer.previousSecret && consumer.previousSecretUntil && consumer.previousSecretUntil > now
          ? [consumer.previousSecret]
          : []),
      ]
    : [];
  // An unknown key is refused like a wrong signature: the answer does not say which keys exist.
  if (
    !consumer ||
    !verifyHmacSha1({ method: request.method, url: request.url, params: pairs, signature, secrets })
  )
    throw refuse(401, 'lti-signature-invalid');

  if (!/^\d{1,12}$/.test(timestamp)) throw refuse(401, 'lti-launch-expired');
  const skew = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (skew > TIMESTAMP_WINDOW_SECONDS) throw refuse(401, 'lti-launch-expired');

  const fresh = await deps.useNonce(key, nonce, new Date(now.getTime() + NONCE_TTL_SECONDS * 1000));
  if (!fresh) throw refuse(401, 'lti-nonce-used');
  return { consumer, params };
}
