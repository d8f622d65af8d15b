import type { ActivityNumeralStat } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';

/** The assignments of a problem to a student (through classrooms), with the dates that apply. */
export interface Assignment {
  publishDate: Date | null;
  deadline: Date | null;
}

/** Whose attempt it is: an account, or a temporary (code) student who has none. */
export type Solver = { userId: number } | { tempStudentId: number };

/** The stats/attempts column naming the solver, and its value (the column never comes from input). */
function solverColumn(solver: Solver): { column: 'user_id' | 'temp_student_id'; solverId: number } {
  return 'userId' in solver
    ? { column: 'user_id', solverId: solver.userId }
    : { column: 'temp_student_id', solverId: solver.tempStudentId };
}

/** A list of kebab-case codes as a PostgreSQL array literal (codes hold no quotes, commas or braces). */
function textArray(codes: string[] = []): string {
  return `{${codes.filter((c) => /^[a-z0-9-]+$/.test(c)).join(',')}}`;
}

/** Data access for stats and the attempts log. */
export class StatRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * Records one attempt: the log row, and the stat row of (solver, numeral) updated in place —
   * attempts + 1, answer time + seconds, completed once ever completed, last attempt now. One
   * statement per table inside one transaction; the upsert (on the solver's unique pair) makes
   * concurrent attempts of one student each count.
   */
  async recordAttempt(input: {
    solver: Solver;
    numeralId: number;
    stepId: number | null;
    correct: boolean;
    completed: boolean;
    answer: unknown;
    seconds: number;
    /** The checker's feedback codes of a wrong answer (creator statistics read them). */
    feedbackCodes?: string[];
  }): Promise<ActivityNumeralStat> {
    const { solver, ...values } = input;
    const { column, solverId } = solverColumn(solver);
    const replacements = {
      ...values,
      solverId,
      answer: JSON.stringify(values.answer ?? null),
      feedbackCodes: textArray(values.feedbackCodes),
    };
    return this.sequelize.transaction(async (transaction) => {
      await this.sequelize.query(
        `INSERT INTO attempts (${column}, numeral_id, step_id, correct, answer, total_time, deadline_passed, feedback_codes)
         VALUES (:solverId, :numeralId, :stepId, :correct, CAST(:answer AS jsonb), :seconds, false,
                 CAST(:feedbackCodes AS text[]))`,
        { replacements, transaction },
      );
      const rows = await this.sequelize.query<
        Omit<ActivityNumeralStat, 'lastAttemptDate'> & { lastAttemptDate: Date }
      >(
        `INSERT INTO stats (${column}, numeral_id, completed, answer_time, attempts, last_attempt_date)
         VALUES (:solverId, :numeralId, :completed, :seconds, 1, now())
         ON CONFLICT (${column}, numeral_id) DO UPDATE SET
           attempts = stats.attempts + 1,
           answer_time = stats.answer_time + EXCLUDED.answer_time,
           completed = stats.completed OR EXCLUDED.completed,
           last_attempt_date = now(),
           updated_at = now()
         RETURNING numeral_id AS "numeralId", completed, attempts, answer_time AS "answerTime",
                   last_attempt_date AS "lastAttemptDate"`,
        { replacements, type: QueryTypes.SELECT, transaction },
      );
      const { lastAttemptDate, ...stat } = rows[0]!;
      return { ...stat, lastAttemptDate: new Date(lastAttemptDate).toISOString() };
    });
  }

  /** Logs an attempt that is not recorded for the teacher (deadline passed, activity expired). */
  async logLateAttempt(input: {
    solver: Solver;
    numeralId: number;
    stepId: number | null;
    correct: boolean;
    answer: unknown;
    seconds: number;
    feedbackCodes?: string[];
  }): Promise<void> {
    const { solver, ...values } = input;
    const { column, solverId } = solverColumn(solver);
    await this.sequelize.query(
      `INSERT INTO attempts (${column}, numeral_id, step_id, correct, answer, total_time, deadline_passed, feedback_codes)
       VALUES (:solverId, :numeralId, :stepId, :correct, CAST(:answer AS jsonb), :seconds, true,
               CAST(:feedbackCodes AS text[]))`,
      {
        replacements: {
          ...values,
          solverId,
          answer: JSON.stringify(values.answer ?? null),
          feedbackCodes: textArray(values.feedbackCodes),
        },
      },
    );
  }

  /** The published assignments through which this student has this problem, with effective deadlines. */
  async assignments(userId: number, problemId: number): Promise<Assignment[]> {
    return this.sequelize.query<Assignment>(
      `SELECT mc.publish_date AS "publishDate", COALESCE(sm.deadline, mc.deadline) AS deadline
       FROM module_problems mp
       JOIN module_classrooms mc ON mc.module_id = mp.module_id
       JOIN classroom_students cs ON cs.classroom_id = mc.classroom_id AND cs.user_id = :userId
       LEFT JOIN student_modules sm
         ON sm.module_id = mc.module_id AND sm.classroom_id = mc.classroom_id AND sm.student_id = :userId
       WHERE mp.problem_id = :problemId
         AND (NOT mc.individual_students OR EXISTS (
               SELECT 1 FROM module_students ms
               WHERE ms.module_id = mc.module_id AND ms.classroom_id = mc.classroom_id AND ms.student_id = :userId))`,
      { replacements: { userId, problemId }, type: QueryTypes.SELECT },
    );
  }

  /** Which numerals of a problem the solver has completed (every numeral, completed or not). */
  async solutionData(
    solver: Solver,
    problemId: number,
  ): Promise<{ numeralId: number; completed: boolean }[]> {
    const { column, solverId } = solverColumn(solver);
    return this.sequelize.query<{ numeralId: number; completed: boolean }>(
      `SELECT n.id AS "numeralId", COALESCE(s.completed, false) AS completed
       FROM numerals n LEFT JOIN stats s ON s.numeral_id = n.id AND s.${column} = :solverId
       WHERE n.problem_id = :problemId ORDER BY n.number, n.id`,
      { replacements: { solverId, problemId }, type: QueryTypes.SELECT },
    );
  }
}
