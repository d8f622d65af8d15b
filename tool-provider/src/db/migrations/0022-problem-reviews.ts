import type { QueryInterface } from 'sequelize';

/**
 * The review workflow (spec 02 §3 "Problem review", §4 "Review"): when a problem and its videos were
 * last sent to review (`sent_at`, `video_sent_at`; the current reviews are listed by them), feedback
 * bounded in length, the indexes the review lists read, and `problem_review_history`: every change of
 * a review kept as who, when, and what (the field, its old and its new value).
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

/** The longest feedback a supervisor may write, in characters (also the API's limit). */
const FEEDBACK_MAX = 4000;

const UP = [
  `ALTER TABLE problem_reviews ADD COLUMN sent_at timestamptz NULL`,
  `ALTER TABLE problem_reviews ADD COLUMN video_sent_at timestamptz NULL`,
  `UPDATE problem_reviews SET sent_at = created_at WHERE problem_to_review`,
  `UPDATE problem_reviews SET video_sent_at = created_at WHERE video_to_review`,
  `UPDATE problem_reviews SET problem_feedback = left(problem_feedback, ${FEEDBACK_MAX}),
     video_feedback = left(video_feedback, ${FEEDBACK_MAX})`,
  `ALTER TABLE problem_reviews ADD CONSTRAINT problem_reviews_feedback_length_check
     CHECK (char_length(problem_feedback) <= ${FEEDBACK_MAX} AND char_length(video_feedback) <= ${FEEDBACK_MAX})`,
  `CREATE INDEX problem_reviews_sent_at_idx ON problem_reviews (sent_at)`,
  `CREATE INDEX problem_reviews_review_date_idx ON problem_reviews (review_date)`,
  `CREATE TABLE problem_review_history (
  id bigserial PRIMARY KEY,
  problem_id integer NOT NULL REFERENCES problems (id) ON DELETE CASCADE,
  user_id integer NULL REFERENCES users (id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  field varchar(40) NOT NULL,
  old_value text NULL,
  new_value text NULL
)`,
  `CREATE INDEX problem_review_history_problem_idx ON problem_review_history (problem_id, changed_at, id)`,
  `CREATE INDEX problem_review_history_user_id_idx ON problem_review_history (user_id)`,
];

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of [
      `DROP TABLE IF EXISTS problem_review_history`,
      `DROP INDEX IF EXISTS problem_reviews_review_date_idx`,
      `DROP INDEX IF EXISTS problem_reviews_sent_at_idx`,
      `ALTER TABLE problem_reviews DROP CONSTRAINT IF EXISTS problem_reviews_feedback_length_check`,
      `ALTER TABLE problem_reviews DROP COLUMN IF EXISTS video_sent_at`,
      `ALTER TABLE problem_reviews DROP COLUMN IF EXISTS sent_at`,
    ])
      await context.sequelize.query(sql, { transaction });
  });
}
