import { describe, expect, it } from 'vitest';
import en from '@kib/i18n/locales/feedback/solve.en.json' with { type: 'json' };
import es from '@kib/i18n/locales/feedback/solve.es.json' with { type: 'json' };
import { SOLVE_FEEDBACK_CODES } from './feedback-codes';

const catalogs: Record<string, Record<string, string>> = { es, en };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('solve feedback catalogs', () => {
  it.each(['es', 'en'])(
    'the %s catalog has a text for every code the checker emits, and nothing else',
    (lang) => {
      const catalog = catalogs[lang]!;
      expect(SOLVE_FEEDBACK_CODES.filter((c) => !catalog[c]?.trim())).toEqual([]);
      expect(
        Object.keys(catalog).filter((k) => !(SOLVE_FEEDBACK_CODES as readonly string[]).includes(k)),
      ).toEqual([]);
    },
  );

  it.each(SOLVE_FEEDBACK_CODES.map((c) => [c]))(
    '%s uses the same parameters in Spanish and English',
    (code) => {
      expect(placeholders(en[code as keyof typeof en])).toEqual(placeholders(es[code as keyof typeof es]));
    },
  );

  it('codes are kebab-case and unique', () => {
    for (const c of SOLVE_FEEDBACK_CODES) expect(c).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(new Set(SOLVE_FEEDBACK_CODES).size).toBe(SOLVE_FEEDBACK_CODES.length);
  });
});
