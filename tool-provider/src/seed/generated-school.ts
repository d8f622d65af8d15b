import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { hashPassword } from '../auth/passwords';
import { initModels } from '../db/models';
import type { Logger } from '../logger';
import { DEV_SEED, seedDevelopment } from './dev-seed';

/** How big a generated school is. */
export interface SchoolScale {
  /** Students; each is in one classroom, and a fifth of them in a second one. */
  students: number;
  classrooms: number;
  /** Classrooms of the first teacher, the busiest one. */
  busyTeacherClassrooms: number;
  /** Classrooms of each other teacher. */
  classroomsPerTeacher: number;
  /** Modules, shared among the teachers in proportion to their classrooms. */
  modules: number;
  problemsPerModule: number;
  /** Assignments of each classroom, drawn from its teacher's modules (an eighth for chosen students only). */
  assignmentsPerClassroom: number;
  /**
   * Copies of the development seed's published problems (numerals, steps and choices with them)
   * added to the problems modules are made of: the seed has a few dozen numerals, and a student's
   * stats need hundreds.
   */
  problemCopies: number;
  /** Stats rows of the students on the numerals of their published assignments. */
  stats: number;
  /** How many weeks back the stats and the attempts log reach. */
  weeks: number;
}

/** The school the benchmark of the teacher views runs on. */
export const SCHOOL_SCALE: SchoolScale = {
  students: 10_000,
  classrooms: 300,
  busyTeacherClassrooms: 40,
  classroomsPerTeacher: 5,
  modules: 2_000,
  problemsPerModule: 5,
  assignmentsPerClassroom: 25,
  problemCopies: 2_000,
  stats: 2_000_000,
  weeks: 10,
};

/**
 * The fixed values of the generated school. Every account's password is the development seed's;
 * `teacherEmail(1)` is the busiest teacher (the `busyTeacherClassrooms`), `studentEmail(1)` the
 * first student.
 */
export const GENERATED_SCHOOL = {
  /** The `kib_seeds` row that records this seed. */
  name: 'generated-school-v1',
  institutionName: 'Colegio Kib Generado',
  subscriptionCode: 'GENERADO-KIB',
  password: DEV_SEED.password,
  emailDomain: 'generado.kib',
  teacherEmail: (n: number) => `teacher${n}@generado.kib`,
  studentEmail: (n: number) => `student${n}@generado.kib`,
  /** The school's administrator (what the school admin's views are measured with). */
  adminEmail: 'admin@generado.kib',
} as const;

/** What a generated school holds, counted after it was written. */
export interface GeneratedSchoolCounts {
  teachers: number;
  students: number;
  classrooms: number;
  memberships: number;
  problems: number;
  modules: number;
  assignments: number;
  stats: number;
  attempts: number;
}

/** Names the accounts are given, drawn by their number. */
const FIRST_NAMES = `Ana Andrés Camila Carlos Daniela David Valentina Santiago Laura Mateo
  Sofía Juan Isabella Samuel Mariana Sebastián Gabriela Nicolás Paula Tomás`.split(/\s+/);
const LAST_NAMES = `Gómez Rodríguez Martínez López García Hernández Pérez Sánchez Ramírez Torres
  Díaz Vargas Castro Moreno Rojas Jiménez Muñoz Ortiz Restrepo Zapata`.split(/\s+/);

const MINUTES_PER_WEEK = 7 * 24 * 60;
/** The modulus of the pseudo-random draws: a prime, so the multiplicative hashes spread evenly. */
const DRAWS = 1_000_003;

/**
 * Fills a database with a school for measuring the teacher and school admin views at scale: one
 * institution with a valid plan and its administrator (given to a school generated before it had
 * one, on a later call), its teachers (the first with `busyTeacherClassrooms` classrooms), classrooms of about
 * 40 students, modules made of the seeded problems and their copies, assignments with publish dates
 * and deadlines (some for chosen students, some students with their own deadline), and stats with
 * their attempts log spread over the last `weeks` weeks. Every table is written by a few set-based
 * statements (generate_series, INSERT … SELECT) in one transaction, recorded in `kib_seeds`; a
 * second call changes nothing. The development seed is applied first when it is missing (its
 * problems and city are used). Draws are hashes of the rows' numbers and ids, not random: the same
 * scale on the same database gives the same school. The stats and attempts tables are locked while
 * it runs (their indexes are rebuilt), so it is for a development or benchmark database.
 */
