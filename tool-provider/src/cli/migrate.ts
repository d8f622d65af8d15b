import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createMigrator, migrate } from '../db/migrator';
import { createLogger } from '../logger';

/** `npm run migrate` applies pending migrations; `npm run migrate -- status` lists them; `-- down` reverts the last. */
const config = loadConfig();
const logger = createLogger(config.logLevel, config.env);
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
try {
  const command = process.argv[2] ?? 'up';
  const migrator = createMigrator(db.sequelize, logger);
  if (command === 'status') {
    const executed = await migrator.executed();
    const pending = await migrator.pending();
    for (const m of executed) console.log(`applied  ${m.name}`);
    for (const m of pending) console.log(`pending  ${m.name}`);
  } else if (command === 'down') {
    await migrator.down();
  } else if (command === 'up') {
    const applied = await migrate(db.sequelize, db.kind, logger);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
  } else {
    console.error(`unknown command ${command}: use up, status or down`);
    process.exitCode = 2;
  }
} finally {
  await db.close();
}
