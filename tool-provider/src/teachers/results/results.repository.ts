import { sortByNumeration, type ActivityProblem } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';

/** A timestamp as read from the database (a Date, or its text on some drivers). */
type Stamp = Date | string;

/** A timestamp as the wire carries it (ISO 8601), or null. */
export function isoOrNull(value: Stamp | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** A classroom of the teacher's, as the results views head it. */
export interface ResultsClassroom {
  id: number;
  name: string;
  description: string;
  code: string;
}

/** A module assigned to a classroom, with what its results are counted over. */
export interface AssignmentRow {
  moduleId: number;
  name: string;
  description: string;
  publishDate: Stamp | null;
  /** The classroom's deadline. */
  deadline: Stamp | null;
  individualStudents: boolean;
  /** Published problems of the module. */
  numProblems: number;
  /** Students of the classroom it is assigned to. */
  studentCount: number;
}

/** A student of a classroom. */
export interface ClassroomStudentRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  joinedAt: Stamp;
}

/** One student's counts on one assignment: numerals (slots), completed ones and attempted-only ones. */
export interface AssignmentTotalsRow {
  studentId: number;
  moduleId: number;
  slots: number;
  completed: number;
  attempted: number;
}

/** One student's time and last attempt on the numerals of their assignments (each numeral once). */
export interface StudentTimeRow {
  studentId: number;
  totalTime: number;
  lastAttempt: Stamp | null;
}

/** One week's answers in the attempts log: the week's index in the window, answers and students. */
export interface WeekCountRow {
  week: number;
  attempts: number;
  activeStudents: number;
}

/** One assignment's header for its results view. */
export interface AssignmentHeaderRow {
  id: number;
  name: string;
  description: string;
  publishDate: Stamp | null;
  deadline: Stamp | null;
  classroomId: number;
  classroomName: string;
}

/** A student an assignment is given to, with their own deadline when they have one. */
export interface AssignedStudentRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  deadline: Stamp | null;
}

/** A student of one of the teacher's classrooms, with the classroom. */
export interface ClassroomMemberRow extends ClassroomStudentRow {
  classroomId: number;
  classroomName: string;
}

/** An assignment of one student, with the deadline that applies to them. */
export interface StudentAssignmentRow {
  moduleId: number;
  name: string;
  publishDate: Stamp | null;
  deadline: Stamp | null;
}

/**
 * The (student, module) pairs of a classroom's assignments: every student of the classroom for a
 * whole-class assignment, the chosen ones (still in the classroom) for an individual one.
 * Replacements: `classroomId`, and `studentId` (null for every student).
 */
const ASSIGNED = `
  SELECT cs.user_id AS student_id, mc.module_id
    FROM module_classrooms mc
    JOIN classroom_students cs ON cs.classroom_id = mc.classroom_id
   WHERE mc.classroom_id = :classroomId
     AND (CAST(:studentId AS integer) IS NULL OR cs.user_id = :studentId)
     AND (NOT mc.individual_students OR EXISTS (
           SELECT 1 FROM module_students ms
            WHERE ms.module_id = mc.module_id AND ms.classroom_id = mc.classroom_id
              AND ms.student_id = cs.user_id))`;

/**
 * The numerals of the published problems of a classroom's modules, by module: what a student's
 * results are counted over, as the code activities count them. Replacement: `classroomId`.
 */
const MODULE_NUMERALS = `
  SELECT mp.module_id, n.id AS numeral_id
    FROM module_classrooms mc
    JOIN module_problems mp ON mp.module_id = mc.module_id
    JOIN problems p ON p.id = mp.problem_id AND p.publish_problem
    JOIN numerals n ON n.problem_id = p.id
   WHERE mc.classroom_id = :classroomId`;

/** Order of a classroom's assignments: newest first, by publish date, else the day it was assigned. */
const ASSIGNMENT_ORDER = `COALESCE(mc.publish_date, mc.creation_date) DESC, mc.module_id DESC`;

/** Order of students: by last name, then first name. */
const STUDENT_ORDER = `lower(u.last_name), lower(u.first_name), u.id`;

