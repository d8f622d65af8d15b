import { QueryTypes, type Sequelize } from 'sequelize';
import { OutboxRepository } from '../shared/outbox.repository';

/** A score waiting to be posted to a platform's line item, claimed by one sender for a while. */
export interface DueScore {
  id: number;
  userId: number;
  moduleId: number;
  platformId: number;
  lineitemUrl: string;
  subject: string;
  score: number;
  version: number;
  attempts: number;
}

/** A score row as tests and the admin see it. */
export interface ScoreRecord extends DueScore {
  lastScore: number | null;
  lastSentAt: Date | null;
  pending: boolean;
  lastError: string | null;
}

/**
 * Data access of the Assignment and Grade Services outbox (table lti13_outcomes), with the same
 * lifecycle as the Basic Outcomes outbox: version counts score changes, a claim leases rows, a send
 * that raced a newer score leaves the row pending.
 */
export class Lti13OutcomeRepository extends OutboxRepository<DueScore> {
  constructor(sequelize: Sequelize) {
    super(
      sequelize,
      'lti13_outcomes',
      `platform_id AS "platformId", lineitem_url AS "lineitemUrl", subject`,
      'platform_id',
    );
  }

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
