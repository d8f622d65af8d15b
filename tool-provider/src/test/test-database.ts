import crypto from 'node:crypto';
import pg from 'pg';
import type { Sequelize } from 'sequelize';
import { connect, type DatabaseKind } from '../db/database';
import { startEmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrator';

/** A fresh, empty database for one test file, and how to throw it away. */
export interface TestDatabase {
  url: string;
  kind: DatabaseKind;
  sequelize: Sequelize;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: with DATABASE_URL, a new database `kib_t_<random>` on that server
 * (dropped afterwards); without it, an in-memory PGlite behind its socket server. Migrations are applied
 * unless `migrated: false`.
 */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const admin = process.env.DATABASE_URL;
  let url: string;
  let kind: DatabaseKind;
  let dispose: () => Promise<void>;
  if (admin) {
    kind = 'postgresql';
    const name = `kib_t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
    dispose = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    kind = 'pglite';
    const embedded = await startEmbeddedPostgres(null);
    url = embedded.url;
    dispose = () => embedded.stop();
  }
  const sequelize = connect(url, kind);
  if (opts.migrated !== false) await migrate(sequelize, kind);
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
