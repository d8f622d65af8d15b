import crypto from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * An LTI 1.1 platform for tests, signing and verifying with `oauth-sign` (the signer of the
 * `request` library), an OAuth implementation independent of the server's: a bug shared by the
 * server's signer and verifier cannot make these tests pass.
 */
const oauthSign = createRequire(import.meta.url)('oauth-sign') as {
  hmacsign(
    method: string,
    baseUri: string,
    params: Record<string, string | string[]>,
    consumerSecret: string,
    tokenSecret?: string,
  ): string;
};

/** What the platform signs a launch with. */
export interface PeerLaunchOptions {
  consumerKey: string;
  secret: string;
  /** Seconds since the epoch; now by default. */
  timestamp?: number;
  nonce?: string;
}

/** The base string URI the way the peer computes it: the URL without query or fragment. */
function baseUri(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

function grouped(pairs: Iterable<[string, string]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const had = out[name];
    out[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/**
 * A signed launch form (LTI 1.1: OAuth parameters in the body) for `url`, as the urlencoded body a
 * browser would post, with its parameters.
 */
export function signLaunch(
  url: string,
  params: Record<string, string>,
  options: PeerLaunchOptions,
): { body: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {
    ...params,
    oauth_consumer_key: options.consumerKey,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_nonce: options.nonce ?? crypto.randomBytes(12).toString('hex'),
    oauth_version: '1.0',
  };
  const query = [...new URL(url).searchParams];
  fields.oauth_signature = oauthSign.hmacsign(
    'POST',
    baseUri(url),
    grouped([...query, ...Object.entries(fields)]),
    options.secret,
  );
  return { body: new URLSearchParams(fields).toString(), fields };
}

/** Does the peer accept a form the tool signed for POSTing to `url` (its query included)? */
export function peerVerifiesForm(url: string, fields: Record<string, string>, secret: string): boolean {
  const { oauth_signature: signature, ...rest } = fields;
  if (!signature) return false;
  const expected = oauthSign.hmacsign(
    'POST',
    baseUri(url),
    grouped([...new URL(url).searchParams, ...Object.entries(rest)]),
    secret,
  );
  return expected === signature;
}

/** The parameters of an `Authorization: OAuth k="v", …` header, decoded. */
export function parseOAuthHeader(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of header.replace(/^OAuth\s+/i, '').matchAll(/([\w-]+)="([^"]*)"/g))
    out[decodeURIComponent(m[1]!)] = decodeURIComponent(m[2]!);
  return out;
}

/**
 * Does the peer accept a signed POST with a non-form body (Basic Outcomes)? The signature covers
 * the URL's query and the header's oauth_* parameters, and oauth_body_hash must be the plain
 * base64 SHA-1 of the body.
 */
export function peerVerifiesBody(
  url: string,
  authorization: string,
  body: string,
  secret: string,
): { signature: boolean; bodyHash: boolean; params: Record<string, string> } {
  const params = parseOAuthHeader(authorization);
  const { oauth_signature: signature, realm: _realm, ...rest } = params;
  const expected = oauthSign.hmacsign(
    'POST',
    baseUri(url),
    grouped([...new URL(url).searchParams, ...Object.entries(rest)]),
    secret,
  );
  const hash = crypto.createHash('sha1').update(body).digest('base64');
  return { signature: expected === signature, bodyHash: params.oauth_body_hash === hash, params };
}

/** A form post, as a browser sends it, that does not follow redirects. */
export const formPost = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

/** Signs a launch with the peer and posts it as the platform's page would (redirects not followed). */
export function postSignedLaunch(
  url: string,
  params: Record<string, string>,
  options: PeerLaunchOptions,
): Promise<Response> {
  return fetch(url, { ...formPost({}), body: signLaunch(url, params, options).body });
}
