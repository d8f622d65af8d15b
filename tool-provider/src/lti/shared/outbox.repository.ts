import { QueryTypes, type Sequelize } from 'sequelize';
import { pooledQuery } from '../../db/pooled-query';
import type { OutboxRow, OutboxStore } from './outbox';

/** A grade given up after its last try, as the instructor of its LMS activity sees it. */
export interface GivenUpGrade {
  id: number;
  userId: number;
  score: number;
  attempts: number;
  lastError: string;
  givenUpAt: Date;
}

/**
 * The table of a grade outbox (lti11_outcomes, lti13_outcomes): one row per place a student's score
 * for a module goes. `version` counts score changes, a claim leases due rows to one sender, and a
 * send that raced a newer score leaves the row pending. Subclasses add how a row is bound and which
 * columns a sender needs (`dueColumns`).
 */
export abstract class OutboxRepository<R extends OutboxRow> implements OutboxStore<R> {
  protected constructor(
    protected readonly sequelize: Sequelize,
    private readonly table: 'lti11_outcomes' | 'lti13_outcomes',
    /** The SELECT list (after `id`) a sender reads from a claimed row. */
    private readonly dueColumns: string,
    /** The column naming the LMS a row's grade goes to (a consumer key, a platform id). */
    private readonly lmsColumn: 'consumer_key' | 'platform_id',
  ) {}

  /** Progress of each row's user in its module: completed numerals over the published problems' numerals. */
  private progress(): string {
    return `
      SELECT o.id,
             CASE WHEN count(n.id) = 0 THEN 0
                  ELSE (count(s.id) FILTER (WHERE s.completed))::float8 / count(n.id) END AS score
      FROM ${this.table} o
      LEFT JOIN module_problems mp ON mp.module_id = o.module_id
      LEFT JOIN problems p ON p.id = mp.problem_id AND p.publish_problem
      LEFT JOIN numerals n ON n.problem_id = p.id
      LEFT JOIN stats s ON s.numeral_id = n.id AND s.user_id = o.user_id`;
  }

  /** The rows of a user whose module holds a problem ($2 the user, $3 the problem). */
  private static readonly OF_PROBLEM =
    'o.user_id = $2 AND o.module_id IN (SELECT module_id FROM module_problems WHERE problem_id = $3)';

  /**
   * Recomputes the progress of the user's rows whose module holds the problem, in every outbox given
   * (of one database), and marks them pending, due now; answers how many rows were marked. One
   * statement: a correct answer runs it, so it is one round trip, prepared once per connection.
   */
  static async markPendingForProblemIn(
    outboxes: OutboxRepository<OutboxRow>[],
    userId: number,
    problemId: number,
    now: Date,
  ): Promise<number> {
    const [first] = outboxes;
    if (!first) return 0;
    const updates = outboxes.map((o, i) => `m${i} AS (${o.pendingUpdate(OutboxRepository.OF_PROBLEM)})`);
    const [row] = await pooledQuery<{ marked: number }>(
      first.sequelize,
      `WITH ${updates.join(', ')}
       SELECT ${outboxes.map((_, i) => `(SELECT count(*) FROM m${i})`).join(' + ')} AS marked`,
      [now, userId, problemId],
      `pending-for-problem-${outboxes.map((o) => o.table).join('-')}`,
    );
    return Number(row?.marked ?? 0);
  }

  /** Marks one row pending with its current progress when that progress is above zero and unsent. */
  async markPendingIfProgress(id: number, now: Date): Promise<number> {
    const rows = await pooledQuery<{ id: number }>(
      this.sequelize,
      this.pendingUpdate('o.id = $2', true),
      [now, id],
      `${this.table}-pending-new-progress`,
    );
    return rows.length;
  }

