import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, startEmbeddedPostgres } from './embedded';

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
