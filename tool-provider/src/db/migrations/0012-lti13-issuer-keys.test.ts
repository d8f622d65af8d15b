// @module-tag embedded: a migration runs on both databases
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { createMigrator } from '../migrator';
import { MIGRATIONS } from './index';

const NAME = '0012-lti13-issuer-keys';
const BEFORE = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === NAME) - 1]!.name;
const MOODLE = 'https://moodle.example';
const GONE = 'https://gone.example';

let db: TestDatabase;
let moduleId: number;

beforeAll(async () => {
  db = await createTestDatabase({ content: 'empty' });
  await createMigrator(db.sequelize).up({ to: BEFORE });
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

const query = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
  db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });

async function user(name: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    `INSERT INTO users (email, first_name) VALUES (:email, :name) RETURNING id`,
    { email: `${name}@lti.kib.invalid`, name },
  );
  return row!.id;
}

async function identity(kind: string, platform: string, subject: string, userId: number, createdAt: string) {
  await query(
    `INSERT INTO lti_identities (kind, platform, subject, user_id, created_at)
     VALUES (:kind, :platform, :subject, :userId, :createdAt) RETURNING id`,
    { kind, platform, subject, userId, createdAt },
  );
}

async function link(kind: string, platform: string, resourceLinkId: string, createdAt: string) {
  const [row] = await query<{ id: number }>(
    `INSERT INTO lti_resource_links (kind, platform, resource_link_id, module_id, created_at)
     VALUES (:kind, :platform, :resourceLinkId, :moduleId, :createdAt) RETURNING id`,
    { kind, platform, resourceLinkId, moduleId, createdAt },
  );
  return row!.id;
}

const identities = () =>
  query<{ kind: string; platform: string; subject: string; userId: number }>(
    `SELECT kind, platform, subject, user_id AS "userId" FROM lti_identities ORDER BY id`,
  );
const links = () =>
  query<{ id: number; platform: string; resourceLinkId: string }>(
    `SELECT id, platform, resource_link_id AS "resourceLinkId" FROM lti_resource_links ORDER BY id`,
  );

describe(`migration ${NAME}`, () => {
  it('keys LTI 1.3 identities and links by issuer, keeping the oldest where two client ids collide, and goes back down', async () => {
    await query(
      `INSERT INTO lti13_platforms (issuer, client_id, auth_login_url, auth_token_url, jwks_url)
       VALUES (:moodle, 'first-client', 'x', 'x', 'x'), (:moodle, 'second|client', 'x', 'x', 'x') RETURNING id`,
      { moodle: MOODLE },
    );
    const [author, ana, anaAgain, luis, old, consumerUser] = [
      await user('author'),
      await user('ana'),
      await user('ana-again'),
      await user('luis'),
      await user('old'),
      await user('consumer-user'),
    ];
    [{ id: moduleId }] = (await query<{ id: number }>(
      `INSERT INTO modules (name, author_id) VALUES ('M', :author) RETURNING id`,
      { author },
    )) as [{ id: number }];
    // Ana launched under both registrations: two Kib users, the first one older.
    await identity('1.3', `${MOODLE}|first-client`, 'ana', ana, '2024-01-01');
    await identity('1.3', `${MOODLE}|second|client`, 'ana', anaAgain, '2025-01-01');
    await identity('1.3', `${MOODLE}|second|client`, 'luis', luis, '2025-02-01');
    await identity('1.3', `${GONE}|removed`, 'old', old, '2023-01-01');
    await identity('1.1', 'consumer|key', 'u-1', consumerUser, '2023-01-01');
    const firstLink = await link('1.3', `${MOODLE}|first-client`, 'rl-2', '2024-01-01');
    const secondLink = await link('1.3', `${MOODLE}|second|client`, 'rl-2', '2025-01-01');
    const otherLink = await link('1.3', `${MOODLE}|second|client`, 'rl-3', '2025-01-01');
    const legacyLink = await link('1.1', 'consumer|key', 'rl-2', '2023-01-01');

    await createMigrator(db.sequelize).up({ to: NAME });
    expect(await identities()).toEqual([
      { kind: '1.3', platform: MOODLE, subject: 'ana', userId: ana },
      { kind: '1.3', platform: `${MOODLE}|second|client`, subject: 'ana', userId: anaAgain },
      // A client id holding `|` is found through its registered platform.
      { kind: '1.3', platform: MOODLE, subject: 'luis', userId: luis },
      // A platform no longer registered: the key up to its last `|`.
      { kind: '1.3', platform: GONE, subject: 'old', userId: old },
      { kind: '1.1', platform: 'consumer|key', subject: 'u-1', userId: consumerUser },
    ]);
    expect(await links()).toEqual([
      { id: firstLink, platform: MOODLE, resourceLinkId: 'rl-2' },
      { id: secondLink, platform: `${MOODLE}|second|client`, resourceLinkId: 'rl-2' },
      { id: otherLink, platform: MOODLE, resourceLinkId: 'rl-3' },
      { id: legacyLink, platform: 'consumer|key', resourceLinkId: 'rl-2' },
    ]);

    // Down: the issuer's first registration where its key is free; what would collide stays.
    await createMigrator(db.sequelize).down({ to: NAME });
    expect(await identities()).toEqual([
      { kind: '1.3', platform: `${MOODLE}|first-client`, subject: 'ana', userId: ana },
      { kind: '1.3', platform: `${MOODLE}|second|client`, subject: 'ana', userId: anaAgain },
      { kind: '1.3', platform: `${MOODLE}|first-client`, subject: 'luis', userId: luis },
      { kind: '1.3', platform: GONE, subject: 'old', userId: old },
      { kind: '1.1', platform: 'consumer|key', subject: 'u-1', userId: consumerUser },
    ]);
    expect((await links()).map((l) => l.platform)).toEqual([
      `${MOODLE}|first-client`,
      `${MOODLE}|second|client`,
      `${MOODLE}|first-client`,
      'consumer|key',
    ]);

    // And up again, as a database that went down and up would.
    await createMigrator(db.sequelize).up({ to: NAME });
    expect((await identities()).map((i) => i.platform)).toEqual([
      MOODLE,
      `${MOODLE}|second|client`,
      MOODLE,
      GONE,
      'consumer|key',
    ]);
  });
});
