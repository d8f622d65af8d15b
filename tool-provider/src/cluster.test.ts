import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { httpProcesses } from './cluster';

const logger = pino({ level: 'silent' });
const PG = 'postgres://u@127.0.0.1:5432/kib';

describe('httpProcesses (WEB_CONCURRENCY)', () => {
  it('is one unless told, a number when given, and one per core for auto, on PostgreSQL', () => {
    expect(httpProcesses({}, { databaseUrl: PG }, logger)).toBe(1);
    expect(httpProcesses({ WEB_CONCURRENCY: '' }, { databaseUrl: PG }, logger)).toBe(1);
    expect(httpProcesses({ WEB_CONCURRENCY: '3' }, { databaseUrl: PG }, logger)).toBe(3);
    expect(httpProcesses({ WEB_CONCURRENCY: 'auto' }, { databaseUrl: PG }, logger)).toBe(
      os.availableParallelism(),
    );
  });

  it('is always one on the embedded database, whose data directory is one process’s', () => {
    expect(httpProcesses({ WEB_CONCURRENCY: '4' }, { databaseUrl: undefined }, logger)).toBe(1);
    expect(httpProcesses({ WEB_CONCURRENCY: 'auto' }, { databaseUrl: undefined }, logger)).toBe(1);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['0', '-2', '2.5', 'many', '65'])
      expect(() => httpProcesses({ WEB_CONCURRENCY: bad }, { databaseUrl: PG }, logger)).toThrow(
        /WEB_CONCURRENCY/,
      );
  });
});

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The ids of the processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const out = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout;
  return out.split('\n').filter(Boolean).map(Number);
}

describe.runIf(process.env.DATABASE_URL)('Kib with WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('serves from two worker processes on one port, replaces one that dies, and stops on SIGTERM', async () => {
    const admin = process.env.DATABASE_URL!;
    const name = `kib_t_${crypto.randomBytes(6).toString('hex')}`;
    const run = async (sql: string) => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(sql);
      await c.end();
    };
    await run(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-cluster-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '2',
        SEED: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const healthy = async () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    const waitFor = async (what: () => Promise<boolean> | boolean) => {
      for (let i = 0; i < 720 && !(await what()); i++) await new Promise((r) => setTimeout(r, 250));
      expect(await what()).toBe(true);
    };
    try {
      await waitFor(async () => childrenOf(child.pid!).length === 2 && (await healthy()));
      const [first] = childrenOf(child.pid!);
      process.kill(first!, 'SIGKILL');
      await waitFor(async () => {
        const now = childrenOf(child.pid!);
        return now.length === 2 && !now.includes(first!) && (await healthy());
      });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 420_000);
});
