import { z } from 'zod';
import { endpoint, PUBLIC } from './contract';

const TAG = 'service';

const DATABASE = z.enum(['pglite', 'postgresql']);

/**
 * The service's own endpoints: its health (liveness for a process manager that restarts a stuck
 * process, readiness for a load balancer that sends it traffic) and the description of the API.
 */
export const META_ENDPOINTS = {
  health: endpoint({
    method: 'get',
    path: '/health',
    access: PUBLIC,
    tag: TAG,
    summary: 'Whether the process and its database answer (503 when the database does not)',
    response: z.object({
      status: z.enum(['ok', 'unavailable']),
      database: DATABASE,
    }),
  }),
  healthLive: endpoint({
    method: 'get',
    path: '/health/live',
    access: PUBLIC,
    tag: TAG,
    summary: 'Liveness: the process answers HTTP (the database is not asked)',
    response: z.object({ status: z.literal('ok') }),
  }),
  healthReady: endpoint({
    method: 'get',
    path: '/health/ready',
    access: PUBLIC,
    tag: TAG,
    summary:
      'Readiness: the database answers within a short timeout, every migration of this version is applied, and the database and DATA_DIR take a write (503 otherwise)',
    response: z.object({
      status: z.enum(['ready', 'unavailable']),
      database: DATABASE,
      /**
       * Why it is not ready: the database did not answer in time, migrations are missing, or a
       * write cannot be stored (the disk or quota is full, DATA_DIR is read-only or refuses the
       * write otherwise, the database is read-only).
       */
      reason: z
        .enum([
          'database-unreachable',
          'migrations-pending',
          'storage-full',
          'storage-read-only',
          'storage-unwritable',
          'database-read-only',
        ])
        .optional(),
      /** How many of this version's migrations the database has not applied. */
      pendingMigrations: z.number().int().min(0).optional(),
    }),
  }),
  openApi: endpoint({
    method: 'get',
    path: '/openapi.json',
    access: PUBLIC,
    tag: TAG,
    summary: 'This API described as OpenAPI 3.1, generated from the declarations of its endpoints',
    response: z.record(z.string(), z.unknown()),
    verbatim: true,
  }),
};
