import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.schemas';
import { backgroundJobSchema } from './jobs.schemas';

/** A classroom's registration code has this many characters (spec 03 §9). */
export const CLASSROOM_CODE_LENGTH = 6;
/** The level a classroom gets unless the teacher picks another (spec 03 §9: "General"). */
export const DEFAULT_CLASSROOM_LEVEL_ID = 4;

const DateTimeSchema = z.iso.datetime();

/** GET get-classroom-levels/: the levels a classroom may have, with their English and Spanish names. */
export const ClassroomLevelsSchema = z.object({
  levels: z.array(z.object({ id: z.number().int(), name: z.string(), nameSpanish: z.string() })),
});
/** What GET get-classroom-levels/ answers. */
export type ClassroomLevels = z.infer<typeof ClassroomLevelsSchema>;

/** A teacher's classroom as the dashboard lists it: its registration code and what it holds. */
export const TeacherClassroomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The registration code students join with. */
  code: z.string(),
  levelId: z.number().int(),
  studentCount: z.number().int(),
  moduleCount: z.number().int(),
  createdAt: DateTimeSchema,
});
/** A classroom of the caller's. */
export type TeacherClassroom = z.infer<typeof TeacherClassroomSchema>;

/**
 * GET get-teacher-data/: whether the teacher may use classes and modules (a school of theirs with a
 * plan that has not ended), their school, and their classrooms, newest first. The school says until
 * when its latest plan runs, how many students it has (the distinct students of its classrooms,
 * whoever teaches them) and how many its running plans allow together (0 when none runs): once
 * `students` reaches `studentLimit`, no new student can join its classrooms.
 */
export const TeacherDataSchema = z.object({
  validSubscription: z.boolean(),
  institution: z
    .object({
      id: z.number().int(),
      name: z.string(),
      planValidUntil: DateTimeSchema.nullable(),
      students: z.number().int(),
      studentLimit: z.number().int(),
    })
    .nullable(),
  classrooms: z.array(TeacherClassroomSchema),
});
/** What GET get-teacher-data/ answers. */
export type TeacherData = z.infer<typeof TeacherDataSchema>;

/**
 * POST classrooms/ and PUT classrooms/{id}: a classroom's name (unique per teacher), description and
 * level. The registration code is made by the server; a `code` sent by the client is ignored.
 */
export const ClassroomInputSchema = z.object({
  name: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.classroom-name-blank')
    .max(150, 'validation.too-long'),
  description: z.string().trim().max(2000, 'validation.too-long').default(''),
  levelId: z
    .number('validation.invalid')
    .int('validation.invalid')
    .positive('validation.invalid')
    .default(DEFAULT_CLASSROOM_LEVEL_ID),
  code: z.unknown().optional(),
  id: z.unknown().optional(),
});
/** What a teacher sends to create or change a classroom. */
export type ClassroomInput = z.input<typeof ClassroomInputSchema>;

/** POST registerTeacherToSchool/: the teacher code a school admin gave the teacher. */
export const RegisterTeacherToSchoolSchema = z.object({
  code: z
    .string('validation.required')
    .transform((code) => code.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().min(1, 'validation.required').max(20, 'validation.too-long')),
});

/** What POST registerTeacherToSchool/ answers: the school joined and whether its plan is valid now. */
export const TeacherSchoolSchema = z.object({
  institution: z.object({ id: z.number().int(), name: z.string() }),
  validSubscription: z.boolean(),
});
/** The school a teacher joined. */
export type TeacherSchool = z.infer<typeof TeacherSchoolSchema>;

/** The most students one bulk registration takes (spec 03 "Bulk registration"). */
export const BULK_REGISTRATION_MAX_ROWS = 5000;

/**
 * One row of a bulk registration as the teacher typed or uploaded it: columns 0–2 are first name,
 * last name and e-mail. Rows are checked one by one by the server, so a bad row is answered on its
 * own line and never refuses the others.
 */
export const NewStudentRowSchema = z.object({
  firstName: z.string().max(150, 'validation.too-long').default(''),
  lastName: z.string().max(150, 'validation.too-long').default(''),
  email: z.string().max(254, 'validation.too-long').default(''),
  /** A password chosen by the teacher; without one, the spec's rule makes it ({@link studentPassword}). */
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, 'validation.password-too-short')
    .max(256, 'validation.too-long')
    .optional(),
});
/** A row of a bulk registration. */
export type NewStudentRow = z.input<typeof NewStudentRowSchema>;

