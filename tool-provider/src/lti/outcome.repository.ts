import { QueryTypes, type Sequelize } from 'sequelize';

/** A Basic Outcomes result waiting to be sent, claimed by one sender for a while. */
export interface DueOutcome {
  id: number;
  consumerKey: string;
  serviceUrl: string;
  sourcedid: string;
  score: number;
  version: number;
  attempts: number;
}

/** An outcome row as tests and the admin see it. */
export interface OutcomeRecord extends DueOutcome {
  userId: number;
  moduleId: number;
  lastScore: number | null;
  lastSentAt: Date | null;
  pending: boolean;
  nextAttemptAt: Date | null;
  lastError: string | null;
}

/**
 * The progress of each outcome row's user in its module: completed numerals over numerals of the
 * module's published problems (0 when it has none).
 */
const PROGRESS = `
  SELECT o.id,
         CASE WHEN count(n.id) = 0 THEN 0
              ELSE (count(s.id) FILTER (WHERE s.completed))::float8 / count(n.id) END AS score
  FROM lti11_outcomes o
  LEFT JOIN module_problems mp ON mp.module_id = o.module_id
  LEFT JOIN problems p ON p.id = mp.problem_id AND p.publish_problem
  LEFT JOIN numerals n ON n.problem_id = p.id
  LEFT JOIN stats s ON s.numeral_id = n.id AND s.user_id = o.user_id`;

/** Data access of the Basic Outcomes outbox (table lti11_outcomes). */
export class OutcomeRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * Records where a student's grade for a module goes (one row per consumer and sourcedid; a new
   * launch updates the service URL). Answers the row id.
   */
  async bind(input: {
    userId: number;
    moduleId: number;
    consumerKey: string;
    serviceUrl: string;
    sourcedid: string;
  }): Promise<number> {
    const rows = await this.sequelize.query<{ id: number }>(
      `INSERT INTO lti11_outcomes (user_id, module_id, consumer_key, service_url, sourcedid)
       VALUES (:userId, :moduleId, :consumerKey, :serviceUrl, :sourcedid)
       ON CONFLICT (consumer_key, sourcedid) DO UPDATE SET
         user_id = EXCLUDED.user_id, module_id = EXCLUDED.module_id, service_url = EXCLUDED.service_url
       RETURNING id`,
      { replacements: input, type: QueryTypes.SELECT },
    );
    return rows[0]!.id;
  }

  /**
   * Recomputes the progress of the user's outcome rows whose module holds the problem and marks
   * them pending, due now. Answers how many rows were marked.
   */
  async markPendingForProblem(userId: number, problemId: number, now: Date): Promise<number> {
    return this.markPending(
      `o.user_id = :userId AND o.module_id IN (SELECT module_id FROM module_problems WHERE problem_id = :problemId)`,
      { userId, problemId, now },
    );
  }

  /** Marks one row pending with its current progress when that progress is above zero and unsent. */
  async markPendingIfProgress(outcomeId: number, now: Date): Promise<number> {
    return this.markPending(`o.id = :outcomeId`, { outcomeId, now }, true);
  }

  private async markPending(where: string, replacements: Record<string, unknown>, onlyNew = false) {
    const rows = await this.sequelize.query<{ id: number }>(
      `UPDATE lti11_outcomes o SET score = p.score, version = o.version + 1, pending = true, attempts = 0,
              next_attempt_at = :now, last_error = NULL
       FROM (${PROGRESS} WHERE ${where} GROUP BY o.id) p
       WHERE o.id = p.id
         ${onlyNew ? 'AND p.score > 0 AND p.score IS DISTINCT FROM o.last_score' : ''}
       RETURNING o.id`,
      { replacements, type: QueryTypes.SELECT },
    );
    return rows.length;
  }

  /**
   * Claims up to `limit` due rows until `leaseUntil` (another instance skips them meanwhile; a
   * crashed sender's rows come due again when the lease ends).
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DueOutcome[]> {
    return this.sequelize.query<DueOutcome>(
      `UPDATE lti11_outcomes SET next_attempt_at = :leaseUntil
       WHERE id IN (SELECT id FROM lti11_outcomes WHERE pending AND next_attempt_at <= :now
                    ORDER BY next_attempt_at LIMIT :limit FOR UPDATE SKIP LOCKED)
       RETURNING id, consumer_key AS "consumerKey", service_url AS "serviceUrl", sourcedid, score, version, attempts`,
      { replacements: { now, leaseUntil, limit }, type: QueryTypes.SELECT },
    );
  }

  /**
   * Records a successful send of `version`. The row stays pending (due now) when a newer score
   * arrived while it was being sent.
   */
  async markSent(id: number, version: number, score: number, now: Date): Promise<void> {
    await this.sequelize.query(
      `UPDATE lti11_outcomes SET last_score = :score, last_sent_at = :now, last_error = NULL,
              pending = (version <> :version),
              attempts = 0,
              next_attempt_at = CASE WHEN version <> :version THEN CAST(:now AS timestamptz) ELSE NULL END
       WHERE id = :id`,
      { replacements: { id, version, score, now } },
    );
  }

  /**
   * Records a failed send of `version`: retried at `retryAt`, or given up (not pending) when it is
   * null. A newer score that arrived meanwhile keeps its own schedule.
   */
  async markFailed(id: number, version: number, error: string, retryAt: Date | null): Promise<void> {
    await this.sequelize.query(
      `UPDATE lti11_outcomes SET attempts = attempts + 1, last_error = :error,
              pending = :retry, next_attempt_at = :retryAt
       WHERE id = :id AND version = :version`,
      { replacements: { id, version, error: error.slice(0, 500), retry: retryAt !== null, retryAt } },
    );
  }

  /** Every outcome row of a user. */
  async forUser(userId: number): Promise<OutcomeRecord[]> {
    return this.sequelize.query<OutcomeRecord>(
      `SELECT id, user_id AS "userId", module_id AS "moduleId", consumer_key AS "consumerKey",
              service_url AS "serviceUrl", sourcedid, score, version, attempts, last_score AS "lastScore",
              last_sent_at AS "lastSentAt", pending, next_attempt_at AS "nextAttemptAt", last_error AS "lastError"
       FROM lti11_outcomes WHERE user_id = :userId ORDER BY id`,
      { replacements: { userId }, type: QueryTypes.SELECT },
    );
  }
}
