// @module-tag embedded: the mail queue's locking differs on one session
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { JobQueue } from '../jobs/job-queue';
import { MAIL_QUEUE, QueuedMailer } from './mail-queue';
import type { MailMessage, Mailer } from './mailer';

let db: Database;
let dir: string;
const queues: JobQueue[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kib-mail-queue-'));
  db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dir });
  // A PostgreSQL kept between runs still has the last run's jobs.
  for (const schema of ['jobs_mail_retry', 'jobs_mail_crash', 'jobs_mail_fail'])
    await db.sequelize.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}, 120_000);
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Log lines written at warn and above, as objects. */
function capturedLogger() {
  const lines: { level: number; msg: string; to?: string }[] = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
  );
  return { logger, lines };
}

/** A queue of its own schema (each test its own), checking expired jobs every second. */
async function jobQueue(schema: string, logger = pino({ level: 'silent' })): Promise<JobQueue> {
  const q = new JobQueue(db.sequelize, logger, { schema, maintenanceIntervalSeconds: 1 });
  queues.push(q);
  await q.start();
  return q;
}

/** A mail transport that fails its first `failures` sends, then delivers. */
function flakyTransport(failures: number) {
  const delivered: MailMessage[] = [];
  let tries = 0;
  const transport: Mailer = {
    send(message) {
      tries++;
      if (tries <= failures) return Promise.reject(new Error('421 try again later'));
      delivered.push(message);
      return Promise.resolve();
    },
    close: () => undefined,
  };
  return { transport, delivered, tries: () => tries };
}

const MESSAGE: MailMessage = {
  to: 'ana@example.com',
  subject: 'Activa tu cuenta',
  text: 'https://kib/activate/x',
};
const FAST = { retryLimit: 3, retryDelaySeconds: 1, backoff: true, expireInSeconds: 1 };

describe('mail on the job queue', () => {
  it('stores the message before answering and delivers it after the mail server refused it twice', async () => {
    const jobs = await jobQueue('jobs_mail_retry');
    const smtp = flakyTransport(2);
    const mailer = new QueuedMailer({
      jobs,
      transport: smtp.transport,
      logger: pino({ level: 'silent' }),
      policy: FAST,
    });
    await mailer.start(0.5);
    await mailer.send(MESSAGE);
    const [stored] = (await db.sequelize.query(`SELECT name FROM jobs_mail_retry.job`))[0] as {
      name: string;
    }[];
    expect(stored).toEqual({ name: MAIL_QUEUE });
    await expect.poll(() => smtp.delivered, { timeout: 30_000, interval: 250 }).toEqual([MESSAGE]);
    expect(smtp.tries()).toBe(3);
  }, 60_000);

  it('sends a message whose worker died holding it from another instance, once its lease ends', async () => {
    // The first instance claims the message and never finishes (its process was killed mid-send).
    const dead = await jobQueue('jobs_mail_crash');
    let claimed = 0;
    const hung: Mailer = {
      send: () => {
        claimed++;
        return new Promise(() => undefined);
      },
      close: () => undefined,
    };
    await new QueuedMailer({
      jobs: dead,
      transport: hung,
      logger: pino({ level: 'silent' }),
      policy: FAST,
    }).start(0.5);
    await new QueuedMailer({
      jobs: dead,
      transport: hung,
      logger: pino({ level: 'silent' }),
      policy: FAST,
    }).send(MESSAGE);
    await expect.poll(() => claimed, { timeout: 15_000 }).toBe(1);
    await dead.stop({ abandon: true });

    const other = await jobQueue('jobs_mail_crash');
    const smtp = flakyTransport(0);
    await new QueuedMailer({
      jobs: other,
      transport: smtp.transport,
      logger: pino({ level: 'silent' }),
      policy: FAST,
    }).start(0.5);
    await expect.poll(() => smtp.delivered, { timeout: 30_000, interval: 250 }).toEqual([MESSAGE]);
    expect(claimed).toBe(1);
  }, 60_000);

  it('logs a message still refused after its last try as an error, and keeps it as failed', async () => {
    const { logger, lines } = capturedLogger();
    const jobs = await jobQueue('jobs_mail_fail', logger);
    const smtp = flakyTransport(Number.POSITIVE_INFINITY);
    const mailer = new QueuedMailer({
      jobs,
      transport: smtp.transport,
      logger,
      policy: { ...FAST, retryLimit: 1 },
    });
    await mailer.start(0.5);
    await mailer.send(MESSAGE);
    await expect
      .poll(() => lines.filter((l) => l.msg === 'mail given up after its last try').length, {
        timeout: 30_000,
      })
      .toBe(1);
    expect(lines.filter((l) => l.msg === 'mail not sent, will retry')).toHaveLength(1);
    expect(smtp.tries()).toBe(2);
    const state = async () =>
      ((await db.sequelize.query(`SELECT state FROM jobs_mail_fail.job`))[0] as { state: string }[])[0]
        ?.state;
    await expect.poll(state).toBe('failed');
  }, 60_000);
});
