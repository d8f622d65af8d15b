import type { Thinking } from '@kib/core';

/** A skill of a reference learning standard: Kib's own breakdown of it, in Spanish and English. */
export interface ReferenceSkill {
  /** Stable within its standard. */
  code: string;
  name: string;
  nameEnglish: string;
}

/** A learning standard as its document words it, with an English translation and Kib's skills. */
export interface ReferenceStandard {
  /** Stable within its grade. */
  code: string;
  thinking: Thinking;
  name: string;
  nameEnglish: string;
  skills: ReferenceSkill[];
}

/** A grade (or group of grades) of a reference education system. */
export interface ReferenceGrade {
  name: string;
  nameEnglish: string;
  /** Its first grade's number. */
  numeration: number;
  standards: ReferenceStandard[];
}

/** An education system loaded from a document (docs/learning-standards.md). */
export interface ReferenceEducationSystem {
  code: string;
  name: string;
  nameEnglish: string;
  learningStandardName: string;
  learningStandardNameEnglish: string;
  grades: ReferenceGrade[];
}

const s = (code: string, name: string, nameEnglish: string): ReferenceSkill => ({ code, name, nameEnglish });

/**
 * Colombia's "Estándares Básicos de Competencias en Matemáticas" (Ministerio de Educación Nacional,
 * 2006, in "Estándares Básicos de Competencias en Lenguaje, Matemáticas, Ciencias y Ciudadanas",
 * pp. 80–87): the standards of the grade groups sixth to seventh, eighth to ninth and tenth to eleventh
 * for the numeric, spatial, metric and variational thinkings, as the document words them (the English
 * is Kib's translation). The skills are Kib's: what a problem practises of each standard. The name is
 * the one the development seed and the demo preset have always used.
 */
