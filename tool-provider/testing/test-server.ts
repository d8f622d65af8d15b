import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createApp, type AppDeps, type KibApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { JobQueue } from '../src/jobs/job-queue';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A real app on port 0 over a fresh test database, with a temporary DATA_DIR (outbox). */
export interface TestServer {
  url: string;
  db: TestDatabase;
  kib: KibApp;
  config: Config;
  outboxDir: string;
  /** The started job queue, when the server was asked for one (`{ jobs: true }`). */
  jobs: JobQueue | null;
  close(): Promise<void>;
}

/**
 * Starts the app as production code builds it, on a fresh migrated database (with the development
 * seed when `seeded`); `deps` replaces parts of it (a clock, a logger, the site's folder).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  deps: Partial<Omit<AppDeps, 'config' | 'sequelize' | 'databaseKind' | 'jobs'>> = {},
  options: { jobs?: boolean; seeded?: boolean } = {},
): Promise<TestServer> {
  const db = await createTestDatabase({ content: options.seeded ? 'seeded' : 'migrated' });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  // Expired jobs (a worker that died) are noticed within a second.
  const jobs = options.jobs ? new JobQueue(db.sequelize, logger, { maintenanceIntervalSeconds: 1 }) : null;
  await jobs?.start();
  const kib = await createApp({
    config,
    sequelize: db.sequelize,
    databaseKind: db.kind,
    logger,
    ...deps,
    ...(jobs ? { jobs } : {}),
  });
  if (jobs) await kib.workers.start();
  kib.sessionEnds.start();
  const server: Server = await new Promise((resolve) => {
    const s = kib.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  kib.sockets.attach(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    kib,
    config: { ...config, port },
    outboxDir: path.join(dataDir, 'outbox'),
    jobs,
    async close() {
      kib.sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      kib.mailer.close();
      await kib.parsers.close();
      await kib.sessionEnds.stop();
      await jobs?.stop({ abandon: true });
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of the app on the test server's database and configuration, as a second server
 * process would be; `deps` replaces parts of it (a clock), `config` parts of its configuration.
 * Closing it leaves the database.
 */
export async function startSecondInstance(
  server: TestServer,
  deps: Partial<Omit<AppDeps, 'config' | 'sequelize' | 'databaseKind'>> = {},
  config: Partial<Config> = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const kib = await createApp({
    config: { ...server.config, ...config },
    sequelize: server.db.sequelize,
    databaseKind: server.db.kind,
    logger: pino({ level: 'silent' }),
    ...deps,
  });
  // With a job queue (started), the instance runs background jobs too.
  if (deps.jobs) await kib.workers.start();
  kib.sessionEnds.start();
  const listening: Server = await new Promise((resolve) => {
    const s = kib.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  kib.sockets.attach(listening);
  return {
    url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    async close() {
      kib.sockets.close();
      listening.closeAllConnections();
      await new Promise<void>((resolve) => listening.close(() => resolve()));
      kib.mailer.close();
      await kib.parsers.close();
      await kib.sessionEnds.stop();
    },
  };
}

/** A JSON response as tests read it. */
export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A tiny HTTP client for API tests: JSON in and out, a cookie jar (so the refresh cookie travels like
 * in a browser) and an optional bearer token.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  token: string | undefined;

  constructor(
    readonly baseUrl: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    apiPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonResponse<T>> {
    const h: Record<string, string> = { ...this.defaultHeaders, ...headers };
    if (body !== undefined) h['content-type'] ??= 'application/json';
    if (this.token) h.authorization ??= `Bearer ${this.token}`;
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.baseUrl}${apiPath}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = decodeURIComponent(pair.slice(eq + 1));
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      /* not JSON: tests see the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(p: string, headers?: Record<string, string>) {
    return this.request<T>('GET', p, undefined, headers);
  }

  post<T = Record<string, unknown>>(p: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', p, body, headers);
  }

  put<T = Record<string, unknown>>(p: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', p, body, headers);
  }

  delete<T = Record<string, unknown>>(p: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', p, undefined, headers);
  }

  /**
   * Logs in as `email` (with `demo1234`, the password of the seeded and inserted users, unless
   * `password` is given) and keeps the access token for the next requests. Throws when refused.
   */
  async logIn(email: string, password = 'demo1234'): Promise<this> {
    const res = await this.post('/api/auth/jwt/create/', { email, password });
    if (res.status !== 200) throw new Error(`logging in as ${email} answered ${res.status}`);
    this.token = String(res.body.access);
    return this;
  }
}

/**
 * Exchanges the one-time code of a launch's redirect (`/moodlelogin?code=…`) at Kib, as the site
 * does: a client holding the session's access token, and the page it opens. Throws when refused.
 */
export async function exchangeLaunchCode(
  kibUrl: string,
  location: string,
): Promise<{ client: TestClient; next: string }> {
  const code = new URL(location, 'http://x').searchParams.get('code');
  const client = new TestClient(kibUrl);
  const opened = await client.post<{ access: string; next: string }>('/api/lti/session/', { code });
  if (opened.status !== 200) throw new Error(`the launch code was refused (${opened.status})`);
  client.token = opened.body.access;
  return { client, next: opened.body.next };
}

/**
 * A background job's request followed to its end as the site does (every 100 ms here): the answer
 * to a started job (202) becomes 200 with the job's answer once it is done, or the failure's status
 * with `{code, detail}` once it has failed; any other answer (a refusal before the job started) is
 * returned as it is. `path` is the job's own address under /api (`createregisterstudents/{id}/`).
 */
export async function finished<T = Record<string, unknown>>(
  client: TestClient,
  started: JsonResponse<Record<string, unknown>>,
  path: (id: string) => string,
): Promise<JsonResponse<T>> {
  if (started.status !== 202) return started as unknown as JsonResponse<T>;
  const id = String(started.body.id);
  for (let i = 0; i < 1200; i++) {
    const res = await client.get<{
      state: string;
      answer: T | null;
      error: { status: number; code: string; detail: string } | null;
    }>(path(id));
    if (res.status !== 200) return res as unknown as JsonResponse<T>;
    if (res.body.state === 'done') return { status: 200, body: res.body.answer as T, headers: res.headers };
    if (res.body.state === 'failed')
      return {
        status: res.body.error!.status,
        body: { code: res.body.error!.code, detail: res.body.error!.detail } as T,
        headers: res.headers,
      };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the job ${id} did not finish`);
}
