import type { MathType, MathTypeDataOf, ProblemDraft } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { check, isCorrect } from '../check';
import type { CheckRequest } from '../types';
import { exactValue } from './items';
import { makeVariants, type ProblemVariant } from './problem';
import { LINE, numeral, problem, simplify, solve, step, TABLE } from './variants.fixtures';

function variantsOf(draft: ProblemDraft, count = 6, seed = 11): ProblemVariant[] {
  const out = makeVariants(draft, { count, seed });
  if (!out.ok) throw new Error(`no variants: ${out.error}`);
  expect(out.variants).toHaveLength(count);
  return out.variants;
}

/** Every varied item's own answer passes the checker, and the records are all different. */
function expectChecked(variants: ProblemVariant[], original: ProblemDraft): void {
  const records = new Set([
    JSON.stringify(original.numerals.map((n) => [n.data, n.steps.map((s) => s.data)])),
  ]);
  for (const v of variants) {
    expect(v.answers.length).toBeGreaterThan(0);
    for (const a of v.answers) {
      const request = { mathType: a.mathType, data: a.data, answer: a.answer } as CheckRequest;
      expect(isCorrect(a.mathType, check(request)), JSON.stringify(a)).toBe(true);
    }
    const record = JSON.stringify(v.problem.numerals.map((n) => [n.data, n.steps.map((s) => s.data)]));
    expect(records.has(record)).toBe(false);
    records.add(record);
    expect(v.problem).toMatchObject({ id: null, publishProblem: false });
    expect(
      v.problem.numerals.every((n) => n.id === null && !original.numerals.some((o) => o.key === n.key)),
    ).toBe(true);
  }
}

const data = <K extends MathType>(v: ProblemVariant, i = 0) =>
  v.problem.numerals[i]!.data as MathTypeDataOf<K>;
const whole = (latex: string) => {
  const v = exactValue(latex.replace(/^[a-z]=/, ''));
  return v !== null && v.d === 1n;
};

