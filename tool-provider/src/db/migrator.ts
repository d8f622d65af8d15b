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

const MIGRATION_LOCK = 4_201_107;

/**
 * Applies every pending migration. On a real PostgreSQL a session-level advisory lock, held on a
 * connection of its own, makes concurrent starts wait for each other (a transaction-level lock would
 * stall servers that run one transaction at a time, such as PGlite behind its socket). The embedded
 * database has a single owner process (its lock file), so there it runs without the lock.
 */
export async function migrate(sequelize: Sequelize, kind: DatabaseKind, logger?: Logger): Promise<string[]> {
  const migrator = createMigrator(sequelize, logger);
  if (kind === 'pglite') return (await migrator.up()).map((m) => m.name);
  const manager = sequelize.connectionManager as unknown as {
    getConnection(): Promise<PgConnection>;
    releaseConnection(c: PgConnection): Promise<void>;
  };
  const lockConnection = await manager.getConnection();
  try {
    await lockConnection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return (await migrator.up()).map((m) => m.name);
    } finally {
      await lockConnection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await manager.releaseConnection(lockConnection);
  }
}

interface PgConnection {
  query(sql: string, values: unknown[]): Promise<unknown>;
}
