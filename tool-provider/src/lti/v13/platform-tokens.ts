import crypto from 'node:crypto';
import type { PlatformRecord } from './lti13.repository';
import type { ToolKeys } from './tool-keys';

/** How long a call to a platform's token endpoint may take. */
const TOKEN_TIMEOUT_MS = 15 * 1000;
/** A platform's access token is reused until this long before it expires. */
const TOKEN_MARGIN_MS = 30 * 1000;

/**
 * OAuth 2 access tokens of LTI 1.3 platforms, for their services (AGS scores, NRPS memberships): the
 * platform's token endpoint grants one for a client assertion signed with Kib's active key (RS256,
 * iss = sub = client id, aud = token URL, a fresh jti, 5 minutes). Tokens are cached per platform and
 * scope until shortly before they expire; a service that answers 401 makes its caller forget it.
 */
export class PlatformTokens {
  private readonly tokens = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly deps: {
      keys: ToolKeys;
      fetch?: typeof fetch;
      now?: () => Date;
    },
  ) {}

  /** A cached or new access token of the platform for `scope`. */
  async token(platform: PlatformRecord, scope: string): Promise<string> {
    const key = `${platform.id} ${scope}`;
    const cached = this.tokens.get(key);
    const nowMs = (this.deps.now?.() ?? new Date()).getTime();
    if (cached && cached.until > nowMs) return cached.token;
    const iat = Math.floor(nowMs / 1000);
    const assertion = await this.deps.keys.sign({
      iss: platform.clientId,
      sub: platform.clientId,
      aud: platform.authTokenUrl,
      iat,
      exp: iat + 300,
      jti: crypto.randomUUID(),
    });
    const response = await (this.deps.fetch ?? fetch)(platform.authTokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope,
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.arrayBuffer();
      throw new Error(`token endpoint answered HTTP ${response.status}`);
    }
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new Error('token endpoint gave no access_token');
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.tokens.set(key, { token: body.access_token, until: nowMs + seconds * 1000 - TOKEN_MARGIN_MS });
    return body.access_token;
  }

  /** Forgets the platform's token for `scope` (the service refused it). */
  forget(platform: PlatformRecord, scope: string): void {
    this.tokens.delete(`${platform.id} ${scope}`);
  }
}
