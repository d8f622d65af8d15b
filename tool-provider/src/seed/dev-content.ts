import type {
  EquationOfALineData,
  ExpressionList,
  FindExpressionData,
  FunctionsData,
  Interval,
  Language,
  MathType,
  MathTypeData,
  MathTypeDataOf,
  PrimeDecompositionData,
  PrimeDecompositionType,
  SimplifyData,
  SolveData,
  TableCell,
  TableSimpleData,
} from '@kib/core';

/*
 * The development seed CONTENT: courses, topics, subtopics and problems as typed data, with
 * mathematically correct records for all fourteen math types. Writing it to the database is
 * dev-seed's job; this file only describes it. LaTeX is written as MathLive writes it.
 */

/** A course and the keys of its topics (a topic may belong to several courses). */
export interface SeedCourse {
  key: string;
  name: string;
  nameSpanish: string;
  topicKeys: string[];
  /** Shown in the demo mode (no account). */
  inDemo?: boolean;
}

/** A subtopic of a topic, named in English and Spanish. */
export interface SeedSubtopic {
  key: string;
  name: string;
  nameSpanish: string;
}

/** A topic with its subtopics, named in English and Spanish. */
export interface SeedTopic {
  key: string;
  name: string;
  nameSpanish: string;
  subtopics: SeedSubtopic[];
}

/** A multiple-choice option of the seed (text with math between dollar signs; no picture). */
export interface SeedChoice {
  text: string;
  correct: boolean;
}

type DataMathType = Exclude<MathType, 'multipleChoice'>;

/**
 * What a seed numeral or step asks: a math type with its data record (type-checked against the
 * math type), or multipleChoice with `choices` instead of `data`. The absent member is typed
 * `never` so that `item.data` and `item.choices` can be read on any variant.
 */
export type SeedMathContent =
  | { [K in DataMathType]: { mathType: K; data: MathTypeDataOf<K>; choices?: never } }[DataMathType]
  | { mathType: 'multipleChoice'; choices: SeedChoice[]; data?: never };

/** A step of a seed numeral: numbered from 0 (shown as number + 1), with its own math type. */
export type SeedStep = {
  number: number;
  instruction: string;
  explanation: string;
} & SeedMathContent;

/**
 * The files the development content shows, by the key each is stored under, and the file in
 * `src/seed/media/` that holds its bytes (the seed puts them into the configured storage).
 */
export const SEED_MEDIA = {
  'kibSeedParabolaX2m4.png': { file: 'parabola.png', kind: 'picture', contentType: 'image/png' },
  'kibSeedEvaluateVideo.mp4': { file: 'kib-demo.mp4', kind: 'video', contentType: 'video/mp4' },
} as const;

/** The key of a file of {@link SEED_MEDIA}. */
export type SeedMediaKey = keyof typeof SEED_MEDIA;

/** A numeral of a seed problem: numbered from 1, optionally with a hint and steps. */
export type SeedNumeral = {
  number: number;
  question: string;
  initialHint?: string;
  calculator?: boolean;
  /** A video of {@link SEED_MEDIA} the numeral shows. */
  videoS3?: SeedMediaKey;
  steps?: SeedStep[];
} & SeedMathContent;

/** A seed problem, linked to its topic and subtopic by key. */
export interface SeedProblem {
  key: string;
  title: string;
  description: string;
  language: Language;
  topicKey: string;
  subtopicKey: string;
  numeration: string | null;
  publishProblem: boolean;
  calculator: boolean;
  /** A picture of {@link SEED_MEDIA} the problem shows. */
  picture?: SeedMediaKey;
  numerals: SeedNumeral[];
}

/** The whole development content. */
export interface SeedContent {
  courses: SeedCourse[];
  topics: SeedTopic[];
  problems: SeedProblem[];
}

/**
 * The full math-type record of a seed numeral or step, as `MathTypeDataSchema` accepts it: for
 * multipleChoice, the choices with no picture.
 */
export function toMathTypeData(content: SeedMathContent): MathTypeData {
  if (content.mathType === 'multipleChoice') {
    return {
      mathType: 'multipleChoice',
      data: {
        choices: content.choices.map((choice) => ({
          text: choice.text,
          picture: null,
          correct: choice.correct,
        })),
      },
    };
  }
  // Every other variant already is a `{ mathType, data }` pair of the same types.
  return content;
}

const tex = String.raw;

let expressionCount = 0;

/** An expression list with deterministic six-character ids (`dx0001`, `dx0002`…). */
function expressions(...latex: string[]): ExpressionList {
  return latex.map((value) => {
    expressionCount += 1;
    return { id: `dx${expressionCount.toString(36).padStart(4, '0')}`, latex: value };
  });
}

