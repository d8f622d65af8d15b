import type { Sequelize } from 'sequelize';
import type { DatabaseKind } from '../db/database';
import { PUBLIC } from '../http/access';
import type { ApiRouter } from '../http/api-router';

/** GET /api/health: the process answers and its database does. */
export function registerHealthRoutes(api: ApiRouter, sequelize: Sequelize, kind: DatabaseKind): void {
  api.define({
    method: 'get',
    path: '/health',
    access: PUBLIC,
    handle: async () => {
      try {
        await sequelize.query('SELECT 1');
        return { body: { status: 'ok', database: kind } };
      } catch {
        return { status: 503, body: { status: 'unavailable', database: kind } };
      }
    },
  });
}
