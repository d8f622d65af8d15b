import type { Logger } from '../../logger';
import { OutboxRepository } from './outbox.repository';
import type { OutboxRow, OutboxSender } from './outbox';

/** The learner and module a grade is of. */
export interface Learner {
  userId: number;
  moduleId: number;
}

/** Where an LTI 1.1 launch's grade goes: the consumer's Basic Outcomes service and the result's sourcedid. */
export interface BasicOutcomeTarget {
  consumerKey: string;
  serviceUrl: string;
  sourcedid: string;
}

/** Where an LTI 1.3 launch's score goes: the platform's AGS line item, for the platform's user. */
export interface AgsScoreTarget {
  platformId: number;
  lineitemUrl: string;
  subject: string;
}

/**
 * Where a learner's grade for a launched module goes, as the launch named it, already checked
 * against the platform's own origins.
 */
export type GradeTarget = ({ protocol: '1.1' } & BasicOutcomeTarget) | ({ protocol: '1.3' } & AgsScoreTarget);

/** One protocol's outbox of grades: the rows that say where grades go, and the sender that posts them. */
export interface GradeChannel<T, R extends OutboxRow> {
  store: OutboxRepository<R> & { bind(input: T & Learner): Promise<number> };
  sender: OutboxSender<R>;
}

/**
 * The one port through which grades reach LMSs, whatever the protocol: a launch binds where a
 * learner's grade goes; a change of progress marks every binding of that learner and problem for
 * sending; each protocol's sender posts what is pending, with retries, in the background.
 */
export class GradePassBack<R11 extends OutboxRow = OutboxRow, R13 extends OutboxRow = OutboxRow> {
  constructor(
    private readonly deps: {
      basicOutcomes: GradeChannel<BasicOutcomeTarget, R11>;
      agsScores: GradeChannel<AgsScoreTarget, R13>;
      logger: Logger;
      now?: () => Date;
    },
  ) {}

  /** The Basic Outcomes sender (LTI 1.1). */
  get basicOutcomes(): OutboxSender<R11> {
    return this.deps.basicOutcomes.sender;
  }

  /** The AGS score sender (LTI 1.3). */
  get agsScores(): OutboxSender<R13> {
    return this.deps.agsScores.sender;
  }

  /**
   * Records where the learner's grade goes; when they already made progress in the module, the
   * grade is sent at once rather than at their next completed numeral.
   */
  async bind(target: GradeTarget, learner: Learner, now: Date): Promise<void> {
    const { store, id } = await this.bound(target, learner);
    await store.markPendingIfProgress(id, now);
  }

  private async bound(
    target: GradeTarget,
    learner: Learner,
  ): Promise<{ store: OutboxRepository<R11> | OutboxRepository<R13>; id: number }> {
    switch (target.protocol) {
      case '1.1': {
        const { store } = this.deps.basicOutcomes;
        const { consumerKey, serviceUrl, sourcedid } = target;
        return { store, id: await store.bind({ ...learner, consumerKey, serviceUrl, sourcedid }) };
      }
      case '1.3': {
        const { store } = this.deps.agsScores;
        const { platformId, lineitemUrl, subject } = target;
        return { store, id: await store.bind({ ...learner, platformId, lineitemUrl, subject }) };
      }
    }
  }

  /**
   * A learner completed a numeral of a problem: every grade bound to a module holding it is marked
   * for sending. A failure is logged, never thrown: the student's answer was checked and stays so.
   */
  async progressChanged(userId: number, problemId: number): Promise<void> {
    const now = this.deps.now?.() ?? new Date();
    const outboxes = [
      this.deps.basicOutcomes.store,
      this.deps.agsScores.store,
    ] as OutboxRepository<OutboxRow>[];
    await OutboxRepository.markPendingForProblemIn(outboxes, userId, problemId, now).catch((err: unknown) =>
      this.deps.logger.error({ err }, 'grades not marked for sending'),
    );
  }

  /** Starts both senders' background loops, a pass every `intervalMs` (5 s unless given). */
  start(intervalMs?: number): void {
    this.deps.basicOutcomes.sender.start(intervalMs);
    this.deps.agsScores.sender.start(intervalMs);
  }

  /** Stops both senders, waiting for a pass under way. */
  async stop(): Promise<void> {
    await Promise.all([this.deps.basicOutcomes.sender.stop(), this.deps.agsScores.sender.stop()]);
  }
}
