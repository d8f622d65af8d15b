import { z } from 'zod';
import { ModuleCodeSchema } from './activities.schemas';
import { NamedContentSchema } from './content.schemas';
import {
  MODULE_MAX_PROBLEMS,
  MODULE_NAME_MAX_LENGTH,
  ModuleProblemItemSchema,
} from './teacher-modules.schemas';

const IdSchema = z.number('validation.required').int('validation.invalid').positive('validation.invalid');
const DateTimeSchema = z.iso.datetime();

/** The longest name of an open activity's institution, classroom or teacher. */
export const TEMP_ACTIVITY_TEXT_MAX_LENGTH = 200;
/** How many days ahead an open activity may stay valid. */
export const TEMP_ACTIVITY_MAX_DAYS = 366;

/** A teacher who was given a copy of a creator's module (the copy is theirs, in their module list). */
export const AssignedTeacherSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** The teacher's copy of the module. */
  moduleId: z.number().int(),
});
/** A teacher who has a copy of the module. */
export type AssignedTeacher = z.infer<typeof AssignedTeacherSchema>;

/**
 * An open activity of a module (spec 02 §3 "Temp activity"): students open it with its student
 * access code at /code/student and the teacher reads its results with the teacher access code, until
 * `validUntil`. `targetTeacherId` is the Kib teacher it was opened for.
 */
export const TempActivitySchema = z.object({
  id: z.number().int(),
  studentAccessCode: z.string(),
  teacherAccessCode: z.string(),
  targetInstitution: z.string(),
  targetClassroom: z.string(),
  targetTeacher: z.string(),
  targetTeacherId: z.number().int().nullable(),
  creationDate: DateTimeSchema,
  validUntil: DateTimeSchema.nullable(),
});
/** An open activity. */
export type TempActivity = z.infer<typeof TempActivitySchema>;

/** A creator's module as their list shows it (spec 02 "Module list"). */
export const CreatorModuleSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  creationDate: DateTimeSchema,
  authorId: z.number().int(),
  numProblems: z.number().int(),
  /** The topics of its problems, by name (the list's Topics filter). */
  topics: z.array(NamedContentSchema),
  /** The teachers given a copy (the list's Teachers filter). */
  teachers: z.array(AssignedTeacherSchema),
  /** Its open activities still valid. */
  openActivities: z.number().int(),
});
/** A creator's module in the list. */
export type CreatorModuleSummary = z.infer<typeof CreatorModuleSummarySchema>;

/** GET getcreatormodules/: the caller's modules, newest first. */
export const CreatorModuleListSchema = z.object({ modules: z.array(CreatorModuleSummarySchema) });
/** The caller's modules. */
export type CreatorModuleList = z.infer<typeof CreatorModuleListSchema>;

/** POST get_module_data/ and get_cloned_module_classrooms/: which module. */
export const ModuleIdRequestSchema = z.object({ moduleId: IdSchema });

/**
 * POST get_module_data/: one of the caller's modules whole — its problems in order, the teachers
 * with a copy and its open activities (newest first).
 */
export const CreatorModuleDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  creationDate: DateTimeSchema,
  authorId: z.number().int(),
  sourceModuleId: z.number().int().nullable(),
  problems: z.array(ModuleProblemItemSchema),
  teachers: z.array(AssignedTeacherSchema),
  tempModuleActivities: z.array(TempActivitySchema),
});
/** A creator's module, whole. */
export type CreatorModuleDetail = z.infer<typeof CreatorModuleDetailSchema>;

/**
 * POST creator/modules/: the creator's module builder saves a new module (`id` null) or one of the
 * caller's. The name is needed and unique per author (`validation.module-blank`,
 * `validation.module-name-used`); the problems in their order, each once, published or the caller's.
 * `assignTeacherId` gives a Kib teacher a copy of the module (once per teacher); `sourceModuleId`
 * is the module the draft was cloned from, kept when the caller may read it.
 */
export const CreatorModuleInputSchema = z.object({
  id: IdSchema.nullable().default(null),
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
  assignTeacherId: IdSchema.nullable().default(null),
  sourceModuleId: IdSchema.nullable().default(null),
});
/** What the creator's module builder saves. */
export type CreatorModuleInput = z.input<typeof CreatorModuleInputSchema>;

/** GET clone-module-by-id/?id=: the module to clone. */
export const CloneModuleByIdQuerySchema = z.object({
  id: z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid'),
});

