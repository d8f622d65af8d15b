import type { QueryInterface } from 'sequelize';

/**
 * Unsaved creation-tool drafts kept on the server (issue 34), for a browser whose storage is
 * blocked (an LMS frame): one row per user and draft name, the draft's JSON as the tool keeps it.
 * They go with their user.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`CREATE TABLE creator_drafts (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name varchar(40) NOT NULL,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, name)
)`);
}

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`DROP TABLE creator_drafts`);
}
