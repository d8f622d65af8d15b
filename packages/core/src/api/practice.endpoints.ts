import { AUTHENTICATED, endpoint } from './contract';
import { PracticeNextAnswerSchema, PracticeNextQuerySchema } from './practice.schemas';

const TAG = 'practice';

/**
 * Adaptive practice (issue 35, docs/adaptive.md): what the caller's student model says to practise
 * next. The model is the caller's own; nobody reads another's through it.
 */
export const PRACTICE_ENDPOINTS = {
  practiceNext: endpoint({
    method: 'get',
    path: '/practice/next/',
    access: AUTHENTICATED,
    tag: TAG,
    summary:
      "The next numeral for the caller to practise in a topic, subtopic or skill, with the model's predicted success, the skills it trains and why",
    query: PracticeNextQuerySchema,
    response: PracticeNextAnswerSchema,
  }),
};
