import type { QueryInterface } from 'sequelize';

/*
 * The relational data model of Kib (docs/data-model.md). This file is the source of truth: the
 * Sequelize models mirror it and never `sync`. It is a historical record, so it names its
 * reference data (groups, math types, classroom levels) literally instead of importing constants
 * that may change later; a later change is a later migration.
 *
 * ON DELETE, by rule:
 * - CASCADE for owned children (numerals of a problem, steps of a numeral, math-type records,
 *   stats and attempts of a numeral or of a student, links of a deleted side);
 * - SET NULL for optional references (a problem's topic, a review's supervisor, a module's source);
 * - RESTRICT where deleting would lose other people's work (a user who authored problems,
 *   classrooms or modules; a problem used in a module; a place an institution is in).
 */

/** The group names inserted as reference data, in id order (the GROUPS of @kib/core when written). */
const GROUP_NAMES = [
  'Students',
  'Teachers',
  'Creators',
  'Supervisors',
  'School Admin',
  'Platform Admin',
  'LTITeacher',
  'LTIStudent',
];

/** The 14 math types of numerals and steps (spec 02 §2). */
const MATH_TYPES = [
  'solve',
  'simplify',
  'functions',
  'equationOfALine',
  'findExpression',
  'plotLinearEquation',
  'plotFunction',
  'intervals',
  'multipleChoice',
  'setPointCartesianPlane',
  'setMultiPointPlane',
  'numberlinePoints',
  'tableSimple',
  'primeDecomposition',
];

/** Classroom levels (spec 03 §5: chosen from a list; the old client used id 4 as its default). */
const CLASSROOM_LEVELS: [number, string, string][] = [
  [1, 'Elementary school', 'Primaria'],
  [2, 'Middle school', 'Básica secundaria'],
  [3, 'High school', 'Media'],
  [4, 'General', 'General'],
  [5, 'University', 'Universidad'],
];

const quote = (s: string): string => `'${s.replaceAll("'", "''")}'`;
const inList = (values: readonly string[]): string => values.map(quote).join(', ');

