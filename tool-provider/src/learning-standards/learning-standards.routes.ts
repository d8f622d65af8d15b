import { API, PathIdSchema } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { LearningStandardsService } from './learning-standards.service';

/** The id of a path, or 404 (an id that cannot exist names nothing). */
function pathId(raw: string): number {
  const id = PathIdSchema.safeParse(raw);
  if (!id.success) throw AppError.notFound();
  return id.data;
}

/**
 * Learning standards (spec 02 §7): education-system-grades/, get-grade-content/, standard-problems/,
 * get-assigned-module-data/, get-topic-modules/ and modules/{id}/learning-standards/.
 */
export function registerLearningStandardRoutes(api: ApiRouter, standards: LearningStandardsService): void {
  api.handle(API.educationSystemGrades, {
    handle: async ({ query }) => ({ body: { grades: await standards.grades(query.educationSystem) } }),
  });

  api.handle(API.gradeContent, {
    handle: async ({ query }) => ({ body: await standards.gradeContent(query.gradeId) }),
  });

  api.handle(API.standardProblems, {
    handle: async ({ principal, query }) => ({
      body: { problems: await standards.problems(principal.userId, query.type, query.id) },
    }),
  });

  api.handle(API.assignedModules, {
    handle: async ({ principal, body }) => ({
      body: { modules: await standards.assignedModules(principal.userId, body.type, body.id) },
    }),
  });

  api.handle(API.topicModules, {
    handle: async ({ principal, body }) => ({
      body: { modules: await standards.topicModules(principal.userId, body.topicId) },
    }),
  });

  api.handle(API.moduleStandards, {
    handle: async ({ principal, params }) => ({
      body: await standards.moduleStandards(principal, pathId(params.id)),
    }),
  });

  api.handle(API.setModuleStandards, {
    handle: async ({ principal, params, body }) => ({
      body: await standards.setModuleStandards(
        principal,
        pathId(params.id),
        body.learningStandardIds,
        body.skillIds,
      ),
    }),
  });
}
