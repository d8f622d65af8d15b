// @module-tag embedded: a migration runs on both databases
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReferenceGeography, readReferenceGeography } from '../../schools/geography-data';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { createMigrator } from '../migrator';
import { MIGRATIONS } from './index';

const NAME = '0017-reference-geography';
const BEFORE = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === NAME) - 1]!.name;

let db: TestDatabase;
/** The rows a school made before the migration: Colombia, Antioquia, Medellín and the school. */
let before: { country: number; entity: number; city: number; school: number };

const select = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
  db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
const id = async (sql: string, replacements: Record<string, unknown> = {}) => {
  const [row] = await select<{ id: number }>(`${sql} RETURNING id`, replacements);
  return row!.id;
};

/** How many rows each geography table has. */
async function counts() {
  const [row] = await select<{ countries: number; entities: number; cities: number }>(
    `SELECT (SELECT count(*)::int FROM countries) AS countries,
            (SELECT count(*)::int FROM territorial_entities) AS entities,
            (SELECT count(*)::int FROM cities) AS cities`,
  );
  return row!;
}

/** Whether the geography tables have the `code` column. */
async function codeColumns(): Promise<string[]> {
  const rows = await select<{ table: string }>(
    `SELECT table_name AS table FROM information_schema.columns
      WHERE column_name = 'code' AND table_name IN ('countries', 'territorial_entities', 'cities')
      ORDER BY table_name`,
  );
  return rows.map((r) => r.table);
}

beforeAll(async () => {
  db = await createTestDatabase({ content: 'empty' });
  await createMigrator(db.sequelize).up({ to: BEFORE });
  const country = await id(`INSERT INTO countries (name) VALUES ('Colombia')`);
  const entity = await id(
    `INSERT INTO territorial_entities (country_id, name) VALUES (:country, 'Antioquia')`,
    {
      country,
    },
  );
  const city = await id(
    `INSERT INTO cities (country_id, territorial_entity_id, name) VALUES (:country, :entity, 'Medellín')`,
    { country, entity },
  );
  const school = await id(
    `INSERT INTO institutions (name, country_id, territorial_entity_id, city_id)
     VALUES ('Colegio de antes', :country, :entity, :city)`,
    { country, entity, city },
  );
  // A place added by hand, which the reference data does not know.
  await id(
    `INSERT INTO cities (country_id, territorial_entity_id, name) VALUES (:country, :entity, 'Vereda Alta')`,
    {
      country,
      entity,
    },
  );
  before = { country, entity, city, school };
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

describe(`migration ${NAME}`, () => {
  it('loads the reference geography, keeping the rows a school uses, and is idempotent', async () => {
    expect(await codeColumns()).toEqual([]);
    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await codeColumns()).toEqual(['cities', 'countries', 'territorial_entities']);
    // 1,122 reference cities and the hand-made one; Colombia, Antioquia and Medellín were matched, not added.
    expect(await counts()).toEqual({ countries: 249, entities: 33, cities: 1123 });
    const [kept] = await select<{ country: string; entity: string; city: string; school: number }>(
      `SELECT co.code AS country, t.code AS entity, c.code AS city, i.id AS school
         FROM institutions i JOIN cities c ON c.id = i.city_id
         JOIN territorial_entities t ON t.id = c.territorial_entity_id JOIN countries co ON co.id = c.country_id
        WHERE co.id = :country AND t.id = :entity AND c.id = :city`,
      before,
    );
    expect(kept).toEqual({ country: 'CO', entity: '05', city: '05001', school: before.school });
    expect(await select(`SELECT code FROM cities WHERE name = 'Vereda Alta'`)).toEqual([{ code: null }]);

    const again = await db.sequelize.transaction((transaction) =>
      loadReferenceGeography(db.sequelize, transaction),
    );
    expect(again).toEqual({ countries: 0, territorialEntities: 0, cities: 0 });
    expect(await counts()).toEqual({ countries: 249, entities: 33, cities: 1123 });
  });

  it('renames a row whose name changed at the source, keeping its id, and adds a new one', async () => {
    const data = readReferenceGeography();
    const renamed = {
      ...data,
      cities: [
        ...data.cities.map((c) => (c.code === '05001' ? { ...c, name: 'Distrito de Medellín' } : c)),
        { code: '05999', name: 'Municipio Nuevo', territorialEntityCode: '05' },
      ],
    };
    const loaded = await db.sequelize.transaction((transaction) =>
      loadReferenceGeography(db.sequelize, transaction, renamed),
    );
    expect(loaded).toEqual({ countries: 0, territorialEntities: 0, cities: 1 });
    expect(await select(`SELECT id, name FROM cities WHERE code = '05001'`)).toEqual([
      { id: before.city, name: 'Distrito de Medellín' },
    ]);
    await db.sequelize.transaction((transaction) => loadReferenceGeography(db.sequelize, transaction));
    expect(await select(`SELECT id, name FROM cities WHERE code = '05001'`)).toEqual([
      { id: before.city, name: 'Medellín' },
    ]);
    await db.sequelize.query(`DELETE FROM cities WHERE code = '05999'`);
  });

  it('goes down removing the reference rows nothing uses, and up again', async () => {
    await createMigrator(db.sequelize).down({ to: NAME });
    expect(await codeColumns()).toEqual([]);
    // The school's place and the hand-made city stay.
    expect(await counts()).toEqual({ countries: 1, entities: 1, cities: 2 });
    expect(await select(`SELECT id FROM cities WHERE name = 'Medellín'`)).toEqual([{ id: before.city }]);

    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await counts()).toEqual({ countries: 249, entities: 33, cities: 1123 });
    expect(await select(`SELECT id, code FROM countries WHERE name = 'Colombia'`)).toEqual([
      { id: before.country, code: 'CO' },
    ]);
  });
});
