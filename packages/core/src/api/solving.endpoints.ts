import { AUTHENTICATED_OR_TEMP_STUDENT, endpoint, PUBLIC } from './contract';
import {
  AttemptOutcomeSchema,
  AttemptRequestSchema,
  HintOutcomeSchema,
  SolutionDataRequestSchema,
  SolutionDataSchema,
} from './solving.schemas';

const TAG = 'solving';

/**
 * Solving problems (spec 01 §7): checking answers, hints, the caller's progress. The caller comes
 * from the token: an account, or a temporary (code) student limited to their module. The demo's
 * twins take no account, check demo problems only and record nothing.
 */
export const SOLVING_ENDPOINTS = {
  proof: endpoint({
    method: 'post',
    path: '/proof/',
    access: AUTHENTICATED_OR_TEMP_STUDENT,
    tag: TAG,
    summary: "Checks an answer to a numeral or one of its steps and records it in the caller's stats",
    body: AttemptRequestSchema,
    response: AttemptOutcomeSchema,
  }),
  hints: endpoint({
    method: 'post',
    path: '/hints/',
    access: AUTHENTICATED_OR_TEMP_STUDENT,
    tag: TAG,
    summary: "The next hints for the current answer: the author's first, then generated ones",
    body: AttemptRequestSchema,
    response: HintOutcomeSchema,
  }),
  solutionData: endpoint({
    method: 'post',
    path: '/getstudentproblemsolutiondata/',
    access: AUTHENTICATED_OR_TEMP_STUDENT,
    tag: TAG,
    summary: 'Which numerals of a problem the caller has completed',
    body: SolutionDataRequestSchema,
    response: SolutionDataSchema,
  }),
  demoProof: endpoint({
    method: 'post',
    path: '/demo/proof/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Checks an answer to a demo problem without an account; nothing is recorded',
    body: AttemptRequestSchema,
    response: AttemptOutcomeSchema,
  }),
  demoHints: endpoint({
    method: 'post',
    path: '/demo/hints/',
    access: PUBLIC,
    tag: TAG,
    summary: 'The next hints for the current answer to a demo problem, without an account',
    body: AttemptRequestSchema,
    response: HintOutcomeSchema,
  }),
};
