import type { LineFeedback } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { checkSimplify, type SimplifyCheckData } from './simplify';
import { BASE } from './text.fixtures';

function data(
  startingExpression: string,
  target: string,
  extra: Partial<SimplifyCheckData> = {},
): SimplifyCheckData {
  return { ...BASE, startingExpression, target, ...extra };
}

function check(d: SimplifyCheckData, lines: string[]) {
  return checkSimplify(
    d,
    lines.map((math) => ({ math })),
  );
}

const key = (l: LineFeedback) => l.feedback?.key;

describe('checkSimplify: the numeral completes on an equivalent line in the target form', () => {
  it.each<[string, string, string[]]>([
    ['2(x+3)', '2x+6', ['2x+6']],
    ['2(x+3)', '2x+6', ['6+2x']],
    ['2(x+3)', '2x+6', ['2\\cdot x+2\\cdot 3', '=2x+6']],
    ['2(x+3)', '2x+6', ['2(x+3)=2x+6']],
    ['(x+1)^{2}', 'x^{2}+2x+1', ['(x+1)(x+1)', 'x^{2}+x+x+1', 'x^{2}+2x+1']],
    ['(x+1)^{2}', 'x^{2}+2x+1', ['1+2x+x^{2}']],
    ['x^{2}+5x+6', '(x+2)(x+3)', ['(x+3)(x+2)']],
    ['\\frac{x^{2}-1}{x-1}', 'x+1', ['\\frac{(x-1)(x+1)}{x-1}', 'x+1']],
    ['\\frac{1}{2}+\\frac{1}{3}', '\\frac{5}{6}', ['\\frac{3}{6}+\\frac{2}{6}', '\\frac{5}{6}']],
    ['x^{2}\\cdot x^{3}', 'x^{5}', ['x^{2+3}', 'x^{5}']],
    ['3x+5x-2', '8x-2', ['-2+8x']],
    ['\\sqrt{8}', '2\\sqrt{2}', ['\\sqrt{4\\cdot2}', '2\\sqrt{2}']],
    ['\\frac{x}{2}+\\frac{x}{3}', '\\frac{5x}{6}', ['\\frac{3x+2x}{6}', '\\frac{5x}{6}']],
    ['a(b+c)', 'ab+ac', ['ac+ab']],
    ['-(x-3)', '3-x', ['-x+3']],
  ])('%s → %s with %j', (start, target, lines) => {
    const r = check(data(start, target), lines);
    expect(r.correct).toBe(true);
    expect(r.lines.every((l) => l.correct)).toBe(true);
  });
});

describe('checkSimplify: equivalent but not yet in the final form', () => {
  it.each<[string, string, string[]]>([
    ['2(x+3)', '2x+6', ['2(x+3)']],
    ['2(x+3)', '2x+6', ['2x+2\\cdot3']],
    ['(x+1)^{2}', 'x^{2}+2x+1', ['x^{2}+x+x+1']],
    ['x^{2}+5x+6', '(x+2)(x+3)', ['x^{2}+2x+3x+6']],
    ['\\frac{6}{4}', '\\frac{3}{2}', ['\\frac{12}{8}']],
    ['4+2', '6', ['4+2']],
  ])('%s → %s: %j is right but not final', (start, target, lines) => {
    const r = check(data(start, target), lines);
    expect(r.correct).toBe(false);
    expect(r.lines.at(-1)).toEqual({
      correct: true,
      feedback: { key: 'feedback.equivalent-not-simplified', params: {} },
    });
  });
});

