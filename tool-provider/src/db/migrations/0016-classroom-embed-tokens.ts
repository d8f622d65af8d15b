import type { QueryInterface } from 'sequelize';

/**
 * Classroom embed tokens: read-only keys a teacher makes so a page outside Kib (a school's
 * intranet) shows one classroom's dashboards. Only the SHA-256 of the secret is kept; a token ends
 * at `expires_at` or when revoked, and goes with its classroom.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `CREATE TABLE classroom_embed_tokens (
  id serial PRIMARY KEY,
  classroom_id integer NOT NULL REFERENCES classrooms (id) ON DELETE CASCADE,
  created_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  label varchar(100) NOT NULL CHECK (btrim(label) <> ''),
  secret_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz NULL,
  revoked_at timestamptz NULL,
  CONSTRAINT classroom_embed_tokens_expiry_check CHECK (expires_at > created_at)
)`,
  `CREATE INDEX classroom_embed_tokens_classroom_id_idx ON classroom_embed_tokens (classroom_id)`,
  `CREATE INDEX classroom_embed_tokens_created_by_idx ON classroom_embed_tokens (created_by)`,
];

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`DROP TABLE IF EXISTS classroom_embed_tokens`);
}
