import { QueryTypes, type Sequelize } from 'sequelize';

/** A score waiting to be posted to a platform's line item, claimed by one sender for a while. */
export interface DueScore {
  id: number;
  platformId: number;
  lineitemUrl: string;
  subject: string;
  score: number;
  version: number;
  attempts: number;
}

/** A score row as tests and the admin see it. */
export interface ScoreRecord extends DueScore {
  userId: number;
  moduleId: number;
  lastScore: number | null;
  lastSentAt: Date | null;
  pending: boolean;
  lastError: string | null;
}

/** Progress of each row's user in its module: completed numerals over the published problems' numerals. */
const PROGRESS = `
  SELECT o.id,
         CASE WHEN count(n.id) = 0 THEN 0
              ELSE (count(s.id) FILTER (WHERE s.completed))::float8 / count(n.id) END AS score
  FROM lti13_outcomes o
  LEFT JOIN module_problems mp ON mp.module_id = o.module_id
  LEFT JOIN problems p ON p.id = mp.problem_id AND p.publish_problem
  LEFT JOIN numerals n ON n.problem_id = p.id
  LEFT JOIN stats s ON s.numeral_id = n.id AND s.user_id = o.user_id`;

/**
 * Data access of the Assignment and Grade Services outbox (table lti13_outcomes), with the same
 * lifecycle as the Basic Outcomes outbox: version counts score changes, a claim leases rows, a send
 * that raced a newer score leaves the row pending.
 */
export class Lti13OutcomeRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** Records where a student's score for a module goes (one row per platform, line item and subject). */
  async bind(input: {
    userId: number;
    moduleId: number;
    platformId: number;
    lineitemUrl: string;
    subject: string;
  }): Promise<number> {
    const rows = await this.sequelize.query<{ id: number }>(
      `INSERT INTO lti13_outcomes (user_id, module_id, platform_id, lineitem_url, subject)
       VALUES (:userId, :moduleId, :platformId, :lineitemUrl, :subject)
       ON CONFLICT (platform_id, lineitem_url, subject) DO UPDATE SET
         user_id = EXCLUDED.user_id, module_id = EXCLUDED.module_id
       RETURNING id`,
      { replacements: input, type: QueryTypes.SELECT },
    );
    return rows[0]!.id;
  }

  /** Marks the user's rows whose module holds the problem pending with their current progress. */
  async markPendingForProblem(userId: number, problemId: number, now: Date): Promise<number> {
    return this.markPending(
      `o.user_id = :userId AND o.module_id IN (SELECT module_id FROM module_problems WHERE problem_id = :problemId)`,
      { userId, problemId, now },
    );
  }

  /** Marks one row pending when its progress is above zero and not sent yet. */
  async markPendingIfProgress(id: number, now: Date): Promise<number> {
    return this.markPending(`o.id = :id`, { id, now }, true);
  }

  private async markPending(where: string, replacements: Record<string, unknown>, onlyNew = false) {
    const rows = await this.sequelize.query<{ id: number }>(
      `UPDATE lti13_outcomes o SET score = p.score, version = o.version + 1, pending = true, attempts = 0,
              next_attempt_at = :now, last_error = NULL
       FROM (${PROGRESS} WHERE ${where} GROUP BY o.id) p
       WHERE o.id = p.id
         ${onlyNew ? 'AND p.score > 0 AND p.score IS DISTINCT FROM o.last_score' : ''}
       RETURNING o.id`,
      { replacements, type: QueryTypes.SELECT },
    );
    return rows.length;
  }

  /** Claims up to `limit` due rows until `leaseUntil`. */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DueScore[]> {
    return this.sequelize.query<DueScore>(
      `UPDATE lti13_outcomes SET next_attempt_at = :leaseUntil
       WHERE id IN (SELECT id FROM lti13_outcomes WHERE pending AND next_attempt_at <= :now
                    ORDER BY next_attempt_at LIMIT :limit FOR UPDATE SKIP LOCKED)
       RETURNING id, platform_id AS "platformId", lineitem_url AS "lineitemUrl", subject, score, version, attempts`,
      { replacements: { now, leaseUntil, limit }, type: QueryTypes.SELECT },
    );
  }

  /** Records a successful send of `version`; a newer score keeps the row pending. */
  async markSent(id: number, version: number, score: number, now: Date): Promise<void> {
    await this.sequelize.query(
      `UPDATE lti13_outcomes SET last_score = :score, last_sent_at = :now, last_error = NULL,
              pending = (version <> :version), attempts = 0,
              next_attempt_at = CASE WHEN version <> :version THEN CAST(:now AS timestamptz) ELSE NULL END
       WHERE id = :id`,
      { replacements: { id, version, score, now } },
    );
  }

  /** Records a failed send of `version`: retried at `retryAt`, or given up when it is null. */
  async markFailed(id: number, version: number, error: string, retryAt: Date | null): Promise<void> {
    await this.sequelize.query(
      `UPDATE lti13_outcomes SET attempts = attempts + 1, last_error = :error,
              pending = :retry, next_attempt_at = :retryAt
       WHERE id = :id AND version = :version`,
      { replacements: { id, version, error: error.slice(0, 500), retry: retryAt !== null, retryAt } },
    );
  }

  /** Every score row of a user. */
  async forUser(userId: number): Promise<ScoreRecord[]> {
    return this.sequelize.query<ScoreRecord>(
      `SELECT id, user_id AS "userId", module_id AS "moduleId", platform_id AS "platformId",
              lineitem_url AS "lineitemUrl", subject, score, version, attempts, last_score AS "lastScore",
              last_sent_at AS "lastSentAt", pending, last_error AS "lastError"
       FROM lti13_outcomes WHERE user_id = :userId ORDER BY id`,
      { replacements: { userId }, type: QueryTypes.SELECT },
    );
  }
}
