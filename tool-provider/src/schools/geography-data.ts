import { readFileSync } from 'node:fs';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * The reference geography Kib ships (docs/geography.md): the countries of ISO 3166-1 with their
 * Spanish names (`reference/countries.csv`, from the Unicode CLDR through umpirsky/country-list) and
 * Colombia's departments, capital district and municipalities from DANE's DIVIPOLA
 * (`reference/divipola.csv`). The files keep the sources' spelling; DIVIPOLA's capitals are turned into
 * the names people write ({@link displayName}) when the rows are read.
 */

/** The ISO 3166-1 alpha-2 code of the country whose divisions `divipola.csv` lists. */
export const DIVIPOLA_COUNTRY_CODE = 'CO';

/** A country of the reference data. */
export interface ReferenceCountry {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  /** Spanish name (CLDR). */
  name: string;
}

/** A first-level division (department or capital district) of the reference data. */
export interface ReferenceTerritorialEntity {
  /** DANE code, two digits. */
  code: string;
  name: string;
}

/** A municipality (or non-municipalized area) of the reference data. */
export interface ReferenceCity {
  /** DANE code, five digits: the department's two, then three of its own. */
  code: string;
  name: string;
  /** The DANE code of its department. */
  territorialEntityCode: string;
}

/** Everything the reference files hold, names ready to show. */
export interface ReferenceGeography {
  countries: ReferenceCountry[];
  /** The divisions of the country {@link DIVIPOLA_COUNTRY_CODE}. */
  territorialEntities: ReferenceTerritorialEntity[];
  /** The municipalities of the country {@link DIVIPOLA_COUNTRY_CODE}. */
  cities: ReferenceCity[];
}

/**
 * The rows of a CSV text (RFC 4180: comma-separated, fields with commas or quotes in double quotes,
 * `""` for a quote), the header included; blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') endRow();
    else if (c !== '\r') field += c;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** Words written in lower case inside a name ("Norte de Santander", "Valle del Cauca"). */
const CONNECTORS = new Set(['de', 'del', 'y', 'e']);
/** Articles written in lower case after "de" ("Güicán de la Sierra", "San Pedro de los Milagros"). */
const ARTICLES = new Set(['el', 'la', 'las', 'los']);

const capitalize = (word: string): string =>
  word
    .split('-')
    .map((part) => part.charAt(0).toLocaleUpperCase('es') + part.slice(1))
    .join('-');

/**
 * A DIVIPOLA name as people write it: DANE publishes names in capitals ("SAN JOSÉ DE CÚCUTA",
 * "BOGOTÁ, D.C."); this gives "San José de Cúcuta", "Bogotá, D.C.". Every word is capitalized but
 * the connectors de, del, y, e and an article right after "de"; abbreviations (words with a dot)
 * keep their capitals. Accents are DANE's.
 */
export function displayName(name: string): string {
  const words = name.trim().split(/\s+/);
  return words
    .map((word, i) => {
      if (word.includes('.')) return word;
      const lower = word.toLocaleLowerCase('es');
      if (i > 0 && CONNECTORS.has(lower)) return lower;
      if (i > 0 && ARTICLES.has(lower) && words[i - 1]!.toLocaleLowerCase('es') === 'de') return lower;
      return capitalize(lower);
    })
    .join(' ');
}

/** The rows of a CSV file of `reference/` below its header, each checked to have `columns` fields. */
function readDataFile(name: string, columns: readonly string[]): string[][] {
  const [header, ...rows] = parseCsv(readFileSync(new URL(`./reference/${name}`, import.meta.url), 'utf8'));
  if (header?.join(',') !== columns.join(','))
    throw new Error(`reference/${name} must start with the header ${columns.join(',')}`);
  for (const [i, row] of rows.entries())
    if (row.length !== columns.length)
      throw new Error(`reference/${name}, row ${i + 2}: ${row.length} fields instead of ${columns.length}`);
  return rows;
}

/** Reads the reference files of `reference/`: countries, departments and municipalities, names ready to show. */
export function readReferenceGeography(): ReferenceGeography {
  const countries = readDataFile('countries.csv', ['code', 'name']).map(([code, name]) => ({
    code: code!,
    name: name!,
  }));
  const divipola = readDataFile('divipola.csv', [
    'department_code',
    'department_name',
    'municipality_code',
    'municipality_name',
  ]);
  const entities = new Map<string, ReferenceTerritorialEntity>();
  const cities: ReferenceCity[] = [];
  for (const [departmentCode, departmentName, code, name] of divipola) {
    if (!code!.startsWith(departmentCode!))
      throw new Error(`reference/divipola.csv: municipality ${code} is not in department ${departmentCode}`);
    if (!entities.has(departmentCode!))
      entities.set(departmentCode!, { code: departmentCode!, name: displayName(departmentName!) });
    cities.push({ code: code!, name: displayName(name!), territorialEntityCode: departmentCode! });
  }
  return { countries, territorialEntities: [...entities.values()], cities };
}

/** How many rows {@link loadReferenceGeography} added to each table. */
export interface LoadedGeography {
  countries: number;
  territorialEntities: number;
  cities: number;
}

