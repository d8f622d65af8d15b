import { endpoint, roles } from './contract';
import { AI_PICTURE_MAX_BYTES, AiJobSchema, AiProblemRequestSchema } from './creator-ai.schemas';

/**
 * AI-assisted creation (spec 02 §7 create_ai_problem/): a creator's prompt, or an exercise's text
 * and picture, turned into a draft by the configured OpenAI-compatible model, every answer judged by
 * the checker. The generation runs as a background job the creator follows. 503 when no model is
 * configured (the offline variants work without one).
 */
export const CREATOR_AI_ENDPOINTS = {
  createAiProblem: endpoint({
    method: 'post',
    path: '/create_ai_problem/',
    access: roles('Creators'),
    tag: 'creator',
    summary:
      'Starts generating a problem draft with the configured model from the creator’s prompt (or an exercise’s text and picture), as a job followed at create_ai_problem/{id}/; 503 when AI creation is not configured',
    body: AiProblemRequestSchema,
    response: AiJobSchema,
    status: 202,
    multipart: {
      jsonFields: ['data'],
      files: [{ field: 'picture', maxBytes: AI_PICTURE_MAX_BYTES }],
      maxFiles: 1,
      maxTotalBytes: AI_PICTURE_MAX_BYTES + 256 * 1024,
    },
  }),
  aiProblemJob: endpoint({
    method: 'get',
    path: '/create_ai_problem/:id/',
    access: roles('Creators'),
    tag: 'creator',
    summary:
      'Where one of the caller’s generations stands: queued, running, done with the draft (failing numerals marked with the checker’s reason) or failed with the reason; 404 for anybody else’s',
    response: AiJobSchema,
  }),
};
