import { describe, expect, it } from 'vitest';
import type { FeedbackMessage } from '@kib/core';
import { hintsForSolve, nextStepHints } from './solve-hints';
import { answerOf, solveData, type FixtureLine } from './solve.fixtures';

const keys = (hs: FeedbackMessage[]) =>
  hs.map((h) =>
    Object.keys(h.params).length ? `${h.key.slice(9)} ${JSON.stringify(h.params)}` : h.key.slice(9),
  );

describe('nextStepHints', () => {
  it.each<[string, string[]]>([
    ['2x+3=7', ['hint-move-term {"term":"+3"}', 'hint-divide-both-sides {"value":"2"}']],
    ['2x=4', ['hint-divide-both-sides {"value":"2"}']],
    [
      '3x-5=x+7',
      [
        'hint-move-variable-terms {"term":"+x"}',
        'hint-move-term {"term":"-5"}',
        'hint-divide-both-sides {"value":"3"}',
      ],
    ],
    [
      '-2x+1>5',
      ['hint-move-term {"term":"+1"}', 'hint-divide-both-sides {"value":"-2"}', 'hint-flip-inequality'],
    ],
    ['\\frac{x}{2}=3', ['hint-multiply-both-sides {"value":"2"}']],
    ['2(x+1)=8', ['hint-remove-brackets', 'hint-divide-both-sides {"value":"2"}']],
    ['1<2x+1\\le 5', ['hint-move-term {"term":"+1"}', 'hint-divide-both-sides {"value":"2"}']],
    ['ax+b=0', ['hint-move-term {"term":"+b"}', 'hint-divide-both-sides {"value":"a"}']],
    [
      'x^{2}-5x+6=0',
      ['hint-factor', 'hint-zero-product', 'hint-quadratic-formula {"a":"1","b":"-5","c":"6"}'],
    ],
    ['x^{2}=3x', ['hint-move-all-to-one-side', 'hint-common-factor {"factor":"x"}', 'hint-zero-product']],
    ['x^{2}+2x-1=0', ['hint-quadratic-formula {"a":"1","b":"2","c":"-1"}', 'hint-complete-the-square']],
    ['(x-1)^{2}=4', ['hint-square-root-both-sides']],
    ['(x-2)(x+1)=0', ['hint-zero-product']],
    [
      'x^{2}-4>0',
      [
        'hint-factor',
        'hint-zero-product',
        'hint-quadratic-formula {"a":"1","b":"0","c":"-4"}',
        'hint-sign-chart',
      ],
    ],
    ['\\sqrt{x+2}=x', ['hint-square-both-sides', 'hint-check-extraneous']],
    ['\\sqrt{x}+2=x', ['hint-isolate-radical', 'hint-square-both-sides', 'hint-check-extraneous']],
    ['|x-1|=3', ['hint-split-absolute-value']],
    ['2^{x}=8', ['hint-same-base', 'hint-take-logarithm']],
    ['e^{x}=5', ['hint-take-logarithm']],
    ['\\log_{2}x=3', ['hint-log-definition {"base":"2"}', 'hint-check-excluded-values']],
    ['2\\sin x-1=0', ['hint-isolate-trig', 'hint-trig-solutions-interval']],
    ['\\frac{3}{x-1}=2', ['hint-multiply-by-denominator {"value":"x-1"}', 'hint-check-excluded-values']],
    ['x-1=3 \\lor x-1=-3', ['hint-move-term {"term":"-1"}', 'hint-join-branches']],
    ['x=3', ['hint-state-solution']],
  ])('after %s suggests %j', (latex, expected) => {
    expect(keys(nextStepHints(latex, solveData(latex)))).toEqual(expected);
  });

  it('suggests elimination or substitution for a system', () => {
    expect(
      keys(
        nextStepHints(
          '\\begin{cases}x+y=3\\\\x-y=1\\end{cases}',
          solveData('\\begin{cases}x+y=3\\\\x-y=1\\end{cases}'),
        ),
      ),
    ).toEqual(['hint-system-eliminate', 'hint-system-substitute']);
  });
});

describe('hintsForSolve', () => {
  const request = (start: string, lines: FixtureLine[], shown: number, initialHint: string | null = null) =>
    hintsForSolve({ mathType: 'solve', data: solveData(start), answer: answerOf(lines), shown, initialHint });

  it('gives the author hint first, then one more generated hint per request', () => {
    const first = request('2x+3=7', [], 0, 'Despeja x.');
    expect(first.hints).toEqual([{ text: 'Despeja x.' }]);
    expect(first.initialHint).toBe(true);
    expect(first.exhausted).toBe(false);
    const second = request('2x+3=7', [], 1, 'Despeja x.');
    expect(second.hints).toHaveLength(2);
    expect(second.hints[1]).toEqual({ key: 'feedback.hint-move-term', params: { term: '+3' } });
    const third = request('2x+3=7', [], 2, 'Despeja x.');
    expect(third.hints[2]).toEqual({ key: 'feedback.hint-divide-both-sides', params: { value: '2' } });
    expect(third.exhausted).toBe(true);
  });

  it('starts from the last correct line', () => {
    const r = request('2x+3=7', ['2x=4', 'x=5'], 0);
    expect(r.startingMath).toBe('2x=4');
    expect(r.lineIndex).toBe(0);
    expect(r.hints).toEqual([{ key: 'feedback.hint-divide-both-sides', params: { value: '2' } }]);
    expect(r.initialHint).toBe(false);
  });

  it('reminds to check for extraneous roots after squaring', () => {
    const r = request('\\sqrt{x+2}=x', ['x+2=x^{2}', 'x^{2}-x-2=0', 'x=2, x=-1'], 0);
    expect(r.startingMath).toBe('x^{2}-x-2=0');
    expect(r.hints[0]).toEqual({ key: 'feedback.hint-check-extraneous', params: {} });
  });

  it('says there is nothing more once the numeral is complete', () => {
    const r = request('2x+3=7', ['x=2'], 0);
    expect(r.hints).toEqual([]);
    expect(r.exhausted).toBe(true);
  });

  it('is deterministic', () => {
    expect(request('x^{2}-5x+6=0', ['(x-2)(x-3)=0'], 3)).toEqual(
      request('x^{2}-5x+6=0', ['(x-2)(x-3)=0'], 3),
    );
  });
});
