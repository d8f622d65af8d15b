import type { CitySchools, Country, CountryData } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * The order of names people read: Spanish, accents and case aside ("Ábrego" between "Abejorral"
 * and "Acacías"), the same on PostgreSQL and on PGlite, whatever collations the database has.
 */
const SPANISH = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** Rows ordered by name in Spanish order, then by id. */
function byName<T extends { id: number; name: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => SPANISH.compare(a.name, b.name) || a.id - b.id);
}

/** Countries, their territorial entities and cities, and the schools of a city (SQL). */
export class GeographyRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(sql: string, replacements: Record<string, unknown> = {}): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }

  /** Every country, in Spanish order. */
  async countries(): Promise<Country[]> {
    return byName(await this.select<Country>(`SELECT id, name, code FROM countries`));
  }

  /** The territorial entities and cities of a country, each in Spanish order; null for no such country. */
  async countryData(countryId: number): Promise<CountryData | null> {
    const [country] = await this.select(`SELECT 1 FROM countries WHERE id = :countryId`, { countryId });
    if (!country) return null;
    const territorialEntities = await this.select<CountryData['territorialEntities'][number]>(
      `SELECT id, name, code FROM territorial_entities WHERE country_id = :countryId`,
      { countryId },
    );
    const cities = await this.select<CountryData['cities'][number]>(
      `SELECT id, name, code, territorial_entity_id AS "territorialEntityId" FROM cities WHERE country_id = :countryId`,
      { countryId },
    );
    return { territorialEntities: byName(territorialEntities), cities: byName(cities) };
  }

  /** The schools of a city, in Spanish order; null for no such city. */
  async citySchools(cityId: number): Promise<CitySchools['data'] | null> {
    const [city] = await this.select(`SELECT 1 FROM cities WHERE id = :cityId`, { cityId });
    if (!city) return null;
    return byName(
      await this.select<CitySchools['data'][number]>(
        `SELECT id, name FROM institutions WHERE city_id = :cityId`,
        {
          cityId,
        },
      ),
    );
  }
}
