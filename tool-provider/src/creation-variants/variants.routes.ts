import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { VariantsService } from './variants.service';

/** Offline problem variants (issue 16, item 1). */
export function registerVariantsRoutes(api: ApiRouter, service: VariantsService): void {
  api.handle(API.problemVariants, {
    handle: async ({ principal, params, body }) => {
      const id = Number(params.id);
      if (!/^\d{1,10}$/.test(params.id) || id < 1 || id > 2_147_483_647) throw AppError.notFound();
      return { body: await service.make(principal, id, body) };
    },
  });
}
