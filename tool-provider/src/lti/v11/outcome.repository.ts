import { QueryTypes, type Sequelize } from 'sequelize';
import { OutboxRepository } from '../shared/outbox.repository';

/** A Basic Outcomes result waiting to be sent, claimed by one sender for a while. */
export interface DueOutcome {
  id: number;
  userId: number;
  moduleId: number;
  consumerKey: string;
  serviceUrl: string;
  sourcedid: string;
  score: number;
  version: number;
  attempts: number;
}

/** An outcome row as tests and the admin see it. */
export interface OutcomeRecord extends DueOutcome {
  lastScore: number | null;
  lastSentAt: Date | null;
  pending: boolean;
  nextAttemptAt: Date | null;
  lastError: string | null;
}

/** Data access of the Basic Outcomes outbox (table lti11_outcomes). */
export class OutcomeRepository extends OutboxRepository<DueOutcome> {
  constructor(sequelize: Sequelize) {
    super(
      sequelize,
      'lti11_outcomes',
      `consumer_key AS "consumerKey", service_url AS "serviceUrl", sourcedid`,
      'consumer_key',
    );
  }

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
