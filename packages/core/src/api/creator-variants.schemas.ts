import { z } from 'zod';
import { MATH_TYPES } from '../math-types';
import { ProblemDraftSchema } from './creator.schemas';

/** The most variants one request makes. */
export const PROBLEM_VARIANTS_MAX = 50;

/**
 * POST problems/{id}/variants/: how many variants (1–50) and, optionally, the seed that makes them
 * (the same seed gives the same variants; without one each request draws anew).
 */
export const ProblemVariantsRequestSchema = z.object({
  count: z
    .number('validation.variants-count')
    .int('validation.variants-count')
    .min(1, 'validation.variants-count')
    .max(PROBLEM_VARIANTS_MAX, 'validation.variants-count'),
  seed: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(2_147_483_647, 'validation.invalid')
    .optional(),
});
/** What problems/{id}/variants/ takes. */
export type ProblemVariantsRequest = z.infer<typeof ProblemVariantsRequestSchema>;

/** A numeral (step null) or one of its steps, 1-based, with its math type. */
export const VariantItemSchema = z.object({
  numeral: z.number().int(),
  step: z.number().int().nullable(),
  mathType: z.enum(MATH_TYPES),
});

/**
 * A varied item's own answer as a `kib-check` request (`math_type`, `data`, `answer`): for a solve,
 * the data has no stated solutions, so the checker judges them against the equation itself.
 */
export const VariantAnswerSchema = VariantItemSchema.extend({
  data: z.unknown(),
  answer: z.unknown(),
});

/** One variant: an unsaved, unpublished draft in the creation tool's shape, and its checked answers. */
export const ProblemVariantSchema = z.object({
  problem: ProblemDraftSchema,
  answers: z.array(VariantAnswerSchema),
});
/** One variant of a problem. */
export type ProblemVariant = z.infer<typeof ProblemVariantSchema>;

/**
 * What problems/{id}/variants/ answers: the variants made (fewer than asked when the time bound runs
 * out or no more distinct ones exist), the items that vary, and those kept as they were with why:
 * a math type without variants, no numbers, or numbers that gave no fitting item.
 */
export const ProblemVariantsAnswerSchema = z.object({
  variants: z.array(ProblemVariantSchema),
  varied: z.array(VariantItemSchema),
  kept: z.array(
    VariantItemSchema.extend({
      reason: z.enum(['type-unsupported', 'no-numbers', 'not-rebuilt', 'unchanged']),
    }),
  ),
});
/** What problems/{id}/variants/ answers. */
export type ProblemVariantsAnswer = z.infer<typeof ProblemVariantsAnswerSchema>;
