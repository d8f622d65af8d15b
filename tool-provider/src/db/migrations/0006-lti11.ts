import type { QueryInterface } from 'sequelize';

/**
 * LTI 1.1: the registered consumers (key, secret with a rotation grace period, the origins allowed
 * to frame Kib), single-use OAuth nonces, the link between a platform's user and a Kib user, the
 * one-time launch codes that hand a session to a browser without cookies, the modules a launch
 * opened for a user, the Content-Item selections in progress, and the Basic Outcomes outbox.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `CREATE TABLE lti11_consumers (
  id serial PRIMARY KEY,
  consumer_key varchar(255) NOT NULL UNIQUE CHECK (btrim(consumer_key) <> ''),
  secret text NOT NULL CHECK (char_length(secret) >= 8),
  previous_secret text NULL,
  previous_secret_until timestamptz NULL,
  name varchar(200) NOT NULL DEFAULT '',
  allowed_origins text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  // The UNIQUE index is what makes a nonce single-use, across every instance on the database.
  `CREATE TABLE lti_nonces (
  consumer_key varchar(255) NOT NULL,
  nonce varchar(255) NOT NULL,
  expires_at timestamptz NOT NULL,
  CONSTRAINT lti_nonces_consumer_key_nonce_key UNIQUE (consumer_key, nonce)
)`,
  `CREATE INDEX lti_nonces_expires_at_idx ON lti_nonces (expires_at)`,
  `CREATE TABLE lti_identities (
  id serial PRIMARY KEY,
  kind varchar(3) NOT NULL CHECK (kind IN ('1.1', '1.3')),
  platform varchar(500) NOT NULL,
  subject varchar(255) NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lti_identities_kind_platform_subject_key UNIQUE (kind, platform, subject)
)`,
  `CREATE INDEX lti_identities_user_id_idx ON lti_identities (user_id)`,
  `CREATE TABLE lti_launch_codes (
  id bigserial PRIMARY KEY,
  code_hash char(64) NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  payload jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz NULL
)`,
  `CREATE INDEX lti_launch_codes_expires_at_idx ON lti_launch_codes (expires_at)`,
  `CREATE TABLE lti_module_access (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  last_launch_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, module_id)
)`,
  `CREATE INDEX lti_module_access_module_id_idx ON lti_module_access (module_id)`,
  `CREATE TABLE content_item_sessions (
  id varchar(64) PRIMARY KEY,
  consumer_key varchar(255) NOT NULL REFERENCES lti11_consumers (consumer_key) ON DELETE CASCADE ON UPDATE CASCADE,
  return_url text NOT NULL,
  data text NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  `CREATE INDEX content_item_sessions_expires_at_idx ON content_item_sessions (expires_at)`,
  // One row per result the platform gave us (consumer, sourcedid); version counts score changes so a
  // send that raced a newer score leaves the row pending.
  `CREATE TABLE lti11_outcomes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  consumer_key varchar(255) NOT NULL REFERENCES lti11_consumers (consumer_key) ON DELETE CASCADE ON UPDATE CASCADE,
  service_url text NOT NULL,
  sourcedid text NOT NULL,
  score double precision NULL CHECK (score IS NULL OR (score >= 0 AND score <= 1)),
  version integer NOT NULL DEFAULT 0,
  last_score double precision NULL,
  last_sent_at timestamptz NULL,
  pending boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NULL,
  last_error text NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lti11_outcomes_consumer_key_sourcedid_key UNIQUE (consumer_key, sourcedid)
)`,
  `CREATE INDEX lti11_outcomes_user_id_module_id_idx ON lti11_outcomes (user_id, module_id)`,
  `CREATE INDEX lti11_outcomes_pending_idx ON lti11_outcomes (next_attempt_at) WHERE pending`,
];

/** Drops the tables of `up`, dependants first. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`
    DROP TABLE IF EXISTS lti11_outcomes;
    DROP TABLE IF EXISTS content_item_sessions;
    DROP TABLE IF EXISTS lti_module_access;
    DROP TABLE IF EXISTS lti_launch_codes;
    DROP TABLE IF EXISTS lti_identities;
    DROP TABLE IF EXISTS lti_nonces;
    DROP TABLE IF EXISTS lti11_consumers;
  `);
}
