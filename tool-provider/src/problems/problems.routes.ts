import { API, PathIdSchema, toPublicProblem } from '@kib/core';
import type { Principal } from '../http/access';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { ProblemAccess, ProblemRepository } from './problem.repository';

/**
 * GET problems/{id}/: the student-facing problem (no targets, solutions or correct choices). An
 * account opens it only when `accountMayOpen` says so (a demo account: its preset content only).
 */
export function registerProblemRoutes(
  api: ApiRouter,
  problems: ProblemRepository,
  canSeeUnpublished: (principal: Principal, access: ProblemAccess) => Promise<boolean>,
  accountMayOpen: (userId: number, problemId: number) => Promise<boolean>,
): void {
  api.handle(API.problem, {
    handle: async ({ params, principal }) => {
      const id = PathIdSchema.safeParse(params.id);
      if (!id.success) throw AppError.notFound();
      const problem = await problems.findById(id.data);
      if (!problem) throw AppError.notFound();
      if (!problem.publishProblem) {
        const access = { authorId: problem.authorId, publishProblem: false, coauthorIds: [] as number[] };
        const full = await problems.findAccess(problem.id);
        if (!principal || !(await canSeeUnpublished(principal, full ?? access))) throw AppError.notFound();
      }
      if (principal && !principal.tempStudent && !(await accountMayOpen(principal.userId, problem.id)))
        throw AppError.notFound();
      return { body: toPublicProblem(problem) };
    },
  });
}
