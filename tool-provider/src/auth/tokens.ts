import crypto from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Sequelize } from 'sequelize';
import type { Principal } from '../http/access';

const ISSUER = 'kib';
const AUDIENCE = 'kib-api';

/** Signs and verifies the short-lived access tokens (HS256 JWT with user_id, groups, token_type). */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A signed access token for the principal, valid for the configured time. */
  async sign(principal: Principal): Promise<string> {
    return new SignJWT({ user_id: principal.userId, groups: principal.groups, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(String(principal.userId))
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * The principal of a valid access token; `null` when the token is malformed, forged, expired or of
   * another type. Never throws for a bad token.
   */
  async verify(token: string): Promise<Principal | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        clockTolerance: 5,
      });
      const { user_id: userId, groups, token_type: type } = payload as Record<string, unknown>;
      if (type !== 'access' || typeof userId !== 'number' || !Array.isArray(groups)) return null;
      if (!groups.every((g): g is string => typeof g === 'string')) return null;
      return { userId, groups };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}

/** SHA-256 hex of an opaque token: what the database keeps instead of the token itself. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A new opaque, URL-safe token of 256 random bits. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * The signing secret: JWT_SECRET when configured, otherwise one generated on first start and kept in
 * the database, so every instance on the same database signs and verifies with the same key.
 */
export async function resolveJwtSecret(
  sequelize: Sequelize,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  await sequelize.query(
    `INSERT INTO app_settings (key, value) VALUES ('jwt_secret', :value) ON CONFLICT (key) DO NOTHING`,
    { replacements: { value: crypto.randomBytes(48).toString('base64url') } },
  );
  const [rows] = await sequelize.query(`SELECT value FROM app_settings WHERE key = 'jwt_secret'`);
  const row = (rows as { value: string }[])[0];
  if (!row) throw new Error('jwt_secret setting is missing');
  return row.value;
}
