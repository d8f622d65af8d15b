import type { CurrentUser } from '@kib/api-client';
import type {
  CountriesAnswer,
  CountryData,
  SchoolAdminData,
  SchoolClassroom,
  SchoolInstitution,
  SchoolSubscription,
  SchoolTeacher,
  TeacherRegCode,
} from '@kib/core';
import { STUDENT, type StubAnswer, type StubCall, type StubHandler } from '../../test/render-site';

/** The seeded school administrator, as auth/users/me/ answers. */
export const SCHOOL_ADMIN: CurrentUser = {
  ...STUDENT,
  id: 4,
  email: 'schooladmin@demo.kib',
  firstName: 'Marta',
  lastName: 'Rojas',
  groups: ['School Admin'],
};

/** The seeded platform administrator. */
export const PLATFORM_ADMIN: CurrentUser = {
  ...STUDENT,
  id: 3,
  email: 'platformadmin@demo.kib',
  firstName: 'Paula',
  lastName: 'Ramírez',
  groups: ['Platform Admin'],
};

/** A year whose days are still ahead, so plans and codes stay valid whenever the tests run. */
export const YEAR = new Date().getFullYear() + 2;
/** Noon UTC of a day of {@link YEAR} (or of `year`): the same day in any time zone of the Americas. */
export const noon = (month: number, day: number, year = YEAR) =>
  new Date(Date.UTC(year, month - 1, day, 12)).toISOString();