describe('checkSimplify: a wrong line is marked, with the mistake located and named', () => {
  it.each<[string, string, string, string, number[]]>([
    ['2(x+3)', '2x+6', '2x+5', 'feedback.constant-term-wrong', [1]],
    ['2(x+3)', '2x+6', '2x+3', 'feedback.not-distributed', [1]],
    ['2(x+3)', '2x+6', '2x-6', 'feedback.sign-error', [1]],
    ['-(x-3)', '3-x', '-x-3', 'feedback.sign-error', [1]],
    ['x^{2}\\cdot x^{3}', 'x^{5}', 'x^{6}', 'feedback.exponent-rule', []],
    ['(x^{2})^{3}', 'x^{6}', 'x^{5}', 'feedback.exponent-rule', []],
    ['\\frac{1}{2}+\\frac{1}{3}', '\\frac{5}{6}', '\\frac{2}{5}', 'feedback.fraction-addition', []],
    ['\\frac{a}{b}+\\frac{c}{d}', '\\frac{ad+bc}{bd}', '\\frac{a+c}{b+d}', 'feedback.fraction-addition', []],
    ['(x+1)^{2}', 'x^{2}+2x+1', 'x^{2}+1', 'feedback.power-of-sum', []],
    ['(x-3)^{2}', 'x^{2}-6x+9', 'x^{2}-9', 'feedback.power-of-sum', []],
    ['\\sqrt{x^{2}+16}', '\\sqrt{x^{2}+16}', 'x+4', 'feedback.root-of-sum', []],
    ['3(x+2)-(x-1)', '2x+7', '3x+6-x-1', 'feedback.sign-error', [3]],
    ['x^{2}+5x+6', 'x^{2}+5x+6', 'x^{2}+6x+6', 'feedback.coefficient-wrong', [1]],
    ['2(x+3)', '2x+6', '2(x+3)=2x+5', 'feedback.constant-term-wrong', [1, 1]],
    ['2(x+3)', '2x+6', '2x+2\\cdot3=2x+5', 'feedback.constant-term-wrong', [1, 1]],
    ['\\sqrt{x}\\sqrt{x}', 'x', 'x', 'feedback.domain-changed', []],
    ['x^{2}+1', 'x^{2}+1', 'x^{2}+x', 'feedback.not-equivalent', []],
  ])('%s → %s: %s gives %s at %j', (start, target, line, feedbackKey, highlight) => {
    const r = check(data(start, target), [line]);
    expect(r.correct).toBe(false);
    expect(r.lines[0]).toMatchObject({ correct: false, feedback: { key: feedbackKey }, highlight });
  });

  it('continues from the last correct line after a wrong one', () => {
    const r = check(data('2(x+3)+4x', '6x+6'), ['2x+6+4x', '2x+5+4x', '6x+6']);
    expect(r.lines.map((l) => l.correct)).toEqual([true, false, true]);
    expect(r.lines[1]!.highlight).toEqual([1]);
    expect(r.correct).toBe(false);
  });

  it('locates against the last correct line: 2x+6+4x → 6x+7 marks the constant', () => {
    const r = check(data('2(x+3)+4x', '6x+6'), ['2x+6+4x', '6x+7']);
    expect(r.lines[1]).toMatchObject({
      correct: false,
      feedback: { key: 'feedback.constant-term-wrong' },
      highlight: [1],
    });
  });

  it('is complete only when no line is wrong', () => {
    expect(check(data('2(x+3)', '2x+6'), ['2x+5', '2x+6']).correct).toBe(false);
    expect(check(data('2(x+3)', '2x+6'), ['2x+6']).correct).toBe(true);
  });

  it('refuses an equation or inequality where an expression is asked', () => {
    expect(key(check(data('2(x+3)', '2x+6'), ['2x+6<7']).lines[0]!)).toBe('feedback.unexpected-relation');
  });
});

describe('checkSimplify: decimals are exact', () => {
  it.each<[string, string, string, boolean, string]>([
    ['\\frac{1}{3}', '\\frac{1}{3}', '0.333333', false, 'feedback.rounded-value'],
    ['\\frac{1}{3}', '\\frac{1}{3}', '0.33', false, 'feedback.rounded-value'],
    ['\\frac{1}{3}', '\\frac{1}{3}', '0.333', true, 'feedback.exact-value-required'],
    ['\\sqrt{2}', '\\sqrt{2}', '1.414', false, 'feedback.rounded-value'],
    ['2\\pi', '2\\pi', '6.28', true, 'feedback.exact-value-required'],
    ['\\frac{x}{3}', '\\frac{x}{3}', '0.333x', false, 'feedback.rounded-value'],
  ])('%s: %s (exactExpr %s) is wrong with %s', (start, target, line, exactExpr, feedbackKey) => {
    const r = check(data(start, target, { exactExpr }), [line]);
    expect(r.lines[0]).toMatchObject({ correct: false, feedback: { key: feedbackKey } });
  });

  it('accepts an exact decimal, but not as final when exactExpr forbids decimals', () => {
    const loose = check(data('\\frac{1}{2}x', '0.5x'), ['0.5x']);
    expect(loose.correct).toBe(true);
    const strict = check(data('\\frac{1}{2}x', '\\frac{x}{2}', { exactExpr: true }), ['0.5x']);
    expect(strict.correct).toBe(false);
    expect(strict.lines[0]).toEqual({
      correct: true,
      feedback: { key: 'feedback.exact-value-required', params: {} },
    });
  });

  it('takes the value 0.5 for the target 1/2 as right but not final, asking for it without decimals', () => {
    const half = check(data('\\frac{2}{4}', '\\frac{1}{2}'), ['0.5']);
    expect(half.correct).toBe(false);
    expect(half.lines[0]).toEqual({
      correct: true,
      feedback: { key: 'feedback.write-without-decimals', params: {} },
    });
    expect(check(data('\\frac{2}{4}', '\\frac{1}{2}'), ['0.5', '\\frac{1}{2}']).correct).toBe(true);
  });
});