/** GET creator/module-by-code/?code=: the code of the module to clone. */
export const CreatorModuleByCodeQuerySchema = z.object({ code: ModuleCodeSchema });

/** What a clone answers: the module's name, description and problems in order, and its id when the caller may know it. */
export const ClonedModuleSchema = z.object({
  sourceModuleId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  problems: z.array(ModuleProblemItemSchema),
});
/** A module to clone. */
export type ClonedModule = z.infer<typeof ClonedModuleSchema>;

/** A classroom where a copy of the module is assigned. */
export const ClonedModuleClassroomSchema = z.object({
  classroomId: z.number().int(),
  classroomName: z.string(),
  teacherId: z.number().int(),
  moduleId: z.number().int(),
});

/** POST get_cloned_module_classrooms/: the teachers with a copy of the module, and the classrooms the copies are assigned to. */
export const ClonedModuleClassroomsSchema = z.object({
  teachers: z.array(AssignedTeacherSchema),
  selectedClassroomsClone: z.array(ClonedModuleClassroomSchema),
});
/** Where copies of a module are used. */
export type ClonedModuleClassrooms = z.infer<typeof ClonedModuleClassroomsSchema>;

/** A required text of an open activity, with its own message when blank. */
const requiredText = (blank: string) =>
  z.string(blank).trim().min(1, blank).max(TEMP_ACTIVITY_TEXT_MAX_LENGTH, 'validation.too-long');

/**
 * POST creator/modules/{id}/activities/: opens an activity of the module for a Kib teacher
 * (required), naming its institution and classroom (required, spec 02 §5), valid through the day
 * `validUntil` (YYYY-MM-DD, UTC; from today up to {@link TEMP_ACTIVITY_MAX_DAYS} days ahead).
 */
export const OpenActivityInputSchema = z.object({
  teacherId: z
    .number('validation.activity-teacher-required')
    .int('validation.activity-teacher-required')
    .positive('validation.activity-teacher-required'),
  institution: requiredText('validation.activity-institution-required'),
  classroom: requiredText('validation.activity-classroom-required'),
  validUntil: z.iso.date('validation.activity-valid-until-invalid'),
});
/** An open activity as the creator asks for it. */
export type OpenActivityInput = z.input<typeof OpenActivityInputSchema>;

/** A Kib teacher a creator may give a module or open an activity for: their school and classrooms. */
export const CreatorTeacherSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  institution: z.string().nullable(),
  classrooms: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
/** A teacher in the creator's pickers. */
export type CreatorTeacher = z.infer<typeof CreatorTeacherSchema>;

/** The fewest characters a search for a teacher has (of a name or an e-mail address). */
export const TEACHER_SEARCH_MIN_LENGTH = 3;
/** How many teachers one page of a search answers. */
export const TEACHER_SEARCH_PAGE_SIZE = 20;
/** The last page a search may ask for. */
export const TEACHER_SEARCH_MAX_PAGE = 50;

/**
 * GET creator/teachers/?search=&page=: a search for active Kib teachers whose first name, last name,
 * whole name or e-mail address contains `search` (at least {@link TEACHER_SEARCH_MIN_LENGTH}
 * characters; case and accents aside), {@link TEACHER_SEARCH_PAGE_SIZE} a page from page 1.
 */
export const CreatorTeachersQuerySchema = z.object({
  search: z
    .string('validation.teacher-search-short')
    .trim()
    .min(TEACHER_SEARCH_MIN_LENGTH, 'validation.teacher-search-short')
    .max(100, 'validation.too-long'),
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(TEACHER_SEARCH_MAX_PAGE, 'validation.invalid')
    .default(1),
});
/** A search for teachers, as the picker asks for it. */
export type CreatorTeachersQuery = z.input<typeof CreatorTeachersQuerySchema>;

/** GET creator/teachers/: one page of the teachers found, by last and first name; `hasMore` when another page follows. */
export const CreatorTeachersSchema = z.object({
  teachers: z.array(CreatorTeacherSchema),
  hasMore: z.boolean(),
});
/** A page of the creator's teacher search. */
export type CreatorTeachers = z.infer<typeof CreatorTeachersSchema>;

/** GET demo-preset/: what a demo account's builder is fixed to (spec 02 §4), names in both languages. */
export const DemoPresetSchema = z.object({
  educationSystem: z.string(),
  grade: z.string(),
  courseId: z.number().int(),
  topicId: z.number().int(),
  subtopicId: z.number().int().nullable(),
});
/** The demo account's preset. */
export type DemoPreset = z.infer<typeof DemoPresetSchema>;
