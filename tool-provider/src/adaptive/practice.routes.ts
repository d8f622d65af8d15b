import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import type { PracticeService } from './practice.service';

/** practice/next/ (issue 35): the caller's own next numeral to practise. */
export function registerPracticeRoutes(api: ApiRouter, practice: PracticeService): void {
  api.handle(API.practiceNext, {
    handle: async ({ query, principal, req }) => ({
      body: await practice.next(principal.userId, query, req.language),
    }),
  });
}
