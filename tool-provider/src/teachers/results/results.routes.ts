import { API, PathIdSchema } from '@kib/core';
import type { Response } from 'express';
import type { ApiRouter } from '../../http/api-router';
import { AppError } from '../../http/errors';
import type { ResultsService } from './results.service';

/** The id of a path, or 404 (an id that cannot exist names nothing of the caller's). */
function pathId(raw: string): number {
  const id = PathIdSchema.safeParse(raw);
  if (!id.success) throw AppError.notFound();
  return id.data;
}

/** Results name students and carry their records: no browser or proxy keeps a copy. */
function noStore(res: Response): void {
  res.set('Cache-Control', 'no-store');
}

/**
 * What a teacher follows (spec 03 §2): a classroom's overview, one assignment's results and one
 * student's record, in the caller's own classrooms.
 */
export function registerResultsRoutes(api: ApiRouter, results: ResultsService): void {
  api.handle(API.classroomOverview, {
    handle: async ({ principal, params, res }) => {
      noStore(res);
      return { body: await results.classroomOverview(principal.userId, pathId(params.id)) };
    },
  });

  api.handle(API.assignmentResults, {
    handle: async ({ principal, params, res }) => {
      noStore(res);
      return {
        body: await results.assignmentResults(principal.userId, pathId(params.id), pathId(params.moduleId)),
      };
    },
  });

  api.handle(API.studentDetail, {
    handle: async ({ principal, params, res }) => {
      noStore(res);
      return {
        body: await results.studentDetail(principal.userId, pathId(params.id), pathId(params.studentId)),
      };
    },
  });
}
