import type { SkillState } from '@kib/core';
import type { Language } from '@kib/i18n';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { Candidate, SkillInfo } from './policy';

/** Where practice is asked for: a topic, a subtopic or a skill. */
export type PracticeScope = { topic: number } | { subtopic: number } | { skill: number };

/** A skill with its name in the reader's language and its place in the curriculum. */
export interface NamedSkill extends SkillInfo {
  name: string;
}

/**
 * The numerals a student may practise, each with the skills it trains (its own, else its
 * problem's), the model's difficulty and the student's history with it. Published problems only;
 * a demo account sees its preset's topic (and subtopic) only, as everywhere else.
 */
const CANDIDATES = `
  WITH viewer AS (SELECT COALESCE((SELECT is_demo FROM users WHERE id = :userId), false) AS demo)
  SELECT n.id AS "numeralId", p.id AS "problemId",
         COALESCE(own.skills, inherited.skills, '{}') AS skills,
         COALESCE(d.difficulty, 0) AS difficulty,
         COALESCE(st.attempts, 0) AS attempts, st.last_attempt_date AS "lastAttemptAt",
         COALESCE(st.completed, false) AS completed,
         row_number() OVER (ORDER BY p.numeration NULLS LAST, p.id, n.number, n.id)::int AS "order"
    FROM numerals n
    JOIN problems p ON p.id = n.problem_id AND p.publish_problem
    CROSS JOIN viewer
    LEFT JOIN LATERAL (SELECT array_agg(skill_id ORDER BY skill_id) AS skills
                         FROM numeral_skills WHERE numeral_id = n.id) own ON true
    LEFT JOIN LATERAL (SELECT array_agg(skill_id ORDER BY skill_id) AS skills
                         FROM problem_skills WHERE problem_id = p.id) inherited ON true
    LEFT JOIN numeral_difficulty d ON d.numeral_id = n.id
    LEFT JOIN stats st ON st.numeral_id = n.id AND st.user_id = :userId
   WHERE (NOT viewer.demo OR EXISTS (
           SELECT 1 FROM demo_presets dp
            WHERE p.topic_id = dp.topic_id AND (dp.subtopic_id IS NULL OR p.subtopic_id = dp.subtopic_id)))`;

