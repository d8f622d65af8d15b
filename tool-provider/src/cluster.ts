import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { z } from 'zod';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrator';
import { initModels } from './db/models';
import type { Logger } from './logger';
import { createMediaStorage } from './media/create-storage';
import { seedDevelopment } from './seed/dev-seed';

/** WEB_CONCURRENCY: how many HTTP processes (`auto`: one per core); one when unset. */
const WebConcurrencySchema = z
  .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
  .optional()
  .transform((v) => (v === 'auto' ? os.availableParallelism() : (v ?? 1)));

/**
 * How many HTTP processes serve this Kib: WEB_CONCURRENCY on PostgreSQL. The embedded database
 * belongs to one process (its data directory's lock), so without DATABASE_URL it is always one.
 * Throws with the variable named when WEB_CONCURRENCY is neither `auto` nor 1 to 64.
 */
export function httpProcesses(
  env: NodeJS.ProcessEnv,
  config: Pick<Config, 'databaseUrl'>,
  logger: Logger,
): number {
  const parsed = WebConcurrencySchema.safeParse(env.WEB_CONCURRENCY || undefined);
  if (!parsed.success)
    throw new Error('Invalid configuration:\n  WEB_CONCURRENCY: `auto` or a whole number from 1 to 64');
  if (parsed.data > 1 && !config.databaseUrl) {
    logger.warn(
      { webConcurrency: parsed.data },
      'WEB_CONCURRENCY needs DATABASE_URL: the embedded database is one process’s; running one',
    );
    return 1;
  }
  return parsed.data;
}

/** How long the primary waits for its workers to stop before it ends them. */
const STOP_TIMEOUT_MS = 12_000;

/**
 * Runs Kib as `count` worker processes (node:cluster) sharing one port, each a whole server on the
 * same PostgreSQL: the primary applies migrations and the development seed once, then forks them
 * one after another, forks a new one when one dies, and on SIGINT/SIGTERM stops them all and
 * exits. Everything shared lives in the database (ARCHITECTURE: stateless HTTP processes), so a
 * worker is like another instance behind a balancer. Resolves never: the process exits from here.
 */
export async function runCluster(config: Config, logger: Logger, count: number): Promise<never> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  try {
    const applied = await migrate(db.sequelize, db.kind, logger);
    if (applied.length) logger.info({ applied }, 'migrations applied');
    if (config.seed)
      await seedDevelopment(db.sequelize, initModels(db.sequelize), {
        logger,
        media: createMediaStorage(config),
      });
  } finally {
    await db.close();
  }

  let stopping = false;
  let failed = false;
  const alive = new Set<Worker>();
  const listening = new WeakSet<Worker>();
  const fork = (then?: () => void) => {
    if (stopping) return;
    const worker = cluster.fork();
    alive.add(worker);
    worker.once('listening', () => {
      listening.add(worker);
      then?.();
    });
  };
  const stopAll = () => {
    for (const w of alive) w.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
  };
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    // A worker that never listened failed to start (its error is logged): another would too.
    if (!listening.has(worker)) {
      logger.fatal({ pid: worker.process.pid, code }, 'a worker could not start');
      stopping = true;
      failed = true;
      if (alive.size === 0) process.exit(1);
      stopAll();
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'a worker died; starting another');
    setTimeout(() => fork(), 1_000);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: count }, 'stopping');
    if (alive.size === 0) process.exit(0);
    stopAll();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  logger.info({ workers: count }, 'starting worker processes');
  // One after another: each worker sets up what it shares in the database (the job queue's
  // queues) at start, and two doing it at once can deadlock.
  let forked = 0;
  const forkNext = () => {
    if (forked++ < count) fork(forkNext);
  };
  forkNext();
  return new Promise<never>(() => undefined);
}