export const COLOMBIA_STANDARDS: ReferenceEducationSystem = {
  code: 'co-men-2006',
  name: 'Estándares Básicos de Competencias (Colombia)',
  nameEnglish: 'Basic Standards of Competences (Colombia)',
  learningStandardName: 'Estándar básico de competencia',
  learningStandardNameEnglish: 'Basic standard of competence',
  grades: [
    {
      name: 'Sexto a séptimo',
      nameEnglish: 'Sixth to seventh',
      numeration: 6,
      standards: [
        {
          code: 'num.1',
          thinking: 'numeric',
          name: 'Resuelvo y formulo problemas en contextos de medidas relativas y de variaciones en las medidas.',
          nameEnglish:
            'I solve and pose problems in contexts of relative measures and of changes in measures.',
          skills: [
            s(
              '1',
              'Calcula porcentajes de aumento y de descuento.',
              'Works out percentages of increase and discount.',
            ),
            s(
              '2',
              'Compara medidas relativas expresadas como razones.',
              'Compares relative measures written as ratios.',
            ),
          ],
        },
        {
          code: 'num.2',
          thinking: 'numeric',
          name: 'Utilizo números racionales, en sus distintas expresiones (fracciones, razones, decimales o porcentajes) para resolver problemas en contextos de medida.',
          nameEnglish:
            'I use rational numbers in their different forms (fractions, ratios, decimals or percentages) to solve problems in measurement contexts.',
          skills: [
            s('1', 'Opera con fracciones y las simplifica.', 'Operates with fractions and simplifies them.'),
            s(
              '2',
              'Pasa de fracción a decimal y a porcentaje.',
              'Converts fractions to decimals and percentages.',
            ),
          ],
        },
        {
          code: 'num.3',
          thinking: 'numeric',
          name: 'Resuelvo y formulo problemas utilizando propiedades básicas de la teoría de números, como las de la igualdad, las de las distintas formas de la desigualdad y las de la adición, sustracción, multiplicación, división y potenciación.',
          nameEnglish:
            'I solve and pose problems using basic properties of number theory, such as those of equality, of the different forms of inequality and of addition, subtraction, multiplication, division and powers.',
          skills: [
            s('1', 'Descompone un número en factores primos.', 'Decomposes a number into prime factors.'),
            s(
              '2',
              'Halla el mínimo común múltiplo y el máximo común divisor de varios números.',
              'Finds the least common multiple and the greatest common divisor of several numbers.',
            ),
          ],
        },
        {
          code: 'num.4',
          thinking: 'numeric',
          name: 'Resuelvo y formulo problemas cuya solución requiere de la potenciación o radicación.',
          nameEnglish: 'I solve and pose problems whose solution requires powers or roots.',
          skills: [
            s('1', 'Aplica las propiedades de la potenciación.', 'Applies the properties of powers.'),
            s(
              '2',
              'Calcula raíces exactas de números naturales.',
              'Works out exact roots of natural numbers.',
            ),
          ],
        },
        {
          code: 'var.1',
          thinking: 'variational',
          name: 'Describo y represento situaciones de variación relacionando diferentes representaciones (diagramas, expresiones verbales generalizadas y tablas).',
          nameEnglish:
            'I describe and represent situations of change by relating different representations (diagrams, generalised verbal expressions and tables).',
          skills: [
            s(
              '1',
              'Completa tablas de valores de una regla dada.',
              'Completes tables of values of a given rule.',
            ),
            s(
              '2',
              'Escribe con palabras la regla de una secuencia.',
              'Writes the rule of a sequence in words.',
            ),
          ],
        },
        {
          code: 'var.2',
          thinking: 'variational',
          name: 'Utilizo métodos informales (ensayo y error, complementación) en la solución de ecuaciones.',
          nameEnglish: 'I use informal methods (trial and error, completion) to solve equations.',
          skills: [
            s(
              '1',
              'Resuelve ecuaciones sencillas por ensayo y error.',
              'Solves simple equations by trial and error.',
            ),
            s(
              '2',
              'Comprueba si un número es solución de una ecuación.',
              'Checks whether a number solves an equation.',
            ),
          ],
        },
      ],
    },
    {
      name: 'Octavo a noveno',
      nameEnglish: 'Eighth to ninth',
      numeration: 8,
      standards: [
        {
          code: 'num.1',
          thinking: 'numeric',
          name: 'Utilizo números reales en sus diferentes representaciones y en diversos contextos.',
          nameEnglish: 'I use real numbers in their different representations and in various contexts.',
          skills: [
            s('1', 'Ubica números reales en la recta numérica.', 'Places real numbers on the number line.'),
            s(
              '2',
              'Escribe conjuntos de números reales como intervalos.',
              'Writes sets of real numbers as intervals.',
            ),
          ],
        },
        {
          code: 'num.2',
          thinking: 'numeric',
          name: 'Resuelvo problemas y simplifico cálculos usando propiedades y relaciones de los números reales y de las relaciones y operaciones entre ellos.',
          nameEnglish:
            'I solve problems and simplify calculations using properties and relations of the real numbers and of the relations and operations between them.',
          skills: [
            s(
              '1',
              'Resuelve desigualdades lineales y con valor absoluto.',
              'Solves linear and absolute value inequalities.',
            ),
            s(
              '2',
              'Simplifica cálculos con propiedades de las operaciones.',
              'Simplifies calculations with the properties of operations.',
            ),
          ],
        },
        {
          code: 'num.3',
          thinking: 'numeric',
          name: 'Identifico y utilizo la potenciación, la radicación y la logaritmación para representar situaciones matemáticas y no matemáticas y para resolver problemas.',
          nameEnglish:
            'I identify and use powers, roots and logarithms to represent mathematical and non-mathematical situations and to solve problems.',
          skills: [
            s(
              '1',
              'Simplifica expresiones con potencias y radicales.',
              'Simplifies expressions with powers and radicals.',
            ),
            s('2', 'Relaciona potencias y logaritmos.', 'Relates powers and logarithms.'),
          ],
        },
        {
          code: 'spa.1',
          thinking: 'spatial',
          name: 'Reconozco y contrasto propiedades y relaciones geométricas utilizadas en demostración de teoremas básicos (Pitágoras y Tales).',
          nameEnglish:
            "I recognise and contrast geometric properties and relations used in proving basic theorems (Pythagoras' and Thales').",
          skills: [
            s('1', 'Aplica el teorema de Pitágoras.', "Applies Pythagoras' theorem."),
            s(
              '2',
              'Aplica el teorema de Tales en triángulos semejantes.',
              "Applies Thales' theorem in similar triangles.",
            ),
          ],
        },
        {
          code: 'spa.2',
          thinking: 'spatial',
          name: 'Uso representaciones geométricas para resolver y formular problemas en las matemáticas y en otras disciplinas.',
          nameEnglish:
            'I use geometric representations to solve and pose problems in mathematics and in other disciplines.',
          skills: [
            s('1', 'Ubica puntos en el plano cartesiano.', 'Places points on the Cartesian plane.'),
            s(
              '2',
              'Representa una situación con una figura en el plano.',
              'Represents a situation with a figure on the plane.',
            ),
          ],
        },
        {
          code: 'met.1',
          thinking: 'metric',
          name: 'Generalizo procedimientos de cálculo válidos para encontrar el área de regiones planas y el volumen de sólidos.',
          nameEnglish:
            'I generalise valid procedures for finding the area of plane regions and the volume of solids.',
          skills: [
            s(
              '1',
              'Calcula áreas de regiones planas compuestas.',
              'Works out areas of composite plane regions.',
            ),
            s('2', 'Calcula volúmenes de prismas y cilindros.', 'Works out volumes of prisms and cylinders.'),
          ],
        },
        {
          code: 'var.1',
          thinking: 'variational',
          name: 'Identifico relaciones entre propiedades de las gráficas y propiedades de las ecuaciones algebraicas.',
          nameEnglish:
            'I identify relations between properties of graphs and properties of algebraic equations.',
          skills: [
            s('1', 'Grafica una recta a partir de su ecuación.', 'Graphs a line from its equation.'),
            s(
              '2',
              'Evalúa funciones y construye tablas de valores.',
              'Evaluates functions and builds tables of values.',
            ),
          ],
        },
        {
          code: 'var.2',
          thinking: 'variational',
          name: 'Construyo expresiones algebraicas equivalentes a una expresión algebraica dada.',
          nameEnglish: 'I build algebraic expressions equivalent to a given algebraic expression.',
          skills: [
            s(
              '1',
              'Simplifica expresiones algebraicas y racionales.',
              'Simplifies algebraic and rational expressions.',
            ),
            s(
              '2',
              'Factoriza polinomios y resuelve ecuaciones cuadráticas por factorización.',
              'Factors polynomials and solves quadratic equations by factoring.',
            ),
            s(
              '3',
              'Resuelve ecuaciones lineales y despeja una variable.',
              'Solves linear equations and solves for a variable.',
            ),
          ],
        },
        {
          code: 'var.3',
          thinking: 'variational',
          name: 'Modelo situaciones de variación con funciones polinómicas.',
          nameEnglish: 'I model situations of change with polynomial functions.',
          skills: [
            s(
              '1',
              'Grafica funciones cuadráticas y lee sus cortes con los ejes y su signo.',
              'Graphs quadratic functions and reads their intercepts and sign.',
            ),
            s(
              '2',
              'Escribe la función que modela una situación.',
              'Writes the function that models a situation.',
            ),
          ],
        },
        {
          code: 'var.4',
          thinking: 'variational',
          name: 'Identifico diferentes métodos para solucionar sistemas de ecuaciones lineales.',
          nameEnglish: 'I identify different methods for solving systems of linear equations.',
          skills: [
            s('1', 'Resuelve sistemas 2×2 por sustitución.', 'Solves 2×2 systems by substitution.'),
            s('2', 'Resuelve sistemas 2×2 gráficamente.', 'Solves 2×2 systems graphically.'),
          ],
        },
        {
          code: 'var.5',
          thinking: 'variational',
          name: 'Identifico y utilizo diferentes maneras de definir y medir la pendiente de una curva que representa en el plano cartesiano situaciones de variación.',
          nameEnglish:
            'I identify and use different ways of defining and measuring the slope of a curve that represents situations of change on the Cartesian plane.',
          skills: [
            s('1', 'Calcula la pendiente de una recta.', 'Works out the slope of a line.'),
            s(
              '2',
              'Escribe la ecuación de la recta que pasa por dos puntos.',
              'Writes the equation of the line through two points.',
            ),
          ],
        },
      ],
    },
    {
      name: 'Décimo a undécimo',
      nameEnglish: 'Tenth to eleventh',
      numeration: 10,
      standards: [
        {
          code: 'num.1',
          thinking: 'numeric',
          name: 'Analizo representaciones decimales de los números reales para diferenciar entre racionales e irracionales.',
          nameEnglish:
            'I analyse decimal representations of the real numbers to tell rational from irrational numbers.',
          skills: [
            s(
              '1',
              'Clasifica números como racionales o irracionales.',
              'Classifies numbers as rational or irrational.',
            ),
            s(
              '2',
              'Escribe un decimal periódico como fracción.',
              'Writes a repeating decimal as a fraction.',
            ),
          ],
        },
        {
          code: 'num.2',
          thinking: 'numeric',
          name: 'Establezco relaciones y diferencias entre diferentes notaciones de números reales para decidir sobre su uso en una situación dada.',
          nameEnglish:
            'I establish relations and differences between notations of real numbers to decide which to use in a given situation.',
          skills: [
            s(
              '1',
              'Escribe conjuntos de números reales en notación de intervalos.',
              'Writes sets of real numbers in interval notation.',
            ),
            s('2', 'Representa intervalos en la recta numérica.', 'Represents intervals on the number line.'),
          ],
        },
        {
          code: 'spa.1',
          thinking: 'spatial',
          name: 'Identifico características de localización de objetos geométricos en sistemas de representación cartesiana y otros (polares, cilíndricos y esféricos) y en particular de las curvas y figuras cónicas.',
          nameEnglish:
            'I identify how geometric objects are located in Cartesian and other (polar, cylindrical and spherical) coordinate systems, in particular conic curves and figures.',
          skills: [
            s('1', 'Reconoce la ecuación de una parábola.', 'Recognises the equation of a parabola.'),
            s('2', 'Pasa de coordenadas cartesianas a polares.', 'Converts Cartesian to polar coordinates.'),
          ],
        },
        {
          code: 'spa.2',
          thinking: 'spatial',
          name: 'Describo y modelo fenómenos periódicos del mundo real usando relaciones y funciones trigonométricas.',
          nameEnglish:
            'I describe and model periodic real-world phenomena using trigonometric relations and functions.',
          skills: [
            s(
              '1',
              'Grafica las funciones seno y coseno e identifica su periodo y amplitud.',
              'Graphs the sine and cosine functions and identifies their period and amplitude.',
            ),
            s('2', 'Verifica identidades trigonométricas.', 'Verifies trigonometric identities.'),
            s(
              '3',
              'Resuelve ecuaciones trigonométricas en un intervalo.',
              'Solves trigonometric equations on an interval.',
            ),
          ],
        },
        {
          code: 'met.1',
          thinking: 'metric',
          name: 'Justifico resultados obtenidos mediante procesos de aproximación sucesiva, rangos de variación y límites en situaciones de medición.',
          nameEnglish:
            'I justify results obtained through successive approximation, ranges of variation and limits in measurement situations.',
          skills: [
            s(
              '1',
              'Aproxima una medida por valores sucesivos.',
              'Approximates a measure by successive values.',
            ),
            s('2', 'Estima el error de una aproximación.', 'Estimates the error of an approximation.'),
          ],
        },
        {
          code: 'var.1',
          thinking: 'variational',
          name: 'Utilizo las técnicas de aproximación en procesos infinitos numéricos.',
          nameEnglish: 'I use approximation techniques in infinite numerical processes.',
          skills: [
            s(
              '1',
              'Calcula límites de funciones racionales factorizando.',
              'Works out limits of rational functions by factoring.',
            ),
            s('2', 'Calcula límites de polinomios.', 'Works out limits of polynomials.'),
          ],
        },
        {
          code: 'var.2',
          thinking: 'variational',
          name: 'Interpreto la noción de derivada como razón de cambio y como valor de la pendiente de la tangente a una curva y desarrollo métodos para hallar las derivadas de algunas funciones básicas en contextos matemáticos y no matemáticos.',
          nameEnglish:
            'I interpret the derivative as a rate of change and as the slope of the tangent to a curve, and develop methods to find the derivatives of some basic functions in mathematical and non-mathematical contexts.',
          skills: [
            s(
              '1',
              'Halla la recta tangente a una curva en un punto.',
              'Finds the tangent line to a curve at a point.',
            ),
            s(
              '2',
              'Deriva funciones con las reglas de derivación.',
              'Differentiates functions with the differentiation rules.',
            ),
          ],
        },
        {
          code: 'var.3',
          thinking: 'variational',
          name: 'Analizo las relaciones y propiedades entre las expresiones algebraicas y las gráficas de funciones polinómicas y racionales y de sus derivadas.',
          nameEnglish:
            'I analyse the relations and properties between the algebraic expressions and the graphs of polynomial and rational functions and of their derivatives.',
          skills: [
            s(
              '1',
              'Relaciona el signo de una función con su gráfica.',
              "Relates a function's sign to its graph.",
            ),
            s(
              '2',
              'Halla los cortes de una función con los ejes.',
              "Finds a function's intercepts with the axes.",
            ),
          ],
        },
        {
          code: 'var.4',
          thinking: 'variational',
          name: 'Modelo situaciones de variación periódica con funciones trigonométricas e interpreto y utilizo sus derivadas.',
          nameEnglish:
            'I model situations of periodic change with trigonometric functions and interpret and use their derivatives.',
          skills: [
            s(
              '1',
              'Escribe una función seno que modela un fenómeno periódico.',
              'Writes a sine function that models a periodic phenomenon.',
            ),
            s('2', 'Deriva funciones trigonométricas.', 'Differentiates trigonometric functions.'),
          ],
        },
      ],
    },
  ],
};

