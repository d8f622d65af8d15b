import { z } from 'zod';
import {
  ActivityModuleDataSchema,
  ActivityNumeralSchema,
  ActivityNumeralSummarySchema,
  ActivityProblemSchema,
  ActivityStudentSchema,
} from './activities.schemas';

/** POST lti/session/: exchanges the one-time code of an LTI launch for the session's access token. */
export const LtiSessionRequestSchema = z.object({ code: z.string().min(1).max(200) });

/** What lti/session/ answers: the access token (kept in memory) and the site path to open. */
export const LtiSessionSchema = z.object({ access: z.string(), next: z.string() });
/** What lti/session/ answers. */
export type LtiSession = z.infer<typeof LtiSessionSchema>;

/**
 * An activity code typed in the LMS picker: spaces dropped, then letters, digits, `-` and `_`
 * only (4 to 16), the shape of every activity code.
 */
const ActivityCodeSchema = z
  .string()
  .max(64, 'validation.activity-code')
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9_-]{4,16}$/, 'validation.activity-code'));

/** POST lti/content-item/: the teacher's choice for a Content-Item selection of theirs. */
export const ContentItemRequestSchema = z.object({
  selection: z.string().min(1).max(64),
  activityCode: ActivityCodeSchema,
});

/**
 * What lti/content-item/ answers: where the browser posts the form, with every field already signed
 * (an LTI 1.1 Content-Item form, or the signed JWT of an LTI 1.3 deep-linking answer). The fields are
 * name/value pairs in order, a list, so no client re-cases their names.
 */
export const ContentItemAnswerSchema = z.object({
  url: z.string(),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
});
/** What lti/content-item/ answers. */
export type ContentItemAnswer = z.infer<typeof ContentItemAnswerSchema>;

/** POST custom-lti/get_module_by_moodle_code/ (spec 03 §7): the module of an activity code. */
export const ModuleByMoodleCodeSchema = z.object({ codeField: ActivityCodeSchema });

/** What custom-lti/get_module_by_moodle_code/ answers: the module the code opens. */
export const ModuleByMoodleCodeAnswerSchema = z.object({ data: z.object({ moduleId: z.number().int() }) });

/** A module as an LTI student sees it (lti/modules/{id}/): published problems in order, with progress. */
export const LtiModuleViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  problems: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      numeration: z.string().nullable(),
      /** How many numerals the problem has, and how many of them the caller completed. */
      numerals: z.number().int(),
      completed: z.number().int(),
    }),
  ),
});
/** A module as an LTI student sees it. */
export type LtiModuleView = z.infer<typeof LtiModuleViewSchema>;

/**
 * Where a list of the link's learners came from: the platform's roster, read now or lately
 * (`synced`); launches only, because the platform's roster could not be read (`unavailable`); or
 * launches only, because the platform offers no roster (`launches`: LTI 1.1, or LTI 1.3 without
 * Names and Role Provisioning).
 */
export const LtiRosterSourceSchema = z.enum(['synced', 'unavailable', 'launches']);
/** Where a list of the link's learners came from. */
export type LtiRosterSource = z.infer<typeof LtiRosterSourceSchema>;

/**
 * A learner's grade that did not reach the LMS after its last try: whose, the progress it carries
 * (0 to 1), the tries made, the LMS's last answer (`HTTP 503`, `imsx_codeMajor failure`, …) and when
 * it was given up. A newer grade of the learner, or a resend, sends it again.
 */
export const LtiGradeFailureSchema = z.object({
  studentId: z.number().int(),
  score: z.number(),
  attempts: z.number().int(),
  error: z.string(),
  givenUpAt: z.iso.datetime(),
});
/** A grade that did not reach the LMS. */
export type LtiGradeFailure = z.infer<typeof LtiGradeFailureSchema>;

/**
 * What lti/links/{id}/results/ answers an instructor of an LMS resource link: the link, and the
 * results of its learners in the shape of a teacher code's results (`{ assignment: moduleData,
 * problems, students: studentsData }` is the data of the widgets' ActivityResults dashboard).
 */
export const LtiLinkResultsSchema = z.object({
  link: z.object({
    id: z.number().int(),
    title: z.string(),
    contextTitle: z.string(),
    moduleId: z.number().int(),
  }),
  roster: LtiRosterSourceSchema,
  /** The learners' grades the LMS did not accept after the last try, oldest first. */
  gradeFailures: z.array(LtiGradeFailureSchema),
  moduleData: ActivityModuleDataSchema,
  problems: z.array(ActivityProblemSchema),
  numerals: z.array(ActivityNumeralSchema),
  studentsData: z.array(ActivityStudentSchema),
  numeralsStats: z.array(ActivityNumeralSummarySchema),
});
/** What lti/links/{id}/results/ answers. */
export type LtiLinkResults = z.infer<typeof LtiLinkResultsSchema>;

/**
 * POST lti/links/{id}/grades/resend/: sends the link's given-up grades again, of one learner
 * (`studentId`) or of all of them (no body field).
 */
