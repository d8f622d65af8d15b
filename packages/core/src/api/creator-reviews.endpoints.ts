import { endpoint, roles } from './contract';
import {
  CreatorsReviewListAnswerSchema,
  CreatorsReviewListRequestSchema,
  ProblemReviewAnswerSchema,
  ReviewRequestSchema,
  ReviewsByDateAnswerSchema,
  ReviewsByDateRequestSchema,
  ReviewVerdictSchema,
} from './creator-reviews.schemas';

const TAG = 'creator-reviews';

/** Who takes part in reviews (spec 02 §6): creators, for their own problems, and supervisors. */
export const REVIEWERS_AND_CREATORS = roles('Creators', 'Supervisors');

/**
 * The review workflow (spec 02 §2 "Creators review list", §3 "Problem review", §4 "Review", §7):
 * the supervisor's creators list, one creator's reviews by date, a problem's review with its
 * history, the author's send-to-review switches and the supervisor's verdicts.
 */
export const CREATOR_REVIEW_ENDPOINTS = {
  creatorsReviewList: endpoint({
    method: 'post',
    path: '/get_creators_review_list/',
    access: roles('Supervisors'),
    tag: TAG,
    summary:
      'The supervisor’s creators list: every author of a problem with a review, with how many of their problems wait for review, were reviewed and are ready',
    body: CreatorsReviewListRequestSchema,
    response: CreatorsReviewListAnswerSchema,
  }),
  reviewsByDate: endpoint({
    method: 'post',
    path: '/get_reviews_by_date/',
    access: REVIEWERS_AND_CREATORS,
    tag: TAG,
    summary:
      'One creator’s reviews in a window: current (waiting, by when sent) or passed (reviewed, by review date); a creator only their own (403 otherwise)',
    body: ReviewsByDateRequestSchema,
    response: ReviewsByDateAnswerSchema,
  }),
  problemReview: endpoint({
    method: 'get',
    path: '/creator/reviews/:id/',
    access: REVIEWERS_AND_CREATORS,
    tag: TAG,
    summary:
      'A problem’s review and its history: its author reads it, a supervisor reads and edits it (404 for anyone else)',
    response: ProblemReviewAnswerSchema,
  }),
  requestReview: endpoint({
    method: 'put',
    path: '/creator/reviews/:id/requests/',
    access: REVIEWERS_AND_CREATORS,
    tag: TAG,
    summary:
      'The author’s switches: send the problem to review (which unpublishes it and takes its videos out of review), or its videos once the problem is ready and not in review (409 otherwise)',
    body: ReviewRequestSchema,
    response: ProblemReviewAnswerSchema,
  }),
  reviewProblem: endpoint({
    method: 'patch',
    path: '/creator/reviews/:id/',
    access: roles('Supervisors'),
    tag: TAG,
    summary:
      'The supervisor’s verdicts and feedback on a problem and its videos; each change kept in the history, the author told by mail',
    body: ReviewVerdictSchema,
    response: ProblemReviewAnswerSchema,
  }),
};
