import type { QueryInterface } from 'sequelize';

/**
 * The creator area (issue "Creator area"): the files Kib stored (`media_files`: a key, what kind of
 * file it was made for, and whether its content was checked, so a draft may only name files that
 * were checked and made for the field they go in), the course a problem was written for (its topic
 * may belong to several), the problem table's order (newest change first), and the key the
 * creation tool gave each numeral, step and choice (`draft_key`: a file sent with a draft names the
 * item it belongs to by it; rows made before have none and are named by their id).
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `CREATE TABLE media_files (
  key varchar(80) PRIMARY KEY,
  kind varchar(8) NOT NULL CHECK (kind IN ('picture', 'video')),
  content_type varchar(40) NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  checked boolean NOT NULL DEFAULT false,
  created_by integer NULL REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  `CREATE INDEX media_files_unchecked_idx ON media_files (created_at) WHERE NOT checked`,
  `ALTER TABLE problems ADD COLUMN course_id integer NULL REFERENCES courses (id) ON DELETE SET NULL`,
  `CREATE INDEX problems_updated_at_id_idx ON problems (updated_at DESC, id DESC)`,
  `ALTER TABLE numerals ADD COLUMN draft_key varchar(12) NULL`,
  `ALTER TABLE steps ADD COLUMN draft_key varchar(12) NULL`,
  `ALTER TABLE multiple_choice_entries ADD COLUMN draft_key varchar(12) NULL`,
];

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of [
      `ALTER TABLE multiple_choice_entries DROP COLUMN IF EXISTS draft_key`,
      `ALTER TABLE steps DROP COLUMN IF EXISTS draft_key`,
      `ALTER TABLE numerals DROP COLUMN IF EXISTS draft_key`,
      `DROP INDEX IF EXISTS problems_updated_at_id_idx`,
      `ALTER TABLE problems DROP COLUMN IF EXISTS course_id`,
      `DROP TABLE IF EXISTS media_files`,
    ])
      await context.sequelize.query(sql, { transaction });
  });
}
