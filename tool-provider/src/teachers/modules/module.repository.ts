import { sortByNumeration, type AssignmentView, type ModuleCodes, type ModuleProblemItem } from '@kib/core';
import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import type { ModuleCodeAudience } from '../../activities/module-code.model';

/** What the module builder saves: the name, the description and the problems in their order. */
export interface ModuleFields {
  name: string;
  description: string;
  problemIds: number[];
}

/** Where one of the caller's modules stands in the list, before its progress is worked out. */
export interface ModuleListRow {
  id: number;
  name: string;
  description: string;
  creationDate: string;
  numProblems: number;
  classroomIds: number[];
  /** Numerals of its published problems. */
  numerals: number;
  /** Students it is assigned to (each once, whatever the classrooms). */
  students: number;
  /** Completed stats of those students on those numerals. */
  completed: number;
  codes: ModuleCodes;
}

/** The filters of the list, as instants: created at or after `from`, before `until`. */
export interface ModuleListFilter {
  classroomId: number | null;
  from: Date | null;
  until: Date | null;
}

/** One of the caller's modules without its assignments. */
export interface ModuleHead {
  id: number;
  name: string;
  description: string;
  creationDate: string;
}

/** The outcome of a save: the module's id, not the caller's module, or refused with the reasons. */
export type SaveOutcome =
  | { kind: 'saved'; id: number }
  | { kind: 'not-found' }
  | {
      kind: 'refused';
      nameUsed: boolean;
      /** The positions in `problemIds` of the problems the caller may not put in a module. */
      unavailable: number[];
    };

/** An assignment as it is written: the classroom's row, its chosen students and their own deadlines. */
export interface AssignmentRow {
  classroomId: number;
  publishDate: string | null;
  deadline: string | null;
  studentIds: number[] | null;
  studentDeadlines: { studentId: number; deadline: string | null }[];
}

/**
 * What the database says about the classrooms and students of new assignments, read inside their
 * transaction: which classrooms are the caller's, and which of the named students belong to each.
 */
export interface AssignmentFacts {
  ownedClassrooms: Set<number>;
  members: Map<number, Set<number>>;
}

/** How many codes are drawn before giving up on a free one (25^8 codes: a clash is very rare). */
const CODE_DRAWS = 8;
const AUDIENCES: readonly ModuleCodeAudience[] = ['students', 'teachers'];

/** A list of ids as a PostgreSQL array literal, for `CAST(:x AS bigint[])` (empty lists included). */
const idArray = (ids: readonly number[]): string => `{${ids.join(',')}}`;

/** The newest code of each audience of module `m` that has not expired at `:now`. */
const CODE_COLUMNS = AUDIENCES.map(
  (audience) =>
    `(SELECT c.code FROM module_codes c
       WHERE c.module_id = m.id AND c.audience = '${audience}' AND (c.valid_until IS NULL OR c.valid_until > :now)
       ORDER BY c.created_at DESC, c.id DESC LIMIT 1) AS "${audience}Code"`,
).join(',\n');

type CodeColumns = { studentsCode: string | null; teachersCode: string | null };
const toCodes = (row: CodeColumns): ModuleCodes => ({
  students: row.studentsCode,
  teachers: row.teachersCode,
});

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/**
 * Data access of a teacher's modules (SQL): the list with progress in one query, one module whole,
 * saves, assignments and activity codes each in one transaction. A module stays assigned to a
 * classroom that is no longer its author's (its teacher left the school, or the school gave the
 * classroom to another teacher): its author no longer sees nor changes that assignment, which
 * belongs to the classroom's teacher now; reads and writes of assignments reach the author's own
 * classrooms only.
 */
