import type { FeedbackMessage } from '@kib/core';
import { describe, expect, it } from 'vitest';
import hintsEn from '@kib/i18n/locales/feedback/hints.en.json' with { type: 'json' };
import hintsEs from '@kib/i18n/locales/feedback/hints.es.json' with { type: 'json' };
import type { SimplifyCheckData } from '../text/simplify';
import { BASE } from '../text/text.fixtures';
import type { HintRequest } from '../types';
import { HINTS_FEEDBACK_CODES } from './hint-codes';
import { hintsForSimplify } from './simplify-hints';

function request(
  start: string,
  target: string,
  lines: string[],
  extra: Partial<HintRequest<'simplify'>> = {},
  data: Partial<SimplifyCheckData> = {},
): HintRequest<'simplify'> {
  return {
    mathType: 'simplify',
    data: { ...BASE, startingExpression: start, target, ...data },
    answer: lines.map((math) => ({ math })),
    ...extra,
  };
}

const keys = (hs: ReturnType<typeof hintsForSimplify>['hints']) =>
  hs.map((h) => ('key' in h ? h.key : 'text'));

describe('hintsForSimplify', () => {
  it('gives the author’s initial hint first, then one generated hint more per request', () => {
    const r0 = hintsForSimplify(request('2(x+3)', '2x+6', [], { initialHint: 'Multiplica.', shown: 0 }));
    expect(r0).toMatchObject({
      hints: [{ text: 'Multiplica.' }],
      initialHint: true,
      exhausted: false,
      lineIndex: -1,
      startingMath: '2(x+3)',
    });
    const r1 = hintsForSimplify(request('2(x+3)', '2x+6', [], { initialHint: 'Multiplica.', shown: 1 }));
    expect(r1.hints).toHaveLength(2);
    expect(r1.hints[1]).toEqual({
      key: 'feedback.hint-expand',
      params: { expression: '2\\left(x+3\\right)' },
    });
  });

  it.each<[string, string, string[], string, Record<string, string>]>([
    ['2(x+3)', '2x+6', [], 'feedback.hint-expand', { expression: '2\\left(x+3\\right)' }],
    ['3x+5x-2', '8x-2', [], 'feedback.hint-collect', { terms: '3x, 5x' }],
    ['x^{2}\\cdot x^{3}', 'x^{5}', [], 'feedback.hint-exponent-rule', { expression: 'x^{2}x^{3}' }],
    ['4+2', '6', [], 'feedback.hint-compute', { expression: '4+2' }],
    [
      '\\frac{1}{x}+\\frac{1}{y}',
      '\\frac{x+y}{xy}',
      [],
      'feedback.hint-common-denominator',
      { expression: '\\frac{1}{x}+\\frac{1}{y}' },
    ],
    [
      '\\frac{x^{2}-1}{x-1}',
      'x+1',
      [],
      'feedback.hint-cancel',
      { factor: 'x-1', expression: '\\frac{x^{2}-1}{x-1}' },
    ],
    ['2x^{2}+4x', '2x(x+2)', [], 'feedback.hint-factor-common', { factor: '2x' }],
    ['x^{2}+5x+6', '(x+2)(x+3)', [], 'feedback.hint-factor-polynomial', { expression: 'x^{2}+5x+6' }],
    ['x^{2}-9', '(x-3)(x+3)', [], 'feedback.hint-difference-of-squares', { expression: 'x^{2}-9' }],
    [
      '\\frac{1}{\\sqrt{2}}',
      '\\frac{\\sqrt{2}}{2}',
      [],
      'feedback.hint-rationalize',
      { expression: '\\frac{1}{\\sqrt{2}}' },
    ],
  ])('from %s toward %s the first generated hint is %s', (start, target, lines, key, params) => {
    const r = hintsForSimplify(request(start, target, lines));
    expect(r.hints[0]).toEqual({ key, params } satisfies FeedbackMessage);
    expect(r.initialHint).toBe(false);
  });

  it('starts from the last correct line: after 2x+2·3 the hint is to compute 2·3', () => {
    const r = hintsForSimplify(request('2(x+3)', '2x+6', ['2x+2\\cdot3']));
    expect(r.lineIndex).toBe(0);
    expect(r.startingMath).toBe('2x+2\\cdot3');
    expect(r.hints[0]).toEqual({ key: 'feedback.hint-compute', params: { expression: '2\\cdot 3' } });
  });

  it('skips a wrong line: after 2x+5 the hints still start from 2(x+3)', () => {
    const r = hintsForSimplify(request('2(x+3)', '2x+6', ['2x+5']));
    expect(r.lineIndex).toBe(-1);
    expect(keys(r.hints)).toEqual(['feedback.hint-expand']);
  });

  it('completes the square when the form asks for it', () => {
    const r = hintsForSimplify(
      request('x^{2}-6x+11', '(x-3)^{2}+2', [], { shown: 5 }, { form: 'completed_square' }),
    );
    expect(keys(r.hints)).toContain('feedback.hint-complete-square');
    expect(r.hints.at(-1)).toEqual({ key: 'feedback.hint-form', params: { form: 'completed-square' } });
  });

  it('is exhausted when a request has nothing new to add', () => {
    const all = hintsForSimplify(request('2(x+3)', '2x+6', [], { shown: 0 }));
    const n = all.hints.length;
    const r = hintsForSimplify(request('2(x+3)', '2x+6', [], { shown: 10 }));
    expect(r.exhausted).toBe(true);
    expect(r.hints.length).toBeGreaterThanOrEqual(n);
  });

  it('has nothing to say once the answer is complete', () => {
    const r = hintsForSimplify(request('2(x+3)', '2x+6', ['2x+6']));
    expect(r).toMatchObject({ hints: [], exhausted: true });
  });

  it('is deterministic', () => {
    expect(hintsForSimplify(request('x^{2}+5x+6', '(x+2)(x+3)', [], { shown: 3 }))).toEqual(
      hintsForSimplify(request('x^{2}+5x+6', '(x+2)(x+3)', [], { shown: 3 })),
    );
  });
});

describe('HINTS_FEEDBACK_CODES', () => {
  it.each([
    ['es', hintsEs as Record<string, string>],
    ['en', hintsEn as Record<string, string>],
  ])('every hint code has a text in the %s catalog', (_lang, catalog) => {
    expect(HINTS_FEEDBACK_CODES.filter((c) => !catalog[c]?.trim())).toEqual([]);
  });

  it('the catalogs hold exactly these codes, in both languages', () => {
    expect(Object.keys(hintsEs).sort()).toEqual([...HINTS_FEEDBACK_CODES].sort());
    expect(Object.keys(hintsEn).sort()).toEqual([...HINTS_FEEDBACK_CODES].sort());
  });
});