export async function seedGeneratedSchool(
  sequelize: Sequelize,
  opts: { scale?: Partial<SchoolScale>; logger?: Logger; now?: Date } = {},
): Promise<{ applied: boolean; counts: GeneratedSchoolCounts | null }> {
  const scale = { ...SCHOOL_SCALE, ...opts.scale };
  const now = opts.now ?? new Date();
  await seedDevelopment(sequelize, initModels(sequelize), { logger: opts.logger });
  const passwordHash = await hashPassword(GENERATED_SCHOOL.password);

  const counts = await sequelize.transaction(async (transaction) => {
    const step = phases(opts.logger);
    const run = (sql: string, replacements: Record<string, unknown> = {}) =>
      sequelize.query(sql, { replacements, transaction });
    const select = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
      sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction });

    const claimed = await select(
      `INSERT INTO kib_seeds (name, applied_at) VALUES (:name, :now) ON CONFLICT (name) DO NOTHING RETURNING name`,
      { name: GENERATED_SCHOOL.name, now },
    );
    if (claimed.length === 0) return null;
    // Hashing and de-duplicating a few million rows: in memory rather than in temporary files.
    await run(`SET LOCAL work_mem = '256MB'`);
    await run(`SET LOCAL maintenance_work_mem = '512MB'`);

    const [refs] = await select<{ creatorId: number; cityId: number }>(
      `SELECT (SELECT id FROM users WHERE email = :creator) AS "creatorId",
              (SELECT city_id FROM institutions WHERE name = :school) AS "cityId"`,
      { creator: DEV_SEED.users.creator.email, school: DEV_SEED.institutionName },
    );
    const busy = Math.min(scale.busyTeacherClassrooms, scale.classrooms);
    const teachers = 1 + Math.ceil((scale.classrooms - busy) / scale.classroomsPerTeacher);
    const base = {
      now,
      hash: passwordHash,
      firstNames: FIRST_NAMES,
      lastNames: LAST_NAMES,
      domain: GENERATED_SCHOOL.emailDomain,
      teachers,
      busy,
      perTeacher: scale.classroomsPerTeacher,
      ...scale,
    };

    // ----- The school, its teachers and students (ids drawn first, so every later row can name them)
    await run(
      `WITH school AS (
         INSERT INTO institutions (name, city_id, address, email, telephone)
         VALUES (:name, :cityId, 'Carrera 50 # 10-20', 'contacto@generado.kib', '6045550000') RETURNING id)
       INSERT INTO subscriptions (institution_name, institution_id, number_of_students, code, code_valid_until,
                                  plan_valid_until)
       SELECT :name, id, :students, :code, CAST(:now AS timestamptz) + interval '30 days',
              CAST(:now AS timestamptz) + interval '365 days' FROM school`,
      {
        ...base,
        name: GENERATED_SCHOOL.institutionName,
        cityId: refs!.cityId,
        code: GENERATED_SCHOOL.subscriptionCode,
      },
    );
    await run(
      `CREATE TEMP TABLE gen_teacher ON COMMIT DROP AS
       SELECT k, nextval(pg_get_serial_sequence('users', 'id'))::int AS id FROM generate_series(0, :teachers - 1) k`,
      base,
    );
    await run(
      `CREATE TEMP TABLE gen_student ON COMMIT DROP AS
       SELECT k, nextval(pg_get_serial_sequence('users', 'id'))::int AS id FROM generate_series(0, :students - 1) k`,
      base,
    );
    await run(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, is_active, language, date_joined)
       SELECT id, 'teacher' || (k + 1) || '@' || :domain, :hash, (ARRAY[:firstNames])[1 + (k * 7) % ${FIRST_NAMES.length}],
              (ARRAY[:lastNames])[1 + (k * 3) % ${LAST_NAMES.length}], true, 'es', CAST(:now AS timestamptz) - interval '120 days'
         FROM gen_teacher
       UNION ALL
       SELECT id, 'student' || (k + 1) || '@' || :domain, :hash, (ARRAY[:firstNames])[1 + k % ${FIRST_NAMES.length}],
              (ARRAY[:lastNames])[1 + (k / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}], true, 'es',
              CAST(:now AS timestamptz) - (90 + k % 30) * interval '1 day'
         FROM gen_student`,
      base,
    );
    await run(
      `INSERT INTO user_groups (user_id, group_id, position)
       SELECT id, (SELECT id FROM groups WHERE name = 'Teachers'), 0 FROM gen_teacher
       UNION ALL
       SELECT id, (SELECT id FROM groups WHERE name = 'Students'), 0 FROM gen_student`,
    );
    await run(
      `INSERT INTO institution_teachers (institution_id, user_id, joined_at)
       SELECT (SELECT id FROM institutions WHERE name = :name), id, CAST(:now AS timestamptz) - interval '100 days'
         FROM gen_teacher`,
      { ...base, name: GENERATED_SCHOOL.institutionName },
    );
    await run(`ANALYZE gen_teacher, gen_student, users`);
    step('accounts');

    // ----- Classrooms: the busy teacher's first, then `perTeacher` for each other teacher
    await run(
      `CREATE TEMP TABLE gen_classroom ON COMMIT DROP AS
       SELECT c.k, nextval(pg_get_serial_sequence('classrooms', 'id'))::int AS id, t.id AS teacher_id
         FROM generate_series(0, :classrooms - 1) c(k)
         JOIN gen_teacher t ON t.k = CASE WHEN c.k < :busy THEN 0 ELSE 1 + (c.k - :busy) / :perTeacher END`,
      base,
    );
    await run(
      `INSERT INTO classrooms (id, name, description, code, level_id, author_id, institution_id)
       SELECT id, 'Grupo ' || (k + 1), 'Matemáticas, grupo ' || (k + 1), 'G' || lpad(upper(to_hex(k)), 5, '0'),
              1 + k % 5, teacher_id, (SELECT id FROM institutions WHERE name = :name)
         FROM gen_classroom`,
      { ...base, name: GENERATED_SCHOOL.institutionName },
    );
    // Student k is in classroom k mod C; the first fifth also in another one (never the same).
    await run(
      `INSERT INTO classroom_students (classroom_id, user_id, joined_at)
       SELECT c.id, s.id, CAST(:now AS timestamptz) - (20 + s.k % 60) * interval '1 day'
         FROM gen_student s JOIN gen_classroom c ON c.k = s.k % :classrooms
       UNION ALL
       SELECT c.id, s.id, CAST(:now AS timestamptz) - (10 + s.k % 30) * interval '1 day'
         FROM gen_student s
         JOIN gen_classroom c ON c.k = (s.k % :classrooms + 1 + (s.k * 7) % GREATEST(:classrooms - 1, 1)) % :classrooms
        WHERE s.k < :students / 5 AND :classrooms > 1`,
      base,
    );
    await run(`ANALYZE gen_classroom, classrooms, classroom_students`);
    step('classrooms');

    // ----- Problems: the seeded published ones, then copies of them with their numerals, steps, choices
    await run(
      `CREATE TEMP TABLE gen_source ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY id)::int - 1 AS i, id FROM problems
        WHERE publish_problem AND author_id = :creatorId`,
      { creatorId: refs!.creatorId },
    );
    await run(
      `CREATE TEMP TABLE gen_problem ON COMMIT DROP AS
       SELECT g.k, s.id AS source_id, nextval(pg_get_serial_sequence('problems', 'id'))::int AS id
         FROM generate_series(0, :problemCopies - 1) g(k)
         JOIN gen_source s ON s.i = g.k % (SELECT count(*) FROM gen_source)`,
      base,
    );
    await copyRows(sequelize, transaction, 'problems', 'gen_problem', {
      title: `left(s.title, 240) || ' (' || (m.k + 2) || ')'`,
    });
    await run(
      `CREATE TEMP TABLE gen_numeral ON COMMIT DROP AS
       SELECT n.id AS source_id, nextval(pg_get_serial_sequence('numerals', 'id'))::int AS id, m.id AS problem_id
         FROM gen_problem m JOIN numerals n ON n.problem_id = m.source_id`,
    );
    await copyRows(sequelize, transaction, 'numerals', 'gen_numeral', { problem_id: 'm.problem_id' });
    await run(
      `CREATE TEMP TABLE gen_step ON COMMIT DROP AS
       SELECT st.id AS source_id, nextval(pg_get_serial_sequence('steps', 'id'))::int AS id, m.id AS numeral_id
         FROM gen_numeral m JOIN steps st ON st.numeral_id = m.source_id`,
    );
    await copyRows(sequelize, transaction, 'steps', 'gen_step', { numeral_id: 'm.numeral_id' });
    await run(
      `CREATE TEMP TABLE gen_choice ON COMMIT DROP AS
       SELECT e.id AS source_id, nextval(pg_get_serial_sequence('multiple_choice_entries', 'id'))::int AS id,
              m.id AS numeral_id, NULL::int AS step_id
         FROM gen_numeral m JOIN multiple_choice_entries e ON e.numeral_id = m.source_id
       UNION ALL
       SELECT e.id, nextval(pg_get_serial_sequence('multiple_choice_entries', 'id'))::int, NULL, m.id
         FROM gen_step m JOIN multiple_choice_entries e ON e.step_id = m.source_id`,
    );
    await copyRows(sequelize, transaction, 'multiple_choice_entries', 'gen_choice', {
      numeral_id: 'm.numeral_id',
      step_id: 'm.step_id',
    });
    await run(
      `CREATE TEMP TABLE gen_pool ON COMMIT DROP AS
       SELECT i, id FROM gen_source
       UNION ALL
       SELECT (SELECT count(*) FROM gen_source)::int + k, id FROM gen_problem`,
    );
    await run(`ANALYZE gen_pool, problems, numerals`);
    step('problems');

    // ----- Modules: module k belongs to the teacher of classroom k·C/M, and holds consecutive problems
    await run(
      `CREATE TEMP TABLE gen_module ON COMMIT DROP AS
       SELECT g.k, nextval(pg_get_serial_sequence('modules', 'id'))::int AS id, c.teacher_id
         FROM generate_series(0, :modules - 1) g(k)
         JOIN gen_classroom c ON c.k = (g.k::bigint * :classrooms / :modules)::int`,
      base,
    );
    await run(
      `INSERT INTO modules (id, name, description, author_id, creation_date)
       SELECT id, 'Taller ' || (k + 1), 'Taller generado número ' || (k + 1), teacher_id,
              CAST(:now AS timestamptz) - (k % (:weeks * 7 + 14)) * interval '1 day' - interval '1 day'
         FROM gen_module`,
      base,
    );
    await run(
      `INSERT INTO module_problems (module_id, problem_id, numeration)
       SELECT m.id, p.id, (j + 1)::text
         FROM gen_module m
         CROSS JOIN generate_series(0, LEAST(:problemsPerModule, (SELECT count(*) FROM gen_pool)::int) - 1) j
         JOIN gen_pool p ON p.i = (m.k * :problemsPerModule + j) % (SELECT count(*) FROM gen_pool)`,
      base,
    );
    await run(`ANALYZE gen_module, modules, module_problems`);
    step('modules');

    // ----- Assignments: each classroom draws its teacher's modules; dates spread over the weeks,
    // a tenth published in the coming days, a seventh without deadline, an eighth for chosen students.
    await run(
      `INSERT INTO module_classrooms (module_id, classroom_id, individual_students, publish_date, deadline, creation_date)
       SELECT module_id, classroom_id, (mk + ck) % 8 = 0, publish,
              CASE WHEN (mk + ck) % 7 = 0 THEN NULL ELSE publish + interval '21 days' END,
              LEAST(publish, CAST(:now AS timestamptz)) - interval '1 day'
         FROM (SELECT m.id AS module_id, c.id AS classroom_id, m.k AS mk, c.k AS ck,
                      CASE WHEN (m.k + c.k) % 10 = 0
                        THEN CAST(:now AS timestamptz) + (1 + m.k % 5) * interval '1 day'
                        ELSE CAST(:now AS timestamptz) - ((m.k * 13 + c.k * 7) % (:weeks * 7)) * interval '1 day'
                      END AS publish,
                      row_number() OVER (PARTITION BY c.id ORDER BY (m.k * 7919 + c.k * 104729) % ${DRAWS}, m.k) AS draw
                 FROM gen_classroom c JOIN gen_module m ON m.teacher_id = c.teacher_id) drawn
        WHERE draw <= :assignmentsPerClassroom`,
      base,
    );
    await run(
      `INSERT INTO module_students (module_id, classroom_id, student_id)
       SELECT mc.module_id, mc.classroom_id, s.id
         FROM module_classrooms mc
         JOIN gen_classroom c ON c.id = mc.classroom_id
         JOIN classroom_students cs ON cs.classroom_id = mc.classroom_id
         JOIN gen_student s ON s.id = cs.user_id
         JOIN gen_module m ON m.id = mc.module_id
        WHERE mc.individual_students AND (s.k + m.k) % 2 = 0`,
    );
    await run(
      `INSERT INTO student_modules (classroom_id, module_id, student_id, deadline)
       SELECT mc.classroom_id, mc.module_id, s.id, mc.deadline + interval '7 days'
         FROM module_classrooms mc
         JOIN gen_classroom c ON c.id = mc.classroom_id
         JOIN classroom_students cs ON cs.classroom_id = mc.classroom_id
         JOIN gen_student s ON s.id = cs.user_id
         JOIN gen_module m ON m.id = mc.module_id
        WHERE NOT mc.individual_students AND mc.deadline IS NOT NULL AND (s.k * 31 + m.k) % 40 = 0`,
    );
    await run(`ANALYZE module_classrooms, module_students, student_modules`);
    step('assignments');

    // ----- Stats: a deterministic draw among the (student, numeral) pairs of published assignments
    await run(
      `CREATE TEMP TABLE gen_candidate ON COMMIT DROP AS
       SELECT DISTINCT cs.user_id AS student_id, n.id AS numeral_id
         FROM module_classrooms mc
         JOIN gen_classroom c ON c.id = mc.classroom_id
         JOIN classroom_students cs ON cs.classroom_id = mc.classroom_id
         JOIN module_problems mp ON mp.module_id = mc.module_id
         JOIN problems p ON p.id = mp.problem_id AND p.publish_problem
         JOIN numerals n ON n.problem_id = p.id
        WHERE mc.publish_date <= CAST(:now AS timestamptz)
          AND (NOT mc.individual_students OR EXISTS (
                SELECT 1 FROM module_students ms
                 WHERE ms.module_id = mc.module_id AND ms.classroom_id = mc.classroom_id
                   AND ms.student_id = cs.user_id))`,
      base,
    );
    const [{ candidates } = { candidates: 0 }] = await select<{ candidates: number }>(
      `SELECT count(*)::int AS candidates FROM gen_candidate`,
    );
    // A margin above the exact share, so the draw never falls short of the count; LIMIT trims it.
    const threshold = Math.min(DRAWS, Math.ceil(((scale.stats * 1.02) / Math.max(candidates, 1)) * DRAWS));
    const minutes = scale.weeks * MINUTES_PER_WEEK - 120;
    // Two tables of millions of rows: loaded without their secondary indexes and foreign keys, which
    // are built again once, over the whole table, as PostgreSQL advises for bulk loads.
    await withoutSecondaryIndexes(sequelize, transaction, ['stats', 'attempts'], async () => {
      await run(
        `INSERT INTO stats (user_id, numeral_id, completed, answer_time, attempts, last_attempt_date)
         SELECT student_id, numeral_id, h2 % 100 < 62, 15 + h2 % 400,
                1 + CASE WHEN (h2 / 100) % 10 >= 5 THEN 1 ELSE 0 END + CASE WHEN (h2 / 100) % 10 >= 8 THEN 1 ELSE 0 END,
                CAST(:now AS timestamptz) - (h2 % :minutes) * interval '1 minute'
           FROM (SELECT student_id, numeral_id,
                        (student_id::bigint * 2654435761 + numeral_id::bigint * 40503) % ${DRAWS} AS h,
                        (student_id::bigint * 40503 + numeral_id::bigint * 2654435761) % ${DRAWS} AS h2
                   FROM gen_candidate) drawn
          WHERE h < :threshold
          LIMIT :limit`,
        { now, minutes, threshold, limit: scale.stats },
      );
      step('stats');

      // ----- The attempts log: one row per attempt of each stat, the last one at its last attempt date
      await run(
        `INSERT INTO attempts (user_id, numeral_id, correct, answer, total_time, deadline_passed, created_at)
         SELECT s.user_id, s.numeral_id, s.completed AND i = s.attempts, '{"generated": true}'::jsonb,
                s.answer_time / s.attempts, false, s.last_attempt_date - (s.attempts - i) * interval '37 minutes'
           FROM stats s
           JOIN gen_student g ON g.id = s.user_id
           CROSS JOIN LATERAL generate_series(1, s.attempts) i`,
      );
      step('attempts');
    });
    step('indexes');

    const [written] = await select<GeneratedSchoolCounts>(
      `SELECT (SELECT count(*)::int FROM gen_teacher) AS teachers,
              (SELECT count(*)::int FROM gen_student) AS students,
              (SELECT count(*)::int FROM gen_classroom) AS classrooms,
              (SELECT count(*)::int FROM classroom_students WHERE classroom_id IN (SELECT id FROM gen_classroom))
                AS memberships,
              (SELECT count(*)::int FROM gen_pool) AS problems,
              (SELECT count(*)::int FROM gen_module) AS modules,
              (SELECT count(*)::int FROM module_classrooms WHERE classroom_id IN (SELECT id FROM gen_classroom))
                AS assignments,
              (SELECT count(*)::int FROM stats WHERE user_id IN (SELECT id FROM gen_student)) AS stats,
              (SELECT count(*)::int FROM attempts WHERE user_id IN (SELECT id FROM gen_student)) AS attempts`,
    );
    return written!;
  });

  await ensureSchoolAdmin(sequelize, passwordHash, now);
  if (counts) {
    // Fresh planner statistics, so the first queries on the new rows are planned for their size, and
    // the visibility map set, so index-only scans need not visit the new rows.
    await sequelize.query(
      `VACUUM (ANALYZE) users, classrooms, classroom_students, problems, numerals, modules, module_problems,
               module_classrooms, module_students, student_modules, stats, attempts`,
    );
    opts.logger?.info({ seed: GENERATED_SCHOOL.name, ...counts }, 'generated school applied');
  }
  return { applied: counts !== null, counts };
}

/**
 * Gives the generated school its administrator ({@link GENERATED_SCHOOL}.adminEmail) when it has
 * none, also in a database whose school was generated before it had one; the other accounts are
 * left as they are. Nothing happens without the school, or when the e-mail is taken.
 */
async function ensureSchoolAdmin(sequelize: Sequelize, passwordHash: string, now: Date): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    await sequelize.query(
      `WITH school AS (
         SELECT i.id FROM institutions i
         WHERE i.name = :school AND NOT EXISTS (SELECT 1 FROM institution_admins a WHERE a.institution_id = i.id)
       ),
       admin AS (
         INSERT INTO users (email, password_hash, first_name, last_name, is_active, language, date_joined)
         SELECT :email, :hash, 'Beatriz', 'Salazar', true, 'es', :now FROM school
         ON CONFLICT DO NOTHING RETURNING id
       ),
       grouped AS (
         INSERT INTO user_groups (user_id, group_id, position)
         SELECT id, (SELECT id FROM groups WHERE name = 'School Admin'), 0 FROM admin
       )
       INSERT INTO institution_admins (institution_id, user_id) SELECT school.id, admin.id FROM school, admin`,
      {
        replacements: {
          school: GENERATED_SCHOOL.institutionName,
          email: GENERATED_SCHOOL.adminEmail,
          hash: passwordHash,
          now,
        },
        transaction,
      },
    );
  });
}

/** Logs how long each phase of the seed took. */
function phases(logger: Logger | undefined): (name: string) => void {
  let last = performance.now();
  return (name) => {
    const at = performance.now();
    logger?.info({ phase: name, seconds: Number(((at - last) / 1000).toFixed(1)) }, 'generated school');
    last = at;
  };
}

/**
 * Copies the rows of `table` named by a map table (`source_id`, the new `id`, and the columns
 * `overrides` read from it as `m`), every other column as the source row `s` has it (but the
 * timestamps, which are now): the copies follow the table's columns whatever later migrations add.
 */
async function copyRows(
  sequelize: Sequelize,
  transaction: Transaction,
  table: string,
  map: string,
  overrides: Record<string, string>,
): Promise<void> {
  const columns = await sequelize.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = :table ORDER BY ordinal_position`,
    { replacements: { table }, type: QueryTypes.SELECT, transaction },
  );
  const copied = columns
    .map((c) => c.name)
    .filter((name) => !['id', 'created_at', 'updated_at'].includes(name) && !(name in overrides));
  const names = ['id', ...Object.keys(overrides), ...copied].map((name) => `"${name}"`).join(', ');
  const values = ['m.id', ...Object.values(overrides), ...copied.map((name) => `s."${name}"`)].join(', ');
  await sequelize.query(
    `INSERT INTO ${table} (${names}) SELECT ${values} FROM ${map} m JOIN ${table} s ON s.id = m.source_id`,
    { transaction },
  );
}

