import crypto from 'node:crypto';
import {
  EMBED_TOKEN_PREFIX,
  EMBED_TOKENS_PER_CLASSROOM,
  type CreatedEmbedToken,
  type EmbedToken,
  type EmbedTokenList,
} from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { Principal } from '../../http/access';
import { AppError } from '../../http/errors';

/** What the embed tokens need of the teacher area: the plan and the classroom's owner. */
export interface EmbedTokenGuard {
  /** Refuses (403 `subscription-required`) a teacher whose school has no valid plan. */
  requireSubscription(teacherId: number): Promise<void>;
  /** Whether the classroom is the teacher's. */
  ownsClassroom(teacherId: number, classroomId: number): Promise<boolean>;
}

interface TokenRow {
  id: number;
  label: string;
  createdAt: Date | string;
  expiresAt: Date | string;
  lastUsedAt: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const toToken = (row: TokenRow): EmbedToken => ({
  id: row.id,
  label: row.label,
  createdAt: iso(row.createdAt),
  expiresAt: iso(row.expiresAt),
  lastUsedAt: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
});

/** The SHA-256 of a secret: what the table keeps, and what a presented secret is looked up by. */
const digest = (secret: string) => crypto.createHash('sha256').update(secret).digest();

/** How often a token's last use is written, at most (a dashboard polls; the table need not churn). */
const LAST_USE_RESOLUTION_MS = 60_000;

/**
 * Classroom embed tokens (table `classroom_embed_tokens`): read-only keys to one classroom's
 * dashboards for a page outside Kib. The secret is `kibe_` and 32 random bytes (base64url), shown to
 * the teacher once and kept only as its SHA-256; it ends when it expires, when it is revoked, when
 * the classroom goes, or when its teacher no longer owns the classroom. A verified token is the
 * classroom's teacher on the endpoints declared `embed`, for that classroom only (the API router
 * enforces both), so every rule of those endpoints (the school's plan, ownership) still applies.
 */
export class EmbedTokens {
  constructor(private readonly deps: { sequelize: Sequelize; guard: EmbedTokenGuard; now?: () => Date }) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The live tokens of one of the teacher's classrooms, newest first. */
  async list(teacherId: number, classroomId: number): Promise<EmbedTokenList> {
    await this.ownClassroom(teacherId, classroomId);
    const rows = await this.deps.sequelize.query<TokenRow>(
      `SELECT id, label, created_at AS "createdAt", expires_at AS "expiresAt", last_used_at AS "lastUsedAt"
       FROM classroom_embed_tokens
       WHERE classroom_id = :classroomId AND revoked_at IS NULL AND expires_at > :now
       ORDER BY created_at DESC, id DESC`,
      { replacements: { classroomId, now: this.now() }, type: QueryTypes.SELECT },
    );
    return { tokens: rows.map(toToken) };
  }

  /** Makes a token of one of the teacher's classrooms; its secret is in the answer only. */
  async create(
    teacherId: number,
    classroomId: number,
    input: { label: string; validDays: number },
  ): Promise<CreatedEmbedToken> {
    await this.ownClassroom(teacherId, classroomId);
    const secret = EMBED_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + input.validDays * 86_400_000);
    const rows = await this.deps.sequelize.query<TokenRow>(
      `INSERT INTO classroom_embed_tokens (classroom_id, created_by, label, secret_hash, created_at, expires_at)
       SELECT :classroomId, :teacherId, :label, :hash, :now, :expiresAt
       WHERE (SELECT count(*) FROM classroom_embed_tokens
              WHERE classroom_id = :classroomId AND revoked_at IS NULL AND expires_at > :now) < :limit
       RETURNING id, label, created_at AS "createdAt", expires_at AS "expiresAt", last_used_at AS "lastUsedAt"`,
      {
        replacements: {
          classroomId,
          teacherId,
          label: input.label,
          hash: digest(secret),
          now,
          expiresAt,
          limit: EMBED_TOKENS_PER_CLASSROOM,
        },
        type: QueryTypes.SELECT,
      },
    );
    const row = rows[0];
    if (!row)
      throw new AppError(409, 'conflict', {
        key: 'errors.embed-token-limit',
        params: { count: EMBED_TOKENS_PER_CLASSROOM },
      });
    return { token: toToken(row), secret };
  }

  /** Revokes a token of one of the teacher's classrooms at once; 404 for any other. */
  async revoke(teacherId: number, classroomId: number, tokenId: number): Promise<void> {
    await this.ownClassroom(teacherId, classroomId);
    const [, count] = await this.deps.sequelize.query(
      `UPDATE classroom_embed_tokens SET revoked_at = :now
       WHERE id = :tokenId AND classroom_id = :classroomId AND revoked_at IS NULL`,
      { replacements: { tokenId, classroomId, now: this.now() }, type: QueryTypes.UPDATE },
    );
    if (!count) throw AppError.notFound();
  }

  /**
   * The caller a presented secret stands for: the classroom's teacher, limited to that classroom's
   * dashboards; null for an unknown, revoked or expired token, or one whose classroom changed hands.
   */
  async verify(secret: string): Promise<Principal | null> {
    if (!secret.startsWith(EMBED_TOKEN_PREFIX) || secret.length > 100) return null;
    const now = this.now();
    const [row] = await this.deps.sequelize.query<{
      id: number;
      classroomId: number;
      teacherId: number;
      lastUsedAt: Date | string | null;
    }>(
      `SELECT t.id, t.classroom_id AS "classroomId", c.author_id AS "teacherId", t.last_used_at AS "lastUsedAt"
       FROM classroom_embed_tokens t
       JOIN classrooms c ON c.id = t.classroom_id AND c.author_id = t.created_by
       WHERE t.secret_hash = :hash AND t.revoked_at IS NULL AND t.expires_at > :now`,
      { replacements: { hash: digest(secret), now }, type: QueryTypes.SELECT },
    );
    if (!row) return null;
    const lastUsed = row.lastUsedAt === null ? 0 : new Date(row.lastUsedAt).getTime();
    if (now.getTime() - lastUsed > LAST_USE_RESOLUTION_MS)
      await this.deps.sequelize.query(
        `UPDATE classroom_embed_tokens SET last_used_at = :now WHERE id = :id`,
        {
          replacements: { id: row.id, now },
        },
      );
    return {
      userId: row.teacherId,
      groups: ['Teachers'],
      embed: { classroomId: row.classroomId, tokenId: row.id },
    };
  }

  private async ownClassroom(teacherId: number, classroomId: number): Promise<void> {
    const { guard } = this.deps;
    await guard.requireSubscription(teacherId);
    if (!(await guard.ownsClassroom(teacherId, classroomId))) throw AppError.notFound();
  }
}
