import PgBoss from 'pg-boss';
import type { Sequelize } from 'sequelize';
import type { Logger } from '../logger';

/** The PostgreSQL schema pg-boss keeps its jobs and queues in, apart from Kib's tables. */
export const JOB_SCHEMA = 'pgboss';

/** A job's id, as pg-boss makes them (a UUID). */
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A pg client as Sequelize's postgres pool hands it out. */
interface PgClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's database access through Sequelize's own pool: on the embedded database that pool holds
 * its one connection (ADR 11), so jobs never open a second one; on PostgreSQL they share its ten.
 */
export function sequelizeJobDb(sequelize: Sequelize): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const client = (await sequelize.connectionManager.getConnection({
        type: 'write',
      })) as unknown as PgClient;
      try {
        return (await client.query(text, values)) as { rows: unknown[] };
      } finally {
        sequelize.connectionManager.releaseConnection(client as never);
      }
    },
  };
}

/** How a queue retries: tries after the first, the first wait and whether it doubles, and a job's lease. */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  /** Each further wait doubles (pg-boss adds jitter). */
  backoff: boolean;
  /** A job claimed longer than this without finishing (its worker died) is tried again. */
  expireInSeconds: number;
}

/**
 * Kib's background jobs on pg-boss (ADR 15): a job is a row in PostgreSQL written before `send`
 * answers, claimed by one worker of any instance (SKIP LOCKED), retried with back-off when its
 * handler throws, and tried again when its worker dies holding it (after `expireInSeconds`).
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly db: PgBoss.Db;
  private readonly schema: string;
  private started = false;

  constructor(
    sequelize: Sequelize,
    private readonly logger: Logger,
    options: { maintenanceIntervalSeconds?: number; schema?: string } = {},
  ) {
    this.db = sequelizeJobDb(sequelize);
    this.schema = options.schema ?? JOB_SCHEMA;
    this.boss = new PgBoss({
      db: this.db,
      schema: this.schema,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
      monitorStateIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    });
    this.boss.on('error', (err: Error) => this.logger.error({ err }, 'job queue error'));
  }

  /** Creates or updates pg-boss's schema and starts its maintenance. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
  }

  /** Declares a queue with its retry policy (idempotent). */
  async queue(name: string, policy: RetryPolicy): Promise<void> {
    const options = {
      name,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: policy.backoff,
      expireInSeconds: policy.expireInSeconds,
    };
    if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
    else await this.boss.createQueue(name, options);
  }

  /** Persists a job; answers its id once it is stored. */
  async send(name: string, data: object): Promise<string> {
    const id = await this.boss.send(name, data);
    if (!id) throw new Error(`the job was not stored in ${name}`);
    return id;
  }

  /**
   * Runs `handler` for each job of the queue, one at a time, polling every `pollingSeconds`. A thrown
   * error fails the try; `lastTry` tells the handler no retry follows. What the handler returns is
   * kept as the job's output.
   */
  async work<T extends object>(
    name: string,
    handler: (data: T, job: { id: string; lastTry: boolean }) => Promise<object | void>,
    options: { retryLimit: number; pollingSeconds?: number },
  ): Promise<void> {
    await this.boss.work<T>(
      name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingSeconds ?? 1 },
      async ([job]) => {
        if (!job) return;
        return handler(job.data, { id: job.id, lastTry: job.retryCount >= options.retryLimit });
      },
    );
  }

  /**
   * A job of the queue, archived ones included: its state, data, output and the tries that failed so
   * far; null for an id that is not one of the queue's (or not an id at all).
   */
  async job<T extends object, O extends object = object>(
    name: string,
    id: string,
  ): Promise<{ state: string; data: T; output: O | null; retryCount: number } | null> {
    if (!JOB_ID.test(id)) return null;
    const job = await this.boss.getJobById<T>(name, id, { includeArchive: true });
    if (!job) return null;
    return {
      state: job.state,
      data: job.data,
      output: (job.output as O | null | undefined) ?? null,
      retryCount: job.retryCount,
    };
  }

  /**
   * Deletes a job (and its archived copy) for good; true when this call deleted it, so of two
   * callers at once exactly one is told it did.
   */
  async remove(name: string, id: string): Promise<boolean> {
    if (!JOB_ID.test(id)) return false;
    const deleted = await this.db.executeSql(
      `WITH job AS (DELETE FROM ${this.schema}.job WHERE name = $1 AND id = $2 RETURNING id),
            archived AS (DELETE FROM ${this.schema}.archive WHERE name = $1 AND id = $2 RETURNING id)
       SELECT (SELECT count(*) FROM job) + (SELECT count(*) FROM archived) AS n`,
      [name, id],
    );
    return Number((deleted.rows[0] as { n: number | string } | undefined)?.n ?? 0) > 0;
  }

  /**
   * Stops the workers and the maintenance, leaving the database open: waits for the job under way,
   * or with `abandon` leaves it as a killed process would (another instance runs it after its lease).
   */
  async stop(options: { abandon?: boolean } = {}): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop(
      options.abandon
        ? { graceful: false, wait: true, close: false }
        : { graceful: true, wait: true, close: false, timeout: 10_000 },
    );
  }
}
