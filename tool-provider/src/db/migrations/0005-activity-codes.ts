import type { QueryInterface } from 'sequelize';

/**
 * Activity and module codes are matched without regard to case (a phone capitalises the first
 * letter), so two codes that differ only in case would open either module: each code column becomes
 * unique on its upper-cased value, which is also the index the lookup uses.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(
    `CREATE UNIQUE INDEX temp_module_activities_student_code_upper_key
       ON temp_module_activities (upper(student_access_code))`,
  );
  await context.sequelize.query(
    `CREATE UNIQUE INDEX temp_module_activities_teacher_code_upper_key
       ON temp_module_activities (upper(teacher_access_code))`,
  );
  await context.sequelize.query(
    `CREATE UNIQUE INDEX module_codes_code_upper_key ON module_codes (upper(code))`,
  );
}

/** Drops the three indexes. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`DROP INDEX IF EXISTS module_codes_code_upper_key`);
  await context.sequelize.query(`DROP INDEX IF EXISTS temp_module_activities_teacher_code_upper_key`);
  await context.sequelize.query(`DROP INDEX IF EXISTS temp_module_activities_student_code_upper_key`);
}