function simplify(
  startingExpression: string,
  target: string,
  options: Partial<Omit<SimplifyData, 'startingExpression' | 'target'>> = {},
): SimplifyData {
  return {
    startingExpression,
    target,
    constant: [],
    units: [],
    definedSymbols: [],
    functions: [],
    complementaryEquations: [],
    complementaryVariables: [],
    convertToDegrees: false,
    exactExpr: true,
    interval: null,
    ...options,
  };
}

function solve(
  startingExpression: string,
  solutions: string[],
  options: Partial<Omit<SolveData, 'startingExpression' | 'definedSolutions'>> = {},
): SolveData {
  return {
    unknownVariable: 'x',
    startingExpression,
    helpingExpression: null,
    constant: [],
    units: [],
    definedSymbols: [],
    functions: [],
    definedSolutions: expressions(...solutions),
    convertToDegrees: false,
    interval: null,
    ...options,
  };
}

function line(
  [x1, y1]: [string, string],
  [x2, y2]: [string, string],
  flags: Pick<EquationOfALineData, 'mGiven' | 'bGiven' | 'findM' | 'findB' | 'findEquation'>,
): EquationOfALineData {
  return { x1, y1, x2, y2, xSymbol: 'x', ySymbol: 'y', mSymbol: 'm', bSymbol: 'b', ...flags };
}

function evaluate(functionExpr: string, given: { x: string } | { y: string }): FunctionsData {
  return {
    functionExpr,
    xValue: 'x' in given ? given.x : null,
    yValue: 'y' in given ? given.y : null,
    convertToDegrees: false,
  };
}

function findExpression(
  unknownVariable: string,
  definingEquation: string,
  targetExpression: string,
  constant: ExpressionList = [],
): FindExpressionData {
  return { unknownVariable, targetExpression, definingEquation, constant, convertToDegrees: false };
}

function primes(decompType: PrimeDecompositionType, ...numbers: number[]): PrimeDecompositionData {
  return { numbers: expressions(...numbers.map(String)), decompType };
}

/** An interval from two ends; `[` / `]` closed, `(` / `)` open. */
function interval(
  left: '(' | '[',
  from: number | 'minusInf',
  to: number | 'inf',
  right: ')' | ']',
): Interval {
  return [
    { open: left === '(', value: from },
    { open: right === ')', value: to },
  ];
}

/** A two-column table: a header row, then one row per [given x, expected answer]. */
function valueTable(headers: [string, string], rows: [string, string][]): TableSimpleData {
  const tableData: TableCell[] = [
    { rIndex: 0, cIndex: 0, cellType: 'headerText', cellContent: headers[0] },
    { rIndex: 0, cIndex: 1, cellType: 'headerText', cellContent: headers[1] },
  ];
  rows.forEach(([given, answer], index) => {
    tableData.push(
      { rIndex: index + 1, cIndex: 0, cellType: 'text', cellContent: given },
      { rIndex: index + 1, cIndex: 1, cellType: 'mathAns', cellContent: answer },
    );
  });
  return { constant: [], interval: false, numRows: rows.length + 1, numColumns: 2, tableData };
}

const COURSES: SeedCourse[] = [
  {
    key: 'algebra',
    name: 'Algebra',
    nameSpanish: 'Álgebra',
    inDemo: true,
    topicKeys: [
      'arithmetic',
      'algebraic-expressions',
      'equations',
      'inequalities',
      'cartesian-plane',
      'linear-functions',
      'functions',
    ],
  },
  {
    key: 'trigonometry',
    name: 'Trigonometry',
    nameSpanish: 'Trigonometría',
    topicKeys: ['trigonometric-functions', 'functions', 'cartesian-plane', 'equations'],
  },
  {
    key: 'calculus',
    name: 'Calculus',
    nameSpanish: 'Cálculo',
    topicKeys: ['functions', 'inequalities', 'limits', 'derivatives'],
  },
];

