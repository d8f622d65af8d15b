import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import type { Limiter } from '../http/rate-limit';
import type { SolvingService } from './solving.service';

/**
 * proof/, hints/ and getstudentproblemsolutiondata/ (spec 01 §7). The caller comes from the token: an
 * account, or a temporary (code) student limited to their module.
 */
export function registerSolvingRoutes(api: ApiRouter, solving: SolvingService, demoLimiter: Limiter): void {
  api.handle(API.proof, {
    handle: async ({ body, principal, req }) => ({
      body: await solving.attempt(principal, body, req.language),
    }),
  });

  api.handle(API.hints, {
    handle: async ({ body, principal, req }) => ({
      body: await solving.hints(principal, body, req.language),
    }),
  });

  api.handle(API.solutionData, {
    handle: async ({ body, principal }) => ({ body: await solving.solutionData(principal, body.problemId) }),
  });

  // The demo mode (no account): demo problems only, nothing recorded, checks bounded per address.
  api.handle(API.demoProof, {
    handle: async ({ body, req }) => {
      await demoLimiter.hit(req.ip ?? 'unknown');
      return { body: await solving.demoAttempt(body, req.language) };
    },
  });

  api.handle(API.demoHints, {
    handle: async ({ body, req }) => {
      await demoLimiter.hit(req.ip ?? 'unknown');
      return { body: await solving.demoHints(body, req.language) };
    },
  });
}
