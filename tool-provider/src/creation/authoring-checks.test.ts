import { MATH_TYPES, type MathType, type NumeralDraft } from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { describe, expect, it } from 'vitest';
import { DEV_CONTENT, toMathTypeData } from '../seed/dev-content';
import { simplifyNumeral } from '../../testing/creation-drafts';
import { authoringChecks } from './authoring-checks';

function numeral(mathType: MathType, data: unknown, extra: Partial<NumeralDraft> = {}): NumeralDraft {
  const choices =
    mathType === 'multipleChoice'
      ? (VALID_MATH_TYPE_DATA.multipleChoice.choices.map((c, i) => ({
          key: `choice${i}`,
          id: null,
          text: c.text,
          picture: null,
          correct: c.correct,
        })) as NumeralDraft['choices'])
      : [];
  return {
    key: `num${mathType.slice(0, 6)}`,
    id: null,
    question: '¿Cuánto vale?',
    initialHint: null,
    hintPicture: null,
    picture: null,
    videoS3: null,
    calculator: false,
    steps: [],
    mathType,
    data: mathType === 'multipleChoice' ? null : data,
    choices,
    ...extra,
  };
}

describe('authoringChecks', () => {
  it.each(MATH_TYPES)('passes the valid %s record of the fixtures', (mathType) => {
    const [check] = authoringChecks({ numerals: [numeral(mathType, VALID_MATH_TYPE_DATA[mathType])] });
    expect(check).toMatchObject({ numeral: 1, step: null, mathType, reason: null, ok: true });
  });

  it('refuses a simplify whose target is not what its start simplifies to, saying so to the author', () => {
    const wrong = { ...VALID_MATH_TYPE_DATA.simplify, target: 'x-1' };
    const [check] = authoringChecks({ numerals: [numeral('simplify', wrong)] });
    expect(check!.ok).toBe(false);
    expect(check!.reason).toBe('authoring.target-not-equivalent');
    expect(check!.params).toEqual({ target: 'x-1', start: VALID_MATH_TYPE_DATA.simplify.startingExpression });
  });

  it('refuses a simplify whose target is not in its own required form, or whose start is already an answer', () => {
    const base = { ...VALID_MATH_TYPE_DATA.simplify, startingExpression: '2x-1-1' };
    const checks = authoringChecks({
      numerals: [
        numeral('simplify', { ...base, target: '2x-2', form: 'factored' }),
        numeral('simplify', { ...base, target: '2(x-1)', form: 'factored' }),
        numeral('simplify', { ...base, startingExpression: '2x-2', target: '2x-2' }),
        numeral('simplify', { ...base, startingExpression: '2x-2', target: '2(x-1)', form: 'expanded' }),
      ],
    });
    expect(checks.map((c) => c.ok)).toEqual([false, true, false, false]);
    expect(checks[0]!.reason).toBe('authoring.target-not-in-form');
    expect(checks[2]!.reason).toBe('authoring.nothing-to-simplify');
  });

  it('refuses a solve whose defined solution does not solve it, and one without solutions', () => {
    const wrong = { ...VALID_MATH_TYPE_DATA.solve, definedSolutions: [{ id: 'sol001', latex: 'x=3' }] };
    const none = { ...VALID_MATH_TYPE_DATA.solve, definedSolutions: [] };
    const checks = authoringChecks({ numerals: [numeral('solve', wrong), numeral('solve', none)] });
    expect(checks.map((c) => c.ok)).toEqual([false, false]);
    expect(checks[0]!.reason).toBe('authoring.solutions-wrong');
    expect(checks[0]!.params).toEqual({ answer: 'x=3' });
    expect(checks[1]!.reason).toBe('authoring.solutions-missing');
    const half = {
      ...VALID_MATH_TYPE_DATA.solve,
      startingExpression: 'x^{2}=4',
      definedSolutions: [{ id: 'sol001', latex: 'x=2' }],
    };
    const [incomplete] = authoringChecks({ numerals: [numeral('solve', half)] });
    expect(incomplete).toMatchObject({ ok: false, reason: 'authoring.solutions-incomplete' });
  });

  it('names the step that fails, 1-based, and passes the numeral', () => {
    const step = {
      ...numeral('findExpression', { ...VALID_MATH_TYPE_DATA.findExpression, targetExpression: '6-2x' }),
      key: 'step01',
      instruction: '',
      explanation: '',
    };
    const checks = authoringChecks({
      numerals: [
        numeral('simplify', VALID_MATH_TYPE_DATA.simplify),
        numeral('solve', VALID_MATH_TYPE_DATA.solve, { steps: [step as never] }),
      ],
    });
    expect(checks.map((c) => [c.numeral, c.step, c.ok])).toEqual([
      [1, null, true],
      [2, null, true],
      [2, 1, false],
    ]);
  });

  it('refuses a multiple choice without a correct choice, and a line through the wrong points', () => {
    const mc = numeral('multipleChoice', null);
    mc.choices = mc.choices.map((c) => ({ ...c, correct: false }));
    const setPoint = numeral('plotLinearEquation', { m: '2', b: '1' });
    const checks = authoringChecks({ numerals: [mc, setPoint] });
    expect(checks[0]).toMatchObject({ ok: false, reason: 'authoring.no-correct-choice' });
    expect(checks[1]!.ok).toBe(true);
  });

  it.each([
    ['Decomp', ['360']],
    ['Decomp', ['84', '90']],
    ['Decomp', ['999999999989']],
    ['LCM', ['12', '18', '35']],
    ['GCD', ['84', '126']],
    ['GCD', ['7', '9']],
  ] as const)(
    'passes a %s of %j: its division table and final answer, run through the checker',
    (type, numbers) => {
      const data = { numbers: numbers.map((latex, i) => ({ id: `num00${i}`, latex })), decompType: type };
      const [check] = authoringChecks({ numerals: [numeral('primeDecomposition', data)] });
      expect(check).toMatchObject({ ok: true, reason: null });
    },
  );

  it('refuses a prime decomposition of numbers that are not whole numbers from 2, or an LCM of one number', () => {
    const of = (latex: string[], decompType: 'Decomp' | 'LCM') =>
      numeral('primeDecomposition', {
        numbers: latex.map((l, i) => ({ id: `num00${i}`, latex: l })),
        decompType,
      });
    const checks = authoringChecks({
      numerals: [of(['1'], 'Decomp'), of(['2.5'], 'Decomp'), of(['12'], 'LCM')],
    });
    expect(checks.map((c) => c.reason)).toEqual([
      'authoring.numbers-invalid',
      'authoring.numbers-invalid',
      'authoring.numbers-invalid',
    ]);
  });

  it('fails a numeral without a record or without a question', () => {
    const checks = authoringChecks({
      numerals: [
        numeral('simplify', null),
        numeral('simplify', VALID_MATH_TYPE_DATA.simplify, { question: '  ' }),
      ],
    });
    expect(checks.map((c) => c.reason)).toEqual(['authoring.record-missing', 'authoring.question-missing']);
  });

  it('computes the answers of functions and equationOfALine and refuses an undefined value', () => {
    const checks = authoringChecks({
      numerals: [
        numeral('functions', {
          functionExpr: 'f(x)=x^{2}+3',
          xValue: '2',
          yValue: null,
          convertToDegrees: false,
        }),
        numeral('functions', {
          functionExpr: 'f(x)=\\frac{1}{x}',
          xValue: '0',
          yValue: null,
          convertToDegrees: false,
        }),
        numeral('equationOfALine', {
          ...VALID_MATH_TYPE_DATA.equationOfALine,
          x1: '0',
          y1: '-1',
          x2: '2',
          y2: '0',
        }),
      ],
    });
    expect(checks.map((c) => c.ok)).toEqual([true, false, true]);
    expect(checks[1]!.reason).toBe('authoring.answer-not-computable');
    // The key a reviewer reads: the value computed from the function, the line's equation.
    expect(checks[0]!.answer).toBe('7');
    expect(checks[1]!.answer).toBeNull();
    expect(checks[2]!.answer).toBe('m=\\frac{1}{2}; b=-1; y=\\frac{x}{2}-1');
  });

  it('gives each item the answer it was checked against, as a reviewer reads it', () => {
    const answers = authoringChecks({
      numerals: [
        numeral('multipleChoice', null),
        numeral('intervals', VALID_MATH_TYPE_DATA.intervals),
        numeral('setMultiPointPlane', VALID_MATH_TYPE_DATA.setMultiPointPlane),
        numeral('simplify', null),
      ],
    }).map((c) => c.answer);
    // The correct choice by its place in the list; the union in LaTeX; no record, no answer.
    expect(answers).toEqual(['1', '(-\\infty,-2)\\cup (2,\\infty)', '(-1,1) (0,0) (1,1)', null]);
  });

  it.each(DEV_CONTENT.problems.filter((p) => p.publishProblem).map((p) => [p.key, p] as const))(
    'passes every published problem of the development content: %s',
    (_key, problem) => {
      const asDraft = (item: Parameters<typeof toMathTypeData>[0], i: number) => {
        const content = toMathTypeData(item);
        return content.mathType === 'multipleChoice'
          ? {
              mathType: content.mathType,
              data: null,
              choices: content.data.choices.map((c, k) => ({ key: `c${i}${k}xx`, id: null, ...c })),
            }
          : { mathType: content.mathType, data: content.data, choices: [] };
      };
      const numerals = problem.numerals.map((n, i) => ({
        ...numeral('simplify', null, { question: n.question }),
        ...asDraft(n, i),
        steps: (n.steps ?? []).map((s, j) => ({
          ...asDraft(s, j),
          key: `s${i}${j}xxx`,
        })) as NumeralDraft['steps'],
      }));
      const failing = authoringChecks({ numerals }).filter((c) => !c.ok);
      expect(failing).toEqual([]);
    },
  );

  it('stops checking when the time is up, naming the items not reached', () => {
    let t = 0;
    const checks = authoringChecks(
      {
        numerals: [
          numeral('simplify', VALID_MATH_TYPE_DATA.simplify),
          numeral('solve', VALID_MATH_TYPE_DATA.solve),
        ],
      },
      { budgetMs: 10, now: () => (t += 8) },
    );
    expect(checks.map((c) => c.reason)).toEqual([null, 'authoring.check-timeout']);
  });
});

