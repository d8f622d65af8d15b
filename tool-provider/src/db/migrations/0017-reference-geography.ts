import type { QueryInterface } from 'sequelize';
import { loadReferenceGeography } from '../../schools/geography-data';

/**
 * The reference geography (docs/geography.md): countries, territorial entities and cities gain a
 * `code` (ISO 3166-1 alpha-2 for a country, DANE's DIVIPOLA code for a Colombian department or
 * municipality), unique within their country, and the rows of `schools/reference/` are loaded: the 249
 * countries of ISO 3166-1 with their Spanish names, Colombia's 32 departments and capital district,
 * and its 1,122 municipalities and non-municipalized areas. Rows already there (the development
 * school's Colombia, Antioquia and Medellín) keep their ids and take their codes.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
    await loadReferenceGeography(context.sequelize, transaction);
  });
}

const UP = [
  `ALTER TABLE countries ADD COLUMN code varchar(2) NULL CHECK (code ~ '^[A-Z]{2}$')`,
  `ALTER TABLE countries ADD CONSTRAINT countries_code_key UNIQUE (code)`,
  `ALTER TABLE territorial_entities ADD COLUMN code varchar(20) NULL CHECK (btrim(code) <> '')`,
  `ALTER TABLE territorial_entities
     ADD CONSTRAINT territorial_entities_country_id_code_key UNIQUE (country_id, code)`,
  `ALTER TABLE cities ADD COLUMN code varchar(20) NULL CHECK (btrim(code) <> '')`,
  `ALTER TABLE cities ADD CONSTRAINT cities_country_id_code_key UNIQUE (country_id, code)`,
];

/**
 * Removes the rows that have a code (only this migration gives codes) and that nothing points to:
 * a city no school is in, then a department with neither cities nor schools, then a country with
 * neither; then drops the codes. Rows a school uses stay, without their codes.
 */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of DOWN) await context.sequelize.query(sql, { transaction });
  });
}

const DOWN = [
  `DELETE FROM cities c WHERE c.code IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM institutions i WHERE i.city_id = c.id)`,
  `DELETE FROM territorial_entities t WHERE t.code IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM cities c WHERE c.territorial_entity_id = t.id)
     AND NOT EXISTS (SELECT 1 FROM institutions i WHERE i.territorial_entity_id = t.id)`,
  `DELETE FROM countries co WHERE co.code IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM territorial_entities t WHERE t.country_id = co.id)
     AND NOT EXISTS (SELECT 1 FROM cities c WHERE c.country_id = co.id)
     AND NOT EXISTS (SELECT 1 FROM institutions i WHERE i.country_id = co.id)`,
  `ALTER TABLE cities DROP COLUMN code`,
  `ALTER TABLE territorial_entities DROP COLUMN code`,
  `ALTER TABLE countries DROP COLUMN code`,
];