/**
 * Data access of what a teacher follows in a classroom: its assignments, students, their counts on
 * the assignments' numerals and the weekly attempts. Each read is one set-based statement, whatever
 * the number of students and assignments.
 */
export class ResultsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }

  /** The teacher's classroom by id; null when there is none or it is another teacher's. */
  async classroom(teacherId: number, classroomId: number): Promise<ResultsClassroom | null> {
    const [row] = await this.select<ResultsClassroom>(
      `SELECT id, name, description, code FROM classrooms WHERE id = :classroomId AND author_id = :teacherId`,
      { teacherId, classroomId },
    );
    return row ?? null;
  }

  /** The classroom's assignments, newest first, with their published problems and students counted. */
  assignments(classroomId: number): Promise<AssignmentRow[]> {
    return this.select<AssignmentRow>(
      `SELECT mc.module_id AS "moduleId", m.name, m.description, mc.publish_date AS "publishDate",
              mc.deadline, mc.individual_students AS "individualStudents",
              (SELECT count(*)::int FROM module_problems mp JOIN problems p ON p.id = mp.problem_id
                WHERE mp.module_id = mc.module_id AND p.publish_problem) AS "numProblems",
              CASE WHEN mc.individual_students
                THEN (SELECT count(*)::int FROM module_students ms
                        JOIN classroom_students cs ON cs.classroom_id = ms.classroom_id AND cs.user_id = ms.student_id
                       WHERE ms.module_id = mc.module_id AND ms.classroom_id = mc.classroom_id)
                ELSE (SELECT count(*)::int FROM classroom_students cs WHERE cs.classroom_id = mc.classroom_id)
              END AS "studentCount"
         FROM module_classrooms mc JOIN modules m ON m.id = mc.module_id
        WHERE mc.classroom_id = :classroomId
        ORDER BY ${ASSIGNMENT_ORDER}`,
      { classroomId },
    );
  }

  /** The classroom's students, by last name then first name. */
  students(classroomId: number): Promise<ClassroomStudentRow[]> {
    return this.select<ClassroomStudentRow>(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, cs.joined_at AS "joinedAt"
         FROM classroom_students cs JOIN users u ON u.id = cs.user_id
        WHERE cs.classroom_id = :classroomId
        ORDER BY ${STUDENT_ORDER}`,
      { classroomId },
    );
  }

  /**
   * In one pass over the stats of the classroom's students (or of one of them): per student and
   * assignment, its numerals and how many they completed or only attempted; and per student, the
   * time spent and last attempt on the numerals of their assignments, each numeral counted once
   * (a numeral in two assignments is two slots but one stat). Pairs without numerals are left out.
   */
  async totals(
    classroomId: number,
    studentId: number | null = null,
  ): Promise<{ assignments: AssignmentTotalsRow[]; students: StudentTimeRow[] }> {
    const rows = await this.select<
      AssignmentTotalsRow & { moduleId: number | null; totalTime: number; lastAttempt: Stamp | null }
    >(
      `WITH slot_stats AS MATERIALIZED (
         SELECT a.student_id, a.module_id, mn.numeral_id, s.completed, s.answer_time, s.last_attempt_date
           FROM (${ASSIGNED}) a
           JOIN (${MODULE_NUMERALS}) mn ON mn.module_id = a.module_id
           LEFT JOIN stats s ON s.user_id = a.student_id AND s.numeral_id = mn.numeral_id
       )
       SELECT student_id AS "studentId", module_id AS "moduleId", count(*)::int AS slots,
              count(*) FILTER (WHERE completed)::int AS completed,
              count(*) FILTER (WHERE NOT completed)::int AS attempted,
              0 AS "totalTime", NULL::timestamptz AS "lastAttempt"
         FROM slot_stats GROUP BY student_id, module_id
       UNION ALL
       SELECT student_id, NULL, 0, 0, 0, COALESCE(sum(answer_time), 0)::int, max(last_attempt_date)
         FROM (SELECT DISTINCT ON (student_id, numeral_id) student_id, answer_time, last_attempt_date
                 FROM slot_stats WHERE completed IS NOT NULL) numeral_stats
        GROUP BY student_id`,
      { classroomId, studentId },
    );
    const assignments: AssignmentTotalsRow[] = [];
    const students: StudentTimeRow[] = [];
    for (const { studentId: id, moduleId, slots, completed, attempted, totalTime, lastAttempt } of rows) {
      if (moduleId === null) students.push({ studentId: id, totalTime, lastAttempt });
      else assignments.push({ studentId: id, moduleId, slots, completed, attempted });
    }
    return { assignments, students };
  }

  /**
   * Per week of `[from, until)` (index 0 = the week starting at `from`), the answers the classroom's
   * students sent on numerals of its modules and how many of them sent one; with `studentId`, that
   * student's answers on the numerals of their own assignments. Answers past a deadline (not
   * recorded for the teacher) do not count; weeks without answers are left out. The students'
   * answers of the window are read first, by student and date (each student's few hundred rows),
   * and only then matched with the numerals: a numeral's answers by the whole school are many more.
   */
  weekly(
    classroomId: number,
    window: { from: Date; until: Date },
    studentId: number | null = null,
  ): Promise<WeekCountRow[]> {
    const numerals =
      studentId === null
        ? `SELECT numeral_id FROM (${MODULE_NUMERALS}) mn`
        : `SELECT mn.numeral_id FROM (${MODULE_NUMERALS}) mn
             WHERE mn.module_id IN (SELECT module_id FROM (${ASSIGNED}) a)`;
    return this.select<WeekCountRow>(
      `WITH recent AS MATERIALIZED (
         SELECT a.user_id, a.numeral_id, a.created_at
           FROM classroom_students cs
           JOIN attempts a ON a.user_id = cs.user_id
            AND a.created_at >= CAST(:from AS timestamptz) AND a.created_at < CAST(:until AS timestamptz)
          WHERE cs.classroom_id = :classroomId
            AND (CAST(:studentId AS integer) IS NULL OR cs.user_id = :studentId)
            AND NOT a.deadline_passed
       )
       SELECT floor(extract(epoch FROM created_at - CAST(:from AS timestamptz)) / 604800)::int AS week,
              count(*)::int AS attempts, count(DISTINCT user_id)::int AS "activeStudents"
         FROM recent
        WHERE numeral_id IN (${numerals})
        GROUP BY 1`,
      { classroomId, studentId, from: window.from, until: window.until },
    );
  }

  /** A module's header as assigned to the teacher's classroom; null when it is not assigned there or not theirs. */
  async assignment(
    teacherId: number,
    classroomId: number,
    moduleId: number,
  ): Promise<AssignmentHeaderRow | null> {
    const [row] = await this.select<AssignmentHeaderRow>(
      `SELECT m.id, m.name, m.description, mc.publish_date AS "publishDate", mc.deadline,
              c.id AS "classroomId", c.name AS "classroomName"
         FROM module_classrooms mc
         JOIN classrooms c ON c.id = mc.classroom_id
         JOIN modules m ON m.id = mc.module_id
        WHERE mc.classroom_id = :classroomId AND mc.module_id = :moduleId AND c.author_id = :teacherId`,
      { teacherId, classroomId, moduleId },
    );
    return row ?? null;
  }

  /** The students of the classroom an assignment is given to, with their own deadlines. */
  assignedStudents(classroomId: number, moduleId: number): Promise<AssignedStudentRow[]> {
    return this.select<AssignedStudentRow>(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, sm.deadline
         FROM (${ASSIGNED}) a
         JOIN users u ON u.id = a.student_id
         LEFT JOIN student_modules sm
           ON sm.classroom_id = :classroomId AND sm.module_id = a.module_id AND sm.student_id = a.student_id
        WHERE a.module_id = :moduleId
        ORDER BY ${STUDENT_ORDER}`,
      { classroomId, moduleId, studentId: null },
    );
  }

  /** A student of the teacher's classroom; null when the classroom is not theirs or the student not in it. */
  async member(
    teacherId: number,
    classroomId: number,
    studentId: number,
  ): Promise<ClassroomMemberRow | null> {
    const [row] = await this.select<ClassroomMemberRow>(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, cs.joined_at AS "joinedAt",
              c.id AS "classroomId", c.name AS "classroomName"
         FROM classrooms c
         JOIN classroom_students cs ON cs.classroom_id = c.id AND cs.user_id = :studentId
         JOIN users u ON u.id = cs.user_id
        WHERE c.id = :classroomId AND c.author_id = :teacherId`,
      { teacherId, classroomId, studentId },
    );
    return row ?? null;
  }

  /** One student's assignments in a classroom, newest first, with the deadline that applies to them. */
  studentAssignments(classroomId: number, studentId: number): Promise<StudentAssignmentRow[]> {
    return this.select<StudentAssignmentRow>(
      `SELECT mc.module_id AS "moduleId", m.name, mc.publish_date AS "publishDate",
              COALESCE(sm.deadline, mc.deadline) AS deadline
         FROM (${ASSIGNED}) a
         JOIN module_classrooms mc ON mc.classroom_id = :classroomId AND mc.module_id = a.module_id
         JOIN modules m ON m.id = mc.module_id
         LEFT JOIN student_modules sm
           ON sm.classroom_id = mc.classroom_id AND sm.module_id = mc.module_id AND sm.student_id = a.student_id
        ORDER BY ${ASSIGNMENT_ORDER}`,
      { classroomId, studentId },
    );
  }

  /**
   * The published problems of several modules, each module's in numeration order with its numerals
   * by number: what {@link ActivityRepository.content} answers for one module, for many in one query.
   */
  async moduleProblems(moduleIds: number[]): Promise<Map<number, ActivityProblem[]>> {
    const byModule = new Map<number, ActivityProblem[]>();
    if (moduleIds.length === 0) return byModule;
    const rows = await this.select<{
      moduleId: number;
      id: number;
      title: string;
      numeration: string | null;
      numeralId: number | null;
      number: number | null;
    }>(
      `SELECT mp.module_id AS "moduleId", p.id, p.title, mp.numeration, n.id AS "numeralId", n.number
         FROM module_problems mp
         JOIN problems p ON p.id = mp.problem_id AND p.publish_problem
         LEFT JOIN numerals n ON n.problem_id = p.id
        WHERE mp.module_id IN (:moduleIds)
        ORDER BY mp.module_id, p.id, n.number, n.id`,
      { moduleIds },
    );
    const last = new Map<number, ActivityProblem>();
    for (const row of rows) {
      let problem = last.get(row.moduleId);
      if (problem?.id !== row.id) {
        problem = { id: row.id, title: row.title, numeration: row.numeration, numerals: [] };
        last.set(row.moduleId, problem);
        const problems = byModule.get(row.moduleId) ?? [];
        problems.push(problem);
        byModule.set(row.moduleId, problems);
      }
      if (row.numeralId !== null) problem.numerals.push({ id: row.numeralId, number: row.number! });
    }
    for (const [moduleId, problems] of byModule)
      byModule.set(
        moduleId,
        sortByNumeration(problems, (p) => p.numeration),
      );
    return byModule;
  }

  /**
   * The photos a student sent from their phone of their work on the numerals (received ones, oldest
   * first), by numeral.
   */
  async phonePhotos(
    studentId: number,
    numeralIds: number[],
  ): Promise<Map<number, { pictureKey: string | null; latex: string | null; receivedAt: string }[]>> {
    const byNumeral = new Map<
      number,
      { pictureKey: string | null; latex: string | null; receivedAt: string }[]
    >();
    if (numeralIds.length === 0) return byNumeral;
    const rows = await this.select<{
      numeralId: number;
      pictureKey: string | null;
      latex: string | null;
      receivedAt: Stamp;
    }>(
      `SELECT numeral_id AS "numeralId", picture_key AS "pictureKey", latex, received_at AS "receivedAt"
         FROM phone_photos
        WHERE user_id = :studentId AND numeral_id IN (:numeralIds) AND status = 'received'
          AND (picture_key IS NOT NULL OR latex IS NOT NULL)
        ORDER BY received_at, id`,
      { studentId, numeralIds },
    );
    for (const row of rows) {
      const photos = byNumeral.get(row.numeralId) ?? [];
      photos.push({ pictureKey: row.pictureKey, latex: row.latex, receivedAt: isoOrNull(row.receivedAt)! });
      byNumeral.set(row.numeralId, photos);
    }
    return byNumeral;
  }
}
