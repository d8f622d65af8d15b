/**
 * What the benchmarks that run Kib in its own process share: a scratch database, starting and
 * stopping Kib as `npm start` does, and reading what its processes use (CPU time, memory).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** A scratch database on the server of DATABASE_URL, or none (the embedded database of DATA_DIR). */
export async function scratchDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { url: undefined, drop: async () => undefined };
  const name = `kib_bench_${crypto.randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The environment of a Kib measured as it runs in production, on the scratch database (`databaseUrl`,
 * or the embedded one of `dataDir`), with no seed and quiet logs; `extra` adds or overrides.
 */
export function productionEnv(
  dataDir: string,
  databaseUrl: string | undefined,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    SEED: 'false',
    LOG_LEVEL: 'warn',
    COOKIE_SECURE: 'false',
    // As the image and the systemd unit run it (docs/operations.md).
    MALLOC_ARENA_MAX: '2',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts Kib as `npm start` does, in its own process, and waits for it to listen; with `profileDir`,
 * it runs with `--cpu-prof` into that folder.
 */
export async function startKib(
  env: Record<string, string>,
  options: { profileDir?: string } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const profile = options.profileDir
    ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(options.profileDir)}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`bench: Kib did not start (exit code ${child.exitCode})`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * CPU time (user + system, ms) used so far by a process and all its descendants (Linux /proc):
 * Kib's workers and threads. Unlike a rate, it does not depend on what else the machine runs.
 */
export async function cpuMsOfTree(root: number): Promise<number> {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (!text) continue;
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  let ticks = 0;
  const visit = (pid: number) => {
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.parent === pid) visit(child);
  };
  visit(root);
  // Linux counts in clock ticks of 1/100 s.
  return ticks * 10;
}

export async function stopKib(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The resident memory (MB) of a process and all its descendants now, and the largest it has been
 * (Linux /proc: VmRSS and VmHWM; threads, such as the file parsers, are part of their process).
 */
export async function memoryMbOfTree(root: number): Promise<{ rssMb: number; peakMb: number }> {
  const parents = new Map<number, number>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (text) parents.set(Number(entry), Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]));
  }
  let rssKb = 0;
  let peakKb = 0;
  const visit = async (pid: number) => {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    rssKb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peakKb += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    for (const [child, parent] of parents) if (parent === pid) await visit(child);
  };
  await visit(root);
  return { rssMb: rssKb / 1024, peakMb: peakKb / 1024 };
}
