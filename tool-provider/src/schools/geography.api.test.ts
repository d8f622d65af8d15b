import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SEED } from '../seed/dev-seed';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let anonymous: TestClient;
let teacher: TestClient;

interface Place {
  id: number;
  name: string;
  code: string | null;
}
interface City extends Place {
  territorial_entity_id: number | null;
}
interface Countries {
  countries: Place[];
  levels: { id: number; name: string; name_spanish: string }[];
}
interface CountryData {
  territorial_entities: Place[];
  cities: City[];
}
interface Schools {
  data: { id: number; name: string }[];
}
interface Invalid {
  code: string;
  fields: Record<string, unknown>;
}

const spanish = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
/** True when the names are in Spanish alphabetical order. */
const inSpanishOrder = (rows: { name: string }[]) =>
  rows.every((row, i) => i === 0 || spanish.compare(rows[i - 1]!.name, row.name) <= 0);

async function one<T extends object>(sql: string, replacements: Record<string, unknown> = {}): Promise<T> {
  const [row] = await server.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

let colombia: number;

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  anonymous = new TestClient(server.url);
  teacher = new TestClient(server.url);
  const user = await one<{ id: number }>(`SELECT id FROM users WHERE email = :email`, {
    email: DEV_SEED.users.teacher.email,
  });
  teacher.token = await server.kib.accessTokens.sign({ userId: user.id, groups: ['Teachers'] });
  colombia = (await one<{ id: number }>(`SELECT id FROM countries WHERE code = 'CO'`)).id;
});
afterAll(() => server?.close());

describe('GET get-countries/', () => {
  it('answers anyone every country of ISO 3166-1 in Spanish order, and the classroom levels', async () => {
    const res = await anonymous.get<Countries>('/api/get-countries/');
    expect(res.status).toBe(200);
    expect(res.body.countries).toHaveLength(249);
    expect(res.body.countries).toContainEqual({ id: colombia, name: 'Colombia', code: 'CO' });
    expect(res.body.countries).toContainEqual({ id: expect.any(Number), name: 'Perú', code: 'PE' });
    expect(inSpanishOrder(res.body.countries)).toBe(true);
    // Spanish order, not code-point order: an accented letter sorts with its plain letter.
    const names = res.body.countries.map((c) => c.name);
    expect(names.indexOf('Bélgica')).toBeLessThan(names.indexOf('Belice'));
    expect(res.body.levels.map((l) => l.id)).toEqual([1, 2, 3, 4, 5]);
    expect(res.body.levels.find((l) => l.id === 4)).toEqual({
      id: 4,
      name: 'General',
      name_spanish: 'General',
    });
  });
});

describe('GET get-country-data/', () => {
  it("answers Colombia's 33 first-level entities and 1,122 municipalities, each in Spanish order", async () => {
    const res = await anonymous.get<CountryData>(`/api/get-country-data/?country=${colombia}`);
    expect(res.status).toBe(200);
    const { territorial_entities: entities, cities } = res.body;
    expect(entities).toHaveLength(33);
    expect(cities).toHaveLength(1122);
    expect(inSpanishOrder(entities)).toBe(true);
    expect(inSpanishOrder(cities)).toBe(true);
    expect(entities.slice(0, 3).map((e) => e.name)).toEqual(['Amazonas', 'Antioquia', 'Arauca']);
    expect(cities[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      code: expect.stringMatching(/^\d{5}$/),
      territorial_entity_id: expect.any(Number),
    });

    const entity = (code: string) => entities.find((e) => e.code === code)!;
    const city = (code: string) => cities.find((c) => c.code === code)!;
    expect(city('05001')).toMatchObject({ name: 'Medellín', territorial_entity_id: entity('05').id });
    expect(entity('05').name).toBe('Antioquia');
    expect(city('91001')).toMatchObject({ name: 'Leticia', territorial_entity_id: entity('91').id });
    expect(entity('91').name).toBe('Amazonas');
    expect(city('11001')).toMatchObject({ name: 'Bogotá, D.C.', territorial_entity_id: entity('11').id });
    expect(entity('11').name).toBe('Bogotá, D.C.');
    expect(cities.filter((c) => c.territorial_entity_id === entity('05').id)).toHaveLength(125);
    // Every municipality's code starts with its department's.
    const codeOf = new Map(entities.map((e) => [e.id, e.code]));
    expect(cities.every((c) => c.code!.startsWith(codeOf.get(c.territorial_entity_id!)!))).toBe(true);
  });

  it('answers empty lists for a country without divisions', async () => {
    const peru = await one<{ id: number }>(`SELECT id FROM countries WHERE code = 'PE'`);
    const res = await anonymous.get<CountryData>(`/api/get-country-data/?country=${peru.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ territorial_entities: [], cities: [] });
  });

  it('refuses a missing or malformed country with a 400 naming it, and an unknown one with a 404', async () => {
    for (const query of [
      '',
      '?country=',
      '?country=abc',
      '?country=0',
      '?country=-3',
      '?country=1.5',
      '?country=99999999999',
    ]) {
      const res = await anonymous.get<Invalid>(`/api/get-country-data/${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.fields), query).toEqual(['country']);
    }
    const unknown = await anonymous.get<Invalid>('/api/get-country-data/?country=2147483647');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not-found');
  });
});

