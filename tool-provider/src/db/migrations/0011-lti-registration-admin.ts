import type { QueryInterface } from 'sequelize';

/**
 * A platform admin may disable an LTI 1.1 consumer or an LTI 1.3 platform without deleting it (its
 * users, links and grades stay): `disabled_at` is when it was disabled, NULL while it is enabled.
 * A disabled one launches nothing, receives nothing and frames nothing.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `ALTER TABLE lti11_consumers ADD COLUMN disabled_at timestamptz NULL`,
  `ALTER TABLE lti13_platforms ADD COLUMN disabled_at timestamptz NULL`,
];

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`
    ALTER TABLE lti13_platforms DROP COLUMN IF EXISTS disabled_at;
    ALTER TABLE lti11_consumers DROP COLUMN IF EXISTS disabled_at;
  `);
}
