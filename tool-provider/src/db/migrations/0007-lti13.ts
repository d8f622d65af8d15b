import type { QueryInterface } from 'sequelize';

/**
 * LTI 1.3: the registered platforms (issuer and client id, their endpoints, the origins allowed to
 * frame Kib), their deployments, the OIDC login states (kept in the database so the login and the
 * launch may reach different instances), the id_token nonces already used, Kib's own signing keys,
 * the deep-linking selections in progress and the Assignment and Grade Services score outbox.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `CREATE TABLE lti13_platforms (
  id serial PRIMARY KEY,
  issuer varchar(500) NOT NULL CHECK (btrim(issuer) <> ''),
  client_id varchar(255) NOT NULL CHECK (btrim(client_id) <> ''),
  name varchar(200) NOT NULL DEFAULT '',
  auth_login_url text NOT NULL,
  auth_token_url text NOT NULL,
  jwks_url text NOT NULL,
  allowed_origins text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lti13_platforms_issuer_client_id_key UNIQUE (issuer, client_id)
)`,
  `CREATE TABLE lti13_deployments (
  id serial PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES lti13_platforms (id) ON DELETE CASCADE,
  deployment_id varchar(255) NOT NULL CHECK (btrim(deployment_id) <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lti13_deployments_platform_id_deployment_id_key UNIQUE (platform_id, deployment_id)
)`,
  `CREATE TABLE lti13_states (
  state varchar(64) PRIMARY KEY,
  nonce varchar(64) NOT NULL,
  platform_id integer NOT NULL REFERENCES lti13_platforms (id) ON DELETE CASCADE,
  target_link_uri text NOT NULL,
  expires_at timestamptz NOT NULL
)`,
  `CREATE INDEX lti13_states_expires_at_idx ON lti13_states (expires_at)`,
  // The UNIQUE index makes an id_token single-use across every instance, until its exp plus leeway.
  `CREATE TABLE lti13_used_nonces (
  platform_id integer NOT NULL REFERENCES lti13_platforms (id) ON DELETE CASCADE,
  nonce varchar(255) NOT NULL,
  expires_at timestamptz NOT NULL,
  CONSTRAINT lti13_used_nonces_platform_id_nonce_key UNIQUE (platform_id, nonce)
)`,
  `CREATE INDEX lti13_used_nonces_expires_at_idx ON lti13_used_nonces (expires_at)`,
  // The private key is a JWK, or, with LTI_SECRETS_KEY, a sealed JSON string (lti/secret-box.ts).
  `CREATE TABLE tool_keys (
  kid varchar(64) PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  active boolean NOT NULL DEFAULT true,
  retired_at timestamptz NULL
)`,
  `CREATE TABLE lti13_deep_link_sessions (
  id varchar(64) PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES lti13_platforms (id) ON DELETE CASCADE,
  deployment_id varchar(255) NOT NULL,
  return_url text NOT NULL,
  data text NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  `CREATE INDEX lti13_deep_link_sessions_expires_at_idx ON lti13_deep_link_sessions (expires_at)`,
  `CREATE TABLE lti13_outcomes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  platform_id integer NOT NULL REFERENCES lti13_platforms (id) ON DELETE CASCADE,
  lineitem_url text NOT NULL,
  subject varchar(255) NOT NULL,
  score double precision NULL CHECK (score IS NULL OR (score >= 0 AND score <= 1)),
  version integer NOT NULL DEFAULT 0,
  last_score double precision NULL,
  last_sent_at timestamptz NULL,
  pending boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NULL,
  last_error text NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lti13_outcomes_platform_id_lineitem_url_subject_key UNIQUE (platform_id, lineitem_url, subject)
)`,
  `CREATE INDEX lti13_outcomes_user_id_module_id_idx ON lti13_outcomes (user_id, module_id)`,
  `CREATE INDEX lti13_outcomes_pending_idx ON lti13_outcomes (next_attempt_at) WHERE pending`,
];

/** Drops the tables of `up`, dependants first. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`
    DROP TABLE IF EXISTS lti13_outcomes;
    DROP TABLE IF EXISTS lti13_deep_link_sessions;
    DROP TABLE IF EXISTS tool_keys;
    DROP TABLE IF EXISTS lti13_used_nonces;
    DROP TABLE IF EXISTS lti13_states;
    DROP TABLE IF EXISTS lti13_deployments;
    DROP TABLE IF EXISTS lti13_platforms;
  `);
}
