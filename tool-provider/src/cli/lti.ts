import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { createMigrator, migrate } from '../db/migrator';
import { createLogger, type Logger } from '../logger';
import { CONSUMER_USAGE, isConsumerCommand, runConsumerCommand } from '../lti/v11/consumer-admin';
import { LtiRepository } from '../lti/shared/lti.repository';
import { Lti13Repository } from '../lti/v13/lti13.repository';
import { isPlatformCommand, PLATFORM_USAGE, runPlatformCommand } from '../lti/v13/platform-admin';
import { SecretBox } from '../lti/shared/secret-box';
import { ToolKeys } from '../lti/v13/tool-keys';

/**
 * `npm run lti -- add-consumer | rotate-secret | disable-consumer | enable-consumer | list`: the
 * LTI 1.1 consumers (LMSs); `add-platform | add-deployment | disable-platform | enable-platform |
 * rotate-key | list-platforms`: the LTI 1.3 platforms and Kib's keys. While `npm start` runs on the
 * embedded database, the commands work on that Kib's database (see docs/adr/0007).
 */
const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, config.env);
const argv = process.argv.slice(2);
const out = (line: string) => console.log(line);
const err = (line: string) => console.error(line);

/**
 * Brings the database up to date, or, on a running Kib's database, checks that it is: that Kib
 * owns its migrations (it applies them when it starts), so a command never changes the schema
 * under it.
 */
async function ready(db: Database, log: Logger): Promise<boolean> {
  if (db.runningOwner === undefined) {
    await migrate(db.sequelize, db.kind, log);
    return true;
  }
  err(`working on the database of the running Kib (process ${db.runningOwner})`);
  const pending = (await createMigrator(db.sequelize).pending()).map((m) => m.name);
  if (pending.length === 0) return true;
  err(`The running Kib has not applied the migrations ${pending.join(', ')}: restart it, then try again.`);
  return false;
}

if (!isConsumerCommand(argv[0]) && !isPlatformCommand(argv[0])) {
  err(`${CONSUMER_USAGE}\n${PLATFORM_USAGE.replace(/^usage:\n/, '')}`);
  process.exitCode = 2;
} else {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger,
    access: 'client',
  });
  try {
    const box = SecretBox.fromBase64(config.ltiSecretsKey);
    if (!(await ready(db, logger))) process.exitCode = 1;
    else if (isPlatformCommand(argv[0])) {
      const repo = new Lti13Repository(db.sequelize, box);
      process.exitCode = await runPlatformCommand(argv, {
        repo,
        keys: new ToolKeys(repo),
        out,
        err,
        publicUrl: config.publicUrl,
      });
    } else {
      process.exitCode = await runConsumerCommand(argv, {
        repo: new LtiRepository(db.sequelize, box),
        out,
        err,
        publicUrl: config.publicUrl,
      });
    }
  } finally {
    await db.close();
  }
}
