import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import type { CreatorStatsService } from './creator-stats.service';

/** get_creators/ and get_creator_stats/ (spec 02 §7): creator statistics. */
export function registerCreatorStatsRoutes(api: ApiRouter, stats: CreatorStatsService): void {
  api.handle(API.creators, {
    handle: async ({ principal }) => ({ body: await stats.creators(principal) }),
  });

  api.handle(API.creatorStats, {
    handle: async ({ principal, body }) => ({ body: await stats.stats(principal, body) }),
  });
}
