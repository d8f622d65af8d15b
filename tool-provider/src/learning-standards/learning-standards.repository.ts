import {
  sortByNumeration,
  type AssignedModulesRequestSchema,
  type FoundModule,
  type GradeContent,
  type ModuleProblemItem,
  type ModuleStandards,
  type StandardGrade,
  type StandardLinkType,
} from '@kib/core';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { z } from 'zod';

/** The groups whose modules make the catalog every module builder may search. */
export const CATALOG_GROUPS = ['Creators', 'Supervisors'] as const;

/** The most modules one search answers. */
const MODULES_LIMIT = 100;

/** A list of ids as a PostgreSQL array literal, for `CAST(:x AS integer[])` (empty lists included). */
const idArray = (ids: readonly number[]): string => `{${ids.join(',')}}`;

/** The order of the thinkings in the Colombian document, for ORDER BY. */
const THINKING_ORDER = `array_position(ARRAY['numeric','spatial','metric','random','variational']::varchar[], ls.thinking)`;

/** The visible problems of a module, as the builder lists them: published, or the caller's own. */
const PROBLEM_COLUMNS = `p.id, p.title, NULL::varchar AS numeration, p.topic_id AS "topicId",
  p.subtopic_id AS "subtopicId",
  (SELECT count(*)::int FROM numerals n WHERE n.problem_id = p.id) AS "numeralCount"`;

/** A module the caller may read in a search: the catalog's (creators, supervisors) or their own. */
const READABLE_MODULE = `(m.author_id = :callerId OR EXISTS (
  SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id
   WHERE ug.user_id = m.author_id AND g.name IN (:catalogGroups)))`;

