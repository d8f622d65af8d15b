import fs from 'node:fs/promises';
import path from 'node:path';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { Config } from '../config';
import { makeDirectory, storageFailure, type StorageFailure } from './storage-failure';

/**
 * Why Kib cannot take a write now, as readiness says it: a {@link StorageFailure}, a DATA_DIR that
 * refuses the write for another reason or not in time (`storage-unwritable`: permissions, an I/O
 * error, a hung mount), or a database that did not commit in time (`database-unreachable`).
 */
export type WriteFailure = StorageFailure | 'storage-unwritable' | 'database-unreachable';

/** How the probe writes its file in DATA_DIR, and removes it. */
export interface ProbeFiles {
  /** Creates `file` (and its folder), writes `data`, flushes it to the disk (fsync) and closes it. */
  writeSynced(file: string, data: Uint8Array): Promise<void>;
  remove(file: string): Promise<void>;
}

/** The real file system. */
export const NODE_FILES: ProbeFiles = {
  async writeSynced(file, data) {
    await makeDirectory(path.dirname(file));
    const handle = await fs.open(file, 'w');
    try {
      await handle.writeFile(data);
      // Without the flush a full disk can go unnoticed: the page cache takes the bytes and the
      // file system finds no block for them only when it writes them out.
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  remove: (file) => fs.rm(file, { force: true }),
};

/**
 * How long a successful probe stands for the next ones: balancers, orchestrators and monitors probe
 * every few seconds each, and one write per two seconds answers them all. A failed probe is not
 * kept, so the first probe after the space returns says ready.
 */
export const WRITE_PROBE_CACHE_MS = 2_000;

/** The probe file's size: one block, so the file system must find room for it. */
const PROBE_BYTES = 4096;

/** Rejects when `work` takes longer than `ms` (the work itself goes on; only the wait ends). */
export async function within<T>(work: Promise<T>, ms: number): Promise<T> {
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
 * Whether Kib keeps data in DATA_DIR, so that readiness must write there: the embedded database (no
 * DATABASE_URL), the mail outbox (no SMTP_URL) or pictures and videos (no S3 bucket). With all three
 * elsewhere nothing is written there, and a read-only DATA_DIR (a container's image) is no reason
 * to refuse traffic.
 */
export function dataDirInUse(config: Pick<Config, 'databaseUrl' | 'smtpUrl' | 'media'>): boolean {
  return !config.databaseUrl || !config.smtpUrl || !config.media.s3;
}

/**
 * Whether the database and DATA_DIR take a write now. The database commits a transaction that has
 * a transaction id (so its commit record is written and flushed to the WAL) and says whether it was
 * read-only; DATA_DIR gets a small file created, flushed to the disk and removed. Neither leaves
 * anything behind, and nothing is latched: each probe after a failure writes again.
 *
 * What it cannot see: an external PostgreSQL whose own disk is full still commits this (its WAL
 * files are allocated ahead); the writes that need new space then fail with 53100, which the API
 * answers as 503 `storage-unavailable`.
 */
export class WriteProbe {
  private lastSuccess = Number.NEGATIVE_INFINITY;
  private running: Promise<WriteFailure | null> | null = null;

  constructor(
    private readonly deps: {
      sequelize: Sequelize;
      /** The folder to write in, or null when Kib keeps nothing there ({@link dataDirInUse}). */
      dataDir: string | null;
      /** How long each of the two writes may take. */
      timeoutMs: number;
      files?: ProbeFiles;
      cacheMs?: number;
      now?: () => number;
    },
  ) {}

  /** Null when both take a write, else why not. Concurrent calls share one probe. */
  check(): Promise<WriteFailure | null> {
    if (this.now() - this.lastSuccess < (this.deps.cacheMs ?? WRITE_PROBE_CACHE_MS))
      return Promise.resolve(null);
    this.running ??= this.probe()
      .then((failure) => {
        if (!failure) this.lastSuccess = this.now();
        return failure;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private async probe(): Promise<WriteFailure | null> {
    const [database, files] = await Promise.all([this.probeDatabase(), this.probeDataDir()]);
    return database ?? files;
  }

  private async probeDatabase(): Promise<WriteFailure | null> {
    const { sequelize, timeoutMs } = this.deps;
    try {
      // pg_current_xact_id() gives the transaction an id, so COMMIT writes and flushes a WAL record;
      // on a standby it fails with 25006. `transaction_read_only` tells a read-only default.
      const readOnly = await within(
        sequelize.transaction(async (transaction) => {
          const [row] = await sequelize.query<{ readOnly: string }>(
            `SELECT pg_current_xact_id()::text AS xid, current_setting('transaction_read_only') AS "readOnly"`,
            { type: QueryTypes.SELECT, transaction },
          );
          return row?.readOnly === 'on';
        }),
        timeoutMs,
      );
      return readOnly ? 'database-read-only' : null;
    } catch (err) {
      return storageFailure(err) ?? 'database-unreachable';
    }
  }

  private async probeDataDir(): Promise<WriteFailure | null> {
    const { dataDir, timeoutMs } = this.deps;
    if (!dataDir) return null;
    const files = this.deps.files ?? NODE_FILES;
    // One name per process: the instances of a cluster share DATA_DIR, and each probes on its own.
    const file = path.join(dataDir, `.write-probe-${process.pid}`);
    const writeAndRemove = async () => {
      try {
        await files.writeSynced(file, new Uint8Array(PROBE_BYTES));
      } finally {
        await files.remove(file).catch(() => undefined);
      }
    };
    try {
      await within(writeAndRemove(), timeoutMs);
      return null;
    } catch (err) {
      return storageFailure(err) ?? 'storage-unwritable';
    }
  }
}
