import crypto from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { connect, type DatabaseKind } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { initModels } from '../src/db/models';
import { migrate } from '../src/db/migrator';
import { seedDevelopment } from '../src/seed/dev-seed';
import { databaseUrl, onServer, TEMPLATES_KEY, type DatabaseTemplates } from './database-templates';

/** A fresh database for one test file, and how to throw it away. */
export interface TestDatabase {
  url: string;
  kind: DatabaseKind;
  sequelize: Sequelize;
  drop(): Promise<void>;
}

/** What a test database starts as: empty, migrated, or migrated with the development seed. */
export type TestDatabaseContent = 'empty' | 'migrated' | 'seeded';

/**
 * The run's templates, when the tests run under vitest with the global set-up
 * (`testing/global-setup.ts`); a benchmark run by node has none.
 */
async function runTemplates(): Promise<DatabaseTemplates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject(TEMPLATES_KEY);
}

/**
 * A fresh database for one test file: with DATABASE_URL, a new database `kib_t_<random>` on that
 * server (dropped afterwards); without it, an in-memory PGlite behind its socket server. `content`
 * says what it holds (`migrated` by default): a migrated or seeded database is a copy of the run's
 * template when there is one, and is migrated (and seeded) on the spot otherwise.
 */
export async function createTestDatabase(
  opts: { content?: TestDatabaseContent } = {},
): Promise<TestDatabase> {
  const content = opts.content ?? 'migrated';
  const admin = process.env.DATABASE_URL;
  const templates = content === 'empty' ? undefined : await runTemplates();
  const template =
    templates && templates.kind === (admin ? 'postgresql' : 'pglite')
      ? templates[content as 'migrated']
      : undefined;
  let url: string;
  let kind: DatabaseKind;
  let dispose: () => Promise<void>;
  if (admin) {
    kind = 'postgresql';
    const name = `kib_t_${crypto.randomBytes(6).toString('hex')}`;
    await onServer(admin, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    url = databaseUrl(admin, name);
    dispose = () => onServer(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    kind = 'pglite';
    const embedded = await startEmbeddedPostgres(null, template ? { snapshot: template } : {});
    url = embedded.url;
    dispose = () => embedded.stop();
  }
  const sequelize = connect(url, kind);
  if (!template && content !== 'empty') {
    await migrate(sequelize, kind);
    if (content === 'seeded') await seedDevelopment(sequelize, initModels(sequelize));
  }
  return {
    url,
    kind,
    sequelize,
    async drop() {
      await sequelize.close();
      await dispose();
    },
  };
}
