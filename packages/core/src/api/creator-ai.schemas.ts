import { z } from 'zod';
import { LanguageSchema } from '../common.schemas';
import { LIMITS } from '../constants';
import { LatexSchema, MATH_TYPE_DATA_SCHEMAS, MATH_TYPES, type MathType } from '../math-types';
import { AuthoringCheckSchema, ProblemDraftSchema } from './creator.schemas';
import { backgroundJobSchema } from './jobs.schemas';

/** The largest picture an AI creation request may carry (PNG or JPEG), in bytes. */
export const AI_PICTURE_MAX_BYTES = 4 * 1024 * 1024;
/** The longest prompt or description a creator sends to the model, in characters. */
export const AI_TEXT_MAX_LENGTH = 4000;
/** The most numeral questions a creator lists for an exercise taken from a picture or a text. */
export const AI_NUMERAL_QUESTIONS_MAX = 20;
/** The most numerals a generated problem may have. */
export const AI_NUMERALS_MAX = 12;

const NameSchema = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .max(200, 'validation.too-long');
const PromptTextSchema = z.string('validation.invalid').trim().max(AI_TEXT_MAX_LENGTH, 'validation.too-long');

/**
 * The `data` field of POST create_ai_problem/ (spec 02 §7): the topic and subtopic by name, the
 * problem's language, and either a new exercise described by `problemPrompt` (`newExercise`) or an
 * existing one to transcribe from its `description`, its `numeralQuestions` and a picture. Only the
 * creator's own words travel to the model.
 */
export const AiProblemDataSchema = z
  .object({
    topicName: NameSchema,
    subTopicName: NameSchema,
    language: LanguageSchema,
    problemPrompt: PromptTextSchema.default(''),
    newExercise: z.boolean('validation.invalid').default(true),
    description: PromptTextSchema.default(''),
    numeralQuestions: z
      .array(
        z.string('validation.invalid').trim().min(1, 'validation.required').max(1000, 'validation.too-long'),
      )
      .max(AI_NUMERAL_QUESTIONS_MAX, 'validation.too-many')
      .default([]),
  })
  .superRefine((data, ctx) => {
    if (data.newExercise && data.problemPrompt === '')
      ctx.addIssue({ code: 'custom', path: ['problemPrompt'], message: 'validation.required' });
  });
/** What a creator asks the model for. */
export type AiProblemData = z.infer<typeof AiProblemDataSchema>;

/**
 * POST create_ai_problem/ (multipart/form-data): `data` (snake_case JSON text) and, optionally, a
 * picture of the exercise as `picture_0` with its `formdata_0`, like every upload of the API.
 */
export const AiProblemRequestSchema = z.object({ data: AiProblemDataSchema });

/** A multiple-choice option as the model writes it. */
const GeneratedChoiceSchema = z.object({ text: LatexSchema, correct: z.boolean() });

/** What a numeral or step asks, as the model writes it: a math type and that type's record. */
const GeneratedContentSchema = z.discriminatedUnion(
  'mathType',
  MATH_TYPES.map((mathType) =>
    mathType === 'multipleChoice'
      ? z.object({
          mathType: z.literal('multipleChoice'),
          choices: z.array(GeneratedChoiceSchema).min(2).max(LIMITS.choicesMaxItems),
        })
      : z.object({
          mathType: z.literal(mathType),
          data: MATH_TYPE_DATA_SCHEMAS[mathType] as z.ZodType,
        }),
  ) as unknown as [z.ZodObject<{ mathType: z.ZodLiteral<MathType> }>, ...z.ZodObject[]],
);

const GeneratedStepSchema = z.intersection(
  z.object({ instruction: z.string().max(LIMITS.longTextMaxLength), explanation: z.string().max(2000) }),
  GeneratedContentSchema,
);

/** A numeral as the model writes it: its question, an optional hint, what it asks and its steps. */
const GeneratedNumeralSchema = z.intersection(
  z.object({
    question: z.string().min(1).max(LIMITS.longTextMaxLength),
    initialHint: z.string().max(2000).nullable(),
    steps: z.array(GeneratedStepSchema).max(8),
  }),
  GeneratedContentSchema,
);

/**
 * What the model must answer (its structured output, sent to it as a JSON schema): a problem in
 * the creation tool's vocabulary, each numeral with its math type's core record. The answer is
 * parsed with this schema and every numeral's answer is then judged by the checker.
 */
export const GeneratedProblemSchema = z.object({
  title: z.string().trim().min(1).max(LIMITS.shortTextMaxLength),
  description: z.string().max(LIMITS.longTextMaxLength),
  numerals: z.array(GeneratedNumeralSchema).min(1).max(AI_NUMERALS_MAX),
});
/** A problem as the model writes it. */
export type GeneratedProblem = z.infer<typeof GeneratedProblemSchema>;

/**
 * The JSON schema of {@link GeneratedProblemSchema}, for a chat-completions `response_format`; the
 * math-type records used by numerals and steps alike are written once (`$defs`), which keeps the
 * schema, and the tokens it costs, small.
 */
export function generatedProblemJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(GeneratedProblemSchema, {
    io: 'input',
    unrepresentable: 'any',
    reused: 'ref',
  });
  delete (schema as { $schema?: unknown }).$schema;
  return schema as Record<string, unknown>;
}

/**
 * A generation's result: the generated problem in the creation tool's shape (not saved,
 * unpublished), and the authoring check of every numeral and step — those whose own answer the
 * checker refuses are marked with the checker's reason, never accepted silently.
 */
export const AiProblemAnswerSchema = z.object({
  problem: ProblemDraftSchema,
  checks: z.array(AuthoringCheckSchema),
});
/** A generation's result. */
export type AiProblemAnswer = z.infer<typeof AiProblemAnswerSchema>;

/**
 * A generation, run as a background job (create_ai_problem/ answers it at once, `queued`;
 * create_ai_problem/{id}/ follows it): it survives a restart of the server, and a model that is busy,
 * slow or failing is tried again with back-off before the generation fails.
 */
export const AiJobSchema = backgroundJobSchema(AiProblemAnswerSchema);
/** A generation, as create_ai_problem/ and create_ai_problem/{id}/ answer it. */
export type AiJob = z.infer<typeof AiJobSchema>;