describe('checkSimplify: a named form (data.form)', () => {
  it.each<[string, string, NonNullable<SimplifyCheckData['form']>, string, boolean]>([
    ['x^{2}+5x+6', '(x+2)(x+3)', 'factored', '(x+3)(x+2)', true],
    ['x^{2}+5x+6', '(x+2)(x+3)', 'factored', '(x+2)(x+3)', true],
    ['2x^{2}+10x+12', '2(x+2)(x+3)', 'factored', '(2x+4)(x+3)', false],
    ['2x^{2}+10x+12', '2(x+2)(x+3)', 'factored', '2(x+3)(x+2)', true],
    ['(x+2)(x+3)', 'x^{2}+5x+6', 'expanded', 'x^{2}+5x+6', true],
    ['(x+2)(x+3)', 'x^{2}+5x+6', 'expanded', 'x^{2}+2x+3x+6', false],
    ['\\frac{1}{x}+\\frac{1}{x+1}', '\\frac{2x+1}{x(x+1)}', 'single_fraction', '\\frac{2x+1}{x^{2}+x}', true],
    ['\\frac{x^{2}-1}{x^{2}+2x+1}', '\\frac{x-1}{x+1}', 'lowest_terms', '\\frac{x-1}{x+1}', true],
    [
      '\\frac{x^{2}-1}{x^{2}+2x+1}',
      '\\frac{x-1}{x+1}',
      'lowest_terms',
      '\\frac{(x-1)(x+1)}{(x+1)^{2}}',
      false,
    ],
    [
      '\\frac{1}{\\sqrt{2}}',
      '\\frac{\\sqrt{2}}{2}',
      'rationalized_denominator',
      '\\frac{\\sqrt{2}}{2}',
      true,
    ],
    [
      '\\frac{1}{\\sqrt{2}}',
      '\\frac{\\sqrt{2}}{2}',
      'rationalized_denominator',
      '\\frac{2}{2\\sqrt{2}}',
      false,
    ],
    [
      '\\frac{2}{x^{2}-1}',
      '\\frac{1}{x-1}-\\frac{1}{x+1}',
      'partial_fractions',
      '\\frac{1}{x-1}-\\frac{1}{x+1}',
      true,
    ],
    ['x^{2}-6x+11', '(x-3)^{2}+2', 'completed_square', '(x-3)^{2}+2', true],
    ['x^{2}-6x+11', '(x-3)^{2}+2', 'completed_square', '(x-3)^{2}-9+11', false],
  ])('%s (%s): %s complete = %s', (start, target, form, line, complete) => {
    const r = check(data(start, target, { form }), [line]);
    expect(r.correct).toBe(complete);
    expect(r.lines[0]!.correct).toBe(true);
    if (!complete)
      expect(r.lines[0]!.feedback).toEqual({
        key: 'feedback.not-in-form',
        params: { form: form.replace(/_/g, '-') },
      });
  });

  it('right form but wrong value is wrong, not complete: a sampling-only checker would accept less', () => {
    const r = check(data('x^{2}+5x+6', '(x+2)(x+3)', { form: 'factored' }), ['(x+1)(x+6)']);
    expect(r.correct).toBe(false);
    expect(r.lines[0]!.correct).toBe(false);
  });
});

describe('checkSimplify: right value, wrong form (a sampling-only checker accepts these)', () => {
  it.each<[string, string, string]>([
    ['x^{2}+5x+6', '(x+2)(x+3)', 'x^{2}+5x+6'],
    ['(x+2)(x+3)', 'x^{2}+5x+6', '(x+2)(x+3)'],
    ['\\frac{6}{8}', '\\frac{3}{4}', '\\frac{6}{8}'],
    ['x+x', '2x', 'x+x'],
    ['2^{3}', '8', '2^{3}'],
    ['\\frac{1}{2}+\\frac{1}{4}', '\\frac{3}{4}', '\\frac{2}{4}+\\frac{1}{4}'],
  ])('%s → %s: %s is equivalent but does not complete', (start, target, line) => {
    const r = check(data(start, target), [line]);
    expect(r.correct).toBe(false);
    expect(r.lines[0]!.correct).toBe(true);
  });
});

