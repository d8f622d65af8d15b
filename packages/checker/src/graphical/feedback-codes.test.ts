import { describe, expect, it } from 'vitest';
import en from '@kib/i18n/locales/feedback/graphical.en.json' with { type: 'json' };
import es from '@kib/i18n/locales/feedback/graphical.es.json' with { type: 'json' };
import {
  GRAPHICAL_FEEDBACK_BY_CONSOLE,
  GRAPHICAL_FEEDBACK_CODES,
  type GraphicalFeedbackConsole,
} from './feedback-codes';

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

  const SOURCES = import.meta.glob<string>('./*.ts', { query: '?raw', import: 'default', eager: true });
  const CHECKER_FILES: Record<GraphicalFeedbackConsole, string[]> = {
    plotFunction: ['plot-function.ts'],
    plotLinearEquation: ['plot-linear-equation.ts'],
    points: ['set-points.ts'],
    numberlinePoints: ['numberline-points.ts'],
    intervals: ['intervals.ts'],
    multipleChoice: ['multiple-choice.ts'],
    primeDecomposition: ['prime-decomposition.ts'],
  };

  it.each(Object.keys(CHECKER_FILES) as GraphicalFeedbackConsole[])(
    'the %s checker emits only the codes its console keeps room for',
    (console) => {
      const own: ReadonlySet<string> = new Set(GRAPHICAL_FEEDBACK_BY_CONSOLE[console]);
      const named = CHECKER_FILES[console].flatMap((file) => {
        const source = SOURCES[`./${file}`]!;
        return [...source.matchAll(/'([a-z]+(?:-[a-z]+)*)'/g)]
          .map((m) => m[1]!)
          .filter((code) => (GRAPHICAL_FEEDBACK_CODES as readonly string[]).includes(code));
      });
      expect(named.length).toBeGreaterThan(0);
      expect(named.filter((code) => !own.has(code))).toEqual([]);
    },
  );
});
