import { z } from 'zod';

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
