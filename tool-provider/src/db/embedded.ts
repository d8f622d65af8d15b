import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import lockfile from 'proper-lockfile';

/** An embedded PostgreSQL (PGlite) reachable over the wire protocol on a loopback port. */
export interface EmbeddedPostgres {
  /** postgres:// URL of the embedded server, for pg / Sequelize. */
  url: string;
  stop(): Promise<void>;
}

/** Thrown when another process already owns the data directory. */
export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data directory ${dir} is in use by another Kib process. Stop it, or start this one with another DATA_DIR (or a DATABASE_URL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

const MAX_CONNECTIONS = 32;

/**
 * Starts PGlite on `dataDir/pgdata` (or in memory when dataDir is null) behind pglite-socket on
 * 127.0.0.1 and a free port. One process owns a data directory at a time: a lock file guards it.
 */
export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  let release: (() => Promise<void>) | undefined;
  let db: PGlite;
  if (dataDir) {
    await fs.mkdir(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, 'kib.lock'), stale: 15_000 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw err;
    }
    db = await PGlite.create(path.join(dataDir, 'pgdata'));
  } else {
    db = await PGlite.create();
  }
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: MAX_CONNECTIONS });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
      await release?.();
    },
  };
}
