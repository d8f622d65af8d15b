import os from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterQueue,
  RateLimiterQueueError,
} from 'rate-limiter-flexible';
import { AppError } from '../http/errors';
import { equaliserHash, hashPassword, verifyPassword } from './passwords';

/** The hashing the budget spends: argon2id ({@link ARGON2}); tests count the checks through it. */
export interface PasswordWork {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id, as passwords.ts does it. */
export const ARGON2: PasswordWork = { hash: hashPassword, verify: verifyPassword };

/**
 * libuv's threads (UV_THREADPOOL_SIZE, 4 by default), where argon2 runs beside file reads and zlib.
 * Read at start: Node sizes the pool once.
 */
const LIBUV_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/**
 * Hashes at once by default: one per core, and one libuv thread always left to the files and the
 * compression the same pool serves (a background registration hashes on one more, registration-jobs.ts).
 */
export const HASH_THREADS = Math.max(1, Math.min(os.availableParallelism(), LIBUV_THREADS - 1));

/**
 * Hashes a second one process spends, sustained: at ~30 ms a hash, 60 % of a core, so guesses spread
 * over many accounts cannot take the processor from the students solving problems.
 */
export const HASHES_PER_SECOND = 20;

/**
 * Hashes above {@link HASHES_PER_SECOND} each {@link BURST_WINDOW_SECONDS}: with the second's own
 * 20, a class of 40 (up to 60 people) logs in at the same moment without waiting for the budget.
 */
export const HASH_BURST = 40;

/** The window of {@link HASH_BURST}. */
export const BURST_WINDOW_SECONDS = 10;

/**
 * Hashes that may wait for the budget (10 s at {@link HASHES_PER_SECOND}: a school's first log-ins
 * of the year wait rather than fail); one more is answered 429 `password-checks-busy` at once.
 */
export const HASHES_WAITING = 200;

/** The bounds of a {@link PasswordBudget}; Kib's by default. */
export interface PasswordBudgetOptions {
  /** Hashes at once ({@link HASH_THREADS}). */
  threads?: number;
  /** Hashes a second, sustained ({@link HASHES_PER_SECOND}). */
  perSecond?: number;
  /** Hashes above that each {@link BURST_WINDOW_SECONDS} ({@link HASH_BURST}). */
  burst?: number;
  /** Hashes that may wait for the rate ({@link HASHES_WAITING}). */
  maxWaiting?: number;
  /** What a hash and a check are ({@link ARGON2}). */
  work?: PasswordWork;
}

/** How a hash is admitted. */
export interface Admission {
  /**
   * The log-in of an account from an address it logged in from before: it skips the rate (strangers
   * cannot make it wait for their guesses) but not the threads.
   */
  trusted?: boolean;
}

/**
 * The password hashes and checks of one process, within a budget: at most `threads` at once (the
 * rest wait in order), and, for all but trusted log-ins, at most `perSecond` a second plus a burst,
 * waiting in order beyond that; when `maxWaiting` already wait, 429 `password-checks-busy`. Every
 * password the server hashes or checks for a request goes through here (log-in, the LMS account
 * link, sign-up, password reset), so no number of addresses buys more than the budget. Per process:
 * N instances spend N budgets, each on its own share of the cores.
 */
export class PasswordBudget {
  /** Hashes at once. */
  readonly threads: number;
  private readonly running: LimitFunction;
  private readonly rate: RateLimiterQueue;
  private readonly retryAfterSeconds: number;
  private readonly work: PasswordWork;

  constructor(options: PasswordBudgetOptions = {}) {
    this.threads = options.threads ?? HASH_THREADS;
    this.work = options.work ?? ARGON2;
    this.running = pLimit(this.threads);
    const perSecond = options.perSecond ?? HASHES_PER_SECOND;
    const maxWaiting = options.maxWaiting ?? HASHES_WAITING;
    this.rate = new RateLimiterQueue(
      new BurstyRateLimiter(
        new RateLimiterMemory({ keyPrefix: 'hashes', points: perSecond, duration: 1 }),
        new RateLimiterMemory({
          keyPrefix: 'hash-burst',
          points: options.burst ?? HASH_BURST,
          duration: BURST_WINDOW_SECONDS,
        }),
      ),
      { maxQueueSize: maxWaiting },
    );
    this.retryAfterSeconds = Math.max(1, Math.ceil(maxWaiting / perSecond));
  }

  /** Hashes a new password. */
  hash(password: string, admission: Admission = {}): Promise<string> {
    return this.spend(() => this.work.hash(password), admission);
  }

  /** True when `password` matches the stored hash. */
  verify(hash: string, password: string, admission: Admission = {}): Promise<boolean> {
    return this.spend(() => this.work.verify(hash, password), admission);
  }

  /** Checks `password` against a hash it cannot match: the cost of refusing an unknown e-mail. */
  async burn(password: string, admission: Admission = {}): Promise<void> {
    const hash = await equaliserHash();
    await this.verify(hash, password, admission);
  }

  private async spend<T>(task: () => Promise<T>, admission: Admission): Promise<T> {
    if (!admission.trusted) {
      try {
        await this.rate.removeTokens(1);
      } catch (err) {
        if (err instanceof RateLimiterQueueError)
          throw new AppError(429, 'password-checks-busy', undefined, undefined, {
            'Retry-After': String(this.retryAfterSeconds),
          });
        throw err;
      }
    }
    return this.running(task);
  }
}
