import cluster from 'node:cluster';
import { httpProcesses, runCluster } from './cluster';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/embedded';
import { createLogger } from './logger';
import { startServer } from './server';

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
})();
const logger = createLogger(config.logLevel, config.env);

// Several processes on PostgreSQL (WEB_CONCURRENCY): the primary prepares the database and forks.
if (cluster.isPrimary) {
  const processes = (() => {
    try {
      return httpProcesses(process.env, config, logger);
    } catch (err) {
      console.error((err as Error).message);
      process.exit(2);
    }
  })();
  if (processes > 1) await runCluster(config, logger, processes);
}

try {
  const running = await startServer(config, logger);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await running.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} catch (err) {
  if (err instanceof DataDirLockedError) logger.fatal(err.message);
  else logger.fatal({ err }, 'could not start');
  process.exit(1);
}
