import {
  sortByNumeration,
  type ActivityNumeral,
  type ActivityNumeralStat,
  type ActivityProblem,
  type ActivityStudent,
} from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { TempStudentProblemAccess } from '../solving/solving.service';
import type { ModuleCodeAudience } from './module-code.model';

/** An open activity found by one of its codes: the module it opens and until when. */
export interface OpenActivity {
  moduleId: number;
  validUntil: Date | null;
}

/** The module of an activity, as the activity screens show it. */
export interface ActivityModule {
  id: number;
  name: string;
  description: string;
}

/** A temporary student without their stats. */
export type TempStudentRecord = Omit<ActivityStudent, 'stats'>;

const ACTIVITY_CODE_COLUMN: Record<ModuleCodeAudience, string> = {
  students: 'student_access_code',
  teachers: 'teacher_access_code',
};

interface StatRow {
  solverId: number;
  numeralId: number;
  completed: boolean;
  attempts: number;
  answerTime: number;
  lastAttemptDate: Date | null;
}

const STAT_COLUMNS = `s.numeral_id AS "numeralId", s.completed, s.attempts, s.answer_time AS "answerTime",
  s.last_attempt_date AS "lastAttemptDate"`;

/** Stat rows grouped by their student. */
function bySolver(rows: StatRow[]): Map<number, ActivityNumeralStat[]> {
  const grouped = new Map<number, ActivityNumeralStat[]>();
  for (const { solverId, lastAttemptDate, ...stat } of rows) {
    const list = grouped.get(solverId) ?? [];
    list.push({ ...stat, lastAttemptDate: lastAttemptDate ? new Date(lastAttemptDate).toISOString() : null });
    grouped.set(solverId, list);
  }
  return grouped;
}

