import pg from 'pg';
import { Sequelize } from 'sequelize';
import type { Logger } from '../logger';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

/** Which server answers the SQL: the embedded PGlite or a real PostgreSQL. */
export type DatabaseKind = 'pglite' | 'postgresql';

/** An open database: the Sequelize instance and how to close it (and the embedded server, if any). */
export interface Database {
  sequelize: Sequelize;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/** Opens Sequelize on a PostgreSQL URL; `kind` only changes pool sizing and what /api/health reports. */
export function connect(url: string, kind: DatabaseKind, logger?: Logger): Sequelize {
  return new Sequelize(url, {
    dialect: 'postgres',
    dialectModule: pg,
    logging: logger ? (sql) => logger.trace({ sql }, 'sql') : false,
    pool: kind === 'pglite' ? { max: 4, min: 0, idle: 10_000 } : { max: 10, min: 0, idle: 10_000 },
    define: { underscored: true, freezeTableName: true },
  });
}

/**
 * Opens the configured database: DATABASE_URL when given, otherwise the embedded PGlite whose
 * files live under `dataDir/pgdata`.
 */
export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
  logger?: Logger;
}): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = opts.databaseUrl;
  const kind: DatabaseKind = url ? 'postgresql' : 'pglite';
  if (!url) {
    embedded = await startEmbeddedPostgres(opts.dataDir);
    url = embedded.url;
  }
  const sequelize = connect(url, kind, opts.logger);
  try {
    await sequelize.authenticate();
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  return {
    sequelize,
    kind,
    async close() {
      await sequelize.close();
      await embedded?.stop();
    },
  };
}
