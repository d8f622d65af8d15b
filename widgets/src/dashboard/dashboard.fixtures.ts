import {
  WEEKLY_CHART_WEEKS,
  progressPercent,
  type ClassroomOverview,
  type StudentAssignment,
  type StudentDetail,
  type WeekActivity,
} from '@kib/core';
import { latestDate, splitPercents } from './dashboard.logic';

/**
 * A realistic classroom for the dashboards' stories and tests, built the way the server counts
 * (spec 03): 28 students of "Matemáticas 7A", six assignments (one for chosen students only, one
 * not published yet, one student with an extended deadline) and eight weeks of activity up to the
 * current week. Every number of the overview is derived from the same per-numeral records as the
 * student details, so the two widgets agree. The records are random but seeded: the same each run;
 * the dates move with the calendar so that deadlines stay both passed and upcoming.
 */

const DAY = 86_400_000;
const WEEK = 7 * DAY;

/** Monday 00:00 UTC of the week of `time`. */
function mondayOf(time: number): number {
  const date = new Date(time);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return midnight - ((date.getUTCDay() + 6) % 7) * DAY;
}

/** The ISO 8601 week number of a UTC day, 53 shown as 1 (spec 03 §9: weeks wrap modulo 52). */
function isoWeek(time: number): number {
  const date = new Date(time);
  const thursday =
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) +
    (3 - ((date.getUTCDay() + 6) % 7)) * DAY;
  const yearStart = Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday - yearStart) / WEEK) + 1;
  return ((week - 1) % 52) + 1;
}

/** A small seeded random generator (mulberry32): the same classroom on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const NOW = Date.now();
const THIS_WEEK = mondayOf(NOW);
/** A moment `weeks` weeks (and `days` days, `hours` hours) from this Monday 00:00 UTC. */
const at = (weeks: number, days = 0, hours = 0) => THIS_WEEK + weeks * WEEK + days * DAY + hours * 3_600_000;
const iso = (time: number) => new Date(time).toISOString();

interface ProblemPlan {
  title: string;
  numerals: number;
}

interface AssignmentPlan {
  moduleId: number;
  name: string;
  publish: number | null;
  deadline: number | null;
  /** Indexes of the chosen students, for an assignment given to some students only. */
  chosen?: readonly number[];
  problems: readonly ProblemPlan[];
}

const PLANS: readonly AssignmentPlan[] = [
  {
    moduleId: 4101,
    name: 'Taller 1 — Números enteros',
    publish: at(-7, 0, 12),
    deadline: at(-5, 4, 23),
    problems: [
      { title: 'Suma y resta de enteros', numerals: 3 },
      { title: 'Multiplicación de enteros', numerals: 2 },
      { title: 'Problemas con temperaturas', numerals: 2 },
    ],
  },
  {
    moduleId: 4102,
    name: 'Taller 2 — Fracciones y decimales',
    publish: at(-6, 1, 12),
    deadline: at(-3, 4, 23),
    problems: [
      { title: 'Fracciones equivalentes', numerals: 2 },
      { title: 'Suma de fracciones', numerals: 3 },
      { title: 'De fracción a decimal', numerals: 2 },
      { title: 'Recta numérica', numerals: 1 },
    ],
  },
  {
    moduleId: 4103,
    name: 'Taller 3 — Ecuaciones lineales',
    publish: at(-4, 0, 12),
    deadline: at(-1, 4, 23),
    problems: [
      { title: 'Ecuaciones de un paso', numerals: 3 },
      { title: 'Ecuaciones de dos pasos', numerals: 3 },
      { title: 'Problemas de edades', numerals: 2 },
    ],
  },
  {
    moduleId: 4104,
    name: 'Refuerzo — Ecuaciones',
    publish: at(-2, 2, 12),
    deadline: at(1, 4, 23),
    chosen: [4, 9, 15, 21, 26],
    problems: [
      { title: 'Despejar la incógnita', numerals: 2 },
      { title: 'Comprobar una solución', numerals: 2 },
    ],
  },
  {
    moduleId: 4105,
    name: 'Taller 4 — Plano cartesiano',
    publish: at(-1, 0, 12),
    deadline: at(2, 4, 23),
    problems: [
      { title: 'Ubicar puntos', numerals: 2 },
      { title: 'Cuadrantes', numerals: 2 },
      { title: 'Distancia entre puntos', numerals: 2 },
    ],
  },
  {
    moduleId: 4106,
    name: 'Taller 5 — Factores primos',
    publish: at(1, 0, 12),
    deadline: at(4, 4, 23),
    problems: [
      { title: 'Números primos', numerals: 2 },
      { title: 'Descomposición en factores primos', numerals: 3 },
    ],
  },
];

