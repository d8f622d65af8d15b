import type { ActivityResultsData, ResultsProblem, ResultsStudent } from './activity-results.types';

const PROBLEMS: ResultsProblem[] = [
  {
    id: 501,
    title: 'Ecuaciones lineales',
    numeration: '1',
    numerals: [
      { id: 9001, number: 1 },
      { id: 9002, number: 2 },
      { id: 9003, number: 3 },
    ],
  },
  {
    id: 502,
    title: 'Fracciones equivalentes',
    numeration: '2',
    numerals: [
      { id: 9004, number: 1 },
      { id: 9005, number: 2 },
    ],
  },
  {
    id: 503,
    title: 'Puntos en el plano cartesiano',
    numeration: '3',
    numerals: [
      { id: 9006, number: 1 },
      { id: 9007, number: 2 },
    ],
  },
  {
    id: 504,
    title: 'Descomposición en factores primos',
    numeration: '4',
    numerals: [
      { id: 9008, number: 1 },
      { id: 9009, number: 2 },
      { id: 9010, number: 3 },
    ],
  },
];

const NUMERAL_IDS = PROBLEMS.flatMap((problem) => problem.numerals.map((numeral) => numeral.id));

/**
 * One line per student: names, personal code, and one mark per numeral of the assignment in order
 * (c completed, a attempted without completing, . no attempt).
 */
const ROSTER: [firstName: string, lastName: string, code: string | null, marks: string][] = [
  ['Valentina', 'Gómez Ríos', '1023', 'cccccccccc'],
  ['Santiago', 'Rodríguez', '1007', 'cccccc.a..'],
  ['Mariana', 'López Castaño', null, 'ccacc.....'],
  ['Sebastián', 'Martínez', '1015', 'cccccccca.'],
  ['Isabella', 'Hernández', '1031', 'a.........'],
  ['Samuel', 'García Ospina', null, '..........'],
  ['Sofía', 'Ramírez', '1002', 'cccacaccca'],
  ['Matías', 'Torres', '1019', 'ccc..cc...'],
  ['Luciana', 'Díaz Patiño', '1044', 'cccccca...'],
  ['Emiliano', 'Vargas', null, 'caa.......'],
  ['Gabriela', 'Moreno', '1050', 'cccccccccc'],
  ['Nicolás', 'Castro Mejía', '1011', 'ccccaccc.c'],
];

const FIRST_ATTEMPT = Date.parse('2025-03-10T13:05:00Z');

function statsFor(studentIndex: number, marks: string): ResultsStudent['stats'] {
  return NUMERAL_IDS.flatMap((numeralId, numeralIndex) => {
    const mark = marks[numeralIndex];
    if (mark !== 'c' && mark !== 'a') return [];
    const spread = (studentIndex * 7 + numeralIndex * 13) % 9;
    const minutes = studentIndex * 37 + numeralIndex * 11;
    return [
      {
        numeralId,
        completed: mark === 'c',
        attempts: mark === 'c' ? 1 + ((studentIndex + numeralIndex) % 3) : 2 + (spread % 3),
        answerTime: 35 + spread * 22 + (mark === 'a' ? 90 : 0),
        lastAttemptDate: new Date(FIRST_ATTEMPT + minutes * 60_000).toISOString(),
      },
    ];
  });
}

function student(index: number, row: (typeof ROSTER)[number]): ResultsStudent {
  const [firstName, lastName, studentCode, marks] = row;
  return { id: 7101 + index, firstName, lastName, studentCode, stats: statsFor(index, marks) };
}

/**
 * A typical code activity (spec 03): "Taller 3 — Álgebra y aritmética", four problems with ten
 * numerals, twelve students (some with a personal code) at every stage of progress.
 */
export const activityResultsFixture: ActivityResultsData = {
  assignment: { id: 3301, name: 'Taller 3 — Álgebra y aritmética' },
  problems: PROBLEMS,
  students: ROSTER.map((row, index) => student(index, row)),
};

/** The same activity before any student has joined. */
export const activityResultsEmptyFixture: ActivityResultsData = {
  ...activityResultsFixture,
  students: [],
};

/** The same activity with its first four students, all of whom completed every numeral. */
export const activityResultsCompletedFixture: ActivityResultsData = {
  ...activityResultsFixture,
  students: ROSTER.slice(0, 4).map((row, index) => student(index, [row[0], row[1], row[2], 'cccccccccc'])),
};
