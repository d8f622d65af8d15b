// @module-tag embedded: a migration runs on both databases
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { createMigrator } from '../migrator';
import { MIGRATIONS } from './index';

const NAME = '0020-demo-presets';
const BEFORE = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === NAME) - 1]!.name;

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ content: 'empty' });
  await createMigrator(db.sequelize).up({ to: BEFORE });
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

const query = <T extends object>(sql: string) => db.sequelize.query<T>(sql, { type: QueryTypes.SELECT });

/** Inserts a row and answers its id. */
async function insert(sql: string): Promise<number> {
  const [row] = await query<{ id: number }>(`${sql} RETURNING id`);
  return row!.id;
}

/** Whether the table and the subtopics' (id, topic_id) constraint exist. */
async function schema(): Promise<{ table: boolean; subtopicKey: boolean }> {
  const table = await query(`SELECT 1 FROM pg_tables WHERE tablename = 'demo_presets'`);
  const key = await query(`SELECT 1 FROM pg_constraint WHERE conname = 'subtopics_id_topic_id_key'`);
  return { table: table.length === 1, subtopicKey: key.length === 1 };
}

const presets = () =>
  query<{ courseId: number; topicId: number; subtopicId: number | null }>(
    `SELECT course_id AS "courseId", topic_id AS "topicId", subtopic_id AS "subtopicId" FROM demo_presets`,
  );

describe(`migration ${NAME}`, () => {
  it('keeps one coherent preset (grade, course, a topic of it, a subtopic of that), removed with its content, and goes back down', async () => {
    const system = await insert(`INSERT INTO education_systems (name) VALUES ('Estándares (Colombia)')`);
    const grade = await insert(
      `INSERT INTO grades (education_system_id, name, numeration) VALUES (${system}, 'Décimo', 10)`,
    );
    const trigonometry = await insert(`INSERT INTO courses (name) VALUES ('Trigonometry')`);
    const algebra = await insert(`INSERT INTO courses (name) VALUES ('Algebra')`);
    const functions = await insert(`INSERT INTO topics (name) VALUES ('Trigonometric functions')`);
    const equations = await insert(`INSERT INTO topics (name) VALUES ('Equations')`);
    await db.sequelize.query(
      `INSERT INTO course_topics (course_id, topic_id) VALUES (${trigonometry}, ${functions}), (${algebra}, ${equations})`,
    );
    const graphs = await insert(`INSERT INTO subtopics (topic_id, name) VALUES (${functions}, 'Graphs')`);
    const linear = await insert(`INSERT INTO subtopics (topic_id, name) VALUES (${equations}, 'Linear')`);
    expect(await schema()).toEqual({ table: false, subtopicKey: false });

    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await schema()).toEqual({ table: true, subtopicKey: true });
    const preset = (course: number, topic: number, subtopic: number | null, id = 1) =>
      db.sequelize.query(
        `INSERT INTO demo_presets (id, grade_id, course_id, topic_id, subtopic_id)
         VALUES (${id}, ${grade}, ${course}, ${topic}, ${subtopic ?? 'NULL'})`,
      );

    // A topic of another course, a subtopic of another topic, a second preset: refused.
    await expect(preset(trigonometry, equations, null)).rejects.toThrow(/demo_presets_course_topic_fkey/);
    await expect(preset(trigonometry, functions, linear)).rejects.toThrow(/demo_presets_subtopic_fkey/);
    await preset(trigonometry, functions, graphs);
    await expect(preset(algebra, equations, null, 2)).rejects.toThrow(/demo_presets_id_check/);
    // A second row with the same id: the primary key's unique violation (Sequelize names it vaguely).
    await expect(preset(algebra, equations, null)).rejects.toMatchObject({ parent: { code: '23505' } });
    expect(await presets()).toEqual([{ courseId: trigonometry, topicId: functions, subtopicId: graphs }]);

    // The whole topic when there is no subtopic; removing the subtopic or the course's topic removes it.
    await db.sequelize.query(`DELETE FROM subtopics WHERE id = ${graphs}`);
    expect(await presets()).toEqual([]);
    await preset(trigonometry, functions, null);
    expect(await presets()).toEqual([{ courseId: trigonometry, topicId: functions, subtopicId: null }]);
    await db.sequelize.query(
      `DELETE FROM course_topics WHERE course_id = ${trigonometry} AND topic_id = ${functions}`,
    );
    expect(await presets()).toEqual([]);

    await createMigrator(db.sequelize).down({ to: NAME });
    expect(await schema()).toEqual({ table: false, subtopicKey: false });
    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await schema()).toEqual({ table: true, subtopicKey: true });
  });
});
