import type { CurrentUser } from '@kib/api-client';
import type { ClassroomLevels, ClassroomStudents, TeacherClassroom, TeacherData } from '@kib/core';
import { STUDENT, type StubAnswer, type StubCall, type StubHandler } from '../../test/render-site';

/** The seeded teacher, as auth/users/me/ answers. */
export const TEACHER: CurrentUser = {
  ...STUDENT,
  id: 5,
  email: 'teacher@demo.kib',
  firstName: 'Laura',
  lastName: 'Martínez',
  groups: ['Teachers'],
};

/** The levels of get-classroom-levels/, as the server's migration makes them. */
export const LEVELS: ClassroomLevels['levels'] = [
  { id: 1, name: 'Elementary school', nameSpanish: 'Primaria' },
  { id: 2, name: 'Middle school', nameSpanish: 'Básica secundaria' },
  { id: 3, name: 'High school', nameSpanish: 'Media' },
  { id: 4, name: 'General', nameSpanish: 'General' },
  { id: 5, name: 'University', nameSpanish: 'Universidad' },
];

export const GRADO_10A: TeacherClassroom = {
  id: 11,
  name: 'Grado 10A',
  description: 'Jornada de la mañana',
  code: 'KIBCLS',
  levelId: 4,
  studentCount: 2,
  moduleCount: 3,
  createdAt: '2030-02-01T12:00:00.000Z',
};

export const GRADO_9B: TeacherClassroom = {
  id: 12,
  name: 'Grado 9B',
  description: '',
  code: 'NQ7RT4',
  levelId: 3,
  studentCount: 1,
  moduleCount: 1,
  createdAt: '2030-01-15T12:00:00.000Z',
};

/** The teacher's school: its plan runs until 2031 and has room for 18 more students. */
export const SCHOOL: NonNullable<TeacherData['institution']> = {
  id: 2,
  name: 'Colegio Kib de Medellín',
  planValidUntil: '2031-06-30T12:00:00.000Z',
  students: 182,
  studentLimit: 200,
};

/** A teacher of a school whose plan is valid, with two classrooms. */
export const TEACHER_DATA: TeacherData = {
  validSubscription: true,
  institution: SCHOOL,
  classrooms: [GRADO_10A, GRADO_9B],
};

/** The students of Grado 10A, as getregisterstudents/ lists them. */
export const STUDENTS_10A: ClassroomStudents['students'] = [
  {
    id: 7,
    firstName: 'Ana',
    lastName: 'Gómez',
    email: 'student@demo.kib',
    isActive: true,
    joinedAt: '2030-02-02T12:00:00.000Z',
  },
  {
    id: 8,
    firstName: 'Carlos',
    lastName: 'Pérez',
    email: 'student2@demo.kib',
    isActive: false,
    joinedAt: '2030-02-03T12:00:00.000Z',
  },
];

/** A teacher who has not joined any school yet. */
export const NO_SCHOOL: TeacherData = { validSubscription: false, institution: null, classrooms: [] };

/** A refusal as the server sends it: its code, its (translated) text, and its field errors. */
export const refusal = (
  status: number,
  code: string,
  detail: string,
  fields?: Record<string, string[]>,
): StubAnswer => ({ status, body: { code, detail, ...(fields ? { fields } : {}) } });

/**
 * A small teacher server: get-teacher-data/ answers what the changes left (a classroom created,
 * changed, deleted; a school joined), so a page that reads again sees them. `extra` adds or replaces
 * answers.
 */
export function teacherServer(initial: TeacherData = TEACHER_DATA, extra: Record<string, StubHandler> = {}) {
  const data: TeacherData = { ...initial, classrooms: [...initial.classrooms] };
  const routes: Record<string, StubHandler> = {
    'GET get-teacher-data/': () => ({ body: data }),
    'GET get-classroom-levels/': { body: { levels: LEVELS } },
    'GET getregisterstudents/': ({ query }: StubCall) => ({
      body: { students: query.get('classroom') === String(GRADO_10A.id) ? STUDENTS_10A : [] },
    }),
    'POST classrooms/': ({ body }: StubCall) => {
      const input = body as { name: string; description: string; levelId: number };
      if (data.classrooms.some((classroom) => classroom.name === input.name))
        return refusal(409, 'classroom-name-used', 'Ya tienes un salón con este nombre', {
          name: ['Ya tienes un salón con este nombre'],
        });
      const created: TeacherClassroom = {
        ...input,
        id: 30 + data.classrooms.length,
        code: 'NEW234',
        studentCount: 0,
        moduleCount: 0,
        createdAt: '2030-03-01T12:00:00.000Z',
      };
      data.classrooms.unshift(created);
      return { status: 201, body: created };
    },
    'POST registerTeacherToSchool/': () => {
      data.validSubscription = true;
      data.institution = SCHOOL;
      return { body: { institution: { id: SCHOOL.id, name: SCHOOL.name }, validSubscription: true } };
    },
  };
  for (const classroom of initial.classrooms) {
    routes[`PUT classrooms/${classroom.id}`] = ({ body }: StubCall) => {
      const input = body as { name: string; description: string; levelId: number };
      const index = data.classrooms.findIndex((c) => c.id === classroom.id);
      const changed = { ...data.classrooms[index]!, ...input };
      data.classrooms[index] = changed;
      return { body: changed };
    };
    routes[`DELETE classrooms/${classroom.id}`] = () => {
      data.classrooms = data.classrooms.filter((c) => c.id !== classroom.id);
      return { status: 204 };
    };
  }
  return { data, routes: { ...routes, ...extra } };
}
