import type { Numeral } from '@kib/core';
import { LRUCache } from 'lru-cache';
import type { Sequelize } from 'sequelize';
import { pooledQuery } from '../db/pooled-query';
import type { ProblemAccess, ProblemRepository } from '../problems/problem.repository';

/** A numeral as checking an answer needs it, with its problem's id and visibility. */
export interface NumeralWithProblem {
  numeral: Numeral;
  problem: ProblemAccess & { id: number };
}

/** A cached numeral and the content version it was read at. */
interface Entry {
  found: NumeralWithProblem;
  version: string;
}

/** How many numerals one process keeps: a school's whole catalogue, a few megabytes. */
const MAX_NUMERALS = 5_000;

/**
 * The numerals students answer, with their steps, math-type records, choices and their problem's
 * author, coauthors and publication, kept in memory: they change when a creator saves, and are read
 * by every answer. Each entry remembers the content version (migration 0029) it was read at; the
 * caller reads the current version with the answer's access check (the same statement) and passes
 * it to {@link fresh}, which reads the numeral again when it changed, so a save on any instance is
 * seen by the next answer everywhere.
 */
export class NumeralCache {
  private readonly entries = new LRUCache<number, Entry>({ max: MAX_NUMERALS });

  constructor(
    private readonly sequelize: Sequelize,
    private readonly problems: ProblemRepository,
  ) {}

  /** The numeral as last read (possibly stale: check it with {@link fresh}), or null when it does not exist. */
  async cached(numeralId: number): Promise<{ found: NumeralWithProblem; version: string } | null> {
    return this.entries.get(numeralId) ?? this.load(numeralId);
  }

  /** The numeral as of content version `version`: the cached one, or read again. */
  async fresh(numeralId: number, version: string): Promise<NumeralWithProblem | null> {
    const entry = this.entries.get(numeralId);
    if (entry && entry.version === version) return entry.found;
    return (await this.load(numeralId))?.found ?? null;
  }

  private async load(numeralId: number): Promise<Entry | null> {
    // The version is read first: a save committed meanwhile makes the entry newer than its version,
    // never older, so it is at worst read once more.
    const [row] = await pooledQuery<{ version: string }>(
      this.sequelize,
      'SELECT version::text AS version FROM content_version',
      [],
    );
    const found = await this.problems.findNumeral(numeralId);
    if (!found) {
      this.entries.delete(numeralId);
      return null;
    }
    const entry = { found, version: row?.version ?? '0' };
    this.entries.set(numeralId, entry);
    return entry;
  }
}
