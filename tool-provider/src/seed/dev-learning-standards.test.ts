import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initModels } from '../db/models';
import { loadEducationSystem } from '../learning-standards/load-learning-standards';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { DEV_CONTENT } from './dev-content';
import { seedDevelopment } from './dev-seed';
import {
  COLOMBIA_STANDARDS,
  DEV_CATALOG_MODULE,
  DEV_MAIN_MODULE_SKILLS,
  DEV_PROBLEM_SKILLS,
  DEV_SKILL_PREREQUISITES,
} from './learning-standards-colombia';

let db: TestDatabase;

async function rows<T extends object>(sql: string, replacements: Record<string, unknown> = {}): Promise<T[]> {
  return db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
}

const counts = async () =>
  (
    await rows<{ systems: number; grades: number; standards: number; skills: number }>(
      `SELECT (SELECT count(*)::int FROM education_systems) AS systems, (SELECT count(*)::int FROM grades) AS grades,
              (SELECT count(*)::int FROM learning_standards) AS standards, (SELECT count(*)::int FROM skills) AS skills`,
    )
  )[0];

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDevelopment(db.sequelize, initModels(db.sequelize), { now: new Date('2026-03-02T15:00:00Z') });
});

afterAll(async () => {
  await db?.drop();
});

describe("the reference data of Colombia's standards", () => {
  it('names only problems of the development content and skills of the document', () => {
    const problemKeys = new Set(DEV_CONTENT.problems.map((p) => p.key));
    const skills = new Set(
      COLOMBIA_STANDARDS.grades.flatMap((g) =>
        g.standards.flatMap((s) => s.skills.map((k) => `${g.numeration}/${s.code}/${k.code}`)),
      ),
    );
    const refs = [
      ...Object.values(DEV_PROBLEM_SKILLS).flat(),
      ...DEV_CATALOG_MODULE.skills,
      ...DEV_MAIN_MODULE_SKILLS,
    ];
    expect(
      [...Object.keys(DEV_PROBLEM_SKILLS), ...DEV_CATALOG_MODULE.problemKeys].filter(
        (k) => !problemKeys.has(k),
      ),
    ).toEqual([]);
    expect(refs.map((r) => r.join('/')).filter((r) => !skills.has(r))).toEqual([]);
  });

  it('gives every standard both names, its thinking and at least two skills, codes unique in their parent', () => {
    for (const grade of COLOMBIA_STANDARDS.grades) {
      expect(new Set(grade.standards.map((s) => s.code)).size).toBe(grade.standards.length);
      for (const standard of grade.standards) {
        expect(standard.name).toMatch(/^[A-ZÁÉÍÓÚ].*\.$/);
        expect(standard.nameEnglish).toMatch(/^I .*\.$/);
        expect(standard.skills.length).toBeGreaterThanOrEqual(2);
        expect(new Set(standard.skills.map((k) => k.code)).size).toBe(standard.skills.length);
      }
    }
  });
});