describe('checkSimplify: the problem context', () => {
  it('evaluates trigonometry in degrees when convertToDegrees', () => {
    expect(check(data('\\sin(30)+\\cos(60)', '1', { convertToDegrees: true }), ['1']).correct).toBe(true);
    expect(check(data('\\sin(30)+\\cos(60)', '1', { convertToDegrees: true }), ['2']).correct).toBe(false);
  });

  it('samples inside the interval: √(x²) is x on [0, ∞)', () => {
    expect(check(data('\\sqrt{x^{2}}', 'x', { interval: '[0,\\infty)' }), ['x']).correct).toBe(true);
    expect(check(data('\\sqrt{x^{2}}', '|x|'), ['x']).lines[0]!.correct).toBe(false);
  });

  it('uses complementary equations: with a = 2b, 2a + b is 5b', () => {
    const d = data('2a+b', '5b', { complementaryEquations: [{ id: 'eq0001', latex: 'a=2b' }] });
    expect(check(d, ['4b+b', '5b']).correct).toBe(true);
    expect(check(d, ['4b']).correct).toBe(false);
  });

  it('treats constants as letters: C stays', () => {
    const d = data('2x+C+3x', '5x+C', { constant: [{ id: 'c00001', latex: 'C' }] });
    expect(check(d, ['C+5x']).correct).toBe(true);
  });

  it('reads units written as text and makes them match', () => {
    const d = data('5\\text{cm}+3\\text{cm}', '8\\text{cm}', {
      units: [{ id: 'u00001', latex: '\\text{cm}' }],
    });
    expect(check(d, ['8\\text{cm}']).correct).toBe(true);
    expect(check(d, ['8\\mathrm{cm}']).correct).toBe(true);
    expect(check(d, ['8']).correct).toBe(false);
  });

  it('reads declared functions: f(x) + f(x) is 2f(x)', () => {
    const d = data('f(x)+f(x)', '2f(x)', { functions: [{ id: 'f00001', latex: 'f' }] });
    expect(check(d, ['2f\\left(x\\right)']).correct).toBe(true);
    expect(check(d, ['f\\left(2x\\right)']).correct).toBe(false);
  });

  it('checks branches (solNum) separately from the start', () => {
    const r = checkSimplify(data('2(x+3)', '2x+6'), [
      { math: '2x+6', solNum: 1 },
      { math: '2x+2\\cdot3', solNum: 2 },
      { math: '2x+6', solNum: 2 },
    ]);
    expect(r.correct).toBe(true);
  });

  it('marks empty and blank lines neutral, never correct', () => {
    const r = check(data('2(x+3)', '2x+6'), ['', '2x+6', '   ', '\\,']);
    expect(r.correct).toBe(true);
    expect(r.lines).toEqual([
      { correct: false, neutral: true },
      { correct: true },
      { correct: false, neutral: true },
      { correct: false, neutral: true },
    ]);
  });

  it('does not complete on blank lines alone', () => {
    const r = check(data('2(x+3)', '2x+6'), ['', '  ']);
    expect(r.correct).toBe(false);
    expect(r.lines.every((l) => l.neutral === true && !l.correct)).toBe(true);
  });

  it('throws for a malformed problem (unreadable start), never for the answer', () => {
    expect(() => check(data('\\frac{1}{', '1'), ['1'])).toThrow(/malformed problem/);
  });
});

