import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Sequelize } from 'sequelize';
import { AppError } from './errors';

/** A named allowance: `points` events per `durationSeconds`, per key. */
export interface LimitPolicy {
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * The allowances of the server. Counters live in PostgreSQL (table rate_limits), so every instance on
 * the same database shares them.
 */
export const LIMITS = {
  /**
   * Failed logins per account from one address: past them that address waits, even with the right
   * password; the owner elsewhere (the school, home, a phone) is not locked out by a stranger.
   */
  loginPerAccountAddress: { name: 'login-account-ip', points: 10, durationSeconds: 15 * 60 },
  /**
   * Failed logins per account from every address together: past them every log-in of the account
   * from an address it never logged in from waits {@link LOGIN_SLOWDOWN_MS}, one after the other in
   * one line (login-lanes.ts), so a guesser spread over many addresses gets few tries. The account is
   * never locked, and log-ins from the owner's usual addresses are not slowed down.
   */
  loginPerAccount: { name: 'login-account', points: 100, durationSeconds: 15 * 60 },
  /**
   * Not an allowance but a memory: the addresses an account logged in from in the last 30 days
   * ({@link Limiter.mark}). Their log-ins wait in their own line, never behind strangers' guesses.
   */
  loginKnownAddress: { name: 'login-known-ip', points: 1, durationSeconds: 30 * 24 * 3600 },
  loginPerAddress: { name: 'login-ip', points: 50, durationSeconds: 15 * 60 },
  resetPerAccount: { name: 'reset-account', points: 3, durationSeconds: 60 * 60 },
  resetPerAddress: { name: 'reset-ip', points: 10, durationSeconds: 60 * 60 },
  signupPerAddress: { name: 'signup-ip', points: 20, durationSeconds: 60 * 60 },
  tokenPerAddress: { name: 'token-ip', points: 30, durationSeconds: 15 * 60 },
  contactPerAddress: { name: 'contact-ip', points: 5, durationSeconds: 60 * 60 },
  /** Wrong classroom codes per account: codes are short, so guessing is slowed down. */
  classroomCodePerAccount: { name: 'classroom-code', points: 10, durationSeconds: 15 * 60 },
  /** Wrong teacher codes per account: a school's codes are short, so guessing is slowed down. */
  teacherCodePerAccount: { name: 'teacher-code', points: 10, durationSeconds: 15 * 60 },
  /** Wrong school codes per account: a school admin types a code once, a guesser many times. */
  schoolCodePerAccount: { name: 'school-code', points: 10, durationSeconds: 15 * 60 },
  /** Demo checks and hints per address: generous for a visitor, a bound for a script. */
  demoPerAddress: { name: 'demo-ip', points: 300, durationSeconds: 15 * 60 },
  /** LTI dynamic registrations per address: each one makes Kib call URLs the caller chose. */
  ltiRegistrationPerAddress: { name: 'lti-registration-ip', points: 10, durationSeconds: 60 * 60 },
  /**
   * Wrong activity codes per address (no account to count on): a class typing codes behind one school
   * address stays well below, a script guessing codes is stopped.
   */
  moduleCodePerAddress: { name: 'module-code-ip', points: 30, durationSeconds: 15 * 60 },
  /** Temporary students registered per address: a few classes an hour, not a flood of rows. */
  tempStudentPerAddress: { name: 'temp-student-ip', points: 200, durationSeconds: 60 * 60 },
  /**
   * Handwriting recognitions per solver (account or temporary student): each one is a paid call to
   * the recognition service; a class converting now and then stays far below.
   */
  handwritingPerSolver: { name: 'handwriting', points: 60, durationSeconds: 60 * 60 },
  /**
   * Large bodies (a bulk registration, a spreadsheet of students: up to 5.6 MB each) per account:
   * a teacher sends a few in an afternoon, a retry or two included; a script sending them back to
   * back is stopped before reading them costs the server its memory.
   */
  largeBodyPerAccount: { name: 'large-body', points: 10, durationSeconds: 10 * 60 },
  /** Phone-photo links opened per solver: a few per problem, not a flood of rows. */
  phonePhotoPerSolver: { name: 'phone-photo', points: 30, durationSeconds: 60 * 60 },
} satisfies Record<string, LimitPolicy>;

/**
 * How long each log-in of an account from an address it never logged in from waits once the
 * account's failures pass {@link LIMITS}.loginPerAccount. Those log-ins wait in one line per
 * account (login-lanes.ts), so this is also the time between two strangers' guesses at it.
 */
export const LOGIN_SLOWDOWN_MS = 3_000;

/**
 * The limiter's SQL client, running its queries through Sequelize's pool as unnamed statements. The
 * library names its prepared statements; on the embedded database every connection shares one
 * PGlite session, where a name prepared by one connection collides with the next connection's.
 */
function unnamedStatements(sequelize: Sequelize) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const [rows, meta] = await sequelize.query(q.text, { bind: q.values ?? [] });
      const rowCount = (meta as { rowCount?: number } | undefined)?.rowCount;
      return { rows: rows as unknown[], rowCount: rowCount ?? (rows as unknown[]).length };
    },
  };
}

/** One counter family of a policy. */
export class Limiter {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    sequelize: Sequelize,
    readonly policy: LimitPolicy,
  ) {
    this.limiter = new RateLimiterPostgres({
      storeClient: unnamedStatements(sequelize),
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: policy.name,
      points: policy.points,
      duration: policy.durationSeconds,
    });
  }

  /** Throws 429 (with Retry-After) when the key has no points left, without spending one. */
  async check(key: string): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.consumedPoints >= this.policy.points)
      throw AppError.tooManyRequests(res.msBeforeNext / 1000);
  }

  /** Has the key spent its allowance (without spending a point)? */
  async exhausted(key: string): Promise<boolean> {
    const res = await this.limiter.get(key);
    return Boolean(res && res.consumedPoints >= this.policy.points);
  }

  /** Spends one point; throws 429 when that goes over the allowance. */
  async hit(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw AppError.tooManyRequests(err.msBeforeNext / 1000);
      throw err;
    }
  }

  /** Spends one point; returns false instead of throwing when over the allowance. */
  async tryHit(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(key);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  /** Spends the whole allowance of the key at once, for a fresh window: remembers it that long. */
  async mark(key: string): Promise<void> {
    await this.limiter.set(key, this.policy.points, this.policy.durationSeconds);
  }

  /** Was the key marked ({@link mark}) within its window? */
  marked(key: string): Promise<boolean> {
    return this.exhausted(key);
  }

  /** Forgets the key (after a successful login). */
  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** One Limiter per policy of LIMITS. */
export type Limiters = { [K in keyof typeof LIMITS]: Limiter };

/** Builds the limiters of LIMITS on a database. */
export function createLimiters(sequelize: Sequelize): Limiters {
  return Object.fromEntries(
    Object.entries(LIMITS).map(([k, policy]) => [k, new Limiter(sequelize, policy)]),
  ) as Limiters;
}
