import type { QueryInterface } from 'sequelize';

/**
 * Creators' modules and their open activities (spec 02 §3 "Temp activity"): an open activity
 * remembers who opened it and, besides the names typed for it, the Kib teacher it was opened for
 * (who reads its results with its teacher access code) and that teacher's classroom when the name
 * typed is one of theirs.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `ALTER TABLE temp_module_activities
     ADD COLUMN created_by integer NULL REFERENCES users (id) ON DELETE SET NULL,
     ADD COLUMN target_teacher_id integer NULL REFERENCES users (id) ON DELETE SET NULL,
     ADD COLUMN target_classroom_id integer NULL REFERENCES classrooms (id) ON DELETE SET NULL`,
  `CREATE INDEX temp_module_activities_target_teacher_id_idx ON temp_module_activities (target_teacher_id)`,
];

/** Drops the columns (and their index). */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of [
      `ALTER TABLE temp_module_activities
         DROP COLUMN IF EXISTS target_classroom_id,
         DROP COLUMN IF EXISTS target_teacher_id,
         DROP COLUMN IF EXISTS created_by`,
    ])
      await context.sequelize.query(sql, { transaction });
  });
}