describe('checkSimplify: bounded, whatever the input', () => {
  const timings: Record<string, { first: number; warm: number }> = {};
  /**
   * Runs f once (the first, cold run) and five more times; records both (the median warm time).
   * f gets the run number, to make its lines new each time (no parse cache).
   */
  const time = (f: (run: number) => unknown) => {
    const runs: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = performance.now();
      f(i);
      runs.push(performance.now() - t);
    }
    const warm = runs.slice(1).sort((a, b) => a - b)[2]!;
    return { first: Math.round(runs[0]! * 10) / 10, warm: Math.round(warm * 10) / 10 };
  };

  it.each<[string, string, string]>([
    ['unreadable LaTeX', '\\frac{1}{', 'feedback.unreadable-at'],
    ['a tower of powers', '10^{10^{10^{10}}}', 'feedback.not-equivalent'],
    ['500 nested brackets', `${'('.repeat(500)}x${')'.repeat(500)}`, 'feedback.too-large'],
    ['100 KB of text', 'x+'.repeat(50_000), 'feedback.too-large'],
    ['a huge power', '(x+1)^{100000}', 'feedback.not-equivalent'],
    [
      'a long but readable line',
      Array.from({ length: 250 }, (_, i) => `${i}x`).join('+'),
      'feedback.too-large',
    ],
  ])('answers %s with a feedback code, not an exception', (name, line, feedbackKey) => {
    let r: ReturnType<typeof check> | undefined;
    timings[name] = time(() => (r = check(data('2(x+3)', '2x+6'), [line])));
    expect(r!.lines[0]).toMatchObject({ correct: false, feedback: { key: feedbackKey } });
  });

  it('answers a 1,000-line answer: later lines are too large to read', () => {
    const lines = (run: number) =>
      Array.from({ length: 1000 }, (_, i) => (i % 2 ? `2x+6+${run}-${run}` : `2x+${i}+${run}`));
    let r: ReturnType<typeof check> | undefined;
    timings['1,000 lines'] = time((run) => (r = check(data('2(x+3)', '2x+6'), lines(run))));
    expect(r!.lines).toHaveLength(1000);
    expect(r!.lines[999]).toMatchObject({ correct: false, feedback: { key: 'feedback.too-large' } });
    expect(r!.correct).toBe(false);
  });

  it('answers 1,000 lines of complicated wrong expressions', () => {
    const line =
      '\\frac{(x+1)^{3}(x-2)^{2}+\\sqrt{x^{2}+1}\\sin(x)}{(x-3)(x+4)^{2}}-\\frac{7x^{5}-3x^{4}+2x^{3}-x^{2}+5x-11}{x^{2}+1}+\\ln(x^{2}+2)';
    let r: ReturnType<typeof check> | undefined;
    const lines = (run: number) => Array.from({ length: 1000 }, (_, i) => `${line}+${i}+${run}y`);
    timings['1,000 complicated lines'] = time((run) => (r = check(data('2(x+3)', '2x+6'), lines(run))));
    expect(r!.lines.every((l) => !l.correct)).toBe(true);
  });

  it('reports the timings (not asserted: they depend on the machine)', () => {
    console.info('simplify bounded-input timings (ms, first run / warm median):', JSON.stringify(timings));
    expect(Object.keys(timings).length).toBeGreaterThan(0);
  });
});

describe('checkSimplify: exact forms (EqualComAss and the named forms)', () => {
  it.each<[string, string, string, Partial<SimplifyCheckData>, boolean]>([
    // [start, target, the student's last line, extra data, complete]
    ['7', '7', '7.0', {}, false],
    ['3+4', '7', '7', {}, true],
    ['\\frac{p-q}{3}', '\\frac{1}{3}(p-q)', '\\frac{p-q}{3}', {}, false],
    ['\\frac{p-q}{3}', '\\frac{p-q}{3}', '\\frac{1}{3}(p-q)', {}, false],
    ['\\frac{p-q}{3}', '\\frac{p-q}{3}', '\\frac{-q+p}{3}', {}, true],
    ['t^{1/2}', 't^{\\frac{1}{2}}', 't^{\\frac{3}{6}}', {}, false],
    ['\\sqrt{t}', 't^{\\frac{1}{2}}', 't^{\\frac{3}{6}}', { form: 'lowest_terms' }, false],
    ['\\sqrt{t}', 't^{\\frac{1}{2}}', 't^{\\frac{1}{2}}', { form: 'lowest_terms' }, true],
    ['e^{t}e^{t}', 'e^{2t}', '\\exp(2t)', {}, true],
    ['e^{t}e^{t}', '\\exp(2t)', 'e^{2t}', {}, true],
    ['x^{2}+6x+9', '(x+3)^{2}', 'x\\left(x+6+\\frac{9}{x}\\right)', { form: 'factored' }, false],
    ['x^{2}+6x+9', '(x+3)^{2}', '(x+3)^{2}', { form: 'factored' }, true],
    ['x^{2}-2ax+a^{2}+b', '(x-a)^{2}+b', '(x-a)^{2}+b', { form: 'completed_square' }, true],
    // A start that is an equation is simplified as one: each line an equation with the same condition.
    ['y=2x+4x', 'y=6x', 'y=6x', {}, true],
    ['y=2x+4x', 'y=6x', '6x=y', {}, true],
    ['y=2x+4x', 'y=6x', 'y=2x+4x=6x', {}, true],
    ['y=2x+4x', 'y=6x', 'y=2x+4x', {}, false],
    ['y=(x+1)^{2}-1', 'y=x(x+2)', 'y=x(x+2)', { form: 'factored' }, true],
    ['y=(x+1)^{2}-1', 'y=x(x+2)', 'y=x^{2}+2x', { form: 'factored' }, false],
    // A required form is checked on the answer even when it is the target as written.
    ['2x-1-1', '2x-2', '2x-2', { form: 'factored' }, false],
    ['2x-1-1', '2x-2', '2(x-1)', { form: 'factored' }, true],
    ['x^{2}+2x+1', 'x^{2}+2x+1', 'x^{2}+2x+1', { form: 'completed_square' }, false],
    ['4x^{2}-9', '(2x-3)(2x+3)', '(2x+3)(2x-3)', { form: 'factored' }, true],
    [
      'x^{2}-2ax+a^{2}+b',
      '(x-a)^{2}+b',
      '(a-x)^{2}+b',
      { form: 'completed_square', formVariable: 'x' },
      true,
    ],
    ['\\frac{2a}{4b}', '\\frac{a}{2b}', '\\frac{a}{2b}', { form: 'lowest_terms' }, true],
  ])('%s → %s: %s %j complete: %s', (start, target, line, extra, complete) => {
    const r = check(data(start, target, extra), [line]);
    expect(r.lines[0]!.correct).toBe(true);
    expect(r.correct).toBe(complete);
  });
});

