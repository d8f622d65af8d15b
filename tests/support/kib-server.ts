import { execSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onServer, SERVER_ENTRY } from '@kib/tool-provider/testing';
import type { Browser } from 'playwright';
import { startBalancer, type Balancer } from './balancer.ts';
import { launchChromium, SCREENSHOTS } from './browser.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One Kib process of a KibServer. */
export interface KibInstance {
  /** Its INSTANCE_NAME, which it answers in X-Kib-Instance (empty on the embedded default). */
  name: string;
  /** Where it listens, bypassing the balancer. */
  url: string;
}

/**
 * A running Kib as `npm start` starts it: on the embedded default, one process on its own embedded
 * database; with DATABASE_URL, two processes on one fresh PostgreSQL database behind a round-robin
 * balancer, as in production with several instances.
 */
export interface KibServer {
  /** Where browsers and tests reach Kib: the balancer when there are several instances. */
  url: string;
  dataDir: string;
  instances: KibInstance[];
  /** The round-robin balancer in front of the instances, when there are several. */
  balancer: Balancer | null;
  /** The PostgreSQL database of the instances, when they run on DATABASE_URL. */
  databaseUrl: string | null;
  /** The .eml files the default mail transport wrote, oldest first, as text. */
  outbox(): Promise<string[]>;
  /** The server's output so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * What a run's Kib servers start from: a data directory, and on PostgreSQL a database, left by one
 * `npm start` that migrated and seeded them and stopped (see {@link buildServerTemplate}).
 */
export interface ServerTemplate {
  kind: 'postgresql' | 'pglite';
  dataDir: string;
  /** The template database on DATABASE_URL's server (PostgreSQL only). */
  database: string | null;
}

/** The key under which the e2e global set-up provides the {@link ServerTemplate} (`inject`). */
export const SERVER_TEMPLATE_KEY = 'kibServerTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    [SERVER_TEMPLATE_KEY]: ServerTemplate;
  }
}

