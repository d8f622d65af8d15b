import crypto from 'node:crypto';
import OAuth from 'oauth-1.0a';

/** A request parameter as OAuth sees it: an ordered name/value pair (names may repeat). */
export type OAuthParam = readonly [name: string, value: string];

/** Percent-encoding of RFC 3986 §2.1 as OAuth 1.0 requires it: every byte but ALPHA, DIGIT, `-._~`. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The base string URI of RFC 5849 §3.4.1.2: scheme and host in lower case, the default port left
 * out, the path as sent, without query or fragment.
 */
export function baseStringUri(url: string): string {
  const u = new URL(url);
  const scheme = u.protocol.toLowerCase();
  const defaultPort = (scheme === 'http:' && u.port === '80') || (scheme === 'https:' && u.port === '443');
  const host = u.hostname.toLowerCase() + (u.port && !defaultPort ? `:${u.port}` : '');
  return `${scheme}//${host}${u.pathname}`;
}

/**
 * Every parameter of a request that the signature covers (RFC 5849 §3.4.1.3.1): the URL's query
 * and an `application/x-www-form-urlencoded` body, both decoded by the form rules (`+` is a space),
 * in the order they came.
 */
export function requestParameters(url: string, formBody: string): OAuthParam[] {
  const query = new URL(url).search;
  return [...new URLSearchParams(query), ...new URLSearchParams(formBody)];
}

/**
 * The signature base string (RFC 5849 §3.4.1): method, base string URI and the normalised
 * parameters — each name and value encoded, sorted by name then value — with `oauth_signature`
 * itself left out.
 */
export function signatureBaseString(method: string, url: string, params: readonly OAuthParam[]): string {
  const normalised = params
    .filter(([name]) => name !== 'oauth_signature')
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return [method.toUpperCase(), baseStringUri(url), normalised].map(percentEncode).join('&');
}

/** HMAC-SHA1 of a base string with the key `secret&tokenSecret`, in base64 (RFC 5849 §3.4.2). */
export function hmacSha1(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  return crypto
    .createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`)
    .update(baseString)
    .digest('base64');
}

/**
 * Compares two signatures in constant time. A signature of another length is simply unequal (it
 * never reaches timingSafeEqual, which would throw), and both sides are hashed first so the time
 * does not depend on where they differ.
 */
export function signaturesEqual(expected: string, given: string): boolean {
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b) && expected.length === given.length;
}

/** Does `signature` sign this request with one of `secrets`? Tries each secret in constant time. */
export function verifyHmacSha1(input: {
  method: string;
  url: string;
  params: readonly OAuthParam[];
  signature: string;
  secrets: readonly string[];
}): boolean {
  const base = signatureBaseString(input.method, input.url, input.params);
  let ok = false;
  for (const secret of input.secrets) {
    // No early exit: every candidate secret costs the same time.
    if (signaturesEqual(hmacSha1(base, secret), input.signature)) ok = true;
  }
  return ok;
}

/** The body hash of the OAuth Request Body Hash extension: plain base64(SHA-1(body)), no key. */
export function bodyHash(body: string): string {
  return crypto.createHash('sha1').update(body, 'utf8').digest('base64');
}

/** Who signs an outgoing message, and when (the clock is injectable for tests). */
export interface Signer {
  consumerKey: string;
  secret: string;
  now?: () => Date;
}

function oauthFor(signer: Signer): OAuth {
  const oauth = new OAuth({
    consumer: { key: signer.consumerKey, secret: signer.secret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => crypto.createHmac('sha1', key).update(base).digest('base64'),
    // The package's default body hash is an HMAC; the extension (and Moodle) wants a plain SHA-1.
    body_hash_function: (body) => bodyHash(body),
  });
  const now = signer.now ?? (() => new Date());
  oauth.getTimeStamp = () => Math.floor(now().getTime() / 1000);
  oauth.getNonce = () => crypto.randomBytes(16).toString('hex');
  return oauth;
}

/**
 * The URL handed to the signing library: scheme, host and port normalised as a verifier rebuilds
 * them, the path as given, and the query's pairs decoded by the form rules (`+` is a space, as RFC
 * 5849 §3.4.1.3.1 says) and re-encoded by RFC 3986, which the library decodes exactly. The form
 * itself still goes to the URL as the platform gave it.
 */
function signingUrl(url: string): string {
  const pairs = [...new URL(url).searchParams].map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`);
  return baseStringUri(url) + (pairs.length ? `?${pairs.join('&')}` : '');
}

/**
 * Signs the fields of a form the browser will POST to `url` (HMAC-SHA1 over the exact URL, its
 * query included): answers the fields with every `oauth_*` parameter added.
 */
export function signFormPost(
  signer: Signer,
  url: string,
  fields: Readonly<Record<string, string>>,
): Record<string, string> {
  const oauth = oauthFor(signer);
  const authorization = oauth.authorize({ url: signingUrl(url), method: 'POST', data: { ...fields } });
  const signed: Record<string, string> = { ...fields };
  // The library also merges the URL's query into what it returns: only its oauth_* values are new.
  for (const [name, value] of Object.entries(authorization)) {
    if (name.startsWith('oauth_') && value !== undefined) signed[name] = String(value);
  }
  return signed;
}

/**
 * The `Authorization: OAuth …` header of a POST whose body is not a form (Basic Outcomes XML): the
 * body is covered by `oauth_body_hash`, the URL's query by the signature.
 */
export function authorizationForBody(signer: Signer, url: string, body: string): string {
  const oauth = oauthFor(signer);
  const authorization = oauth.authorize({
    url: signingUrl(url),
    method: 'POST',
    data: body,
    includeBodyHash: true,
  });
  return oauth.toHeader(authorization).Authorization;
}
