import { API, PathIdSchema } from '@kib/core';
import type { ApiRouter } from '../../http/api-router';
import { AppError } from '../../http/errors';
import type { ModuleService } from './module.service';

/** The id of a path, or 404 (an id that cannot exist names nothing of the caller's). */
function pathId(raw: string): number {
  const id = PathIdSchema.safeParse(raw);
  if (!id.success) throw AppError.notFound();
  return id.data;
}

/**
 * The teacher's modules (spec 03 "Module list", spec 02 "Module builder"): modules/ (list, create),
 * modules/{id}/ (read, change), delete-module/, modules/{id}/assignments/, modules/{id}/codes/ and
 * module-by-code/. The caller's own modules and classrooms only, with a valid school plan.
 */
export function registerModuleRoutes(api: ApiRouter, modules: ModuleService): void {
  api.handle(API.modules, {
    handle: async ({ principal, query }) => ({ body: await modules.list(principal.userId, query) }),
  });

  api.handle(API.module, {
    handle: async ({ principal, params }) => ({
      body: await modules.detail(principal.userId, pathId(params.id)),
    }),
  });

  api.handle(API.createModule, {
    handle: async ({ principal, body }) => ({ body: await modules.create(principal.userId, body) }),
  });

  api.handle(API.updateModule, {
    handle: async ({ principal, params, body }) => ({
      body: await modules.update(principal.userId, pathId(params.id), body),
    }),
  });

  api.handle(API.deleteModule, {
    handle: async ({ principal, body }) => {
      await modules.delete(principal.userId, body.id);
    },
  });

  api.handle(API.moduleAssignments, {
    handle: async ({ principal, params, body }) => ({
      body: await modules.setAssignments(principal.userId, pathId(params.id), body.assignments),
    }),
  });

  api.handle(API.moduleCodes, {
    handle: async ({ principal, params }) => ({
      body: await modules.createCodes(principal.userId, pathId(params.id)),
    }),
  });

  api.handle(API.moduleByCode, {
    handle: async ({ principal, query, req, res }) => {
      // The answer is found by a credential: no browser or proxy keeps a copy.
      res.set('Cache-Control', 'no-store');
      return { body: await modules.byCode(principal.userId, query.code, req.ip ?? 'unknown') };
    },
  });
}
