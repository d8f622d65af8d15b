import type { Logger } from '../../logger';

/** How long one claimed row is reserved for its sender before another may try. */
export const LEASE_MS = 2 * 60 * 1000;
/** The first retry waits this long; each further one twice as long. */
const FIRST_RETRY_MS = 30 * 1000;
/** The longest wait between two tries. */
const MAX_RETRY_MS = 6 * 60 * 60 * 1000;
/** After this many failed tries in a row a score is given up (a newer score starts again). */
export const MAX_OUTCOME_ATTEMPTS = 12;

/** The wait before try number `attempt + 1` after `attempt` failures. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
}

/**
 * A pending grade of an outbox: its row, whose grade in which module it is, the version it was
 * claimed at, the score and the tries so far.
 */
export interface OutboxRow {
  id: number;
  userId: number;
  moduleId: number;
  version: number;
  score: number;
  attempts: number;
}

/** Where an outbox keeps its rows (a table per LTI version). */
export interface OutboxStore<R extends OutboxRow> {
  /** Reserves up to `limit` rows due at `now` until `leaseUntil`, so no other instance sends them. */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<R[]>;
  /** The score of `version` reached the platform (a newer score stays pending). */
  markSent(id: number, version: number, score: number, at: Date): Promise<void>;
  /** The try failed at `at`: retry at `retryAt`, or never (null: given up, for the instructor to see). */
  markFailed(id: number, version: number, error: string, retryAt: Date | null, at: Date): Promise<void>;
}

/**
 * Sends the grades of a persisted outbox: each due row is claimed, sent by `send`, and marked sent or
 * failed; failures are retried with exponential backoff up to MAX_OUTCOME_ATTEMPTS. The state lives in
 * the database, so a restarted or second instance resumes where another stopped, and no score is lost.
 * Basic Outcomes (LTI 1.1) and AGS scores (LTI 1.3) differ only in `send`. Every try is logged, a
 * sent grade at info and a failed one at warn, by row, module and Kib user (no LMS identifiers).
 */
export abstract class OutboxSender<R extends OutboxRow> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  protected constructor(
    private readonly outbox: {
      store: OutboxStore<R>;
      logger: Logger;
      /** What the log calls a grade of this outbox. */
      label: string;
      now?: () => Date;
      /** Rows sent per pass. */
      batchSize?: number;
    },
  ) {}

  /** Sends one row; null on success, else why it failed (a thrown error counts as a failure too). */
  protected abstract send(row: R): Promise<string | null>;

  protected now(): Date {
    return this.outbox.now?.() ?? new Date();
  }

  /** Sends every row due now, once; answers how many were sent and how many failed. */
  async runOnce(): Promise<{ sent: number; failed: number }> {
    const { store, logger, label } = this.outbox;
    const now = this.now();
    const due = await store.claimDue(now, new Date(now.getTime() + LEASE_MS), this.outbox.batchSize ?? 20);
    let sent = 0;
    let failed = 0;
    for (const row of due) {
      const error = await this.send(row).catch((err: unknown) => (err as Error).message || String(err));
      const attempt = row.attempts + 1;
      const about = { row: row.id, moduleId: row.moduleId, userId: row.userId, score: row.score, attempt };
      if (error === null) {
        sent++;
        await store.markSent(row.id, row.version, row.score, this.now());
        logger.info({ ...about, status: 'sent' }, `${label} sent`);
      } else {
        failed++;
        const at = this.now();
        const retryAt =
          attempt >= MAX_OUTCOME_ATTEMPTS ? null : new Date(at.getTime() + retryDelayMs(row.attempts));
        await store.markFailed(row.id, row.version, error, retryAt, at);
        logger.warn(
          { ...about, status: retryAt === null ? 'given-up' : 'failed', error, givenUp: retryAt === null },
          `${label} not sent`,
        );
      }
    }
    return { sent, failed };
  }

  /** Runs a pass every `intervalMs` until stopped; passes never overlap. */
  start(intervalMs = 5_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((err: unknown) => this.outbox.logger.error({ err }, `${this.outbox.label} pass failed`))
        .finally(() => (this.running = null));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the loop and waits for a pass in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
