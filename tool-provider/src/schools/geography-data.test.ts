import { describe, expect, it } from 'vitest';
import { displayName, parseCsv, readReferenceGeography } from './geography-data';

describe('parseCsv', () => {
  it('reads quoted fields with commas and doubled quotes, CRLF lines, and skips blank lines', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', ''],
    ]);
    expect(parseCsv('last,row')).toEqual([['last', 'row']]);
  });
});

describe('displayName', () => {
  it.each([
    ['MEDELLÍN', 'Medellín'],
    ['SAN JOSÉ DE CÚCUTA', 'San José de Cúcuta'],
    ['BOGOTÁ, D.C.', 'Bogotá, D.C.'],
    ['NORTE DE SANTANDER', 'Norte de Santander'],
    ['VALLE DEL CAUCA', 'Valle del Cauca'],
    [
      'ARCHIPIÉLAGO DE SAN ANDRÉS, PROVIDENCIA Y SANTA CATALINA',
      'Archipiélago de San Andrés, Providencia y Santa Catalina',
    ],
    ['SAN PEDRO DE LOS MILAGROS', 'San Pedro de los Milagros'],
    ['GÜICÁN DE LA SIERRA', 'Güicán de la Sierra'],
    ['LA GUAJIRA', 'La Guajira'],
    ['EL CARMEN DE VIBORAL', 'El Carmen de Viboral'],
    ['MARÍA LA BAJA', 'María La Baja'],
    ['MIRITÍ - PARANÁ', 'Mirití - Paraná'],
    ['ÁBREGO', 'Ábrego'],
    ['ÚMBITA', 'Úmbita'],
  ])('writes %s as %s', (source, shown) => {
    expect(displayName(source)).toBe(shown);
  });
});

describe('readReferenceGeography', () => {
  const data = readReferenceGeography();

  it('has the 249 countries of ISO 3166-1, with unique codes and Spanish names', () => {
    expect(data.countries).toHaveLength(249);
    expect(new Set(data.countries.map((c) => c.code)).size).toBe(249);
    expect(new Set(data.countries.map((c) => c.name)).size).toBe(249);
    expect(data.countries.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    const name = (code: string) => data.countries.find((c) => c.code === code)?.name;
    expect([name('CO'), name('US'), name('DE'), name('ES')]).toEqual([
      'Colombia',
      'Estados Unidos',
      'Alemania',
      'España',
    ]);
  });

  it("has Colombia's 32 departments and capital district and its 1,122 municipalities, codes nested", () => {
    expect(data.territorialEntities).toHaveLength(33);
    expect(data.cities).toHaveLength(1122);
    expect(new Set(data.cities.map((c) => c.code)).size).toBe(1122);
    const entities = new Set(data.territorialEntities.map((t) => t.code));
    for (const city of data.cities) {
      expect(city.code).toMatch(/^\d{5}$/);
      expect(entities.has(city.territorialEntityCode)).toBe(true);
      expect(city.code.startsWith(city.territorialEntityCode)).toBe(true);
    }
    const entity = (code: string) => data.territorialEntities.find((t) => t.code === code)?.name;
    const city = (code: string) => data.cities.find((c) => c.code === code)?.name;
    expect([entity('05'), city('05001')]).toEqual(['Antioquia', 'Medellín']);
    expect([entity('91'), city('91001')]).toEqual(['Amazonas', 'Leticia']);
    expect([entity('11'), city('11001')]).toEqual(['Bogotá, D.C.', 'Bogotá, D.C.']);
    expect(data.cities.filter((c) => c.territorialEntityCode === '05')).toHaveLength(125);
  });

  it('has no municipality name twice in one department (the table keeps them unique)', () => {
    const keys = data.cities.map((c) => `${c.territorialEntityCode}/${c.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
