import { z } from 'zod';
import { EMAIL_PATTERN, EmailSchema } from './auth.schemas';

const DateTimeSchema = z.iso.datetime();
/** The largest id a row can have (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

const IdSchema = z
  .number('validation.required')
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(MAX_ID, 'validation.invalid');

/** How many days a new teacher code is valid unless the school admin says otherwise. */
export const TEACHER_CODE_DEFAULT_DAYS = 14;
/** The longest a teacher code may be valid, in days. */
export const TEACHER_CODE_MAX_DAYS = 90;
/** The length of a teacher code (letters and digits not read alike). */
export const TEACHER_CODE_LENGTH = 8;

/**
 * A school's telephone (spec 03 §5): digits only, without country code or spaces, 7 to 15 of them
 * (spaces, dashes, dots and brackets the admin types are dropped first).
 */
export const SchoolTelephoneSchema = z
  .string('validation.school-phone')
  .transform((text) => text.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\d{7,15}$/, 'validation.school-phone'));

/**
 * POST registerSchool/ (spec 03 "Register school": institutionName, city, address, telephone, email;
 * §5: a valid e-mail, a numeric telephone, a name and a city are required). The country and the
 * territorial entity are those of the city; the server checks that they agree.
 */
export const SchoolRegistrationSchema = z.object({
  institutionName: z
    .string('validation.school-name')
    .trim()
    .min(1, 'validation.school-name')
    .max(200, 'validation.too-long'),
  countryId: z.number('validation.school-country').pipe(IdSchema),
  territorialEntityId: IdSchema.nullable().default(null),
  cityId: z.number('validation.school-city').pipe(IdSchema),
  address: z.string().trim().max(300, 'validation.too-long').default(''),
  email: z
    .string('validation.school-email')
    .trim()
    .max(254, 'validation.too-long')
    .regex(EMAIL_PATTERN, 'validation.school-email'),
  telephone: SchoolTelephoneSchema,
});
/** A school's registration, as the school admin fills it in. */
export type SchoolRegistration = z.input<typeof SchoolRegistrationSchema>;

/** A place (country, territorial entity, city) by id and name. */
const PlaceSchema = z.object({ id: z.number().int(), name: z.string() });

/** A school as its admin sees it. */
export const SchoolInstitutionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: PlaceSchema.nullable(),
  territorialEntity: PlaceSchema.nullable(),
  city: PlaceSchema,
  address: z.string(),
  email: z.string(),
  telephone: z.string(),
  createdAt: DateTimeSchema,
});
/** A registered school. */
export type SchoolInstitution = z.infer<typeof SchoolInstitutionSchema>;

/**
 * Where a school's plan stands (spec 03 §4, issue "Subscriptions that mean something"):
 * `active` while a redeemed, unrevoked plan runs and the school's students fit in it; `full` while a
 * plan runs but the school has as many students as its plans allow (teachers cannot add more);
 * `ended` when every plan it redeemed is over or revoked.
 */
export const SchoolPlanStatusSchema = z.enum(['active', 'full', 'ended']);
/** The state of a school's plan. */
export type SchoolPlanStatus = z.infer<typeof SchoolPlanStatusSchema>;

/** One school code a school redeemed, as its admin sees it. */
export const SchoolPlanCodeSchema = z.object({
  code: z.string(),
  numberOfStudents: z.number().int(),
  planValidUntil: DateTimeSchema,
  revoked: z.boolean(),
  redeemedAt: DateTimeSchema,
});

/**
 * A school's subscription: its state, until when it runs (the latest end of its running plans, or of
 * the last one when all are over), the students its running plans allow (their sum) and the students
 * it has (distinct students of the school's classrooms), its teachers, and the codes it redeemed.
 */
export const SchoolSubscriptionSchema = z.object({
  status: SchoolPlanStatusSchema,
  planValidUntil: DateTimeSchema,
  studentLimit: z.number().int(),
  students: z.number().int(),
  teachers: z.number().int(),
  codes: z.array(SchoolPlanCodeSchema),
});
/** A school's subscription. */
export type SchoolSubscription = z.infer<typeof SchoolSubscriptionSchema>;

/** A teacher of the school as its admin lists them, with what they hold in it. */
export const SchoolTeacherSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  joinedAt: DateTimeSchema,
  /** The teacher's last login, when known. */
  lastLogin: DateTimeSchema.nullable(),
  classrooms: z.number().int(),
  /** Distinct students of the teacher's classrooms. */
  students: z.number().int(),
  modules: z.number().int(),
});
/** A teacher of a school. */
export type SchoolTeacher = z.infer<typeof SchoolTeacherSchema>;

/**
 * A classroom of the school: the school keeps it when its teacher leaves (then `teacher` is null
 * until the admin gives it to another teacher of the school).
 */
export const SchoolClassroomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  level: z.object({ id: z.number().int(), name: z.string(), nameSpanish: z.string() }),
  teacher: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  students: z.number().int(),
  modules: z.number().int(),
  createdAt: DateTimeSchema,
});
/** A classroom of a school. */
export type SchoolClassroom = z.infer<typeof SchoolClassroomSchema>;

/**
 * POST getSchoolAdminData/ (spec 03 §7: userData, institutionData, subscription, teachersData,
 * classroomsData): a school admin's own school, or, for a platform admin, the school of
 * `institutionId` (which a platform admin must give).
 */
export const SchoolAdminDataQuerySchema = z.object({ institutionId: IdSchema.optional() });

