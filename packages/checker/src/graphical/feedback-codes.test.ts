import { describe, expect, it } from 'vitest';
import en from '@kib/i18n/locales/feedback/graphical.en.json' with { type: 'json' };
import es from '@kib/i18n/locales/feedback/graphical.es.json' with { type: 'json' };
import { GRAPHICAL_FEEDBACK_CODES } from './feedback-codes';

const catalogs: Record<string, Record<string, string>> = { es, en };

describe('graphical feedback catalogs', () => {
  it.each(Object.keys(catalogs))('the %s catalog has a text for every code the checkers emit', (lang) => {
    const catalog = catalogs[lang]!;
    const missing = GRAPHICAL_FEEDBACK_CODES.filter(
      (code) => typeof catalog[code] !== 'string' || catalog[code] === '',
    );
    expect(missing).toEqual([]);
  });

  it('both catalogs hold exactly the codes, nothing stale', () => {
    expect(Object.keys(es).sort()).toEqual([...GRAPHICAL_FEEDBACK_CODES].sort());
    expect(Object.keys(en).sort()).toEqual([...GRAPHICAL_FEEDBACK_CODES].sort());
  });

  it('codes are kebab-case and unique', () => {
    expect(new Set(GRAPHICAL_FEEDBACK_CODES).size).toBe(GRAPHICAL_FEEDBACK_CODES.length);
    for (const code of GRAPHICAL_FEEDBACK_CODES) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('a text uses the same interpolation params in both languages', () => {
    const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const code of GRAPHICAL_FEEDBACK_CODES) {
      expect(params(catalogs.en![code]!), code).toEqual(params(catalogs.es![code]!));
    }
  });
});
