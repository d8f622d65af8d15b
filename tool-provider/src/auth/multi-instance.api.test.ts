import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { listeningKib } from '../../testing/listening';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TestClient } from '../../testing/test-server';
import { REFRESH_COOKIE } from './auth.routes';
import { SESSION_ENDS_POLL_MS } from './session-ends';

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts `src/main.ts` as `npm start` does, on the given database, and resolves with its URL. */
async function startProcess(
  databaseUrl: string,
  dataDir: string,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: PACKAGE_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'false',
      LOG_LEVEL: 'info',
      REFRESH_REUSE_GRACE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { url } = await listeningKib(child, 45_000);
  return { url, child };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

let db: TestDatabase;
let dataDir: string;
let a: { url: string; child: ChildProcess };
let b: { url: string; child: ChildProcess };

beforeAll(async () => {
  db = await createTestDatabase();
  await insertUser(db.sequelize, { email: 'two@demo.kib', groups: ['Students'] });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-multi-'));
  a = await startProcess(db.url, path.join(dataDir, 'a'));
  b = await startProcess(db.url, path.join(dataDir, 'b'));
}, 120_000);

afterAll(async () => {
  if (a) await stop(a.child);
  if (b) await stop(b.child);
  await db?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('two tool-provider processes on one database', () => {
  it('accept each other’s refresh cookies and access tokens, and both refuse a rotated cookie', async () => {
    const onA = new TestClient(a.url);
    const login = await onA.post('/api/auth/jwt/create/', { email: 'two@demo.kib', password: 'demo1234' });
    expect(login.status).toBe(200);
    const issuedByA = onA.cookies.get(REFRESH_COOKIE)!;

    const onB = new TestClient(b.url);
    onB.cookies.set(REFRESH_COOKIE, issuedByA);
    const refreshedOnB = await onB.post('/api/auth/jwt/refresh/');
    expect(refreshedOnB.status).toBe(200);
    onB.token = String(refreshedOnB.body.access);
    expect((await onB.get('/api/auth/users/me/')).body).toMatchObject({ email: 'two@demo.kib' });
    const meOnA = new TestClient(a.url);
    meOnA.token = String(login.body.access);
    expect((await meOnA.get('/api/auth/users/me/')).status).toBe(200);

    for (const url of [a.url, b.url]) {
      const replay = new TestClient(url);
      replay.cookies.set(REFRESH_COOKIE, issuedByA);
      const res = await replay.post('/api/auth/jwt/refresh/');
      expect(res.status).toBe(401);
    }
  });

  it(`refuse on one an access token logged out on the other, within ${2 * SESSION_ENDS_POLL_MS} ms`, async () => {
    const onA = new TestClient(a.url);
    await onA.logIn('two@demo.kib');
    const onB = new TestClient(b.url);
    onB.token = onA.token;
    expect((await onB.get('/api/auth/users/me/')).status).toBe(200);
    expect((await onA.post('/api/auth/jwt/logout/')).status).toBe(200);
    expect((await onA.get('/api/auth/users/me/')).status).toBe(401);
    // ADR 24's bound: a NOTIFY in milliseconds, else the next poll, and the read it makes.
    await expect
      .poll(async () => (await onB.get('/api/auth/users/me/')).status, {
        timeout: 2 * SESSION_ENDS_POLL_MS,
        interval: 20,
      })
      .toBe(401);
  });

  it('stop cleanly on SIGTERM', async () => {
    expect(await stop(a.child)).toBe(0);
    expect(await stop(b.child)).toBe(0);
  });
});
