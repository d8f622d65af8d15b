import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright';
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

/** A running Kib server started as `npm start` starts it, on its own embedded database. */
export interface KibServer {
  url: string;
  dataDir: string;
  /** The .eml files the default mail transport wrote, oldest first, as text. */
  outbox(): Promise<string[]>;
  /** The server's output so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the tool provider the way `npm start` does (same entry, same defaults: embedded PostgreSQL
 * with migrations and the development seed, mail to the outbox) in a fresh data directory and on a
 * free port, and waits until /api/health answers.
 */
export async function startKibServer(): Promise<KibServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kib-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  delete env.PUBLIC_URL;
  delete env.INIT_CWD;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tool-provider/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not start in 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    url,
    dataDir,
    async outbox() {
      const names = await readdir(outboxDir).catch(() => [] as string[]);
      return Promise.all(names.sort().map((n) => readFile(path.join(outboxDir, n), 'utf8')));
    },
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a browser test of the site needs: the built site (ensure-built is a no-op when the build is
 * newer than its sources), a screenshots folder, a running Kib and Debian's Chromium.
 */
export async function startSiteSuite(): Promise<{ server: KibServer; browser: Browser }> {
  execSync('node scripts/ensure-built.mjs', {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    stdio: 'ignore',
  });
  await mkdir(SCREENSHOTS, { recursive: true });
  const server = await startKibServer();
  return { server, browser: await launchChromium() };
}
