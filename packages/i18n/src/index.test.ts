import { describe, expect, it } from 'vitest';
import { CATALOGS, catalogKeys, resolveLanguage, translate } from './index';

describe('catalogs', () => {
  it('have the same keys in Spanish and English', () => {
    const es = catalogKeys(CATALOGS.es).sort();
    const en = catalogKeys(CATALOGS.en).sort();
    expect(es.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !es.includes(k))).toEqual([]);
  });

  it('have no empty texts', () => {
    for (const lang of ['es', 'en'] as const) {
      for (const key of catalogKeys(CATALOGS[lang]))
        expect(translate(lang, key), `${lang}:${key}`).not.toBe('');
    }
  });
});

describe('translate', () => {
  it('interpolates params in the chosen language', () => {
    expect(translate('es', 'validation.password-too-short', { min: 6 })).toBe(
      'La contraseña debe tener al menos 6 caracteres.',
    );
    expect(translate('en', 'validation.password-too-short', { min: 6 })).toBe(
      'The password must have at least 6 characters.',
    );
  });

  it('returns the key itself for an unknown key', () => {
    expect(translate('en', 'no.such-key')).toBe('no.such-key');
  });
});

describe('resolveLanguage', () => {
  it.each([
    [undefined, undefined, 'es'],
    ['en', 'es-CO', 'en'],
    ['fr', 'en-US,en;q=0.9', 'en'],
    [null, 'fr-FR, en;q=0.5, es;q=0.8', 'es'],
    [null, 'de', 'es'],
  ])('choice %s with Accept-Language %s gives %s', (choice, accept, expected) => {
    expect(resolveLanguage(choice, accept)).toBe(expected);
  });
});
