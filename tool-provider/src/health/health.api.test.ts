import express from 'express';
import type { Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { QueryTypes, Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRouter } from '../http/api-router';
import { startSecondInstance, startTestServer, type TestServer } from '../../testing/test-server';
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
  registerHealthRoutes(api, sequelize, 'postgresql', 300);
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
