import { endpoint, roles } from './contract';
import { AI_PICTURE_MAX_BYTES, AiProblemAnswerSchema, AiProblemRequestSchema } from './creator-ai.schemas';

/**
 * AI-assisted creation (spec 02 §7 create_ai_problem/): a creator's prompt, or an exercise's text
 * and picture, turned into a draft by the configured OpenAI-compatible model, every answer judged by
 * the checker. 503 when no model is configured (the offline variants work without one).
 */
export const CREATOR_AI_ENDPOINTS = {
  createAiProblem: endpoint({
    method: 'post',
    path: '/create_ai_problem/',
    access: roles('Creators'),
    tag: 'creator',
    summary:
      'Generates a problem draft with the configured model from the creator’s prompt (or an exercise’s text and picture); failing numerals are marked with the checker’s reason; 503 when AI creation is not configured',
    body: AiProblemRequestSchema,
    response: AiProblemAnswerSchema,
    multipart: {
      jsonFields: ['data'],
      files: [{ field: 'picture', maxBytes: AI_PICTURE_MAX_BYTES }],
      maxFiles: 1,
      maxTotalBytes: AI_PICTURE_MAX_BYTES + 256 * 1024,
    },
  }),
};
