// @module-tag embedded: a killed server restarts on its embedded data directory
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningKib } from '../../testing/listening';
import { TestClient } from '../../testing/test-server';
import { findRunningEmbedded } from './embedded';

/*
 * Kib on the embedded database, killed with SIGKILL in the middle of a burst of answers and started
 * again at once on the same DATA_DIR: it comes back (no waiting for the dead process's lock), and
 * every answer it acknowledged is stored.
 */

const PACKAGE_DIR = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
const children: ChildProcess[] = [];

/** Starts `src/main.ts` as `npm start` does, on the embedded database of `dataDir`; resolves with its URL. */
async function startKib(): Promise<{ url: string; child: ChildProcess }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED: 'true',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: PACKAGE_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const { url } = await listeningKib(child, 150_000);
  return { url, child };
}

/** Runs a query on the database of the Kib that owns `dataDir` now. */
async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const running = await findRunningEmbedded(dataDir);
  if (!running) throw new Error('no running Kib owns the data directory');
  const client = new pg.Client({ connectionString: running.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a burst of answers', () => {
  it('comes back at once on the same data directory with every acknowledged answer stored', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-crash-'));
    const first = await startKib();
    const [numeral] = await query<{ id: number }>(
      `SELECT n.id FROM numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
       JOIN modules m ON m.id = mp.module_id
       WHERE m.name = 'Taller de álgebra' AND mp.numeration = '1' ORDER BY n.number, n.id LIMIT 1`,
    );
    const student = await new TestClient(first.url).logIn('student@demo.kib');

    // Eight students' worth of answers at once; an answer counts once Kib has answered it 200.
    let acknowledged = 0;
    let killed = false;
    const answer = async () => {
      while (!killed) {
        const res = await student
          .post('/api/proof/', { answer: [{ math: 'x+2' }], numeral: numeral!.id, current_step: 0 })
          .catch(() => null);
        if (res?.status === 200 && (res.body as { recorded?: boolean }).recorded) acknowledged++;
        else if (!killed)
          throw new Error(`an answer was refused: ${res?.status} ${JSON.stringify(res?.body)}`);
        if (acknowledged >= 80 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, answer));
    await new Promise((resolve) =>
      first.child.exitCode !== null || first.child.signalCode
        ? resolve(null)
        : first.child.once('exit', resolve),
    );
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startKib();
    const [stored] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM attempts a JOIN users u ON u.id = a.user_id
       WHERE u.email = 'student@demo.kib' AND a.numeral_id = $1`,
      [numeral!.id],
    );
    expect(stored!.n).toBeGreaterThanOrEqual(acknowledged);
    // And it serves: the same student logs in and answers again.
    const again = await new TestClient(second.url).logIn('student@demo.kib');
    const res = await again.post('/api/proof/', {
      answer: [{ math: 'x+2' }],
      numeral: numeral!.id,
      current_step: 0,
    });
    expect(res.status).toBe(200);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
  }, 420_000);
});
