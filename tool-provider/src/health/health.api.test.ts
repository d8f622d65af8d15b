import express from 'express';
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { QueryTypes, Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRouter } from '../http/api-router';
import { insertUser } from '../../testing/fixtures';
import { startSecondInstance, startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { mountTinyDisk } from '../../testing/tiny-disk';
import { registerHealthRoutes } from './health.routes';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/health/live and /api/health/ready on a migrated database', () => {
  it('answers liveness without asking the database', async () => {
    const res = await fetch(`${server.url}/api/health/live`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('is ready when every migration of this version is applied', async () => {
    const res = await fetch(`${server.url}/api/health/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: server.db.kind });
  });

  it('is not ready (503) while a migration of this version is missing, and ready again once it is back', async () => {
    const sequelize = server.db.sequelize;
    const [last] = await sequelize.query<{ name: string }>(
      'SELECT name FROM kib_migrations ORDER BY name DESC LIMIT 1',
      { type: QueryTypes.SELECT },
    );
    await sequelize.query('DELETE FROM kib_migrations WHERE name = $1', { bind: [last!.name] });
    try {
      const res = await fetch(`${server.url}/api/health/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        database: server.db.kind,
        reason: 'migrations-pending',
        pending_migrations: 1,
      });
      // Liveness does not depend on the database: a process manager must not restart it for this.
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    } finally {
      await sequelize.query('INSERT INTO kib_migrations (name) VALUES ($1)', { bind: [last!.name] });
    }
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
  });
});

/** The health routes alone, over `sequelize`, with a short database timeout. */
async function healthOnly(sequelize: Sequelize): Promise<{ url: string; close(): Promise<void> }> {
  const api = new ApiRouter({ checkResponses: true });
  registerHealthRoutes(api, sequelize, 'postgresql', { dataDir: null, timeoutMs: 300 });
  const app = express();
  app.use('/api', (req, _res, next) => {
    req.principal = null;
    next();
  });
  app.use('/api', api.router);
  const listening: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    async close() {
      listening.closeAllConnections();
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    },
  };
}

describe('readiness when the database does not answer', () => {
  it('answers 503 database-unreachable when connections are refused', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const sequelize = new Sequelize(`postgres://kib@127.0.0.1:${port}/kib`, {
      dialect: 'postgres',
      dialectModule: pg,
      logging: false,
    });
    const health = await healthOnly(sequelize);
    try {
      const ready = await fetch(`${health.url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: 'unavailable',
        database: 'postgresql',
        reason: 'database-unreachable',
      });
      expect((await fetch(`${health.url}/api/health`)).status).toBe(503);
      expect((await fetch(`${health.url}/api/health/live`)).status).toBe(200);
    } finally {
      await health.close();
      await sequelize.close();
    }
  });

  it('answers 503 at its timeout when the database accepts connections and then says nothing', async () => {
    // A server that takes the connection and never answers: without the timeout the check would wait forever.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const sequelize = new Sequelize(`postgres://kib@127.0.0.1:${port}/kib`, {
      dialect: 'postgres',
      dialectModule: pg,
      logging: false,
    });
    const health = await healthOnly(sequelize);
    try {
      const [ready, plain] = await Promise.all([
        fetch(`${health.url}/api/health/ready`),
        fetch(`${health.url}/api/health`),
      ]);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ reason: 'database-unreachable' });
      expect(plain.status).toBe(503);
    } finally {
      await health.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await sequelize.close().catch(() => undefined);
    }
  }, 15_000);
});

