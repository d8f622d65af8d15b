import { z } from 'zod';

const DateTimeSchema = z.iso.datetime();

/** The most students a plan may cover. */
export const SCHOOL_PLAN_MAX_STUDENTS = 1_000_000;

/**
 * What became of a school code: `unused` (can still be redeemed), `code-expired` (never redeemed and
 * past its date), `active` (redeemed, its plan running), `plan-ended` (redeemed, its plan over) or
 * `revoked` (revoked by a platform admin: it cannot be redeemed, and a plan it gave is over).
 */
export const SchoolCodeStatusSchema = z.enum(['unused', 'code-expired', 'active', 'plan-ended', 'revoked']);
/** The state of a school code. */
export type SchoolCodeStatus = z.infer<typeof SchoolCodeStatusSchema>;

/**
 * A school code as the platform admin sees it (spec 03 "Platform administrator landing"): what it
 * was made for, its dates, and, once a school redeemed it, that school with its use of the plan
 * (teachers, and students in its teachers' classrooms against the plan's number).
 */
export const SchoolCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  institutionName: z.string(),
  numberOfStudents: z.number().int(),
  codeValidUntil: DateTimeSchema,
  planValidUntil: DateTimeSchema,
  createdAt: DateTimeSchema,
  revokedAt: DateTimeSchema.nullable(),
  status: SchoolCodeStatusSchema,
  institution: z
    .object({
      id: z.number().int(),
      name: z.string(),
      teachers: z.number().int(),
      students: z.number().int(),
    })
    .nullable(),
});
/** A school code with its use. */
export type SchoolCode = z.infer<typeof SchoolCodeSchema>;

/** GET platform/school-codes/: a search in the code, the name it was made for, or its school's name. */
export const SchoolCodeQuerySchema = z.object({
  search: z.string().trim().max(200, 'validation.too-long').optional(),
});

/** What GET platform/school-codes/ answers: the codes, newest first (at most 500). */
export const SchoolCodeListSchema = z.object({ codes: z.array(SchoolCodeSchema) });
/** The school codes. */
export type SchoolCodeList = z.infer<typeof SchoolCodeListSchema>;

/**
 * POST platform/school-codes/: a new school code (spec 03 §7 "Create school code": numberOfStudents,
 * codeExpiration, planExpiration, institution). The code is made by the server. Both dates are in
 * the future, and the plan does not end before the code does.
 */
export const NewSchoolCodeSchema = z
  .object({
    institutionName: z
      .string('validation.required')
      .trim()
      .min(1, 'validation.required')
      .max(200, 'validation.too-long'),
    numberOfStudents: z
      .number('validation.required')
      .int('validation.invalid')
      .min(1, 'validation.invalid')
      .max(SCHOOL_PLAN_MAX_STUDENTS, 'validation.invalid'),
    codeValidUntil: z.iso.datetime('validation.invalid'),
    planValidUntil: z.iso.datetime('validation.invalid'),
  })
  // An unreadable date has its own message: the order of the two dates is only checked when both read.
  .refine((c) => !(Date.parse(c.planValidUntil) < Date.parse(c.codeValidUntil)), {
    message: 'validation.plan-before-code',
    path: ['planValidUntil'],
  });
/** A new school code, as the platform admin fills it in. */
export type NewSchoolCode = z.input<typeof NewSchoolCodeSchema>;