/** Data access for code-based activities: their codes, modules, temporary students and their stats. */
export class ActivityRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }

  /**
   * The module opened by a student or teacher code (already without spaces and upper-cased), unless
   * the code has expired at `now`; null otherwise. A code is either one of an open activity
   * (`temp_module_activities`) or a module code (`module_codes`) of that audience; when both hold the
   * same code, the activity's wins.
   */
  async findOpen(audience: ModuleCodeAudience, code: string, now: Date): Promise<OpenActivity | null> {
    const [row] = await this.select<OpenActivity>(
      `SELECT "moduleId", "validUntil" FROM (
         SELECT 0 AS source, module_id AS "moduleId", valid_until AS "validUntil"
           FROM temp_module_activities
          WHERE upper(${ACTIVITY_CODE_COLUMN[audience]}) = :code AND (valid_until IS NULL OR valid_until > :now)
         UNION ALL
         SELECT 1, module_id, valid_until FROM module_codes
          WHERE upper(code) = :code AND audience = :audience AND (valid_until IS NULL OR valid_until > :now)
       ) codes ORDER BY source LIMIT 1`,
      { code, audience, now },
    );
    return row ?? null;
  }

  /** The module's name and description, or null. */
  async module(moduleId: number): Promise<ActivityModule | null> {
    const [row] = await this.select<ActivityModule>(
      `SELECT id, name, description FROM modules WHERE id = :moduleId`,
      { moduleId },
    );
    return row ?? null;
  }

  /**
   * The published problems of the module in numeration order, each with its numerals, and the
   * numerals with what they ask (never their answers).
   */
  async content(moduleId: number): Promise<{ problems: ActivityProblem[]; numerals: ActivityNumeral[] }> {
    const rows = await this.select<{ id: number; title: string; numeration: string | null }>(
      `SELECT p.id, p.title, mp.numeration
         FROM module_problems mp JOIN problems p ON p.id = mp.problem_id
        WHERE mp.module_id = :moduleId AND p.publish_problem
        ORDER BY p.id`,
      { moduleId },
    );
    if (rows.length === 0) return { problems: [], numerals: [] };
    const numerals = await this.select<ActivityNumeral>(
      `SELECT id, problem_id AS "problemId", number, question, math_type AS "mathType"
         FROM numerals WHERE problem_id IN (:ids) ORDER BY problem_id, number, id`,
      { ids: rows.map((r) => r.id) },
    );
    const problems = sortByNumeration(rows, (r) => r.numeration).map((r) => ({
      ...r,
      numerals: numerals.filter((n) => n.problemId === r.id).map((n) => ({ id: n.id, number: n.number })),
    }));
    const order = new Map(problems.map((p, i) => [p.id, i]));
    numerals.sort((a, b) => order.get(a.problemId)! - order.get(b.problemId)!);
    return { problems, numerals };
  }

  /** Adds a temporary student to the module; returns the new id. */
  async createTempStudent(
    moduleId: number,
    student: { firstName: string; lastName: string; studentCode: string | null },
  ): Promise<number> {
    const [row] = await this.select<{ id: number }>(
      `INSERT INTO temp_students (module_id, first_name, last_name, student_code)
       VALUES (:moduleId, :firstName, :lastName, :studentCode) RETURNING id`,
      { moduleId, ...student },
    );
    return row!.id;
  }

  /** The temporary students of the module, oldest first (`id` set: only that one). */
  async tempStudents(moduleId: number, id?: number): Promise<TempStudentRecord[]> {
    return this.select<TempStudentRecord>(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", student_code AS "studentCode"
         FROM temp_students
        WHERE module_id = :moduleId ${id === undefined ? '' : 'AND id = :id'}
        ORDER BY created_at, id`,
      { moduleId, id: id ?? null },
    );
  }

  /**
   * The stats of the module's temporary students (`tempStudentId` set: only that student's) on the
   * given numerals, by student.
   */
  async stats(
    moduleId: number,
    numeralIds: number[],
    tempStudentId?: number,
  ): Promise<Map<number, ActivityNumeralStat[]>> {
    if (numeralIds.length === 0) return new Map();
    const rows = await this.select<StatRow>(
      `SELECT s.temp_student_id AS "solverId", ${STAT_COLUMNS}
         FROM stats s JOIN temp_students ts ON ts.id = s.temp_student_id
        WHERE ts.module_id = :moduleId AND s.numeral_id IN (:numeralIds)
          ${tempStudentId === undefined ? '' : 'AND ts.id = :tempStudentId'}
        ORDER BY s.temp_student_id, s.numeral_id`,
      { moduleId, numeralIds, tempStudentId: tempStudentId ?? null },
    );
    return bySolver(rows);
  }

  /** The stats of users (students with an account, such as LMS users) on the given numerals, by user. */
  async userStats(userIds: number[], numeralIds: number[]): Promise<Map<number, ActivityNumeralStat[]>> {
    if (numeralIds.length === 0 || userIds.length === 0) return new Map();
    const rows = await this.select<StatRow>(
      `SELECT s.user_id AS "solverId", ${STAT_COLUMNS}
         FROM stats s
        WHERE s.user_id IN (:userIds) AND s.numeral_id IN (:numeralIds)
        ORDER BY s.user_id, s.numeral_id`,
      { userIds, numeralIds },
    );
    return bySolver(rows);
  }

  /** Deletes a temporary student of the module (their stats and attempts go with them); false when none. */
  async deleteTempStudent(id: number, moduleId: number): Promise<boolean> {
    const rows = await this.select<{ id: number }>(
      `DELETE FROM temp_students WHERE id = :id AND module_id = :moduleId RETURNING id`,
      { id, moduleId },
    );
    return rows.length > 0;
  }

  /** What a temporary student of `moduleId` may do with `problemId` at `now`, in one query. */
  async problemAccess(
    student: { id: number; moduleId: number },
    problemId: number,
    now: Date,
  ): Promise<TempStudentProblemAccess> {
    const [row] = await this.select<TempStudentProblemAccess>(
      `SELECT
         EXISTS (SELECT 1 FROM temp_students WHERE id = :id AND module_id = :moduleId) AS "studentExists",
         EXISTS (SELECT 1 FROM module_problems mp JOIN problems p ON p.id = mp.problem_id
                  WHERE mp.module_id = :moduleId AND mp.problem_id = :problemId AND p.publish_problem)
           AS "inModule",
         (EXISTS (SELECT 1 FROM temp_module_activities
                   WHERE module_id = :moduleId AND (valid_until IS NULL OR valid_until > :now))
          OR EXISTS (SELECT 1 FROM module_codes
                      WHERE module_id = :moduleId AND audience = 'students'
                        AND (valid_until IS NULL OR valid_until > :now))) AS "activityOpen"`,
      { id: student.id, moduleId: student.moduleId, problemId, now },
    );
    return row!;
  }
}
