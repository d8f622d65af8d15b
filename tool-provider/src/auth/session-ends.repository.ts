import pg from 'pg';
import type { Sequelize } from 'sequelize';
import { pooledQuery } from '../db/pooled-query';

/** The channel migration 0030's trigger notifies when a session end is recorded. */
const CHANNEL = 'kib_session_ends';

/** A recorded session end, as the process caches it. */
export interface SessionEndRow {
  key: string;
  /** When the key's tokens stop working (epoch ms); null: no longer (an activity reopened). */
  endsAt: number | null;
  /** When the row was last written (epoch ms): it is pruned once no token it ends can be alive. */
  recordedAt: number;
  version: number;
}

/** A connection of its own that listens for recorded session ends. */
export interface SessionEndsListener {
  close(): Promise<void>;
}

/**
 * Data access for session ends (table `session_ends`, migration 0030). Its rows are written by
 * triggers; this reads them by version, prunes old ones and listens for new ones.
 */
export class SessionEndsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * The rows written after `version`, in version order. One prepared statement on an index, so
   * the processes polling for new rows cost the database next to nothing.
   */
  async since(version: number): Promise<SessionEndRow[]> {
    const rows = await pooledQuery<{
      key: string;
      endsAt: string | null;
      recordedAt: string;
      version: string;
    }>(
      this.sequelize,
      `SELECT session_key AS key,
              (extract(epoch FROM ends_at) * 1000)::text AS "endsAt",
              (extract(epoch FROM recorded_at) * 1000)::text AS "recordedAt",
              version::text AS version
         FROM session_ends e WHERE e.version > $1 ORDER BY e.version`,
      [version],
      'session-ends-since',
    );
    return rows.map((r) => ({
      key: r.key,
      endsAt: r.endsAt === null ? null : Number(r.endsAt),
      recordedAt: Number(r.recordedAt),
      version: Number(r.version),
    }));
  }

  /** Deletes the rows last written more than `keepSeconds` ago; answers how many. */
  async prune(keepSeconds: number): Promise<number> {
    const rows = await pooledQuery(
      this.sequelize,
      `DELETE FROM session_ends WHERE recorded_at < now() - make_interval(secs => $1) RETURNING session_key`,
      [keepSeconds],
    );
    return rows.length;
  }

  /**
   * Opens a connection outside the pool (PostgreSQL only: the embedded database has one, ADR 11)
   * that LISTENs on the session-ends channel: `onNotify` for each notification, `onLost` once when
   * the connection fails or ends. Throws when it cannot connect.
   */
  async listen(onNotify: () => void, onLost: (err: unknown) => void): Promise<SessionEndsListener> {
    const config = this.sequelize.config;
    const options = (config.dialectOptions ?? {}) as pg.ClientConfig;
    const client = new pg.Client({
      host: config.host,
      port: config.port === undefined ? undefined : Number(config.port),
      user: config.username,
      password: config.password ?? undefined,
      database: config.database,
      ssl: options.ssl,
      connectionTimeoutMillis: options.connectionTimeoutMillis,
      application_name: 'kib-session-ends',
      keepAlive: true,
    });
    let lost = false;
    const lose = (err: unknown) => {
      if (lost) return;
      lost = true;
      onLost(err);
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('the session-ends connection ended')));
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) onNotify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost = true;
      await client.end().catch(() => undefined);
      throw err;
    }
    return {
      async close() {
        lost = true;
        await client.end().catch(() => undefined);
      },
    };
  }
}
