import { z } from 'zod';
import { ActivityNumeralStatSchema } from './activities.schemas';

/** Longest time one attempt may add to a stat (seconds): a tab left open all night adds no more. */
export const MAX_ATTEMPT_SECONDS = 4 * 3600;

const IdSchema = z.number().int().positive().max(2_147_483_647);

/**
 * An attempt (POST proof/) and a hint request (POST hints/), as spec 01 §7 sends them. The answer
 * is the console's answer shape as JSON; the checker reads it with its math type's schema. A string
 * (the shape serialised once more, the old clients' habit) is refused. The caller is taken from the
 * access token, never from `userId`; the server decides itself whether a deadline has passed, so
 * `deadlinePassed` is only informative.
 */
export const AttemptRequestSchema = z.object({
  answer: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, 'validation.required')
    .refine((v) => typeof v !== 'string', 'validation.answer-is-string'),
  numeral: IdSchema,
  currentStep: z.number().int().min(-1).max(49).nullable().default(null),
  userId: z.unknown().optional(),
  deadlinePassed: z.boolean().optional(),
  totalTime: z
    .number()
    .min(0)
    .max(10 * MAX_ATTEMPT_SECONDS)
    .default(0),
  tempStudentId: IdSchema.nullable().optional(),
  /** Hints already shown (hints/ only). */
  shown: z.number().int().min(0).max(50).default(0),
});
/** A validated attempt or hint request. */
export type AttemptRequest = z.infer<typeof AttemptRequestSchema>;

/** POST getstudentproblemsolutiondata/: which numerals of a problem the caller has completed. */
export const SolutionDataRequestSchema = z.object({
  problemId: IdSchema,
  userId: z.unknown().optional(),
});

/**
 * What proof/ and demo/proof/ answer: whether the answer (the numeral, or the step answered) is right
 * and the numeral complete, whether the attempt was recorded (not past a deadline, never in the
 * demo), the caller's stat on the numeral (only its id when nothing was recorded) and the checker's
 * result: line feedback, or the console's feedback shape, each feedback key with its text in the
 * reader's language (camelCase like every domain type; snake_case on the wire).
 */
export const AttemptOutcomeSchema = z.object({
  correctAns: z.boolean(),
  numeralCompleted: z.boolean(),
  recorded: z.boolean(),
  stat: z.union([ActivityNumeralStatSchema, z.object({ numeralId: z.number().int() })]),
  fromBack: z.literal(true),
  result: z.unknown(),
});
/** What proof/ answers. */
export type AttemptOutcome = z.infer<typeof AttemptOutcomeSchema>;

/** A hint as hints/ answers it: an author's own text, or a translatable message with its text. */
export const HintMessageSchema = z.union([
  z.object({
    key: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    text: z.string(),
  }),
  z.object({ text: z.string() }),
]);

/** What hints/ and demo/hints/ answer (spec 01 §3 "Hint response"). */
export const HintOutcomeSchema = z.object({
  /** The texts of the hints shown so far. */
  hints: z.array(z.string()),
  hintMessages: z.array(HintMessageSchema),
  hintPicture: z.string().nullable(),
  startingMath: z.string().nullable(),
  lineIndex: z.number().int(),
  initialHint: z.boolean(),
  exhausted: z.boolean(),
});
/** What hints/ answers. */
export type HintOutcome = z.infer<typeof HintOutcomeSchema>;

/** What getstudentproblemsolutiondata/ answers: every numeral of the problem, completed by the caller or not. */
export const SolutionDataSchema = z.object({
  data: z.array(z.object({ numeralId: z.number().int(), completed: z.boolean() })),
});
/** What getstudentproblemsolutiondata/ answers. */
export type SolutionData = z.infer<typeof SolutionDataSchema>;
