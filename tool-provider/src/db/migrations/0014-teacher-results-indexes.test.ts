// @module-tag embedded: a migration runs on both databases
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { createMigrator } from '../migrator';
import { MIGRATIONS } from './index';

const NAME = '0014-teacher-results-indexes';
const BEFORE = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === NAME) - 1]!.name;

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ content: 'empty' });
  await createMigrator(db.sequelize).up({ to: BEFORE });
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

const query = <T extends object>(sql: string) => db.sequelize.query<T>(sql, { type: QueryTypes.SELECT });

/** The definitions of the log's chart index and of the completed stats' index (null when absent). */
async function indexes(): Promise<{ chart: string | null; completed: string | null }> {
  const rows = await query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE indexname IN ('attempts_user_id_created_at_idx', 'stats_completed_user_id_numeral_id_idx')`,
  );
  const def = (name: string) => rows.find((r) => r.name === name)?.def ?? null;
  return {
    chart: def('attempts_user_id_created_at_idx'),
    completed: def('stats_completed_user_id_numeral_id_idx'),
  };
}

/** The plan of `sql`, with sequential and bitmap scans ruled out. */
async function plan(sql: string): Promise<string> {
  return db.sequelize.transaction(async (transaction) => {
    await db.sequelize.query(`SET LOCAL enable_seqscan = off`, { transaction });
    await db.sequelize.query(`SET LOCAL enable_bitmapscan = off`, { transaction });
    const rows = await db.sequelize.query<Record<string, string>>(`EXPLAIN ${sql}`, {
      type: QueryTypes.SELECT,
      transaction,
    });
    return rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

/** A weekly chart's read of one student's answers. */
const CHART = `SELECT user_id, numeral_id, created_at FROM attempts
  WHERE user_id = 7 AND created_at >= now() - interval '8 weeks' AND NOT deadline_passed`;
/** The module list's read of one student's completed numerals. */
const COMPLETED = `SELECT user_id, numeral_id FROM stats WHERE user_id = 7 AND completed`;

describe(`migration ${NAME}`, () => {
  it('lets the weekly charts and the module list read indexes alone, and goes back down', async () => {
    const before = await indexes();
    expect(before).toEqual({
      chart: expect.stringMatching(/\(user_id, created_at\)$/) as string,
      completed: null,
    });
    expect(await plan(CHART)).not.toContain('Index Only Scan');
    expect(await plan(COMPLETED)).not.toContain('Index Only Scan');

    await createMigrator(db.sequelize).up({ to: NAME });
    const after = await indexes();
    expect(after.chart).toMatch(/\(user_id, created_at\) INCLUDE \(numeral_id, deadline_passed\)$/);
    expect(after.completed).toMatch(/\(user_id, numeral_id\) WHERE completed$/);
    expect(await plan(CHART)).toContain('Index Only Scan using attempts_user_id_created_at_idx');
    expect(await plan(COMPLETED)).toContain('Index Only Scan using stats_completed_user_id_numeral_id_idx');

    await createMigrator(db.sequelize).down({ to: NAME });
    expect(await indexes()).toEqual(before);
    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await indexes()).toEqual(after);
  });
});