describe('checkSimplify: an unreadable line names the spot', () => {
  it.each<[string, string]>([
    ['\\frac{1}{', '\\frac{1}{'],
    ['x^{2}+\\foo{3}', '\\foo'],
    ['2\\cdot\\placeholder{}', '\\placeholder{}'],
    ['\\sqrt{}+1', '\\sqrt{}+1'],
  ])('%s is unreadable near %s', (line, at) => {
    const r = check(data('2(x+3)', '2x+6'), [line]);
    expect(r.lines[0]).toEqual({
      correct: false,
      feedback: { key: 'feedback.unreadable-at', params: { at } },
    });
  });
});

describe('checkSimplify: a start that is an equation', () => {
  it('points at the side that changed, and asks for an equation', () => {
    const r = check(data('y=2x+4x', 'y=6x'), ['y=2x+4x', 'y=5x', '6x']);
    expect(r.lines[0]).toMatchObject({
      correct: true,
      feedback: { key: 'feedback.equivalent-not-simplified' },
    });
    expect(r.lines[1]).toMatchObject({
      correct: false,
      feedback: { key: 'feedback.coefficient-wrong' },
      highlight: [1, 0],
    });
    expect(r.lines[2]).toMatchObject({ correct: false, feedback: { key: 'feedback.not-an-equation' } });
    expect(r.correct).toBe(false);
  });
});

describe('checkSimplify: a start that is a set of expressions', () => {
  const sets = data('\\{1+1,\\sqrt{9},2\\}', '\\{2,3\\}');
  const run = (...lines: string[]) => check(sets, lines);
  it('completes on the same set in any order, each element simplified', () => {
    expect(run('\\{3,2\\}').correct).toBe(true);
    const r = run('\\{2,\\sqrt{9}\\}', '\\{2,3\\}');
    expect(r.lines[0]).toMatchObject({
      correct: true,
      feedback: { key: 'feedback.equivalent-not-simplified' },
    });
    expect(r.correct).toBe(true);
  });
  it('is not simplified while an element is repeated', () => {
    const r = run('\\{2,3,2\\}');
    expect(r.lines[0]).toMatchObject({
      correct: true,
      feedback: { key: 'feedback.equivalent-not-simplified' },
    });
    expect(r.correct).toBe(false);
  });
  it('marks an element that is not in the set, and says when one is missing', () => {
    expect(run('\\{2,4\\}').lines[0]).toMatchObject({
      correct: false,
      feedback: { key: 'feedback.not-an-element' },
      highlight: [1],
    });
    expect(run('\\{2\\}').lines[0]).toMatchObject({
      correct: false,
      feedback: { key: 'feedback.missing-element' },
    });
  });
  it('asks for a set when the line is a list', () => {
    expect(run('2,3').lines[0]).toMatchObject({ correct: false, feedback: { key: 'feedback.expected-set' } });
  });
});
