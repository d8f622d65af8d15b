import { endpoint, roles } from './contract';
import { CreatorsAnswerSchema, CreatorStatsRequestSchema, CreatorStatsSchema } from './creator-stats.schemas';

const TAG = 'creator';

/** Who sees creator statistics: creators (their own) and supervisors (anyone's). */
export const CREATOR_STATS_READERS = roles('Creators', 'Supervisors');

/** Creator statistics (spec 02 §2 /creatorstats, §3 "Creator and statistics", §7). */
export const CREATOR_STATS_ENDPOINTS = {
  creators: endpoint({
    method: 'post',
    path: '/get_creators/',
    access: CREATOR_STATS_READERS,
    tag: TAG,
    summary:
      'The creators whose statistics the caller may see: every creator for a supervisor, a creator only themselves',
    response: CreatorsAnswerSchema,
  }),
  creatorStats: endpoint({
    method: 'post',
    path: '/get_creator_stats/',
    access: CREATOR_STATS_READERS,
    tag: TAG,
    summary:
      "A creator's statistics in a window of days (≤ 366): what they authored, per period, and what students did with their problems",
    body: CreatorStatsRequestSchema,
    response: CreatorStatsSchema,
  }),
};
