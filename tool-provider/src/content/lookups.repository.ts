import type { EducationSystemsAnswer, NamedContent } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * Name orders that do not depend on the database's collations (PostgreSQL and PGlite differ):
 * topics by their English name, education systems (named in Spanish) in Spanish order; accents and
 * case aside, numbers by value.
 */
const ENGLISH = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const SPANISH = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** The reference lists that live in the database: every topic, the education systems and their grades (SQL). */
export class LookupRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(sql: string): Promise<T[]> {
    return this.sequelize.query<T>(sql, { type: QueryTypes.SELECT });
  }

  /** Every topic with both names, ordered by its English name, then id. */
  async topics(): Promise<NamedContent[]> {
    const topics = await this.select<NamedContent>(
      `SELECT id, name, name_spanish AS "nameSpanish" FROM topics`,
    );
    return topics.sort((a, b) => ENGLISH.compare(a.name, b.name) || a.id - b.id);
  }

  /** The education systems in Spanish order, and their grades by system id and number. */
  async educationSystems(): Promise<EducationSystemsAnswer> {
    const systems = await this.select<EducationSystemsAnswer['educationSystems'][number]>(
      `SELECT id, name, learning_standard_name AS "learningStandardName" FROM education_systems`,
    );
    const grades = await this.select<EducationSystemsAnswer['grades'][number]>(
      `SELECT id, education_system_id AS "educationSystemId", name, numeration
         FROM grades ORDER BY education_system_id, numeration, id`,
    );
    return {
      educationSystems: systems.sort((a, b) => SPANISH.compare(a.name, b.name) || a.id - b.id),
      grades,
    };
  }
}
