// @module-tag embedded: a migration runs on both databases
import { MATH_TYPES, type MathType, type Numeral, type Step } from '@kib/core';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemRepository } from '../../problems/problem.repository';
import { DEV_CONTENT, type SeedMathContent } from '../../seed/dev-content';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { createMigrator } from '../migrator';
import { initModels } from '../models';
import { MATH_TYPE_TABLES } from './0001-domain-model';
import { REPLACED_RECORD_TABLES } from './0013-math-type-data-jsonb';
import { MIGRATIONS } from './index';

const NAME = '0013-math-type-data-jsonb';
const BEFORE = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === NAME) - 1]!.name;

type RecordType = keyof typeof MATH_TYPE_TABLES;
const RECORD_TYPES = MATH_TYPES.filter((t): t is RecordType => t !== 'multipleChoice');

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ content: 'empty' });
  await createMigrator(db.sequelize).up({ to: BEFORE });
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

const query = <T extends object>(sql: string, bind: unknown[] = []) =>
  db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** The first record of each math type in the development content: real, valid data of every kind. */
function contentRecords(): Map<RecordType, Record<string, unknown>> {
  const found = new Map<RecordType, Record<string, unknown>>();
  const items: SeedMathContent[] = DEV_CONTENT.problems.flatMap((p) =>
    p.numerals.flatMap((n) => [n, ...(n.steps ?? [])]),
  );
  for (const item of items) {
    if (item.mathType !== 'multipleChoice' && !found.has(item.mathType)) found.set(item.mathType, item.data);
  }
  return found;
}

/** Inserts `data` into the old record table of `mathType`, its fields as the table's columns. */
async function insertRecord(
  mathType: RecordType,
  owner: { numeralId?: number; stepId?: number },
  data: object,
) {
  const table = MATH_TYPE_TABLES[mathType];
  const row = Object.fromEntries(Object.entries(data).map(([k, v]) => [snake(k), v]));
  const columns = Object.keys(row)
    .map((c) => `"${c}"`)
    .join(', ');
  await query(
    `INSERT INTO ${table} (numeral_id, step_id, ${columns})
     SELECT $2, $3, ${columns} FROM jsonb_populate_record(NULL::${table}, $1::jsonb) RETURNING id`,
    [JSON.stringify(row), owner.numeralId ?? null, owner.stepId ?? null],
  );
}

