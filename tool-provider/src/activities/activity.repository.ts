import {
  sortByNumeration,
  type ActivityNumeral,
  type ActivityNumeralStat,
  type ActivityProblem,
  type ActivityStudent,
} from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { ModuleCodeAudience } from './module-code.model';

/**
 * An open activity found by one of its codes: the module it opens, until when, and the code
 * activity (`temp_module_activities`) it is, or null for a module's own codes (`module_codes`),
 * whose code is then `moduleCodeId`.
 */
export interface OpenActivity {
  moduleId: number;
  activityId: number | null;
  moduleCodeId: number | null;
  validUntil: Date | null;
}

/** The temporary students of an activity: of its code activity, or a module's own codes' (null). */
const OF_ACTIVITY = `module_id = :moduleId AND activity_id IS NOT DISTINCT FROM CAST(:activityId AS integer)`;

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
      `SELECT "moduleId", "activityId", "moduleCodeId", "validUntil" FROM (
         SELECT 0 AS source, module_id AS "moduleId", id AS "activityId", NULL::integer AS "moduleCodeId",
                valid_until AS "validUntil"
           FROM temp_module_activities
          WHERE upper(${ACTIVITY_CODE_COLUMN[audience]}) = :code AND (valid_until IS NULL OR valid_until > :now)
         UNION ALL
         SELECT 1, module_id, NULL, id, valid_until FROM module_codes
          WHERE upper(code) = :code AND audience = :audience AND (valid_until IS NULL OR valid_until > :now)
       ) codes ORDER BY source LIMIT 1`,
      { code, audience, now },
    );
    return row ?? null;
  }

  /**
   * Whether a student or teacher code (without spaces, upper-cased) is one of an activity or a module
   * code of that audience that expired at or before `now`: it existed, but no longer opens anything.
   */
  async hasExpired(audience: ModuleCodeAudience, code: string, now: Date): Promise<boolean> {
    const [row] = await this.select<{ expired: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM temp_module_activities
                       WHERE upper(${ACTIVITY_CODE_COLUMN[audience]}) = :code AND valid_until <= :now)
           OR EXISTS (SELECT 1 FROM module_codes
                       WHERE upper(code) = :code AND audience = :audience AND valid_until <= :now) AS expired`,
      { code, audience, now },
    );
    return row?.expired ?? false;
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

  /** Adds a temporary student to the activity; returns the new id. */
  async createTempStudent(
    activity: OpenActivity,
    student: { firstName: string; lastName: string; studentCode: string | null },
  ): Promise<number> {
    const [row] = await this.select<{ id: number }>(
      `INSERT INTO temp_students (module_id, activity_id, first_name, last_name, student_code)
       VALUES (:moduleId, :activityId, :firstName, :lastName, :studentCode) RETURNING id`,
      { moduleId: activity.moduleId, activityId: activity.activityId, ...student },
    );
    return row!.id;
  }

  /** The temporary students of the activity, oldest first (`id` set: only that one). */
  async tempStudents(activity: OpenActivity, id?: number): Promise<TempStudentRecord[]> {
    return this.select<TempStudentRecord>(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", student_code AS "studentCode"
         FROM temp_students
        WHERE ${OF_ACTIVITY} ${id === undefined ? '' : 'AND id = :id'}
        ORDER BY created_at, id`,
      { moduleId: activity.moduleId, activityId: activity.activityId, id: id ?? null },
    );
  }

  /** The stats of temporary students on the given numerals, by student. */
  tempStudentStats(ids: number[], numeralIds: number[]): Promise<Map<number, ActivityNumeralStat[]>> {
    return this.statsBy('temp_student_id', ids, numeralIds);
  }

  /** The stats of users (students with an account, such as LMS users) on the given numerals, by user. */
  userStats(ids: number[], numeralIds: number[]): Promise<Map<number, ActivityNumeralStat[]>> {
    return this.statsBy('user_id', ids, numeralIds);
  }

  private async statsBy(
    column: 'temp_student_id' | 'user_id',
    ids: number[],
    numeralIds: number[],
  ): Promise<Map<number, ActivityNumeralStat[]>> {
    const grouped = new Map<number, ActivityNumeralStat[]>();
    if (numeralIds.length === 0 || ids.length === 0) return grouped;
    const rows = await this.select<StatRow>(
      `SELECT ${column} AS "solverId", numeral_id AS "numeralId", completed, attempts,
              answer_time AS "answerTime", last_attempt_date AS "lastAttemptDate"
         FROM stats WHERE ${column} IN (:ids) AND numeral_id IN (:numeralIds)
        ORDER BY ${column}, numeral_id`,
      { ids, numeralIds },
    );
    for (const { solverId, lastAttemptDate, ...stat } of rows) {
      const list = grouped.get(solverId) ?? [];
      list.push({
        ...stat,
        lastAttemptDate: lastAttemptDate ? new Date(lastAttemptDate).toISOString() : null,
      });
      grouped.set(solverId, list);
    }
    return grouped;
  }

  /**
   * Deletes a temporary student of the activity (their stats and attempts go with them); false when
   * there is none.
   */
  async deleteTempStudent(id: number, activity: OpenActivity): Promise<boolean> {
    const rows = await this.select<{ id: number }>(
      `DELETE FROM temp_students WHERE id = :id AND ${OF_ACTIVITY} RETURNING id`,
      { id, moduleId: activity.moduleId, activityId: activity.activityId },
    );
    return rows.length > 0;
  }
}
