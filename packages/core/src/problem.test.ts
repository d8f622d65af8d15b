import { describe, expect, it } from 'vitest';
import { VALID_MATH_TYPE_DATA } from './math-types.fixtures';
import type { MathType } from './math-types';
import {
  NumeralSchema,
  ProblemSchema,
  PublicProblemSchema,
  toPublicProblem,
  type MathTypeContent,
  type Problem,
  type PublicMathTypeContent,
} from './problem';

/** Keys that must never reach a browser, wherever they appear. */
const SECRET_KEYS = [
  'target',
  'targetExpression',
  'definedSolutions',
  'helpingExpression',
  'complementaryEquations',
  'complementaryVariables',
  'correct',
  'pointsList',
  'points',
  'intervals',
  'function',
  'authorId',
  'publishProblem',
];

const SECRET_NUMBERS = [123.25, -987.5, 4321.5, 8765.25];

interface TrustCase {
  mathType: MathType;
  content: MathTypeContent;
  expected: PublicMathTypeContent;
}

const simplify = VALID_MATH_TYPE_DATA.simplify;
const solve = VALID_MATH_TYPE_DATA.solve;
const findExpression = VALID_MATH_TYPE_DATA.findExpression;
const table = VALID_MATH_TYPE_DATA.tableSimple;
const constants = [{ id: 'cons01', latex: 'a' }];

const CASES: TrustCase[] = [
  {
    mathType: 'simplify',
    content: {
      mathType: 'simplify',
      data: {
        ...simplify,
        target: '\\text{SECRET-target}',
        constant: constants,
        complementaryEquations: [{ id: 'comp01', latex: '\\text{SECRET-equation}' }],
        complementaryVariables: [{ id: 'comp02', latex: '\\text{SECRET-variable}' }],
        exactExpr: true,
        interval: '[0,\\text{SECRET-interval})',
      },
    },
    expected: {
      mathType: 'simplify',
      data: {
        startingExpression: simplify.startingExpression,
        constant: constants,
        units: [],
        definedSymbols: [],
        functions: [],
        convertToDegrees: false,
      },
    },
  },
  {
    mathType: 'solve',
    content: {
      mathType: 'solve',
      data: {
        ...solve,
        helpingExpression: '\\text{SECRET-helping}',
        definedSolutions: [
          { id: 'sol001', latex: 'x=\\text{SECRET-solution-1}' },
          { id: 'sol002', latex: 'x=\\text{SECRET-solution-2}' },
        ],
        interval: '[0,\\text{SECRET-interval})',
      },
    },
    expected: {
      mathType: 'solve',
      data: {
        unknownVariable: 'x',
        startingExpression: solve.startingExpression,
        constant: [],
        units: [],
        definedSymbols: [],
        functions: [],
        convertToDegrees: false,
      },
    },
  },
  {
    mathType: 'functions',
    content: { mathType: 'functions', data: VALID_MATH_TYPE_DATA.functions },
    expected: { mathType: 'functions', data: VALID_MATH_TYPE_DATA.functions },
  },
  {
    mathType: 'equationOfALine',
    content: { mathType: 'equationOfALine', data: VALID_MATH_TYPE_DATA.equationOfALine },
    expected: { mathType: 'equationOfALine', data: VALID_MATH_TYPE_DATA.equationOfALine },
  },
  {
    mathType: 'findExpression',
    content: {
      mathType: 'findExpression',
      data: { ...findExpression, targetExpression: '\\text{SECRET-expression}' },
    },
    expected: {
      mathType: 'findExpression',
      data: {
        unknownVariable: 'y',
        definingEquation: findExpression.definingEquation,
        constant: [],
        convertToDegrees: false,
      },
    },
  },
  {
    mathType: 'plotLinearEquation',
    content: { mathType: 'plotLinearEquation', data: { m: 'SECRET-m', b: 'SECRET-b' } },
    expected: { mathType: 'plotLinearEquation', data: {} },
  },
  {
    mathType: 'plotFunction',
    content: { mathType: 'plotFunction', data: { function: '\\text{SECRET-function}' } },
    expected: { mathType: 'plotFunction', data: {} },
  },
  {
    mathType: 'intervals',
    content: {
      mathType: 'intervals',
      data: {
        intervals: [
          [
            { open: false, value: -987.5 },
            { open: true, value: 4321.5 },
          ],
        ],
      },
    },
    expected: { mathType: 'intervals', data: {} },
  },
  {
    mathType: 'multipleChoice',
    content: {
      mathType: 'multipleChoice',
      choices: [
        { id: 12, position: 1, text: '$2$', picture: null, correct: false, numeralId: 1, stepId: null },
        {
          id: 11,
          position: 0,
          text: '$\\frac{1}{2}$',
          picture: 'pic.png',
          correct: true,
          numeralId: 1,
          stepId: null,
        },
      ],
    },
    expected: {
      mathType: 'multipleChoice',
      choices: [
        { id: 11, position: 0, text: '$\\frac{1}{2}$', picture: 'pic.png' },
        { id: 12, position: 1, text: '$2$', picture: null },
      ],
      multipleSelection: false,
    },
  },
  {
    mathType: 'setPointCartesianPlane',
    content: { mathType: 'setPointCartesianPlane', data: { x: 123.25, y: -987.5 } },
    expected: { mathType: 'setPointCartesianPlane', data: {} },
  },
  {
    mathType: 'setMultiPointPlane',
    content: { mathType: 'setMultiPointPlane', data: { pointsList: '(SECRET,1)\n(2,3)' } },
    expected: { mathType: 'setMultiPointPlane', data: {} },
  },
  {
    mathType: 'numberlinePoints',
    content: { mathType: 'numberlinePoints', data: { points: [8765.25, 123.25] } },
    expected: { mathType: 'numberlinePoints', data: {} },
  },
  {
    mathType: 'tableSimple',
    content: {
      mathType: 'tableSimple',
      data: {
        ...table,
        tableData: table.tableData.map((cell) =>
          cell.cellType === 'mathAns' ? { ...cell, cellContent: 'SECRET-cell' } : cell,
        ),
      },
    },
    expected: {
      mathType: 'tableSimple',
      data: {
        ...table,
        tableData: table.tableData.map((cell) =>
          cell.cellType === 'mathAns' ? { ...cell, cellContent: '' } : cell,
        ),
      },
    },
  },
  {
    mathType: 'primeDecomposition',
    content: { mathType: 'primeDecomposition', data: VALID_MATH_TYPE_DATA.primeDecomposition },
    expected: { mathType: 'primeDecomposition', data: VALID_MATH_TYPE_DATA.primeDecomposition },
  },
];