/** A skill of {@link COLOMBIA_STANDARDS}: grade number, standard code and skill code. */
export type SkillRef = readonly [numeration: number, standard: string, skill: string];

/**
 * The skills each problem of the development content practises (by DEV_CONTENT problem key), so the
 * module builder's Competencias search finds them.
 */
export const DEV_PROBLEM_SKILLS: Record<string, readonly SkillRef[]> = {
  'module-1': [[8, 'var.2', '1']],
  'module-2': [[8, 'var.1', '1']],
  'module-3': [[8, 'num.2', '1']],
  'module-4': [[8, 'var.2', '3']],
  'prime-factorization': [[6, 'num.3', '1']],
  'lcm-gcd': [[6, 'num.3', '2']],
  'quadratic-by-factoring': [[8, 'var.2', '2']],
  'line-through-two-points': [[8, 'var.5', '2']],
  'slope-of-a-line': [[8, 'var.5', '1']],
  'evaluating-functions': [[8, 'var.1', '2']],
  'table-of-values': [[8, 'var.1', '2']],
  'evaluate-with-video': [[8, 'var.1', '2']],
  'sine-graph': [
    [10, 'spa.2', '1'],
    [10, 'var.4', '1'],
  ],
  'trigonometric-identities': [[10, 'spa.2', '2']],
  'trigonometric-equations': [[10, 'spa.2', '3']],
  'solving-for-a-variable': [[8, 'var.2', '3']],
  'points-of-a-parabola': [[8, 'var.3', '1']],
  'parabola-sign': [
    [8, 'var.3', '1'],
    [10, 'var.3', '1'],
  ],
  'parabola-picture': [[10, 'var.3', '2']],
  'interval-notation': [[10, 'num.2', '1']],
  'limit-by-factoring': [[10, 'var.1', '1']],
};

