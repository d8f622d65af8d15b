import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import type { CreationAiService } from './creation-ai.service';

/** AI-assisted creation (spec 02 §7 create_ai_problem/). */
export function registerCreationAiRoutes(api: ApiRouter, service: CreationAiService): void {
  api.handle(API.createAiProblem, {
    handle: async ({ principal, body, files }) => ({
      body: await service.create(principal, body.data, files),
    }),
  });
}
