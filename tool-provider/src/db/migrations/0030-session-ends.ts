import type { QueryInterface } from 'sequelize';

/**
 * When sessions end (ADR 24): one row per session key whose access tokens stop working at `ends_at`
 * (now, or the new close of an activity; null: no longer), with a `version` that goes up with every
 * row written. Each server process keeps these rows in memory and reads only those of a higher
 * version than it has, so an access token is checked against them without a query.
 *
 * The rows are written by triggers, so no writer can forget one, cascades included: a refresh
 * family revoked (logout, a password reset, a reused token) ends `session:<family>`; a temporary
 * student deleted (by their teacher, or with their module) ends `temp-student:<id>`; a code activity
 * or a module code deleted ends `activity:<id>` or `module-code:<id>` at once, and a change of its
 * `valid_until` moves that end to the new date.
 *
 * The version is one row's counter, taken under that row's lock until the writer commits, so
 * versions become visible in their order and a reader that asks for "above N" misses none. A
 * NOTIFY on `kib_session_ends` at commit tells the other processes to read at once.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

/** The tables whose deletion or rescheduling closes an activity, and the key prefix of each. */
const ACTIVITY_TABLES = [
  { table: 'temp_module_activities', prefix: 'activity:' },
  { table: 'module_codes', prefix: 'module-code:' },
];

const UP = [
  `CREATE TABLE session_ends (
  session_key varchar(80) PRIMARY KEY,
  ends_at timestamptz NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL
)`,
  `CREATE INDEX session_ends_version_idx ON session_ends (version)`,
  `CREATE INDEX session_ends_recorded_idx ON session_ends (recorded_at)`,
  `CREATE TABLE session_ends_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
)`,
  `INSERT INTO session_ends_version (id, version) VALUES (true, 0)`,
  // The payload is constant, so a transaction that ends many sessions sends one notification.
  `CREATE FUNCTION kib_session_end_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE session_ends_version SET version = version + 1 RETURNING version INTO NEW.version;
  NEW.recorded_at := now();
  PERFORM pg_notify('kib_session_ends', '');
  RETURN NEW;
END
$$`,
  `CREATE TRIGGER session_ends_recorded BEFORE INSERT OR UPDATE ON session_ends
   FOR EACH ROW EXECUTE FUNCTION kib_session_end_recorded()`,
  `CREATE FUNCTION kib_refresh_family_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_ends (session_key, ends_at)
  SELECT DISTINCT 'session:' || n.family_id, now()
    FROM family_after n JOIN family_before o ON o.id = n.id
   WHERE o.revoked_at IS NULL AND n.revoked_at IS NOT NULL
  ON CONFLICT (session_key) DO NOTHING;
  RETURN NULL;
END
$$`,
  `CREATE TRIGGER refresh_tokens_family_ended AFTER UPDATE ON refresh_tokens
   REFERENCING OLD TABLE AS family_before NEW TABLE AS family_after
   FOR EACH STATEMENT EXECUTE FUNCTION kib_refresh_family_ended()`,
  `CREATE FUNCTION kib_temp_students_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_ends (session_key, ends_at)
  SELECT 'temp-student:' || id, now() FROM removed_students
  ON CONFLICT (session_key) DO NOTHING;
  RETURN NULL;
END
$$`,
  `CREATE TRIGGER temp_students_removed AFTER DELETE ON temp_students
   REFERENCING OLD TABLE AS removed_students
   FOR EACH STATEMENT EXECUTE FUNCTION kib_temp_students_removed()`,
  // TG_ARGV[0]: the key prefix of the table's activities.
  `CREATE FUNCTION kib_activity_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_ends (session_key, ends_at)
  SELECT TG_ARGV[0] || id, now() FROM deleted_activities
  ON CONFLICT (session_key) DO UPDATE SET ends_at = EXCLUDED.ends_at;
  RETURN NULL;
END
$$`,
  // A new close date is recorded for every activity that has one, or had one recorded before.
  `CREATE FUNCTION kib_activity_rescheduled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_ends (session_key, ends_at)
  SELECT TG_ARGV[0] || n.id, n.valid_until
    FROM rescheduled_after n JOIN rescheduled_before o ON o.id = n.id
   WHERE n.valid_until IS DISTINCT FROM o.valid_until
     AND (n.valid_until IS NOT NULL
          OR EXISTS (SELECT 1 FROM session_ends e WHERE e.session_key = TG_ARGV[0] || n.id))
  ON CONFLICT (session_key) DO UPDATE SET ends_at = EXCLUDED.ends_at;
  RETURN NULL;
END
$$`,
  ...ACTIVITY_TABLES.flatMap(({ table, prefix }) => [
    `CREATE TRIGGER ${table}_deleted AFTER DELETE ON ${table}
     REFERENCING OLD TABLE AS deleted_activities
     FOR EACH STATEMENT EXECUTE FUNCTION kib_activity_deleted('${prefix}')`,
    `CREATE TRIGGER ${table}_rescheduled AFTER UPDATE ON ${table}
     REFERENCING OLD TABLE AS rescheduled_before NEW TABLE AS rescheduled_after
     FOR EACH STATEMENT EXECUTE FUNCTION kib_activity_rescheduled('${prefix}')`,
  ]),
];

/** Drops what `up` added: sessions end again only when their tokens expire. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    const run = (sql: string) => context.sequelize.query(sql, { transaction });
    for (const { table } of ACTIVITY_TABLES) {
      await run(`DROP TRIGGER IF EXISTS ${table}_deleted ON ${table}`);
      await run(`DROP TRIGGER IF EXISTS ${table}_rescheduled ON ${table}`);
    }
    await run(`DROP TRIGGER IF EXISTS temp_students_removed ON temp_students`);
    await run(`DROP TRIGGER IF EXISTS refresh_tokens_family_ended ON refresh_tokens`);
    for (const fn of [
      'kib_activity_rescheduled',
      'kib_activity_deleted',
      'kib_temp_students_removed',
      'kib_refresh_family_ended',
    ])
      await run(`DROP FUNCTION IF EXISTS ${fn}()`);
    await run(`DROP TABLE IF EXISTS session_ends`);
    await run(`DROP FUNCTION IF EXISTS kib_session_end_recorded()`);
    await run(`DROP TABLE IF EXISTS session_ends_version`);
  });
}
