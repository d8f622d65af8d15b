import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { CreationService } from './creation.service';

/** A path's `:id` as a problem id; 404 for anything else. */
function problemId(id: string): number {
  const n = Number(id);
  if (!/^\d{1,10}$/.test(id) || n < 1 || n > 2_147_483_647) throw AppError.notFound();
  return n;
}

/** The creator area (spec 02 §2, §4, §7): the problem table, a problem for editing, save, clone, delete. */
export function registerCreationRoutes(api: ApiRouter, creation: CreationService): void {
  api.handle(API.creatorProblems, {
    handle: async ({ principal, query }) => ({ body: await creation.table(principal, query) }),
  });

  api.handle(API.creatorProblem, {
    handle: async ({ principal, params }) => ({ body: await creation.get(principal, problemId(params.id)) }),
  });

  api.handle(API.saveProblem, {
    handle: async ({ principal, body, files }) => ({ body: await creation.save(principal, body, files) }),
  });

  api.handle(API.cloneProblem, {
    handle: async ({ principal, params }) => ({
      body: { problemId: await creation.clone(principal, problemId(params.id)) },
    }),
  });

  api.handle(API.deleteProblem, {
    handle: async ({ principal, params }) => ({
      body: await creation.delete(principal, problemId(params.id)),
    }),
  });
}
