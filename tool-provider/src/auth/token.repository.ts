import crypto from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { hashToken, randomToken } from './tokens';

/** The purposes of single-use account tokens sent by e-mail. */
export type AccountTokenPurpose = 'activation' | 'password-reset';

/** The outcome of presenting a refresh token. */
export type RefreshOutcome =
  | { kind: 'rotated'; userId: number; token: string; expiresAt: Date; familyId: string }
  | { kind: 'reused'; userId: number }
  | { kind: 'invalid' };

/** Data access for refresh-token families and single-use account tokens (only hashes are stored). */
export class TokenRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * Issues a refresh token, in a new family unless one is given. Returns the clear token and its
   * family: the session id its access tokens carry, so that revoking the family ends them too.
   */
  async issueRefresh(
    userId: number,
    ttlSeconds: number,
    opts: { familyId?: string; userAgent?: string; transaction?: Transaction } = {},
  ): Promise<{ token: string; expiresAt: Date; familyId: string }> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    const familyId = opts.familyId ?? crypto.randomUUID();
    await this.sequelize.query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, user_agent)
       VALUES (:userId, :familyId, :hash, :expiresAt, :userAgent)`,
      {
        replacements: {
          userId,
          familyId,
          hash: hashToken(token),
          expiresAt,
          userAgent: opts.userAgent?.slice(0, 300) ?? null,
        },
        transaction: opts.transaction,
      },
    );
    return { token, expiresAt, familyId };
  }

  /**
   * Rotates a refresh token: the presented one is marked used and a successor in its family is
   * issued. Presenting a token that was already rotated (after `reuseGraceSeconds`, which absorbs two
   * tabs refreshing at the same moment) or revoked revokes its whole family: a stolen token stops
   * working for the thief and for the victim alike.
   */
  async rotate(
    token: string,
    ttlSeconds: number,
    opts: { reuseGraceSeconds: number; userAgent?: string },
  ): Promise<RefreshOutcome> {
    return this.sequelize.transaction(async (transaction) => {
      const claimed = await this.sequelize.query<{ user_id: number; family_id: string }>(
        `UPDATE refresh_tokens SET used_at = now()
         WHERE token_hash = :hash AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
         RETURNING user_id, family_id`,
        { replacements: { hash: hashToken(token) }, type: QueryTypes.SELECT, transaction },
      );
      const row = claimed[0];
      if (row) {
        const next = await this.issueRefresh(row.user_id, ttlSeconds, {
          familyId: row.family_id,
          userAgent: opts.userAgent,
          transaction,
        });
        return { kind: 'rotated', userId: row.user_id, ...next };
      }
      const known = await this.sequelize.query<{
        user_id: number;
        family_id: string;
        used: boolean;
        in_grace: boolean;
        alive: boolean;
        family_revoked: boolean;
      }>(
        `SELECT t.user_id, t.family_id, (t.used_at IS NOT NULL) AS used,
                (t.used_at > now() - make_interval(secs => :grace)) AS in_grace,
                (t.revoked_at IS NULL AND t.expires_at > now()) AS alive,
                EXISTS (SELECT 1 FROM refresh_tokens f WHERE f.family_id = t.family_id AND f.revoked_at IS NOT NULL)
                  AS family_revoked
         FROM refresh_tokens t WHERE t.token_hash = :hash`,
        {
          replacements: { hash: hashToken(token), grace: opts.reuseGraceSeconds },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      const prev = known[0];
      // Unknown, expired or already revoked: simply not a session any more.
      if (!prev || !prev.alive || !prev.used) return { kind: 'invalid' };
      if (prev.in_grace && !prev.family_revoked) {
        const next = await this.issueRefresh(prev.user_id, ttlSeconds, {
          familyId: prev.family_id,
          userAgent: opts.userAgent,
          transaction,
        });
        return { kind: 'rotated', userId: prev.user_id, ...next };
      }
      await this.revokeFamily(prev.family_id, transaction);
      return { kind: 'reused', userId: prev.user_id };
    });
  }

  /**
   * Revokes the family of the presented token (logout). Unknown tokens are ignored. A revoked family
   * is a session that ended: migration 0030's trigger records it, and its access tokens stop too.
   */
  async revokeByToken(token: string): Promise<void> {
    await this.sequelize.query(
      `UPDATE refresh_tokens SET revoked_at = now()
       WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = :hash)`,
      { replacements: { hash: hashToken(token) } },
    );
  }

  /** Revokes every refresh token of a user (after a password change): every session of theirs ends. */
  async revokeAllForUser(userId: number, transaction?: Transaction): Promise<void> {
    await this.sequelize.query(
      `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = :userId AND revoked_at IS NULL`,
      {
        replacements: { userId },
        transaction,
      },
    );
  }

  private async revokeFamily(familyId: string, transaction: Transaction): Promise<void> {
    await this.sequelize.query(
      `UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = :familyId AND revoked_at IS NULL`,
      {
        replacements: { familyId },
        transaction,
      },
    );
  }

  /** Deletes refresh tokens that expired more than a day ago. */
  async purgeExpired(): Promise<number> {
    const rows = await this.sequelize.query(
      `DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day' RETURNING id`,
      { type: QueryTypes.SELECT },
    );
    return rows.length;
  }

  /** Creates a single-use account token; earlier unused tokens of the same purpose stop working. */
  async issueAccountToken(
    userId: number,
    purpose: AccountTokenPurpose,
    ttlSeconds: number,
    transaction?: Transaction,
  ): Promise<string> {
    const token = randomToken();
    await this.sequelize.query(
      `UPDATE account_tokens SET used_at = now() WHERE user_id = :userId AND purpose = :purpose AND used_at IS NULL`,
      { replacements: { userId, purpose }, transaction },
    );
    await this.sequelize.query(
      `INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at)
       VALUES (:userId, :purpose, :hash, now() + make_interval(secs => :ttl))`,
      { replacements: { userId, purpose, hash: hashToken(token), ttl: ttlSeconds }, transaction },
    );
    return token;
  }

  /** Consumes a single-use account token of this user and purpose; false when unknown, used or expired. */
  async consumeAccountToken(
    userId: number,
    purpose: AccountTokenPurpose,
    token: string,
    transaction: Transaction,
  ): Promise<boolean> {
    const rows = await this.sequelize.query(
      `UPDATE account_tokens SET used_at = now()
       WHERE token_hash = :hash AND user_id = :userId AND purpose = :purpose AND used_at IS NULL AND expires_at > now()
       RETURNING id`,
      { replacements: { hash: hashToken(token), userId, purpose }, type: QueryTypes.SELECT, transaction },
    );
    return rows.length === 1;
  }
}