/**
 * Writes the reference geography into `countries`, `territorial_entities` and `cities`, one
 * statement per step and table, keyed by code so it may run again (a later data update does):
 * 1. a row without a code whose name (and parent) matches a reference row takes its code, keeping
 *    its id: a school that points to it keeps its place;
 * 2. a row whose code's name changed at the source is renamed, unless the new name is taken;
 * 3. the reference rows whose code is missing are inserted (a row clashing on a name is skipped).
 * Rows the source dropped stay: schools may point to them.
 */
export async function loadReferenceGeography(
  sequelize: Sequelize,
  transaction: Transaction,
  data: ReferenceGeography = readReferenceGeography(),
): Promise<LoadedGeography> {
  // $1 is the rows as JSON; $2, when given, the id of the country of the divisions.
  const run = async (sql: string, rows: unknown, countryId?: number): Promise<number> => {
    const result = await sequelize.query<{ n: number }>(sql, {
      bind: countryId === undefined ? [JSON.stringify(rows)] : [JSON.stringify(rows), countryId],
      type: QueryTypes.SELECT,
      transaction,
    });
    return result[0]?.n ?? 0;
  };
  const count = (statement: string) =>
    `WITH done AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM done`;

  const COUNTRIES = `jsonb_to_recordset($1::jsonb) AS d(code text, name text)`;
  await run(
    count(`UPDATE countries c SET code = d.code FROM ${COUNTRIES}
      WHERE c.code IS NULL AND c.name = d.name AND NOT EXISTS (SELECT 1 FROM countries x WHERE x.code = d.code)`),
    data.countries,
  );
  await run(
    count(`UPDATE countries c SET name = d.name FROM ${COUNTRIES}
      WHERE c.code = d.code AND c.name <> d.name AND NOT EXISTS (SELECT 1 FROM countries x WHERE x.name = d.name)`),
    data.countries,
  );
  const countries = await run(
    count(`INSERT INTO countries (name, code) SELECT d.name, d.code FROM ${COUNTRIES}
      WHERE NOT EXISTS (SELECT 1 FROM countries x WHERE x.code = d.code) ON CONFLICT DO NOTHING`),
    data.countries,
  );

  const [country] = await sequelize.query<{ id: number }>(`SELECT id FROM countries WHERE code = :code`, {
    replacements: { code: DIVIPOLA_COUNTRY_CODE },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!country)
    throw new Error(`The country ${DIVIPOLA_COUNTRY_CODE} is missing from reference/countries.csv`);

  const ENTITIES = `jsonb_to_recordset($1::jsonb) AS d(code text, name text)`;
  await run(
    count(`UPDATE territorial_entities t SET code = d.code FROM ${ENTITIES}
      WHERE t.country_id = $2::int AND t.code IS NULL AND t.name = d.name
        AND NOT EXISTS (SELECT 1 FROM territorial_entities x WHERE x.country_id = $2::int AND x.code = d.code)`),
    data.territorialEntities,
    country.id,
  );
  await run(
    count(`UPDATE territorial_entities t SET name = d.name FROM ${ENTITIES}
      WHERE t.country_id = $2::int AND t.code = d.code AND t.name <> d.name
        AND NOT EXISTS (SELECT 1 FROM territorial_entities x WHERE x.country_id = $2::int AND x.name = d.name)`),
    data.territorialEntities,
    country.id,
  );
  const territorialEntities = await run(
    count(`INSERT INTO territorial_entities (country_id, name, code)
      SELECT $2::int, d.name, d.code FROM ${ENTITIES}
      WHERE NOT EXISTS (SELECT 1 FROM territorial_entities x WHERE x.country_id = $2::int AND x.code = d.code)
      ON CONFLICT DO NOTHING`),
    data.territorialEntities,
    country.id,
  );

  // Each municipality with the id of its department, found by the department's code.
  const CITIES = `jsonb_to_recordset($1::jsonb) AS d(code text, name text, "territorialEntityCode" text)
    JOIN territorial_entities t ON t.country_id = $2::int AND t.code = d."territorialEntityCode"`;
  await run(
    count(`UPDATE cities c SET code = d.code FROM ${CITIES}
      WHERE c.territorial_entity_id = t.id AND c.code IS NULL AND c.name = d.name
        AND NOT EXISTS (SELECT 1 FROM cities x WHERE x.country_id = $2::int AND x.code = d.code)`),
    data.cities,
    country.id,
  );
  await run(
    count(`UPDATE cities c SET name = d.name FROM ${CITIES}
      WHERE c.country_id = $2::int AND c.code = d.code AND c.name <> d.name
        AND NOT EXISTS (SELECT 1 FROM cities x WHERE x.territorial_entity_id = c.territorial_entity_id AND x.name = d.name)`),
    data.cities,
    country.id,
  );
  const cities = await run(
    count(`INSERT INTO cities (territorial_entity_id, country_id, name, code)
      SELECT t.id, $2::int, d.name, d.code FROM ${CITIES}
      WHERE NOT EXISTS (SELECT 1 FROM cities x WHERE x.country_id = $2::int AND x.code = d.code)
      ON CONFLICT DO NOTHING`),
    data.cities,
    country.id,
  );
  return { countries, territorialEntities, cities };
}
