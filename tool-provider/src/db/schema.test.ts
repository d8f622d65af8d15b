// @module-tag embedded: constraints and their error codes differ between PostgreSQL versions
import { GROUPS, MATH_TYPES } from '@kib/core';
import { QueryTypes, type Model, type ModelStatic } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { createMigrator, migrate } from './migrator';
import { DOMAIN_TABLES } from './migrations/0001-domain-model';
import { REPLACED_RECORD_TABLES } from './migrations/0013-math-type-data-jsonb';
import { initModels, type Models } from './models';

let db: TestDatabase;
let models: Models;

beforeAll(async () => {
  db = await createTestDatabase();
  models = initModels(db.sequelize);
});

afterAll(async () => {
  await db?.drop();
});

/** The SQLSTATE of the database error a promise rejects with ('none' when it resolves). */
async function sqlState(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'none';
  } catch (err) {
    const e = err as { parent?: { code?: string }; original?: { code?: string }; name?: string };
    return e.parent?.code ?? e.original?.code ?? `not a database error: ${e.name}`;
  }
}

const UNIQUE = '23505';
const CHECK = '23514';
/** ON DELETE RESTRICT: foreign_key_violation up to PostgreSQL 17, restrict_violation from 18 (PGlite). */
const RESTRICTED = ['23503', '23001'];
const TOO_LONG = '22001';

/** The column type describeTable reports for a model attribute's SQL type. */
function expectedColumnType(sqlType: string): string {
  return sqlType
    .replace(/^VARCHAR\((\d+)\)$/, 'CHARACTER VARYING($1)')
    .replace(/^CHAR\((\d+)\)$/, 'CHARACTER($1)')
    .replace(/^[A-Z ]+\[\]$/, 'ARRAY');
}

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

async function user(props: { email?: string } = {}) {
  return models.User.create({
    email: props.email ?? `${unique('u')}@test.kib`,
    passwordHash: null,
    lastLogin: null,
  });
}

async function problem(authorId: number) {
  return models.Problem.create({ title: unique('Problem '), authorId, topicId: null, subtopicId: null });
}

async function numeral(
  problemId: number,
  number = 0,
  mathType: 'simplify' | 'multipleChoice' | 'solve' = 'simplify',
) {
  return models.Numeral.create({ problemId, number, mathType });
}

/** A 6-character classroom code not used before in this file. */
const classroomCode = () => `C${String(++seq).padStart(5, '0')}`;

describe('models mirror the migrations', () => {
  it('every attribute of every model is a column of its table, with the same type and nullability, and vice versa', async () => {
    const qi = db.sequelize.getQueryInterface();
    const drift: string[] = [];
    for (const [name, model] of Object.entries(models) as [string, ModelStatic<Model>][]) {
      const table = model.getTableName() as string;
      const columns = await qi.describeTable(table);
      const fields = new Set<string>();
      for (const [attribute, def] of Object.entries(model.getAttributes())) {
        const field = def.field ?? attribute;
        fields.add(field);
        const column = columns[field];
        if (!column) {
          drift.push(`${name}.${attribute}: no column ${table}.${field}`);
          continue;
        }
        const modelNullable = def.allowNull !== false && def.primaryKey !== true;
        if (modelNullable !== column.allowNull) {
          drift.push(
            `${name}.${attribute}: model ${modelNullable ? 'NULL' : 'NOT NULL'}, column ${column.allowNull ? 'NULL' : 'NOT NULL'}`,
          );
        }
        const type = expectedColumnType((def.type as unknown as { toSql(): string }).toSql());
        if (type !== column.type) drift.push(`${name}.${attribute}: model ${type}, column ${column.type}`);
        // A NOT NULL column the database fills by default must be optional in the model too, or
        // Sequelize's notNull validation refuses a create that leaves it out.
        const filledByDatabase =
          !column.allowNull && column.defaultValue !== null && column.defaultValue !== undefined;
        const timestamp = ['createdAt', 'updatedAt', 'creationDate'].includes(attribute);
        if (filledByDatabase && def.defaultValue === undefined && !def.autoIncrement && !timestamp) {
          drift.push(`${name}.${attribute}: the column has a default, the model none`);
        }
      }
      for (const column of Object.keys(columns)) {
        if (!fields.has(column)) drift.push(`${name}: column ${table}.${column} has no attribute`);
      }
    }
    expect(drift).toEqual([]);
  });

  it('every table of migration 0001 that 0013 kept has a model, except the seed ledger', () => {
    const modelled = new Set(
      Object.values(models).map((m: ModelStatic<Model>) => m.getTableName() as string),
    );
    expect(DOMAIN_TABLES.filter((t) => !modelled.has(t) && !REPLACED_RECORD_TABLES.includes(t))).toEqual([
      'kib_seeds',
    ]);
  });

  it('the groups table holds the GROUPS of @kib/core, in order', async () => {
    const rows = await models.Group.findAll({ order: [['id', 'ASC']] });
    expect(rows.map((g) => g.name)).toEqual([...GROUPS]);
  });

  it('numerals accept every math type of @kib/core and refuse any other', async () => {
    const author = await user();
    const p = await problem(author.id);
    for (const [i, mathType] of MATH_TYPES.entries()) {
      await models.Numeral.create({ problemId: p.id, number: i, mathType });
    }
    expect(
      await sqlState(
        db.sequelize.query(
          `INSERT INTO numerals (problem_id, number, math_type) VALUES (${p.id}, 99, 'guess')`,
        ),
      ),
    ).toBe(CHECK);
  });
});

