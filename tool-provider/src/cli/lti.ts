import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrator';
import { createLogger } from '../logger';
import { runConsumerCommand } from '../lti/consumer-admin';
import { LtiRepository } from '../lti/lti.repository';

/** `npm run lti -- add-consumer | rotate-secret | list`: manages the LTI 1.1 consumers (LMSs). */
const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, config.env);
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
try {
  await migrate(db.sequelize, db.kind, logger);
  process.exitCode = await runConsumerCommand(process.argv.slice(2), {
    repo: new LtiRepository(db.sequelize),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    publicUrl: config.publicUrl,
  });
} finally {
  await db.close();
}
