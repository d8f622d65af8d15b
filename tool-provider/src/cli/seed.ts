import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrator';
import { initModels } from '../db/models';
import { createLogger } from '../logger';
import { createMediaStorage } from '../media/create-storage';
import { seedDevelopment } from '../seed/dev-seed';
import { seedGeneratedSchool } from '../seed/generated-school';

/**
 * `npm run seed`: applies migrations and the development seed (once; refused in production).
 * `npm run seed -- --school` also generates the school of 10,000 students the teacher views are
 * measured on (once per database).
 */
const config = loadConfig();
const logger = createLogger(config.logLevel, config.env);
if (config.env === 'production') {
  console.error('The development seed is never applied in production.');
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
try {
  await migrate(db.sequelize, db.kind, logger);
  const { applied } = await seedDevelopment(db.sequelize, initModels(db.sequelize), {
    logger,
    media: createMediaStorage(config),
  });
  console.log(applied ? 'development seed applied' : 'development seed was already applied');
  if (process.argv.includes('--school')) {
    const started = performance.now();
    const school = await seedGeneratedSchool(db.sequelize, { logger });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      school.applied ? `generated school applied in ${seconds} s` : 'generated school was already applied',
    );
  }
} finally {
  await db.close();
}
