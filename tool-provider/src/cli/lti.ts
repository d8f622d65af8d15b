import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrator';
import { createLogger } from '../logger';
import { runConsumerCommand } from '../lti/consumer-admin';
import { LtiRepository } from '../lti/lti.repository';
import { Lti13Repository } from '../lti/lti13.repository';
import { PLATFORM_COMMANDS, runPlatformCommand } from '../lti/platform-admin';
import { SecretBox } from '../lti/secret-box';
import { ToolKeys } from '../lti/tool-keys';

/**
 * `npm run lti -- add-consumer | rotate-secret | list`: manages the LTI 1.1 consumers (LMSs);
 * `add-platform | add-deployment | rotate-key | list-platforms`: the LTI 1.3 platforms and Kib's keys.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, config.env);
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
try {
  await migrate(db.sequelize, db.kind, logger);
  const argv = process.argv.slice(2);
  const out = (line: string) => console.log(line);
  const err = (line: string) => console.error(line);
  if ((PLATFORM_COMMANDS as readonly string[]).includes(argv[0] ?? '')) {
    const repo = new Lti13Repository(db.sequelize, SecretBox.fromBase64(config.ltiSecretsKey));
    process.exitCode = await runPlatformCommand(argv, {
      repo,
      keys: new ToolKeys(repo),
      out,
      err,
      publicUrl: config.publicUrl,
    });
  } else {
    process.exitCode = await runConsumerCommand(argv, {
      repo: new LtiRepository(db.sequelize, SecretBox.fromBase64(config.ltiSecretsKey)),
      out,
      err,
      publicUrl: config.publicUrl,
    });
  }
} finally {
  await db.close();
}
