// @module-tag embedded: a migration runs on both databases
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { createMigrator } from '../migrator';
import { MIGRATIONS } from './index';

const NAME = '0019-school-classrooms';
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

/** The columns the migration adds or changes, as `type nullable`, and its index. */
async function schema(): Promise<{
  institutionId: string | null;
  authorId: string | null;
  redeemedAt: string | null;
  index: boolean;
}> {
  const columns = await query<{ table: string; name: string; type: string; nullable: string }>(
    `SELECT table_name AS table, column_name AS name, data_type AS type, is_nullable AS nullable
     FROM information_schema.columns
     WHERE (table_name = 'classrooms' AND column_name IN ('institution_id', 'author_id'))
        OR (table_name = 'subscriptions' AND column_name = 'redeemed_at')`,
  );
  const column = (name: string) => {
    const found = columns.find((c) => c.name === name);
    return found ? `${found.type} ${found.nullable}` : null;
  };
  const index = await query(`SELECT 1 FROM pg_indexes WHERE indexname = 'classrooms_institution_id_idx'`);
  return {
    institutionId: column('institution_id'),
    authorId: column('author_id'),
    redeemedAt: column('redeemed_at'),
    index: index.length === 1,
  };
}

/** Inserts a row and answers its id. */
async function insert(sql: string): Promise<number> {
  const [row] = await query<{ id: number }>(`${sql} RETURNING id`);
  return row!.id;
}

describe(`migration ${NAME}`, () => {
  it("gives classrooms their teacher's school, lets a classroom have no teacher, dates redemptions, and goes back down", async () => {
    const [medellin] = await query<{ id: number }>(`SELECT id FROM cities WHERE code = '05001'`);
    const city = medellin!.id;
    const school = await insert(
      `INSERT INTO institutions (name, city_id) VALUES ('Colegio Antiguo', ${city})`,
    );
    const inSchool = await insert(`INSERT INTO users (email) VALUES ('profe@antiguo.co')`);
    const alone = await insert(`INSERT INTO users (email) VALUES ('sola@kib.co')`);
    await db.sequelize.query(
      `INSERT INTO institution_teachers (institution_id, user_id) VALUES (${school}, ${inSchool})`,
    );
    await db.sequelize.query(
      `INSERT INTO classrooms (name, code, author_id) VALUES ('Once A', 'AAAAAA', ${inSchool}),
       ('Once B', 'BBBBBB', ${inSchool}), ('Sin colegio', 'CCCCCC', ${alone})`,
    );
    await db.sequelize.query(
      `INSERT INTO subscriptions (institution_name, institution_id, number_of_students, code, code_valid_until,
                                  plan_valid_until, updated_at)
       VALUES ('Colegio Antiguo', ${school}, 30, 'REDIMIDO', now() + interval '1 day', now() + interval '1 year',
               '2026-02-01T10:00:00Z'),
              ('Otro', NULL, 30, 'LIBRE', now() + interval '1 day', now() + interval '1 year', '2026-03-01T10:00:00Z')`,
    );
    expect(await schema()).toEqual({
      institutionId: null,
      authorId: 'integer NO',
      redeemedAt: null,
      index: false,
    });
    await expect(
      db.sequelize.query(
        `INSERT INTO classrooms (name, code, author_id) VALUES ('Huérfano', 'DDDDDD', NULL)`,
      ),
    ).rejects.toThrow(/null value/);

    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await schema()).toEqual({
      institutionId: 'integer YES',
      authorId: 'integer YES',
      redeemedAt: 'timestamp with time zone YES',
      index: true,
    });
    expect(
      await query(
        `SELECT name, institution_id AS "institutionId", author_id AS "authorId" FROM classrooms ORDER BY name`,
      ),
    ).toEqual([
      { name: 'Once A', institutionId: school, authorId: inSchool },
      { name: 'Once B', institutionId: school, authorId: inSchool },
      { name: 'Sin colegio', institutionId: null, authorId: alone },
    ]);
    expect(
      (
        await query<{ code: string; redeemedAt: Date | null }>(
          `SELECT code, redeemed_at AS "redeemedAt" FROM subscriptions ORDER BY code`,
        )
      ).map((row) => ({ ...row, redeemedAt: row.redeemedAt && new Date(row.redeemedAt).toISOString() })),
    ).toEqual([
      { code: 'LIBRE', redeemedAt: null },
      { code: 'REDIMIDO', redeemedAt: '2026-02-01T10:00:00.000Z' },
    ]);

    // A classroom the school keeps without a teacher; a school with classrooms cannot be deleted.
    await db.sequelize.query(`UPDATE classrooms SET author_id = NULL WHERE name = 'Once B'`);
    const second = await insert(`INSERT INTO institutions (name, city_id) VALUES ('Colegio Nuevo', ${city})`);
    await db.sequelize.query(`UPDATE classrooms SET institution_id = ${second} WHERE name = 'Sin colegio'`);
    await expect(db.sequelize.query(`DELETE FROM institutions WHERE id = ${second}`)).rejects.toThrow(
      /classrooms_institution_id_fkey/,
    );
    await db.sequelize.query(`UPDATE classrooms SET institution_id = NULL WHERE name = 'Sin colegio'`);

    await createMigrator(db.sequelize).down({ to: NAME });
    expect(await schema()).toEqual({
      institutionId: null,
      authorId: 'integer NO',
      redeemedAt: null,
      index: false,
    });
    expect(await query(`SELECT name FROM classrooms ORDER BY name`)).toEqual([
      { name: 'Once A' },
      { name: 'Sin colegio' },
    ]);

    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await schema()).toMatchObject({ institutionId: 'integer YES', authorId: 'integer YES' });
    expect(
      await query(`SELECT name, institution_id AS "institutionId" FROM classrooms ORDER BY name`),
    ).toEqual([
      { name: 'Once A', institutionId: school },
      { name: 'Sin colegio', institutionId: null },
    ]);
  });
});
