import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app';
import { listeningPublicUrl, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { applyMigrations, withStartupLock } from './db/migrator';
import { initModels } from './db/models';
import { JobQueue } from './jobs/job-queue';
import type { Logger } from './logger';
import { QueuedMailer } from './mail/mail-queue';
import { createMailer } from './mail/mailer';
import { createMediaStorage } from './media/create-storage';
import { seedDevelopment } from './seed/dev-seed';

/** A running tool provider. */
export interface RunningServer {
  /** Where this machine reaches the server (localhost when it listens on every interface). */
  url: string;
  /** Where users reach it: PUBLIC_URL, or the address derived from the port it listens on. */
  publicUrl: string;
  db: Database;
  close(): Promise<void>;
}

/**
 * Starts the tool provider: opens the database (embedded unless DATABASE_URL), applies pending
 * migrations, seeds development data once when enabled, and listens.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  // The embedded database's address is published in DATA_DIR, so `npm run lti` works while Kib runs.
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger,
    access: 'serve',
  });
  const jobs = new JobQueue(db.sequelize, logger);
  try {
    // Mail goes through the job queue: stored before the request answers, retried while SMTP is down.
    const queuedMailer = new QueuedMailer({
      jobs,
      transport: createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        logger,
      }),
      logger,
    });
    // Several instances may start at once on a new database: each sets it up in turn.
    await withStartupLock(db.sequelize, db.kind, async () => {
      const applied = await applyMigrations(db.sequelize, logger);
      if (applied.length) logger.info({ applied }, 'migrations applied');
      if (config.seed)
        await seedDevelopment(db.sequelize, initModels(db.sequelize), {
          logger,
          media: createMediaStorage(config),
        });
      await jobs.start();
      await queuedMailer.start();
    });
    const { app, mailer, grades, sockets, workers, parsers, sessionEnds } = await createApp({
      config,
      sequelize: db.sequelize,
      databaseKind: db.kind,
      logger,
      mailer: queuedMailer,
      jobs,
    });
    // AI generations and bulk registrations run on whichever instance is free, and resume after a restart.
    await workers.start();
    // Express 5 calls back once: with the error when listening fails (a port in use), else without.
    const server: Server = await new Promise((resolve, reject) => {
      const s = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(s)));
    });
    sockets.attach(server);
    // Grades owed to LMSs are sent from the database's outbox, so a restart resumes them.
    grades.start();
    // Sessions ended on other instances are refused here too: told by NOTIFY, else polled.
    sessionEnds.start();
    const { address, port } = server.address() as AddressInfo;
    const url = `http://${localHost(address)}:${port}`;
    const publicUrl = listeningPublicUrl(config, port);
    const listening = `${address.includes(':') ? `[${address}]` : address}:${port}`;
    logger.info({ publicUrl, listening, database: db.kind }, 'Kib is listening');
    return {
      url,
      publicUrl,
      db,
      async close() {
        await grades.stop();
        await sessionEnds.stop();
        await jobs.stop();
        sockets.close();
        server.closeIdleConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        mailer.close();
        await parsers.close();
        await db.close();
      },
    };
  } catch (err) {
    await jobs.stop().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw err;
  }
}

/** The host this machine reaches a listening address at: localhost for the wildcard addresses. */
function localHost(address: string): string {
  if (address === '0.0.0.0' || address === '::') return 'localhost';
  return address.includes(':') ? `[${address}]` : address;
}
