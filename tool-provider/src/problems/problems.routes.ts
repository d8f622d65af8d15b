import { toPublicProblem } from '@kib/core';
import { z } from 'zod';
import type { Principal } from '../http/access';
import { PUBLIC } from '../http/access';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { ProblemAccess, ProblemRepository } from './problem.repository';

const IdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** GET problems/{id}/: the student-facing problem (no targets, solutions or correct choices). */
export function registerProblemRoutes(
  api: ApiRouter,
  problems: ProblemRepository,
  canSeeUnpublished: (principal: Principal, access: ProblemAccess) => Promise<boolean>,
): void {
  api.define({
    method: 'get',
    path: '/problems/:id/',
    access: PUBLIC,
    handle: async ({ params, principal }) => {
      const id = IdParam.safeParse(params.id);
      if (!id.success) throw AppError.notFound();
      const problem = await problems.findById(id.data);
      if (!problem) throw AppError.notFound();
      if (!problem.publishProblem) {
        const access = { authorId: problem.authorId, publishProblem: false, coauthorIds: [] as number[] };
        const full = await problems.findAccess(problem.id);
        if (!principal || !(await canSeeUnpublished(principal, full ?? access))) throw AppError.notFound();
      }
      return { body: toPublicProblem(problem) };
    },
  });
}
