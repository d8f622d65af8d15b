import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { DataDirLockedError, EMBEDDED_FILE, findRunningEmbedded, startEmbeddedPostgres } from './embedded';

describe('startEmbeddedPostgres', () => {
  it('serves SQL over the wire on a loopback port, keeps data across restarts, and owns its directory alone', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-pglite-'));
    const first = await startEmbeddedPostgres(dir);
    try {
      expect(first.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
      expect(first.url).not.toContain(':5432/');
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      await client.query('CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$hola$$)');
      await client.end();
      await expect(startEmbeddedPostgres(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres(dir);
    try {
      const client = new pg.Client({ connectionString: second.url });
      await client.connect();
      const { rows } = await client.query('SELECT v FROM kept');
      await client.end();
      expect(rows).toEqual([{ v: 'hola' }]);
    } finally {
      await second.stop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the running owner of a data directory', () => {
  it('publishes its address for clients while it runs, and a client works on its database', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-pglite-'));
    const file = path.join(dir, EMBEDDED_FILE);
    const owner = await startEmbeddedPostgres(dir, { publish: true });
    try {
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ url: owner.url, pid: process.pid });
      const setup = new pg.Client({ connectionString: owner.url });
      await setup.connect();
      await setup.query('CREATE TABLE shared (v text); INSERT INTO shared VALUES ($$del servidor$$)');
      await setup.end();

      const client = await openDatabase({ databaseUrl: undefined, dataDir: dir, access: 'client' });
      try {
        expect(client.runningOwner).toBe(process.pid);
        expect(await client.sequelize.query('SELECT v FROM shared', { plain: true })).toEqual({
          v: 'del servidor',
        });
      } finally {
        await client.close();
      }
      // Closing the client leaves the owner's database running; other uses still find it locked.
      const check = new pg.Client({ connectionString: owner.url });
      await check.connect();
      await check.end();
      await expect(openDatabase({ databaseUrl: undefined, dataDir: dir })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
    } finally {
      await owner.stop();
    }
    await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await fs.rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('never trusts a file whose process is gone, or that names anything but a loopback database', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-pglite-'));
    const loopback = 'postgres://postgres@127.0.0.1:5999/postgres';
    const write = (pid: number | undefined, url = loopback) =>
      fs.writeFile(path.join(dir, EMBEDDED_FILE), JSON.stringify({ url, pid }));
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const alive = process.ppid;
    try {
      await write(alive);
      expect(await findRunningEmbedded(dir)).toEqual({ url: loopback, pid: alive });
      await write(gone);
      expect(await findRunningEmbedded(dir)).toBeNull();
      await write(alive, 'postgres://admin:pw@db.example.org:5432/kib');
      expect(await findRunningEmbedded(dir)).toBeNull();
      await write(alive, 'postgres://postgres@127.0.0.1:5999/other');
      expect(await findRunningEmbedded(dir)).toBeNull();
      await fs.writeFile(path.join(dir, EMBEDDED_FILE), 'not json');
      expect(await findRunningEmbedded(dir)).toBeNull();
      // Whoever takes the lock owns the directory and removes a dead owner's file.
      await write(gone);
      const owner = await startEmbeddedPostgres(dir);
      await owner.stop();
      await expect(fs.stat(path.join(dir, EMBEDDED_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
