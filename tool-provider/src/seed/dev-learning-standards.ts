import type { Sequelize, Transaction } from 'sequelize';
import { loadEducationSystem } from '../learning-standards/load-learning-standards';
import {
  COLOMBIA_STANDARDS,
  DEV_CATALOG_MODULE,
  DEV_MAIN_MODULE_SKILLS,
  DEV_PROBLEM_SKILLS,
  DEV_SKILL_PREREQUISITES,
  type SkillRef,
} from './learning-standards-colombia';

/**
 * The development seed's competences: Colombia's standards loaded, the content's problems linked to
 * the skills they practise, what those skills require, the teacher's main module assigned to its skill (and that skill's
 * standard), and a module of the creators' catalog assigned to the periodic-functions skills.
 */
export async function seedDevStandards(
  sequelize: Sequelize,
  refs: { problemId: (key: string) => number; creatorId: number; mainModuleId: number },
  transaction: Transaction,
): Promise<void> {
  const skillId = await loadEducationSystem(sequelize, COLOMBIA_STANDARDS, transaction);
  const run = (sql: string, replacements: Record<string, unknown>) =>
    sequelize.query(sql, { replacements, transaction });
  const assign = async (moduleId: number, skills: readonly SkillRef[]) => {
    for (const ref of skills) {
      const id = skillId(ref);
      await run(`INSERT INTO module_skills (module_id, skill_id) VALUES (:moduleId, :id)`, { moduleId, id });
      await run(
        `INSERT INTO module_learning_standards (module_id, learning_standard_id)
         SELECT :moduleId, learning_standard_id FROM skills WHERE id = :id ON CONFLICT DO NOTHING`,
        { moduleId, id },
      );
    }
  };

  const links = Object.entries(DEV_PROBLEM_SKILLS).flatMap(([key, skills]) =>
    skills.map((ref) => ({ problem_id: refs.problemId(key), skill_id: skillId(ref) })),
  );
  await run(
    `INSERT INTO problem_skills (problem_id, skill_id)
     SELECT r.problem_id, r.skill_id FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS r(problem_id integer, skill_id integer)`,
    { rows: JSON.stringify(links) },
  );
  for (const [skill, requires] of DEV_SKILL_PREREQUISITES)
    await run(`INSERT INTO skill_prerequisites (skill_id, requires_skill_id) VALUES (:skill, :requires)`, {
      skill: skillId(skill),
      requires: skillId(requires),
    });
  await assign(refs.mainModuleId, DEV_MAIN_MODULE_SKILLS);

  const [[catalog]] = (await run(
    `INSERT INTO modules (name, description, author_id) VALUES (:name, :description, :authorId) RETURNING id`,
    { name: DEV_CATALOG_MODULE.name, description: DEV_CATALOG_MODULE.description, authorId: refs.creatorId },
  )) as [{ id: number }[], unknown];
  for (const [i, key] of DEV_CATALOG_MODULE.problemKeys.entries())
    await run(
      `INSERT INTO module_problems (module_id, problem_id, numeration) VALUES (:moduleId, :problemId, :n)`,
      { moduleId: catalog!.id, problemId: refs.problemId(key), n: String(i + 1) },
    );
  await assign(catalog!.id, DEV_CATALOG_MODULE.skills);
}

/** Brings Colombia's standards up to date in a database seeded before they were loaded (nothing linked). */
export async function refreshDevStandards(sequelize: Sequelize): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    await loadEducationSystem(sequelize, COLOMBIA_STANDARDS, transaction);
  });
}
