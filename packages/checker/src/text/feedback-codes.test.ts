import { describe, expect, it } from 'vitest';
import textEn from '@kib/i18n/locales/feedback/text.en.json' with { type: 'json' };
import textEs from '@kib/i18n/locales/feedback/text.es.json' with { type: 'json' };
import { MISTAKE_CODES } from '../expr/locate';
import { TEXT_FEEDBACK_CODES } from './feedback-codes';

describe('TEXT_FEEDBACK_CODES', () => {
  it.each([
    ['es', textEs as Record<string, string>],
    ['en', textEn as Record<string, string>],
  ])('every code has a text in the %s catalog', (_lang, catalog) => {
    const missing = TEXT_FEEDBACK_CODES.filter((code) => !catalog[code]?.trim());
    expect(missing).toEqual([]);
  });

  it('the catalogs hold no code the checker cannot emit, and both languages have the same keys', () => {
    const codes = new Set<string>(TEXT_FEEDBACK_CODES);
    expect(Object.keys(textEs).filter((k) => !codes.has(k))).toEqual([]);
    expect(Object.keys(textEn).sort()).toEqual(Object.keys(textEs).sort());
  });

  it('includes every mistake the locator names', () => {
    for (const code of MISTAKE_CODES) expect(TEXT_FEEDBACK_CODES).toContain(code);
  });
});
