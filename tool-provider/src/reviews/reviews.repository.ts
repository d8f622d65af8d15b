import type {
  ProblemReview,
  ReviewCreator,
  ReviewHistoryEntry,
  ReviewHistoryField,
  ReviewState,
} from '@kib/core';
import type { Language } from '@kib/i18n';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/** The stored switches and texts of a review, as the service compares and changes them. */
export interface ReviewValues {
  problemToReview: boolean;
  videoToReview: boolean;
  problemReviewed: boolean;
  videoReviewed: boolean;
  ready: boolean;
  videoReady: boolean;
  problemFeedback: string;
  videoFeedback: string;
  correctedText: boolean;
  correctedMath: boolean;
}

/** The columns of the review values, by their camelCase name. */
const COLUMNS: Record<keyof ReviewValues, string> = {
  problemToReview: 'problem_to_review',
  videoToReview: 'video_to_review',
  problemReviewed: 'problem_reviewed',
  videoReviewed: 'video_reviewed',
  ready: 'ready',
  videoReady: 'video_ready',
  problemFeedback: 'problem_feedback',
  videoFeedback: 'video_feedback',
  correctedText: 'corrected_text',
  correctedMath: 'corrected_math',
};

/** What a change of a review writes besides its values: who reviewed and when, when it was sent. */
export interface ReviewStamps {
  supervisorId?: number;
  reviewDate?: Date;
  sentAt?: Date;
  videoSentAt?: Date;
}

/** One change of a review for the history. */
export interface HistoryChange {
  field: ReviewHistoryField;
  oldValue: string | null;
  newValue: string | null;
}

/** Who may read a problem's review: its author and coauthors. */
export interface ReviewAccess {
  authorId: number;
  coauthorIds: number[];
}

/** The account a review's mail goes to. */
export interface ReviewAuthor {
  email: string;
  firstName: string;
  language: Language;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A problem with its review, as one row of the statements below (a problem never sent has no review row). */
const REVIEW_SELECT = `
  SELECT p.id AS "problemId", p.title, p.author_id AS "authorId",
         trim(a.first_name || ' ' || a.last_name) AS "authorName", a.email AS "authorEmail",
         p.publish_problem AS published,
         (SELECT count(*)::int FROM numerals n WHERE n.problem_id = p.id) AS numerals,
         (p.video_s3 IS NOT NULL
          OR EXISTS (SELECT 1 FROM numerals n WHERE n.problem_id = p.id AND n.video_s3 IS NOT NULL)
          OR EXISTS (SELECT 1 FROM steps s JOIN numerals n ON n.id = s.numeral_id
                      WHERE n.problem_id = p.id AND s.video_s3 IS NOT NULL)) AS "hasVideo",
         COALESCE(r.problem_to_review, false) AS "problemToReview",
         COALESCE(r.video_to_review, false) AS "videoToReview",
         COALESCE(r.problem_reviewed, false) AS "problemReviewed",
         COALESCE(r.video_reviewed, false) AS "videoReviewed",
         COALESCE(r.ready, false) AS ready,
         COALESCE(r.video_ready, false) AS "videoReady",
         COALESCE(r.problem_feedback, '') AS "problemFeedback",
         COALESCE(r.video_feedback, '') AS "videoFeedback",
         COALESCE(r.corrected_text, false) AS "correctedText",
         COALESCE(r.corrected_math, false) AS "correctedMath",
         COALESCE(r.graphs, 0) AS graphs,
         r.supervisor_id AS "supervisorId",
         NULLIF(trim(sv.first_name || ' ' || sv.last_name), '') AS "supervisorName",
         r.review_date AS "reviewDate", r.sent_at AS "sentAt", r.video_sent_at AS "videoSentAt"
    FROM problems p
    JOIN users a ON a.id = p.author_id
    LEFT JOIN problem_reviews r ON r.problem_id = p.id
    LEFT JOIN users sv ON sv.id = r.supervisor_id`;

type ReviewRow = Omit<ProblemReview, 'reviewDate' | 'sentAt' | 'videoSentAt' | 'authorName'> & {
  authorName: string;
  authorEmail: string;
  reviewDate: Date | string | null;
  sentAt: Date | string | null;
  videoSentAt: Date | string | null;
};

function toReview(row: ReviewRow): ProblemReview {
  const { authorEmail, ...rest } = row;
  return {
    ...rest,
    authorName: row.authorName || authorEmail,
    reviewDate: iso(row.reviewDate),
    sentAt: iso(row.sentAt),
    videoSentAt: iso(row.videoSentAt),
  };
}

/** Reads and writes of the review workflow: reviews, their history, and the lists of a supervisor. */
export class ReviewsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** The author and coauthors of a problem; null when there is no such problem. */
  async access(problemId: number): Promise<ReviewAccess | null> {
    const rows = await this.sequelize.query<{ authorId: number; coauthorIds: number[] | null }>(
      `SELECT p.author_id AS "authorId",
              (SELECT array_agg(c.user_id) FROM problem_coauthors c WHERE c.problem_id = p.id) AS "coauthorIds"
         FROM problems p WHERE p.id = :problemId`,
      { replacements: { problemId }, type: QueryTypes.SELECT },
    );
    const row = rows[0];
    return row ? { authorId: row.authorId, coauthorIds: (row.coauthorIds ?? []).map(Number) } : null;
  }

