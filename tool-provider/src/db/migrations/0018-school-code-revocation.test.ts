// @module-tag embedded: a migration runs on both databases
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { createMigrator } from '../migrator';
import { MIGRATIONS } from './index';

const NAME = '0018-school-code-revocation';
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

/** The revocation column of subscriptions and the index of their creation dates, as present. */
async function schema(): Promise<{ column: string | null; index: boolean }> {
  const [column] = await query<{ type: string; nullable: string }>(
    `SELECT data_type AS type, is_nullable AS nullable FROM information_schema.columns
     WHERE table_name = 'subscriptions' AND column_name = 'revoked_at'`,
  );
  const index = await query(`SELECT 1 FROM pg_indexes WHERE indexname = 'subscriptions_created_at_idx'`);
  return { column: column ? `${column.type} ${column.nullable}` : null, index: index.length === 1 };
}

describe(`migration ${NAME}`, () => {
  it('adds a nullable revocation date that leaves existing codes unrevoked, and goes back down', async () => {
    await db.sequelize.query(
      `INSERT INTO subscriptions (institution_name, number_of_students, code, code_valid_until, plan_valid_until)
       VALUES ('Colegio Antiguo', 30, 'ANTIGUO', now() + interval '1 day', now() + interval '1 year')`,
    );
    expect(await schema()).toEqual({ column: null, index: false });

    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await schema()).toEqual({ column: 'timestamp with time zone YES', index: true });
    expect(await query(`SELECT code, revoked_at AS "revokedAt" FROM subscriptions`)).toEqual([
      { code: 'ANTIGUO', revokedAt: null },
    ]);

    await createMigrator(db.sequelize).down({ to: NAME });
    expect(await schema()).toEqual({ column: null, index: false });
    expect(await query(`SELECT code FROM subscriptions`)).toEqual([{ code: 'ANTIGUO' }]);
    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await schema()).toEqual({ column: 'timestamp with time zone YES', index: true });
  });
});
