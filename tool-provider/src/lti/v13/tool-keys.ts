import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { Lti13Repository } from './lti13.repository';

/** How long a replaced key stays in the JWKS after `rotate-key`, unless told otherwise. */
export const DEFAULT_KEY_GRACE_HOURS = 72;

/** A JSON Web Key Set as Kib publishes it. */
export interface PublishedJwks {
  keys: JWK[];
}

/**
 * Kib's own RSA signing keys (RS256): one active key signs; replaced keys stay published until they
 * are retired, so a platform holding the old JWKS keeps verifying. Keys live in tool_keys, shared
 * by every instance on the database.
 */
export class ToolKeys {
  constructor(
    private readonly repo: Lti13Repository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates the first key when there is no active one (first start). */
  async ensureActive(): Promise<void> {
    const keys = await this.repo.publishedKeys(this.now());
    if (keys.some((k) => k.active)) return;
    await this.repo.addActiveKey(await newKey(), null, true);
  }

  /** Makes a new key active; the old one is published until `graceHours` from now. Answers the new kid. */
  async rotate(graceHours = DEFAULT_KEY_GRACE_HOURS): Promise<string> {
    const key = await newKey();
    await this.repo.addActiveKey(key, new Date(this.now().getTime() + graceHours * 3600 * 1000));
    return key.kid;
  }

  /** The public JWKS: the active key and every replaced key that is not retired yet. */
  async jwks(): Promise<PublishedJwks> {
    const keys = await this.repo.publishedKeys(this.now());
    return { keys: keys.map((k) => publicOnly(k.publicJwk)) };
  }

  /** Signs a JWT with the active key (RS256, its kid in the header). */
  async sign(claims: Record<string, unknown>): Promise<string> {
    await this.ensureActive();
    const active = (await this.repo.publishedKeys(this.now())).find((k) => k.active);
    if (!active) throw new Error('no active tool key');
    const key = await importJWK(active.privateJwk as JWK, 'RS256');
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: active.kid, typ: 'JWT' }).sign(key);
  }
}

/** Only the public members of an RSA JWK, whatever the stored object holds. */
function publicOnly(jwk: Record<string, unknown>): JWK {
  const { kty, n, e, kid } = jwk as JWK;
  return { kty, n, e, kid, alg: 'RS256', use: 'sig' };
}

async function newKey() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', {
    modulusLength: 2048,
    extractable: true,
  });
  const kid = crypto.randomBytes(12).toString('base64url');
  return {
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256' } as Record<string, unknown>,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } as Record<string, unknown>,
  };
}
