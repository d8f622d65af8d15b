import { z } from 'zod';
import { ModuleProblemItemSchema } from './teacher-modules.schemas';

const IdSchema = z.number('validation.required').int('validation.invalid').positive('validation.invalid');
const QueryIdSchema = z.coerce
  .number('validation.required')
  .int('validation.invalid')
  .positive('validation.invalid');

/**
 * The thinkings ("pensamientos") the Colombian standards group their standards by: numeric, spatial,
 * metric, random (statistics and probability) and variational.
 */
export const THINKINGS = ['numeric', 'spatial', 'metric', 'random', 'variational'] as const;
/** One of {@link THINKINGS}. */
export type Thinking = (typeof THINKINGS)[number];

/** The most learning standards and skills one module is assigned to. */
export const MODULE_STANDARD_LINKS_MAX = 50;

/** GET education-system-grades/?education_system=: the system whose grades are listed. */
export const SystemGradesQuerySchema = z.object({ educationSystem: QueryIdSchema });

/**
 * A grade (or group of grades: the Colombian standards are written per group, e.g. "Décimo a
 * undécimo") of an education system, in the system's language; `nameEnglish` is a translation, null
 * when there is none. `numeration` is its (first) grade's number.
 */
export const StandardGradeSchema = z.object({
  id: z.number().int(),
  educationSystemId: z.number().int(),
  name: z.string(),
  nameEnglish: z.string().nullable(),
  numeration: z.number().int(),
});
/** A grade of an education system. */
export type StandardGrade = z.infer<typeof StandardGradeSchema>;

/** What GET education-system-grades/ answers: the system's grades by number. */
export const SystemGradesSchema = z.object({ grades: z.array(StandardGradeSchema) });
/** The grades of an education system. */
export type SystemGrades = z.infer<typeof SystemGradesSchema>;

/** GET get-grade-content/?grade_id=: the grade whose standards and skills are listed. */
export const GradeContentQuerySchema = z.object({ gradeId: QueryIdSchema });

/** A learning standard of a grade, in the system's words, with its thinking where the system has them. */
export const LearningStandardSchema = z.object({
  id: z.number().int(),
  gradeId: z.number().int(),
  name: z.string(),
  nameEnglish: z.string().nullable(),
  thinking: z.enum(THINKINGS).nullable(),
});
/** A learning standard. */
export type LearningStandardItem = z.infer<typeof LearningStandardSchema>;

/** A skill of a learning standard: something a problem or a module works on. */
export const SkillSchema = z.object({
  id: z.number().int(),
  learningStandardId: z.number().int(),
  name: z.string(),
  nameEnglish: z.string().nullable(),
});
/** A skill. */
export type SkillItem = z.infer<typeof SkillSchema>;

/**
 * What GET get-grade-content/ answers: the grade's learning standards (by thinking, then the
 * document's order) and their skills (by standard, then order).
 */
export const GradeContentSchema = z.object({
  learningStandards: z.array(LearningStandardSchema),
  skills: z.array(SkillSchema),
});
/** The learning standards and skills of a grade. */
export type GradeContent = z.infer<typeof GradeContentSchema>;

/** What a search by competences looks for: a learning standard (and all its skills) or one skill. */
export const StandardLinkTypeSchema = z.enum(['learningStandard', 'skill'], 'validation.invalid');
/** `learningStandard` or `skill`. */
export type StandardLinkType = z.infer<typeof StandardLinkTypeSchema>;

/** GET standard-problems/?type=&id=: the standard or skill whose problems are listed. */
export const StandardProblemsQuerySchema = z.object({ type: StandardLinkTypeSchema, id: QueryIdSchema });

/**
 * What GET standard-problems/ answers: the problems linked to the skill (or to any skill of the
 * standard) that the caller may put in a module — published ones and their own — by title.
 */
export const StandardProblemsSchema = z.object({ problems: z.array(ModuleProblemItemSchema) });
/** Problems found by a competence. */
export type StandardProblems = z.infer<typeof StandardProblemsSchema>;

/** POST get-assigned-module-data/ (spec 02 §7): the standard or skill whose modules are listed. */
export const AssignedModulesRequestSchema = z.object({ type: StandardLinkTypeSchema, id: IdSchema });

/** POST get-topic-modules/ (spec 02 §7): the topic whose modules are listed. */
export const TopicModulesRequestSchema = z.object({ topicId: IdSchema });

/**
 * A module found by a competence or a topic (the builder's Talleres tab), with the problems of it the
 * caller may put in a module of theirs (published ones and their own), in the module's order.
 */
export const FoundModuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  authorName: z.string(),
  problems: z.array(ModuleProblemItemSchema),
});
/** A module found by a competence or a topic. */
export type FoundModule = z.infer<typeof FoundModuleSchema>;

/**
 * What POST get-assigned-module-data/ and get-topic-modules/ answer: the modules assigned to the
 * standard or skill (to the standard itself or to one of its skills), or with a problem of the topic,
 * among those the caller may read — the catalog of creators' and supervisors' modules and the
 * caller's own — by name.
 */
export const FoundModulesSchema = z.object({ modules: z.array(FoundModuleSchema) });
/** Modules found by a competence or a topic. */
export type FoundModules = z.infer<typeof FoundModulesSchema>;

/** A learning standard a module is assigned to, with where it sits (system and grade). */
export const AssignedStandardSchema = LearningStandardSchema.extend({
  educationSystemId: z.number().int(),
});
/** A skill a module is assigned to, with where it sits (standard, grade, system). */
export const AssignedSkillSchema = SkillSchema.extend({
  gradeId: z.number().int(),
  educationSystemId: z.number().int(),
});

/** GET and PUT modules/{id}/learning-standards/: what a module is assigned to. */
export const ModuleStandardsSchema = z.object({
  learningStandards: z.array(AssignedStandardSchema),
  skills: z.array(AssignedSkillSchema),
});
/** What a module is assigned to. */
export type ModuleStandards = z.infer<typeof ModuleStandardsSchema>;

const uniqueIds = (max: number) =>
  z
    .array(IdSchema)
    .max(max, 'validation.too-many')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.invalid');

/**
 * PUT modules/{id}/learning-standards/: every learning standard and skill the module is assigned to
 * (spec 02 assignModuleData; those left out are taken away).
 */
export const ModuleStandardsInputSchema = z.object({
  learningStandardIds: uniqueIds(MODULE_STANDARD_LINKS_MAX),
  skillIds: uniqueIds(MODULE_STANDARD_LINKS_MAX),
});
/** What a module is to be assigned to. */
export type ModuleStandardsInput = z.input<typeof ModuleStandardsInputSchema>;
