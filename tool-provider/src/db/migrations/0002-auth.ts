import type { QueryInterface } from 'sequelize';

/**
 * Authentication and shared-state tables: refresh tokens (hashed, in rotation families), single-use
 * account tokens (activation, password reset), rate-limit counters (the rate-limiter-flexible layout)
 * and process-wide settings. Everything several instances must share lives here, not in memory.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`
    CREATE TABLE refresh_tokens (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      family_id uuid NOT NULL,
      token_hash char(64) NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz NULL,
      revoked_at timestamptz NULL,
      user_agent varchar(300) NULL
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
    CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
    CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens (expires_at);

    CREATE TABLE account_tokens (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose varchar(20) NOT NULL CHECK (purpose IN ('activation', 'password-reset')),
      token_hash char(64) NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz NULL
    );
    CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);

    CREATE TABLE rate_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    );

    CREATE TABLE app_settings (
      key varchar(100) PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}

/** Drops the tables of `up`. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`
    DROP TABLE IF EXISTS app_settings;
    DROP TABLE IF EXISTS rate_limits;
    DROP TABLE IF EXISTS account_tokens;
    DROP TABLE IF EXISTS refresh_tokens;
  `);
}
