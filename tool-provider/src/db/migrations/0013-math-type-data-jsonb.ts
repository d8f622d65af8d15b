import type { QueryInterface } from 'sequelize';

/*
 * The math-type record of a numeral or step moves from the 13 `math_type_*` tables into one
 * `data jsonb` column of its owner, `numerals.data` and `steps.data` (ADR 8): the core zod schema of
 * its math type is the one description of a record, checked whenever the server writes or reads it.
 * multipleChoice keeps its choices in `multiple_choice_entries` (their ids are what answers carry),
 * so its `data` stays NULL. NULL also means "not filled in yet", as a missing record did.
 *
 * `up` copies each record into its owner's `data` under the core field names and drops the tables.
 * Only a record in the table of its owner's math type is copied: the owner's math type chose the
 * table every read looked in, so a record left in another type's table was never read. `down`
 * rebuilds the tables as 0001 and 0003 left them and moves every `data` back.
 *
 * This file is a historical record: it names the old tables and columns literally below, the last
 * place they are described.
 */

/** A column of an old record table: the core field it holds, its SQL definition, how `down` reads it back. */
interface Column {
  key: string;
  column: string;
  definition: string;
  /** The column's value from `o.data` (o: the owner row). */
  read: string;
}

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A column named after its core field; `cast` turns the field's JSON text into the column's type. */
function column(key: string, definition: string, cast?: string, fallback?: string): Column {
  const value = cast === 'jsonb' ? `o.data->'${key}'` : `(o.data->>'${key}')${cast ? `::${cast}` : ''}`;
  return { key, column: snake(key), definition, read: fallback ? `COALESCE(${value}, ${fallback})` : value };
}

const text = (key: string) => column(key, `text NOT NULL DEFAULT ''`, undefined, `''`);
const nullableText = (key: string) => column(key, `text NULL`);
const symbol = (key: string, initial: string) =>
  column(key, `varchar(32) NOT NULL DEFAULT '${initial}'`, undefined, `'${initial}'`);
const flag = (key: string) => column(key, `boolean NOT NULL DEFAULT false`, 'boolean', 'false');
const list = (key: string) =>
  column(
    key,
    `jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(${snake(key)}) = 'array')`,
    'jsonb',
    `'[]'::jsonb`,
  );
const number = (key: string) => column(key, `double precision NOT NULL`, 'double precision');
const size = (key: string) => column(key, `integer NOT NULL CHECK (${snake(key)} > 0)`, 'integer');

/** The named forms of migration 0003. */
const SIMPLIFY_FORMS = [
  'factored',
  'expanded',
  'single_fraction',
  'lowest_terms',
  'rationalized_denominator',
  'partial_fractions',
  'completed_square',
];

/** A record math type with its old table and columns. */
interface RecordTable {
  mathType: string;
  table: string;
  columns: Column[];
}

/** Each record math type with its old table and columns (0001, and 0003's two simplify columns). */
const RECORDS: RecordTable[] = [
  {
    mathType: 'simplify',
    table: 'math_type_simplify',
    columns: [
      text('startingExpression'),
      text('target'),
      list('constant'),
      list('units'),
      list('definedSymbols'),
      list('functions'),
      list('complementaryEquations'),
      list('complementaryVariables'),
      flag('convertToDegrees'),
      flag('exactExpr'),
      nullableText('interval'),
      column(
        'form',
        `varchar(32) NULL CHECK (form IS NULL OR form IN (${SIMPLIFY_FORMS.map((f) => `'${f}'`).join(', ')}))`,
      ),
      column('formVariable', `varchar(32) NULL`),
    ],
  },
  {
    mathType: 'solve',
    table: 'math_type_solve',
    columns: [
      symbol('unknownVariable', 'x'),
      text('startingExpression'),
      nullableText('helpingExpression'),
      list('constant'),
      list('units'),
      list('definedSymbols'),
      list('functions'),
      list('definedSolutions'),
      flag('convertToDegrees'),
      nullableText('interval'),
    ],
  },
  {
    mathType: 'functions',
    table: 'math_type_functions',
    columns: [text('functionExpr'), nullableText('xValue'), nullableText('yValue'), flag('convertToDegrees')],
  },
  {
    mathType: 'equationOfALine',
    table: 'math_type_equation_of_a_line',
    columns: [
      text('x1'),
      text('y1'),
      text('x2'),
      text('y2'),
      symbol('xSymbol', 'x'),
      symbol('ySymbol', 'y'),
      symbol('mSymbol', 'm'),
      symbol('bSymbol', 'b'),
      flag('mGiven'),
      flag('bGiven'),
      flag('findM'),
      flag('findB'),
      flag('findEquation'),
    ],
  },
  { mathType: 'plotFunction', table: 'math_type_plot_function', columns: [text('function')] },
  {
    mathType: 'plotLinearEquation',
    table: 'math_type_plot_linear_equation',
    columns: [text('m'), text('b')],
  },
  {
    mathType: 'setPointCartesianPlane',
    table: 'math_type_set_point_cartesian_plane',
    columns: [number('x'), number('y')],
  },
  { mathType: 'setMultiPointPlane', table: 'math_type_set_multi_point_plane', columns: [text('pointsList')] },
  { mathType: 'intervals', table: 'math_type_intervals', columns: [list('intervals')] },
  { mathType: 'numberlinePoints', table: 'math_type_numberline_points', columns: [list('points')] },
  {
    mathType: 'findExpression',
    table: 'math_type_find_expression',
    columns: [
      symbol('unknownVariable', 'x'),
      text('targetExpression'),
      text('definingEquation'),
      list('constant'),
      flag('convertToDegrees'),
    ],
  },
  {
    mathType: 'tableSimple',
    table: 'math_type_table_simple',
    columns: [list('constant'), flag('interval'), size('numRows'), size('numColumns'), list('tableData')],
  },
  {
    mathType: 'primeDecomposition',
    table: 'math_type_prime_decomposition',
    columns: [
      list('numbers'),
      column(
        'decompType',
        `varchar(10) NOT NULL DEFAULT 'Decomp' CHECK (decomp_type IN ('Decomp', 'LCM', 'GCD'))`,
        undefined,
        `'Decomp'`,
      ),
    ],
  },
];

