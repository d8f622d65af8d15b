import type { QueryInterface } from 'sequelize';

/**
 * When a grade was given up after its last try (`given_up_at`), so the instructor of the LMS
 * activity sees which grades did not reach the LMS, since when and why, and can send them again.
 * The give-ups of a module are looked up by module, so they are indexed.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = ['lti11_outcomes', 'lti13_outcomes'].flatMap((table) => [
  `ALTER TABLE ${table} ADD COLUMN given_up_at timestamptz NULL`,
  `CREATE INDEX ${table}_given_up_idx ON ${table} (module_id) WHERE given_up_at IS NOT NULL`,
]);

/** Drops what `up` added (given-up grades are no longer told apart). */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const table of ['lti11_outcomes', 'lti13_outcomes']) {
      await context.sequelize.query(`DROP INDEX IF EXISTS ${table}_given_up_idx`, { transaction });
      await context.sequelize.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS given_up_at`, {
        transaction,
      });
    }
  });
}
