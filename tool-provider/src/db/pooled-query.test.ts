// @module-tag embedded: the embedded database has one session, which pooled statements share
import { DatabaseError, type Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { connect } from './database';
import { pooledQuery } from './pooled-query';

let db: TestDatabase;
/** Two instances of one connection each on the test database: two processes, or a reconnect. */
let first: Sequelize;
let second: Sequelize;

beforeAll(async () => {
  db = await createTestDatabase({ content: 'empty' });
  first = connect(db.url, 'pglite');
  second = connect(db.url, 'pglite');
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await db?.drop();
});

/** The statements the connection of `sequelize` has prepared, by the name a caller gave them. */
async function prepared(sequelize: Sequelize): Promise<string[]> {
  const rows = await pooledQuery<{ name: string }>(
    sequelize,
    'SELECT name FROM pg_prepared_statements ORDER BY name',
    [],
  );
  return rows.map((r) => r.name.replace(/^[0-9a-f]{12}-/, ''));
}

describe('pooledQuery', () => {
  it('prepares a named statement once per connection and runs it again with other values', async () => {
    const text = 'SELECT $1::int + $2::int AS sum';
    expect(await pooledQuery(first, text, [1, 2], 'add')).toEqual([{ sum: 3 }]);
    expect(await pooledQuery(first, text, [40, 2], 'add')).toEqual([{ sum: 42 }]);
    expect((await prepared(first)).filter((n) => n === 'add')).toHaveLength(1);
  });

  it('keeps the names of two connections apart, even where they share a session', async () => {
    // On the embedded database both instances reach one session (ADR 1); on PostgreSQL two.
    await pooledQuery(first, 'SELECT $1::text AS v', ['a'], 'same-name');
    expect(await pooledQuery(second, 'SELECT $1::int * 2 AS v', [21], 'same-name')).toEqual([{ v: 42 }]);
    expect(await pooledQuery(first, 'SELECT $1::text AS v', ['b'], 'same-name')).toEqual([{ v: 'b' }]);
  });

  it('runs an unnamed statement without preparing it', async () => {
    const before = await prepared(first);
    expect(await pooledQuery(first, 'SELECT $1::int AS n', [7])).toEqual([{ n: 7 }]);
    expect(await prepared(first)).toEqual(before);
  });

  it('throws a statement error as a DatabaseError and keeps the connection usable', async () => {
    await expect(pooledQuery(first, 'SELECT 1 / $1::int AS n', [0], 'divide')).rejects.toBeInstanceOf(
      DatabaseError,
    );
    expect(await pooledQuery(first, 'SELECT 1 / $1::int AS n', [1], 'divide')).toEqual([{ n: 1 }]);
  });

  it("keeps the embedded database's one connection while idle, so no statements are left behind", async () => {
    // The pool's clock: its sweep of idle connections (a timer, every second) and their idle time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const brief = connect(db.url, 'pglite', undefined, 100);
    try {
      const manager = brief.connectionManager as unknown as {
        getConnection(o: object): Promise<object>;
        releaseConnection(c: object): void;
      };
      await pooledQuery(brief, 'SELECT 1 AS one', [], 'one');
      const before = await manager.getConnection({});
      manager.releaseConnection(before);
      // Past the idle time and the pool's next sweep (every second).
      await vi.advanceTimersByTimeAsync(1_500);
      const after = await manager.getConnection({});
      manager.releaseConnection(after);
      expect(after).toBe(before);
    } finally {
      vi.useRealTimers();
      await brief.close();
    }
  });
});