describe('makeVariants', () => {
  it('solve: new coefficients, whole solutions the checker finds itself, the question and a following number line with them', () => {
    const draft = problem([
      numeral('Resuelve $2x+3=7$.', 'solve', solve('2x+3=7', ['x=2'])),
      numeral('Ubica en la recta la solución de $2x+3=7$.', 'numberlinePoints', { points: [2] }),
    ]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) {
      const d = data<'solve'>(v);
      expect(d.startingExpression).not.toBe('2x+3=7');
      expect(d.definedSolutions).toHaveLength(1);
      expect(whole(d.definedSolutions[0]!.latex)).toBe(true);
      expect(v.problem.numerals[0]!.question).toBe(`Resuelve $${d.startingExpression}$.`);
      expect(v.problem.numerals[1]!.question).toContain(d.startingExpression);
      const x = Number(d.definedSolutions[0]!.latex.replace('x=', ''));
      expect(data<'numberlinePoints'>(v, 1).points).toEqual([x]);
    }
  });

  it('solve with steps: the factored step, its equation and the number line follow the trinomial', () => {
    const draft = problem([
      numeral('Resuelve $x^{2}-5x+6=0$.', 'solve', solve('x^{2}-5x+6=0', ['x=2', 'x=3']), [
        step(
          'Factoriza $x^{2}-5x+6$.',
          'simplify',
          simplify('x^{2}-5x+6', '\\left(x-2\\right)\\left(x-3\\right)'),
        ),
        step('Iguala a cero.', 'solve', solve('\\left(x-2\\right)\\left(x-3\\right)=0', ['x=2', 'x=3'])),
        step('Ubica las soluciones.', 'numberlinePoints', { points: [2, 3] }),
      ]),
    ]);
    const variants = variantsOf(draft, 4);
    expectChecked(variants, draft);
    for (const v of variants) {
      const n = v.problem.numerals[0]!;
      const trinomial = (n.data as MathTypeDataOf<'solve'>).startingExpression.replace('=0', '');
      expect((n.steps[0]!.data as MathTypeDataOf<'simplify'>).startingExpression).toBe(trinomial);
      expect(n.steps[0]!.instruction).toBe(`Factoriza $${trinomial}$.`);
      const roots = (n.data as MathTypeDataOf<'solve'>).definedSolutions.map((s) => Number(s.latex.slice(2)));
      expect(roots.every(Number.isInteger)).toBe(true);
      expect([...(n.steps[2]!.data as MathTypeDataOf<'numberlinePoints'>).points].sort()).toEqual(
        [...roots].sort(),
      );
    }
  });

  it('simplify: the expanded target is recomputed from the new start', () => {
    const draft = problem([numeral('Simplifica.', 'simplify', simplify('3\\left(x+4\\right)-2x', 'x+12'))]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) expect(data<'simplify'>(v).target).not.toBe('x+12');
  });

  it('simplify: a number is recomputed exactly, no division by zero', () => {
    const draft = problem([numeral('Calcula.', 'simplify', simplify('\\frac{12}{4}+5', '8'))]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) {
      expect(whole(data<'simplify'>(v).target)).toBe(true);
      expect(data<'simplify'>(v).startingExpression).not.toMatch(/\{0\}/);
    }
  });

  it('functions: a new f and x with a whole value; f(x) = y with whole solutions', () => {
    const draft = problem([
      numeral('Si $f(x)=2x+1$, calcula $f(3)$.', 'functions', {
        functionExpr: 'f(x)=2x+1',
        xValue: '3',
        yValue: null,
        convertToDegrees: false,
      }),
      numeral('Halla x con $g(x)=5$.', 'functions', {
        functionExpr: 'g(x)=x^{2}-4',
        xValue: null,
        yValue: '5',
        convertToDegrees: false,
      }),
    ]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) {
      const f = data<'functions'>(v);
      expect(f.functionExpr).toMatch(/^f\(x\)=/);
      expect(`${f.functionExpr}|${f.xValue}`).not.toBe('f(x)=2x+1|3');
      expect(v.problem.numerals[0]!.question).toBe(`Si $${f.functionExpr}$, calcula $f(${f.xValue})$.`);
    }
  });

  it('equationOfALine: new points, a whole slope like the original, the line checked', () => {
    const draft = problem([numeral('Halla la recta.', 'equationOfALine', LINE)]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) {
      const d = data<'equationOfALine'>(v);
      const slope = exactValue(`\\frac{${d.y2}-(${d.y1})}{${d.x2}-(${d.x1})}`);
      expect(slope?.d).toBe(1n);
      expect(d.x1).not.toBe(d.x2);
    }
  });

  it('findExpression: the same numbers change in the equation and the expression', () => {
    const draft = problem([
      numeral('Despeja x.', 'findExpression', {
        unknownVariable: 'x',
        targetExpression: '\\frac{y-3}{2}',
        definingEquation: 'y=2x+3',
        constant: [],
        convertToDegrees: false,
      }),
    ]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) expect(data<'findExpression'>(v).definingEquation).not.toBe('y=2x+3');
  });

  it('plotLinearEquation and setPointCartesianPlane: the line and its intercept move together with the question', () => {
    const draft = problem([
      numeral('Grafica $y=2x-1$.', 'plotLinearEquation', { m: '2', b: '-1' }),
      numeral('Ubica el corte de $y=2x-1$ con el eje y.', 'setPointCartesianPlane', { x: 0, y: -1 }),
    ]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) {
      const line = data<'plotLinearEquation'>(v);
      expect(data<'setPointCartesianPlane'>(v, 1)).toEqual({ x: 0, y: Number(line.b) });
      expect(v.problem.numerals[0]!.question).toBe(`Grafica $y=${line.m}x${line.b}$.`);
      expect(Number(line.m)).toBeGreaterThan(1);
    }
  });

  it('intervals: new ends in the same order, brackets kept', () => {
    const draft = problem([
      numeral('Resuelve $\\left|x\\right|>2$.', 'intervals', {
        intervals: [
          [
            { open: true, value: 'minusInf' },
            { open: true, value: -2 },
          ],
          [
            { open: false, value: 2 },
            { open: true, value: 'inf' },
          ],
        ],
      }),
    ]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) {
      const [[, a], [b]] = data<'intervals'>(v).intervals as unknown as [
        [unknown, { value: number }],
        [{ value: number; open: boolean }],
      ];
      expect(a.value).toBe(-b.value);
      expect(b.open).toBe(false);
      expect(b.value).not.toBe(2);
    }
  });

  it('numberlinePoints: as many distinct new points', () => {
    const draft = problem([numeral('Ubica.', 'numberlinePoints', { points: [-3, 1.5, 4] })]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) {
      const points = data<'numberlinePoints'>(v).points;
      expect(points).toHaveLength(3);
      expect(points[0]).toBeLessThan(0);
      expect(Number.isInteger(points[1]! * 10) && !Number.isInteger(points[1])).toBe(true);
    }
  });

  it('tableSimple: the tabulated function and its values are recomputed', () => {
    const draft = problem([numeral('Completa la tabla de $y=2x+1$.', 'tableSimple', TABLE)]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) {
      const cells = data<'tableSimple'>(v).tableData;
      const header = cells.find((c) => c.rIndex === 0 && c.cIndex === 1)!.cellContent;
      expect(header).not.toBe('$y=2x+1$');
      expect(v.problem.numerals[0]!.question).toBe(`Completa la tabla de ${header}.`);
    }
  });

  it('primeDecomposition: numbers with as many prime factors; an LCM keeps a common factor', () => {
    const draft = problem([
      numeral('Descompón $360$.', 'primeDecomposition', {
        numbers: [{ id: 'num001', latex: '360' }],
        decompType: 'Decomp',
      }),
      numeral('Halla el mcm de $12$ y $18$.', 'primeDecomposition', {
        numbers: [
          { id: 'num002', latex: '12' },
          { id: 'num003', latex: '18' },
        ],
        decompType: 'LCM',
      }),
    ]);
    const variants = variantsOf(draft);
    expectChecked(variants, draft);
    for (const v of variants) {
      const [a, b] = data<'primeDecomposition'>(v, 1).numbers.map((n) => Number(n.latex));
      const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
      expect(gcd(a!, b!)).toBeGreaterThan(1);
      expect(v.problem.numerals[1]!.question).toBe(`Halla el mcm de $${a}$ y $${b}$.`);
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const draft = problem([numeral('Resuelve.', 'solve', solve('2x+3=7', ['x=2']))]);
    const a = makeVariants(draft, { count: 3, seed: 5 });
    const b = makeVariants(draft, { count: 3, seed: 5 });
    const c = makeVariants(draft, { count: 3, seed: 6 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });

  it('keeps a multiple choice as it was, with the numbers it mentions', () => {
    const draft = problem([
      numeral('Resuelve $3x+2=8$.', 'solve', solve('3x+2=8', ['x=2'])),
      {
        ...numeral('¿Cuál es el coeficiente?', 'multipleChoice', null),
        choices: [
          { key: 'choice1', id: 1, text: '$3$', picture: null, correct: true },
          { key: 'choice2', id: 2, text: '$2$', picture: null, correct: false },
        ],
      },
    ]);
    const out = makeVariants(draft, { count: 2, seed: 3 });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.kept).toEqual([
      { numeral: 2, step: null, mathType: 'multipleChoice', reason: 'type-unsupported' },
    ]);
    for (const v of out.variants) expect(data<'solve'>(v).startingExpression).toMatch(/^3x\+/);
  });

  it('changes every worked step and hint with the numbers they use', () => {
    const draft = problem([
      {
        ...numeral('Resuelve $2x+3=7$.', 'solve', solve('2x+3=7', ['x=2']), [
          step('Resta $3$ a ambos lados.', 'solve', solve('2x+3=7', ['x=2'])),
        ]),
        initialHint: 'Empieza por $2x+3-3=7-3$.',
      },
    ]);
    for (const v of variantsOf(draft, 4, 5)) {
      const n = v.problem.numerals[0]!;
      const [, a, b, c] = /\$(\d+)x\+(\d+)=(\d+)\$/.exec(n.question)!.map(Number);
      expect(n.initialHint).toBe(`Empieza por $${a}x+${b}-${b}=${c}-${b}$.`);
      expect(n.steps[0]!.instruction).toBe(`Resta $${b}$ a ambos lados.`);
    }
  });

  it('offers no variant whose worked solution would be false', () => {
    // The step's 4 is 7 − 3, which nothing here computes: a variant must keep the explanation true.
    const draft = problem([
      numeral('Resuelve $2x+3=7$.', 'solve', solve('2x+3=7', ['x=2']), [
        {
          ...step('Despeja: $2x=4$.', 'solve', solve('2x=4', ['x=2'])),
          explanation: 'Porque $2x=7-3=4$, y así $x=2$.',
        },
      ]),
    ]);
    const out = makeVariants(draft, { count: 4, seed: 5 });
    const offered = out.ok ? out.variants : [];
    for (const v of offered) {
      const n = v.problem.numerals[0]!;
      const [, a, b, c] = /\$(\d+)x\+(\d+)=(\d+)\$/.exec(n.question)!.map(Number);
      const [, a2, c2, b2, d] = /\$(\d+)x=(\d+)-(\d+)=(\d+)\$/.exec(n.steps[0]!.explanation)!.map(Number);
      expect([a2, c2, b2, d]).toEqual([a, c, b, c! - b!]);
      expect(n.steps[0]!.explanation).toContain(`$x=${(c! - b!) / a!}$`);
    }
    if (!out.ok) expect(out.error).toBe('none-found');
  });

  it('never gives a new number that equals one the problem keeps', () => {
    const draft = problem([
      numeral('Resuelve $2x+5=11$.', 'solve', solve('2x+5=11', ['x=3'])),
      {
        ...numeral('¿Cuál es $4+1$?', 'multipleChoice', null),
        choices: [
          { key: 'choice1', id: 1, text: '$5$', picture: null, correct: true },
          { key: 'choice2', id: 2, text: '$4$', picture: null, correct: false },
        ],
      },
    ]);
    const out = makeVariants(draft, { count: 8, seed: 9 });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    // The choice keeps 4, 5 and 1; the equation's 5 stays with it, its 2 and 11 change to numbers
    // the problem does not already use for something else.
    for (const v of out.variants) {
      const [, a, b, c] = /^(\d+)x\+(\d+)=(\d+)$/.exec(data<'solve'>(v).startingExpression)!.map(Number);
      expect(b).toBe(5);
      for (const changed of [a, c]) expect([1, 4, 5]).not.toContain(changed);
    }
  });

  it('says which items no variant changed, a numeral whose numbers others keep among them', () => {
    const draft = problem([
      numeral('Resuelve $3x=6$.', 'solve', solve('3x=6', ['x=2'])),
      numeral('Simplifica $3+3$.', 'simplify', simplify('3+3', '6')),
      {
        ...numeral('¿Cuál es el coeficiente, $3$ o $6$?', 'multipleChoice', null),
        choices: [
          { key: 'choice1', id: 1, text: '$3$', picture: null, correct: true },
          { key: 'choice2', id: 2, text: '$6$', picture: null, correct: false },
          { key: 'choice3', id: 3, text: '$2$', picture: null, correct: false },
        ],
      },
      numeral('Simplifica $5+4$.', 'simplify', simplify('5+4', '9')),
    ]);
    const out = makeVariants(draft, { count: 3, seed: 4 });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.kept.map((k) => [k.numeral, k.reason])).toEqual([
      [1, 'unchanged'],
      [2, 'unchanged'],
      [3, 'type-unsupported'],
    ]);
    expect(out.varied.map((v) => v.numeral)).toEqual([4]);
  });

  it('refuses a problem with nothing to vary, and says when no draw fits', () => {
    const plot = problem([numeral('Grafica.', 'plotFunction', { function: 'x^{2}' })]);
    expect(makeVariants(plot, { count: 2 })).toMatchObject({ ok: false, error: 'unsupported' });
    const trig = problem([
      numeral(
        'Resuelve.',
        'solve',
        solve(
          '2\\sin\\left(x\\right)-1=0',
          ['x=\\frac{\\pi}{6}', 'x=\\frac{5\\pi}{6}'],
          '\\left[0,2\\pi\\right)',
        ),
      ),
    ]);
    expect(makeVariants(trig, { count: 1, budgetMs: 3_000 })).toMatchObject({
      ok: false,
      error: 'none-found',
    });
  });

  it('stops at its time budget', () => {
    let clock = 0;
    const draft = problem([numeral('Resuelve.', 'solve', solve('2x+3=7', ['x=2']))]);
    const out = makeVariants(draft, { count: 50, budgetMs: 5, now: () => (clock += 1) });
    expect(out.ok ? out.variants.length : 0).toBeLessThan(50);
  });
});
