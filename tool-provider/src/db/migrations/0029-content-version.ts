import type { QueryInterface } from 'sequelize';

/**
 * A version of the problem content (issue 18): one row whose `version` goes up with every statement
 * that writes a problem, its numerals, steps, choices or coauthors, by statement triggers, so no
 * writer can forget it. Every server process caches what checking an answer reads of that content
 * and compares the version it read with its cache's on each answer: a creator's save or publication
 * is seen at once by every instance on the database.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const TABLES = ['problems', 'numerals', 'steps', 'multiple_choice_entries', 'problem_coauthors'];

const UP = [
  `CREATE TABLE content_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
)`,
  `INSERT INTO content_version (id, version) VALUES (true, 1)`,
  `CREATE FUNCTION kib_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_version SET version = version + 1;
  RETURN NULL;
END
$$`,
  ...TABLES.flatMap((table) => [
    `CREATE TRIGGER ${table}_content_changed AFTER INSERT OR UPDATE OR DELETE ON ${table}
     FOR EACH STATEMENT EXECUTE FUNCTION kib_content_changed()`,
    `CREATE TRIGGER ${table}_content_truncated AFTER TRUNCATE ON ${table}
     FOR EACH STATEMENT EXECUTE FUNCTION kib_content_changed()`,
  ]),
];

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const table of TABLES) {
      await context.sequelize.query(`DROP TRIGGER IF EXISTS ${table}_content_changed ON ${table}`, {
        transaction,
      });
      await context.sequelize.query(`DROP TRIGGER IF EXISTS ${table}_content_truncated ON ${table}`, {
        transaction,
      });
    }
    await context.sequelize.query(`DROP FUNCTION IF EXISTS kib_content_changed()`, { transaction });
    await context.sequelize.query(`DROP TABLE IF EXISTS content_version`, { transaction });
  });
}