describe('question tests', () => {
  const verdict = (answerTests: unknown[]) => {
    const [check] = authoringChecks({
      numerals: [simplifyNumeral({ answerTests: answerTests as NumeralDraft['answerTests'] })],
    });
    return [check!.ok, check!.reason, check!.params];
  };
  const test = (answer: string, expect: 'accept' | 'reject', feedback: string | null = null) => ({
    key: 'tst001',
    answer,
    expect,
    feedback,
  });

  it('pass when Kib accepts what must be accepted, worked lines included, and rejects what must be rejected', () => {
    expect(
      verdict([
        test('x+1', 'accept'),
        test('\\frac{(x-1)(x+1)}{x-1}\nx+1', 'accept'),
        test('x-1', 'reject'),
        test('   ', 'accept'),
      ]),
    ).toEqual([true, null, {}]);
  });

  it('fail on the first answer Kib judges otherwise, named in the author’s words', () => {
    expect(verdict([test('x+1', 'accept'), test('x+2', 'accept')])).toEqual([
      false,
      'authoring.test-rejected',
      { answer: 'x+2' },
    ]);
    expect(verdict([test('1+x', 'reject')])).toEqual([false, 'authoring.test-accepted', { answer: '1+x' }]);
  });

  it('fail when a wrong answer gets another feedback than the one the author expects', () => {
    expect(verdict([test('x-1', 'reject', 'feedback.no-such-feedback')])).toMatchObject([
      false,
      'authoring.test-feedback',
      { answer: 'x-1', expected: 'feedback.no-such-feedback' },
    ]);
    const [, , params] = verdict([test('x-1', 'reject', 'feedback.no-such-feedback')]);
    const given = (params as { given: string }).given;
    expect(given).toMatch(/^feedback\./);
    expect(verdict([test('x-1', 'reject', given)])).toEqual([true, null, {}]);
  });
});
