import { randomInt } from 'node:crypto';
import type { ProblemDraft, ProblemVariantsAnswer, ProblemVariantsRequest } from '@kib/core';
import { makeVariants as makeCheckedVariants, VARIANTS_BUDGET_MS } from '@kib/checker/variants';
import { authoringChecks } from '../creation/authoring-checks';
import type { CreationRepository } from '../creation/creation.repository';
import type { Principal } from '../http/access';
import { AppError } from '../http/errors';

/** How the variants service is made. */
export interface VariantsServiceDeps {
  repo: Pick<CreationRepository, 'editAccess' | 'loadDraft' | 'canEditAny'>;
}

/**
 * Variants of a problem draft (no database, no network): `count` (1–50) drafts with new numbers,
 * every varied item's answer recomputed and passed by the checker, then the authoring checks that
 * publishing runs (a variant failing one for an item it changed is left out). The same seed gives
 * the same variants; without one each call draws anew. Throws a translated 422 when nothing in the
 * problem can be varied or no fitting variant was found within the time bound.
 */
export function makeVariants(problem: ProblemDraft, count: number, seed?: number): ProblemVariantsAnswer {
  const outcome = makeCheckedVariants(problem, {
    count,
    seed: seed ?? randomInt(0, 2_147_483_647),
    budgetMs: VARIANTS_BUDGET_MS,
  });
  if (!outcome.ok) throw new AppError(422, `variants-${outcome.error}`);
  const variants = outcome.variants.filter((variant) => {
    const changed = new Set(variant.answers.map((a) => `${a.numeral}:${a.step ?? ''}`));
    return authoringChecks(variant.problem).every(
      (c) => c.ok || !changed.has(`${c.numeral}:${c.step ?? ''}`),
    );
  });
  if (variants.length === 0) throw new AppError(422, 'variants-none-found');
  return { variants, varied: outcome.varied, kept: outcome.kept };
}

/**
 * POST problems/{id}/variants/ for creators and supervisors: variants of any published problem, or
 * of a draft the caller may edit (its author, a coauthor, or an account that may edit any problem).
 * Anyone else's draft is answered 404, as the creation tool does, so its existence is not told.
 */
export class VariantsService {
  constructor(private readonly deps: VariantsServiceDeps) {}

  async make(
    principal: Principal,
    problemId: number,
    request: ProblemVariantsRequest,
  ): Promise<ProblemVariantsAnswer> {
    const access = await this.deps.repo.editAccess(problemId);
    if (!access) throw AppError.notFound();
    if (!access.publishProblem) {
      const own = access.authorId === principal.userId || access.coauthorIds.includes(principal.userId);
      if (!own && !(await this.deps.repo.canEditAny(principal.userId))) throw AppError.notFound();
    }
    const loaded = await this.deps.repo.loadDraft(problemId);
    if (!loaded) throw AppError.notFound();
    return makeVariants(loaded.problem, request.count, request.seed);
  }
}
