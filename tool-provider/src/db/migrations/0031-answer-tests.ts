import type { QueryInterface } from 'sequelize';

/**
 * Question tests (issue 34): each numeral and step keeps the answers its author wrote to prove the
 * checking, each with what the checker must do with it (`AnswerTestSchema` of `@kib/core`), as a
 * JSON list beside its record. The authoring checks run them on every save.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const table of ['numerals', 'steps'])
      await context.sequelize.query(
        `ALTER TABLE ${table} ADD COLUMN answer_tests jsonb NOT NULL DEFAULT '[]'::jsonb`,
        { transaction },
      );
  });
}

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const table of ['numerals', 'steps'])
      await context.sequelize.query(`ALTER TABLE ${table} DROP COLUMN answer_tests`, { transaction });
  });
}