describe('the development seed', () => {
  it('loads the three grade groups of the Colombian standards with their standards and skills', async () => {
    const grades = await rows<{ name: string; numeration: number; standards: number }>(
      `SELECT g.name, g.numeration, count(ls.id)::int AS standards
         FROM grades g JOIN education_systems e ON e.id = g.education_system_id
         LEFT JOIN learning_standards ls ON ls.grade_id = g.id
        WHERE e.code = 'co-men-2006' GROUP BY g.id ORDER BY g.numeration`,
    );
    expect(grades.map((g) => [g.name, g.numeration])).toEqual([
      ['Sexto a séptimo', 6],
      ['Octavo a noveno', 8],
      ['Décimo a undécimo', 10],
    ]);
    expect(grades.map((g) => g.standards)).toEqual(COLOMBIA_STANDARDS.grades.map((g) => g.standards.length));
  });

  it('links the sine graph to the periodic-functions skill, and the catalog module to it', async () => {
    const found = await rows<{ title: string }>(
      `SELECT p.title FROM problems p JOIN problem_skills ps ON ps.problem_id = p.id
         JOIN skills s ON s.id = ps.skill_id JOIN learning_standards ls ON ls.id = s.learning_standard_id
        WHERE ls.code = 'spa.2' AND s.code = '1' ORDER BY p.title`,
    );
    expect(found.map((r) => r.title)).toEqual(['Gráfica de la función seno']);
    const modules = await rows<{ name: string; email: string }>(
      `SELECT m.name, u.email FROM modules m JOIN users u ON u.id = m.author_id
         JOIN module_skills ms ON ms.module_id = m.id JOIN skills s ON s.id = ms.skill_id
         JOIN learning_standards ls ON ls.id = s.learning_standard_id
        WHERE ls.code = 'spa.2' AND s.code = '1'`,
    );
    expect(modules).toEqual([{ name: DEV_CATALOG_MODULE.name, email: 'creator@demo.kib' }]);
  });

  it("says what each skill requires, and builds the first student's model from their attempts", async () => {
    const pairs = await rows<{ skill: string; requires: string }>(
      `SELECT g1.numeration || ' ' || l1.code || '.' || s1.code AS skill,
              g2.numeration || ' ' || l2.code || '.' || s2.code AS requires
         FROM skill_prerequisites p
         JOIN skills s1 ON s1.id = p.skill_id JOIN learning_standards l1 ON l1.id = s1.learning_standard_id
         JOIN grades g1 ON g1.id = l1.grade_id
         JOIN skills s2 ON s2.id = p.requires_skill_id JOIN learning_standards l2 ON l2.id = s2.learning_standard_id
         JOIN grades g2 ON g2.id = l2.grade_id`,
    );
    expect(pairs).toHaveLength(DEV_SKILL_PREREQUISITES.length);
    expect(pairs).toContainEqual({ skill: '6 num.3.2', requires: '6 num.3.1' });
    // Ana's first attempts at the first two module problems were wrong (the right answer after one
    // is a retry, no evidence): their two skills have one answer of evidence each, both down.
    const model = await rows<{ theta: number; evidence: number }>(
      `SELECT m.theta, m.evidence FROM skill_mastery m JOIN users u ON u.id = m.user_id
        WHERE u.email = 'student@demo.kib' ORDER BY m.theta`,
    );
    expect(model).toHaveLength(2);
    expect(model.every((m) => m.theta < 0 && m.evidence === 1)).toBe(true);
  });

  it('loads the document again without duplicating or moving anything', async () => {
    const before = await counts();
    const ids = await rows(`SELECT id, code FROM skills ORDER BY id`);
    const again = await db.sequelize.transaction((t) =>
      loadEducationSystem(db.sequelize, COLOMBIA_STANDARDS, t),
    );
    expect(await counts()).toEqual(before);
    expect(await rows(`SELECT id, code FROM skills ORDER BY id`)).toEqual(ids);
    expect(again([10, 'spa.2', '1'])).toBeGreaterThan(0);
    expect(() => again([10, 'spa.2', '9'])).toThrow(/no skill/);
  });

  it("adopts a system that was seeded before the document had codes, its grade ten becoming 'Décimo a undécimo'", async () => {
    const other = await createTestDatabase();
    try {
      const [[system]] = (await other.sequelize.query(
        `INSERT INTO education_systems (name) VALUES (:name) RETURNING id`,
        { replacements: { name: COLOMBIA_STANDARDS.name } },
      )) as [{ id: number }[], unknown];
      const [[grade]] = (await other.sequelize.query(
        `INSERT INTO grades (education_system_id, name, numeration) VALUES (:id, 'Décimo', 10) RETURNING id`,
        { replacements: { id: system!.id } },
      )) as [{ id: number }[], unknown];
      await other.sequelize.transaction((t) => loadEducationSystem(other.sequelize, COLOMBIA_STANDARDS, t));
      const [row] = await other.sequelize.query<{ id: number; name: string; code: string }>(
        `SELECT g.id, g.name, e.code FROM grades g JOIN education_systems e ON e.id = g.education_system_id
          WHERE g.numeration = 10`,
        { type: QueryTypes.SELECT },
      );
      expect(row).toEqual({ id: grade!.id, name: 'Décimo a undécimo', code: 'co-men-2006' });
    } finally {
      await other.drop();
    }
  });
});
