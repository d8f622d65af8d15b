import type { QueryInterface } from 'sequelize';

/**
 * What adaptive practice keeps (issue 35, ADR 31):
 * - `numeral_skills`: a numeral's own skills (set per numeral in the creation tool); a numeral
 *   without any trains its problem's skills.
 * - `skill_prerequisites`: what a skill requires, edited by creators (besides the standards' grade
 *   order).
 * - `skill_mastery`: per solver (an account or a code student) and skill, the model's ability
 *   `theta`, the weight of its evidence and when the last evidence came; a row per pair.
 * - `numeral_difficulty`: per numeral, the model's difficulty and the weight of its evidence.
 * The model's rows go with their solver, skill or numeral.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  for (const sql of [
    `CREATE TABLE numeral_skills (
  numeral_id integer NOT NULL REFERENCES numerals (id) ON DELETE CASCADE,
  skill_id integer NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  PRIMARY KEY (numeral_id, skill_id)
)`,
    `CREATE INDEX numeral_skills_skill_id_idx ON numeral_skills (skill_id)`,
    `CREATE TABLE skill_prerequisites (
  skill_id integer NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  requires_skill_id integer NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  PRIMARY KEY (skill_id, requires_skill_id),
  CHECK (skill_id <> requires_skill_id)
)`,
    `CREATE INDEX skill_prerequisites_requires_idx ON skill_prerequisites (requires_skill_id)`,
    `CREATE TABLE skill_mastery (
  id bigserial PRIMARY KEY,
  user_id integer NULL REFERENCES users (id) ON DELETE CASCADE,
  temp_student_id integer NULL REFERENCES temp_students (id) ON DELETE CASCADE,
  skill_id integer NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  theta double precision NOT NULL DEFAULT 0,
  evidence double precision NOT NULL DEFAULT 0 CHECK (evidence >= 0),
  successes double precision NOT NULL DEFAULT 0 CHECK (successes >= 0),
  last_evidence_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT skill_mastery_solver_check CHECK ((user_id IS NULL) <> (temp_student_id IS NULL)),
  CONSTRAINT skill_mastery_user_skill_key UNIQUE (user_id, skill_id),
  CONSTRAINT skill_mastery_temp_student_skill_key UNIQUE (temp_student_id, skill_id)
)`,
    `CREATE INDEX skill_mastery_skill_id_idx ON skill_mastery (skill_id)`,
    `CREATE TABLE numeral_difficulty (
  numeral_id integer PRIMARY KEY REFERENCES numerals (id) ON DELETE CASCADE,
  difficulty double precision NOT NULL DEFAULT 0,
  evidence double precision NOT NULL DEFAULT 0 CHECK (evidence >= 0)
)`,
  ])
    await context.sequelize.query(sql);
}

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  for (const table of ['numeral_difficulty', 'skill_mastery', 'skill_prerequisites', 'numeral_skills'])
    await context.sequelize.query(`DROP TABLE IF EXISTS ${table}`);
}
