import { LRUCache } from 'lru-cache';
import type { Limiter } from '../http/rate-limit';

/** How long this process keeps an answer of the database. */
const REMEMBER_MS = 60_000;

/** Answers kept at most (a few MB). */
const REMEMBER_MAX = 50_000;

/**
 * The addresses each account logged in from in the last 30 days (LIMITS.loginKnownAddress, in
 * PostgreSQL, shared by every instance), keyed by account and address. This process keeps each
 * answer a minute and asks once for concurrent questions, so a flood of guesses from a thousand
 * addresses costs a thousand queries a minute, not one per guess, and a full line refuses them
 * without touching the database. A login on another instance is seen here within that minute.
 */
export class KnownAddresses {
  private readonly answers: LRUCache<string, boolean>;

  constructor(private readonly store: Limiter) {
    this.answers = new LRUCache<string, boolean>({
      max: REMEMBER_MAX,
      ttl: REMEMBER_MS,
      fetchMethod: (key) => this.store.marked(key),
    });
  }

  /** Did the account of `pairKey` log in from its address in the last 30 days? */
  async has(pairKey: string): Promise<boolean> {
    return (await this.answers.fetch(pairKey)) ?? false;
  }

  /** Remembers that the account of `pairKey` logged in from its address, for 30 days from now. */
  async add(pairKey: string): Promise<void> {
    await this.store.mark(pairKey);
    this.answers.set(pairKey, true);
  }
}