const TOPICS: SeedTopic[] = [
  {
    key: 'arithmetic',
    name: 'Arithmetic',
    nameSpanish: 'Aritmética',
    subtopics: [
      {
        key: 'prime-factorization',
        name: 'Prime factorization',
        nameSpanish: 'Descomposición en factores primos',
      },
      {
        key: 'lcm-gcd',
        name: 'Least common multiple and greatest common divisor',
        nameSpanish: 'Mínimo común múltiplo y máximo común divisor',
      },
      { key: 'fractions', name: 'Fractions', nameSpanish: 'Fracciones' },
    ],
  },
  {
    key: 'algebraic-expressions',
    name: 'Algebraic expressions',
    nameSpanish: 'Expresiones algebraicas',
    subtopics: [
      {
        key: 'simplifying-expressions',
        name: 'Simplifying expressions',
        nameSpanish: 'Simplificación de expresiones',
      },
      { key: 'factoring', name: 'Factoring', nameSpanish: 'Factorización' },
      { key: 'rational-expressions', name: 'Rational expressions', nameSpanish: 'Expresiones racionales' },
    ],
  },
  {
    key: 'equations',
    name: 'Equations',
    nameSpanish: 'Ecuaciones',
    subtopics: [
      { key: 'linear-equations', name: 'Linear equations', nameSpanish: 'Ecuaciones lineales' },
      { key: 'quadratic-equations', name: 'Quadratic equations', nameSpanish: 'Ecuaciones cuadráticas' },
      { key: 'solving-for-a-variable', name: 'Solving for a variable', nameSpanish: 'Despeje de variables' },
    ],
  },
  {
    key: 'inequalities',
    name: 'Inequalities',
    nameSpanish: 'Desigualdades',
    subtopics: [
      { key: 'linear-inequalities', name: 'Linear inequalities', nameSpanish: 'Desigualdades lineales' },
      {
        key: 'absolute-value-inequalities',
        name: 'Absolute value inequalities',
        nameSpanish: 'Desigualdades con valor absoluto',
      },
      { key: 'interval-notation', name: 'Interval notation', nameSpanish: 'Notación de intervalos' },
    ],
  },
  {
    key: 'cartesian-plane',
    name: 'The Cartesian plane',
    nameSpanish: 'El plano cartesiano',
    subtopics: [
      { key: 'points-in-the-plane', name: 'Points in the plane', nameSpanish: 'Puntos en el plano' },
      { key: 'number-line', name: 'The number line', nameSpanish: 'La recta numérica' },
    ],
  },
  {
    key: 'linear-functions',
    name: 'Linear functions',
    nameSpanish: 'Funciones lineales',
    subtopics: [
      { key: 'slope', name: 'Slope of a line', nameSpanish: 'Pendiente de una recta' },
      { key: 'equation-of-a-line', name: 'Equation of a line', nameSpanish: 'Ecuación de la recta' },
      { key: 'graphing-lines', name: 'Graphing lines', nameSpanish: 'Gráficas de rectas' },
    ],
  },
  {
    key: 'functions',
    name: 'Functions',
    nameSpanish: 'Funciones',
    subtopics: [
      { key: 'evaluating-functions', name: 'Evaluating functions', nameSpanish: 'Evaluación de funciones' },
      { key: 'function-graphs', name: 'Graphs of functions', nameSpanish: 'Gráficas de funciones' },
      { key: 'tables-of-values', name: 'Tables of values', nameSpanish: 'Tablas de valores' },
    ],
  },
  {
    key: 'trigonometric-functions',
    name: 'Trigonometric functions',
    nameSpanish: 'Funciones trigonométricas',
    subtopics: [
      { key: 'trigonometric-ratios', name: 'Trigonometric ratios', nameSpanish: 'Razones trigonométricas' },
      {
        key: 'periodic-function-graphs',
        name: 'Graphs of periodic functions',
        nameSpanish: 'Gráficas de funciones periódicas',
      },
      {
        key: 'trigonometric-identities',
        name: 'Trigonometric identities',
        nameSpanish: 'Identidades trigonométricas',
      },
      {
        key: 'trigonometric-equations',
        name: 'Trigonometric equations',
        nameSpanish: 'Ecuaciones trigonométricas',
      },
    ],
  },
  {
    key: 'limits',
    name: 'Limits',
    nameSpanish: 'Límites',
    subtopics: [
      { key: 'limits-by-factoring', name: 'Limits by factoring', nameSpanish: 'Límites por factorización' },
      {
        key: 'limits-of-polynomials',
        name: 'Limits of polynomials',
        nameSpanish: 'Límites de polinomios',
      },
    ],
  },
  {
    key: 'derivatives',
    name: 'Derivatives',
    nameSpanish: 'Derivadas',
    subtopics: [
      { key: 'tangent-lines', name: 'Tangent lines', nameSpanish: 'Rectas tangentes' },
      { key: 'differentiation-rules', name: 'Differentiation rules', nameSpanish: 'Reglas de derivación' },
    ],
  },
];

