import { API } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { DatabaseKind } from '../db/database';
import { MIGRATIONS } from '../db/migrations/index';
import type { ApiRouter } from '../http/api-router';
import { nameEndpoints, openApiDocument } from '../http/openapi';
import { within, WriteProbe, type ProbeFiles } from './write-probe';

/**
 * How long the health checks wait for the database: a balancer's probe must get an answer before
 * its own timeout, whatever the database does (a stopped one, a full pool).
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

/** How the health routes probe, beyond the database they ask. */
export interface HealthOptions {
  /** Where readiness writes its probe file: DATA_DIR when Kib keeps data there, else null. */
  dataDir: string | null;
  /** How long each check may take ({@link HEALTH_DATABASE_TIMEOUT_MS} by default). */
  timeoutMs?: number;
  /** The file system of the probe (tests); the real one by default. */
  files?: ProbeFiles;
  /** How long a successful write probe stands (tests); two seconds by default. */
  cacheMs?: number;
}

/**
 * GET /api/health (the process and its database answer), /api/health/live (the process answers:
 * restart it when not) and /api/health/ready (send it traffic: the database answers in time, has
 * every migration this version needs, and the database and DATA_DIR take a write).
 */
export function registerHealthRoutes(
  api: ApiRouter,
  sequelize: Sequelize,
  kind: DatabaseKind,
  options: HealthOptions,
): void {
  const timeoutMs = options.timeoutMs ?? HEALTH_DATABASE_TIMEOUT_MS;
  const writes = new WriteProbe({
    sequelize,
    dataDir: options.dataDir,
    timeoutMs,
    files: options.files,
    cacheMs: options.cacheMs,
  });
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
      // A database that answers reads but cannot store an answer must not get traffic either.
      const failure = await writes.check();
      if (failure)
        return { status: 503, body: { status: 'unavailable' as const, database: kind, reason: failure } };
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