/** The students: first name, last name, and how far they get (0 never starts, 1 finishes everything). */
const ROSTER: readonly [firstName: string, lastName: string, skill: number][] = [
  ['Valentina', 'Gómez Ríos', 0.95],
  ['Santiago', 'Rodríguez', 0.7],
  ['Mariana', 'López Castaño', 0.8],
  ['Sebastián', 'Martínez', 0.85],
  ['Isabella', 'Hernández', 0.35],
  ['Samuel', 'García Ospina', 0],
  ['Sofía', 'Ramírez', 0.9],
  ['Matías', 'Torres', 0.55],
  ['Luciana', 'Díaz Patiño', 0.75],
  ['Emiliano', 'Vargas', 0.3],
  ['Gabriela', 'Moreno', 1],
  ['Nicolás', 'Castro Mejía', 0.65],
  ['Daniela', 'Rojas', 0.6],
  ['Alejandro', 'Muñoz', 0.45],
  ['Camila', 'Jiménez Arango', 0.88],
  ['Tomás', 'Suárez', 0.25],
  ['Antonella', 'Quintero', 0.7],
  ['Martín', 'Cárdenas', 0.5],
  ['Salomé', 'Restrepo', 0.92],
  ['Juan José', 'Londoño', 0.6],
  ['María José', 'Osorio', 0.78],
  ['David', 'Zapata', 0.2],
  ['Sara', 'Giraldo', 0.83],
  ['Jerónimo', 'Mejía', 0.58],
  ['Manuela', 'Henao', 0.68],
  ['Felipe', 'Agudelo', 0.4],
  ['Laura', 'Ortiz Bedoya', 0.15],
  ['Andrés', "O'Neill", 0.62],
];

/** Students who joined after the start of term, weeks before this one. */
const LATE_JOINERS: Record<number, number> = { 25: 3, 27: 5 };

/** A student's own deadline on an assignment, overriding the classroom's (spec 01 §3). */
const OWN_DEADLINES: Record<string, number> = { '12:4103': at(0, 4, 23) };

const CLASSROOM = {
  id: 7301,
  name: 'Matemáticas 7A',
  description: 'Grado séptimo, jornada de la mañana',
  code: 'K7A2Q9',
};

/** A plain e-mail from a name: accents dropped, spaces and apostrophes removed. */
function emailOf(firstName: string, lastName: string): string {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      .trim()
      .replace(/\s+/g, '');
  return `${plain(firstName)}.${plain(lastName.split(' ')[0] ?? lastName)}@colegio-andino.edu.co`;
}

type Numeral = StudentAssignment['problems'][number]['numerals'][number];

interface Built {
  overview: ClassroomOverview;
  details: StudentDetail[];
}

function weeksOf(activity: readonly { time: number; attempts: number; student: number }[]): WeekActivity[] {
  return Array.from({ length: WEEKLY_CHART_WEEKS }, (_, index) => {
    const start = at(index - (WEEKLY_CHART_WEEKS - 1));
    const inWeek = activity.filter((entry) => entry.time >= start && entry.time < start + WEEK);
    return {
      week: isoWeek(start),
      start: iso(start).slice(0, 10),
      attempts: inWeek.reduce((sum, entry) => sum + entry.attempts, 0),
      activeStudents: new Set(inWeek.map((entry) => entry.student)).size,
    };
  });
}

