import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrator';
import { initModels } from './db/models';
import type { Logger } from './logger';
import { seedDevelopment } from './seed/dev-seed';

/** A running tool provider. */
export interface RunningServer {
  url: string;
  db: Database;
  close(): Promise<void>;
}

/**
 * Starts the tool provider: opens the database (embedded unless DATABASE_URL), applies pending
 * migrations, seeds development data once when enabled, and listens.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  try {
    const applied = await migrate(db.sequelize, db.kind, logger);
    if (applied.length) logger.info({ applied }, 'migrations applied');
    const models = initModels(db.sequelize);
    if (config.seed) await seedDevelopment(db.sequelize, models, { logger });
    const { app, mailer, lti, lti13 } = await createApp({
      config,
      sequelize: db.sequelize,
      databaseKind: db.kind,
      logger,
    });
    const server: Server = await new Promise((resolve, reject) => {
      const s = app.listen(config.port, config.host, () => resolve(s));
      s.once('error', reject);
    });
    // Grades owed to LMSs are sent from the database's outbox, so a restart resumes them.
    lti.outcomeSender.start();
    lti13.scoreSender.start();
    const { port } = server.address() as AddressInfo;
    const url = `http://localhost:${port}`;
    logger.info({ url, database: db.kind }, 'Kib is listening');
    return {
      url,
      db,
      async close() {
        await lti.outcomeSender.stop();
        await lti13.scoreSender.stop();
        server.closeIdleConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        mailer.close();
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}
