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
export const ActivityModuleDataSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** When the activity's codes stop working (ISO 8601), or null when they never do. */
  validUntil: z.string().nullable(),
});
/** The module an activity code opens. */
export type ActivityModuleData = z.infer<typeof ActivityModuleDataSchema>;

/** A numeral inside a problem of the activity: its id and its number in the problem. */
export const ActivityProblemNumeralSchema = z.object({ id: z.number().int(), number: z.number().int() });
/** A numeral inside a problem of the activity. */
export type ActivityProblemNumeral = z.infer<typeof ActivityProblemNumeralSchema>;

/** A published problem of the activity, in numeration order, with its numerals. */
export const ActivityProblemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  numeration: z.string().nullable(),
  numerals: z.array(ActivityProblemNumeralSchema),
});
/** A published problem of the activity. */
export type ActivityProblem = z.infer<typeof ActivityProblemSchema>;

/** A numeral of the activity with what it asks (never its answer). */
export const ActivityNumeralSchema = z.object({
  id: z.number().int(),
  problemId: z.number().int(),
  number: z.number().int(),
  question: z.string(),
  mathType: z.string(),
});
/** A numeral of the activity with what it asks. */
export type ActivityNumeral = z.infer<typeof ActivityNumeralSchema>;

/**
 * A student's record on one numeral: completed once ever completed, attempts, the seconds spent and
 * the last attempt (ISO 8601). proof/ answers it too, for the numeral just answered.
 */
export const ActivityNumeralStatSchema = z.object({
  numeralId: z.number().int(),
  completed: z.boolean(),
  attempts: z.number().int(),
  answerTime: z.number(),
  lastAttemptDate: z.string().nullable(),
});
/** A student's record on one numeral. */
export type ActivityNumeralStat = z.infer<typeof ActivityNumeralStatSchema>;

/** A temporary student of the activity, without their stats. */
export const ActivityStudentDataSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  studentCode: z.string().nullable(),
});

/** A temporary student of the activity with their stats on its numerals. */
export const ActivityStudentSchema = ActivityStudentDataSchema.extend({
  stats: z.array(ActivityNumeralStatSchema),
});
/** A temporary student of the activity with their stats. */
export type ActivityStudent = z.infer<typeof ActivityStudentSchema>;

/** The class's record on one numeral: how many students completed or only attempted it, and their time. */
export const ActivityNumeralSummarySchema = z.object({
  numeralId: z.number().int(),
  completed: z.number().int(),
  attempted: z.number().int(),
  attempts: z.number().int(),
  answerTime: z.number(),
});
/** The class's record on one numeral. */
export type ActivityNumeralSummary = z.infer<typeof ActivityNumeralSummarySchema>;

/**
 * What validatemodulecodestudents/ answers (spec 03 §7): the module and its problems. The caller's
 * own record (`studentsData` with one entry, `numeralsStats` with their stats) is filled only when
 * the request carries the access token of a temporary student of that module; otherwise both are empty.
 */
export const ModuleCodeStudentsAnswerSchema = z.object({
  validCode: z.literal(true),
  moduleData: ActivityModuleDataSchema,
  problems: z.array(ActivityProblemSchema),
  numerals: z.array(ActivityNumeralSchema),
  studentsData: z.array(ActivityStudentDataSchema),
  numeralsStats: z.array(ActivityNumeralStatSchema),
});
/** What validatemodulecodestudents/ answers. */
export type ModuleCodeStudentsAnswer = z.infer<typeof ModuleCodeStudentsAnswerSchema>;

/**
 * What validatemodulecodeteachers/ answers (spec 03 §7): the whole results of the activity.
 * `{ assignment: moduleData, problems, students: studentsData }` is exactly the data of the
 * widgets' ActivityResults dashboard.
 */
export const ModuleCodeTeachersAnswerSchema = z.object({
  validCode: z.literal(true),
  moduleData: ActivityModuleDataSchema,
  problems: z.array(ActivityProblemSchema),
  numerals: z.array(ActivityNumeralSchema),
  studentsData: z.array(ActivityStudentSchema),
  numeralsStats: z.array(ActivityNumeralSummarySchema),
});
/** What validatemodulecodeteachers/ answers. */
export type ModuleCodeTeachersAnswer = z.infer<typeof ModuleCodeTeachersAnswerSchema>;

/**
 * What register_temp_student/ answers: the new student's id and a short-lived access token whose
 * caller is that student, for proof/, hints/ and getstudentproblemsolutiondata/.
 */
export const TempStudentRegistrationSchema = z.object({
  tempStudentId: z.number().int(),
  access: z.string(),
});
/** What register_temp_student/ answers. */
export type TempStudentRegistration = z.infer<typeof TempStudentRegistrationSchema>;
