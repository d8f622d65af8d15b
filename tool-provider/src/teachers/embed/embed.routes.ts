import { API, PathIdSchema } from '@kib/core';
import type { ApiRouter } from '../../http/api-router';
import { AppError } from '../../http/errors';
import type { EmbedTokens } from './embed-tokens';

/** The id of a path, or 404 (an id that cannot exist names nothing of the caller's). */
function pathId(raw: string | undefined): number {
  const id = PathIdSchema.safeParse(raw);
  if (!id.success) throw AppError.notFound();
  return id.data;
}

/** A classroom's embed tokens: list, make (the secret answered once), revoke. */
export function registerEmbedRoutes(api: ApiRouter, tokens: EmbedTokens): void {
  api.handle(API.embedTokens, {
    handle: async ({ principal, params, res }) => {
      res.set('Cache-Control', 'no-store');
      return { body: await tokens.list(principal.userId, pathId(params.id)) };
    },
  });

  api.handle(API.createEmbedToken, {
    handle: async ({ principal, params, body, res }) => {
      res.set('Cache-Control', 'no-store');
      return { body: await tokens.create(principal.userId, pathId(params.id), body) };
    },
  });

  api.handle(API.revokeEmbedToken, {
    handle: async ({ principal, params }) => {
      await tokens.revoke(principal.userId, pathId(params.id), pathId(params.tokenId));
    },
  });
}
