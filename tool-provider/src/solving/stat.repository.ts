import type { ActivityNumeralStat } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';
import { pooledQuery } from '../db/pooled-query';

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

/** One checked answer, as the attempts log keeps it. */
export interface AttemptInput {
  solver: Solver;
  numeralId: number;
  stepId: number | null;
  correct: boolean;
  answer: unknown;
  seconds: number;
  /** The checker's feedback codes of a wrong answer (creator statistics read them). */
  feedbackCodes?: string[];
}

/** The attempts log's values of an answer, as $1 … $7 of its INSERT. */
function attemptValues(solverId: number, input: AttemptInput): unknown[] {
  return [
    solverId,
    input.numeralId,
    input.stepId,
    input.correct,
    JSON.stringify(input.answer ?? null),
    input.seconds,
    textArray(input.feedbackCodes),
  ];
}

/** Data access for stats and the attempts log. */
export class StatRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * Records one attempt in one statement: the log row, and the stat row of (solver, numeral) updated
   * in place — attempts + 1, answer time + seconds, completed once ever completed, last attempt now.
   * The statement is atomic (both rows or neither) and the upsert (on the solver's unique pair)
   * makes concurrent attempts of one student each count. It runs on the hot path of a classroom
   * burst, so straight through the pool (`pooledQuery`), without a transaction of its own. It also
   * answers whether an LMS grade is bound to the solver (an LTI 1.1 or 1.3 outcome row), so a
   * completed numeral marks grades for sending only for a solver who has some.
   */
  async recordAttempt(
    input: AttemptInput & { completed: boolean },
  ): Promise<{ stat: ActivityNumeralStat; gradesBound: boolean }> {
    const { column, solverId } = solverColumn(input.solver);
    const gradesBound =
      column === 'user_id'
        ? `(EXISTS (SELECT 1 FROM lti11_outcomes WHERE user_id = $1)
            OR EXISTS (SELECT 1 FROM lti13_outcomes WHERE user_id = $1))`
        : 'false';
    const rows = await pooledQuery<
      Omit<ActivityNumeralStat, 'lastAttemptDate'> & { lastAttemptDate: Date; gradesBound: boolean }
    >(
      this.sequelize,
      `WITH logged AS (
         INSERT INTO attempts (${column}, numeral_id, step_id, correct, answer, total_time, deadline_passed, feedback_codes)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, false, $7::text[]))
       INSERT INTO stats (${column}, numeral_id, completed, answer_time, attempts, last_attempt_date)
       VALUES ($1, $2, $8, $6, 1, now())
       ON CONFLICT (${column}, numeral_id) DO UPDATE SET
         attempts = stats.attempts + 1,
         answer_time = stats.answer_time + EXCLUDED.answer_time,
         completed = stats.completed OR EXCLUDED.completed,
         last_attempt_date = now(),
         updated_at = now()
       RETURNING numeral_id AS "numeralId", completed, attempts, answer_time AS "answerTime",
                 last_attempt_date AS "lastAttemptDate", ${gradesBound} AS "gradesBound"`,
      [...attemptValues(solverId, input), input.completed],
      `record-attempt-${column}`,
    );
    const { lastAttemptDate, gradesBound: bound, ...stat } = rows[0]!;
    return {
      stat: { ...stat, lastAttemptDate: new Date(lastAttemptDate).toISOString() },
      gradesBound: bound,
    };
  }

  /** Logs an attempt that is not recorded for the teacher (deadline passed, activity expired). */
  async logLateAttempt(input: AttemptInput): Promise<void> {
    const { column, solverId } = solverColumn(input.solver);
    await pooledQuery(
      this.sequelize,
      `INSERT INTO attempts (${column}, numeral_id, step_id, correct, answer, total_time, deadline_passed, feedback_codes)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, true, $7::text[])`,
      attemptValues(solverId, input),
      `log-late-attempt-${column}`,
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