const TIMESTAMPS = `created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

/** An ExpressionList or other list column: a JSON array, never null. */
const list = (column: string): string =>
  `${column} jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(${column}) = 'array')`;

/**
 * One math-type data record table: belongs to exactly one numeral or one step, at most one record
 * per numeral or step, deleted with its owner.
 */
function mathTypeTable(table: string, columns: string[]): string[] {
  return [
    `CREATE TABLE ${table} (
  id serial PRIMARY KEY,
  numeral_id integer NULL REFERENCES numerals (id) ON DELETE CASCADE,
  step_id integer NULL REFERENCES steps (id) ON DELETE CASCADE,
  ${columns.join(',\n  ')},
  ${TIMESTAMPS},
  CONSTRAINT ${table}_owner_check CHECK ((numeral_id IS NULL) <> (step_id IS NULL)),
  CONSTRAINT ${table}_numeral_id_key UNIQUE (numeral_id),
  CONSTRAINT ${table}_step_id_key UNIQUE (step_id)
)`,
  ];
}

/** The 13 math-type record tables (multipleChoice has its entries in multiple_choice_entries). */
export const MATH_TYPE_TABLES = {
  simplify: 'math_type_simplify',
  solve: 'math_type_solve',
  functions: 'math_type_functions',
  equationOfALine: 'math_type_equation_of_a_line',
  plotFunction: 'math_type_plot_function',
  plotLinearEquation: 'math_type_plot_linear_equation',
  setPointCartesianPlane: 'math_type_set_point_cartesian_plane',
  setMultiPointPlane: 'math_type_set_multi_point_plane',
  intervals: 'math_type_intervals',
  numberlinePoints: 'math_type_numberline_points',
  findExpression: 'math_type_find_expression',
  tableSimple: 'math_type_table_simple',
  primeDecomposition: 'math_type_prime_decomposition',
} as const;

const T = MATH_TYPE_TABLES;

/** Every statement of `up`, in order; `down` drops {@link DOMAIN_TABLES} in reverse. */
const UP: string[] = [
  // ----- Users and groups -------------------------------------------------------------------
  `CREATE TABLE users (
  id serial PRIMARY KEY,
  email varchar(254) NOT NULL,
  password_hash text NULL,
  first_name varchar(150) NOT NULL DEFAULT '',
  last_name varchar(150) NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT false,
  is_demo boolean NOT NULL DEFAULT false,
  can_edit_any_problem boolean NOT NULL DEFAULT false,
  language varchar(2) NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'en')),
  date_joined timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz NULL,
  ${TIMESTAMPS}
)`,
  `CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`,

  `CREATE TABLE groups (
  id serial PRIMARY KEY,
  name varchar(80) NOT NULL UNIQUE
)`,
  `INSERT INTO groups (name) VALUES ${GROUP_NAMES.map((g) => `(${quote(g)})`).join(', ')}`,

  `CREATE TABLE user_groups (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE RESTRICT,
  position smallint NOT NULL CHECK (position >= 0),
  PRIMARY KEY (user_id, group_id),
  CONSTRAINT user_groups_user_id_position_key UNIQUE (user_id, position)
)`,
  `CREATE INDEX user_groups_group_id_idx ON user_groups (group_id)`,

  // ----- Geography ----------------------------------------------------------------------------
  `CREATE TABLE countries (
  id serial PRIMARY KEY,
  name varchar(100) NOT NULL UNIQUE
)`,
  `CREATE TABLE territorial_entities (
  id serial PRIMARY KEY,
  country_id integer NOT NULL REFERENCES countries (id) ON DELETE CASCADE,
  name varchar(100) NOT NULL,
  CONSTRAINT territorial_entities_country_id_name_key UNIQUE (country_id, name)
)`,
  `CREATE TABLE cities (
  id serial PRIMARY KEY,
  territorial_entity_id integer NULL REFERENCES territorial_entities (id) ON DELETE CASCADE,
  country_id integer NOT NULL REFERENCES countries (id) ON DELETE CASCADE,
  name varchar(100) NOT NULL,
  CONSTRAINT cities_territorial_entity_id_name_key UNIQUE (territorial_entity_id, name)
)`,
  `CREATE INDEX cities_country_id_idx ON cities (country_id)`,

  // ----- Content taxonomy ---------------------------------------------------------------------
  `CREATE TABLE courses (
  id serial PRIMARY KEY,
  name varchar(200) NOT NULL,
  name_spanish varchar(200) NOT NULL DEFAULT ''
)`,
  `CREATE TABLE topics (
  id serial PRIMARY KEY,
  name varchar(200) NOT NULL,
  name_spanish varchar(200) NOT NULL DEFAULT ''
)`,
  `CREATE TABLE course_topics (
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  topic_id integer NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
  PRIMARY KEY (course_id, topic_id)
)`,
  `CREATE INDEX course_topics_topic_id_idx ON course_topics (topic_id)`,
  `CREATE TABLE subtopics (
  id serial PRIMARY KEY,
  topic_id integer NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
  name varchar(200) NOT NULL,
  name_spanish varchar(200) NOT NULL DEFAULT ''
)`,
  `CREATE INDEX subtopics_topic_id_idx ON subtopics (topic_id)`,

  // ----- Problems, numerals, steps ------------------------------------------------------------
  `CREATE TABLE problems (
  id serial PRIMARY KEY,
  title varchar(255) NOT NULL,
  description text NOT NULL DEFAULT '',
  language varchar(2) NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'en')),
  picture varchar(500) NULL,
  topic_id integer NULL REFERENCES topics (id) ON DELETE SET NULL,
  subtopic_id integer NULL REFERENCES subtopics (id) ON DELETE SET NULL,
  author_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  numeration varchar(20) NULL,
  publish_problem boolean NOT NULL DEFAULT false,
  video_s3 varchar(500) NULL,
  calculator boolean NOT NULL DEFAULT false,
  ${TIMESTAMPS}
)`,
  `CREATE INDEX problems_topic_id_idx ON problems (topic_id)`,
  `CREATE INDEX problems_subtopic_id_idx ON problems (subtopic_id)`,
  `CREATE INDEX problems_author_id_idx ON problems (author_id)`,
  `CREATE TABLE problem_coauthors (
  problem_id integer NOT NULL REFERENCES problems (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (problem_id, user_id)
)`,
  `CREATE INDEX problem_coauthors_user_id_idx ON problem_coauthors (user_id)`,
  `CREATE TABLE numerals (
  id serial PRIMARY KEY,
  problem_id integer NOT NULL REFERENCES problems (id) ON DELETE CASCADE,
  number smallint NOT NULL CHECK (number >= 0),
  math_type varchar(32) NOT NULL CHECK (math_type IN (${inList(MATH_TYPES)})),
  question text NOT NULL DEFAULT '',
  initial_hint text NULL,
  hint_picture varchar(500) NULL,
  picture varchar(500) NULL,
  video_s3 varchar(500) NULL,
  calculator boolean NOT NULL DEFAULT false,
  ${TIMESTAMPS}
)`,
  `CREATE INDEX numerals_problem_id_number_idx ON numerals (problem_id, number)`,
  `CREATE TABLE steps (
  id serial PRIMARY KEY,
  numeral_id integer NOT NULL REFERENCES numerals (id) ON DELETE CASCADE,
  number smallint NOT NULL CHECK (number >= 0),
  math_type varchar(32) NOT NULL CHECK (math_type IN (${inList(MATH_TYPES)})),
  instruction text NOT NULL DEFAULT '',
  explanation text NOT NULL DEFAULT '',
  picture varchar(500) NULL,
  video_s3 varchar(500) NULL,
  calculator boolean NOT NULL DEFAULT false,
  ${TIMESTAMPS}
)`,
  `CREATE INDEX steps_numeral_id_number_idx ON steps (numeral_id, number)`,

  // ----- Math-type data records -----------------------------------------------------------------
  ...mathTypeTable(T.simplify, [
    `starting_expression text NOT NULL DEFAULT ''`,
    `target text NOT NULL DEFAULT ''`,
    list('constant'),
    list('units'),
    list('defined_symbols'),
    list('functions'),
    list('complementary_equations'),
    list('complementary_variables'),
    `convert_to_degrees boolean NOT NULL DEFAULT false`,
    `exact_expr boolean NOT NULL DEFAULT false`,
    `interval text NULL`,
  ]),
  ...mathTypeTable(T.solve, [
    `unknown_variable varchar(32) NOT NULL DEFAULT 'x'`,
    `starting_expression text NOT NULL DEFAULT ''`,
    `helping_expression text NULL`,
    list('constant'),
    list('units'),
    list('defined_symbols'),
    list('functions'),
    list('defined_solutions'),
    `convert_to_degrees boolean NOT NULL DEFAULT false`,
    `interval text NULL`,
  ]),
  ...mathTypeTable(T.functions, [
    `function_expr text NOT NULL DEFAULT ''`,
    `x_value text NULL`,
    `y_value text NULL`,
    `convert_to_degrees boolean NOT NULL DEFAULT false`,
  ]),
  ...mathTypeTable(T.equationOfALine, [
    `x1 text NOT NULL DEFAULT ''`,
    `y1 text NOT NULL DEFAULT ''`,
    `x2 text NOT NULL DEFAULT ''`,
    `y2 text NOT NULL DEFAULT ''`,
    `x_symbol varchar(32) NOT NULL DEFAULT 'x'`,
    `y_symbol varchar(32) NOT NULL DEFAULT 'y'`,
    `m_symbol varchar(32) NOT NULL DEFAULT 'm'`,
    `b_symbol varchar(32) NOT NULL DEFAULT 'b'`,
    `m_given boolean NOT NULL DEFAULT false`,
    `b_given boolean NOT NULL DEFAULT false`,
    `find_m boolean NOT NULL DEFAULT false`,
    `find_b boolean NOT NULL DEFAULT false`,
    `find_equation boolean NOT NULL DEFAULT false`,
  ]),
  ...mathTypeTable(T.plotFunction, [`function text NOT NULL DEFAULT ''`]),
  ...mathTypeTable(T.plotLinearEquation, [`m text NOT NULL DEFAULT ''`, `b text NOT NULL DEFAULT ''`]),
  ...mathTypeTable(T.setPointCartesianPlane, [`x double precision NOT NULL`, `y double precision NOT NULL`]),
  ...mathTypeTable(T.setMultiPointPlane, [`points_list text NOT NULL DEFAULT ''`]),
  ...mathTypeTable(T.intervals, [list('intervals')]),
  ...mathTypeTable(T.numberlinePoints, [list('points')]),
  ...mathTypeTable(T.findExpression, [
    `unknown_variable varchar(32) NOT NULL DEFAULT 'x'`,
    `target_expression text NOT NULL DEFAULT ''`,
    `defining_equation text NOT NULL DEFAULT ''`,
    list('constant'),
    `convert_to_degrees boolean NOT NULL DEFAULT false`,
  ]),
  ...mathTypeTable(T.tableSimple, [
    list('constant'),
    `interval boolean NOT NULL DEFAULT false`,
    `num_rows integer NOT NULL CHECK (num_rows > 0)`,
    `num_columns integer NOT NULL CHECK (num_columns > 0)`,
    list('table_data'),
  ]),
  ...mathTypeTable(T.primeDecomposition, [
    list('numbers'),
    `decomp_type varchar(10) NOT NULL DEFAULT 'Decomp' CHECK (decomp_type IN ('Decomp', 'LCM', 'GCD'))`,
  ]),
  `CREATE TABLE multiple_choice_entries (
  id serial PRIMARY KEY,
  numeral_id integer NULL REFERENCES numerals (id) ON DELETE CASCADE,
  step_id integer NULL REFERENCES steps (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position >= 0),
  text text NOT NULL DEFAULT '',
  picture varchar(500) NULL,
  correct boolean NOT NULL DEFAULT false,
  ${TIMESTAMPS},
  CONSTRAINT multiple_choice_entries_owner_check CHECK ((numeral_id IS NULL) <> (step_id IS NULL))
)`,
  `CREATE INDEX multiple_choice_entries_numeral_id_idx ON multiple_choice_entries (numeral_id, position)`,
  `CREATE INDEX multiple_choice_entries_step_id_idx ON multiple_choice_entries (step_id, position)`,

  // ----- Review -------------------------------------------------------------------------------
  `CREATE TABLE problem_reviews (
  id serial PRIMARY KEY,
  problem_id integer NOT NULL UNIQUE REFERENCES problems (id) ON DELETE CASCADE,
  problem_to_review boolean NOT NULL DEFAULT false,
  video_to_review boolean NOT NULL DEFAULT false,
  problem_reviewed boolean NOT NULL DEFAULT false,
  video_reviewed boolean NOT NULL DEFAULT false,
  ready boolean NOT NULL DEFAULT false,
  video_ready boolean NOT NULL DEFAULT false,
  problem_feedback text NOT NULL DEFAULT '',
  video_feedback text NOT NULL DEFAULT '',
  corrected_text boolean NOT NULL DEFAULT false,
  corrected_math boolean NOT NULL DEFAULT false,
  graphs integer NOT NULL DEFAULT 0 CHECK (graphs >= 0),
  supervisor_id integer NULL REFERENCES users (id) ON DELETE SET NULL,
  review_date timestamptz NULL,
  ${TIMESTAMPS}
)`,
  `CREATE INDEX problem_reviews_supervisor_id_idx ON problem_reviews (supervisor_id)`,

  // ----- Classrooms ---------------------------------------------------------------------------
  `CREATE TABLE classroom_levels (
  id integer PRIMARY KEY,
  name varchar(100) NOT NULL UNIQUE,
  name_spanish varchar(100) NOT NULL
)`,
  `INSERT INTO classroom_levels (id, name, name_spanish) VALUES ${CLASSROOM_LEVELS.map(
    ([id, name, es]) => `(${id}, ${quote(name)}, ${quote(es)})`,
  ).join(', ')}`,
  `CREATE TABLE classrooms (
  id serial PRIMARY KEY,
  name varchar(150) NOT NULL CHECK (btrim(name) <> ''),
  description text NOT NULL DEFAULT '',
  code char(6) NOT NULL CHECK (char_length(code) = 6),
  level_id integer NOT NULL DEFAULT 4 REFERENCES classroom_levels (id) ON DELETE RESTRICT,
  author_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  ${TIMESTAMPS},
  CONSTRAINT classrooms_code_key UNIQUE (code),
  CONSTRAINT classrooms_author_id_name_key UNIQUE (author_id, name)
)`,
  `CREATE INDEX classrooms_level_id_idx ON classrooms (level_id)`,
  `CREATE TABLE classroom_students (
  classroom_id integer NOT NULL REFERENCES classrooms (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (classroom_id, user_id)
)`,
  `CREATE INDEX classroom_students_user_id_idx ON classroom_students (user_id)`,

  // ----- Modules (assignments) ----------------------------------------------------------------
  `CREATE TABLE modules (
  id serial PRIMARY KEY,
  name varchar(200) NOT NULL CHECK (btrim(name) <> ''),
  description text NOT NULL DEFAULT '',
  author_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  source_module_id integer NULL REFERENCES modules (id) ON DELETE SET NULL,
  creation_date timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT modules_author_id_name_key UNIQUE (author_id, name)
)`,
  `CREATE INDEX modules_source_module_id_idx ON modules (source_module_id)`,
  `CREATE TABLE module_problems (
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  problem_id integer NOT NULL REFERENCES problems (id) ON DELETE RESTRICT,
  numeration varchar(20) NULL,
  PRIMARY KEY (module_id, problem_id)
)`,
  `CREATE INDEX module_problems_problem_id_idx ON module_problems (problem_id)`,
  `CREATE TABLE module_classrooms (
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  classroom_id integer NOT NULL REFERENCES classrooms (id) ON DELETE CASCADE,
  individual_students boolean NOT NULL DEFAULT false,
  publish_date timestamptz NULL,
  deadline timestamptz NULL,
  creation_date timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (module_id, classroom_id),
  CONSTRAINT module_classrooms_dates_check CHECK (publish_date IS NULL OR deadline IS NULL OR publish_date <= deadline)
)`,
  `CREATE INDEX module_classrooms_classroom_id_idx ON module_classrooms (classroom_id)`,
  `CREATE TABLE module_students (
  module_id integer NOT NULL,
  classroom_id integer NOT NULL,
  student_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (module_id, classroom_id, student_id),
  FOREIGN KEY (module_id, classroom_id) REFERENCES module_classrooms (module_id, classroom_id) ON DELETE CASCADE
)`,
  `CREATE INDEX module_students_student_id_idx ON module_students (student_id)`,
  `CREATE TABLE student_modules (
  classroom_id integer NOT NULL,
  module_id integer NOT NULL,
  student_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  deadline timestamptz NULL,
  ${TIMESTAMPS},
  PRIMARY KEY (classroom_id, module_id, student_id),
  FOREIGN KEY (module_id, classroom_id) REFERENCES module_classrooms (module_id, classroom_id) ON DELETE CASCADE
)`,
  `CREATE INDEX student_modules_student_id_idx ON student_modules (student_id)`,
  `CREATE INDEX student_modules_module_id_classroom_id_idx ON student_modules (module_id, classroom_id)`,
  `CREATE TABLE module_codes (
  id serial PRIMARY KEY,
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  code varchar(16) NOT NULL UNIQUE CHECK (char_length(code) >= 4 AND code !~ '\\s'),
  audience varchar(10) NOT NULL CHECK (audience IN ('students', 'teachers')),
  valid_until timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  `CREATE INDEX module_codes_module_id_idx ON module_codes (module_id)`,
  `CREATE TABLE temp_module_activities (
  id serial PRIMARY KEY,
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  student_access_code varchar(16) NOT NULL UNIQUE CHECK (char_length(student_access_code) >= 4 AND student_access_code !~ '\\s'),
  teacher_access_code varchar(16) NOT NULL UNIQUE CHECK (char_length(teacher_access_code) >= 4 AND teacher_access_code !~ '\\s'),
  target_institution varchar(200) NOT NULL,
  target_classroom varchar(200) NOT NULL,
  target_teacher varchar(200) NOT NULL,
  creation_date timestamptz NOT NULL DEFAULT now(),
  valid_until timestamptz NULL,
  CONSTRAINT temp_module_activities_codes_check CHECK (student_access_code <> teacher_access_code)
)`,
  `CREATE INDEX temp_module_activities_module_id_idx ON temp_module_activities (module_id)`,
  `CREATE TABLE temp_students (
  id serial PRIMARY KEY,
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  first_name varchar(150) NOT NULL DEFAULT '',
  last_name varchar(150) NOT NULL DEFAULT '',
  student_code varchar(50) NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  `CREATE INDEX temp_students_module_id_idx ON temp_students (module_id)`,

  // ----- Solving: stats and the attempts log ----------------------------------------------------
  `CREATE TABLE stats (
  id serial PRIMARY KEY,
  user_id integer NULL REFERENCES users (id) ON DELETE CASCADE,
  temp_student_id integer NULL REFERENCES temp_students (id) ON DELETE CASCADE,
  numeral_id integer NOT NULL REFERENCES numerals (id) ON DELETE CASCADE,
  completed boolean NOT NULL DEFAULT false,
  answer_time integer NOT NULL DEFAULT 0 CHECK (answer_time >= 0),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_attempt_date timestamptz NULL,
  ${TIMESTAMPS},
  CONSTRAINT stats_solver_check CHECK ((user_id IS NULL) <> (temp_student_id IS NULL)),
  CONSTRAINT stats_user_id_numeral_id_key UNIQUE (user_id, numeral_id),
  CONSTRAINT stats_temp_student_id_numeral_id_key UNIQUE (temp_student_id, numeral_id)
)`,
  `CREATE INDEX stats_numeral_id_idx ON stats (numeral_id)`,
  `CREATE TABLE attempts (
  id bigserial PRIMARY KEY,
  user_id integer NULL REFERENCES users (id) ON DELETE CASCADE,
  temp_student_id integer NULL REFERENCES temp_students (id) ON DELETE CASCADE,
  numeral_id integer NOT NULL REFERENCES numerals (id) ON DELETE CASCADE,
  step_id integer NULL REFERENCES steps (id) ON DELETE CASCADE,
  correct boolean NOT NULL,
  answer jsonb NOT NULL,
  total_time integer NOT NULL DEFAULT 0 CHECK (total_time >= 0),
  deadline_passed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT attempts_solver_check CHECK ((user_id IS NULL) <> (temp_student_id IS NULL))
)`,
  `CREATE INDEX attempts_user_id_created_at_idx ON attempts (user_id, created_at)`,
  `CREATE INDEX attempts_temp_student_id_idx ON attempts (temp_student_id)`,
  `CREATE INDEX attempts_numeral_id_idx ON attempts (numeral_id)`,
  `CREATE INDEX attempts_step_id_idx ON attempts (step_id)`,

  // ----- Schools --------------------------------------------------------------------------------
  `CREATE TABLE institutions (
  id serial PRIMARY KEY,
  name varchar(200) NOT NULL CHECK (btrim(name) <> ''),
  country_id integer NULL REFERENCES countries (id) ON DELETE RESTRICT,
  territorial_entity_id integer NULL REFERENCES territorial_entities (id) ON DELETE RESTRICT,
  city_id integer NOT NULL REFERENCES cities (id) ON DELETE RESTRICT,
  address varchar(300) NOT NULL DEFAULT '',
  email varchar(254) NOT NULL DEFAULT '',
  telephone varchar(30) NOT NULL DEFAULT '',
  registration_code varchar(20) NULL UNIQUE,
  ${TIMESTAMPS}
)`,
  `CREATE INDEX institutions_city_id_idx ON institutions (city_id)`,
  `CREATE INDEX institutions_country_id_idx ON institutions (country_id)`,
  `CREATE INDEX institutions_territorial_entity_id_idx ON institutions (territorial_entity_id)`,
  `CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  institution_name varchar(200) NOT NULL DEFAULT '',
  institution_id integer NULL REFERENCES institutions (id) ON DELETE RESTRICT,
  number_of_students integer NOT NULL CHECK (number_of_students > 0),
  code varchar(20) NOT NULL UNIQUE,
  code_valid_until timestamptz NOT NULL,
  plan_valid_until timestamptz NOT NULL,
  created_by integer NULL REFERENCES users (id) ON DELETE SET NULL,
  ${TIMESTAMPS}
)`,
  `CREATE INDEX subscriptions_institution_id_idx ON subscriptions (institution_id)`,
  `CREATE INDEX subscriptions_created_by_idx ON subscriptions (created_by)`,
  `CREATE TABLE institution_teachers (
  institution_id integer NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (institution_id, user_id),
  CONSTRAINT institution_teachers_user_id_key UNIQUE (user_id)
)`,
  `CREATE TABLE institution_admins (
  institution_id integer NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (institution_id, user_id)
)`,
  `CREATE INDEX institution_admins_user_id_idx ON institution_admins (user_id)`,
  `CREATE TABLE teacher_codes (
  id serial PRIMARY KEY,
  institution_id integer NOT NULL REFERENCES institutions (id) ON DELETE CASCADE,
  code varchar(20) NOT NULL UNIQUE,
  code_expiration timestamptz NOT NULL,
  used_by integer NULL REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  `CREATE INDEX teacher_codes_institution_id_idx ON teacher_codes (institution_id)`,
  `CREATE INDEX teacher_codes_used_by_idx ON teacher_codes (used_by)`,

  // ----- Education systems (competences) --------------------------------------------------------
  `CREATE TABLE education_systems (
  id serial PRIMARY KEY,
  name varchar(200) NOT NULL UNIQUE,
  learning_standard_name varchar(200) NOT NULL DEFAULT ''
)`,
  `CREATE TABLE grades (
  id serial PRIMARY KEY,
  education_system_id integer NOT NULL REFERENCES education_systems (id) ON DELETE CASCADE,
  name varchar(100) NOT NULL,
  numeration smallint NOT NULL,
  CONSTRAINT grades_education_system_id_name_key UNIQUE (education_system_id, name)
)`,
  `CREATE TABLE learning_standards (
  id serial PRIMARY KEY,
  grade_id integer NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
  name text NOT NULL
)`,
  `CREATE INDEX learning_standards_grade_id_idx ON learning_standards (grade_id)`,
  `CREATE TABLE skills (
  id serial PRIMARY KEY,
  learning_standard_id integer NOT NULL REFERENCES learning_standards (id) ON DELETE CASCADE,
  name text NOT NULL
)`,
  `CREATE INDEX skills_learning_standard_id_idx ON skills (learning_standard_id)`,
  `CREATE TABLE module_skills (
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  skill_id integer NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  PRIMARY KEY (module_id, skill_id)
)`,
  `CREATE INDEX module_skills_skill_id_idx ON module_skills (skill_id)`,
  `CREATE TABLE module_learning_standards (
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  learning_standard_id integer NOT NULL REFERENCES learning_standards (id) ON DELETE CASCADE,
  PRIMARY KEY (module_id, learning_standard_id)
)`,
  `CREATE INDEX module_learning_standards_learning_standard_id_idx ON module_learning_standards (learning_standard_id)`,

  // ----- Contact and seeds ----------------------------------------------------------------------
  `CREATE TABLE contact_messages (
  id serial PRIMARY KEY,
  name varchar(150) NOT NULL DEFAULT '',
  email varchar(254) NOT NULL,
  message text NOT NULL,
  language varchar(2) NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'en')),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz NULL
)`,
  `CREATE INDEX contact_messages_unsent_idx ON contact_messages (created_at) WHERE sent_at IS NULL`,
  `CREATE TABLE kib_seeds (
  name text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
)`,
];

/** Every table this migration creates, in creation order (dependencies first). */
export const DOMAIN_TABLES: readonly string[] = UP.flatMap((sql) => {
  const m = /^CREATE TABLE (\w+)/.exec(sql);
  return m?.[1] ? [m[1]] : [];
});

/** Creates the whole domain model in one transaction. */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

/** Drops every table of {@link up}, dependants first, in one transaction. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const table of [...DOMAIN_TABLES].reverse()) {
      await context.sequelize.query(`DROP TABLE IF EXISTS ${table}`, { transaction });
    }
  });
}