describe('POST get-city-schools/', () => {
  it("answers a logged-in user the city's schools in Spanish order", async () => {
    const medellin = await one<{ id: number }>(`SELECT id FROM cities WHERE code = '05001'`);
    await server.db.sequelize.query(
      `INSERT INTO institutions (name, city_id) VALUES ('Institución Educativa Ábaco', :city), ('Zona Escolar', :city)`,
      { replacements: { city: medellin.id } },
    );
    const res = await teacher.post<Schools>('/api/get-city-schools/', { city_id: medellin.id });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s) => s.name)).toEqual([
      DEV_SEED.institutionName,
      'Institución Educativa Ábaco',
      'Zona Escolar',
    ]);
    expect(res.body.data[0]).toEqual({ id: expect.any(Number), name: DEV_SEED.institutionName });
  });

  it('answers an empty list for a city without schools', async () => {
    const leticia = await one<{ id: number }>(`SELECT id FROM cities WHERE code = '91001'`);
    const res = await teacher.post<Schools>('/api/get-city-schools/', { city_id: leticia.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it('refuses a missing or malformed city with a 400 naming it, and an unknown one with a 404', async () => {
    for (const body of [
      {},
      { city_id: 'abc' },
      { city_id: 0 },
      { city_id: 2.5 },
      { city_id: 99_999_999_999 },
    ]) {
      const res = await teacher.post<Invalid>('/api/get-city-schools/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(body)).toEqual(['city_id']);
    }
    const unknown = await teacher.post<Invalid>('/api/get-city-schools/', { city_id: 2_147_483_647 });
    expect(unknown.status).toBe(404);
  });

  it('answers 401 to a caller without an account: it lists schools', async () => {
    const res = await anonymous.post<Invalid>('/api/get-city-schools/', { city_id: 1 });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not-authenticated');
  });
});

describe('the development school', () => {
  it('is in the reference Medellín, Antioquia, Colombia, which exist once each', async () => {
    const place = await one<{ country: string; entity: string; city: string }>(
      `SELECT co.code AS country, t.code AS entity, c.code AS city
         FROM institutions i
         JOIN cities c ON c.id = i.city_id
         JOIN territorial_entities t ON t.id = i.territorial_entity_id AND t.id = c.territorial_entity_id
         JOIN countries co ON co.id = i.country_id AND co.id = c.country_id
        WHERE i.name = :name`,
      { name: DEV_SEED.institutionName },
    );
    expect(place).toEqual({ country: 'CO', entity: '05', city: '05001' });
    const counts = await one<{ countries: number; entities: number; cities: number }>(
      `SELECT (SELECT count(*)::int FROM countries WHERE name = 'Colombia') AS countries,
              (SELECT count(*)::int FROM territorial_entities WHERE name = 'Antioquia') AS entities,
              (SELECT count(*)::int FROM cities WHERE name = 'Medellín') AS cities`,
    );
    expect(counts).toEqual({ countries: 1, entities: 1, cities: 1 });
  });
});
