import { z } from 'zod';
import { ModuleCodeSchema } from './activities.schemas';

const IdSchema = z.number('validation.required').int('validation.invalid').positive('validation.invalid');
const DateTimeSchema = z.iso.datetime();

/** The most problems one module holds. */
export const MODULE_MAX_PROBLEMS = 200;
/** The longest module name. */
export const MODULE_NAME_MAX_LENGTH = 200;

/** A module's two activity codes: students open the activity with one, teachers see its results with the other. */
export const ModuleCodesSchema = z.object({
  students: z.string().nullable(),
  teachers: z.string().nullable(),
});
/** A module's activity codes (null until they are made). */
export type ModuleCodes = z.infer<typeof ModuleCodesSchema>;

/**
 * GET modules/: the caller's modules, newest first (spec 03 "Module list"), filtered by a classroom
 * they are assigned to and by the day they were created (`createdAfter`, `createdBefore`: dates
 * YYYY-MM-DD, both ends included, in UTC).
 */
export const ModuleListQuerySchema = z.object({
  classroom: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .positive('validation.invalid')
    .optional(),
  createdAfter: z.iso.date('validation.invalid').optional(),
  createdBefore: z.iso.date('validation.invalid').optional(),
});
/** The filters of the module list. */
export type ModuleListQuery = z.input<typeof ModuleListQuerySchema>;

/**
 * A module of the caller's as the list shows it. `progress` is the rounded percent of completed
 * numerals over every numeral of every student it is assigned to (0 when assigned to nobody).
 */
export const ModuleSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  numProblems: z.number().int(),
  numClassrooms: z.number().int(),
  classroomIds: z.array(z.number().int()),
  progress: z.number().int(),
  creationDate: DateTimeSchema,
  codes: ModuleCodesSchema,
});
/** A module in the list. */
export type ModuleSummary = z.infer<typeof ModuleSummarySchema>;

/** What GET modules/ answers. */
export const ModuleListSchema = z.object({ modules: z.array(ModuleSummarySchema) });
/** The caller's modules. */
export type ModuleList = z.infer<typeof ModuleListSchema>;

/** A problem as the module builder lists it: enough to pick, order and preview it. */
export const ModuleProblemItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Its position label in the module (1, 2, 3…), null outside a module. */
  numeration: z.string().nullable(),
  topicId: z.number().int().nullable(),
  subtopicId: z.number().int().nullable(),
  numeralCount: z.number().int(),
});
/** A problem in the module builder. */
export type ModuleProblemItem = z.infer<typeof ModuleProblemItemSchema>;

/** One student's own deadline in an assignment, which overrides the classroom's (`student_modules`). */
export const StudentDeadlineSchema = z.object({
  studentId: IdSchema,
  deadline: DateTimeSchema.nullable(),
});

/**
 * A module assigned to one classroom: visible from `publishDate` (or at once), active until
 * `deadline` (or for ever). `studentIds` null assigns it to the whole classroom; a list assigns it to
 * those students only. `studentDeadlines` give chosen students their own deadline.
 */
export const AssignmentSchema = z
  .object({
    classroomId: IdSchema,
    publishDate: z.iso.datetime('validation.invalid').nullable().default(null),
    deadline: z.iso.datetime('validation.invalid').nullable().default(null),
    studentIds: z.array(IdSchema).max(5000, 'validation.too-many').nullable().default(null),
    studentDeadlines: z.array(StudentDeadlineSchema).max(5000, 'validation.too-many').default([]),
  })
  .refine((a) => !a.publishDate || !a.deadline || Date.parse(a.publishDate) <= Date.parse(a.deadline), {
    message: 'validation.deadline-before-publish',
    path: ['deadline'],
  })
  .refine((a) => a.studentIds === null || a.studentIds.length > 0, {
    message: 'validation.assignment-no-students',
    path: ['studentIds'],
  });
/** A module's assignment to a classroom, as the teacher sets it. */
export type AssignmentInput = z.input<typeof AssignmentSchema>;

/** An assignment as the server answers it, with the classroom's name. */
export const AssignmentViewSchema = z.object({
  classroomId: z.number().int(),
  classroomName: z.string(),
  publishDate: DateTimeSchema.nullable(),
  deadline: DateTimeSchema.nullable(),
  studentIds: z.array(z.number().int()).nullable(),
  studentDeadlines: z.array(z.object({ studentId: z.number().int(), deadline: DateTimeSchema.nullable() })),
});
/** A module's assignment to a classroom. */
export type AssignmentView = z.infer<typeof AssignmentViewSchema>;

/** GET modules/{id}/: one module of the caller's with its problems in order, assignments and codes. */
export const ModuleDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  creationDate: DateTimeSchema,
  problems: z.array(ModuleProblemItemSchema),
  assignments: z.array(AssignmentViewSchema),
  codes: ModuleCodesSchema,
});
/** A module of the caller's, whole. */
export type ModuleDetail = z.infer<typeof ModuleDetailSchema>;

/**
 * POST modules/ and PUT modules/{id}/: the module builder's save. The name is needed and unique per
 * teacher (`validation.module-blank`, `validation.module-name-used`); the problems are in their
 * order (numbered 1, 2, 3… by the server), each once, published or the caller's own. `createCodes`
 * makes the module's student and teacher activity codes when it has none.
 */
export const ModuleInputSchema = z.object({
  name: z
    .string('validation.module-blank')
    .trim()
    .min(1, 'validation.module-blank')
    .max(MODULE_NAME_MAX_LENGTH, 'validation.too-long'),
  description: z.string().trim().max(2000, 'validation.too-long').default(''),
  problemIds: z
    .array(IdSchema)
    .max(MODULE_MAX_PROBLEMS, 'validation.too-many')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.module-problem-twice'),
  createCodes: z.boolean().default(false),
});
/** What the module builder saves. */
export type ModuleInput = z.input<typeof ModuleInputSchema>;

/** POST delete-module/ (spec 03 §7): the module to delete. */
export const DeleteModuleSchema = z.object({ id: IdSchema });

/** PUT modules/{id}/assignments/: every assignment of the module (those left out are removed). */
export const ModuleAssignmentsSchema = z.object({
  assignments: z
    .array(AssignmentSchema)
    .max(300, 'validation.too-many')
    .refine(
      (list) => new Set(list.map((a) => a.classroomId)).size === list.length,
      'validation.assignment-classroom-twice',
    ),
});
/** Every assignment of a module, as the teacher sets them. */
export type ModuleAssignmentsInput = z.input<typeof ModuleAssignmentsSchema>;

/** What PUT modules/{id}/assignments/ answers. */
export const ModuleAssignmentsAnswerSchema = z.object({ assignments: z.array(AssignmentViewSchema) });

/** GET module-by-code/?code=: the module whose problems the builder clones (spec 02 "clone by code"). */
export const ModuleByCodeQuerySchema = z.object({ code: ModuleCodeSchema });

/** What GET module-by-code/ answers: the module's name and its published problems, in order. */
export const ModuleByCodeSchema = z.object({
  name: z.string(),
  description: z.string(),
  problems: z.array(ModuleProblemItemSchema),
});
/** A module found by its code, to clone. */
export type ModuleByCode = z.infer<typeof ModuleByCodeSchema>;
