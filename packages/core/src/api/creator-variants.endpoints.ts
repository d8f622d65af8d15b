import { endpoint, roles } from './contract';
import { ProblemVariantsAnswerSchema, ProblemVariantsRequestSchema } from './creator-variants.schemas';

/**
 * Offline problem variants (issue 16, item 1): new numbers for a problem's numerals and steps, every
 * answer recomputed and checked by the checker, with no model and no network. For creators and
 * supervisors: of any published problem, or of a draft they may edit.
 */
export const CREATOR_VARIANT_ENDPOINTS = {
  problemVariants: endpoint({
    method: 'post',
    path: '/problems/:id/variants/',
    access: roles('Creators', 'Supervisors'),
    tag: 'creator',
    summary:
      'Makes 1–50 variants of a published problem (or of a draft the caller may edit) as unsaved drafts in the creation tool’s shape, each varied item’s answer checked; 422 when nothing in it can be varied',
    body: ProblemVariantsRequestSchema,
    response: ProblemVariantsAnswerSchema,
  }),
};