  /**
   * The UPDATE that marks the rows `where` picks pending, due at $1, with their progress (only where
   * it is above zero and differs from the last score sent, when `onlyNew`), answering their ids.
   */
  private pendingUpdate(where: string, onlyNew = false): string {
    return `UPDATE ${this.table} o SET score = p.score, version = o.version + 1, pending = true, attempts = 0,
              next_attempt_at = $1, last_error = NULL, given_up_at = NULL
       FROM (${this.progress()} WHERE ${where} GROUP BY o.id) p
       WHERE o.id = p.id
         ${onlyNew ? 'AND p.score > 0 AND p.score IS DISTINCT FROM o.last_score' : ''}
       RETURNING o.id`;
  }

  /**
   * Claims up to `limit` due rows until `leaseUntil` (another instance skips them meanwhile; a
   * crashed sender's rows come due again when the lease ends).
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<R[]> {
    return this.sequelize.query<R>(
      `UPDATE ${this.table} SET next_attempt_at = :leaseUntil
       WHERE id IN (SELECT id FROM ${this.table} WHERE pending AND next_attempt_at <= :now
                    ORDER BY next_attempt_at LIMIT :limit FOR UPDATE SKIP LOCKED)
       RETURNING id, user_id AS "userId", module_id AS "moduleId", ${this.dueColumns}, score, version, attempts`,
      { replacements: { now, leaseUntil, limit }, type: QueryTypes.SELECT },
    );
  }

  /** Records a successful send of `version`; a newer score that arrived meanwhile keeps the row pending. */
  async markSent(id: number, version: number, score: number, now: Date): Promise<void> {
    await this.sequelize.query(
      `UPDATE ${this.table} SET last_score = :score, last_sent_at = :now, last_error = NULL, given_up_at = NULL,
              pending = (version <> :version), attempts = 0,
              next_attempt_at = CASE WHEN version <> :version THEN CAST(:now AS timestamptz) ELSE NULL END
       WHERE id = :id`,
      { replacements: { id, version, score, now } },
    );
  }

  /**
   * Records a failed send of `version` at `at`: retried at `retryAt`, or given up (not pending, with
   * the time, for the instructor to see) when it is null.
   */
  async markFailed(
    id: number,
    version: number,
    error: string,
    retryAt: Date | null,
    at: Date,
  ): Promise<void> {
    await this.sequelize.query(
      `UPDATE ${this.table} SET attempts = attempts + 1, last_error = :error,
              pending = :retry, next_attempt_at = :retryAt,
              given_up_at = CASE WHEN :retry THEN NULL ELSE CAST(:at AS timestamptz) END
       WHERE id = :id AND version = :version`,
      { replacements: { id, version, error: error.slice(0, 500), retry: retryAt !== null, retryAt, at } },
    );
  }

  /** The given-up grades of the learners in a module sent to one LMS (a consumer key or platform id). */
  async givenUp(moduleId: number, lms: string | number, userIds: number[]): Promise<GivenUpGrade[]> {
    if (userIds.length === 0) return [];
    return this.sequelize.query<GivenUpGrade>(
      `SELECT id, user_id AS "userId", score, attempts, last_error AS "lastError", given_up_at AS "givenUpAt"
       FROM ${this.table}
       WHERE module_id = :moduleId AND ${this.lmsColumn} = :lms AND given_up_at IS NOT NULL
         AND user_id IN (:userIds)
       ORDER BY given_up_at, id`,
      { replacements: { moduleId, lms, userIds }, type: QueryTypes.SELECT },
    );
  }

  /**
   * Sends the given-up grades of those learners in a module and LMS again: they become pending and
   * due at `now`, with their tries counted afresh. Answers how many were queued.
   */
  async resendGivenUp(moduleId: number, lms: string | number, userIds: number[], now: Date): Promise<number> {
    if (userIds.length === 0) return 0;
    const rows = await this.sequelize.query<{ id: number }>(
      `UPDATE ${this.table} SET pending = true, attempts = 0, next_attempt_at = :now, given_up_at = NULL
       WHERE module_id = :moduleId AND ${this.lmsColumn} = :lms AND given_up_at IS NOT NULL
         AND user_id IN (:userIds)
       RETURNING id`,
      { replacements: { moduleId, lms, userIds, now }, type: QueryTypes.SELECT },
    );
    return rows.length;
  }
}
