import crypto from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Sequelize } from 'sequelize';
import type { Principal } from '../http/access';

const ISSUER = 'kib';
const AUDIENCE = 'kib-api';

/**
 * Signs and verifies the short-lived access tokens (HS256 JWT, `token_type: access`): an account's
 * carries user_id and groups; a temporary (code) student's carries temp_student_id, module_id and
 * the TempStudent group instead, and no user_id.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A signed access token for the principal, valid for the configured time or for `ttlSeconds`. */
  async sign(principal: Principal, options: { ttlSeconds?: number } = {}): Promise<string> {
    const temp = principal.tempStudent;
    const claims = temp
      ? { temp_student_id: temp.id, module_id: temp.moduleId, groups: principal.groups, token_type: 'access' }
      : { user_id: principal.userId, groups: principal.groups, token_type: 'access' };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(temp ? `temp-student:${temp.id}` : String(principal.userId))
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime(`${options.ttlSeconds ?? this.ttlSeconds}s`)
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
      const claims = payload as Record<string, unknown>;
      const { user_id: userId, groups, token_type: type } = claims;
      if (type !== 'access' || !Array.isArray(groups)) return null;
      if (!groups.every((g): g is string => typeof g === 'string')) return null;
      if ('temp_student_id' in claims) {
        const { temp_student_id: id, module_id: moduleId } = claims;
        if (!isId(id) || !isId(moduleId) || userId !== undefined) return null;
        return { userId: 0, groups, tempStudent: { id, moduleId } };
      }
      if (typeof userId !== 'number') return null;
      return { userId, groups };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
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
