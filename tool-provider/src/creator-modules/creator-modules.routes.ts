import { API, PathIdSchema } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { CreatorModuleService } from './creator-modules.service';

/** The id of a path, or 404 (an id that cannot exist names nothing of the caller's). */
function pathId(raw: string): number {
  const id = PathIdSchema.safeParse(raw);
  if (!id.success) throw AppError.notFound();
  return id.data;
}

/**
 * The creators' module builder (spec 02 §7): getcreatormodules/, get_module_data/, creator/modules/
 * (save), creator/delete-module/, clone-module-by-id/, creator/module-by-code/,
 * get_cloned_module_classrooms/, creator/modules/{id}/activities/, creator/teachers/ and
 * demo-preset/.
 */
export function registerCreatorModuleRoutes(api: ApiRouter, modules: CreatorModuleService): void {
  api.handle(API.creatorModules, {
    handle: async ({ principal }) => ({ body: await modules.list(principal.userId) }),
  });
  api.handle(API.creatorModuleData, {
    handle: async ({ principal, body }) => ({ body: await modules.detail(principal.userId, body.moduleId) }),
  });
  api.handle(API.saveCreatorModule, {
    handle: async ({ principal, body }) => ({ body: await modules.save(principal.userId, body) }),
  });
  api.handle(API.deleteCreatorModule, {
    handle: async ({ principal, body }) => {
      await modules.delete(principal.userId, body.moduleId);
    },
  });
  api.handle(API.cloneModuleById, {
    handle: async ({ principal, query }) => ({ body: await modules.cloneById(principal.userId, query.id) }),
  });
  api.handle(API.creatorModuleByCode, {
    handle: async ({ principal, query, req, res }) => {
      // The answer is found by a credential: no browser or proxy keeps a copy.
      res.set('Cache-Control', 'no-store');
      return { body: await modules.byCode(principal.userId, query.code, req.ip ?? 'unknown') };
    },
  });
  api.handle(API.clonedModuleClassrooms, {
    handle: async ({ principal, body }) => ({
      body: await modules.clonedClassrooms(principal.userId, body.moduleId),
    }),
  });
  api.handle(API.openActivity, {
    handle: async ({ principal, params, body }) => ({
      body: await modules.openActivity(principal.userId, pathId(params.id), body),
    }),
  });
  api.handle(API.creatorTeachers, {
    handle: async ({ query }) => ({ body: await modules.teachers(query.search, query.page) }),
  });
  api.handle(API.demoPreset, {
    handle: async ({ principal }) => ({ body: await modules.demoPreset(principal.userId) }),
  });
}
