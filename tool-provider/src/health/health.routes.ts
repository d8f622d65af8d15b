import { API } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { DatabaseKind } from '../db/database';
import { MIGRATIONS } from '../db/migrations/index';
import type { ApiRouter } from '../http/api-router';
import { nameEndpoints, openApiDocument } from '../http/openapi';

/**
 * How long the health checks wait for the database: a balancer's probe must get an answer before
 * its own timeout, whatever the database does (a stopped one, a full pool).
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

/** Rejects when `work` takes longer than `ms` (the work itself goes on; only the wait ends). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health (the process and its database answer), /api/health/live (the process answers:
 * restart it when not) and /api/health/ready (send it traffic: the database answers in time and
 * has every migration this version needs).
 */
export function registerHealthRoutes(
  api: ApiRouter,
  sequelize: Sequelize,
  kind: DatabaseKind,
  timeoutMs = HEALTH_DATABASE_TIMEOUT_MS,
): void {
  api.handle(API.health, {
    handle: async () => {
      try {
        await within(sequelize.query('SELECT 1'), timeoutMs);
        return { body: { status: 'ok' as const, database: kind } };
      } catch {
        return { status: 503, body: { status: 'unavailable' as const, database: kind } };
      }
    },
  });
  api.handle(API.healthLive, { handle: async () => ({ body: { status: 'ok' as const } }) });
  const expected = MIGRATIONS.map((m) => m.name);
  api.handle(API.healthReady, {
    handle: async () => {
      let applied: Set<string>;
      try {
        const rows = await within(
          sequelize.query<{ name: string }>('SELECT name FROM kib_migrations', { type: QueryTypes.SELECT }),
          timeoutMs,
        );
        applied = new Set(rows.map((r) => r.name));
      } catch (err) {
        // A database that answers but has no migrations table yet has every migration pending.
        if ((err as { parent?: { code?: string } }).parent?.code !== '42P01')
          return {
            status: 503,
            body: { status: 'unavailable' as const, database: kind, reason: 'database-unreachable' as const },
          };
        applied = new Set();
      }
      const pending = expected.filter((name) => !applied.has(name)).length;
      if (pending > 0)
        return {
          status: 503,
          body: {
            status: 'unavailable' as const,
            database: kind,
            reason: 'migrations-pending' as const,
            pendingMigrations: pending,
          },
        };
      return { body: { status: 'ready' as const, database: kind } };
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
