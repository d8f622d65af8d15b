// @module-tag embedded: the embedded database's lock, socket and thread
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { QueryTypes, type Transaction } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { connect, openDatabase } from './database';
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
    // Creating a database on disk (initdb in WebAssembly) takes half a minute on a busy machine.
  }, 120_000);
});

describe('Kib on the embedded database', () => {
  it('answers concurrent queries and transactions with bound parameters, each with its own rows', async () => {
    const embedded = await startEmbeddedPostgres(null);
    const sequelize = connect(embedded.url, 'pglite');
    try {
      // A burst of requests, as a classroom sends them at once: some in transactions, each with its
      // own statements and parameters (the extended protocol: Parse, Bind, Execute).
      const one = (n: number, transaction?: Transaction) =>
        sequelize
          .query<{ n: number; label: string }>(
            n % 2 === 0
              ? 'SELECT CAST($1 AS int) AS n, CAST($2 AS text) AS label'
              : 'SELECT CAST($2 AS text) AS label, CAST($1 AS int) AS n',
            { bind: [n, `query ${n}`], type: QueryTypes.SELECT, transaction },
          )
          .then(([row]) => row);
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, n) =>
          n % 3 === 0
            ? sequelize.transaction(async (transaction) => {
                const first = await one(n, transaction);
                await one(n + 1000, transaction);
                return first;
              })
            : one(n),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 60 }, (_, n) => ({ n, label: `query ${n}` })));
    } finally {
      await sequelize.close();
      await embedded.stop();
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

describe('a data directory whose owner was killed', () => {
  it('starts again at once after SIGKILL during a burst, with every acknowledged write there', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-pglite-'));
    // The owner: takes the directory, then writes rows from four connections at once and says
    // "ack n" after each commit, until it is killed.
    const script = `
      const { startEmbeddedPostgres } = await import(${JSON.stringify(path.join(import.meta.dirname, 'embedded.ts'))});
      const { default: pg } = await import('pg');
      const db = await startEmbeddedPostgres(${JSON.stringify(dir)});
      const pool = new pg.Pool({ connectionString: db.url, max: 4 });
      await pool.query('CREATE TABLE answers (n int PRIMARY KEY, answer text NOT NULL)');
      const worker = async (first) => {
        for (let n = first; ; n += 4) {
          await pool.query('INSERT INTO answers VALUES ($1, $2)', [n, 'x'.repeat(200)]);
          process.stdout.write('ack ' + n + '\\n');
        }
      };
      await Promise.all([0, 1, 2, 3].map(worker));
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.join(import.meta.dirname, '..', '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acknowledged = new Set<number>();
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no burst within 90 s\n${stderr}`)), 90_000);
        readline.createInterface({ input: child.stdout! }).on('line', (line) => {
          const m = /^ack (\d+)$/.exec(line);
          if (m) acknowledged.add(Number(m[1]));
          if (acknowledged.size >= 200) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', (code) => reject(new Error(`the owner exited (${code})\n${stderr}`)));
      });
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) =>
      child.exitCode !== null || child.signalCode ? resolve(null) : child.once('exit', resolve),
    );
    // Every line read before the kill is an acknowledged write.
    const seen = [...acknowledged];

    // At once: no waiting for the dead owner's lock to go stale.
    const again = await startEmbeddedPostgres(dir);
    try {
      const client = new pg.Client({ connectionString: again.url });
      await client.connect();
      const { rows } = await client.query<{ n: number }>('SELECT n FROM answers');
      await client.end();
      const stored = new Set(rows.map((r) => r.n));
      expect(seen.filter((n) => !stored.has(n))).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(seen.length);
      // A live owner (this process) still keeps others out.
      await expect(startEmbeddedPostgres(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await again.stop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('is not fooled by a later process that got the dead owner’s id', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-pglite-'));
    try {
      const first = await startEmbeddedPostgres(dir);
      const owner = JSON.parse(await fs.readFile(path.join(dir, 'kib.lock.owner'), 'utf8')) as {
        pid: number;
        started: string | null;
      };
      expect(owner.pid).toBe(process.pid);
      await first.stop();
      await expect(fs.stat(path.join(dir, 'kib.lock.owner'))).rejects.toMatchObject({ code: 'ENOENT' });
      // A lock left by an owner with this process's id but another start time (a container's
      // process 1 after a restart) is a dead owner's lock.
      await fs.mkdir(path.join(dir, 'kib.lock'));
      await fs.writeFile(
        path.join(dir, 'kib.lock.owner'),
        JSON.stringify({ pid: process.pid, started: owner.started === null ? null : '1' }),
      );
      // Linux says when a process started; elsewhere only the id is compared.
      if (process.platform === 'linux') expect(owner.started).toMatch(/^\d+$/);
      if (owner.started === null) return;
      const second = await startEmbeddedPostgres(dir);
      await second.stop();
      // A fresh lock without an owner's record is respected (until proper-lockfile finds it stale).
      await fs.mkdir(path.join(dir, 'kib.lock'));
      await expect(startEmbeddedPostgres(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