/** The education systems' grades, standards and skills, the problems and modules linked to them (SQL). */
export class LearningStandardsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(
    sql: string,
    replacements: Record<string, unknown> = {},
    transaction?: Transaction,
  ): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction });
  }

  private async exists(table: 'education_systems' | 'grades' | 'topics', id: number): Promise<boolean> {
    const rows = await this.select(`SELECT 1 FROM ${table} WHERE id = :id`, { id });
    return rows.length > 0;
  }

  /** The system's grades by number, or null when there is no such system. */
  async grades(educationSystemId: number): Promise<StandardGrade[] | null> {
    if (!(await this.exists('education_systems', educationSystemId))) return null;
    return this.select<StandardGrade>(
      `SELECT id, education_system_id AS "educationSystemId", name, name_english AS "nameEnglish", numeration
         FROM grades WHERE education_system_id = :educationSystemId ORDER BY numeration, id`,
      { educationSystemId },
    );
  }

  /** The grade's standards (by thinking, then order) and their skills, or null when there is no such grade. */
  async gradeContent(gradeId: number): Promise<GradeContent | null> {
    if (!(await this.exists('grades', gradeId))) return null;
    const learningStandards = await this.select<GradeContent['learningStandards'][number]>(
      `SELECT ls.id, ls.grade_id AS "gradeId", ls.name, ls.name_english AS "nameEnglish", ls.thinking
         FROM learning_standards ls WHERE ls.grade_id = :gradeId
        ORDER BY ${THINKING_ORDER} NULLS LAST, ls.position, ls.id`,
      { gradeId },
    );
    const skills = await this.select<GradeContent['skills'][number]>(
      `SELECT s.id, s.learning_standard_id AS "learningStandardId", s.name, s.name_english AS "nameEnglish"
         FROM skills s JOIN learning_standards ls ON ls.id = s.learning_standard_id
        WHERE ls.grade_id = :gradeId
        ORDER BY ${THINKING_ORDER} NULLS LAST, ls.position, ls.id, s.position, s.id`,
      { gradeId },
    );
    return { learningStandards, skills };
  }

  /** Whether the learning standard or skill exists. */
  async linkExists(type: StandardLinkType, id: number): Promise<boolean> {
    const table = type === 'skill' ? 'skills' : 'learning_standards';
    const rows = await this.select(`SELECT 1 FROM ${table} WHERE id = :id`, { id });
    return rows.length > 0;
  }

  /** Whether the topic exists. */
  topicExists(topicId: number): Promise<boolean> {
    return this.exists('topics', topicId);
  }

  /**
   * The problems linked to the skill (or to a skill of the standard) that the caller may put in a
   * module: published, or their own; by title.
   */
  standardProblems(callerId: number, type: StandardLinkType, id: number): Promise<ModuleProblemItem[]> {
    const link =
      type === 'skill'
        ? `ps.skill_id = :id`
        : `ps.skill_id IN (SELECT s.id FROM skills s WHERE s.learning_standard_id = :id)`;
    return this.select<ModuleProblemItem>(
      `SELECT ${PROBLEM_COLUMNS} FROM problems p
        WHERE (p.publish_problem OR p.author_id = :callerId)
          AND EXISTS (SELECT 1 FROM problem_skills ps WHERE ps.problem_id = p.id AND ${link})
        ORDER BY p.title, p.id`,
      { callerId, id },
    );
  }

  /**
   * The modules the caller may read that are assigned to the standard (to it, or to one of its
   * skills) or to the skill, by name, each with its visible problems in order.
   */
  async assignedModules(
    callerId: number,
    { type, id }: z.output<typeof AssignedModulesRequestSchema>,
  ): Promise<FoundModule[]> {
    const assigned =
      type === 'skill'
        ? `EXISTS (SELECT 1 FROM module_skills ms WHERE ms.module_id = m.id AND ms.skill_id = :id)`
        : `(EXISTS (SELECT 1 FROM module_learning_standards ml
                     WHERE ml.module_id = m.id AND ml.learning_standard_id = :id)
            OR EXISTS (SELECT 1 FROM module_skills ms JOIN skills s ON s.id = ms.skill_id
                        WHERE ms.module_id = m.id AND s.learning_standard_id = :id))`;
    return this.foundModules(callerId, assigned, { id });
  }

  /** The modules the caller may read with a problem of the topic they may read, by name. */
  topicModules(callerId: number, topicId: number): Promise<FoundModule[]> {
    return this.foundModules(
      callerId,
      `EXISTS (SELECT 1 FROM module_problems mp JOIN problems p ON p.id = mp.problem_id
                WHERE mp.module_id = m.id AND p.topic_id = :topicId
                  AND (p.publish_problem OR p.author_id = :callerId))`,
      { topicId },
    );
  }

  private async foundModules(
    callerId: number,
    condition: string,
    replacements: Record<string, unknown>,
  ): Promise<FoundModule[]> {
    const modules = await this.select<Omit<FoundModule, 'problems'>>(
      `SELECT m.id, m.name, m.description, btrim(u.first_name || ' ' || u.last_name) AS "authorName"
         FROM modules m JOIN users u ON u.id = m.author_id
        WHERE ${READABLE_MODULE} AND ${condition}
        ORDER BY m.name, m.id LIMIT ${MODULES_LIMIT}`,
      { ...replacements, callerId, catalogGroups: [...CATALOG_GROUPS] },
    );
    if (modules.length === 0) return [];
    const problems = await this.select<ModuleProblemItem & { moduleId: number }>(
      `SELECT mp.module_id AS "moduleId", p.id, p.title, mp.numeration, p.topic_id AS "topicId",
              p.subtopic_id AS "subtopicId",
              (SELECT count(*)::int FROM numerals n WHERE n.problem_id = p.id) AS "numeralCount"
         FROM module_problems mp JOIN problems p ON p.id = mp.problem_id
        WHERE mp.module_id = ANY(CAST(:moduleIds AS integer[]))
          AND (p.publish_problem OR p.author_id = :callerId)
        ORDER BY p.id`,
      { moduleIds: idArray(modules.map((m) => m.id)), callerId },
    );
    return modules.map((m) => ({
      ...m,
      problems: sortByNumeration(
        problems.filter((p) => p.moduleId === m.id),
        (p) => p.numeration,
      ).map(({ moduleId: _moduleId, ...p }) => p),
    }));
  }

  /**
   * The module's author and whether the module is in the creators' catalog (its author is a creator
   * or a supervisor, as in the searches), or null when there is no such module.
   */
  async moduleOwnership(moduleId: number): Promise<{ authorId: number; inCatalog: boolean } | null> {
    const [row] = await this.select<{ authorId: number; inCatalog: boolean }>(
      `SELECT m.author_id AS "authorId", EXISTS (
         SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id
          WHERE ug.user_id = m.author_id AND g.name IN (:catalogGroups)) AS "inCatalog"
         FROM modules m WHERE m.id = :moduleId`,
      { moduleId, catalogGroups: [...CATALOG_GROUPS] },
    );
    return row ?? null;
  }

  /** The learning standards and skills the module is assigned to, with where each sits. */
  async moduleStandards(moduleId: number, transaction?: Transaction): Promise<ModuleStandards> {
    const learningStandards = await this.select<ModuleStandards['learningStandards'][number]>(
      `SELECT ls.id, ls.grade_id AS "gradeId", ls.name, ls.name_english AS "nameEnglish", ls.thinking,
              g.education_system_id AS "educationSystemId"
         FROM module_learning_standards ml JOIN learning_standards ls ON ls.id = ml.learning_standard_id
         JOIN grades g ON g.id = ls.grade_id
        WHERE ml.module_id = :moduleId
        ORDER BY g.education_system_id, g.numeration, ${THINKING_ORDER} NULLS LAST, ls.position, ls.id`,
      { moduleId },
      transaction,
    );
    const skills = await this.select<ModuleStandards['skills'][number]>(
      `SELECT s.id, s.learning_standard_id AS "learningStandardId", s.name, s.name_english AS "nameEnglish",
              ls.grade_id AS "gradeId", g.education_system_id AS "educationSystemId"
         FROM module_skills ms JOIN skills s ON s.id = ms.skill_id
         JOIN learning_standards ls ON ls.id = s.learning_standard_id JOIN grades g ON g.id = ls.grade_id
        WHERE ms.module_id = :moduleId
        ORDER BY g.education_system_id, g.numeration, ${THINKING_ORDER} NULLS LAST, ls.position, ls.id,
                 s.position, s.id`,
      { moduleId },
      transaction,
    );
    return { learningStandards, skills };
  }

  /**
   * Assigns the module to exactly these standards and skills, in one transaction. Answers the ids
   * that name nothing (and then writes nothing), or the module's assignment as written.
   */
  async setModuleStandards(
    moduleId: number,
    learningStandardIds: readonly number[],
    skillIds: readonly number[],
  ): Promise<
    | { kind: 'unknown'; learningStandards: number[]; skills: number[] }
    | { kind: 'saved'; saved: ModuleStandards }
  > {
    return this.sequelize.transaction(async (transaction) => {
      await this.select(`SELECT id FROM modules WHERE id = :moduleId FOR UPDATE`, { moduleId }, transaction);
      const missing = async (table: string, ids: readonly number[]) =>
        (
          await this.select<{ id: number }>(
            `SELECT x.id FROM unnest(CAST(:ids AS integer[])) AS x(id)
              WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = x.id) ORDER BY x.id`,
            { ids: idArray(ids) },
            transaction,
          )
        ).map((r) => r.id);
      const unknownStandards = await missing('learning_standards', learningStandardIds);
      const unknownSkills = await missing('skills', skillIds);
      if (unknownStandards.length > 0 || unknownSkills.length > 0)
        return { kind: 'unknown', learningStandards: unknownStandards, skills: unknownSkills };
      const run = (sql: string, replacements: Record<string, unknown>) =>
        this.sequelize.query(sql, { replacements, transaction });
      await run(`DELETE FROM module_learning_standards WHERE module_id = :moduleId`, { moduleId });
      await run(`DELETE FROM module_skills WHERE module_id = :moduleId`, { moduleId });
      await run(
        `INSERT INTO module_learning_standards (module_id, learning_standard_id)
         SELECT :moduleId, x FROM unnest(CAST(:ids AS integer[])) AS x`,
        { moduleId, ids: idArray(learningStandardIds) },
      );
      await run(
        `INSERT INTO module_skills (module_id, skill_id)
         SELECT :moduleId, x FROM unnest(CAST(:ids AS integer[])) AS x`,
        { moduleId, ids: idArray(skillIds) },
      );
      return { kind: 'saved', saved: await this.moduleStandards(moduleId, transaction) };
    });
  }
}
