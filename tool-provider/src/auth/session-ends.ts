import type { DatabaseKind } from '../db/database';
import type { Logger } from '../logger';
import type { SessionEndRow, SessionEndsListener, SessionEndsRepository } from './session-ends.repository';

/**
 * How often each process asks the database for new session ends: the bound on how long a session
 * ended on another instance keeps working here when no notification arrives (the embedded
 * database, or a lost LISTEN connection). With PostgreSQL's NOTIFY it is a few milliseconds.
 */
export const SESSION_ENDS_POLL_MS = 1_000;

/** How long a lost LISTEN connection waits before it is opened again. */
const LISTEN_RETRY_MS = 5_000;

/** How often old session ends are deleted from the database and forgotten here. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The keys of what ends sessions, the same strings migration 0030's triggers write: an account's
 * session (its refresh family), a temporary student, a code activity and a module code.
 */
export const SessionKeys = {
  session: (familyId: string) => `session:${familyId}`,
  tempStudent: (id: number) => `temp-student:${id}`,
  activity: (id: number) => `activity:${id}`,
  moduleCode: (id: number) => `module-code:${id}`,
};

/** A token's activity key as its `act` claim carries it (a code activity or a module code). */
export const ACTIVITY_KEY = /^(?:activity|module-code):[1-9][0-9]{0,9}$/;

/** The activity key of a code activity, else of the module code, that opened a module. */
export function activityKey(opened: {
  activityId: number | null;
  moduleCodeId: number | null;
}): string | null {
  if (opened.activityId !== null) return SessionKeys.activity(opened.activityId);
  return opened.moduleCodeId === null ? null : SessionKeys.moduleCode(opened.moduleCodeId);
}

/** Whether any of an access token's session keys has ended: what every request asks. */
export interface SessionCheck {
  hasEnded(keys: readonly string[]): boolean;
}

/**
 * The sessions that ended, kept in each process's memory so that checking an access token costs a
 * map lookup per key, not a query (`proof/` answers thousands of times a second).
 *
 * The database is the truth (table `session_ends`, written by triggers); this copy catches up by
 * version: at once after this process ended a session ({@link catchUp}, awaited before the answer),
 * on a NOTIFY from another process (PostgreSQL), and every {@link SESSION_ENDS_POLL_MS} otherwise.
 * A row is kept as long as a token it ends may still be alive (`keepSeconds`, the longest token
 * lifetime), then pruned here and in the database.
 */
export class SessionEnds implements SessionCheck {
  private readonly ended = new Map<string, { endsAt: number; recordedAt: number }>();
  private version = 0;
  /** The read in progress (or the last one), which the next read waits for. */
  private reading: Promise<void> = Promise.resolve();
  /** A read that has not started yet: callers meanwhile share it, as it will see their writes. */
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private listener: SessionEndsListener | null = null;
  private stopped = false;
  /** The last read failed: said once, and again when reads work. */
  private failing = false;
  /** The listener is lost: said once, and again when it listens. */
  private deaf = false;
  private prunedAt = Date.now();

  constructor(
    private readonly deps: {
      repo: SessionEndsRepository;
      kind: DatabaseKind;
      logger: Logger;
      /** The longest lifetime of an access token, with its clock tolerance. */
      keepSeconds: number;
      pollMs?: number;
    },
  ) {}

  /** True when one of the keys names a session that has ended by now. */
  hasEnded(keys: readonly string[]): boolean {
    if (this.ended.size === 0) return false;
    const now = Date.now();
    for (const key of keys) {
      const end = this.ended.get(key);
      if (end && end.endsAt <= now) return true;
    }
    return false;
  }

  /**
   * Reads the session ends recorded since the last read. A read that starts after this call, so
   * once it resolves, everything committed before the call is known here: the use case that ended
   * a session awaits it before answering, and the old token is refused on the very next request.
   */
  catchUp(): Promise<void> {
    if (!this.queued) {
      const next = this.reading.then(() => {
        this.queued = null;
        return this.read();
      });
      this.queued = next;
      this.reading = next.catch(() => undefined);
    }
    return this.queued;
  }

  /** Polls for new ends and, on PostgreSQL, listens for them; idempotent. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.tick(), this.deps.pollMs ?? SESSION_ENDS_POLL_MS);
    this.timer.unref();
    if (this.deps.kind === 'postgresql') void this.listen();
  }

  /** Stops polling and listening, and waits for a read in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    this.timer = this.retry = null;
    await this.listener?.close();
    this.listener = null;
    await this.reading;
  }

  private async read(): Promise<void> {
    const rows = await this.deps.repo.since(this.version);
    for (const row of rows) this.apply(row);
  }

  private apply(row: SessionEndRow): void {
    if (row.endsAt === null) this.ended.delete(row.key);
    else this.ended.set(row.key, { endsAt: row.endsAt, recordedAt: row.recordedAt });
    this.version = Math.max(this.version, row.version);
  }

  private tick(): void {
    this.catchUp().then(
      () => {
        if (this.failing) this.deps.logger.info('session ends read again');
        this.failing = false;
      },
      (err: unknown) => {
        // One warning per outage, not one a second.
        if (!this.failing) this.deps.logger.warn({ err }, 'session ends could not be read');
        this.failing = true;
      },
    );
    if (Date.now() - this.prunedAt >= PRUNE_EVERY_MS) void this.prune();
  }

  /** Forgets, here and in the database, the ends no token still alive can carry. */
  private async prune(): Promise<void> {
    this.prunedAt = Date.now();
    const before = this.prunedAt - this.deps.keepSeconds * 1000;
    for (const [key, end] of this.ended) if (end.recordedAt < before) this.ended.delete(key);
    await this.deps.repo
      .prune(this.deps.keepSeconds)
      .catch((err: unknown) => this.deps.logger.warn({ err }, 'old session ends not pruned'));
  }

  private async listen(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    try {
      const listener = await this.deps.repo.listen(
        () => void this.catchUp().catch(() => undefined),
        (err) => this.listenerLost(err),
      );
      if (this.stopped) return void (await listener.close());
      this.listener = listener;
      if (this.deaf) this.deps.logger.info('session ends: listening again');
      this.deaf = false;
      // What was recorded while nobody listened is read now, not at the next poll.
      await this.catchUp().catch(() => undefined);
    } catch (err) {
      this.listenerLost(err);
    }
  }

  private listenerLost(err: unknown): void {
    const lost = this.listener;
    this.listener = null;
    void lost?.close();
    if (this.stopped || this.retry) return;
    if (!this.deaf)
      this.deps.logger.warn(
        { err, pollMs: this.deps.pollMs ?? SESSION_ENDS_POLL_MS },
        'session ends: not listening, polling only',
      );
    this.deaf = true;
    this.retry = setTimeout(() => void this.listen(), LISTEN_RETRY_MS);
    this.retry.unref();
  }
}
