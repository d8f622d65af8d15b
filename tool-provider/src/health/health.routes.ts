import { API } from '@kib/core';
import type { Sequelize } from 'sequelize';
import type { DatabaseKind } from '../db/database';
import type { ApiRouter } from '../http/api-router';
import { nameEndpoints, openApiDocument } from '../http/openapi';

/** GET /api/health: the process answers and its database does. */
export function registerHealthRoutes(api: ApiRouter, sequelize: Sequelize, kind: DatabaseKind): void {
  api.handle(API.health, {
    handle: async () => {
      try {
        await sequelize.query('SELECT 1');
        return { body: { status: 'ok' as const, database: kind } };
      } catch {
        return { status: 503, body: { status: 'unavailable' as const, database: kind } };
      }
    },
  });
}

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every route of `api`, made once from their
 * declarations, on first request (every route is registered by then).
 */
export function registerOpenApiRoute(api: ApiRouter, options: { version: string; publicUrl: string }): void {
  let document: Record<string, unknown> | null = null;
  api.handle(API.openApi, {
    handle: async () => {
      if (!document) {
        nameEndpoints(API);
        document = openApiDocument(api.routes, { version: options.version, serverUrl: options.publicUrl });
      }
      return { body: document };
    },
  });
}
