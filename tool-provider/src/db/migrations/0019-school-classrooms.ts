import type { QueryInterface } from 'sequelize';

/**
 * Classrooms belong to a school as well as to a teacher: `classrooms.institution_id` is the school
 * of the teacher who made the classroom (filled in for the classrooms there are, from their
 * teachers' schools). When a school removes a teacher, the teacher's classrooms of that school stay
 * with the school with no teacher (`author_id` may now be null) until the school gives them to
 * another of its teachers; the students, their assignments and their results stay as they were.
 * A school's students are the distinct students of its classrooms, which its plans limit.
 * `subscriptions.redeemed_at` records when a school redeemed a code (the update date, for the codes
 * redeemed before).
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `ALTER TABLE classrooms ADD COLUMN institution_id integer NULL REFERENCES institutions (id) ON DELETE RESTRICT`,
  `UPDATE classrooms c SET institution_id = it.institution_id
   FROM institution_teachers it WHERE it.user_id = c.author_id`,
  `CREATE INDEX classrooms_institution_id_idx ON classrooms (institution_id)`,
  `ALTER TABLE classrooms ALTER COLUMN author_id DROP NOT NULL`,
  `ALTER TABLE subscriptions ADD COLUMN redeemed_at timestamptz NULL`,
  `UPDATE subscriptions SET redeemed_at = updated_at WHERE institution_id IS NOT NULL`,
];

/**
 * Drops what `up` added. Classrooms without a teacher cannot be kept by a table that needs one: they
 * are deleted, with their memberships and assignments (the students' attempts stay).
 */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of [
      `DELETE FROM classrooms WHERE author_id IS NULL`,
      `ALTER TABLE classrooms ALTER COLUMN author_id SET NOT NULL`,
      `DROP INDEX IF EXISTS classrooms_institution_id_idx`,
      `ALTER TABLE classrooms DROP COLUMN IF EXISTS institution_id`,
      `ALTER TABLE subscriptions DROP COLUMN IF EXISTS redeemed_at`,
    ])
      await context.sequelize.query(sql, { transaction });
  });
}
