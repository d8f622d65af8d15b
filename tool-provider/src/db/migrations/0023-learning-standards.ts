import type { QueryInterface } from 'sequelize';

/**
 * Learning standards (spec 02 §3 "education system, grade, learning standard, skill";
 * docs/learning-standards.md): the rows of an education system's document gain a `code` (stable
 * within their parent, so a reference file can be loaded again without duplicating anything), an
 * English name beside the document's own, and an order; a learning standard names the thinking
 * ("pensamiento") it belongs to where its system groups standards that way. Problems are linked to
 * the skills they work on (`problem_skills`), so the module builder finds problems by standard or
 * skill; modules already link to standards and skills (`module_learning_standards`, `module_skills`).
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `ALTER TABLE education_systems
     ADD COLUMN code varchar(40) NULL CHECK (code ~ '^[a-z0-9-]+$'),
     ADD COLUMN name_english varchar(200) NULL,
     ADD COLUMN learning_standard_name_english varchar(200) NULL`,
  `ALTER TABLE education_systems ADD CONSTRAINT education_systems_code_key UNIQUE (code)`,
  `ALTER TABLE grades ADD COLUMN name_english varchar(100) NULL`,
  `ALTER TABLE learning_standards
     ADD COLUMN code varchar(60) NULL CHECK (code ~ '^[a-z0-9.-]+$'),
     ADD COLUMN name_english text NULL,
     ADD COLUMN thinking varchar(20) NULL
       CHECK (thinking IN ('numeric', 'spatial', 'metric', 'random', 'variational')),
     ADD COLUMN position smallint NOT NULL DEFAULT 0`,
  `ALTER TABLE learning_standards
     ADD CONSTRAINT learning_standards_grade_id_code_key UNIQUE (grade_id, code)`,
  `ALTER TABLE skills
     ADD COLUMN code varchar(60) NULL CHECK (code ~ '^[a-z0-9.-]+$'),
     ADD COLUMN name_english text NULL,
     ADD COLUMN position smallint NOT NULL DEFAULT 0`,
  `ALTER TABLE skills ADD CONSTRAINT skills_learning_standard_id_code_key UNIQUE (learning_standard_id, code)`,
  `CREATE TABLE problem_skills (
  problem_id integer NOT NULL REFERENCES problems (id) ON DELETE CASCADE,
  skill_id integer NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  PRIMARY KEY (problem_id, skill_id)
)`,
  `CREATE INDEX problem_skills_skill_id_idx ON problem_skills (skill_id)`,
];

/** Drops what `up` added (the rows stay, without their codes and English names). */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of [
      `DROP TABLE IF EXISTS problem_skills`,
      `ALTER TABLE skills DROP CONSTRAINT IF EXISTS skills_learning_standard_id_code_key`,
      `ALTER TABLE skills DROP COLUMN IF EXISTS code, DROP COLUMN IF EXISTS name_english,
         DROP COLUMN IF EXISTS position`,
      `ALTER TABLE learning_standards DROP CONSTRAINT IF EXISTS learning_standards_grade_id_code_key`,
      `ALTER TABLE learning_standards DROP COLUMN IF EXISTS code, DROP COLUMN IF EXISTS name_english,
         DROP COLUMN IF EXISTS thinking, DROP COLUMN IF EXISTS position`,
      `ALTER TABLE grades DROP COLUMN IF EXISTS name_english`,
      `ALTER TABLE education_systems DROP CONSTRAINT IF EXISTS education_systems_code_key`,
      `ALTER TABLE education_systems DROP COLUMN IF EXISTS code, DROP COLUMN IF EXISTS name_english,
         DROP COLUMN IF EXISTS learning_standard_name_english`,
    ])
      await context.sequelize.query(sql, { transaction });
  });
}