/** A started Kib process: where it listens, its output so far, and how to stop it. */
interface Started {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts one Kib with `command` in `env` and waits until it is ready (or has exited). */
async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  ready = '/api/health',
): Promise<Started> {
  // Its own process group: `npm start` runs node under a shell, and the stop signal must reach node.
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  // A test run that ends first (a hook's timeout) takes its servers with it.
  const orphan = () => {
    if (child.exitCode === null && !child.signalCode) process.kill(-child.pid!, 'SIGTERM');
  };
  process.once('exit', orphan);
  const stop = async () => {
    process.off('exit', orphan);
    if (child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    const ok = await fetch(`${url}${ready}`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start in 120 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, output: () => log, stop };
}

/** The environment of a Kib started by a test: the caller's, less what would change its defaults. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  delete env.PUBLIC_URL;
  delete env.INIT_CWD;
  delete env.INSTANCE_NAME;
  return env;
}

/** Where a test's Kib starts from: a copy of the run's server template, or nothing (a first start). */
async function startingPoint(kind: 'postgresql' | 'pglite'): Promise<ServerTemplate | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const template = inject(SERVER_TEMPLATE_KEY);
  return template?.kind === kind ? template : undefined;
}

/**
 * Starts Kib the way `npm start` does (same entry, same defaults: migrations and the development
 * seed, mail to the outbox) in a fresh data directory, and waits until it answers. On the embedded
 * default (or with `embedded: true`), one process on its own embedded PostgreSQL, on a free port.
 * With DATABASE_URL, a fresh database on that server and `instances` `npm start` processes on it
 * (one by default; with two, `a` and `b` share DATA_DIR as a shared volume would, behind a
 * round-robin balancer on a free port, which is then the public address); stopping drops the
 * database. The data directory and the database are copies of the run's server template (see
 * `global-setup.ts`) when there is one, so a suite does not migrate and seed again.
 */
export async function startKibServer(
  options: { embedded?: boolean; instances?: 1 | 2 } = {},
): Promise<KibServer> {
  const admin = process.env.DATABASE_URL;
  if (admin && !options.embedded) return startInstances(admin, options.instances ?? 1);
  const template = await startingPoint('pglite');
  const dataDir = await newDataDir(template);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const started = await startProcess(
    process.execPath,
    ['--import', 'tsx', SERVER_ENTRY],
    { ...baseEnv(), PORT: String(port), DATA_DIR: dataDir },
    url,
  ).catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  return {
    url,
    dataDir,
    instances: [{ name: '', url }],
    balancer: null,
    databaseUrl: null,
    outbox: () => readOutbox(dataDir),
    output: started.output,
    async stop() {
      await started.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts Kib once as `npm start` does, on a new data directory (and a new database of `admin`'s
 * server when given), until it is ready, and stops it: the migrated, seeded state (its database, its
 * seeded media files) that each suite's server then copies. Answers it and how to remove it.
 */
export async function buildServerTemplate(
  admin: string | undefined,
): Promise<{ template: ServerTemplate; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kib-e2e-template-'));
  const database = admin ? `kib_e2e_tpl_${crypto.randomBytes(5).toString('hex')}` : null;
  const remove = async () => {
    if (admin && database) await onServer(admin, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (admin && database) await onServer(admin, `CREATE DATABASE ${database}`);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...baseEnv(), PORT: String(port), DATA_DIR: dataDir };
    if (admin && database)
      env.DATABASE_URL = Object.assign(new URL(admin), { pathname: `/${database}` }).toString();
    const started = await startProcess(
      process.execPath,
      ['--import', 'tsx', SERVER_ENTRY],
      env,
      `http://localhost:${port}`,
      '/api/health/ready',
    );
    await started.stop();
  } catch (err) {
    await remove();
    throw err;
  }
  return { template: { kind: admin ? 'postgresql' : 'pglite', dataDir, database }, remove };
}

/** A new data directory: a copy of the template's, or empty. */
async function newDataDir(template: ServerTemplate | undefined): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kib-e2e-'));
  if (template) await cp(template.dataDir, dataDir, { recursive: true });
  return dataDir;
}

/** `count` `npm start` instances on a fresh database of the PostgreSQL at `admin` (two behind a balancer). */
async function startInstances(admin: string, count: 1 | 2): Promise<KibServer> {
  const template = await startingPoint('postgresql');
  const name = `kib_e2e_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(
    admin,
    `CREATE DATABASE ${name}${template?.database ? ` TEMPLATE ${template.database}` : ''}`,
  );
  const databaseUrl = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  const dataDir = await newDataDir(template);
  const instances: KibInstance[] = [];
  const processes: Started[] = [];
  let balancer: Balancer | null = null;
  const stop = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await balancer?.close();
    await onServer(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (count === 2) balancer = await startBalancer(await freePort(), () => instances.map((i) => i.url));
    for (const instance of count === 2 ? ['a', 'b'] : ['']) {
      const port = await freePort();
      const url = count === 2 ? `http://127.0.0.1:${port}` : `http://localhost:${port}`;
      const env: NodeJS.ProcessEnv = {
        ...baseEnv(),
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        DATA_DIR: dataDir,
        ...(balancer ? { PUBLIC_URL: balancer.url, INSTANCE_NAME: instance } : {}),
      };
      // One after the other: the first applies what migrations and seed are missing, the second
      // finds them done. Without prestart's build check: the global set-up has built.
      processes.push(await startProcess('npm', ['start', '--ignore-scripts'], env, url, '/api/health/ready'));
      instances.push({ name: instance, url });
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: balancer?.url ?? instances[0]!.url,
    dataDir,
    instances,
    balancer,
    databaseUrl,
    outbox: () => readOutbox(dataDir),
    output: () =>
      processes.map((p, i) => `--- instance ${instances[i]?.name ?? i}\n${p.output()}`).join('\n'),
    stop,
  };
}

/** The .eml files in DATA_DIR's outbox, oldest first, as text. */
async function readOutbox(dataDir: string): Promise<string[]> {
  const outboxDir = path.join(dataDir, 'outbox');
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  return Promise.all(names.sort().map((n) => readFile(path.join(outboxDir, n), 'utf8')));
}

/**
 * What a browser test of the site needs: the built site (ensure-built is a no-op when the build is
 * newer than its sources), a screenshots folder, a running Kib and Debian's Chromium.
 */
export async function startSiteSuite(
  options: { instances?: 1 | 2 } = {},
): Promise<{ server: KibServer; browser: Browser }> {
  execSync('node scripts/ensure-built.mjs', { cwd: ROOT, stdio: 'ignore' });
  await mkdir(SCREENSHOTS, { recursive: true });
  const server = await startKibServer(options);
  return { server, browser: await launchChromium() };
}