describe('constraints', () => {
  it('a classroom name is unique per teacher, but another teacher may use it', async () => {
    const [a, b] = [await user(), await user()];
    await models.Classroom.create({ name: 'Grado 10A', code: classroomCode(), authorId: a.id });
    expect(
      await sqlState(models.Classroom.create({ name: 'Grado 10A', code: classroomCode(), authorId: a.id })),
    ).toBe(UNIQUE);
    expect(
      await sqlState(models.Classroom.create({ name: 'Grado 10A', code: classroomCode(), authorId: b.id })),
    ).toBe('none');
  });

  it('a classroom code has exactly 6 characters and is unique', async () => {
    const t = await user();
    // char(6) pads a short code, which the CHECK then refuses; a long one does not fit the type.
    expect(
      await sqlState(models.Classroom.create({ name: unique('c'), code: 'ABCDE', authorId: t.id })),
    ).toBe(CHECK);
    expect(
      await sqlState(models.Classroom.create({ name: unique('c'), code: 'ABCDEFG', authorId: t.id })),
    ).toBe(TOO_LONG);
    const code = classroomCode();
    await models.Classroom.create({ name: unique('c'), code, authorId: t.id });
    expect(
      await sqlState(models.Classroom.create({ name: unique('c'), code, authorId: (await user()).id })),
    ).toBe(UNIQUE);
  });

  it('a module name is unique per author', async () => {
    const [a, b] = [await user(), await user()];
    await models.Module.create({ name: 'Trigonometría', authorId: a.id });
    expect(await sqlState(models.Module.create({ name: 'Trigonometría', authorId: a.id }))).toBe(UNIQUE);
    expect(await sqlState(models.Module.create({ name: 'Trigonometría', authorId: b.id }))).toBe('none');
  });

  it('a user has one stat per numeral', async () => {
    const u = await user();
    const n = await numeral((await problem(u.id)).id);
    await models.Stat.create({ userId: u.id, tempStudentId: null, numeralId: n.id });
    expect(await sqlState(models.Stat.create({ userId: u.id, tempStudentId: null, numeralId: n.id }))).toBe(
      UNIQUE,
    );
  });

  it('a stat belongs to exactly one of a user and a temporary student', async () => {
    const u = await user();
    const n = await numeral((await problem(u.id)).id);
    const m = await models.Module.create({ name: unique('m'), authorId: u.id });
    const temp = await models.TempStudent.create({ moduleId: m.id, firstName: 'Ana' });
    expect(
      await sqlState(models.Stat.create({ userId: u.id, tempStudentId: temp.id, numeralId: n.id })),
    ).toBe(CHECK);
    expect(await sqlState(models.Stat.create({ userId: null, tempStudentId: null, numeralId: n.id }))).toBe(
      CHECK,
    );
    expect(
      await sqlState(models.Stat.create({ userId: null, tempStudentId: temp.id, numeralId: n.id })),
    ).toBe('none');
    expect(
      await sqlState(models.Stat.create({ userId: null, tempStudentId: temp.id, numeralId: n.id })),
    ).toBe(UNIQUE);
  });

  it('a math-type record is a JSON object on its numeral or step, and a multipleChoice one has none', async () => {
    const u = await user();
    const n = await numeral((await problem(u.id)).id);
    const s = await models.Step.create({ numeralId: n.id, number: 0, mathType: 'simplify' });
    const choice = await numeral(n.problemId, 1, 'multipleChoice');
    for (const table of ['numerals', 'steps']) {
      const id = table === 'numerals' ? n.id : s.id;
      expect(
        await sqlState(db.sequelize.query(`UPDATE ${table} SET data = '["x+x"]' WHERE id = ${id}`)),
      ).toBe(CHECK);
      expect(
        await sqlState(db.sequelize.query(`UPDATE ${table} SET data = '{"target":"2x"}' WHERE id = ${id}`)),
      ).toBe('none');
    }
    expect(
      await sqlState(db.sequelize.query(`UPDATE numerals SET data = '{}' WHERE id = ${choice.id}`)),
    ).toBe(CHECK);
    // A numeral that changes to multipleChoice leaves its record behind in the same update.
    expect(
      await sqlState(
        db.sequelize.query(`UPDATE numerals SET math_type = 'multipleChoice' WHERE id = ${n.id}`),
      ),
    ).toBe(CHECK);
    expect(
      await sqlState(
        db.sequelize.query(
          `UPDATE numerals SET math_type = 'multipleChoice', data = NULL WHERE id = ${n.id}`,
        ),
      ),
    ).toBe('none');
  });

  it('a multiple-choice entry belongs to exactly one of a numeral and a step', async () => {
    const u = await user();
    const n = await numeral((await problem(u.id)).id, 0, 'multipleChoice');
    const s = await models.Step.create({ numeralId: n.id, number: 0, mathType: 'multipleChoice' });
    expect(
      await sqlState(
        models.MultipleChoiceEntry.create({ numeralId: n.id, stepId: s.id, position: 0, text: '1' }),
      ),
    ).toBe(CHECK);
    expect(
      await sqlState(
        models.MultipleChoiceEntry.create({ numeralId: null, stepId: null, position: 0, text: '1' }),
      ),
    ).toBe(CHECK);
  });

  it('deleting a problem deletes its numerals, steps (with their records), choices, review, stats and attempts', async () => {
    const author = await user();
    const student = await user();
    const p = await problem(author.id);
    const n1 = await numeral(p.id, 0, 'simplify');
    const n2 = await numeral(p.id, 1, 'multipleChoice');
    const s1 = await models.Step.create({ numeralId: n1.id, number: 0, mathType: 'solve' });
    await models.MultipleChoiceEntry.create({
      numeralId: n2.id,
      stepId: null,
      position: 0,
      text: '$1$',
      correct: true,
    });
    await models.ProblemReview.create({ problemId: p.id });
    await models.ProblemCoauthor.create({ problemId: p.id, userId: student.id });
    await models.Stat.create({ userId: student.id, tempStudentId: null, numeralId: n1.id, attempts: 1 });
    await models.Attempt.create({
      userId: student.id,
      tempStudentId: null,
      numeralId: n1.id,
      stepId: s1.id,
      correct: false,
      answer: [{ math: 'x', solNum: 0 }],
    });

    await p.destroy();

    const numeralIds = [n1.id, n2.id];
    expect(await models.Numeral.count({ where: { problemId: p.id } })).toBe(0);
    expect(await models.Step.count({ where: { numeralId: numeralIds } })).toBe(0);
    expect(await models.MultipleChoiceEntry.count({ where: { numeralId: numeralIds } })).toBe(0);
    expect(await models.ProblemReview.count({ where: { problemId: p.id } })).toBe(0);
    expect(await models.ProblemCoauthor.count({ where: { problemId: p.id } })).toBe(0);
    expect(await models.Stat.count({ where: { numeralId: numeralIds } })).toBe(0);
    expect(await models.Attempt.count({ where: { numeralId: numeralIds } })).toBe(0);
    expect(await models.User.count({ where: { id: [author.id, student.id] } })).toBe(2);
  });

  it('a problem used in a module, and a user who authored problems, cannot be deleted', async () => {
    const author = await user();
    const p = await problem(author.id);
    const m = await models.Module.create({ name: unique('m'), authorId: (await user()).id });
    await models.ModuleProblem.create({ moduleId: m.id, problemId: p.id, numeration: '1' });
    expect(RESTRICTED).toContain(await sqlState(p.destroy()));
    expect(RESTRICTED).toContain(await sqlState(author.destroy()));
  });

  it('deleting a topic keeps its problems, without a topic', async () => {
    const t = await models.Topic.create({ name: 'Trigonometry', nameSpanish: 'Trigonometría' });
    const st = await models.Subtopic.create({
      topicId: t.id,
      name: 'Identities',
      nameSpanish: 'Identidades',
    });
    const p = await models.Problem.create({
      title: unique('p'),
      authorId: (await user()).id,
      topicId: t.id,
      subtopicId: st.id,
    });
    await t.destroy();
    await p.reload();
    expect([p.topicId, p.subtopicId]).toEqual([null, null]);
  });

  it('e-mails are unique without regard to case', async () => {
    await user({ email: 'Maria@Test.kib' });
    expect(await sqlState(user({ email: 'maria@test.KIB' }))).toBe(UNIQUE);
  });
});

describe('migration down and up', () => {
  it('down drops every table and up rebuilds a working schema', async () => {
    await createMigrator(db.sequelize).down({ to: 0 });
    // (Not information_schema.tables: Sequelize rewrites the rows of that "show tables" query.)
    const left = await db.sequelize.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      { type: QueryTypes.SELECT },
    );
    expect(left.map((r) => r.tablename)).toEqual(['kib_migrations']);

    const applied = await migrate(db.sequelize, db.kind);
    expect(applied[0]).toBe('0001-domain-model');
    expect(await models.Group.count()).toBe(GROUPS.length);
    const u = await user();
    const c = await models.Classroom.create({ name: 'Again', code: classroomCode(), authorId: u.id });
    expect(c.levelId).toBe(4);
  });
});
