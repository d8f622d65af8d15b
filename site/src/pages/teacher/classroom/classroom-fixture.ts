import type { AssignmentResults, ClassroomOverview, StudentDetail } from '@kib/core';
import type { StubHandler } from '../../../test/render-site';
import { GRADO_10A, refusal, teacherServer } from '../teacher-fixture';

/** Grado 10A's two assignments: one for the whole class with dates, one for a chosen student without. */
export const FRACCIONES = {
  moduleId: 3,
  name: 'Fracciones equivalentes',
  publishDate: '2030-03-01T13:00:00.000Z',
  deadline: '2030-03-15T22:30:00.000Z',
  individualStudents: false,
  numProblems: 2,
  studentCount: 2,
  progress: 50,
} satisfies ClassroomOverview['assignments'][number];

export const ECUACIONES = {
  moduleId: 4,
  name: 'Ecuaciones lineales',
  publishDate: null,
  deadline: null,
  individualStudents: true,
  numProblems: 1,
  studentCount: 1,
  progress: 0,
} satisfies ClassroomOverview['assignments'][number];

/** Grado 10A's students with their record: Ana has worked, Carlos has not started. */
export const ANA = {
  id: 7,
  firstName: 'Ana',
  lastName: 'Gómez',
  email: 'student@demo.kib',
  progress: 75,
  totalTime: 125,
  lastAttempt: '2030-03-05T15:07:00.000Z',
} satisfies ClassroomOverview['students'][number];

export const CARLOS = {
  id: 8,
  firstName: 'Carlos',
  lastName: 'Pérez',
  email: 'student2@demo.kib',
  progress: 0,
  totalTime: 0,
  lastAttempt: null,
} satisfies ClassroomOverview['students'][number];

/** GET classrooms/11/overview/: Grado 10A as its teacher follows it. */
export const OVERVIEW_10A: ClassroomOverview = {
  classroom: {
    id: GRADO_10A.id,
    name: GRADO_10A.name,
    description: GRADO_10A.description,
    code: GRADO_10A.code,
  },
  progress: { completed: 38, attempted: 12, notAttempted: 50, averageTime: 63 },
  weekly: Array.from({ length: 8 }, (_, index) => ({
    week: 3 + index,
    start: new Date(Date.UTC(2030, 0, 14 + 7 * index)).toISOString().slice(0, 10),
    attempts: index === 7 ? 6 : index === 6 ? 2 : 0,
    activeStudents: index >= 6 ? 1 : 0,
  })),
  assignments: [FRACCIONES, ECUACIONES],
  students: [ANA, CARLOS],
};

/** GET classrooms/11/assignments/3/: Fracciones equivalentes, two problems, Ana half-way, Carlos not started. */
export const FRACCIONES_RESULTS: AssignmentResults = {
  assignment: {
    id: FRACCIONES.moduleId,
    name: FRACCIONES.name,
    description: 'Simplifica y compara fracciones.',
    publishDate: FRACCIONES.publishDate,
    deadline: FRACCIONES.deadline,
    classroomId: GRADO_10A.id,
    classroomName: GRADO_10A.name,
  },
  problems: [
    {
      id: 21,
      title: 'Simplificar fracciones',
      numeration: '1',
      numerals: [
        { id: 211, number: 1 },
        { id: 212, number: 2 },
      ],
    },
    { id: 22, title: 'Comparar fracciones', numeration: '2', numerals: [{ id: 221, number: 1 }] },
  ],
  students: [
    {
      id: ANA.id,
      firstName: ANA.firstName,
      lastName: ANA.lastName,
      studentCode: ANA.email,
      deadline: null,
      stats: [
        {
          numeralId: 211,
          completed: true,
          attempts: 1,
          answerTime: 40,
          lastAttemptDate: '2030-03-04T14:00:00.000Z',
        },
        {
          numeralId: 212,
          completed: true,
          attempts: 2,
          answerTime: 55,
          lastAttemptDate: '2030-03-05T15:07:00.000Z',
        },
        {
          numeralId: 221,
          completed: false,
          attempts: 3,
          answerTime: 30,
          lastAttemptDate: '2030-03-05T15:00:00.000Z',
        },
      ],
    },
    {
      id: CARLOS.id,
      firstName: CARLOS.firstName,
      lastName: CARLOS.lastName,
      studentCode: CARLOS.email,
      deadline: null,
      stats: [],
    },
  ],
};

/** GET classrooms/11/students/7/: Ana's record in Grado 10A. */
export const ANA_DETAIL: StudentDetail = {
  classroom: { id: GRADO_10A.id, name: GRADO_10A.name },
  student: {
    id: ANA.id,
    firstName: ANA.firstName,
    lastName: ANA.lastName,
    email: ANA.email,
    joinedAt: '2030-02-02T12:00:00.000Z',
  },
  progress: { completed: 67, attempted: 33, notAttempted: 0, averageTime: 125 },
  totalTime: ANA.totalTime,
  lastAttempt: ANA.lastAttempt,
  weekly: OVERVIEW_10A.weekly,
  assignments: [
    {
      moduleId: FRACCIONES.moduleId,
      name: FRACCIONES.name,
      publishDate: FRACCIONES.publishDate,
      deadline: FRACCIONES.deadline,
      progress: 67,
      totalTime: 125,
      lastAttempt: ANA.lastAttempt,
      problems: [
        {
          id: 21,
          title: 'Simplificar fracciones',
          numeration: '1',
          numerals: [
            {
              id: 211,
              number: 1,
              completed: true,
              attempts: 1,
              answerTime: 40,
              lastAttemptDate: '2030-03-04T14:00:00.000Z',
            },
            {
              id: 212,
              number: 2,
              completed: true,
              attempts: 2,
              answerTime: 55,
              lastAttemptDate: '2030-03-05T15:07:00.000Z',
            },
          ],
        },
        {
          id: 22,
          title: 'Comparar fracciones',
          numeration: '2',
          numerals: [
            {
              id: 221,
              number: 1,
              completed: false,
              attempts: 3,
              answerTime: 30,
              lastAttemptDate: '2030-03-05T15:00:00.000Z',
            },
          ],
        },
      ],
    },
  ],
};

/** The server's answer for a classroom, assignment or student that is not the teacher's. */
export const NOT_FOUND = refusal(404, 'not-found', 'No encontramos lo que buscas.');

/** The server's answer once the teacher's school has no valid plan. */
export const SUBSCRIPTION_REQUIRED = refusal(
  403,
  'subscription-required',
  'Las clases y los módulos necesitan una suscripción vigente de tu colegio.',
);

/**
 * The teacher server with Grado 10A's overview, the results of Fracciones equivalentes and Ana's
 * record; every other classroom, assignment or student answers 404, as another teacher's would
(classroom 99 says so in the server's words).
 * `extra` adds or replaces answers.
 */
export function classroomServer(extra: Record<string, StubHandler> = {}) {
  const id = GRADO_10A.id;
  return teacherServer(undefined, {
    [`GET classrooms/${id}/overview/`]: { body: OVERVIEW_10A },
    [`GET classrooms/${id}/embed-tokens/`]: { body: { tokens: [] } },
    [`GET classrooms/${id}/assignments/${FRACCIONES.moduleId}/`]: { body: FRACCIONES_RESULTS },
    [`GET classrooms/${id}/students/${ANA.id}/`]: { body: ANA_DETAIL },
    'GET classrooms/99/overview/': NOT_FOUND,
    ...extra,
  });
}
