import { ADAPTIVE_MODEL, type ActivityNumeralStat } from '@kib/core';
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
  /** Its weight as evidence of the solver's skills (`evidenceWeight`: less for a guided attempt). */
  weight: number;
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

/**
 * The student model's update (ADR 31; `updateAfterAttempt` of @kib/core is the same arithmetic): CTEs
 * that, when this is the solver's first attempt at the numeral (or step), or their first of a later
 * day (`ADAPTIVE_MODEL.repeat`, at a lower weight), move each of the numeral's skills' ability and the
 * numeral's difficulty. A numeral's row is shared by every student who answers it: when another
 * answer holds it (a classroom on one question at once), this answer leaves the difficulty as it is
 * rather than wait, and the skills still move. They read the attempts log before the statement's
 * own insert, as every CTE of one statement sees the same snapshot. `$1` … `$4` are the solver, the
 * numeral, the step and the verdict; the model's constants follow from `$first`.
 */
function modelUpdate(column: 'user_id' | 'temp_student_id', first: number): string {
  const [halfLife, ka, kb, kFloor, ia, ib, given, repeatHours, repeatWeight] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8,
  ].map((i) => `$${first + i}::float8`);
  const weight = `(${given} * CASE WHEN f.tried_before THEN ${repeatWeight} ELSE 1 END)`;
  const same = `${column} = $1 AND numeral_id = $2 AND step_id IS NOT DISTINCT FROM $3`;
  const decay = `power(0.5, greatest(0, extract(epoch FROM now() - m.last_evidence_at)) / 86400 / ${halfLife})`;
  return `first_attempt AS (
         SELECT COALESCE(bool_and(created_at <= now() - make_interval(hours => ${repeatHours}::int)), true) AS yes,
                count(*) > 0 AS tried_before
           FROM attempts WHERE ${same}),
       trained AS (
         SELECT skill_id FROM numeral_skills WHERE numeral_id = $2 AND (SELECT yes FROM first_attempt)
         UNION
         SELECT ps.skill_id FROM numerals n JOIN problem_skills ps ON ps.problem_id = n.problem_id
         WHERE n.id = $2 AND (SELECT yes FROM first_attempt)
           AND NOT EXISTS (SELECT 1 FROM numeral_skills WHERE numeral_id = $2)),
       skill_now AS (
         SELECT t.skill_id,
                COALESCE(m.theta, 0) AS theta,
                COALESCE(m.evidence * ${decay}, 0) AS evidence,
                COALESCE(m.successes * ${decay}, 0) AS successes
         FROM trained t LEFT JOIN skill_mastery m ON m.${column} = $1 AND m.skill_id = t.skill_id),
       numeral_now AS (
         SELECT COALESCE(MAX(difficulty), 0) AS difficulty, COALESCE(MAX(evidence), 0) AS evidence
         FROM numeral_difficulty WHERE numeral_id = $2 AND (SELECT yes FROM first_attempt)),
       predicted AS (
         SELECT 1 / (1 + exp(-(COALESCE((SELECT avg(theta) FROM skill_now), 0) - nn.difficulty))) AS p,
                nn.difficulty, nn.evidence
         FROM numeral_now nn),
       skills_moved AS (
         INSERT INTO skill_mastery (${column}, skill_id, theta, evidence, successes, last_evidence_at)
         SELECT $1, s.skill_id,
                s.theta + greatest(${kFloor}, ${ka} / (1 + ${kb} * s.evidence)) * ${weight} * ($4::boolean::int - p.p),
                s.evidence + ${weight}, s.successes + ${weight} * $4::boolean::int, now()
         FROM skill_now s, predicted p, first_attempt f WHERE f.yes
         ON CONFLICT (${column}, skill_id) DO UPDATE SET
           theta = EXCLUDED.theta, evidence = EXCLUDED.evidence, successes = EXCLUDED.successes,
           last_evidence_at = EXCLUDED.last_evidence_at),
       numeral_free AS (
         SELECT numeral_id FROM numeral_difficulty
          WHERE numeral_id = $2 AND (SELECT yes FROM first_attempt) FOR UPDATE SKIP LOCKED),
       numeral_moved AS (
         UPDATE numeral_difficulty d
            SET difficulty = p.difficulty + ${ia} / (1 + ${ib} * p.evidence) * ${weight} * (p.p - $4::boolean::int),
                evidence = p.evidence + ${weight}
           FROM predicted p, first_attempt f
          WHERE f.yes AND d.numeral_id IN (SELECT numeral_id FROM numeral_free)),
       numeral_known AS (
         INSERT INTO numeral_difficulty (numeral_id, difficulty, evidence)
         SELECT $2, p.difficulty + ${ia} / (1 + ${ib} * p.evidence) * ${weight} * (p.p - $4::boolean::int),
                p.evidence + ${weight}
           FROM predicted p, first_attempt f
          WHERE f.yes AND NOT EXISTS (SELECT 1 FROM numeral_difficulty WHERE numeral_id = $2)
         ON CONFLICT (numeral_id) DO NOTHING)`;
}

/** The model's constants and the attempt's weight, as the parameters `modelUpdate` reads. */
function modelValues(input: AttemptInput): number[] {
  const { halfLifeDays, student, numeral, repeat } = ADAPTIVE_MODEL;
  return [
    halfLifeDays,
    student.a,
    student.b,
    student.floor,
    numeral.a,
    numeral.b,
    input.weight,
    repeat.afterHours,
    repeat.weight,
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
      `WITH ${modelUpdate(column, 9)},
       logged AS (
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
      [...attemptValues(solverId, input), input.completed, ...modelValues(input)],
      `record-attempt-${column}`,
    );
    const { lastAttemptDate, gradesBound: bound, ...stat } = rows[0]!;
    return {
      stat: { ...stat, lastAttemptDate: new Date(lastAttemptDate).toISOString() },
      gradesBound: bound,
    };
  }

  /**
   * Logs an attempt that is not recorded for the teacher (deadline passed, activity expired); it
   * still counts as practice in the student model.
   */
  async logLateAttempt(input: AttemptInput): Promise<void> {
    const { column, solverId } = solverColumn(input.solver);
    await pooledQuery(
      this.sequelize,
      `WITH ${modelUpdate(column, 8)}
       INSERT INTO attempts (${column}, numeral_id, step_id, correct, answer, total_time, deadline_passed, feedback_codes)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, true, $7::text[])`,
      [...attemptValues(solverId, input), ...modelValues(input)],
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