/** The 13 record tables this migration replaces by `numerals.data` and `steps.data`. */
export const REPLACED_RECORD_TABLES: readonly string[] = RECORDS.map((r) => r.table);

/** The owners of a record: the table and the foreign-key column the record tables had for it. */
const OWNERS = [
  { table: 'numerals', key: 'numeral_id' },
  { table: 'steps', key: 'step_id' },
] as const;

type Owner = (typeof OWNERS)[number];

/** Copies the records of `table` owned by `owner` rows of their math type into the owners' `data`. */
const moveIn = ({ mathType, table, columns }: RecordTable, owner: Owner) => `UPDATE ${owner.table} o
SET data = jsonb_build_object(${columns.map((c) => `'${c.key}', r."${c.column}"`).join(', ')})
FROM ${table} r
WHERE r.${owner.key} = o.id AND o.math_type = '${mathType}'`;

/** Copies the `data` of `owner` rows of `mathType` back into `table`. */
function moveBack({ mathType, table, columns }: RecordTable, owner: Owner): string {
  const names = columns.map((c) => `"${c.column}"`).join(', ');
  const ids = owner.key === 'numeral_id' ? 'o.id, NULL' : 'NULL, o.id';
  return `INSERT INTO ${table} (numeral_id, step_id, ${names}, created_at, updated_at)
SELECT ${ids}, ${columns.map((c) => c.read).join(', ')}, o.created_at, o.updated_at
FROM ${owner.table} o
WHERE o.math_type = '${mathType}' AND o.data IS NOT NULL
ORDER BY o.id`;
}

const UP: string[] = [
  ...OWNERS.map(
    ({ table }) => `ALTER TABLE ${table}
  ADD COLUMN data jsonb NULL,
  ADD CONSTRAINT ${table}_data_check
    CHECK (data IS NULL OR (jsonb_typeof(data) = 'object' AND math_type <> 'multipleChoice'))`,
  ),
  ...RECORDS.flatMap((record) => OWNERS.map((owner) => moveIn(record, owner))),
  ...RECORDS.map(({ table }) => `DROP TABLE ${table}`),
];

const DOWN: string[] = [
  ...RECORDS.map(
    ({ table, columns }) => `CREATE TABLE ${table} (
  id serial PRIMARY KEY,
  numeral_id integer NULL REFERENCES numerals (id) ON DELETE CASCADE,
  step_id integer NULL REFERENCES steps (id) ON DELETE CASCADE,
  ${columns.map((c) => `"${c.column}" ${c.definition}`).join(',\n  ')},
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ${table}_owner_check CHECK ((numeral_id IS NULL) <> (step_id IS NULL)),
  CONSTRAINT ${table}_numeral_id_key UNIQUE (numeral_id),
  CONSTRAINT ${table}_step_id_key UNIQUE (step_id)
)`,
  ),
  ...RECORDS.flatMap((record) => OWNERS.map((owner) => moveBack(record, owner))),
  ...OWNERS.map(({ table }) => `ALTER TABLE ${table} DROP CONSTRAINT ${table}_data_check, DROP COLUMN data`),
];

/** Moves every record into its owner's `data` and drops the 13 record tables, in one transaction. */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

/** Rebuilds the 13 record tables from `numerals.data` and `steps.data` and drops the columns, in one transaction. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of DOWN) await context.sequelize.query(sql, { transaction });
  });
}