export class ModuleRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(
    sql: string,
    replacements: Record<string, unknown>,
    transaction?: Transaction,
  ): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction });
  }

  /** Is the classroom the teacher's? */
  async ownsClassroom(teacherId: number, classroomId: number): Promise<boolean> {
    const rows = await this.select(
      `SELECT 1 FROM classrooms WHERE id = :classroomId AND author_id = :teacherId`,
      {
        classroomId,
        teacherId,
      },
    );
    return rows.length > 0;
  }

  /**
   * The teacher's modules, newest first, with what their progress is made of, in one set-based
   * query: the teacher's classrooms each is assigned to, the numerals of its published problems, the
   * students it is assigned to in those classrooms (a whole classroom's members, or the chosen ones
   * who are still members; each student once) and their completed stats on those numerals. Stats
   * are read per assigned student through the (user, numeral) index, never by scanning the table.
   * A student's solved numerals are put in their modules before they meet the assignments (one
   * join on both module and student, `solved_in_module` kept apart): joined on the student alone,
   * a student's stats would be multiplied by every module the student has.
   */
  async list(teacherId: number, filter: ModuleListFilter, now: Date): Promise<ModuleListRow[]> {
    const rows = await this.select<
      Omit<ModuleListRow, 'codes' | 'creationDate'> & CodeColumns & { creationDate: Date | string }
    >(
      `WITH mine AS (
         SELECT m.id FROM modules m
          WHERE m.author_id = :teacherId
            AND (CAST(:classroomId AS bigint) IS NULL OR EXISTS (
                  SELECT 1 FROM module_classrooms f WHERE f.module_id = m.id AND f.classroom_id = :classroomId))
            AND (CAST(:from AS timestamptz) IS NULL OR m.creation_date >= :from)
            AND (CAST(:until AS timestamptz) IS NULL OR m.creation_date < :until)
       ),
       module_numerals AS (
         SELECT mp.module_id, n.id AS numeral_id
           FROM mine
           JOIN module_problems mp ON mp.module_id = mine.id
           JOIN problems p ON p.id = mp.problem_id AND p.publish_problem
           JOIN numerals n ON n.problem_id = p.id
       ),
       own_assignments AS (
         SELECT mc.module_id, mc.classroom_id, mc.individual_students
           FROM mine
           JOIN module_classrooms mc ON mc.module_id = mine.id
           JOIN classrooms c ON c.id = mc.classroom_id AND c.author_id = :teacherId
       ),
       assigned AS (
         SELECT oa.module_id, cs.user_id AS student_id
           FROM own_assignments oa
           JOIN classroom_students cs ON cs.classroom_id = oa.classroom_id
          WHERE NOT oa.individual_students
         UNION
         SELECT ms.module_id, ms.student_id
           FROM own_assignments oa
           JOIN module_students ms ON ms.module_id = oa.module_id AND ms.classroom_id = oa.classroom_id
           JOIN classroom_students cs ON cs.classroom_id = ms.classroom_id AND cs.user_id = ms.student_id
          WHERE oa.individual_students
       ),
       numeral_counts AS (SELECT module_id, count(*) AS numerals FROM module_numerals GROUP BY module_id),
       student_counts AS (SELECT module_id, count(*) AS students FROM assigned GROUP BY module_id),
       solved AS (
         SELECT s.user_id, s.numeral_id
           FROM (SELECT DISTINCT student_id FROM assigned) st
           JOIN stats s ON s.user_id = st.student_id
          WHERE s.completed AND s.numeral_id IN (SELECT numeral_id FROM module_numerals)
       ),
       solved_in_module AS MATERIALIZED (
         SELECT mn.module_id, s.user_id
           FROM solved s
           JOIN module_numerals mn ON mn.numeral_id = s.numeral_id
       ),
       completed AS (
         SELECT sm.module_id, count(*) AS done
           FROM solved_in_module sm
           JOIN assigned a ON a.module_id = sm.module_id AND a.student_id = sm.user_id
          GROUP BY sm.module_id
       )
       SELECT m.id, m.name, m.description, m.creation_date AS "creationDate",
              (SELECT count(*)::int FROM module_problems mp WHERE mp.module_id = m.id) AS "numProblems",
              COALESCE((SELECT array_agg(oa.classroom_id ORDER BY oa.classroom_id)
                          FROM own_assignments oa WHERE oa.module_id = m.id), '{}') AS "classroomIds",
              COALESCE(nc.numerals, 0)::int AS numerals,
              COALESCE(sc.students, 0)::int AS students,
              COALESCE(d.done, 0)::int AS completed,
              ${CODE_COLUMNS}
         FROM mine
         JOIN modules m ON m.id = mine.id
         LEFT JOIN numeral_counts nc ON nc.module_id = m.id
         LEFT JOIN student_counts sc ON sc.module_id = m.id
         LEFT JOIN completed d ON d.module_id = m.id
        ORDER BY m.creation_date DESC, m.id DESC`,
      { teacherId, ...filter, now },
    );
    return rows.map(({ studentsCode, teachersCode, creationDate, classroomIds, ...row }) => ({
      ...row,
      creationDate: iso(creationDate),
      classroomIds: classroomIds.map(Number),
      codes: toCodes({ studentsCode, teachersCode }),
    }));
  }

  /** One of the teacher's modules with its codes; null when there is none by that id or it is another's. */
  async module(
    teacherId: number,
    id: number,
    now: Date,
  ): Promise<(ModuleHead & { codes: ModuleCodes }) | null> {
    const [row] = await this.select<
      Omit<ModuleHead, 'creationDate'> & CodeColumns & { creationDate: Date | string }
    >(
      `SELECT m.id, m.name, m.description, m.creation_date AS "creationDate", ${CODE_COLUMNS}
         FROM modules m WHERE m.id = :id AND m.author_id = :teacherId`,
      { id, teacherId, now },
    );
    if (!row) return null;
    const { studentsCode, teachersCode, creationDate, ...head } = row;
    return { ...head, creationDate: iso(creationDate), codes: toCodes({ studentsCode, teachersCode }) };
  }

  /** The module's problems in numeration order (numeric first; by id among equals); only published ones when asked. */
  async problems(moduleId: number, publishedOnly: boolean): Promise<ModuleProblemItem[]> {
    const rows = await this.select<ModuleProblemItem>(
      `SELECT p.id, p.title, mp.numeration, p.topic_id AS "topicId", p.subtopic_id AS "subtopicId",
              (SELECT count(*)::int FROM numerals n WHERE n.problem_id = p.id) AS "numeralCount"
         FROM module_problems mp JOIN problems p ON p.id = mp.problem_id
        WHERE mp.module_id = :moduleId ${publishedOnly ? 'AND p.publish_problem' : ''}
        ORDER BY p.id`,
      { moduleId },
    );
    return sortByNumeration(rows, (row) => row.numeration);
  }

  /**
   * The module's assignments to the teacher's classrooms, by classroom name, each with its chosen
   * students and their own deadlines.
   */
  async assignments(teacherId: number, moduleId: number): Promise<AssignmentView[]> {
    const classrooms = await this.select<{
      classroomId: number;
      classroomName: string;
      individual: boolean;
      publishDate: Date | string | null;
      deadline: Date | string | null;
    }>(
      `SELECT mc.classroom_id AS "classroomId", c.name AS "classroomName", mc.individual_students AS individual,
              mc.publish_date AS "publishDate", mc.deadline
         FROM module_classrooms mc JOIN classrooms c ON c.id = mc.classroom_id AND c.author_id = :teacherId
        WHERE mc.module_id = :moduleId
        ORDER BY c.name, c.id`,
      { moduleId, teacherId },
    );
    if (classrooms.length === 0) return [];
    const ids = { moduleId, classroomIds: idArray(classrooms.map((c) => c.classroomId)) };
    const chosen = await this.select<{ classroomId: number; studentId: number }>(
      `SELECT classroom_id AS "classroomId", student_id AS "studentId" FROM module_students
        WHERE module_id = :moduleId AND classroom_id = ANY(CAST(:classroomIds AS integer[]))
        ORDER BY classroom_id, student_id`,
      ids,
    );
    const deadlines = await this.select<{
      classroomId: number;
      studentId: number;
      deadline: Date | string | null;
    }>(
      `SELECT classroom_id AS "classroomId", student_id AS "studentId", deadline FROM student_modules
        WHERE module_id = :moduleId AND classroom_id = ANY(CAST(:classroomIds AS integer[]))
        ORDER BY classroom_id, student_id`,
      ids,
    );
    return classrooms.map(({ individual, ...c }) => ({
      classroomId: c.classroomId,
      classroomName: c.classroomName,
      publishDate: isoOrNull(c.publishDate),
      deadline: isoOrNull(c.deadline),
      studentIds: individual
        ? chosen.filter((s) => s.classroomId === c.classroomId).map((s) => s.studentId)
        : null,
      studentDeadlines: deadlines
        .filter((s) => s.classroomId === c.classroomId)
        .map((s) => ({ studentId: s.studentId, deadline: isoOrNull(s.deadline) })),
    }));
  }

  /**
   * Saves a module of the teacher's in one transaction: a new one (`id` null) or theirs by `id`
   * (locked while it changes). The name must be free among the teacher's modules and each problem
   * published, the teacher's own, or already in this module; otherwise nothing is written and the
   * answer says why. The problems are then numbered '1', '2', … in their order, and with
   * `createCodes` the module gets the codes it lacks. A name taken by a concurrent save breaks the
   * unique constraint and is answered the same way.
   */
  async save(
    teacherId: number,
    id: number | null,
    fields: ModuleFields,
    codes: { create: boolean; draw: () => string; now: Date },
  ): Promise<SaveOutcome> {
    try {
      return await this.sequelize.transaction(async (transaction): Promise<SaveOutcome> => {
        if (id !== null) {
          const own = await this.select(
            `SELECT id FROM modules WHERE id = :id AND author_id = :teacherId FOR UPDATE`,
            { id, teacherId },
            transaction,
          );
          if (own.length === 0) return { kind: 'not-found' };
        }
        const nameUsed =
          (
            await this.select(
              `SELECT 1 FROM modules WHERE author_id = :teacherId AND name = :name AND id <> :id`,
              { teacherId, name: fields.name, id: id ?? 0 },
              transaction,
            )
          ).length > 0;
        // FOR SHARE: a problem checked here cannot be deleted before the module's rows point to it.
        const available = new Set(
          (
            await this.select<{ id: number }>(
              `SELECT p.id FROM problems p
                WHERE p.id = ANY(CAST(:ids AS bigint[]))
                  AND (p.publish_problem OR p.author_id = :teacherId OR EXISTS (
                        SELECT 1 FROM module_problems mp WHERE mp.module_id = :id AND mp.problem_id = p.id))
                FOR SHARE OF p`,
              { ids: idArray(fields.problemIds), teacherId, id: id ?? 0 },
              transaction,
            )
          ).map((row) => row.id),
        );
        const unavailable = fields.problemIds.flatMap((problemId, i) =>
          available.has(problemId) ? [] : [i],
        );
        if (nameUsed || unavailable.length > 0) return { kind: 'refused', nameUsed, unavailable };

        const values = { teacherId, name: fields.name, description: fields.description, id };
        const [saved] =
          id === null
            ? await this.select<{ id: number }>(
                `INSERT INTO modules (name, description, author_id) VALUES (:name, :description, :teacherId)
                 RETURNING id`,
                values,
                transaction,
              )
            : await this.select<{ id: number }>(
                `UPDATE modules SET name = :name, description = :description, updated_at = now()
                  WHERE id = :id RETURNING id`,
                values,
                transaction,
              );
        const moduleId = saved!.id;
        await this.sequelize.query(`DELETE FROM module_problems WHERE module_id = :moduleId`, {
          replacements: { moduleId },
          transaction,
        });
        await this.sequelize.query(
          `INSERT INTO module_problems (module_id, problem_id, numeration)
           SELECT :moduleId, u.id, u.position::text
             FROM unnest(CAST(:ids AS integer[])) WITH ORDINALITY AS u(id, position)`,
          { replacements: { moduleId, ids: idArray(fields.problemIds) }, transaction },
        );
        if (codes.create) await this.addMissingCodes(moduleId, codes.draw, codes.now, transaction);
        return { kind: 'saved', id: moduleId };
      });
    } catch (err) {
      if (
        err instanceof UniqueConstraintError &&
        (err.parent as { constraint?: string } | undefined)?.constraint === 'modules_author_id_name_key'
      )
        return { kind: 'refused', nameUsed: true, unavailable: [] };
      throw err;
    }
  }

  /**
   * Gives one of the teacher's modules the activity codes it lacks (one per audience that has no
   * code valid at `now`), in one transaction that locks the module so two calls make one pair.
   * False when the module is not theirs.
   */
  async createCodes(teacherId: number, id: number, draw: () => string, now: Date): Promise<boolean> {
    return this.sequelize.transaction(async (transaction) => {
      const own = await this.select(
        `SELECT id FROM modules WHERE id = :id AND author_id = :teacherId FOR UPDATE`,
        { id, teacherId },
        transaction,
      );
      if (own.length === 0) return false;
      await this.addMissingCodes(id, draw, now, transaction);
      return true;
    });
  }

  /**
   * Adds a code for each audience the module has no valid code for. A drawn code is kept only when
   * no module code or activity code has it (case ignored), so a lookup finds one module only.
   */
  private async addMissingCodes(
    moduleId: number,
    draw: () => string,
    now: Date,
    transaction: Transaction,
  ): Promise<void> {
    const present = new Set(
      (
        await this.select<{ audience: ModuleCodeAudience }>(
          `SELECT DISTINCT audience FROM module_codes
            WHERE module_id = :moduleId AND (valid_until IS NULL OR valid_until > :now)`,
          { moduleId, now },
          transaction,
        )
      ).map((row) => row.audience),
    );
    for (const audience of AUDIENCES) {
      if (present.has(audience)) continue;
      let added = false;
      for (let attempt = 0; attempt < CODE_DRAWS && !added; attempt++) {
        const rows = await this.select<{ id: number }>(
          `INSERT INTO module_codes (module_id, code, audience)
           SELECT :moduleId, :code, :audience
            WHERE NOT EXISTS (SELECT 1 FROM temp_module_activities
                               WHERE upper(student_access_code) = upper(:code) OR upper(teacher_access_code) = upper(:code))
           ON CONFLICT DO NOTHING RETURNING id`,
          { moduleId, code: draw(), audience },
          transaction,
        );
        added = rows.length > 0;
      }
      if (!added) throw new Error('no free activity code after several draws');
    }
  }

  /** Deletes a module of the teacher's (its problems' links, assignments and codes go with it); false when not theirs. */
  async delete(teacherId: number, id: number): Promise<boolean> {
    const rows = await this.select(
      `DELETE FROM modules WHERE id = :id AND author_id = :teacherId RETURNING id`,
      {
        id,
        teacherId,
      },
    );
    return rows.length > 0;
  }

  /**
   * Replaces the assignments of one of the teacher's modules to the teacher's classrooms in one
   * transaction. The module is locked, the classrooms named are read (and kept from deletion until
   * the end), and `accept` sees which of them are the teacher's and which named students are their
   * members; it throws to refuse, and nothing is written. Then the teacher's classrooms left out lose
   * the module (their chosen students and deadlines with them), the others are inserted or updated
   * (keeping their creation date), and their chosen students and personal deadlines are written
   * anew. Assignments to classrooms that are not the teacher's (any more) are left as they are.
   * False when the module is not theirs.
   */
  async replaceAssignments(
    teacherId: number,
    moduleId: number,
    assignments: readonly AssignmentRow[],
    accept: (facts: AssignmentFacts) => void,
  ): Promise<boolean> {
    return this.sequelize.transaction(async (transaction) => {
      const own = await this.select(
        `SELECT id FROM modules WHERE id = :moduleId AND author_id = :teacherId FOR UPDATE`,
        { moduleId, teacherId },
        transaction,
      );
      if (own.length === 0) return false;
      const classroomIds = assignments.map((a) => a.classroomId);
      const ownedClassrooms = new Set(
        (
          await this.select<{ id: number }>(
            `SELECT id FROM classrooms WHERE id = ANY(CAST(:classroomIds AS bigint[])) AND author_id = :teacherId
              ORDER BY id FOR SHARE`,
            { classroomIds: idArray(classroomIds), teacherId },
            transaction,
          )
        ).map((row) => row.id),
      );
      const named = [
        ...new Set(
          assignments.flatMap((a) => [
            ...(a.studentIds ?? []),
            ...a.studentDeadlines.map((s) => s.studentId),
          ]),
        ),
      ];
      const members = new Map<number, Set<number>>();
      if (named.length > 0 && ownedClassrooms.size > 0) {
        const rows = await this.select<{ classroomId: number; studentId: number }>(
          `SELECT classroom_id AS "classroomId", user_id AS "studentId" FROM classroom_students
            WHERE classroom_id = ANY(CAST(:classroomIds AS bigint[])) AND user_id = ANY(CAST(:named AS bigint[]))`,
          { classroomIds: idArray([...ownedClassrooms]), named: idArray(named) },
          transaction,
        );
        for (const row of rows) {
          const set = members.get(row.classroomId) ?? new Set<number>();
          set.add(row.studentId);
          members.set(row.classroomId, set);
        }
      }
      accept({ ownedClassrooms, members });

      const replacements = { moduleId, teacherId, keep: idArray(classroomIds) };
      const inTheirClassrooms = `classroom_id IN (SELECT id FROM classrooms WHERE author_id = :teacherId)`;
      await this.sequelize.query(
        `DELETE FROM module_classrooms
          WHERE module_id = :moduleId AND ${inTheirClassrooms} AND NOT (classroom_id = ANY(CAST(:keep AS integer[])))`,
        { replacements, transaction },
      );
      for (const table of ['module_students', 'student_modules'])
        await this.sequelize.query(
          `DELETE FROM ${table} WHERE module_id = :moduleId AND ${inTheirClassrooms}`,
          {
            replacements,
            transaction,
          },
        );
      if (assignments.length === 0) return true;
      await this.sequelize.query(
        `INSERT INTO module_classrooms (module_id, classroom_id, individual_students, publish_date, deadline)
         SELECT :moduleId, r.classroom_id, r.individual, r.publish_date, r.deadline
           FROM json_to_recordset(CAST(:rows AS json))
                AS r(classroom_id integer, individual boolean, publish_date timestamptz, deadline timestamptz)
         ON CONFLICT (module_id, classroom_id) DO UPDATE
            SET individual_students = EXCLUDED.individual_students, publish_date = EXCLUDED.publish_date,
                deadline = EXCLUDED.deadline, updated_at = now()`,
        {
          replacements: {
            moduleId,
            rows: JSON.stringify(
              assignments.map((a) => ({
                classroom_id: a.classroomId,
                individual: a.studentIds !== null,
                publish_date: a.publishDate,
                deadline: a.deadline,
              })),
            ),
          },
          transaction,
        },
      );
      const chosen = assignments.flatMap((a) =>
        [...new Set(a.studentIds ?? [])].map((studentId) => ({
          classroom_id: a.classroomId,
          student_id: studentId,
        })),
      );
      if (chosen.length > 0)
        await this.sequelize.query(
          `INSERT INTO module_students (module_id, classroom_id, student_id)
           SELECT :moduleId, r.classroom_id, r.student_id
             FROM json_to_recordset(CAST(:rows AS json)) AS r(classroom_id integer, student_id integer)`,
          { replacements: { moduleId, rows: JSON.stringify(chosen) }, transaction },
        );
      const deadlines = assignments.flatMap((a) =>
        a.studentDeadlines.map((s) => ({
          classroom_id: a.classroomId,
          student_id: s.studentId,
          deadline: s.deadline,
        })),
      );
      if (deadlines.length > 0)
        await this.sequelize.query(
          `INSERT INTO student_modules (classroom_id, module_id, student_id, deadline)
           SELECT r.classroom_id, :moduleId, r.student_id, r.deadline
             FROM json_to_recordset(CAST(:rows AS json))
                  AS r(classroom_id integer, student_id integer, deadline timestamptz)`,
          { replacements: { moduleId, rows: JSON.stringify(deadlines) }, transaction },
        );
      return true;
    });
  }
}
