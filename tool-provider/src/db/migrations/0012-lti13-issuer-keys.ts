import type { QueryInterface } from 'sequelize';

/**
 * LTI 1.3 identities and resource links are keyed by the platform's issuer alone, not by issuer and
 * client id: `sub` is unique per issuer, and so is a resource link id, while a platform registered
 * again (a new dynamic registration) gets a new client id. Before this, the same Moodle user became
 * a new Kib user after a re-registration, and lost their progress and recent activities.
 *
 * Rows of `lti_identities` and `lti_resource_links` with kind '1.3' whose `platform` is
 * `issuer|client_id` get `platform = issuer`: the issuer of the registered platform with that
 * issuer and client id, or, for a platform no longer registered, the key up to its last `|`.
 *
 * Collisions (the same `sub`, or the same resource link id, under two client ids of one issuer: the
 * person or the activity was launched through two registrations) never fail the migration: the
 * oldest row (first created, then lowest id) takes the issuer key and the others keep their old
 * key, which no launch looks up any more. So the person continues as the Kib user of their first
 * launch, whose history is the longest; the other Kib user and its results are kept, not merged
 * (merging two users' answers to the same numerals has no right answer). Likewise the oldest link
 * row keeps receiving launches; the members of the others join it as they launch again.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

/** The issuer of an `issuer|client_id` key in column `key` (see above). */
const issuerOf = (key: string) => `COALESCE(
  (SELECT p.issuer FROM lti13_platforms p WHERE p.issuer || '|' || p.client_id = ${key} ORDER BY p.id LIMIT 1),
  regexp_replace(${key}, '[|][^|]*$', ''))`;

/** Moves the rows of `table` to the issuer key, the oldest of each (issuer, `id`) group only. */
const toIssuerKeys = (table: 'lti_identities' | 'lti_resource_links', id: 'subject' | 'resource_link_id') => `
  WITH mapped AS (
    SELECT t.id, t.${id} AS item, t.created_at, ${issuerOf('t.platform')} AS issuer
    FROM ${table} t WHERE t.kind = '1.3' AND strpos(t.platform, '|') > 0
  ), ranked AS (
    SELECT m.*, row_number() OVER (PARTITION BY m.issuer, m.item ORDER BY m.created_at, m.id) AS n
    FROM mapped m
  )
  UPDATE ${table} t SET platform = r.issuer
  FROM ranked r
  WHERE t.id = r.id AND r.n = 1 AND r.issuer <> ''
    AND NOT EXISTS (SELECT 1 FROM ${table} x WHERE x.kind = '1.3' AND x.platform = r.issuer AND x.${id} = r.item)`;

const UP = [
  toIssuerKeys('lti_identities', 'subject'),
  toIssuerKeys('lti_resource_links', 'resource_link_id'),
];

/**
 * Gives issuer-keyed rows back the key of their issuer's first registered platform, where that key
 * is free; rows it would collide with (left by `up`), and rows of an issuer no longer registered,
 * stay as they are.
 */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const [table, id] of [
      ['lti_identities', 'subject'],
      ['lti_resource_links', 'resource_link_id'],
    ] as const)
      await context.sequelize.query(
        `UPDATE ${table} t SET platform = p.issuer || '|' || p.client_id
         FROM (SELECT DISTINCT ON (issuer) issuer, client_id FROM lti13_platforms ORDER BY issuer, id) p
         WHERE t.kind = '1.3' AND t.platform = p.issuer
           AND NOT EXISTS (SELECT 1 FROM ${table} x
                           WHERE x.kind = '1.3' AND x.platform = p.issuer || '|' || p.client_id AND x.${id} = t.${id})`,
        { transaction },
      );
  });
}
