import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { ReviewsService } from './reviews.service';

/** A path's `:id` as a problem id; 404 for anything else. */
function problemId(id: string): number {
  const n = Number(id);
  if (!/^\d{1,10}$/.test(id) || n < 1 || n > 2_147_483_647) throw AppError.notFound();
  return n;
}

/** The review workflow (spec 02 §4 "Review", §7): lists, a problem's review, the author's and the supervisor's changes. */
export function registerReviewRoutes(api: ApiRouter, reviews: ReviewsService): void {
  api.handle(API.creatorsReviewList, {
    handle: async () => ({ body: await reviews.creators() }),
  });

  api.handle(API.reviewsByDate, {
    handle: async ({ principal, body }) => ({ body: await reviews.byDate(principal, body) }),
  });

  api.handle(API.problemReview, {
    handle: async ({ principal, params }) => ({ body: await reviews.get(principal, problemId(params.id)) }),
  });

  api.handle(API.requestReview, {
    handle: async ({ principal, params, body }) => ({
      body: await reviews.request(principal, problemId(params.id), body),
    }),
  });

  api.handle(API.reviewProblem, {
    handle: async ({ principal, params, body }) => ({
      body: await reviews.review(principal, problemId(params.id), body),
    }),
  });
}
