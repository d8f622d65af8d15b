import pg from 'pg';
import { Sequelize } from 'sequelize';
import type { Logger } from '../logger';
import {
  DataDirLockedError,
  findRunningEmbedded,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embedded';

/** Which server answers the SQL: the embedded PGlite or a real PostgreSQL. */
export type DatabaseKind = 'pglite' | 'postgresql';

/**
 * How a process uses the embedded database of DATA_DIR (nothing changes with DATABASE_URL):
 * - `exclusive`: it opens it, or fails with DataDirLockedError while another process owns it;
 * - `serve`: it opens it and publishes its address in DATA_DIR for clients (the server);
 * - `client`: it opens it, or, while a running Kib owns it, connects to that Kib's (`npm run lti`).
 */
export type EmbeddedAccess = 'exclusive' | 'serve' | 'client';

/** An open database: the Sequelize instance and how to close it (and the embedded server, if any). */
export interface Database {
  sequelize: Sequelize;
  kind: DatabaseKind;
  /** The pid of the running Kib whose embedded database this client connected to, if it did. */
  runningOwner?: number;
  close(): Promise<void>;
}

/** How long opening a connection to the database may take before the request answers 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Opens Sequelize on a PostgreSQL URL; `kind` only changes pool sizing and what /api/health reports.
 * The embedded PGlite is one database session behind pglite-socket, which interleaves the
 * extended-protocol messages (Parse, Bind, Execute, Sync) of concurrent connections: one
 * connection's statement can replace another's ("unnamed prepared statement does not exist", or
 * worse, the wrong rows). So Kib talks to it over a single connection, and queries wait their turn
 * in the pool, as they would in the one session anyway.
 */
export function connect(
  url: string,
  kind: DatabaseKind,
  logger?: Logger,
  /** How long a connection may stay idle before the pool closes it (above the embedded one). */
  idleMs = 10_000,
): Sequelize {
  return new Sequelize(url, {
    dialect: 'postgres',
    dialectModule: pg,
    logging: logger ? (sql) => logger.trace({ sql }, 'sql') : false,
    // The embedded database's one connection stays open while idle: a new one would leave the old
    // one's prepared statements behind in the shared session.
    pool: kind === 'pglite' ? { max: 1, min: 1, idle: idleMs } : { max: 10, min: 0, idle: idleMs },
    // A database host that drops packets fails a connection in seconds, not at the TCP timeout.
    dialectOptions: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    define: { underscored: true, freezeTableName: true },
  });
}

/**
 * Opens the configured database: DATABASE_URL when given, otherwise the embedded PGlite whose
 * files live under `dataDir/pgdata`, as `access` says (`exclusive` by default).
 */
export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
  logger?: Logger;
  access?: EmbeddedAccess;
}): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let runningOwner: number | undefined;
  let url = opts.databaseUrl;
  const kind: DatabaseKind = url ? 'postgresql' : 'pglite';
  const access = opts.access ?? 'exclusive';
  if (!url) {
    try {
      embedded = await startEmbeddedPostgres(opts.dataDir, { publish: access === 'serve' });
      url = embedded.url;
    } catch (err) {
      const running = access === 'client' && err instanceof DataDirLockedError;
      const owner = running ? await findRunningEmbedded(opts.dataDir) : null;
      if (!owner) throw err;
      url = owner.url;
      runningOwner = owner.pid;
    }
  }
  const sequelize = connect(url, kind, opts.logger);
  try {
    await sequelize.authenticate();
  } catch (err) {
    await embedded?.stop();
    await sequelize.close();
    if (runningOwner === undefined) throw err;
    throw new Error(
      `The Kib process ${runningOwner} owns ${opts.dataDir}, but its database did not answer; try again once it has started, or stop it.`,
      { cause: err },
    );
  }
  return {
    sequelize,
    kind,
    ...(runningOwner === undefined ? {} : { runningOwner }),
    async close() {
      await sequelize.close();
      await embedded?.stop();
    },
  };
}
