import { z } from 'zod';
import { LanguageSchema } from '../common.schemas';
import { LIMITS } from '../constants';
import { EntityIdSchema } from '../common.schemas';
import { LatexSchema, MATH_TYPE_DATA_SCHEMAS, MATH_TYPES, type MathType } from '../math-types';
import { AssignedSkillSchema } from './learning-standards.schemas';

const DateTimeSchema = z.iso.datetime();
const IdSchema = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .positive('validation.invalid');
const OptionalIdSchema = IdSchema.max(2_147_483_647, 'validation.invalid').optional();
const LongTextSchema = z.string('validation.invalid').max(LIMITS.longTextMaxLength, 'validation.too-long');
/** A stored file's key (a picture or a video), as the storage named it; null when there is none. */
const FileKeySchema = z
  .string('validation.invalid')
  .regex(/^[A-Za-z0-9_-]{8,64}\.(?:jpg|png|gif|mp4|mov)$/, 'validation.file-key-invalid')
  .nullable()
  .default(null);

/**
 * The key of an item of a draft (numeral, step, choice): stable while the creator edits, so a file
 * sent with the draft names the item it belongs to (`formdata_{n}.id`). Made by `shortId()` in the
 * browser for new items; a saved item keeps the key it was saved with.
 */
export const DraftKeySchema = z
  .string('validation.invalid')
  .regex(/^[A-Za-z0-9_-]{6,12}$/, 'validation.invalid');

/** The problem table (spec 02 §2 "Creator problem table") and what it pages through. */
export const CREATOR_PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * GET creator/problems/: the problem table's filters. `mine` is the 'Only show my problems' switch
 * (authored or coauthored); `q` searches title and description (accent- and case-insensitive);
 * pages start at 1.
 */
export const CreatorProblemsQuerySchema = z.object({
  mine: z
    .enum(['true', 'false'], 'validation.invalid')
    .optional()
    .transform((v) => v === 'true'),
  courseId: OptionalIdSchema,
  topicId: OptionalIdSchema,
  subtopicId: OptionalIdSchema,
  q: z.string('validation.invalid').trim().max(100, 'validation.too-long').optional(),
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .default(1),
  pageSize: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .refine((n) => (CREATOR_PAGE_SIZES as readonly number[]).includes(n), 'validation.invalid')
    .default(25),
});
/** The problem table's filters. */
export type CreatorProblemsQuery = z.infer<typeof CreatorProblemsQuerySchema>;

/**
 * A row of the problem table: the spec's columns (id, title, description, number, author, status),
 * whether the caller may edit and delete it (decided on the server: author, coauthor, or an account
 * that may edit any problem), and how many modules use it.
 */
export const CreatorProblemRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  numeration: z.string().nullable(),
  language: LanguageSchema,
  topicId: z.number().int().nullable(),
  subtopicId: z.number().int().nullable(),
  authorId: z.number().int(),
  authorName: z.string(),
  publishProblem: z.boolean(),
  numerals: z.number().int(),
  modules: z.number().int(),
  canEdit: z.boolean(),
  updatedAt: DateTimeSchema,
});
/** A row of the problem table. */
export type CreatorProblemRow = z.infer<typeof CreatorProblemRowSchema>;

