import type { QueryInterface, Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';
import type { Logger } from '../logger';
import type { DatabaseKind } from './database';
import { MIGRATIONS } from './migrations/index';

/** What a migration file exports: `up` and `down`, receiving the query interface. */
export interface Migration {
  up(params: { context: QueryInterface }): Promise<void>;
  down(params: { context: QueryInterface }): Promise<void>;
}

/**
 * The versioned migrations (umzug): the files `migrations/NNNN-name.ts` listed in `migrations/index.ts`,
 * applied in order and recorded in the `kib_migrations` table.
 */
export function createMigrator(sequelize: Sequelize, logger?: Logger) {
  return new Umzug<QueryInterface>({
    migrations: MIGRATIONS.map((m) => ({ name: m.name, up: m.up, down: m.down })),
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize, tableName: 'kib_migrations' }),
    logger: logger
      ? {
          info: (m) => logger.info(m, 'migration'),
          warn: (m) => logger.warn(m, 'migration'),
          error: (m) => logger.error(m, 'migration'),
          debug: (m) => logger.debug(m, 'migration'),
        }
      : undefined,
  });
}

const STARTUP_LOCK = 4_201_107;

/**
 * Runs `work` while no other process of the same database runs its own: on a real PostgreSQL a
 * session-level advisory lock, held on a connection of its own, makes concurrent starts wait for each
 * other (a transaction-level lock would stall servers that run one transaction at a time, such as
 * PGlite behind its socket). Migrations, the development seed and the job queue's schema and queues
 * are set up under it: several instances starting at once on a new database would otherwise race on
 * the same rows and deadlock in pg-boss's queue creation. The embedded database has a single owner
 * process (its lock file), so there `work` runs without the lock.
 */
export async function withStartupLock<T>(
  sequelize: Sequelize,
  kind: DatabaseKind,
  work: () => Promise<T>,
): Promise<T> {
  if (kind === 'pglite') return work();
  const manager = sequelize.connectionManager as unknown as {
    getConnection(): Promise<PgConnection>;
    releaseConnection(c: PgConnection): Promise<void>;
  };
  const lockConnection = await manager.getConnection();
  try {
    await lockConnection.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await lockConnection.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    await manager.releaseConnection(lockConnection);
  }
}

/** Applies every pending migration (by itself: a caller already under the startup lock uses this). */
export async function applyMigrations(sequelize: Sequelize, logger?: Logger): Promise<string[]> {
  return (await createMigrator(sequelize, logger).up()).map((m) => m.name);
}

/** Applies every pending migration under the startup lock. */
export async function migrate(sequelize: Sequelize, kind: DatabaseKind, logger?: Logger): Promise<string[]> {
  return withStartupLock(sequelize, kind, () => applyMigrations(sequelize, logger));
}

interface PgConnection {
  query(sql: string, values: unknown[]): Promise<unknown>;
}
