import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { ReferenceEducationSystem, SkillRef } from '../seed/learning-standards-colombia';

/** The ids of a loaded system's skills, by grade number, standard code and skill code. */
export type SkillIds = (ref: SkillRef) => number;

/**
 * Loads an education system's document (docs/learning-standards.md) into the database, or brings it
 * up to date: the system is found by its code (or, the first time, by its name), a grade by its
 * number within the system, a standard by its code within the grade and a skill by its code within
 * the standard; names, thinkings and order are rewritten, nothing is deleted, ids stay. Answers a
 * lookup of the skills' ids, which throws for a skill the document does not have.
 */
export async function loadEducationSystem(
  sequelize: Sequelize,
  system: ReferenceEducationSystem,
  transaction?: Transaction,
): Promise<SkillIds> {
  const one = async (sql: string, replacements: Record<string, unknown>): Promise<number | null> => {
    const [row] = await sequelize.query<{ id: number }>(sql, {
      replacements,
      type: QueryTypes.SELECT,
      transaction,
    });
    return row?.id ?? null;
  };
  const names = {
    code: system.code,
    name: system.name,
    nameEnglish: system.nameEnglish,
    ls: system.learningStandardName,
    lsEnglish: system.learningStandardNameEnglish,
  };
  const existing =
    (await one(`SELECT id FROM education_systems WHERE code = :code`, names)) ??
    (await one(`SELECT id FROM education_systems WHERE name = :name AND code IS NULL`, names));
  const systemId =
    existing === null
      ? await one(
          `INSERT INTO education_systems (code, name, name_english, learning_standard_name, learning_standard_name_english)
           VALUES (:code, :name, :nameEnglish, :ls, :lsEnglish) RETURNING id`,
          names,
        )
      : await one(
          `UPDATE education_systems SET code = :code, name = :name, name_english = :nameEnglish,
                  learning_standard_name = :ls, learning_standard_name_english = :lsEnglish
            WHERE id = :id RETURNING id`,
          { ...names, id: existing },
        );
  if (systemId === null) throw new Error(`The education system ${system.code} could not be written`);

  const skills = new Map<string, number>();
  for (const grade of system.grades) {
    const fields = {
      systemId,
      name: grade.name,
      nameEnglish: grade.nameEnglish,
      numeration: grade.numeration,
    };
    const gradeId =
      (await one(
        `UPDATE grades SET name = :name, name_english = :nameEnglish
          WHERE id = (SELECT id FROM grades WHERE education_system_id = :systemId AND numeration = :numeration
                       ORDER BY id LIMIT 1)
          RETURNING id`,
        fields,
      )) ??
      (await one(
        `INSERT INTO grades (education_system_id, name, name_english, numeration)
         VALUES (:systemId, :name, :nameEnglish, :numeration) RETURNING id`,
        fields,
      ));
    const standards = await sequelize.query<{ id: number; code: string }>(
      `INSERT INTO learning_standards (grade_id, code, name, name_english, thinking, position)
       SELECT :gradeId, r.code, r.name, r.name_english, r.thinking, r.position
         FROM jsonb_to_recordset(CAST(:rows AS jsonb))
           AS r(code varchar, name text, name_english text, thinking varchar, position smallint)
       ON CONFLICT (grade_id, code) DO UPDATE
         SET name = EXCLUDED.name, name_english = EXCLUDED.name_english, thinking = EXCLUDED.thinking,
             position = EXCLUDED.position
       RETURNING id, code`,
      {
        replacements: {
          gradeId,
          rows: JSON.stringify(
            grade.standards.map((st, position) => ({
              code: st.code,
              name: st.name,
              name_english: st.nameEnglish,
              thinking: st.thinking,
              position,
            })),
          ),
        },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    const standardIds = new Map(standards.map((row) => [row.code, row.id]));
    const written = await sequelize.query<{ id: number; code: string; standardId: number }>(
      `INSERT INTO skills (learning_standard_id, code, name, name_english, position)
       SELECT r.standard_id, r.code, r.name, r.name_english, r.position
         FROM jsonb_to_recordset(CAST(:rows AS jsonb))
           AS r(standard_id integer, code varchar, name text, name_english text, position smallint)
       ON CONFLICT (learning_standard_id, code) DO UPDATE
         SET name = EXCLUDED.name, name_english = EXCLUDED.name_english, position = EXCLUDED.position
       RETURNING id, code, learning_standard_id AS "standardId"`,
      {
        replacements: {
          rows: JSON.stringify(
            grade.standards.flatMap((st) =>
              st.skills.map((skill, position) => ({
                standard_id: standardIds.get(st.code),
                code: skill.code,
                name: skill.name,
                name_english: skill.nameEnglish,
                position,
              })),
            ),
          ),
        },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    const codeOf = new Map(standards.map((row) => [row.id, row.code]));
    for (const row of written)
      skills.set(`${grade.numeration}/${codeOf.get(row.standardId)}/${row.code}`, row.id);
  }
  return ([numeration, standard, skill]) => {
    const id = skills.get(`${numeration}/${standard}/${skill}`);
    if (id === undefined) throw new Error(`${system.code} has no skill ${numeration}/${standard}/${skill}`);
    return id;
  };
}