/**
 * What POST getSchoolAdminData/ answers, by the states of spec 03 §4: no institution (`institution`
 * null: the registration form), an institution that never redeemed a school code (`subscription`
 * null: the registration-code form), else the dashboard.
 */
export const SchoolAdminDataSchema = z.object({
  userData: z.object({ firstName: z.string() }),
  institutionData: SchoolInstitutionSchema.nullable(),
  subscription: SchoolSubscriptionSchema.nullable(),
  teachersData: z.array(SchoolTeacherSchema),
  classroomsData: z.array(SchoolClassroomSchema),
});
/** A school admin's dashboard data. */
export type SchoolAdminData = z.infer<typeof SchoolAdminDataSchema>;

/** What POST registerSchool/ answers (spec 03 §7: institutionData). */
export const RegisteredSchoolSchema = z.object({ institutionData: SchoolInstitutionSchema });

/** The school an admin's call is about (spec 03 §7: institutionId). */
export const InstitutionRefSchema = z.object({ institutionId: IdSchema });

/** POST setSchoolRegCode/: the platform admin's school code, redeemed for the school (spaces dropped). */
export const SetSchoolRegCodeSchema = z.object({
  institutionId: IdSchema,
  regCode: z
    .string('validation.required')
    .transform((code) => code.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().min(1, 'validation.required').max(20, 'validation.too-long')),
});

/** What POST setSchoolRegCode/ answers: the school's subscription now. */
export const SchoolSubscriptionAnswerSchema = z.object({ subscription: SchoolSubscriptionSchema });

/**
 * A teacher code of the school (spec 03 §3 "Teacher code: code, codeExpiration"): `unused` until it
 * expires, `used` once a teacher joined with it (by whom), `expired` after its date unused.
 */
export const TeacherRegCodeSchema = z.object({
  code: z.string(),
  codeExpiration: DateTimeSchema,
  createdAt: DateTimeSchema,
  status: z.enum(['unused', 'used', 'expired']),
  usedBy: z
    .object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() })
    .nullable(),
});
/** A teacher code. */
export type TeacherRegCode = z.infer<typeof TeacherRegCodeSchema>;

/**
 * POST createTeachersCode/: a new teacher code for the school, valid for `validDays` days; with
 * `email`, the code and how to use it are e-mailed there.
 */
export const CreateTeachersCodeSchema = z.object({
  institutionId: IdSchema,
  validDays: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(TEACHER_CODE_MAX_DAYS, 'validation.invalid')
    .default(TEACHER_CODE_DEFAULT_DAYS),
  email: z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : text))
    .pipe(EmailSchema.nullable())
    .nullable()
    .default(null),
});
/** A new teacher code, as the school admin asks for it. */
export type CreateTeachersCode = z.input<typeof CreateTeachersCodeSchema>;

/** What POST createTeachersCode/ answers: the new code, and whether it was e-mailed. */
export const NewTeacherCodeSchema = z.object({ code: TeacherRegCodeSchema, mailed: z.boolean() });

/** What POST getTeacherCodes/ answers (spec 03 §7: teacherRegcodes), newest first. */
export const TeacherCodesSchema = z.object({ teacherRegcodes: z.array(TeacherRegCodeSchema) });

/** What POST getschoolteachersdata/ answers: the school's teachers, by last name. */
export const SchoolTeachersSchema = z.object({ teachersData: z.array(SchoolTeacherSchema) });

/** POST removeteacher/ (spec 03 §7: teacherId, institutionId). */
export const RemoveTeacherSchema = z.object({ institutionId: IdSchema, teacherId: IdSchema });

/** What POST removeteacher/ answers (spec 03 §7): the teachers and classrooms after the removal. */
export const SchoolTeachersClassroomsSchema = z.object({
  teachersData: z.array(SchoolTeacherSchema),
  classroomsData: z.array(SchoolClassroomSchema),
});

/** POST reassign-classroom/: gives a classroom of the school to one of its teachers. */
export const ReassignClassroomSchema = z.object({
  institutionId: IdSchema,
  classroomId: IdSchema,
  teacherId: IdSchema,
});

/** POST get-institution-teachers-classrooms/ (spec 03 §7: institutionId, getModules). */
export const InstitutionTeachersClassroomsQuerySchema = z.object({
  institutionId: IdSchema,
  getModules: z.boolean().default(false),
});

/**
 * What POST get-institution-teachers-classrooms/ answers (spec 03 §7): the school's classrooms and
 * teachers, and with `getModules` the modules assigned to its classrooms, those assignments, the
 * modules' problems in order, and the problems' titles.
 */
export const InstitutionTeachersClassroomsSchema = z.object({
  data: z.object({
    classrooms: z.array(SchoolClassroomSchema),
    teachers: z.array(SchoolTeacherSchema),
    modules: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        description: z.string(),
        authorId: z.number().int(),
      }),
    ),
    moduleClassrooms: z.array(
      z.object({
        moduleId: z.number().int(),
        classroomId: z.number().int(),
        publishDate: DateTimeSchema.nullable(),
        deadline: DateTimeSchema.nullable(),
      }),
    ),
    moduleProblems: z.array(
      z.object({
        moduleId: z.number().int(),
        problemId: z.number().int(),
        numeration: z.string().nullable(),
      }),
    ),
    problems: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
});
/** A school's teachers and classrooms, with their modules when asked. */
export type InstitutionTeachersClassrooms = z.infer<typeof InstitutionTeachersClassroomsSchema>;