/**
 * What the development seed's skills require (skill_prerequisites), besides the grade order: each
 * pair is a skill and one it needs first.
 */
export const DEV_SKILL_PREREQUISITES: readonly (readonly [SkillRef, SkillRef])[] = [
  // Factoring and quadratics need simplifying and linear equations.
  [
    [8, 'var.2', '2'],
    [8, 'var.2', '1'],
  ],
  [
    [8, 'var.2', '2'],
    [8, 'var.2', '3'],
  ],
  // The line through two points needs the slope.
  [
    [8, 'var.5', '2'],
    [8, 'var.5', '1'],
  ],
  // The least common multiple and greatest common divisor need prime factorization.
  [
    [6, 'num.3', '2'],
    [6, 'num.3', '1'],
  ],
  // Trigonometric equations need the identities.
  [
    [10, 'spa.2', '3'],
    [10, 'spa.2', '2'],
  ],
  // A parabola's picture needs its points.
  [
    [10, 'var.3', '2'],
    [8, 'var.3', '1'],
  ],
  // Limits by factoring need factoring.
  [
    [10, 'var.1', '1'],
    [8, 'var.2', '2'],
  ],
];

/**
 * A module of the creators' catalog in the development seed (authored by the seed's creator), with
 * the skills it is assigned to, so the builder's Talleres tab finds it.
 */
export const DEV_CATALOG_MODULE = {
  name: 'Funciones trigonométricas',
  description: 'Identidades y ecuaciones trigonométricas para grado décimo.',
  problemKeys: ['trigonometric-identities', 'trigonometric-equations'],
  skills: [
    [10, 'spa.2', '1'],
    [10, 'spa.2', '2'],
  ] as readonly SkillRef[],
};

/** The skills the teacher's main module of the development seed is assigned to. */
export const DEV_MAIN_MODULE_SKILLS: readonly SkillRef[] = [[8, 'var.2', '1']];
