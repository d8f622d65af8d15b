import { importJWK, type CryptoKey, type JWK } from 'jose';

/** How long the platform may take to answer a JWKS request. */
export const JWKS_TIMEOUT_MS = 5_000;
/** An unknown kid makes Kib fetch a platform's key set again at most this often. */
export const JWKS_REFETCH_INTERVAL_MS = 60_000;

interface KeySetCache {
  keys: Map<string, CryptoKey>;
  /** When the set was last fetched (successfully or not), in ms since the epoch; null before the first. */
  fetchedAt: number | null;
  fetching: Promise<void> | null;
}

/**
 * The platforms' public keys by JWKS URL and kid. A known kid is answered from memory; an unknown
 * kid makes Kib fetch the set again (with {@link JWKS_TIMEOUT_MS}) only when the last fetch of that
 * URL is {@link JWKS_REFETCH_INTERVAL_MS} old, and concurrent requests share that fetch: tokens
 * carrying invented kids cannot make Kib call the platform more than once a minute. A platform that
 * rotates its key publishes the new kid, which is found at the first fetch after that interval.
 */
export class PlatformKeySets {
  private readonly sets = new Map<string, KeySetCache>();
  private readonly fetcher: typeof fetch;
  private readonly now: () => Date;

  constructor(options: { fetch?: typeof fetch; now?: () => Date } = {}) {
    this.fetcher = options.fetch ?? fetch;
    this.now = options.now ?? (() => new Date());
  }

  /** The RS256 key with this kid at the URL, or null. */
  async key(jwksUrl: string, kid: string): Promise<CryptoKey | null> {
    let set = this.sets.get(jwksUrl);
    if (!set) {
      set = { keys: new Map(), fetchedAt: null, fetching: null };
      this.sets.set(jwksUrl, set);
    }
    const known = set.keys.get(kid);
    if (known) return known;
    const now = this.now().getTime();
    if (!set.fetching && (set.fetchedAt === null || now - set.fetchedAt >= JWKS_REFETCH_INTERVAL_MS)) {
      const s = set;
      s.fetchedAt = now;
      s.fetching = this.load(jwksUrl)
        .then((keys) => {
          s.keys = keys;
        })
        .catch(() => undefined)
        .finally(() => (s.fetching = null));
    }
    await set.fetching;
    return set.keys.get(kid) ?? null;
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
