import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../testing/builds';
import { listeningKib } from '../testing/listening';

/*
 * What the image runs (ADR 25): `node dist/main.mjs`, plain JavaScript with the workspaces inside,
 * in production mode. It finds what it reads beside its sources (the embedded database's worker,
 * the migrations' reference tables, the LTI storage script), its commands work on the running
 * server's database, and it imports no development dependency. On the embedded database whatever
 * DATABASE_URL says: what is at stake is the bundle, not the database.
 */

const PACKAGE_DIR = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
let dataDir: string;
let child: ChildProcess | undefined;
let url = '';
let output: () => string = () => '';

/** The environment of a production start: no DATABASE_URL (the embedded database), a real secret. */
function productionEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  delete env.INIT_CWD;
  return env;
}

beforeAll(async () => {
  ensureBuilt('server');
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-bundle-'));
  child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.mjs'], {
    cwd: PACKAGE_DIR,
    env: productionEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const kib = await listeningKib(child, 120_000);
  url = kib.url;
  output = kib.output;
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the production bundle', () => {
  it('is ready on its migrated embedded database, and serves the files beside its sources', async () => {
    const ready = await fetch(`${url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'pglite' });
    const storage = await fetch(`${url}/lti/1.3/platform-storage.js`);
    expect(storage.status).toBe(200);
    expect(await storage.text()).toMatch(/postMessage/);
    const config = (await (await fetch(`${url}/api/config/`)).json()) as { picture_base_url: string };
    expect(config.picture_base_url).toBe('/media/pictures');
  });

  it('runs its command line on the running server’s database', async () => {
    const { stdout, stderr } = await run(process.execPath, ['dist/lti.mjs', 'list'], {
      cwd: PACKAGE_DIR,
      env: productionEnv(),
    });
    expect(stderr).toMatch(/working on the database of the running Kib/);
    expect(stdout).toMatch(/no LTI 1\.1 consumers/);
  });

  it('imports no development dependency: tsx, esbuild and pino-pretty stay out of production', async () => {
    const bundle = await fs.readFile(path.join(PACKAGE_DIR, 'dist/main.mjs'), 'utf8');
    expect(bundle).not.toMatch(/from ["'](?:tsx|esbuild|pino-pretty)(?:\/[^"']*)?["']/);
    expect(bundle).not.toMatch(/import\(["'](?:tsx|esbuild)/);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toMatch(/"msg":"stopping"/);
  });
});
