import crypto from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Sequelize } from 'sequelize';
import type { Principal } from '../http/access';
import { ACTIVITY_KEY, SessionKeys, type SessionCheck } from './session-ends';

const ISSUER = 'kib';
const AUDIENCE = 'kib-api';

/** A refresh family id, as the `sid` claim carries it. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a token's session hangs on, besides its principal (ADR 24). */
export interface SessionBinding {
  /** The lifetime, instead of the configured one. */
  ttlSeconds?: number;
  /** The refresh family of an account's session (`sid`): its logout ends the token. */
  session?: string;
  /**
   * The code activity or module code a code student or an LMS learner works in (`act`, a
   * {@link SessionKeys} key): the token ends when it closes, and expires at `closesAt` at the latest.
   */
  activity?: { key: string; closesAt: Date | null };
}

/**
 * Signs and verifies the short-lived access tokens (HS256 JWT, `token_type: access`): an account's
 * carries user_id and groups; a temporary (code) student's carries temp_student_id, module_id and
 * the TempStudent group instead, and no user_id. `sid` and `act` say what ends the session before
 * the token expires; `verify` asks `sessions` about them, in memory, on every request.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly sessions?: SessionCheck,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * A signed access token for the principal, valid for the configured time or for `ttlSeconds`,
   * and never past the close of its activity.
   */
  async sign(principal: Principal, options: SessionBinding = {}): Promise<string> {
    const temp = principal.tempStudent;
    const claims: Record<string, unknown> = temp
      ? { temp_student_id: temp.id, module_id: temp.moduleId, groups: principal.groups, token_type: 'access' }
      : { user_id: principal.userId, groups: principal.groups, token_type: 'access' };
    if (options.session) claims.sid = options.session;
    if (options.activity) claims.act = options.activity.key;
    const now = Math.floor(Date.now() / 1000);
    let expires = now + (options.ttlSeconds ?? this.ttlSeconds);
    const closesAt = options.activity?.closesAt;
    if (closesAt) expires = Math.max(now + 1, Math.min(expires, Math.floor(closesAt.getTime() / 1000)));
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(temp ? `temp-student:${temp.id}` : String(principal.userId))
      .setIssuedAt(now)
      .setJti(crypto.randomUUID())
      .setExpirationTime(expires)
      .sign(this.key);
  }

  /**
   * The principal of a valid access token; `null` when the token is malformed, forged, expired or of
   * another type, or when its session has ended (a logout, a password reset, a removed student, a
   * closed activity). Never throws for a bad token.
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
      const { user_id: userId, groups, token_type: type, sid, act } = claims;
      if (type !== 'access' || !Array.isArray(groups)) return null;
      if (!groups.every((g): g is string => typeof g === 'string')) return null;
      if (!absentOrMatching(sid, SESSION_ID) || !absentOrMatching(act, ACTIVITY_KEY)) return null;
      const keys: string[] = [];
      if (sid !== undefined) keys.push(SessionKeys.session(sid));
      if (act !== undefined) keys.push(act);
      let principal: Principal;
      if ('temp_student_id' in claims) {
        const { temp_student_id: id, module_id: moduleId } = claims;
        if (!isId(id) || !isId(moduleId) || userId !== undefined) return null;
        keys.push(SessionKeys.tempStudent(id));
        principal = { userId: 0, groups, tempStudent: { id, moduleId } };
      } else {
        if (typeof userId !== 'number') return null;
        principal = { userId, groups };
      }
      return this.sessions?.hasEnded(keys) ? null : principal;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}

/** An optional string claim: absent, or a string of the expected form. */
function absentOrMatching(value: unknown, pattern: RegExp): value is string | undefined {
  return value === undefined || (typeof value === 'string' && pattern.test(value));
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
