// @module-tag embedded: the server starts on either database
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningPublicUrl, loadConfig } from './config';
import { startServer } from './server';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let db: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-server-'));
}, 120_000);
afterAll(async () => {
  await db?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Starts the server with `env` over the test database and answers its start-up log line. */
async function start(env: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    SEED: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    ...env,
  });
  const running = await startServer(config, pino({ level: 'info' }, sink));
  return { running, started: lines.find((l) => l.msg === 'Kib is listening')! };
}

describe('the start-up line', () => {
  it('shows PUBLIC_URL and the address it listens on, and the local URL still reaches the server', async () => {
    const { running, started } = await start({ PUBLIC_URL: 'https://kib.colegio.edu.co/' });
    try {
      const port = Number(new URL(running.url).port);
      expect(port).toBeGreaterThan(0);
      expect(running.url).toBe(`http://127.0.0.1:${port}`);
      expect(running.publicUrl).toBe('https://kib.colegio.edu.co');
      expect(started).toMatchObject({
        publicUrl: 'https://kib.colegio.edu.co',
        listening: `127.0.0.1:${port}`,
      });
      expect(started).not.toHaveProperty('url');
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    } finally {
      await running.close();
    }
  }, 60_000);

  it('derives the public URL from the port actually chosen when PUBLIC_URL is unset and PORT is 0', async () => {
    const { running, started } = await start({});
    try {
      const port = Number(new URL(running.url).port);
      expect(started).toMatchObject({
        publicUrl: `http://localhost:${port}`,
        listening: `127.0.0.1:${port}`,
      });
      expect(running.publicUrl).toBe(`http://localhost:${port}`);
    } finally {
      await running.close();
    }
  }, 60_000);
});

describe('a port already in use', () => {
  it("fails the start with the system's error instead of starting half-way", async () => {
    const { running } = await start({});
    try {
      const port = new URL(running.url).port;
      await expect(start({ PORT: port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    } finally {
      await running.close();
    }
  }, 60_000);
});

describe('listeningPublicUrl', () => {
  it('keeps PUBLIC_URL and a URL derived from a fixed port, and fills in the port only for PORT=0', () => {
    expect(listeningPublicUrl(loadConfig({ PUBLIC_URL: 'https://kib.example', PORT: '0' }), 4321)).toBe(
      'https://kib.example',
    );
    expect(listeningPublicUrl(loadConfig({ PORT: '8080' }), 8080)).toBe('http://localhost:8080');
    expect(listeningPublicUrl(loadConfig({ PORT: '0' }), 4321)).toBe('http://localhost:4321');
  });
});