  /** A problem with its review (every switch off when it was never sent); null when there is no such problem. */
  async review(problemId: number, transaction?: Transaction): Promise<ProblemReview | null> {
    const rows = await this.sequelize.query<ReviewRow>(`${REVIEW_SELECT} WHERE p.id = :problemId`, {
      replacements: { problemId },
      type: QueryTypes.SELECT,
      transaction,
    });
    return rows[0] ? toReview(rows[0]) : null;
  }

  /** A review's changes, oldest first. */
  async history(problemId: number, transaction?: Transaction): Promise<ReviewHistoryEntry[]> {
    const rows = await this.sequelize.query<
      Omit<ReviewHistoryEntry, 'changedAt' | 'id'> & {
        id: string | number;
        changedAt: Date | string;
      }
    >(
      `SELECT h.id, h.field, h.old_value AS "oldValue", h.new_value AS "newValue",
              h.changed_at AS "changedAt", h.user_id AS "userId",
              NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS "userName"
         FROM problem_review_history h LEFT JOIN users u ON u.id = h.user_id
        WHERE h.problem_id = :problemId ORDER BY h.changed_at, h.id`,
      { replacements: { problemId }, type: QueryTypes.SELECT, transaction },
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), changedAt: iso(r.changedAt)! }));
  }

  /**
   * The review values of a problem, its row made first when the problem was never sent, and locked
   * for the rest of the transaction (two changes of one review never interleave).
   */
  async lock(problemId: number, transaction: Transaction): Promise<ReviewValues> {
    await this.sequelize.query(
      `INSERT INTO problem_reviews (problem_id, created_at, updated_at) VALUES (:problemId, now(), now())
       ON CONFLICT (problem_id) DO NOTHING`,
      { replacements: { problemId }, transaction },
    );
    const select = Object.entries(COLUMNS)
      .map(([name, column]) => `${column} AS "${name}"`)
      .join(', ');
    const rows = await this.sequelize.query<ReviewValues>(
      `SELECT ${select} FROM problem_reviews WHERE problem_id = :problemId FOR UPDATE`,
      { replacements: { problemId }, type: QueryTypes.SELECT, transaction },
    );
    return rows[0]!;
  }

  /** Writes changed review values and stamps. */
  async update(
    problemId: number,
    values: Partial<ReviewValues>,
    stamps: ReviewStamps,
    transaction: Transaction,
  ): Promise<void> {
    const sets: string[] = ['updated_at = now()'];
    const replacements: Record<string, unknown> = { problemId };
    for (const [name, value] of Object.entries(values) as [keyof ReviewValues, unknown][]) {
      sets.push(`${COLUMNS[name]} = :${name}`);
      replacements[name] = value;
    }
    const stampColumns = {
      supervisorId: 'supervisor_id',
      reviewDate: 'review_date',
      sentAt: 'sent_at',
      videoSentAt: 'video_sent_at',
    } as const;
    for (const [name, value] of Object.entries(stamps) as [keyof ReviewStamps, unknown][]) {
      sets.push(`${stampColumns[name]} = :${name}`);
      replacements[name] = value;
    }
    await this.sequelize.query(
      `UPDATE problem_reviews SET ${sets.join(', ')} WHERE problem_id = :problemId`,
      {
        replacements,
        transaction,
      },
    );
  }

  /** Unpublishes a problem; true when it was published. */
  async unpublish(problemId: number, transaction: Transaction): Promise<boolean> {
    const rows = await this.sequelize.query<{ id: number }>(
      `UPDATE problems SET publish_problem = false, updated_at = now()
        WHERE id = :problemId AND publish_problem RETURNING id`,
      { replacements: { problemId }, type: QueryTypes.SELECT, transaction },
    );
    return rows.length > 0;
  }

  /** Keeps changes of a review in its history, made by `userId` at `at`. */
  async addHistory(
    problemId: number,
    userId: number,
    at: Date,
    changes: HistoryChange[],
    transaction: Transaction,
  ): Promise<void> {
    if (changes.length === 0) return;
    const replacements: Record<string, unknown> = { problemId, userId, at };
    const values = changes.map((c, i) => {
      replacements[`f${i}`] = c.field;
      replacements[`o${i}`] = c.oldValue;
      replacements[`n${i}`] = c.newValue;
      return `(:problemId, :userId, :at, :f${i}, :o${i}, :n${i})`;
    });
    await this.sequelize.query(
      `INSERT INTO problem_review_history (problem_id, user_id, changed_at, field, old_value, new_value)
       VALUES ${values.join(', ')}`,
      { replacements, transaction },
    );
  }

  /**
   * The supervisor's creators list: every creator, and every other author with a review, with how
   * many of their problems wait for review (the problem or its videos), were reviewed, and are
   * ready; by name.
   */
  async creators(): Promise<ReviewCreator[]> {
    const rows = await this.sequelize.query<
      Omit<ReviewCreator, 'dateJoined'> & { dateJoined: Date | string }
    >(
      `WITH authors AS (
         SELECT ug.user_id AS id FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE g.name = 'Creators'
         UNION
         SELECT p.author_id FROM problems p JOIN problem_reviews r ON r.problem_id = p.id
          WHERE r.problem_to_review OR r.video_to_review OR r.problem_reviewed OR r.video_reviewed
       )
       SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.date_joined AS "dateJoined",
              count(*) FILTER (WHERE (r.problem_to_review AND NOT r.problem_reviewed)
                                  OR (r.video_to_review AND NOT r.video_reviewed))::int AS "toReview",
              count(*) FILTER (WHERE r.problem_reviewed OR r.video_reviewed)::int AS reviewed,
              count(*) FILTER (WHERE r.ready)::int AS ready
         FROM authors
         JOIN users u ON u.id = authors.id
         LEFT JOIN problems p ON p.author_id = u.id
         LEFT JOIN problem_reviews r ON r.problem_id = p.id
        WHERE u.is_active
        GROUP BY u.id
        ORDER BY lower(u.first_name), lower(u.last_name), u.id`,
      { type: QueryTypes.SELECT },
    );
    return rows.map((r) => ({ ...r, dateJoined: iso(r.dateJoined)! }));
  }

  /**
   * One creator's reviews in [start, end): `current` what waits for a supervisor (the problem by when
   * it was sent, or its videos by when they were), `passed` what was reviewed, by review date; the
   * newest first, at most 500.
   */
  async byDate(creatorId: number, state: ReviewState, start: Date, end: Date): Promise<ProblemReview[]> {
    const where =
      state === 'current'
        ? `((r.problem_to_review AND NOT r.problem_reviewed AND r.sent_at >= :start AND r.sent_at < :end)
            OR (r.video_to_review AND NOT r.video_reviewed AND r.video_sent_at >= :start AND r.video_sent_at < :end))`
        : `((r.problem_reviewed OR r.video_reviewed) AND r.review_date >= :start AND r.review_date < :end)`;
    const order =
      state === 'current'
        ? `GREATEST(COALESCE(r.sent_at, '-infinity'), COALESCE(r.video_sent_at, '-infinity')) DESC`
        : `r.review_date DESC`;
    const rows = await this.sequelize.query<ReviewRow>(
      `${REVIEW_SELECT} WHERE p.author_id = :creatorId AND r.id IS NOT NULL AND ${where}
        ORDER BY ${order}, p.id DESC LIMIT 500`,
      { replacements: { creatorId, start, end }, type: QueryTypes.SELECT },
    );
    return rows.map(toReview);
  }

  /** The author of a problem, to mail. */
  async author(problemId: number, transaction?: Transaction): Promise<ReviewAuthor | null> {
    const rows = await this.sequelize.query<ReviewAuthor>(
      `SELECT u.email, u.first_name AS "firstName", u.language
         FROM problems p JOIN users u ON u.id = p.author_id WHERE p.id = :problemId`,
      { replacements: { problemId }, type: QueryTypes.SELECT, transaction },
    );
    return rows[0] ?? null;
  }
}
