import type { QueryInterface } from 'sequelize';

/**
 * LTI Platform Storage for the OIDC login: a state may record the platform's storage frame and the
 * SHA-256 of the secret the login page put there, and a launch of such a state waits in
 * `lti13_storage_checks` (its user and page, the secret's hash) until the browser shows the secret.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `ALTER TABLE lti13_states
  ADD COLUMN storage_target varchar(64) NULL,
  ADD COLUMN secret_hash varchar(64) NULL,
  ADD CONSTRAINT lti13_states_storage_check CHECK ((storage_target IS NULL) = (secret_hash IS NULL))`,
  `CREATE TABLE lti13_storage_checks (
  id_hash varchar(64) PRIMARY KEY,
  secret_hash varchar(64) NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  payload jsonb NOT NULL,
  expires_at timestamptz NOT NULL
)`,
  `CREATE INDEX lti13_storage_checks_expires_at_idx ON lti13_storage_checks (expires_at)`,
];

/** Drops what `up` added. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`
    DROP TABLE IF EXISTS lti13_storage_checks;
    ALTER TABLE lti13_states
      DROP CONSTRAINT IF EXISTS lti13_states_storage_check,
      DROP COLUMN IF EXISTS secret_hash,
      DROP COLUMN IF EXISTS storage_target;
  `);
}