/** Data access of adaptive practice: candidates, skills and the student's model. */
export class PracticeRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }

  /** Whether the topic, subtopic or skill exists. */
  async scopeExists(scope: PracticeScope): Promise<boolean> {
    const [table, id] =
      'topic' in scope
        ? ['topics', scope.topic]
        : 'subtopic' in scope
          ? ['subtopics', scope.subtopic]
          : ['skills', scope.skill];
    const rows = await this.select(`SELECT 1 FROM ${table} WHERE id = :id`, { id });
    return rows.length > 0;
  }

  /** The numerals of a scope a student may practise. */
  async candidates(userId: number, scope: PracticeScope): Promise<Candidate[]> {
    const where =
      'topic' in scope
        ? 'p.topic_id = :id'
        : 'subtopic' in scope
          ? 'p.subtopic_id = :id'
          : ':id = ANY(COALESCE(own.skills, inherited.skills))';
    const id = 'topic' in scope ? scope.topic : 'subtopic' in scope ? scope.subtopic : scope.skill;
    return this.select<Candidate>(`${CANDIDATES} AND ${where}`, { userId, id });
  }

  /** The numerals anywhere that train any of some skills. */
  async training(userId: number, skillIds: readonly number[]): Promise<Candidate[]> {
    if (skillIds.length === 0) return [];
    return this.select<Candidate>(
      `${CANDIDATES} AND COALESCE(own.skills, inherited.skills) && ARRAY[:ids]::int[]`,
      { userId, ids: [...skillIds] },
    );
  }

  /**
   * Skills with their names, grade, position and prerequisites; with `withNeighbours`, also those
   * they require and those that require them.
   */
  async skills(ids: readonly number[], language: Language, withNeighbours = false): Promise<NamedSkill[]> {
    if (ids.length === 0) return [];
    const neighbours = withNeighbours
      ? `UNION SELECT requires_skill_id FROM skill_prerequisites WHERE skill_id IN (:ids)
         UNION SELECT skill_id FROM skill_prerequisites WHERE requires_skill_id IN (:ids)`
      : '';
    return this.select<NamedSkill>(
      `WITH wanted AS (SELECT unnest(ARRAY[:ids]::int[]) AS id ${neighbours})
       SELECT s.id,
              CASE WHEN :language = 'en' AND COALESCE(s.name_english, '') <> '' THEN s.name_english ELSE s.name END AS name,
              g.numeration AS grade, COALESCE(s.position, 0) AS position,
              COALESCE((SELECT array_agg(requires_skill_id ORDER BY requires_skill_id)
                          FROM skill_prerequisites WHERE skill_id = s.id), '{}') AS requires
         FROM skills s
         JOIN wanted w ON w.id = s.id
         JOIN learning_standards ls ON ls.id = s.learning_standard_id
         JOIN grades g ON g.id = ls.grade_id`,
      { ids: [...ids], language },
    );
  }

  /** The student's model of some skills (skills without evidence are absent). */
  async states(userId: number, skillIds: readonly number[]): Promise<Map<number, SkillState>> {
    const rows = await this.models([userId], skillIds);
    return new Map(rows.map(({ studentId: _, skillId, ...state }) => [skillId, state]));
  }

  /** The numeral the student answered last, if any. */
  async lastNumeral(userId: number): Promise<number | null> {
    const [row] = await this.select<{ numeralId: number }>(
      `SELECT numeral_id AS "numeralId" FROM attempts WHERE user_id = :userId
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      { userId },
    );
    return row?.numeralId ?? null;
  }

  /** One of a teacher's classrooms (null: not theirs, or none). */
  async ownClassroom(teacherId: number, classroomId: number): Promise<{ id: number; name: string } | null> {
    const [row] = await this.select<{ id: number; name: string }>(
      `SELECT id, name FROM classrooms WHERE id = :classroomId AND author_id = :teacherId`,
      { teacherId, classroomId },
    );
    return row ?? null;
  }

  /** A classroom's students, by name. */
  classroomStudents(
    classroomId: number,
  ): Promise<{ id: number; firstName: string; lastName: string; email: string }[]> {
    return this.select(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email
         FROM classroom_students cs JOIN users u ON u.id = cs.user_id
        WHERE cs.classroom_id = :classroomId
        ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
      { classroomId },
    );
  }

  /**
   * The skills a classroom's assignments train (their problems' and numerals' skills, and the skills
   * their modules are assigned to), in the curriculum's order, each with the mean difficulty of its
   * numerals there.
   */
  classroomSkills(
    classroomId: number,
    language: Language,
  ): Promise<{ id: number; name: string; grade: number | null; difficulty: number }[]> {
    return this.select(
      `WITH assigned AS (SELECT module_id FROM module_classrooms WHERE classroom_id = :classroomId),
            problems AS (SELECT DISTINCT mp.problem_id FROM module_problems mp JOIN assigned a USING (module_id)),
            trained AS (
              SELECT n.id AS numeral_id, COALESCE(own.skill_id, ps.skill_id) AS skill_id
                FROM numerals n JOIN problems p ON p.problem_id = n.problem_id
                LEFT JOIN numeral_skills own ON own.numeral_id = n.id
                LEFT JOIN problem_skills ps ON ps.problem_id = n.problem_id
                 AND NOT EXISTS (SELECT 1 FROM numeral_skills x WHERE x.numeral_id = n.id)),
            skill_ids AS (
              SELECT skill_id FROM trained WHERE skill_id IS NOT NULL
              UNION SELECT ms.skill_id FROM module_skills ms JOIN assigned a USING (module_id))
       SELECT s.id,
              CASE WHEN :language = 'en' AND COALESCE(s.name_english, '') <> '' THEN s.name_english ELSE s.name END AS name,
              g.numeration AS grade,
              COALESCE((SELECT avg(COALESCE(d.difficulty, 0)) FROM trained t
                          LEFT JOIN numeral_difficulty d ON d.numeral_id = t.numeral_id
                         WHERE t.skill_id = s.id), 0)::float8 AS difficulty
         FROM skills s
         JOIN skill_ids k ON k.skill_id = s.id
         JOIN learning_standards ls ON ls.id = s.learning_standard_id
         JOIN grades g ON g.id = ls.grade_id
        ORDER BY g.numeration, COALESCE(s.position, 0), s.id`,
      { classroomId, language },
    );
  }

  /** The models of some students for some skills (pairs without evidence are absent). */
  async models(
    studentIds: readonly number[],
    skillIds: readonly number[],
  ): Promise<(SkillState & { studentId: number; skillId: number })[]> {
    if (studentIds.length === 0 || skillIds.length === 0) return [];
    return this.select(
      `SELECT user_id AS "studentId", skill_id AS "skillId", theta, evidence, successes,
              last_evidence_at AS "lastEvidenceAt"
         FROM skill_mastery WHERE user_id IN (:studentIds) AND skill_id IN (:skillIds)`,
      { studentIds: [...studentIds], skillIds: [...skillIds] },
    );
  }
}