export const ResendGradesSchema = z.object({ studentId: z.number().int().positive().optional() });

/** What lti/links/{id}/grades/resend/ answers: how many grades are queued again. */
export const ResendGradesAnswerSchema = z.object({ resent: z.number().int() });

/**
 * An activity an LMS instructor placed or opened before (lti/recent-activities/): its module, the
 * activity code the picker sends, and the course where it was last used.
 */
export const LtiRecentActivitySchema = z.object({
  moduleId: z.number().int(),
  name: z.string(),
  activityCode: z.string(),
  contextTitle: z.string(),
});
/** An activity an LMS instructor placed or opened before. */
export type LtiRecentActivity = z.infer<typeof LtiRecentActivitySchema>;

/** What lti/recent-activities/ answers: the instructor's activities, newest first. */
export const LtiRecentActivitiesSchema = z.object({ activities: z.array(LtiRecentActivitySchema) });

/**
 * POST lti/kib-account/: an LMS instructor links their LMS account to their Kib teacher account by
 * logging in once with its e-mail and password, so the activity picker offers their own modules.
 */
export const LtiAccountLinkSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').max(254, 'validation.too-long'),
  password: z.string().min(1, 'validation.required').max(256, 'validation.too-long'),
});

/**
 * What lti/kib-account/ answers: the Kib teacher account the LMS account is linked to (null when it
 * is not), whether that teacher's school plan is valid, and their modules, newest first.
 */
export const LtiTeacherModulesSchema = z.object({
  account: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  validSubscription: z.boolean(),
  modules: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      numProblems: z.number().int(),
      creationDate: z.iso.datetime(),
    }),
  ),
});
/** The linked Kib teacher account and its modules. */
export type LtiTeacherModules = z.infer<typeof LtiTeacherModulesSchema>;

/** What lti/kib-account/modules/{id}/code/ answers: the student activity code the picker sends. */
export const LtiModuleCodeSchema = z.object({ activityCode: z.string() });

const LtiIdSchema = z.number('validation.required').int('validation.invalid').positive('validation.invalid');

/** The most problems and classrooms a module saved from an LMS holds. */
export const LTI_MODULE_MAX_PROBLEMS = 200;
/** The longest name of a module saved from an LMS, and of its LMS activity's title. */
export const LTI_MODULE_NAME_MAX_LENGTH = 200;

/**
 * POST custom-lti/save_module_data/ (spec 03 §7, spec 02 §4): an LMS instructor puts problems in a
 * module of theirs for the LMS activity they are choosing. `id` is null for a new module, or one of
 * the caller's modules. `contextId` is the LMS selection the instructor came from (the activity
 * picker's `selection`): Kib knows an instructor's course only through the selection request the
 * platform signed. `activityTitle` is the title the LMS activity will show; the module is named
 * `name`, or after the activity when `name` is empty, and the LMS link carries the module's name.
 * The problems are ordered by `numeration`; `moduleClassrooms` are Kib classrooms of the caller's,
 * each assigned the whole module (usually none: an LMS's students are the course's).
 */
export const SaveLtiModuleSchema = z.object({
  id: LtiIdSchema.nullable().default(null),
  name: z.string().trim().max(LTI_MODULE_NAME_MAX_LENGTH, 'validation.too-long').default(''),
  description: z.string().trim().max(2000, 'validation.too-long').default(''),
  moduleProblems: z
    .array(
      z.object({
        problemId: LtiIdSchema,
        numeration: z
          .number('validation.required')
          .int('validation.invalid')
          .min(1, 'validation.invalid')
          .max(LTI_MODULE_MAX_PROBLEMS, 'validation.invalid'),
      }),
    )
    .min(1, 'validation.lti-module-no-problems')
    .max(LTI_MODULE_MAX_PROBLEMS, 'validation.too-many')
    .refine(
      (list) => new Set(list.map((p) => p.problemId)).size === list.length,
      'validation.module-problem-twice',
    )
    .refine(
      (list) => new Set(list.map((p) => p.numeration)).size === list.length,
      'validation.lti-module-numeration-twice',
    ),
  moduleClassrooms: z
    .array(LtiIdSchema)
    .max(LTI_MODULE_MAX_PROBLEMS, 'validation.too-many')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.assignment-classroom-twice')
    .default([]),
  contextId: z.string('validation.required').min(1, 'validation.required').max(64, 'validation.too-long'),
  activityTitle: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.lti-activity-title-blank')
    .max(LTI_MODULE_NAME_MAX_LENGTH, 'validation.too-long'),
});
/** What an LMS instructor saves as a module for their activity. */
export type SaveLtiModuleInput = z.input<typeof SaveLtiModuleSchema>;

/** What custom-lti/save_module_data/ answers: the module and the student activity code the LMS link carries. */
export const SaveLtiModuleAnswerSchema = z.object({
  moduleId: z.number().int(),
  moduleCode: z.string(),
});
/** The module saved from an LMS and its student activity code. */
export type SaveLtiModuleAnswer = z.infer<typeof SaveLtiModuleAnswerSchema>;
