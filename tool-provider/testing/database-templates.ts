import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import type { Sequelize } from 'sequelize';
import { connect, type DatabaseKind } from '../src/db/database';
import { initModels } from '../src/db/models';
import { migrate } from '../src/db/migrator';
import { seedDevelopment } from '../src/seed/dev-seed';

/**
 * The databases a test run copies instead of migrating: one migrated, one migrated and seeded with
 * the development content. On PostgreSQL they are databases of DATABASE_URL's server (copied with
 * `CREATE DATABASE … TEMPLATE`); on the embedded database, tarballs of a PGlite data directory.
 */
export interface DatabaseTemplates {
  kind: DatabaseKind;
  /** The migrated template: a database name on PostgreSQL, a tarball's path on PGlite. */
  migrated: string;
  /** The migrated and seeded template, as {@link migrated}. */
  seeded: string;
}

/** The key under which the global set-up provides the templates to test files (`inject`). */
export const TEMPLATES_KEY = 'kibDatabaseTemplates';

declare module 'vitest' {
  export interface ProvidedContext {
    [TEMPLATES_KEY]: DatabaseTemplates;
  }
}

/** Runs one statement on the PostgreSQL at `url`. */
export async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `admin` with another database name. */
export function databaseUrl(admin: string, name: string): string {
  return Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
}

/** Migrates, then seeds, the database behind `sequelize` as the templates need it. */
async function fill(sequelize: Sequelize, kind: DatabaseKind, seeded: boolean): Promise<void> {
  if (!seeded) await migrate(sequelize, kind);
  else await seedDevelopment(sequelize, initModels(sequelize));
}

/**
 * Builds the templates of one run: with `admin` (DATABASE_URL), two databases on that server; without
 * it, two data-directory tarballs in a temporary folder. Answers them and how to remove them.
 */
export async function buildDatabaseTemplates(
  admin: string | undefined,
): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  if (admin) {
    const base = `kib_tpl_${crypto.randomBytes(5).toString('hex')}`;
    const names = { migrated: `${base}_m`, seeded: `${base}_s` };
    const remove = async () => {
      for (const name of Object.values(names))
        await onServer(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    };
    try {
      await onServer(admin, `CREATE DATABASE ${names.migrated}`);
      for (const seeded of [false, true]) {
        if (seeded) await onServer(admin, `CREATE DATABASE ${names.seeded} TEMPLATE ${names.migrated}`);
        const sequelize = connect(databaseUrl(admin, seeded ? names.seeded : names.migrated), 'postgresql');
        try {
          await fill(sequelize, 'postgresql', seeded);
        } finally {
          await sequelize.close();
        }
      }
    } catch (err) {
      await remove();
      throw err;
    }
    return { templates: { kind: 'postgresql', ...names }, remove };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-templates-'));
  const files = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  const remove = () => fs.rm(dir, { recursive: true, force: true });
  try {
    // In this process, not the app's database thread: the data directory is dumped at the end.
    const db = await PGlite.create();
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
    await server.start();
    const sequelize = connect(`postgres://postgres@${server.getServerConn()}/postgres`, 'pglite');
    try {
      for (const seeded of [false, true]) {
        await fill(sequelize, 'pglite', seeded);
        const tarball = await db.dumpDataDir('none');
        await fs.writeFile(seeded ? files.seeded : files.migrated, Buffer.from(await tarball.arrayBuffer()));
      }
    } finally {
      await sequelize.close();
      await server.stop();
      await db.close();
    }
  } catch (err) {
    await remove();
    throw err;
  }
  return { templates: { kind: 'pglite', ...files }, remove };
}
