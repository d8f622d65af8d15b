import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { listeningKib } from '../../testing/listening';
import { TestClient } from '../../testing/test-server';

/*
 * Kib on PostgreSQL while the database restarts in the middle of a burst of answers. What a restart
 * does to its clients is done to Kib's connections here, without touching the server other tests use:
 * every backend of Kib's database is terminated (pg_terminate_backend, as a shutdown does) and the
 * database refuses new connections (ALLOW_CONNECTIONS false, as a server that is starting up does)
 * until forty answers of the burst have been refused. Requests answer a translated 503 at once, the
 * process stays up, and once the database takes connections again the pool serves from it without a
 * restart of Kib.
 */

const PACKAGE_DIR = path.resolve(import.meta.dirname, '../..');
const admin = process.env.DATABASE_URL;
/** The slowest a 503 may be: a request that waited for a connection would take the pool's 60 s. */
const FAIL_FAST_MS = 3_000;

let db: TestDatabase | undefined;
let dataDir: string | undefined;
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null && !child.signalCode) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (db) await setConnections(db, true).catch(() => undefined);
  await db?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** The name of a test database, from its URL. */
const nameOf = (database: TestDatabase) => new URL(database.url).pathname.slice(1);

/** Runs `sql` on its own connection to `url` (the test's pooled ones are terminated with Kib's). */
async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Runs `sql` on the server's maintenance database, never on Kib's. */
async function onServer(sql: string, values: unknown[] = []): Promise<void> {
  await query(admin!, sql, values);
}

/** Lets Kib's database take new connections, or refuse them as a server that is starting up does. */
function setConnections(database: TestDatabase, allowed: boolean): Promise<void> {
  return onServer(`ALTER DATABASE ${nameOf(database)} ALLOW_CONNECTIONS ${allowed}`);
}

/** Starts `src/main.ts` as `npm start` does, on `url`; resolves with its address and its output so far. */
async function startKib(url: string): Promise<{ url: string; output: () => string }> {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-pg-restart-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED: 'true',
    LOG_LEVEL: 'info',
  };
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: PACKAGE_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  return listeningKib(started, 150_000);
}

/** One answer of the burst as the student's browser saw it. */
interface Answered {
  status: number;
  ms: number;
  phase: 'before' | 'outage' | 'after';
  code?: string;
  detail?: string;
  retryAfter: string | null;
}

describe.skipIf(!admin)('a PostgreSQL restart during a burst of answers', () => {
  it('answers a fast translated 503 while the database is away, never exits, and serves again on its own', async () => {
    db = await createTestDatabase();
    const kib = await startKib(db.url);
    const [numeral] = await query<{ id: number }>(
      db.url,
      `SELECT n.id FROM numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
       JOIN modules m ON m.id = mp.module_id
       WHERE m.name = 'Taller de álgebra' AND mp.numeration = '1' ORDER BY n.number, n.id LIMIT 1`,
    );
    const student = await new TestClient(kib.url).logIn('student@demo.kib');
    const english = new TestClient(kib.url, { 'accept-language': 'en' });
    english.token = student.token;

    let phase: Answered['phase'] = 'before';
    let stop = false;
    const answers: Answered[] = [];
    const answer = async (client: TestClient) => {
      while (!stop) {
        const started = performance.now();
        const res = await client.post('/api/proof/', {
          answer: [{ math: 'x+2' }],
          numeral: numeral!.id,
          current_step: 0,
        });
        const body = res.body as { code?: string; detail?: string };
        answers.push({
          status: res.status,
          ms: performance.now() - started,
          phase,
          code: body.code,
          detail: body.detail,
          retryAfter: res.headers.get('retry-after'),
        });
      }
    };
    const answered = (p: Answered['phase'], status: number) =>
      answers.filter((a) => a.phase === p && a.status === status).length;
    const until = (done: () => boolean, what: string) =>
      vi.waitFor(
        () => {
          if (!done()) throw new Error(`${what} did not happen in 60 s\n${kib.output()}`);
        },
        { timeout: 60_000 },
      );

    // Eight students at once, one of them reading English.
    const burst = Promise.all([english, ...Array.from({ length: 7 }, () => student)].map(answer));
    await until(() => answered('before', 200) >= 40, 'forty answers before the restart');

    // The restart: connections refused, and every backend of Kib's database terminated.
    phase = 'outage';
    await setConnections(db, false);
    await onServer(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [nameOf(db)],
    );
    // The outage lasts until the burst has met it: forty answers of it refused, the English reader's
    // among them. Answers that waited for a connection instead would never come, or come late.
    await until(
      () =>
        answered('outage', 503) >= 40 &&
        answers.some((a) => a.phase === 'outage' && a.status === 503 && a.detail?.startsWith('Kib cannot')),
      'forty answers refused during the outage, one in English',
    );
    const ready = await fetch(`${kib.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ reason: 'database-unreachable' });
    expect((await fetch(`${kib.url}/api/health/live`)).status).toBe(200);

    phase = 'after';
    await setConnections(db, true);
    await until(() => answered('after', 200) >= 40, 'forty answers after the restart');
    stop = true;
    await burst;

    expect(child!.exitCode).toBeNull();
    expect(child!.signalCode).toBeNull();
    const unavailable = answers.filter((a) => a.status === 503);
    const slowest = Math.max(...unavailable.map((a) => a.ms));
    console.info(`${answers.length} answers: ${unavailable.length} × 503 (slowest ${slowest.toFixed(0)} ms)`);
    expect(unavailable.length).toBeGreaterThan(0);
    // Every answer is a success or a 503 (no 500, no hang), and every 503 came at once.
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(unavailable.filter((a) => a.phase === 'before')).toEqual([]);
    expect(unavailable.filter((a) => a.ms > FAIL_FAST_MS)).toEqual([]);
    expect(new Set(unavailable.map((a) => a.code))).toEqual(new Set(['database-unavailable']));
    expect(new Set(unavailable.map((a) => a.retryAfter))).toEqual(new Set(['5']));
    expect(new Set(unavailable.map((a) => a.detail))).toEqual(
      new Set([
        'Kib no puede conectarse a su base de datos en este momento. Intenta de nuevo en unos segundos.',
        'Kib cannot reach its database right now. Try again in a few seconds.',
      ]),
    );
    // The pool recovered by itself: ready again, and the answers after the restart are stored.
    expect((await fetch(`${kib.url}/api/health/ready`)).status).toBe(200);
    const [stored] = await query<{ n: number }>(
      db.url,
      `SELECT count(*)::int AS n FROM attempts a JOIN users u ON u.id = a.user_id
       WHERE u.email = 'student@demo.kib' AND a.numeral_id = $1`,
      [numeral!.id],
    );
    expect(stored!.n).toBeGreaterThanOrEqual(answers.filter((a) => a.status === 200).length);
    expect(kib.output()).not.toContain('unhandled error');
  }, 300_000);
});
