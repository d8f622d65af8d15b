import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import type { AiJobs } from './ai-jobs';

/** AI-assisted creation (spec 02 §7 create_ai_problem/): a generation starts, and its creator follows it. */
export function registerCreationAiRoutes(api: ApiRouter, generations: AiJobs): void {
  api.handle(API.createAiProblem, {
    handle: async ({ principal, body, files }) => ({
      body: await generations.submit(principal, body.data, files),
    }),
  });
  api.handle(API.aiProblemJob, {
    handle: async ({ principal, params, req }) => ({
      body: await generations.status(principal, params.id, req.language),
    }),
  });
}
