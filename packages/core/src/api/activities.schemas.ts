import { z } from 'zod';

const IdSchema = z.number().int().positive().max(2_147_483_647);

/** The longest first or last name of a temporary (code) student. */
export const TEMP_STUDENT_NAME_MAX_LENGTH = 150;
/** The longest personal code of a temporary (code) student. */
export const TEMP_STUDENT_CODE_MAX_LENGTH = 50;

/**
 * An activity code as typed: spaces dropped (spec 03 §5) and letters upper-cased, because codes are
 * read aloud, copied from chat messages and typed on phones that capitalise the first letter.
 */
export const ModuleCodeSchema = z
  .string()
  .max(64)
  .transform((code) => code.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().min(1, 'validation.required').max(32));

/** GET validatemodulecodestudents/?module_code= and validatemodulecodeteachers/?module_code=. */
export const ModuleCodeQuerySchema = z.object({ moduleCode: ModuleCodeSchema });

const NameSchema = z
  .string()
  .trim()
  .max(TEMP_STUDENT_NAME_MAX_LENGTH)
  .nullish()
  .transform((name) => name ?? '');

/**
 * POST register_temp_student/: a student without an account joins the activity of a student code.
 * Both names empty is allowed (the student stays anonymous, spec 03 §5); the personal code is
 * optional and an empty one is no code.
 */
export const RegisterTempStudentSchema = z.object({
  moduleCode: ModuleCodeSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  studentCode: z
    .string()
    .trim()
    .max(TEMP_STUDENT_CODE_MAX_LENGTH)
    .nullish()
    .transform((code) => (code ? code : null)),
});
/** A validated temporary-student registration. */
export type RegisterTempStudent = z.infer<typeof RegisterTempStudentSchema>;

/**
 * POST delete_temp_student/: a teacher removes a student from the activity. The teacher code of the
 * student's module is the credential.
 */
export const DeleteTempStudentSchema = z.object({
  studentId: IdSchema,
  moduleCode: ModuleCodeSchema,
});
/** A validated removal of a temporary student. */
export type DeleteTempStudent = z.infer<typeof DeleteTempStudentSchema>;

/** The module an activity code opens (camelCase; snake_case on the wire). */
export interface ActivityModuleData {
  id: number;
  name: string;
  description: string;
  /** When the activity's codes stop working (ISO 8601), or null when they never do. */
  validUntil: string | null;
}

/** A numeral inside a problem of the activity: its id and its number in the problem. */
export interface ActivityProblemNumeral {
  id: number;
  number: number;
}

/** A published problem of the activity, in numeration order, with its numerals. */
export interface ActivityProblem {
  id: number;
  title: string;
  numeration: string | null;
  numerals: ActivityProblemNumeral[];
}

/** A numeral of the activity with what it asks (never its answer). */
export interface ActivityNumeral {
  id: number;
  problemId: number;
  number: number;
  question: string;
  mathType: string;
}

/** A student's record on one numeral. */
export interface ActivityNumeralStat {
  numeralId: number;
  completed: boolean;
  attempts: number;
  answerTime: number;
  lastAttemptDate: string | null;
}

/** A temporary student of the activity with their stats on its numerals. */
export interface ActivityStudent {
  id: number;
  firstName: string;
  lastName: string;
  studentCode: string | null;
  stats: ActivityNumeralStat[];
}

/** The class's record on one numeral: how many students completed or only attempted it, and their time. */
export interface ActivityNumeralSummary {
  numeralId: number;
  completed: number;
  attempted: number;
  attempts: number;
  answerTime: number;
}

/**
 * What validatemodulecodestudents/ answers (spec 03 §7): the module and its problems. The caller's
 * own record (`studentsData` with one entry, `numeralsStats` with their stats) is filled only when
 * the request carries the access token of a temporary student of that module; otherwise both are empty.
 */
export interface ModuleCodeStudentsAnswer {
  validCode: true;
  moduleData: ActivityModuleData;
  problems: ActivityProblem[];
  numerals: ActivityNumeral[];
  studentsData: Omit<ActivityStudent, 'stats'>[];
  numeralsStats: ActivityNumeralStat[];
}

/**
 * What validatemodulecodeteachers/ answers (spec 03 §7): the whole results of the activity.
 * `{ assignment: moduleData, problems, students: studentsData }` is exactly the data of the
 * widgets' ActivityResults dashboard.
 */
export interface ModuleCodeTeachersAnswer {
  validCode: true;
  moduleData: ActivityModuleData;
  problems: ActivityProblem[];
  numerals: ActivityNumeral[];
  studentsData: ActivityStudent[];
  numeralsStats: ActivityNumeralSummary[];
}

/**
 * What register_temp_student/ answers: the new student's id and a short-lived access token whose
 * caller is that student, for proof/, hints/ and getstudentproblemsolutiondata/.
 */
export interface TempStudentRegistration {
  tempStudentId: number;
  access: string;
}
