import type { QueryInterface } from 'sequelize';

/**
 * Courses gain `in_demo`: the demo mode (no account) shows only these courses, and the server checks
 * answers without an account only for published problems of their topics.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`ALTER TABLE courses ADD COLUMN in_demo boolean NOT NULL DEFAULT false`);
}

/** Drops the column. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`ALTER TABLE courses DROP COLUMN in_demo`);
}
