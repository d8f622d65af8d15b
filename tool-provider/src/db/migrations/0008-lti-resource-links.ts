import type { QueryInterface } from 'sequelize';

/**
 * The LMS places Kib was launched from: one row per resource link of a platform (its course, the
 * module its activity code opens (and that code), and for LTI 1.3 the Names and Role Provisioning URL of its
 * course), and who belongs to it (learners and instructors who launched it, and learners the
 * platform's roster listed before their first launch). An instructor's launch opens the results of
 * the link's learners.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `CREATE TABLE lti_resource_links (
  id serial PRIMARY KEY,
  kind varchar(3) NOT NULL CHECK (kind IN ('1.1', '1.3')),
  platform varchar(500) NOT NULL,
  resource_link_id varchar(255) NOT NULL,
  context_id varchar(255) NULL,
  context_title varchar(500) NOT NULL DEFAULT '',
  title varchar(500) NOT NULL DEFAULT '',
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  activity_code varchar(32) NOT NULL DEFAULT '',
  lti13_platform_id integer NULL REFERENCES lti13_platforms (id) ON DELETE CASCADE,
  memberships_url text NULL,
  roster_synced_at timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lti_resource_links_kind_platform_link_key UNIQUE (kind, platform, resource_link_id)
)`,
  `CREATE INDEX lti_resource_links_module_id_idx ON lti_resource_links (module_id)`,
  `CREATE TABLE lti_link_members (
  link_id integer NOT NULL REFERENCES lti_resource_links (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role varchar(10) NOT NULL CHECK (role IN ('learner', 'instructor')),
  last_launch_at timestamptz NULL,
  PRIMARY KEY (link_id, user_id)
)`,
  `CREATE INDEX lti_link_members_user_id_idx ON lti_link_members (user_id)`,
];

/** Drops the tables of `up`, dependants first. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`
    DROP TABLE IF EXISTS lti_link_members;
    DROP TABLE IF EXISTS lti_resource_links;
  `);
}
