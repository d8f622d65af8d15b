import pLimit, { type LimitFunction } from 'p-limit';
import { AppError } from '../http/errors';

/**
 * The two lines of an account's log-ins: from addresses it logged in from before (`known`), and from
 * every other address (`stranger`). Guesses from a thousand addresses all stand in the strangers'
 * line; the owner at school or at home stands in the other.
 */
export type LoginLane = 'known' | 'stranger';

/** The lines of one account. */
export const LANES_PER_ACCOUNT = 2;

/** Password checks at once per line: one, so an account has at most two in flight per process. */
const CHECKS_PER_LANE = 1;

/** Log-ins that may wait in one line; one more is answered 429 `login-busy` at once. */
export const LANE_MAX_WAITING = 10;

/** One line: its checks, how many log-ins hold it (checked or waiting), how long its last check took. */
interface Line {
  run: LimitFunction;
  holders: number;
  lastCheckMs: number | undefined;
}

/**
 * The log-in lines of every account of this process: in each line one check at a time, the others
 * waiting in order, at most {@link LANE_MAX_WAITING} of them; a line exists while someone holds it,
 * so guesses at a million e-mails leave nothing behind. Per process: with N instances an account has
 * N pairs of lines (the failure counters that slow its strangers down are shared, in PostgreSQL).
 */
export class LoginLanes {
  private readonly lines = new Map<string, Line>();

  constructor(private readonly maxWaiting = LANE_MAX_WAITING) {}

  /**
   * Runs `check` in the `lane` of `account` once the checks before it are done. When the line is full
   * it throws 429 `login-busy`, with a Retry-After of the time the line needs to empty: its holders
   * times its last check's time (`checkMs`, the caller's estimate, before one has ended).
   */
  async run<T>(account: string, lane: LoginLane, check: () => Promise<T>, checkMs: number): Promise<T> {
    const key = `${lane}:${account}`;
    let line = this.lines.get(key);
    if (!line) {
      line = { run: pLimit(CHECKS_PER_LANE), holders: 0, lastCheckMs: undefined };
      this.lines.set(key, line);
    }
    if (line.holders >= CHECKS_PER_LANE + this.maxWaiting) {
      const seconds = Math.max(1, Math.ceil((line.holders * (line.lastCheckMs ?? checkMs)) / 1000));
      throw new AppError(429, 'login-busy', { key: 'errors.login-busy', params: { seconds } }, undefined, {
        'Retry-After': String(seconds),
      });
    }
    line.holders++;
    const held = line;
    try {
      return await held.run(async () => {
        const started = performance.now();
        try {
          return await check();
        } finally {
          held.lastCheckMs = performance.now() - started;
        }
      });
    } finally {
      if (--held.holders === 0) this.lines.delete(key);
    }
  }

  /** Log-ins holding a line now (checked or waiting): zero when none is under way. */
  get holders(): number {
    let n = 0;
    for (const line of this.lines.values()) n += line.holders;
    return n;
  }
}
