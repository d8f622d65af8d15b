import {
  ADAPTIVE_MODEL,
  NEW_SKILL,
  evidenceWeight,
  updateAfterAttempt,
  type NumeralState,
  type SkillState,
} from '@kib/core';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/** One logged attempt, as the replay reads it. */
export interface LoggedAttempt {
  solver: string;
  numeralId: number;
  stepId: number | null;
  correct: boolean;
  at: Date;
}

/** What a replay leaves: each solver's skills, each numeral's difficulty, and its predictions. */
export interface ReplayResult {
  skills: Map<string, Map<number, SkillState>>;
  numerals: Map<number, NumeralState>;
  /** Each evidence's prediction before its update, and what happened. */
  predictions: { p: number; y: number }[];
}

/**
 * Runs logged attempts, oldest first, through the student model as the answer's statement would
 * have (ADR 31): a first attempt at a numeral or step, or the first of a later day at the repeat
 * weight, a step at the guided weight; `trained` gives a numeral's skills.
 */
export function replay(
  attempts: readonly LoggedAttempt[],
  trained: ReadonlyMap<number, readonly number[]>,
): ReplayResult {
  const skills = new Map<string, Map<number, SkillState>>();
  const numerals = new Map<number, NumeralState>();
  const last = new Map<string, Date>();
  const predictions: ReplayResult['predictions'] = [];
  const repeatMs = ADAPTIVE_MODEL.repeat.afterHours * 3_600_000;
  for (const a of [...attempts].sort((x, y) => x.at.getTime() - y.at.getTime())) {
    const key = `${a.solver}:${a.numeralId}:${a.stepId ?? ''}`;
    const before = last.get(key);
    last.set(key, a.at);
    if (before && a.at.getTime() - before.getTime() < repeatMs) continue;
    const weight =
      evidenceWeight({ step: a.stepId !== null, hintsShown: 0 }) *
      (before ? ADAPTIVE_MODEL.repeat.weight : 1);
    const own = skills.get(a.solver) ?? new Map<number, SkillState>();
    skills.set(a.solver, own);
    const ids = trained.get(a.numeralId) ?? [];
    const result = updateAfterAttempt(
      ids.map((id) => own.get(id) ?? NEW_SKILL),
      numerals.get(a.numeralId) ?? { difficulty: 0, evidence: 0 },
      a.correct,
      weight,
      a.at,
    );
    predictions.push({ p: result.predicted, y: a.correct ? 1 : 0 });
    ids.forEach((id, i) => own.set(id, result.skills[i]!));
    numerals.set(a.numeralId, result.numeral);
  }
  return { skills, numerals, predictions };
}

/**
 * Builds the student model from the attempts log (a seed that wrote attempts directly, or a
 * database from before the model): every solver's skills and every numeral's difficulty replaced
 * by a replay of the whole log.
 */
export async function rebuildModelFromAttempts(
  sequelize: Sequelize,
  transaction?: Transaction,
): Promise<ReplayResult> {
  const select = <T extends object>(sql: string) =>
    sequelize.query<T>(sql, { type: QueryTypes.SELECT, transaction });
  const rows = await select<{
    solver: string;
    numeralId: number;
    stepId: number | null;
    correct: boolean;
    at: Date;
  }>(
    `SELECT COALESCE('u' || user_id, 't' || temp_student_id) AS solver, numeral_id AS "numeralId",
            step_id AS "stepId", correct, created_at AS at
       FROM attempts ORDER BY created_at, id`,
  );
  const skillRows = await select<{ numeralId: number; skills: number[] }>(
    `SELECT n.id AS "numeralId",
            COALESCE((SELECT array_agg(skill_id) FROM numeral_skills WHERE numeral_id = n.id),
                     (SELECT array_agg(skill_id) FROM problem_skills WHERE problem_id = n.problem_id), '{}') AS skills
       FROM numerals n`,
  );
  const result = replay(
    rows.map((r) => ({ ...r, at: new Date(r.at) })),
    new Map(skillRows.map((r) => [r.numeralId, r.skills])),
  );
  await sequelize.query(`DELETE FROM skill_mastery`, { transaction });
  await sequelize.query(`DELETE FROM numeral_difficulty`, { transaction });
  const mastery = [...result.skills].flatMap(([solver, states]) =>
    [...states].map(([skillId, s]) => ({
      user_id: solver.startsWith('u') ? Number(solver.slice(1)) : null,
      temp_student_id: solver.startsWith('t') ? Number(solver.slice(1)) : null,
      skill_id: skillId,
      theta: s.theta,
      evidence: s.evidence,
      successes: s.successes,
      last_evidence_at: new Date(s.lastEvidenceAt ?? Date.now()).toISOString(),
    })),
  );
  for (let i = 0; i < mastery.length; i += 5_000)
    await sequelize.query(
      `INSERT INTO skill_mastery (user_id, temp_student_id, skill_id, theta, evidence, successes, last_evidence_at)
       SELECT r.user_id, r.temp_student_id, r.skill_id, r.theta, r.evidence, r.successes, r.last_evidence_at
         FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS r(user_id integer, temp_student_id integer, skill_id integer,
              theta float8, evidence float8, successes float8, last_evidence_at timestamptz)`,
      { replacements: { rows: JSON.stringify(mastery.slice(i, i + 5_000)) }, transaction },
    );
  const difficulties = [...result.numerals].map(([numeral_id, n]) => ({
    numeral_id,
    difficulty: n.difficulty,
    evidence: n.evidence,
  }));
  if (difficulties.length > 0)
    await sequelize.query(
      `INSERT INTO numeral_difficulty (numeral_id, difficulty, evidence)
       SELECT r.numeral_id, r.difficulty, r.evidence
         FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS r(numeral_id integer, difficulty float8, evidence float8)`,
      { replacements: { rows: JSON.stringify(difficulties) }, transaction },
    );
  return result;
}
