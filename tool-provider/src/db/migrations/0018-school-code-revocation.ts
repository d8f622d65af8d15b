import type { QueryInterface } from 'sequelize';

/**
 * School codes a platform admin revokes: a revoked code (`revoked_at` set) can no longer be
 * redeemed, and the plan it gave a school no longer counts, whatever its `plan_valid_until`. The
 * codes are listed newest first, so their creation date is indexed.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `ALTER TABLE subscriptions ADD COLUMN revoked_at timestamptz NULL`,
  `CREATE INDEX subscriptions_created_at_idx ON subscriptions (created_at)`,
];

/** Drops what `up` added (revocations are forgotten: revoked codes count again). */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    await context.sequelize.query(`DROP INDEX IF EXISTS subscriptions_created_at_idx`, { transaction });
    await context.sequelize.query(`ALTER TABLE subscriptions DROP COLUMN IF EXISTS revoked_at`, {
      transaction,
    });
  });
}