/**
 * Runs `load` with the unique constraints, plain indexes and foreign keys of `tables` dropped, then
 * creates them again from their own definitions (read from the catalog, so they stay what the
 * migrations made): building an index once over a table is far faster than updating it row by row,
 * and re-adding a foreign key checks every row in one join. Primary keys stay. Inside the caller's
 * transaction, so a failure leaves the tables as they were; the tables are locked until it ends.
 */
async function withoutSecondaryIndexes(
  sequelize: Sequelize,
  transaction: Transaction,
  tables: string[],
  load: () => Promise<void>,
): Promise<void> {
  const run = (sql: string) => sequelize.query(sql, { transaction });
  const definitions = await sequelize.query<{
    table: string;
    name: string;
    kind: string;
    definition: string;
  }>(
    `SELECT conrelid::regclass::text AS "table", conname AS name, contype AS kind,
            pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE conrelid IN (SELECT oid FROM pg_class WHERE relname IN (:tables) AND relnamespace = current_schema()::regnamespace)
        AND contype IN ('u', 'f')
     UNION ALL
     SELECT indrelid::regclass::text, indexrelid::regclass::text, 'i', pg_get_indexdef(indexrelid)
       FROM pg_index
      WHERE indrelid IN (SELECT oid FROM pg_class WHERE relname IN (:tables) AND relnamespace = current_schema()::regnamespace)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = indexrelid)`,
    { replacements: { tables }, type: QueryTypes.SELECT, transaction },
  );
  for (const d of definitions)
    await run(d.kind === 'i' ? `DROP INDEX ${d.name}` : `ALTER TABLE ${d.table} DROP CONSTRAINT "${d.name}"`);
  await load();
  // Indexes and unique constraints first: the foreign keys' checks then run over indexed tables.
  for (const kind of ['i', 'u', 'f'])
    for (const d of definitions.filter((x) => x.kind === kind))
      await run(
        kind === 'i' ? d.definition : `ALTER TABLE ${d.table} ADD CONSTRAINT "${d.name}" ${d.definition}`,
      );
}
