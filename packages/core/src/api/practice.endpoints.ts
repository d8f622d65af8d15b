import { AUTHENTICATED, endpoint, roles } from './contract';
import {
  ClassroomMasterySchema,
  PracticeNextAnswerSchema,
  PracticeNextQuerySchema,
} from './practice.schemas';

const TAG = 'practice';

/**
 * Adaptive practice (issue 35, docs/adaptive.md): what the caller's student model says to practise
 * next (the caller's own model only), and a teacher's view of their classroom's models.
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
  classroomMastery: endpoint({
    method: 'get',
    path: '/classrooms/:id/mastery/',
    access: roles('Teachers'),
    tag: TAG,
    summary:
      "The mastery grid of one of the caller's classrooms: its students, the skills its assignments train and each student's level, estimate and uncertainty per skill (404 for another teacher's)",
    response: ClassroomMasterySchema,
  }),
};
