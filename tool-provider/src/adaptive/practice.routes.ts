import { API, PathIdSchema } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { PracticeService } from './practice.service';

/**
 * practice/next/ (issue 35): the caller's own next numeral to practise; classrooms/{id}/mastery/: a
 * teacher's grid of one of their classrooms (no copy kept by browsers or proxies).
 */
export function registerPracticeRoutes(api: ApiRouter, practice: PracticeService): void {
  api.handle(API.practiceNext, {
    handle: async ({ query, principal, req }) => ({
      body: await practice.next(principal.userId, query, req.language),
    }),
  });

  api.handle(API.classroomMastery, {
    handle: async ({ principal, params, req, res }) => {
      res.set('Cache-Control', 'no-store');
      const id = PathIdSchema.safeParse(params.id);
      if (!id.success) throw AppError.notFound();
      return { body: await practice.classroomMastery(principal.userId, id.data, req.language) };
    },
  });
}
