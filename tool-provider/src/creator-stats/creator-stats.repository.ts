import type { AuthoredTotals, Creator, FeedbackCodeCount, MissedNumeral, StatsBucket } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';

/** A window of time: from `from` (included) to `to` (excluded). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

/** The counts of one kind of thing in one period (its first day, YYYY-MM-DD, in UTC). */
export interface PeriodCount {
  kind: 'problems' | 'numerals' | 'steps' | 'attempts';
  period: string;
  count: number;
}

/** Students' attempts on a creator's problems in a window, before the most-missed numerals' codes are added. */
export interface AttemptSummary {
  attempts: number;
  students: number;
  periods: { period: string; count: number }[];
  mostMissed: Omit<MissedNumeral, 'feedbackCodes'>[];
}

interface CreatorRow {
  id: number;
  firstName: string;
  lastName: string;
  dateJoined: Date;
}

const toCreator = (row: CreatorRow): Creator => ({
  ...row,
  dateJoined: new Date(row.dateJoined).toISOString(),
});

/** The first day (YYYY-MM-DD) of the period of `created_at`: `date_trunc` of the bucket, in UTC. */
const PERIOD = `to_char(date_trunc(:bucket, created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

/** The numerals of the creator's problems (a CTE named `cn`). */
const CREATOR_NUMERALS = `cn AS (
  SELECT n.id FROM numerals n JOIN problems p ON p.id = n.problem_id WHERE p.author_id = :creatorId
)`;

/**
 * Data access for creator statistics: every number is an aggregate computed by PostgreSQL; no
 * query returns more rows than a window has periods or the list has numerals.
 */
export class CreatorStatsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }

  /** Every active account of the Creators group, by name. */
  async creators(): Promise<Creator[]> {
    const rows = await this.select<CreatorRow>(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.date_joined AS "dateJoined"
       FROM users u
       JOIN user_groups ug ON ug.user_id = u.id
       JOIN groups g ON g.id = ug.group_id AND g.name = 'Creators'
       WHERE u.is_active
       ORDER BY lower(u.first_name), lower(u.last_name), u.id`,
      {},
    );
    return rows.map(toCreator);
  }

  /** The account `id` when it is an active creator, else null. */
  async creator(id: number): Promise<Creator | null> {
    const [row] = await this.select<CreatorRow>(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.date_joined AS "dateJoined"
       FROM users u
       WHERE u.id = :id AND u.is_active AND EXISTS (
         SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id AND g.name = 'Creators'
         WHERE ug.user_id = u.id)`,
      { id },
    );
    return row ? toCreator(row) : null;
  }

  /**
   * What the creator authored in the window: the problems they created, the numerals and steps
   * created in their problems, the pictures and videos those items (and the choices created with
   * them) carry, and the editing time the creation tool reported.
   */
  async authored(creatorId: number, window: TimeWindow): Promise<AuthoredTotals> {
    const [row] = await this.select<AuthoredTotals>(
      `WITH p AS (
         SELECT id, picture, video_s3, created_at FROM problems WHERE author_id = :creatorId
       ), n AS (
         SELECT n.id, n.picture, n.hint_picture, n.video_s3, n.created_at FROM numerals n JOIN p ON p.id = n.problem_id
       ), s AS (
         SELECT s.id, s.picture, s.video_s3, s.created_at FROM steps s JOIN n ON n.id = s.numeral_id
       ), c AS (
         SELECT c.picture FROM multiple_choice_entries c
         WHERE c.created_at >= :from AND c.created_at < :to
           AND (c.numeral_id IN (SELECT id FROM n) OR c.step_id IN (SELECT id FROM s))
       ), items AS (
         SELECT 'problem' AS kind, (picture IS NOT NULL)::int AS pictures, (video_s3 IS NOT NULL)::int AS videos
         FROM p WHERE created_at >= :from AND created_at < :to
         UNION ALL
         SELECT 'numeral', (picture IS NOT NULL)::int + (hint_picture IS NOT NULL)::int, (video_s3 IS NOT NULL)::int
         FROM n WHERE created_at >= :from AND created_at < :to
         UNION ALL
         SELECT 'step', (picture IS NOT NULL)::int, (video_s3 IS NOT NULL)::int
         FROM s WHERE created_at >= :from AND created_at < :to
         UNION ALL
         SELECT 'choice', (picture IS NOT NULL)::int, 0 FROM c
       )
       SELECT count(*) FILTER (WHERE kind = 'problem')::int AS problems,
              count(*) FILTER (WHERE kind = 'numeral')::int AS numerals,
              count(*) FILTER (WHERE kind = 'step')::int AS steps,
              COALESCE(sum(videos), 0)::int AS videos,
              COALESCE(sum(pictures), 0)::int AS pictures,
              (SELECT COALESCE(sum(seconds), 0) FROM authoring_time
               WHERE user_id = :creatorId AND created_at >= :from AND created_at < :to)::int AS "totalTime"
       FROM items`,
      { creatorId, ...window },
    );
    return row!;
  }

  /** Problems, numerals and steps created per period (`date_trunc` of the bucket, in UTC; weeks start on Monday). */
  async authoredPerPeriod(
    creatorId: number,
    window: TimeWindow,
    bucket: StatsBucket,
  ): Promise<PeriodCount[]> {
    return this.select<PeriodCount>(
      `WITH ${CREATOR_NUMERALS}, x AS (
         SELECT 'problems' AS kind, created_at FROM problems
         WHERE author_id = :creatorId AND created_at >= :from AND created_at < :to
         UNION ALL
         SELECT 'numerals', n.created_at FROM numerals n JOIN cn ON cn.id = n.id
         WHERE n.created_at >= :from AND n.created_at < :to
         UNION ALL
         SELECT 'steps', s.created_at FROM steps s JOIN cn ON cn.id = s.numeral_id
         WHERE s.created_at >= :from AND s.created_at < :to
       )
       SELECT kind, ${PERIOD} AS period, count(*)::int AS count
       FROM x GROUP BY 1, 2`,
      { creatorId, bucket, ...window },
    );
  }

  /**
   * Students' attempts on the creator's numerals in the window, read once: how many, the distinct
   * students (accounts and code students) who made them, how many per period, and the numerals
   * with the most wrong attempts (ties by id, at most `limit`), each with its problem, its position
   * in the problem (from 1) and its attempts.
   */
  async attempts(
    creatorId: number,
    window: TimeWindow,
    bucket: StatsBucket,
    limit: number,
  ): Promise<AttemptSummary> {
    const [row] = await this.select<AttemptSummary>(
      `WITH ${CREATOR_NUMERALS},
       wa AS MATERIALIZED (
         SELECT a.numeral_id, a.correct, a.user_id, a.temp_student_id, a.created_at
         FROM attempts a JOIN cn ON cn.id = a.numeral_id
         WHERE a.created_at >= :from AND a.created_at < :to
       ), per AS (
         SELECT ${PERIOD} AS period, count(*)::int AS count FROM wa GROUP BY 1
       ), w AS (
         SELECT numeral_id, count(*)::int AS attempts, count(*) FILTER (WHERE NOT correct)::int AS wrong
         FROM wa GROUP BY numeral_id
         HAVING count(*) FILTER (WHERE NOT correct) > 0
         ORDER BY wrong DESC, numeral_id
         LIMIT :limit
       )
       SELECT (SELECT count(*)::int FROM wa) AS attempts,
              (SELECT (count(DISTINCT user_id) + count(DISTINCT temp_student_id))::int FROM wa) AS students,
              (SELECT COALESCE(json_agg(json_build_object('period', period, 'count', count)), '[]'::json) FROM per)
                AS periods,
              (SELECT COALESCE(json_agg(json_build_object(
                        'numeralId', w.numeral_id, 'problemId', p.id, 'problemTitle', p.title,
                        'numeralNumber', (SELECT count(*) FROM numerals o
                                          WHERE o.problem_id = n.problem_id AND (o.number, o.id) <= (n.number, n.id)),
                        'attempts', w.attempts, 'wrong', w.wrong)
                      ORDER BY w.wrong DESC, w.numeral_id), '[]'::json)
               FROM w JOIN numerals n ON n.id = w.numeral_id JOIN problems p ON p.id = n.problem_id) AS "mostMissed"`,
      { creatorId, bucket, limit, ...window },
    );
    return row!;
  }

  /** The (student, numeral) pairs of the creator's numerals last attempted in the window, and how many are completed. */
  async completion(creatorId: number, window: TimeWindow): Promise<{ worked: number; completed: number }> {
    const [row] = await this.select<{ worked: number; completed: number }>(
      `WITH ${CREATOR_NUMERALS}
       SELECT count(*)::int AS worked, count(*) FILTER (WHERE s.completed)::int AS completed
       FROM stats s JOIN cn ON cn.id = s.numeral_id
       WHERE s.last_attempt_date >= :from AND s.last_attempt_date < :to`,
      { creatorId, ...window },
    );
    return row!;
  }

  /** The feedback codes most given to wrong attempts of each numeral in the window, `perNumeral` each. */
  async feedbackCodes(
    numeralIds: number[],
    window: TimeWindow,
    perNumeral: number,
  ): Promise<Map<number, FeedbackCodeCount[]>> {
    const byNumeral = new Map<number, FeedbackCodeCount[]>();
    if (numeralIds.length === 0) return byNumeral;
    const rows = await this.select<{ numeralId: number } & FeedbackCodeCount>(
      `SELECT "numeralId", code, count FROM (
         SELECT a.numeral_id AS "numeralId", c.code, count(*)::int AS count,
                row_number() OVER (PARTITION BY a.numeral_id ORDER BY count(*) DESC, c.code) AS rank
         FROM attempts a CROSS JOIN LATERAL unnest(a.feedback_codes) AS c(code)
         WHERE a.numeral_id IN (:numeralIds) AND NOT a.correct AND a.created_at >= :from AND a.created_at < :to
         GROUP BY a.numeral_id, c.code
       ) ranked WHERE rank <= :perNumeral ORDER BY "numeralId", rank`,
      { numeralIds, perNumeral, ...window },
    );
    for (const { numeralId, code, count } of rows)
      byNumeral.set(numeralId, [...(byNumeral.get(numeralId) ?? []), { code, count }]);
    return byNumeral;
  }
}