const PROBLEMS: SeedProblem[] = [
  // ---- The demo module: module-1 … module-4 (short, published, text and graphical types). ----
  {
    key: 'module-1',
    title: 'Simplificar una expresión racional',
    description: tex`Factoriza y simplifica. Supón que $x\neq1$.`,
    language: 'es',
    topicKey: 'algebraic-expressions',
    subtopicKey: 'rational-expressions',
    numeration: '1',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Simplifica $\frac{x^{2}-1}{x-1}$.`,
        initialHint: tex`El numerador es una diferencia de cuadrados.`,
        mathType: 'simplify',
        data: simplify(tex`\frac{x^{2}-1}{x-1}`, tex`x+1`),
        steps: [
          {
            number: 0,
            instruction: tex`Factoriza el numerador $x^{2}-1$.`,
            explanation: tex`Una diferencia de cuadrados se factoriza así: $a^{2}-b^{2}=\left(a-b\right)\left(a+b\right)$.`,
            mathType: 'simplify',
            data: simplify(tex`x^{2}-1`, tex`\left(x-1\right)\left(x+1\right)`),
          },
          {
            number: 1,
            instruction: tex`Cancela el factor común del numerador y del denominador.`,
            explanation: tex`Como $x\neq1$, el factor $x-1$ no es cero y se puede cancelar.`,
            mathType: 'simplify',
            data: simplify(tex`\frac{\left(x-1\right)\left(x+1\right)}{x-1}`, tex`x+1`),
          },
        ],
      },
    ],
  },
  {
    key: 'module-2',
    title: 'Gráfica de una recta',
    description: tex`Trabaja con la recta $y=2x-1$.`,
    language: 'es',
    topicKey: 'linear-functions',
    subtopicKey: 'graphing-lines',
    numeration: '2',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Grafica la recta $y=2x-1$ ubicando dos de sus puntos.`,
        mathType: 'plotLinearEquation',
        data: { m: '2', b: '-1' },
      },
      {
        number: 2,
        question: tex`Ubica el punto donde la recta $y=2x-1$ corta el eje $y$.`,
        mathType: 'setPointCartesianPlane',
        data: { x: 0, y: -1 },
      },
    ],
  },
  {
    key: 'module-3',
    title: 'Desigualdad con valor absoluto',
    description: 'Representa el conjunto solución en la recta numérica.',
    language: 'es',
    topicKey: 'inequalities',
    subtopicKey: 'absolute-value-inequalities',
    numeration: '3',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Resuelve $\left|x\right|>2$ y marca los intervalos de la solución en la recta numérica.`,
        mathType: 'intervals',
        data: { intervals: [interval('(', 'minusInf', -2, ')'), interval('(', 2, 'inf', ')')] },
      },
    ],
  },
  {
    key: 'module-4',
    title: 'Ecuación lineal',
    description: 'Resuelve la ecuación y ubica su solución en la recta numérica.',
    language: 'es',
    topicKey: 'equations',
    subtopicKey: 'linear-equations',
    numeration: '4',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Resuelve $2x+3=7$.`,
        initialHint: tex`Resta $3$ a ambos lados de la ecuación.`,
        mathType: 'solve',
        data: solve(tex`2x+3=7`, [tex`x=2`]),
      },
      {
        number: 2,
        question: tex`Ubica en la recta numérica la solución de $2x+3=7$.`,
        mathType: 'numberlinePoints',
        data: { points: [2] },
      },
    ],
  },
  // ---- The rest of the catalogue. ----
  {
    key: 'prime-factorization',
    title: 'Descomposición en factores primos',
    description: tex`Divide sucesivamente entre números primos hasta llegar a $1$.`,
    language: 'es',
    topicKey: 'arithmetic',
    subtopicKey: 'prime-factorization',
    numeration: '5',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Descompón $360$ en factores primos.`,
        mathType: 'primeDecomposition',
        data: primes('Decomp', 360),
      },
      {
        number: 2,
        question: tex`Descompón $84$ en factores primos.`,
        mathType: 'primeDecomposition',
        data: primes('Decomp', 84),
      },
    ],
  },
  {
    key: 'lcm-gcd',
    title: 'Mínimo común múltiplo y máximo común divisor',
    description: 'Usa la descomposición en factores primos.',
    language: 'es',
    topicKey: 'arithmetic',
    subtopicKey: 'lcm-gcd',
    numeration: '6',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Halla el mínimo común múltiplo de $12$ y $18$.`,
        mathType: 'primeDecomposition',
        data: primes('LCM', 12, 18),
        steps: [
          {
            number: 0,
            instruction: tex`Descompón $12$ en factores primos.`,
            explanation: 'Divide entre el menor primo posible hasta llegar a 1.',
            mathType: 'primeDecomposition',
            data: primes('Decomp', 12),
          },
          {
            number: 1,
            instruction: tex`Descompón $18$ en factores primos.`,
            explanation: 'Divide entre el menor primo posible hasta llegar a 1.',
            mathType: 'primeDecomposition',
            data: primes('Decomp', 18),
          },
          {
            number: 2,
            instruction: 'Elige el mínimo común múltiplo.',
            explanation: tex`El mínimo común múltiplo toma cada factor primo con su mayor exponente, por ejemplo $2^{2}\cdot3^{2}$ para $12=2^{2}\cdot3$ y $18=2\cdot3^{2}$.`,
            mathType: 'multipleChoice',
            choices: [
              { text: '$36$', correct: true },
              { text: '$6$', correct: false },
              { text: '$72$', correct: false },
              { text: '$216$', correct: false },
            ],
          },
        ],
      },
      {
        number: 2,
        question: tex`Halla el máximo común divisor de $48$ y $36$.`,
        mathType: 'primeDecomposition',
        data: primes('GCD', 48, 36),
      },
    ],
  },
  {
    key: 'quadratic-by-factoring',
    title: 'Ecuación cuadrática por factorización',
    description: 'Factoriza el trinomio y usa la propiedad del producto cero.',
    language: 'es',
    topicKey: 'equations',
    subtopicKey: 'quadratic-equations',
    numeration: '7',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Resuelve $x^{2}-5x+6=0$.`,
        initialHint: tex`Busca dos números cuyo producto sea $6$ y cuya suma sea $-5$.`,
        mathType: 'solve',
        data: solve(tex`x^{2}-5x+6=0`, [tex`x=2`, tex`x=3`]),
        steps: [
          {
            number: 0,
            instruction: tex`Factoriza el trinomio $x^{2}-5x+6$.`,
            explanation: tex`Un trinomio $x^{2}+px+q$ se factoriza como $\left(x+r\right)\left(x+s\right)$ cuando $r+s=p$ y $r\cdot s=q$.`,
            mathType: 'simplify',
            data: simplify(tex`x^{2}-5x+6`, tex`\left(x-2\right)\left(x-3\right)`),
          },
          {
            number: 1,
            instruction: 'Iguala cada factor a cero y resuelve.',
            explanation: 'Un producto es cero solo si alguno de sus factores es cero.',
            mathType: 'solve',
            data: solve(tex`\left(x-2\right)\left(x-3\right)=0`, [tex`x=2`, tex`x=3`]),
          },
          {
            number: 2,
            instruction: 'Ubica las soluciones en la recta numérica.',
            explanation: 'Marca un punto por cada solución.',
            mathType: 'numberlinePoints',
            data: { points: [2, 3] },
          },
        ],
      },
    ],
  },
  {
    key: 'line-through-two-points',
    title: 'Ecuación de la recta que pasa por dos puntos',
    description: tex`Considera los puntos $A\left(1,3\right)$ y $B\left(3,7\right)$.`,
    language: 'es',
    topicKey: 'linear-functions',
    subtopicKey: 'equation-of-a-line',
    numeration: '8',
    publishProblem: true,
    calculator: true,
    numerals: [
      {
        number: 1,
        question: tex`Halla la pendiente $m$, el intercepto $b$ y la ecuación de la recta que pasa por $A$ y $B$.`,
        mathType: 'equationOfALine',
        data: line(['1', '3'], ['3', '7'], {
          mGiven: false,
          bGiven: false,
          findM: true,
          findB: true,
          findEquation: true,
        }),
        steps: [
          {
            number: 0,
            instruction: tex`Calcula la pendiente $m=\frac{y_{2}-y_{1}}{x_{2}-x_{1}}$.`,
            explanation: 'Resta las coordenadas y, resta las coordenadas x en el mismo orden y divide.',
            mathType: 'equationOfALine',
            data: line(['1', '3'], ['3', '7'], {
              mGiven: false,
              bGiven: false,
              findM: true,
              findB: false,
              findEquation: false,
            }),
          },
          {
            number: 1,
            instruction: tex`Con la pendiente, calcula el intercepto $b$.`,
            explanation: tex`Reemplaza las coordenadas de $A$ en $y=mx+b$ y despeja $b$.`,
            mathType: 'equationOfALine',
            data: line(['1', '3'], ['3', '7'], {
              mGiven: true,
              bGiven: false,
              findM: false,
              findB: true,
              findEquation: false,
            }),
          },
          {
            number: 2,
            instruction: 'Escribe la ecuación de la recta.',
            explanation: tex`Sustituye $m$ y $b$ en $y=mx+b$.`,
            mathType: 'equationOfALine',
            data: line(['1', '3'], ['3', '7'], {
              mGiven: true,
              bGiven: true,
              findM: false,
              findB: false,
              findEquation: true,
            }),
          },
        ],
      },
    ],
  },
  {
    key: 'evaluating-functions',
    title: 'Evaluación de funciones',
    description: 'Evalúa la función o busca los valores de la variable.',
    language: 'es',
    topicKey: 'functions',
    subtopicKey: 'evaluating-functions',
    numeration: '9',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Si $f(x)=2x+1$, calcula $f(3)$.`,
        initialHint: tex`Reemplaza $x$ por $3$.`,
        mathType: 'functions',
        data: evaluate(tex`f(x)=2x+1`, { x: '3' }),
      },
      {
        number: 2,
        question: tex`Si $g(x)=x^{2}-4$, halla los valores de $x$ para los que $g(x)=5$.`,
        mathType: 'functions',
        data: evaluate(tex`g(x)=x^{2}-4`, { y: '5' }),
      },
    ],
  },
  {
    key: 'table-of-values',
    title: 'Tabla de valores de una función lineal',
    description: tex`Completa la tabla de la función $y=2x+1$.`,
    language: 'es',
    topicKey: 'functions',
    subtopicKey: 'tables-of-values',
    numeration: '10',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Completa la tabla de valores de $y=2x+1$.`,
        mathType: 'tableSimple',
        data: valueTable(
          ['$x$', '$y=2x+1$'],
          [
            ['$-1$', '-1'],
            ['$0$', '1'],
            ['$1$', '3'],
            ['$2$', '5'],
          ],
        ),
      },
    ],
  },
  {
    key: 'sine-graph',
    title: 'Gráfica de la función seno',
    description: tex`Dibuja las gráficas en el intervalo $\left[0,2\pi\right]$.`,
    language: 'es',
    topicKey: 'trigonometric-functions',
    subtopicKey: 'periodic-function-graphs',
    numeration: '11',
    publishProblem: true,
    calculator: true,
    numerals: [
      {
        number: 1,
        question: tex`Dibuja la gráfica de $f(x)=\sin\left(x\right)$.`,
        mathType: 'plotFunction',
        data: { function: tex`\sin\left(x\right)` },
      },
      {
        number: 2,
        question: tex`Dibuja la gráfica de $g(x)=2\sin\left(x\right)$.`,
        mathType: 'plotFunction',
        data: { function: tex`2\sin\left(x\right)` },
      },
    ],
  },
  {
    key: 'trigonometric-identities',
    title: 'Identidades trigonométricas',
    description: 'Usa las identidades fundamentales para simplificar.',
    language: 'es',
    topicKey: 'trigonometric-functions',
    subtopicKey: 'trigonometric-identities',
    numeration: '12',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Simplifica $\sin^{2}\left(x\right)+\cos^{2}\left(x\right)+\tan\left(x\right)\cos\left(x\right)$.`,
        initialHint: tex`Recuerda que $\sin^{2}\left(x\right)+\cos^{2}\left(x\right)=1$ y que $\tan\left(x\right)=\frac{\sin\left(x\right)}{\cos\left(x\right)}$.`,
        mathType: 'simplify',
        data: simplify(
          tex`\sin^{2}\left(x\right)+\cos^{2}\left(x\right)+\tan\left(x\right)\cos\left(x\right)`,
          tex`1+\sin\left(x\right)`,
        ),
      },
      {
        number: 2,
        question: tex`Simplifica $\frac{\sin\left(x\right)}{\tan\left(x\right)}$.`,
        mathType: 'simplify',
        data: simplify(tex`\frac{\sin\left(x\right)}{\tan\left(x\right)}`, tex`\cos\left(x\right)`),
      },
    ],
  },
  {
    key: 'trigonometric-equations',
    title: 'Ecuaciones trigonométricas',
    description: 'Resuelve y reconoce los valores de las razones trigonométricas.',
    language: 'es',
    topicKey: 'trigonometric-functions',
    subtopicKey: 'trigonometric-equations',
    numeration: '13',
    publishProblem: true,
    calculator: true,
    numerals: [
      {
        number: 1,
        question: tex`Resuelve $2\sin\left(x\right)-1=0$ para $x$ en el intervalo $\left[0,2\pi\right)$.`,
        mathType: 'solve',
        data: solve(tex`2\sin\left(x\right)-1=0`, [tex`x=\frac{\pi}{6}`, tex`x=\frac{5\pi}{6}`], {
          interval: tex`\left[0,2\pi\right)`,
        }),
      },
      {
        number: 2,
        question: tex`¿Cuál es el valor de $\sin\left(30^{\circ}\right)$?`,
        mathType: 'multipleChoice',
        choices: [
          { text: tex`$\frac{1}{2}$`, correct: true },
          { text: tex`$\frac{\sqrt{3}}{2}$`, correct: false },
          { text: tex`$\frac{\sqrt{2}}{2}$`, correct: false },
          { text: '$1$', correct: false },
        ],
      },
      {
        number: 3,
        question: tex`¿Cuáles de estos valores de $x$ cumplen $\cos\left(x\right)=0$?`,
        mathType: 'multipleChoice',
        choices: [
          { text: tex`$\frac{\pi}{2}$`, correct: true },
          { text: tex`$\pi$`, correct: false },
          { text: tex`$\frac{3\pi}{2}$`, correct: true },
          { text: '$0$', correct: false },
        ],
      },
    ],
  },
  {
    key: 'solving-for-a-variable',
    title: 'Despeje de variables',
    description: 'Expresa la variable pedida en términos de las demás.',
    language: 'es',
    topicKey: 'equations',
    subtopicKey: 'solving-for-a-variable',
    numeration: '14',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Despeja $y$ de la ecuación $2x+3y=6$.`,
        mathType: 'findExpression',
        data: findExpression('y', tex`2x+3y=6`, tex`\frac{6-2x}{3}`),
      },
      {
        number: 2,
        question: tex`Despeja $x$ de la ecuación $ax+b=c$, donde $a$, $b$ y $c$ son constantes y $a\neq0$.`,
        mathType: 'findExpression',
        data: findExpression('x', tex`ax+b=c`, tex`\frac{c-b}{a}`, expressions('a', 'b', 'c')),
      },
    ],
  },
  {
    key: 'points-of-a-parabola',
    title: 'Puntos de una parábola',
    description: tex`Ubica en el plano cartesiano puntos de la gráfica de $y=x^{2}$.`,
    language: 'es',
    topicKey: 'cartesian-plane',
    subtopicKey: 'points-in-the-plane',
    numeration: '15',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Ubica los puntos de la gráfica de $y=x^{2}$ cuyas abscisas son $-1$, $0$ y $1$.`,
        mathType: 'setMultiPointPlane',
        data: { pointsList: '(-1,1)\n(0,0)\n(1,1)' },
      },
      {
        number: 2,
        question: tex`Ubica el punto de la gráfica de $y=x^{2}$ cuya abscisa es $2$.`,
        mathType: 'setPointCartesianPlane',
        data: { x: 2, y: 4 },
      },
    ],
  },
  {
    key: 'parabola-sign',
    title: 'Gráfica y signo de una parábola',
    description: tex`Estudia la función $f(x)=x^{2}-4$.`,
    language: 'es',
    topicKey: 'functions',
    subtopicKey: 'function-graphs',
    numeration: '16',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Dibuja la gráfica de $f(x)=x^{2}-4$.`,
        mathType: 'plotFunction',
        data: { function: tex`x^{2}-4` },
      },
      {
        number: 2,
        question: tex`Ubica en la recta numérica los ceros de $f(x)=x^{2}-4$.`,
        mathType: 'numberlinePoints',
        data: { points: [-2, 2] },
      },
      {
        number: 3,
        question: tex`Marca en la recta numérica los valores de $x$ para los que $f(x)<0$.`,
        mathType: 'intervals',
        data: { intervals: [interval('(', -2, 2, ')')] },
      },
    ],
  },
  {
    key: 'slope-of-a-line',
    title: 'Slope of a line',
    description: tex`Consider the points $P\left(-2,5\right)$ and $Q\left(2,-3\right)$.`,
    language: 'en',
    topicKey: 'linear-functions',
    subtopicKey: 'slope',
    numeration: '17',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Find the slope of the line through $P$ and $Q$.`,
        initialHint: tex`Use $m=\frac{y_{2}-y_{1}}{x_{2}-x_{1}}$.`,
        mathType: 'equationOfALine',
        data: line(['-2', '5'], ['2', '-3'], {
          mGiven: false,
          bGiven: false,
          findM: true,
          findB: false,
          findEquation: false,
        }),
      },
      {
        number: 2,
        question: tex`Find the equation of the line through $P$ and $Q$.`,
        mathType: 'equationOfALine',
        data: line(['-2', '5'], ['2', '-3'], {
          mGiven: false,
          bGiven: false,
          findM: false,
          findB: false,
          findEquation: true,
        }),
      },
      {
        number: 3,
        question: tex`Graph the line $y=-2x+1$.`,
        mathType: 'plotLinearEquation',
        data: { m: '-2', b: '1' },
      },
    ],
  },
  {
    key: 'interval-notation',
    title: 'Interval notation',
    description: 'Show each set of numbers on the number line.',
    language: 'en',
    topicKey: 'inequalities',
    subtopicKey: 'interval-notation',
    numeration: '18',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Show the set $-1\leq x<3$ on the number line.`,
        mathType: 'intervals',
        data: { intervals: [interval('[', -1, 3, ')')] },
      },
      {
        number: 2,
        question: tex`Solve $3x-6\geq0$ and show the solution on the number line.`,
        mathType: 'intervals',
        data: { intervals: [interval('[', 2, 'inf', ')')] },
      },
    ],
  },
  {
    key: 'limit-by-factoring',
    title: 'A limit by factoring',
    description: tex`Find $\lim_{x\to2}\frac{x^{2}-4}{x-2}$.`,
    language: 'en',
    topicKey: 'limits',
    subtopicKey: 'limits-by-factoring',
    numeration: '19',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Simplify $\frac{x^{2}-4}{x-2}$ for $x\neq2$.`,
        mathType: 'simplify',
        data: simplify(tex`\frac{x^{2}-4}{x-2}`, tex`x+2`),
      },
      {
        number: 2,
        question: tex`With the simplified form $f(x)=x+2$, find $f(2)$: it is the value of the limit.`,
        mathType: 'functions',
        data: evaluate(tex`f(x)=x+2`, { x: '2' }),
      },
    ],
  },
  // ---- Drafts (not published). ----
  {
    key: 'draft-sine-table',
    title: 'Borrador: tabla de valores del seno',
    description: 'Valores exactos del seno en ángulos notables.',
    language: 'es',
    topicKey: 'trigonometric-functions',
    subtopicKey: 'trigonometric-ratios',
    numeration: null,
    publishProblem: false,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Completa la tabla con los valores exactos de $\sin\left(x\right)$.`,
        mathType: 'tableSimple',
        data: valueTable(
          ['$x$', tex`$\sin\left(x\right)$`],
          [
            ['$0$', '0'],
            [tex`$\frac{\pi}{6}$`, tex`\frac{1}{2}`],
            [tex`$\frac{\pi}{2}$`, '1'],
            [tex`$\pi$`, '0'],
          ],
        ),
      },
    ],
  },
  {
    key: 'draft-tangent-line',
    title: 'Draft: tangent line to a parabola',
    description: tex`The tangent line to $y=x^{2}$ at the point $\left(1,1\right)$ has slope $2$.`,
    language: 'en',
    topicKey: 'derivatives',
    subtopicKey: 'tangent-lines',
    numeration: null,
    publishProblem: false,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Graph the tangent line to $y=x^{2}$ at $\left(1,1\right)$.`,
        mathType: 'plotLinearEquation',
        data: { m: '2', b: '-1' },
      },
      {
        number: 2,
        question: tex`The tangent line passes through $\left(1,1\right)$ and $\left(2,3\right)$. Find its equation.`,
        mathType: 'equationOfALine',
        data: line(['1', '1'], ['2', '3'], {
          mGiven: false,
          bGiven: false,
          findM: false,
          findB: false,
          findEquation: true,
        }),
      },
    ],
  },
  // ---- Pictures and videos: a problem with a picture and a numeral with a video. ----
  {
    key: 'parabola-picture',
    title: 'Los cortes de una parábola',
    description: tex`La figura muestra la parábola $y=x^{2}-4$ y los puntos donde corta el eje $x$.`,
    language: 'es',
    topicKey: 'equations',
    subtopicKey: 'quadratic-equations',
    numeration: '8',
    publishProblem: true,
    calculator: false,
    picture: 'kibSeedParabolaX2m4.png',
    numerals: [
      {
        number: 1,
        question: tex`¿En qué valores de $x$ corta la parábola de la figura el eje $x$? Resuelve $x^{2}-4=0$.`,
        initialHint: tex`Mira en la figura dónde la curva toca el eje horizontal.`,
        mathType: 'solve',
        data: solve(tex`x^{2}-4=0`, [tex`x=2`, tex`x=-2`]),
      },
    ],
  },
  {
    key: 'evaluate-with-video',
    title: 'Evaluar una función (con video)',
    description: tex`Mira el video y evalúa la función $f(x)=3x-2$.`,
    language: 'es',
    topicKey: 'functions',
    subtopicKey: 'evaluating-functions',
    numeration: '9',
    publishProblem: true,
    calculator: false,
    numerals: [
      {
        number: 1,
        question: tex`Calcula $f(4)$ si $f(x)=3x-2$.`,
        videoS3: 'kibSeedEvaluateVideo.mp4',
        mathType: 'functions',
        data: evaluate(tex`f(x)=3x-2`, { x: '4' }),
      },
    ],
  },
];

/**
 * The development content: 3 courses, 10 topics, 28 subtopics and 23 problems (21 published, 2
 * drafts) that together use all fourteen math types; one problem shows a picture and one numeral a
 * video ({@link SEED_MEDIA}). `module-1` … `module-4` form the demo module.
 */
export const DEV_CONTENT: SeedContent = {
  courses: COURSES,
  topics: TOPICS,
  problems: PROBLEMS,
};