function problemWith(content: MathTypeContent): Problem {
  return ProblemSchema.parse({
    id: 1,
    title: 'Problema',
    description: 'Descripción',
    language: 'es',
    subtopicId: 3,
    topicId: 2,
    authorId: 78,
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        id: 1,
        problemId: 1,
        number: 1,
        question: 'Pregunta $x$',
        calculator: true,
        ...content,
        steps: [
          {
            id: 1,
            numeralId: 1,
            number: 0,
            instruction: 'Paso',
            explanation: 'Explicación',
            picture: null,
            videoS3: null,
            calculator: false,
            ...content,
          },
        ],
      },
    ],
  });
}

function keysOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    value.forEach((item) => keysOf(item, found));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      found.add(key);
      keysOf(item, found);
    }
  }
  return found;
}

describe('toPublicProblem', () => {
  it('covers every math type in the trust cases', () => {
    expect(new Set(CASES.map((testCase) => testCase.mathType)).size).toBe(14);
  });

  it.each(CASES)('a $mathType numeral and its step reveal nothing secret', ({ content, expected }) => {
    const publicProblem = toPublicProblem(problemWith(content));
    const json = JSON.stringify(publicProblem);

    expect(json).not.toContain('SECRET');
    for (const secret of SECRET_NUMBERS) expect(json).not.toContain(String(secret));
    const keys = keysOf(publicProblem);
    for (const key of SECRET_KEYS) expect(keys.has(key), `key ${key}`).toBe(false);

    const [numeral] = publicProblem.numerals;
    const {
      steps,
      id,
      problemId,
      number,
      question,
      initialHint,
      hintPicture,
      picture,
      videoS3,
      calculator,
      ...numeralContent
    } = numeral ?? expect.unreachable('the problem has a numeral');
    expect(numeralContent).toEqual(expected);
    expect({
      id,
      problemId,
      number,
      question,
      initialHint,
      hintPicture,
      picture,
      videoS3,
      calculator,
    }).toEqual({
      id: 1,
      problemId: 1,
      number: 1,
      question: 'Pregunta $x$',
      initialHint: null,
      hintPicture: null,
      picture: null,
      videoS3: null,
      calculator: true,
    });
    const [step] = steps;
    expect(step).toEqual({
      id: 1,
      numeralId: 1,
      number: 0,
      instruction: 'Paso',
      explanation: 'Explicación',
      picture: null,
      videoS3: null,
      calculator: false,
      ...expected,
    });
    expect(PublicProblemSchema.safeParse(publicProblem).success).toBe(true);
  });

  it.each(CASES)('a $mathType numeral without data stays without data', ({ mathType }) => {
    const content = NumeralSchema.parse({
      id: 1,
      problemId: 1,
      number: 1,
      question: '',
      calculator: false,
      mathType,
    });
    const problem = problemWith(content);
    const [numeral] = toPublicProblem(problem).numerals;
    if (numeral?.mathType === 'multipleChoice') {
      expect(numeral.choices).toEqual([]);
      expect(numeral.multipleSelection).toBe(false);
    } else {
      expect(numeral?.data).toBeNull();
    }
  });

  it.each([
    ['one correct choice', [true, false, false], false],
    ['two correct choices', [true, false, true], true],
  ])('with %s, offers multiple selection: %s', (_title, flags, expected) => {
    const problem = problemWith({
      mathType: 'multipleChoice',
      choices: flags.map((correct, index) => ({
        id: index + 1,
        position: index,
        text: `$${index}$`,
        picture: null,
        correct,
        numeralId: 1,
        stepId: null,
      })),
    });
    const [numeral] = toPublicProblem(problem).numerals;
    expect(numeral?.mathType === 'multipleChoice' && numeral.multipleSelection).toBe(expected);
  });

  it('keeps the problem fields a solver shows and drops the author and the draft flag', () => {
    const publicProblem = toPublicProblem(problemWith({ mathType: 'plotFunction', data: null }));
    expect(Object.keys(publicProblem).sort()).toEqual(
      [
        'id',
        'title',
        'description',
        'language',
        'picture',
        'subtopicId',
        'topicId',
        'numeration',
        'videoS3',
        'calculator',
        'numerals',
      ].sort(),
    );
  });

  it('orders numerals and steps by number and leaves the input unchanged', () => {
    const base = problemWith({ mathType: 'plotFunction', data: null });
    const [first] = base.numerals;
    if (!first) throw new Error('fixture has a numeral');
    const [firstStep] = first.steps;
    if (!firstStep) throw new Error('fixture has a step');
    const problem: Problem = {
      ...base,
      numerals: [
        { ...first, id: 2, number: 2, steps: [{ ...firstStep, id: 5, number: 1 }, firstStep] },
        first,
      ],
    };
    const snapshot = structuredClone(problem);
    const publicProblem = toPublicProblem(problem);
    expect(publicProblem.numerals.map((numeral) => numeral.id)).toEqual([1, 2]);
    expect(publicProblem.numerals[1]?.steps.map((step) => step.id)).toEqual([1, 5]);
    expect(problem).toEqual(snapshot);
  });

  it('does not copy a field it does not know, even one smuggled in at run time', () => {
    const problem = problemWith({ mathType: 'functions', data: VALID_MATH_TYPE_DATA.functions });
    const smuggled = { ...problem, secretNote: 'SECRET-note' } as Problem;
    expect(JSON.stringify(toPublicProblem(smuggled))).not.toContain('SECRET');
  });
});

describe('ProblemSchema', () => {
  it('fills defaults for optional fields', () => {
    const problem = problemWith({ mathType: 'plotFunction', data: null });
    expect(problem.picture).toBeNull();
    expect(problem.numeration).toBeNull();
    expect(problem.numerals[0]?.initialHint).toBeNull();
  });

  it.each<[string, Record<string, unknown>]>([
    ['a language other than es or en', { language: 'fr' }],
    ['an empty title', { title: '' }],
    ['a title of 501 characters', { title: 'x'.repeat(501) }],
    ['a text author id', { authorId: '78' }],
  ])('refuses %s', (_title, override) => {
    const problem = problemWith({ mathType: 'plotFunction', data: null });
    expect(ProblemSchema.safeParse({ ...problem, ...override }).success).toBe(false);
  });

  it('refuses a numeral whose data does not match its math type', () => {
    const numeral = {
      id: 1,
      problemId: 1,
      number: 1,
      question: '',
      calculator: false,
      mathType: 'solve',
      data: VALID_MATH_TYPE_DATA.plotFunction,
    };
    expect(NumeralSchema.safeParse(numeral).success).toBe(false);
  });
});
