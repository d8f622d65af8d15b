import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { signupBody } from '../../testing/fixtures';
import { TestClient } from '../../testing/test-server';
import { mountTinyDisk } from '../../testing/tiny-disk';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrator';

/*
 * Kib on its embedded database with DATA_DIR on a small tmpfs, as a single-machine install runs: the
 * disk fills up under it, and the database's own writes fail (PostgreSQL's 53100 disk_full).
 */

describe('the embedded database on a full DATA_DIR', () => {
  it('answers sign-ups a translated 503 storage-unavailable, not 500, is not ready, and recovers by itself', async (ctx) => {
    // The embedded database takes about 45 MB once migrated.
    const disk = await mountTinyDisk(96);
    if (!disk) return ctx.skip();
    const db = await openDatabase({ databaseUrl: undefined, dataDir: disk.dir }).catch(async (err) => {
      await disk.unmount();
      throw err;
    });
    let server: Server | undefined;
    try {
      await migrate(db.sequelize, db.kind);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: disk.dir, PORT: '0', LOG_LEVEL: 'silent' });
      const kib = await createApp({
        config,
        sequelize: db.sequelize,
        databaseKind: db.kind,
        logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      });
      server = await new Promise<Server>((resolve) => {
        const s = kib.app.listen(0, '127.0.0.1', () => resolve(s));
      });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = new TestClient(url);
      const ready = async () => {
        const res = await fetch(`${url}/api/health/ready`);
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };

      await disk.fill();
      expect(await ready()).toEqual({
        status: 503,
        body: { status: 'unavailable', database: 'pglite', reason: 'storage-full' },
      });
      // The accounts table has no page to spare: the new row needs one, and the disk has none.
      const es = await client.post('/api/auth/users/', signupBody('llena@disk.test'), {
        'accept-language': 'es',
      });
      expect(es.status).toBe(503);
      expect(es.headers.get('retry-after')).toBe('60');
      expect(es.body).toMatchObject({ code: 'storage-unavailable' });
      expect(String(es.body.detail)).toMatch(/^Kib no puede guardar nada en este momento/);
      const en = await client.post('/api/auth/users/', signupBody('full@disk.test'), {
        'accept-language': 'en',
      });
      expect(en.status).toBe(503);
      expect(String(en.body.detail)).toMatch(/^Kib cannot save anything right now/);

      await disk.free();
      expect(await ready()).toEqual({ status: 200, body: { status: 'ready', database: 'pglite' } });
      expect((await client.post('/api/auth/users/', signupBody('llena@disk.test'))).status).toBe(201);
    } finally {
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
      await db.close();
      await disk.unmount();
    }
  }, 120_000);
});