/** POST createregisterstudents/: the classroom and its new students. */
export const RegisterStudentsSchema = z.object({
  classroom: z.number('validation.required').int('validation.invalid').positive('validation.invalid'),
  newStudents: z
    .array(NewStudentRowSchema)
    .min(1, 'validation.required')
    .max(BULK_REGISTRATION_MAX_ROWS, 'validation.too-many'),
});

/** The largest spreadsheet a bulk registration takes, in bytes. */
export const STUDENT_SPREADSHEET_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The most a spreadsheet of new students may unpack to, in bytes (.xlsx and .ods are zip archives):
 * 5,000 students unpack to about 2 MB, a "zip bomb" to gigabytes.
 */
export const STUDENT_SPREADSHEET_MAX_UNPACKED_BYTES = 10 * 1024 * 1024;

/** The most files a spreadsheet's archive may hold (a workbook has a few dozen). */
export const STUDENT_SPREADSHEET_MAX_ENTRIES = 1_000;

/**
 * The most cells the first sheet of a spreadsheet of new students may span in the rows read (5,000
 * students in 40 columns): the three columns read and whatever else a teacher keeps beside them.
 */
export const STUDENT_SPREADSHEET_MAX_CELLS = 200_000;

/**
 * POST createregisterstudents/file/: a spreadsheet of new students (.xlsx, .xls, .ods or .csv), its
 * bytes in base64. The first sheet is read; its first row (the headings) is skipped; columns 0–2
 * are first name, last name and e-mail.
 */
export const RegisterStudentsFileSchema = z.object({
  classroom: z.number('validation.required').int('validation.invalid').positive('validation.invalid'),
  content: z
    .base64('validation.spreadsheet-invalid')
    .min(1, 'validation.required')
    .max(Math.ceil(STUDENT_SPREADSHEET_MAX_BYTES / 3) * 4, 'validation.spreadsheet-too-large'),
});

/**
 * What became of each row, in the order sent: `Created` (a new active student account, with the
 * password to hand out), `AlreadyExisted` (an active account, now in the classroom), `WasNotActive`
 * (an account not yet activated: activated and in the classroom, its password unchanged), or
 * `Error` with the first problem's message key (i18n).
 */
export const RegisteredStudentSchema = z.object({
  row: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  action: z.enum(['Created', 'AlreadyExisted', 'WasNotActive', 'Error']),
  password: z.string().nullable(),
  error: z.string().nullable(),
});
/** A row's outcome in a bulk registration. */
export type RegisteredStudent = z.infer<typeof RegisteredStudentSchema>;

/** The outcome of a bulk registration: each row's. */
export const RegisterStudentsAnswerSchema = z.object({ results: z.array(RegisteredStudentSchema) });
/** The outcome of a bulk registration. */
export type RegisterStudentsAnswer = z.infer<typeof RegisterStudentsAnswerSchema>;

/**
 * A bulk registration, run as a background job (createregisterstudents/ answers it at once,
 * `queued`; createregisterstudents/{id}/ follows it): thousands of rows do not hold a request open
 * while their passwords are hashed, and a registration survives a restart of the server. Its
 * outcome (the new accounts' passwords included) is kept encrypted and is shown once.
 */
export const RegistrationJobSchema = backgroundJobSchema(RegisterStudentsAnswerSchema);
/** A bulk registration, as createregisterstudents/ and createregisterstudents/{id}/ answer it. */
export type RegistrationJob = z.infer<typeof RegistrationJobSchema>;

/**
 * The password of a student a teacher registers without choosing one (spec 03 §3): the first name
 * without spaces, lower-cased, then `.1234`; `student.1234` when the first name is empty.
 */
export function studentPassword(firstName: string): string {
  const name = firstName.replace(/\s+/g, '').toLowerCase();
  return `${name || 'student'}.1234`;
}

/** GET getregisterstudents/: the classroom whose students are listed. */
export const ClassroomStudentsQuerySchema = z.object({
  classroom: z.coerce.number('validation.required').int('validation.invalid').positive('validation.invalid'),
});

/**
 * What GET getregisterstudents/ answers: the students of one of the caller's classrooms, by last
 * name then first name, with when they joined and whether their account is active.
 */
export const ClassroomStudentsSchema = z.object({
  students: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      isActive: z.boolean(),
      joinedAt: DateTimeSchema,
    }),
  ),
});
/** The students of a classroom, as its teacher sees them. */
export type ClassroomStudents = z.infer<typeof ClassroomStudentsSchema>;