function build(): Built {
  const random = seeded(7301);
  let nextProblemId = 52_000;
  let nextNumeralId = 91_000;
  const plans = PLANS.map((plan) => ({
    ...plan,
    problems: plan.problems.map((problem, index) => ({
      id: nextProblemId++,
      title: problem.title,
      numeration: String(index + 1),
      numeralIds: Array.from({ length: problem.numerals }, () => nextNumeralId++),
    })),
  }));

  const activity: { time: number; attempts: number; student: number }[] = [];
  const details: StudentDetail[] = ROSTER.map(([firstName, lastName, skill], index) => {
    const studentId = 8801 + index;
    const joinedAt = at(-(LATE_JOINERS[index] ?? 9), 2, 14 + (index % 5));
    const ownActivity: { time: number; attempts: number; student: number }[] = [];
    const assignments: StudentAssignment[] = plans
      .filter((plan) => !plan.chosen || plan.chosen.includes(index))
      .map((plan) => {
        const deadline = OWN_DEADLINES[`${index}:${plan.moduleId}`] ?? plan.deadline;
        const opens = Math.max(plan.publish ?? joinedAt, joinedAt);
        const closes = Math.min(deadline ?? NOW, NOW);
        const engaged = skill > 0 && closes > opens && random() < skill + 0.1;
        let completedCount = 0;
        let total = 0;
        const problems = plan.problems.map((problem) => ({
          id: problem.id,
          title: problem.title,
          numeration: problem.numeration,
          numerals: problem.numeralIds.map((id, numeralIndex): Numeral => {
            total += 1;
            const roll = random();
            const completed = engaged && roll < skill * 0.92;
            const attempted = engaged && !completed && roll < skill * 0.92 + 0.22;
            if (!completed && !attempted)
              return {
                id,
                number: numeralIndex + 1,
                completed: false,
                attempts: 0,
                answerTime: 0,
                lastAttemptDate: null,
              };
            if (completed) completedCount += 1;
            const attempts = completed ? 1 + Math.floor(random() * 3) : 1 + Math.floor(random() * 4);
            const time = opens + Math.floor(random() * (closes - opens));
            ownActivity.push({ time, attempts, student: index });
            return {
              id,
              number: numeralIndex + 1,
              completed,
              attempts,
              answerTime: attempts * (35 + Math.floor(random() * 150)),
              lastAttemptDate: iso(time),
            };
          }),
        }));
        const numerals = problems.flatMap((problem) => problem.numerals);
        return {
          moduleId: plan.moduleId,
          name: plan.name,
          publishDate: plan.publish === null ? null : iso(plan.publish),
          deadline: deadline === null ? null : iso(deadline),
          progress: progressPercent(completedCount, total),
          totalTime: numerals.reduce((sum, numeral) => sum + numeral.answerTime, 0),
          lastAttempt: latestDate(numerals.map((numeral) => numeral.lastAttemptDate)),
          problems,
        };
      });
    activity.push(...ownActivity);
    const numerals = assignments.flatMap((a) => a.problems.flatMap((p) => p.numerals));
    const completed = numerals.filter((n) => n.completed).length;
    const attempted = numerals.filter((n) => !n.completed && n.attempts > 0).length;
    const [completedPercent, attemptedPercent, notAttemptedPercent] = splitPercents([
      completed,
      attempted,
      numerals.length - completed - attempted,
    ]);
    const totalTime = numerals.reduce((sum, numeral) => sum + numeral.answerTime, 0);
    return {
      classroom: { id: CLASSROOM.id, name: CLASSROOM.name },
      student: {
        id: studentId,
        firstName,
        lastName,
        email: emailOf(firstName, lastName),
        joinedAt: iso(joinedAt),
      },
      progress: {
        completed: completedPercent!,
        attempted: attemptedPercent!,
        notAttempted: notAttemptedPercent!,
        averageTime: totalTime,
      },
      totalTime,
      lastAttempt: latestDate(numerals.map((numeral) => numeral.lastAttemptDate)),
      weekly: weeksOf(ownActivity),
      assignments,
    };
  });

  const allNumerals = details.flatMap((d) =>
    d.assignments.flatMap((a) => a.problems.flatMap((p) => p.numerals)),
  );
  const completed = allNumerals.filter((n) => n.completed).length;
  const attempted = allNumerals.filter((n) => !n.completed && n.attempts > 0).length;
  const [completedPercent, attemptedPercent, notAttemptedPercent] = splitPercents([
    completed,
    attempted,
    allNumerals.length - completed - attempted,
  ]);
  const classTime = details.reduce((sum, detail) => sum + detail.totalTime, 0);

  const overview: ClassroomOverview = {
    classroom: CLASSROOM,
    progress: {
      completed: completedPercent!,
      attempted: attemptedPercent!,
      notAttempted: notAttemptedPercent!,
      averageTime: Math.round(classTime / details.length),
    },
    weekly: weeksOf(activity),
    assignments: plans.map((plan) => {
      const records = details.flatMap((d) => d.assignments.filter((a) => a.moduleId === plan.moduleId));
      const numerals = records.flatMap((a) => a.problems.flatMap((p) => p.numerals));
      return {
        moduleId: plan.moduleId,
        name: plan.name,
        publishDate: plan.publish === null ? null : iso(plan.publish),
        deadline: plan.deadline === null ? null : iso(plan.deadline),
        individualStudents: Boolean(plan.chosen),
        numProblems: plan.problems.length,
        studentCount: records.length,
        progress: progressPercent(numerals.filter((n) => n.completed).length, numerals.length),
      };
    }),
    students: details.map((detail) => {
      const numerals = detail.assignments.flatMap((a) => a.problems.flatMap((p) => p.numerals));
      return {
        id: detail.student.id,
        firstName: detail.student.firstName,
        lastName: detail.student.lastName,
        email: detail.student.email,
        progress: progressPercent(numerals.filter((n) => n.completed).length, numerals.length),
        totalTime: detail.totalTime,
        lastAttempt: detail.lastAttempt,
      };
    }),
  };
  return { overview, details };
}

const BUILT = build();

/** "Matemáticas 7A": 28 students, six assignments, eight weeks of activity. */
export const classroomFixture: ClassroomOverview = BUILT.overview;

/** The record of every student of {@link classroomFixture}, in the same order as its students. */
export const classroomStudentFixtures: readonly StudentDetail[] = BUILT.details;

/** A new classroom: nobody has joined and nothing is assigned; eight empty weeks. */
export const emptyClassroomFixture: ClassroomOverview = {
  classroom: { id: 7302, name: 'Matemáticas 8B', description: '', code: 'P3M8ZX' },
  progress: { completed: 0, attempted: 0, notAttempted: 0, averageTime: 0 },
  weekly: weeksOf([]),
  assignments: [],
  students: [],
};
