import type { QueryInterface } from 'sequelize';

/**
 * An LMS instructor's account linked to their Kib teacher account (one Kib account per LMS account;
 * a Kib teacher may be linked from several LMSs): the activity picker then offers the teacher's own
 * modules. Deleting either account deletes the link.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `CREATE TABLE lti_account_links (
  lti_user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  teacher_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  linked_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lti_account_links_distinct_check CHECK (lti_user_id <> teacher_id)
)`,
  `CREATE INDEX lti_account_links_teacher_id_idx ON lti_account_links (teacher_id)`,
];

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`DROP TABLE IF EXISTS lti_account_links`);
}