/** The same day as the site writes it, DD-MM-YYYY. */
export const dmy = (month: number, day: number, year = YEAR) =>
  `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;

export const COLOMBIA = { id: 47, name: 'Colombia', code: 'CO' };
export const ECUADOR = { id: 63, name: 'Ecuador', code: 'EC' };

/** GET get-countries/: a few countries in Spanish order, Colombia not first. */
export const COUNTRIES: CountriesAnswer = {
  countries: [{ id: 1, name: 'Argentina', code: 'AR' }, COLOMBIA, ECUADOR],
  levels: [{ id: 4, name: 'General', nameSpanish: 'General' }],
};

export const ANTIOQUIA = { id: 5, name: 'Antioquia', code: '05' };
export const BOYACA = { id: 15, name: 'Boyacá', code: '15' };

/** GET get-country-data/?country=47: two departments and their cities. */
export const COLOMBIA_DATA: CountryData = {
  territorialEntities: [ANTIOQUIA, BOYACA],
  cities: [
    { id: 5002, name: 'Abejorral', code: '05002', territorialEntityId: ANTIOQUIA.id },
    { id: 5001, name: 'Medellín', code: '05001', territorialEntityId: ANTIOQUIA.id },
    { id: 15001, name: 'Tunja', code: '15001', territorialEntityId: BOYACA.id },
    { id: 15759, name: 'Sogamoso', code: '15759', territorialEntityId: BOYACA.id },
  ],
};

/** GET get-country-data/?country=63: a country without divisions, whose cities are listed at once. */
export const ECUADOR_DATA: CountryData = {
  territorialEntities: [],
  cities: [
    { id: 90001, name: 'Cuenca', code: null, territorialEntityId: null },
    { id: 90002, name: 'Quito', code: null, territorialEntityId: null },
  ],
};

/** The school of the seeded admin. */
export const INSTITUTION: SchoolInstitution = {
  id: 2,
  name: 'Colegio Kib de Medellín',
  country: { id: COLOMBIA.id, name: COLOMBIA.name },
  territorialEntity: { id: ANTIOQUIA.id, name: ANTIOQUIA.name },
  city: { id: 5001, name: 'Medellín' },
  address: 'Calle 10 # 43-12',
  email: 'rectoria@colegiokib.edu.co',
  telephone: '6044441234',
  createdAt: '2030-01-10T15:00:00.000Z',
};

/** A running plan of 300 students, 120 used. */
export const SUBSCRIPTION: SchoolSubscription = {
  status: 'active',
  planValidUntil: noon(12, 31),
  studentLimit: 300,
  students: 120,
  teachers: 2,
  codes: [
    {
      code: 'K7P2QX',
      numberOfStudents: 300,
      planValidUntil: noon(12, 31),
      revoked: false,
      redeemedAt: '2030-01-12T15:00:00.000Z',
    },
  ],
};

export const LAURA: SchoolTeacher = {
  id: 5,
  firstName: 'Laura',
  lastName: 'Martínez',
  email: 'teacher@demo.kib',
  joinedAt: '2030-01-20T15:00:00.000Z',
  lastLogin: noon(3, 2, 2031),
  classrooms: 2,
  students: 45,
  modules: 6,
};

export const JORGE: SchoolTeacher = {
  id: 9,
  firstName: 'Jorge',
  lastName: '<b>Pérez</b>',
  email: 'jorge@colegiokib.edu.co',
  joinedAt: '2030-02-03T15:00:00.000Z',
  lastLogin: null,
  classrooms: 1,
  students: 30,
  modules: 0,
};

const LEVEL = { id: 3, name: 'High school', nameSpanish: 'Media' };

export const GRADO_10A: SchoolClassroom = {
  id: 11,
  name: 'Grado 10A',
  description: 'Jornada de la mañana',
  level: LEVEL,
  teacher: { id: LAURA.id, firstName: LAURA.firstName, lastName: LAURA.lastName },
  students: 30,
  modules: 4,
  createdAt: '2030-02-01T15:00:00.000Z',
};

export const GRADO_9B: SchoolClassroom = {
  id: 12,
  name: 'Grado 9B',
  description: '',
  level: { id: 2, name: 'Middle school', nameSpanish: 'Básica secundaria' },
  teacher: { id: LAURA.id, firstName: LAURA.firstName, lastName: LAURA.lastName },
  students: 15,
  modules: 2,
  createdAt: '2030-02-02T15:00:00.000Z',
};

export const GRADO_11C: SchoolClassroom = {
  id: 13,
  name: 'Grado 11C',
  description: '',
  level: LEVEL,
  teacher: { id: JORGE.id, firstName: JORGE.firstName, lastName: JORGE.lastName },
  students: 30,
  modules: 1,
  createdAt: '2030-02-05T15:00:00.000Z',
};

/** A classroom whose teacher left the school. */
export const GRADO_8A: SchoolClassroom = {
  id: 14,
  name: 'Grado 8A',
  description: '',
  level: { id: 2, name: 'Middle school', nameSpanish: 'Básica secundaria' },
  teacher: null,
  students: 20,
  modules: 3,
  createdAt: '2030-01-25T15:00:00.000Z',
};

/** The teacher codes of the school, newest first: one unused, one used, one expired. */
export const TEACHER_CODES: TeacherRegCode[] = [
  {
    code: 'T4KQ9WZM',
    codeExpiration: noon(3, 15),
    createdAt: '2030-03-01T15:00:00.000Z',
    status: 'unused',
    usedBy: null,
  },
  {
    code: 'H7RN2PXC',
    codeExpiration: noon(2, 20),
    createdAt: '2030-02-01T15:00:00.000Z',
    status: 'used',
    usedBy: { id: LAURA.id, firstName: LAURA.firstName, lastName: LAURA.lastName, email: LAURA.email },
  },
  {
    code: 'E3MV8JKD',
    codeExpiration: noon(1, 20, 2030),
    createdAt: '2030-01-06T15:00:00.000Z',
    status: 'expired',
    usedBy: null,
  },
];

/** A school admin who has not registered a school. */
export const NO_SCHOOL: SchoolAdminData = {
  userData: { firstName: 'Marta' },
  institutionData: null,
  subscription: null,
  teachersData: [],
  classroomsData: [],
};

/** A registered school that never redeemed a school code. */
export const NO_PLAN: SchoolAdminData = { ...NO_SCHOOL, institutionData: INSTITUTION };

/** A school with a running plan, two teachers and four classrooms (one without a teacher). */
export const SCHOOL_DATA: SchoolAdminData = {
  userData: { firstName: 'Marta' },
  institutionData: INSTITUTION,
  subscription: SUBSCRIPTION,
  teachersData: [LAURA, JORGE],
  classroomsData: [GRADO_10A, GRADO_9B, GRADO_11C, GRADO_8A],
};

/** A school with a running plan and no teachers yet. */
export const NO_TEACHERS: SchoolAdminData = {
  ...SCHOOL_DATA,
  subscription: { ...SUBSCRIPTION, teachers: 0, students: 0 },
  teachersData: [],
  classroomsData: [],
};

/** A refusal as the server sends it: its code, its (translated) text, and its field errors. */
export const refusal = (
  status: number,
  code: string,
  detail: string,
  fields?: Record<string, string[]>,
): StubAnswer => ({ status, body: { code, detail, ...(fields ? { fields } : {}) } });

/** A new teacher code the server makes. */
export const NEW_CODE: TeacherRegCode = {
  code: 'N8WQ4RTB',
  codeExpiration: noon(6, 30),
  createdAt: noon(6, 16),
  status: 'unused',
  usedBy: null,
};

/**
 * A small school-admin server: getSchoolAdminData/ answers what the changes left (a school
 * registered, a code redeemed, a teacher removed, a classroom given), so a page that reads again
 * sees them. Every call naming another institution than the school's answers 404, like the server.
 * `extra` adds or replaces answers.
 */
export function schoolAdminServer(
  initial: SchoolAdminData = SCHOOL_DATA,
  extra: Record<string, StubHandler> = {},
) {
  const data: SchoolAdminData = structuredClone(initial);
  const codes: TeacherRegCode[] = structuredClone(TEACHER_CODES);
  const notFound = refusal(404, 'not-found', 'No encontramos lo que buscas.');
  /** Whether a call names the school (its `institutionId`, or none for the admin's own). */
  const names = (call: StubCall, required = true) => {
    const id = (call.body as { institutionId?: number } | undefined)?.institutionId;
    if (id === undefined) return !required;
    return data.institutionData?.id === id;
  };
  const people = () => ({ teachersData: data.teachersData, classroomsData: data.classroomsData });
  const routes: Record<string, StubHandler> = {
    'POST getSchoolAdminData/': (call) => (names(call, false) ? { body: data } : notFound),
    'GET get-countries/': { body: COUNTRIES },
    'GET get-country-data/': ({ query }) => {
      const country = Number(query.get('country'));
      if (country === COLOMBIA.id) return { body: COLOMBIA_DATA };
      if (country === ECUADOR.id) return { body: ECUADOR_DATA };
      return { body: { territorialEntities: [], cities: [] } };
    },
    'POST registerSchool/': ({ body }) => {
      const input = body as {
        institutionName: string;
        cityId: number;
        address: string;
        email: string;
        telephone: string;
      };
      data.institutionData = {
        ...INSTITUTION,
        name: input.institutionName,
        address: input.address,
        email: input.email,
        telephone: input.telephone,
      };
      return { status: 201, body: { institutionData: data.institutionData } };
    },
    'POST setSchoolRegCode/': (call) => {
      if (!names(call)) return notFound;
      data.subscription = { ...SUBSCRIPTION, teachers: data.teachersData.length };
      return { body: { subscription: data.subscription } };
    },
    'POST getTeacherCodes/': (call) => (names(call) ? { body: { teacherRegcodes: codes } } : notFound),
    'POST createTeachersCode/': (call) => {
      if (!names(call)) return notFound;
      codes.unshift(NEW_CODE);
      const { email } = call.body as { email: string | null };
      return { status: 201, body: { code: NEW_CODE, mailed: email !== null } };
    },
    'POST removeteacher/': (call) => {
      const { teacherId } = call.body as { teacherId: number };
      if (!names(call) || !data.teachersData.some((teacher) => teacher.id === teacherId)) return notFound;
      data.teachersData = data.teachersData.filter((teacher) => teacher.id !== teacherId);
      data.classroomsData = data.classroomsData.map((classroom) =>
        classroom.teacher?.id === teacherId ? { ...classroom, teacher: null } : classroom,
      );
      if (data.subscription) data.subscription.teachers = data.teachersData.length;
      return { body: people() };
    },
    'POST reassign-classroom/': (call) => {
      const { classroomId, teacherId } = call.body as { classroomId: number; teacherId: number };
      const teacher = data.teachersData.find((candidate) => candidate.id === teacherId);
      const classroom = data.classroomsData.find((candidate) => candidate.id === classroomId);
      if (!names(call) || !teacher || !classroom) return notFound;
      classroom.teacher = { id: teacher.id, firstName: teacher.firstName, lastName: teacher.lastName };
      return { body: people() };
    },
  };
  return { data, codes, routes: { ...routes, ...extra } };
}
