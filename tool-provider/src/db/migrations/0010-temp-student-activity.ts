import type { QueryInterface } from 'sequelize';

/**
 * A temporary student belongs to the code activity they registered with, not only to its module:
 * two teachers who run the same module with their own activity codes each see their own students.
 * Students registered with a module's own student code keep a null activity.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    await context.sequelize.query(
      `ALTER TABLE temp_students
         ADD COLUMN activity_id integer NULL REFERENCES temp_module_activities (id) ON DELETE CASCADE`,
      { transaction },
    );
    await context.sequelize.query(
      `CREATE INDEX temp_students_activity_id_idx ON temp_students (activity_id)`,
      {
        transaction,
      },
    );
  });
}

/** Drops the column (and its index). */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`ALTER TABLE temp_students DROP COLUMN IF EXISTS activity_id`);
}