/** Every row of the old record tables, without id and timestamps, keyed by table. */
async function oldTables(): Promise<Record<string, Record<string, unknown>[]>> {
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const table of REPLACED_RECORD_TABLES) {
    const rows = await query<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY numeral_id, step_id`);
    tables[table] = rows.map(({ id: _id, created_at: _c, updated_at: _u, ...rest }) => rest);
  }
  return tables;
}

/** The record a row of an old table held, under the core field names. */
function asRecord(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => column !== 'numeral_id' && column !== 'step_id')
      .map(([column, value]) => [camel(column), value]),
  );
}

const publicTables = async () =>
  (await query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).map(
    (r) => r.tablename,
  );

describe(`migration ${NAME}`, () => {
  it('moves every record into its numeral or step, read back by the repository as the old tables held it, and goes back down', async () => {
    const records = contentRecords();
    expect([...records.keys()].sort()).toEqual([...RECORD_TYPES].sort());
    const [author] = await query<{ id: number }>(
      `INSERT INTO users (email) VALUES ('author@migration.kib.invalid') RETURNING id`,
    );
    const [problem] = await query<{ id: number }>(
      `INSERT INTO problems (title, author_id) VALUES ('Every math type', $1) RETURNING id`,
      [author!.id],
    );
    const numeral = async (number: number, mathType: MathType) =>
      (
        await query<{ id: number }>(
          `INSERT INTO numerals (problem_id, number, math_type) VALUES ($1, $2, $3) RETURNING id`,
          [problem!.id, number, mathType],
        )
      )[0]!.id;
    const step = async (numeralId: number, mathType: MathType) =>
      (
        await query<{ id: number }>(
          `INSERT INTO steps (numeral_id, number, math_type) VALUES ($1, 0, $2) RETURNING id`,
          [numeralId, mathType],
        )
      )[0]!.id;
    const choices = async (owner: { numeralId?: number; stepId?: number }, texts: string[]) => {
      for (const [position, text] of texts.entries()) {
        await query(
          `INSERT INTO multiple_choice_entries (numeral_id, step_id, position, text, correct)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [owner.numeralId ?? null, owner.stepId ?? null, position, text, position === 0],
        );
      }
    };

    // Each record type on a numeral, and on a step of another numeral's type, so an owner mix-up shows.
    for (const [i, mathType] of RECORD_TYPES.entries()) {
      const n = await numeral(i, mathType);
      await insertRecord(mathType, { numeralId: n }, records.get(mathType)!);
      const stepType = RECORD_TYPES[(i + 1) % RECORD_TYPES.length]!;
      await insertRecord(stepType, { stepId: await step(n, stepType) }, records.get(stepType)!);
    }
    const multipleChoice = await numeral(20, 'multipleChoice');
    await choices({ numeralId: multipleChoice }, ['$3$', '$4$']);
    await choices({ stepId: await step(multipleChoice, 'multipleChoice') }, ['$a$', '$b$', '$c$']);
    const unfilled = await numeral(21, 'solve');
    // A record in another type's table than its numeral's: never read, so not carried over.
    const stale = await numeral(22, 'plotFunction');
    await insertRecord('plotFunction', { numeralId: stale }, { function: 'x^2' });
    await insertRecord('plotLinearEquation', { numeralId: stale }, { m: '1', b: '0' });
    const before = await oldTables();
    const entriesBefore = await query(`SELECT * FROM multiple_choice_entries ORDER BY id`);

    await createMigrator(db.sequelize).up({ to: NAME });
    expect((await publicTables()).filter((t) => REPLACED_RECORD_TABLES.includes(t))).toEqual([]);

    /** What the old tables held for an owner of `mathType`: the row of that type's table, or none. */
    const held = (mathType: MathType, owner: 'numeral_id' | 'step_id', id: number) => {
      if (mathType === 'multipleChoice') return undefined;
      const row = before[MATH_TYPE_TABLES[mathType]]!.find((r) => r[owner] === id);
      return row ? asRecord(row) : null;
    };
    const read = await new ProblemRepository(initModels(db.sequelize)).findById(problem!.id);
    const items: { item: Numeral | Step; owner: 'numeral_id' | 'step_id' }[] = read!.numerals.flatMap((n) => [
      { item: n, owner: 'numeral_id' as const },
      ...n.steps.map((s) => ({ item: s, owner: 'step_id' as const })),
    ]);
    expect(items).toHaveLength(2 * RECORD_TYPES.length + 4);
    for (const { item, owner } of items) {
      if (item.mathType === 'multipleChoice') continue;
      expect({ owner, id: item.id, data: item.data }).toEqual({
        owner,
        id: item.id,
        data: held(item.mathType, owner, item.id),
      });
    }
    const byId = new Map(read!.numerals.map((n) => [n.id, n]));
    expect(byId.get(unfilled)).toMatchObject({ mathType: 'solve', data: null });
    expect(byId.get(stale)).toMatchObject({ mathType: 'plotFunction', data: { function: 'x^2' } });
    const choiceNumeral = byId.get(multipleChoice)!;
    expect(choiceNumeral.mathType === 'multipleChoice' && choiceNumeral.choices.map((c) => c.text)).toEqual([
      '$3$',
      '$4$',
    ]);
    expect(await query(`SELECT * FROM multiple_choice_entries ORDER BY id`)).toEqual(entriesBefore);
    expect(
      await query(`SELECT id FROM numerals WHERE math_type = 'multipleChoice' AND data IS NOT NULL`),
    ).toEqual([]);

    // Down: the same tables and rows as before, but the record that was never read.
    await createMigrator(db.sequelize).down({ to: NAME });
    const staleTable = MATH_TYPE_TABLES.plotLinearEquation;
    expect(await oldTables()).toEqual({
      ...before,
      [staleTable]: before[staleTable]!.filter((r) => r.numeral_id !== stale),
    });
    expect(
      await query(
        `SELECT attrelid::regclass::text AS owner FROM pg_attribute
         WHERE attrelid IN ('numerals'::regclass, 'steps'::regclass) AND attname = 'data' AND NOT attisdropped`,
      ),
    ).toEqual([]);

    // And up again, as a database that went down and up would.
    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await new ProblemRepository(initModels(db.sequelize)).findById(problem!.id)).toEqual(read);
  });
});
