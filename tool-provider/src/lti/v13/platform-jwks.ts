import { importJWK, type CryptoKey, type JWK } from 'jose';

/** How long the platform may take to answer a JWKS request. */
export const JWKS_TIMEOUT_MS = 5_000;
/** Unknown kids remembered per JWKS URL (so a flood of made-up kids cannot grow memory). */
const MAX_MISSED_KIDS = 1_000;

interface KeySetCache {
  keys: Map<string, CryptoKey>;
  /** Kids that a fetch did not find: never fetched for again until the set changes. */
  missed: Set<string>;
  fetching: Promise<void> | null;
}

/**
 * The platforms' public keys by JWKS URL and kid. A known kid is answered from memory; an unknown
 * kid causes at most one fetch (with {@link JWKS_TIMEOUT_MS}), after which the kid is either known
 * or remembered as missing, so tokens carrying invented kids cannot make Kib hammer the platform.
 * A platform that rotates its key publishes a new kid, which is fetched once when first seen.
 */
export class PlatformKeySets {
  private readonly sets = new Map<string, KeySetCache>();

  constructor(private readonly fetcher: typeof fetch = fetch) {}

  /** The RS256 key with this kid at the URL, or null. */
  async key(jwksUrl: string, kid: string): Promise<CryptoKey | null> {
    let set = this.sets.get(jwksUrl);
    if (!set) {
      set = { keys: new Map(), missed: new Set(), fetching: null };
      this.sets.set(jwksUrl, set);
    }
    const known = set.keys.get(kid);
    if (known) return known;
    if (set.missed.has(kid)) return null;
    if (!set.fetching) {
      const s = set;
      s.fetching = this.load(jwksUrl)
        .then((keys) => {
          s.keys = keys;
          s.missed.clear();
        })
        .catch(() => undefined)
        .finally(() => (s.fetching = null));
    }
    await set.fetching;
    const found = set.keys.get(kid);
    if (found) return found;
    if (set.missed.size >= MAX_MISSED_KIDS) set.missed.clear();
    set.missed.add(kid);
    return null;
  }

  private async load(jwksUrl: string): Promise<Map<string, CryptoKey>> {
    const response = await this.fetcher(jwksUrl, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(JWKS_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`JWKS answered HTTP ${response.status}`);
    const body = (await response.json()) as { keys?: unknown };
    const keys = new Map<string, CryptoKey>();
    for (const jwk of Array.isArray(body.keys) ? (body.keys as JWK[]) : []) {
      if (jwk?.kty !== 'RSA' || typeof jwk.kid !== 'string' || (jwk.alg && jwk.alg !== 'RS256')) continue;
      if (jwk.use && jwk.use !== 'sig') continue;
      try {
        keys.set(jwk.kid, (await importJWK({ kty: 'RSA', n: jwk.n, e: jwk.e }, 'RS256')) as CryptoKey);
      } catch {
        // A malformed key is skipped; the others still verify.
      }
    }
    return keys;
  }
}