describe('readiness when the database takes no write', () => {
  it('answers 503 database-read-only when its transactions are read-only, though it answers reads', async (ctx) => {
    // PGlite is one session shared by every connection: a read-only setting would reach the server's too.
    if (server.db.kind !== 'postgresql') ctx.skip();
    // What a host does to a database whose disk filled up, or a replica answering after a failover.
    const readOnly = new Sequelize(server.db.url, {
      dialect: 'postgres',
      dialectModule: pg,
      logging: false,
      dialectOptions: { options: '-c default_transaction_read_only=on' },
    });
    const health = await healthOnly(readOnly);
    try {
      const ready = await fetch(`${health.url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: 'unavailable',
        database: 'postgresql',
        reason: 'database-read-only',
      });
      expect((await fetch(`${health.url}/api/health`)).status).toBe(200);
    } finally {
      await health.close();
      await readOnly.close();
    }
  });
});

describe('a DATA_DIR that takes no write (full, read-only) and then takes one again', () => {
  it('is not ready, answers writes a translated 503 storage-unavailable, and is ready again by itself', async (ctx) => {
    const disk = await mountTinyDisk(1);
    if (!disk) return ctx.skip();
    let kib: TestServer | undefined;
    try {
      // No SMTP_URL: mail goes to DATA_DIR/outbox, as in a development or a single-machine install.
      kib = await startTestServer({ DATA_DIR: disk.dir });
      const emails = ['full-es', 'full-en', 'ro-es', 'after'].map((name) => `${name}@disk.test`);
      for (const email of emails) await insertUser(kib.db.sequelize, { email });
      const client = new TestClient(kib.url);
      const ready = async () => {
        const res = await fetch(`${kib!.url}/api/health/ready`);
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      /** A write that reaches DATA_DIR: the reset link is mailed to the outbox. */
      const reset = (email: string, language: 'es' | 'en') =>
        client.post('/api/auth/users/reset_password/', { email }, { 'accept-language': language });
      const notReady = (reason: string) => ({
        status: 503,
        body: { status: 'unavailable', database: kib!.db.kind, reason },
      });

      disk.remount('ro');
      expect(await ready()).toEqual(notReady('storage-read-only'));
      const readOnly = await reset(emails[2]!, 'es');
      expect(readOnly.status).toBe(503);
      expect(readOnly.body).toEqual({
        code: 'storage-unavailable',
        detail:
          'Kib no puede guardar nada en este momento: su almacenamiento está lleno o no admite escritura. No se guardó este cambio; intenta de nuevo en unos minutos.',
      });
      disk.remount('rw');

      await disk.fill();
      expect(await ready()).toEqual(notReady('storage-full'));
      // Liveness does not write: a process manager must not restart Kib for a full disk.
      expect((await fetch(`${kib.url}/api/health/live`)).status).toBe(200);
      const es = await reset(emails[0]!, 'es');
      expect(es.status).toBe(503);
      expect(es.headers.get('retry-after')).toBe('60');
      expect(es.body).toEqual(readOnly.body);
      const en = await reset(emails[1]!, 'en');
      expect(en.status).toBe(503);
      expect(en.body).toEqual({
        code: 'storage-unavailable',
        detail:
          'Kib cannot save anything right now: its storage is full or read-only. This change was not saved; try again in a few minutes.',
      });

      // Space comes back: nothing was latched, the next probe and the next write succeed.
      await disk.free();
      expect(await ready()).toEqual({ status: 200, body: { status: 'ready', database: kib.db.kind } });
      expect((await reset(emails[3]!, 'es')).status).toBe(204);
      const outbox = await fs.readdir(path.join(disk.dir, 'outbox'));
      expect(outbox.filter((file) => file.endsWith('.eml'))).toHaveLength(1);
      // The probe leaves nothing behind.
      expect((await fs.readdir(disk.dir)).sort()).toEqual(['outbox']);
    } finally {
      await kib?.close();
      await disk.unmount();
    }
  });
});

describe('X-Kib-Instance', () => {
  it('names the instance that answered when INSTANCE_NAME is set, and is absent otherwise', async () => {
    const named = await startSecondInstance(server, {}, { instanceName: 'kib-b' });
    try {
      const fromNamed = await fetch(`${named.url}/api/health/live`);
      expect(fromNamed.headers.get('x-kib-instance')).toBe('kib-b');
      // The site's pages too, not only the API.
      expect((await fetch(`${named.url}/login`)).headers.get('x-kib-instance')).toBe('kib-b');
      expect((await fetch(`${server.url}/api/health/live`)).headers.get('x-kib-instance')).toBeNull();
    } finally {
      await named.close();
    }
  });
});
