import type { QueryInterface } from 'sequelize';

/**
 * Creator statistics (issue 15): the feedback codes the checker gave each attempt (`feedback_codes`,
 * the kebab-case codes of its wrong lines or its message; empty for a right answer and for attempts
 * recorded before), and the time authors spend editing in the creation tool (`authoring_time`: one
 * row per save that reported editing time, kept when the problem is deleted), and indexes that
 * cover what creator statistics read of the attempts and stats of a creator's numerals in a window.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `ALTER TABLE attempts ADD COLUMN feedback_codes text[] NOT NULL DEFAULT '{}'`,
  `CREATE TABLE authoring_time (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  problem_id integer NULL REFERENCES problems (id) ON DELETE SET NULL,
  seconds integer NOT NULL CHECK (seconds > 0),
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  `CREATE INDEX authoring_time_user_id_created_at_idx ON authoring_time (user_id, created_at)`,
  `CREATE INDEX authoring_time_problem_id_idx ON authoring_time (problem_id)`,
  // A creator's statistics read the attempts on their numerals in a window from the index alone.
  `CREATE INDEX attempts_numeral_id_created_at_idx ON attempts (numeral_id, created_at)
   INCLUDE (correct, user_id, temp_student_id)`,
  // … and their students' completion of those numerals from the stats, by last attempt.
  `CREATE INDEX stats_numeral_id_last_attempt_date_idx ON stats (numeral_id, last_attempt_date) INCLUDE (completed)`,
];

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of [
      `DROP INDEX IF EXISTS stats_numeral_id_last_attempt_date_idx`,
      `DROP INDEX IF EXISTS attempts_numeral_id_created_at_idx`,
      `DROP TABLE IF EXISTS authoring_time`,
      `ALTER TABLE attempts DROP COLUMN IF EXISTS feedback_codes`,
    ])
      await context.sequelize.query(sql, { transaction });
  });
}
