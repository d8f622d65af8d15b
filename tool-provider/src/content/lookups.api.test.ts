import { MATH_TYPES } from '@kib/core';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let client: TestClient;

interface Entry {
  id: number | string;
  name: string;
  name_spanish: string;
}
interface EducationSystems {
  education_systems: { id: number; name: string; learning_standard_name: string }[];
  grades: { id: number; education_system_id: number; name: string; numeration: number }[];
}

async function insert(sql: string, replacements: Record<string, unknown> = {}): Promise<number> {
  const [row] = await server.db.sequelize.query<{ id: number }>(`${sql} RETURNING id`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  if (!row) throw new Error(`nothing inserted by ${sql}`);
  return row.id;
}

const topic = (name: string, nameSpanish: string) =>
  insert(`INSERT INTO topics (name, name_spanish) VALUES (:name, :nameSpanish)`, { name, nameSpanish });

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
});
afterAll(() => server?.close());

describe('topics', () => {
  it('lists every topic with both names, by English name (case and accents aside), then id', async () => {
    const trigonometry = await topic('Trigonometry', 'Trigonometría');
    const algebra = await topic('algebra', 'Álgebra');
    const functions = await topic('Functions', 'Funciones');
    const functionsAgain = await topic('Functions', '');
    const res = await client.get<Entry[]>('/api/topics/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: algebra, name: 'algebra', name_spanish: 'Álgebra' },
      { id: functions, name: 'Functions', name_spanish: 'Funciones' },
      { id: functionsAgain, name: 'Functions', name_spanish: '' },
      { id: trigonometry, name: 'Trigonometry', name_spanish: 'Trigonometría' },
    ]);
  });

  it('may be kept by any cache for five minutes, shows a new topic on the next look, and answers 304 when unchanged', async () => {
    const first = await client.get<Entry[]>('/api/topics/');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // As a browser revalidates what it kept (fetch itself would add `no-cache` to a conditional request).
    const revalidate = { 'if-none-match': etag!, 'cache-control': 'max-age=0' };
    const unchanged = await client.get('/api/topics/', revalidate);
    expect(unchanged.status).toBe(304);

    const calculus = await topic('Calculus', 'Cálculo');
    const changed = await client.get<Entry[]>('/api/topics/', revalidate);
    expect(changed.status).toBe(200);
    expect(changed.body.map((t) => t.id)).toContain(calculus);
    expect(changed.body).toHaveLength(first.body.length + 1);
  });

  it('answers a logged-in reader the same as anyone', async () => {
    const anonymous = await client.get<Entry[]>('/api/topics/');
    const student = new TestClient(server.url);
    student.token = await server.kib.accessTokens.sign({ userId: 1, groups: ['Students'] });
    const res = await student.get<Entry[]>('/api/topics/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(anonymous.body);
  });
});

describe('math types', () => {
  it('lists the fourteen math types in the order of spec 02 §3, each with its English and Spanish name', async () => {
    const res = await client.get<Entry[]>('/api/math-types/');
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.id)).toEqual([...MATH_TYPES]);
    expect(res.body).toHaveLength(14);
    expect(res.body).toContainEqual({
      id: 'equationOfALine',
      name: 'Equation of a line',
      name_spanish: 'Ecuación de la recta',
    });
    expect(res.body).toContainEqual({
      id: 'primeDecomposition',
      name: 'Prime decomposition',
      name_spanish: 'Descomposición en factores primos',
    });
    for (const names of [res.body.map((t) => t.name), res.body.map((t) => t.name_spanish)]) {
      // Every name is a text of the catalogs, not a missing key, and no two types share one.
      expect(names.filter((name) => name === '' || name.startsWith('math-types.'))).toEqual([]);
      expect(new Set(names).size).toBe(14);
    }
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('languages', () => {
  it('lists Spanish first, then English, named in both, whatever language the reader uses', async () => {
    const expected = [
      { id: 'es', name: 'Spanish', name_spanish: 'Español' },
      { id: 'en', name: 'English', name_spanish: 'Inglés' },
    ];
    const spanish = await client.get<Entry[]>('/api/languages/');
    expect(spanish.status).toBe(200);
    expect(spanish.body).toEqual(expected);
    expect(spanish.headers.get('cache-control')).toBe('public, max-age=3600');
    const reader = new TestClient(server.url, { 'accept-language': 'en-US' });
    reader.cookies.set('kib_lang', 'en');
    expect((await reader.get<Entry[]>('/api/languages/')).body).toEqual(expected);
  });
});

describe('education systems', () => {
  it('answers empty lists before any system exists', async () => {
    const res = await client.get<EducationSystems>('/api/get-education-systems/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ education_systems: [], grades: [] });
  });

  it('lists the systems in Spanish order and their grades by system and number', async () => {
    const system = (name: string, learningStandardName: string) =>
      insert(
        `INSERT INTO education_systems (name, learning_standard_name) VALUES (:name, :learningStandardName)`,
        { name, learningStandardName },
      );
    const grade = (educationSystemId: number, name: string, numeration: number) =>
      insert(
        `INSERT INTO grades (education_system_id, name, numeration) VALUES (:educationSystemId, :name, :numeration)`,
        { educationSystemId, name, numeration },
      );
    const mexico = await system('Plan de estudios (México)', 'Aprendizaje esperado');
    const colombia = await system('Estándares Básicos de Competencias (Colombia)', 'Estándar básico');
    const ecuador = await system('Currículo (Ecuador)', '');
    const eleventh = await grade(colombia, 'Undécimo', 11);
    const first = await grade(mexico, 'Primero', 1);
    const tenth = await grade(colombia, 'Décimo', 10);

    const res = await client.get<EducationSystems>('/api/get-education-systems/');
    expect(res.status).toBe(200);
    expect(res.body.education_systems).toEqual([
      { id: ecuador, name: 'Currículo (Ecuador)', learning_standard_name: '' },
      {
        id: colombia,
        name: 'Estándares Básicos de Competencias (Colombia)',
        learning_standard_name: 'Estándar básico',
      },
      { id: mexico, name: 'Plan de estudios (México)', learning_standard_name: 'Aprendizaje esperado' },
    ]);
    expect(res.body.grades).toEqual([
      { id: first, education_system_id: mexico, name: 'Primero', numeration: 1 },
      { id: tenth, education_system_id: colombia, name: 'Décimo', numeration: 10 },
      { id: eleventh, education_system_id: colombia, name: 'Undécimo', numeration: 11 },
    ]);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });
});