/** What GET creator/problems/ answers: one page of rows, newest change first, and the total. */
export const CreatorProblemsAnswerSchema = z.object({
  problems: z.array(CreatorProblemRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
/** A page of the problem table. */
export type CreatorProblemsAnswer = z.infer<typeof CreatorProblemsAnswerSchema>;

/** A multiple-choice option in a draft: its text (math between dollar signs), picture and correctness. */
export const ChoiceDraftSchema = z.object({
  key: DraftKeySchema,
  id: EntityIdSchema.nullable().default(null),
  text: LatexSchema,
  picture: FileKeySchema,
  correct: z.boolean('validation.invalid'),
});
/** A multiple-choice option in a draft. */
export type ChoiceDraft = z.infer<typeof ChoiceDraftSchema>;

/**
 * What a numeral or step of a draft asks: its math type and its record, or null while the creator
 * has not filled it in (a problem with an empty record cannot be published). A record that is
 * present must pass its math type's core schema. multipleChoice keeps its options in `choices`.
 */
export const DraftMathTypeContentSchema = z.discriminatedUnion(
  'mathType',
  MATH_TYPES.map((mathType) =>
    mathType === 'multipleChoice'
      ? z.object({
          mathType: z.literal('multipleChoice'),
          data: z.null().default(null),
          choices: z.array(ChoiceDraftSchema).max(LIMITS.choicesMaxItems, 'validation.too-many').default([]),
        })
      : z.object({
          mathType: z.literal(mathType),
          data: (MATH_TYPE_DATA_SCHEMAS[mathType] as z.ZodType).nullable().default(null),
          choices: z.array(ChoiceDraftSchema).max(0).default([]),
        }),
  ) as unknown as [DraftContentVariant<'solve'>, ...DraftContentVariant<MathType>[]],
  'validation.invalid',
);
type DraftContentVariant<K extends MathType> = z.ZodObject<{
  mathType: z.ZodLiteral<K>;
  data: z.ZodDefault<z.ZodNullable<z.ZodType>>;
  choices: z.ZodDefault<z.ZodArray<typeof ChoiceDraftSchema>>;
}>;
/** What a numeral or step of a draft asks. */
export interface DraftMathTypeContent {
  mathType: MathType;
  /** The math type's record (`MathTypeDataOf<mathType>`), null while not filled in; null for multipleChoice. */
  data: unknown;
  choices: ChoiceDraft[];
}

/** The math types whose answer is typed line by line, and so can be tested with typed answers. */
export const ANSWER_TEST_TYPES = [
  'simplify',
  'solve',
  'functions',
  'equationOfALine',
  'findExpression',
] as const;

/**
 * A question test (as STACK's): an answer a student might give, one line per line of LaTeX, and
 * what the checker must do with it: accept it, or reject it — optionally with a given feedback (the
 * checker's key, `feedback.sign-error`). The tests run on every save and gate publishing.
 */
export const AnswerTestSchema = z.object({
  key: DraftKeySchema,
  /** Empty while the author has not written it yet: then it tests nothing. */
  answer: z.string().max(LIMITS.latexMaxLength, 'validation.too-long'),
  expect: z.enum(['accept', 'reject'], 'validation.invalid'),
  feedback: z.string().max(100, 'validation.too-long').nullable().default(null),
});
/** A question test of a numeral or step. */
export type AnswerTest = z.infer<typeof AnswerTestSchema>;
const AnswerTestsSchema = z
  .array(AnswerTestSchema)
  .max(LIMITS.answerTestsMaxItems, 'validation.too-many')
  .optional();

/** The fields of a step of a draft, besides what it asks. */
export const StepDraftFieldsSchema = z.object({
  key: DraftKeySchema,
  id: EntityIdSchema.nullable().default(null),
  instruction: LongTextSchema,
  explanation: LongTextSchema,
  picture: FileKeySchema,
  videoS3: FileKeySchema,
  calculator: z.boolean('validation.invalid'),
  answerTests: AnswerTestsSchema,
});

/** A step of a draft: numbered by its place in its numeral's list. */
export const StepDraftSchema = z.intersection(StepDraftFieldsSchema, DraftMathTypeContentSchema);
/** A step of a draft. */
export type StepDraft = z.infer<typeof StepDraftFieldsSchema> & DraftMathTypeContent;

/** The fields of a numeral of a draft, besides what it asks. */
export const NumeralDraftFieldsSchema = z.object({
  key: DraftKeySchema,
  id: EntityIdSchema.nullable().default(null),
  question: LongTextSchema,
  initialHint: LongTextSchema.nullable().default(null),
  hintPicture: FileKeySchema,
  picture: FileKeySchema,
  videoS3: FileKeySchema,
  calculator: z.boolean('validation.invalid'),
  steps: z.array(StepDraftSchema).max(LIMITS.itemsMaxCount, 'validation.too-many').default([]),
  answerTests: AnswerTestsSchema,
});

/** A numeral of a draft: numbered by its place in the problem's list, with its steps in order. */
export const NumeralDraftSchema = z.intersection(NumeralDraftFieldsSchema, DraftMathTypeContentSchema);
/** A numeral of a draft. */
export type NumeralDraft = Omit<z.infer<typeof NumeralDraftFieldsSchema>, 'steps'> &
  DraftMathTypeContent & { steps: StepDraft[] };

/** The most learning-standard skills one problem is tied to. */
export const PROBLEM_SKILLS_MAX = 20;

/**
 * The learning-standard skills a problem works on (docs/learning-standards.md), by id, each once; the
 * module builder's Competencias search finds the problem by them. Left out of a save, the problem's
 * skills stay as they are; sent, they become exactly these.
 */
export const ProblemSkillIdsSchema = z
  .array(EntityIdSchema.max(2_147_483_647, 'validation.invalid'), 'validation.invalid')
  .max(PROBLEM_SKILLS_MAX, 'validation.too-many')
  .refine((ids) => new Set(ids).size === ids.length, 'validation.skill-twice');

/**
 * The creation tool's state (spec 02 §2 "Problem form" and §4 "Creation flow"): a problem with its
 * numerals and steps in order. `id` is null until the problem is first saved. File fields hold the
 * stored file's key; a file chosen but not yet uploaded travels beside the draft
 * (`picture_{n}`/`video_{n}` with `formdata_{n}`) and its key is written back on save.
 */
export const ProblemDraftSchema = z.object({
  id: EntityIdSchema.nullable().default(null),
  title: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(LIMITS.problemTitleMaxLength, 'validation.too-long'),
  description: LongTextSchema,
  language: LanguageSchema,
  courseId: EntityIdSchema.nullable().default(null),
  topicId: EntityIdSchema.nullable().default(null),
  subtopicId: EntityIdSchema.nullable().default(null),
  numeration: z.string('validation.invalid').trim().max(20, 'validation.too-long').nullable().default(null),
  publishProblem: z.boolean('validation.invalid'),
  calculator: z.boolean('validation.invalid'),
  picture: FileKeySchema,
  videoS3: FileKeySchema,
  numerals: z.array(NumeralDraftSchema).max(LIMITS.itemsMaxCount, 'validation.too-many').default([]),
  skillIds: ProblemSkillIdsSchema.optional(),
});
/** The creation tool's state. */
export type ProblemDraft = Omit<z.infer<typeof ProblemDraftSchema>, 'numerals'> & {
  numerals: NumeralDraft[];
};

/** What a file sent with a draft belongs to (`formdata_{n}.type`). */
export const FILE_TARGETS = ['problem', 'numeral', 'hint', 'step', 'choice'] as const;
/** What a file sent with a draft belongs to. */
export type FileTarget = (typeof FILE_TARGETS)[number];

/**
 * `formdata_{n}`: the JSON beside the file `picture_{n}` or `video_{n}`: its name as the creator
 * chose it, what it belongs to (a `hint` is a numeral's hint picture) and the key of that item (the
 * draft's own for `problem`). A video may belong to a problem, numeral or step; a picture to any.
 */
export const FileFormDataSchema = z.object({
  name: z.string('validation.invalid').min(1, 'validation.required').max(255, 'validation.too-long'),
  type: z.enum(FILE_TARGETS, 'validation.invalid'),
  id: z.string('validation.invalid').max(64, 'validation.too-long'),
});
/** The JSON beside an uploaded file. */
export type FileFormData = z.infer<typeof FileFormDataSchema>;

/** The most editing time one save of the creation tool reports: twelve hours. */
export const MAX_EDITING_SECONDS = 12 * 3600;

/**
 * POST send_create_problem_data/ (multipart/form-data): `state` (the draft as snake_case JSON text),
 * `user_type`, and for each new file `picture_{n}` or `video_{n}` with `formdata_{n}`. The router
 * parses the JSON fields and pairs each file with its formdata into `files`.
 */
export const SaveProblemRequestSchema = z.object({
  state: ProblemDraftSchema,
  userType: z.enum(['creator', 'supervisor', 'teacher'], 'validation.invalid').default('creator'),
  /**
   * The seconds the author spent editing this draft since the tool's last save (creator statistics'
   * editing time), at most {@link MAX_EDITING_SECONDS}; a multipart text field, read as a number.
   */
  editingSeconds: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(MAX_EDITING_SECONDS, 'validation.invalid')
    .default(0),
});
/** What send_create_problem_data/ takes besides its files. */
export type SaveProblemRequest = z.infer<typeof SaveProblemRequestSchema>;

/**
 * A skill a problem is tied to, with where it sits (its standard, grade and education system), for
 * the creation tool's list of the problem's skills.
 */
export const ProblemSkillSchema = AssignedSkillSchema;
/** A skill a problem is tied to. */
export type ProblemSkill = z.infer<typeof ProblemSkillSchema>;

/** A file the server stored for a draft, written back into its item (spec 02 §4 "Creation flow"). */
export const UploadedFileSchema = z.object({
  type: z.enum(FILE_TARGETS),
  id: z.string(),
  name: z.string(),
});

/**
 * The authoring check of one numeral or step (issue "Creator area", item 4): its own answer (the
 * target of simplify, the defined solutions of solve, the line of equationOfALine, the graphs' own
 * answers, the correct choices, the table's answer cells, the prime decomposition) run through the
 * checker. `numeral` and `step` are 1-based positions; `step` is null for the numeral itself.
 * `reason` is an i18n key (`authoring.*` or the checker's `feedback.*`) with its params.
 */
export const AuthoringCheckSchema = z.object({
  numeral: z.number().int(),
  step: z.number().int().nullable(),
  key: z.string(),
  mathType: z.enum(MATH_TYPES),
  ok: z.boolean(),
  reason: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  /**
   * The item's own answer as the check read it (LaTeX; for multiple choice the correct choices'
   * numbers): the target, the solutions, the value computed from the function or the points, so a
   * reviewer reads the key the checker holds. Null when the item has no answer to read.
   */
  answer: z.string().nullable().default(null),
});
/** The authoring check of one numeral or step. */
export type AuthoringCheck = z.infer<typeof AuthoringCheckSchema>;

/**
 * What send_create_problem_data/ answers: the problem's id, the draft as saved (ids and file keys
 * written back), the files stored, and the authoring checks. A problem asked to be published whose
 * checks do not all pass is saved unpublished: `published` false and the failing checks named.
 */
export const SaveProblemAnswerSchema = z.object({
  problemId: z.number().int(),
  problem: ProblemDraftSchema,
  uploadedPics: z.array(UploadedFileSchema),
  uploadedVideos: z.array(UploadedFileSchema),
  checks: z.array(AuthoringCheckSchema),
  published: z.boolean(),
  /** The skills the problem is tied to as saved (`problem.skillIds`), named. */
  skills: z.array(ProblemSkillSchema).default([]),
});
/** What send_create_problem_data/ answers. */
export type SaveProblemAnswer = z.infer<typeof SaveProblemAnswerSchema>;

/**
 * GET creator/problems/{id}/: a problem in the creation tool's shape, with whether the caller may
 * change it, its author, and how many modules use it (such a problem is unpublished, never deleted).
 */
export const CreatorProblemAnswerSchema = z.object({
  problem: ProblemDraftSchema,
  canEdit: z.boolean(),
  authorId: z.number().int(),
  authorName: z.string(),
  modules: z.number().int(),
  updatedAt: DateTimeSchema,
  /** The skills the problem is tied to (`problem.skillIds`), named. */
  skills: z.array(ProblemSkillSchema).default([]),
  /**
   * The authoring checks of the saved problem, for a reviewer (what the supervisor reviews); null
   * for its author, whose every save answers them.
   */
  checks: z.array(AuthoringCheckSchema).nullable().default(null),
});
/** A problem as the creation tool opens it. */
export type CreatorProblemAnswer = z.infer<typeof CreatorProblemAnswerSchema>;

/** POST creator/problems/{id}/clone/: the copy's id (title + ' (clon)', unpublished, the caller's). */
export const CloneProblemAnswerSchema = z.object({ problemId: z.number().int() });

/**
 * DELETE problems/delete/{id}/: `deleted` when the problem went, `unpublished` when students'
 * results or a module hold it (it is kept, unpublished).
 */
export const DeleteProblemAnswerSchema = z.object({ outcome: z.enum(['deleted', 'unpublished']) });
/** What deleting a problem did. */
export type DeleteProblemAnswer = z.infer<typeof DeleteProblemAnswerSchema>;

/** The kinds of file Kib stores, by content: pictures (jpg, png, gif) and videos (mp4, mov). */
export const MEDIA_KINDS = ['picture', 'video'] as const;
/** A kind of stored file. */
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The largest picture Kib takes, in bytes. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The most pixels Kib decodes in one picture, every frame of an animated GIF counted (a 48-megapixel
 * phone photo fits): a "decompression bomb", a small file of a huge image, is refused unopened.
 */
export const PICTURE_MAX_PIXELS = 50_000_000;
/** The largest video sent through send_create_problem_data/, in bytes (larger: a presigned upload). */
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;

/**
 * POST get_presigned_url/: asks where to upload one large file directly (a video): its kind, content
 * type and size. The file is checked by its content once uploaded, before a draft may use its key.
 */
export const PresignedUploadRequestSchema = z.object({
  kind: z.enum(MEDIA_KINDS, 'validation.invalid'),
  contentType: z.enum(
    ['image/jpeg', 'image/png', 'image/gif', 'video/mp4', 'video/quicktime'],
    'validation.invalid',
  ),
  size: z.number('validation.invalid').int('validation.invalid').positive('validation.invalid'),
});
/** What get_presigned_url/ takes. */
export type PresignedUploadRequest = z.infer<typeof PresignedUploadRequestSchema>;

/** Where to PUT the file (with these headers) before `expiresAt`, and the key a draft then names. */
export const PresignedUploadSchema = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  key: z.string(),
  expiresAt: DateTimeSchema,
});
/** A presigned upload. */
export type PresignedUpload = z.infer<typeof PresignedUploadSchema>;

/**
 * PUT uploads/{token}/: the answer of an upload to Kib's own presigned address (local storage): the
 * key the file is stored under (the one get_presigned_url/ announced) and its size once stored.
 */
export const LocalUploadAnswerSchema = z.object({ key: z.string(), size: z.number().int() });

/** GET get_s3_picture/{id}/: the address a picture is shown from. */
export const PictureAddressSchema = z.object({ url: z.string() });

/**
 * GET config/: what a browser needs to show content: where pictures and videos are served from
 * (`${pictureBaseUrl}/${key}`, `${videoBaseUrl}/${key}`), the upload limits, and which optional
 * services are configured.
 */
export const PublicConfigSchema = z.object({
  pictureBaseUrl: z.string(),
  videoBaseUrl: z.string(),
  uploads: z.object({
    pictureMaxBytes: z.number().int(),
    videoMaxBytes: z.number().int(),
    pictureTypes: z.array(z.string()),
    videoTypes: z.array(z.string()),
    presigned: z.boolean(),
  }),
  /** A handwriting recognition service is configured: the pad's Convert and the phone photo's LaTeX work. */
  handwriting: z.boolean().default(false),
});
/** What GET config/ answers. */
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** The longest unsaved draft kept on the server for a browser without storage, in characters. */
export const CREATOR_DRAFT_MAX_CHARS = 2_000_000;

/** The names of unsaved drafts: the new problem's, or a saved problem's by its id. */
export const CREATOR_DRAFT_NAME = /^kib\.creator-draft\.(new|[1-9]\d{0,9})$/;

/**
 * PUT creator/drafts/{name}/: the creation tool's unsaved draft, as the tool keeps it (its JSON as
 * text), for a browser whose storage is blocked (an LMS frame); only its owner reads it back.
 */
export const CreatorDraftSaveSchema = z.object({
  value: z.string().max(CREATOR_DRAFT_MAX_CHARS, 'validation.too-long'),
});
/** An unsaved draft to keep. */
export type CreatorDraftSave = z.infer<typeof CreatorDraftSaveSchema>;

/** GET creator/drafts/{name}/: the caller's draft kept under that name, or null, and when it was kept. */
export const CreatorDraftAnswerSchema = z.object({
  value: z.string().nullable(),
  savedAt: DateTimeSchema.nullable(),
});
/** The caller's kept draft. */
export type CreatorDraftAnswer = z.infer<typeof CreatorDraftAnswerSchema>;
