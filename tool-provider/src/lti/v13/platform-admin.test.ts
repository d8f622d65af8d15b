// @module-tag embedded: the command line works on a running server's embedded database
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { LtiRepository } from '../shared/lti.repository';
import { Lti13Repository } from './lti13.repository';
import { runPlatformCommand } from './platform-admin';
import { ToolKeys } from './tool-keys';

let db: TestDatabase;
let repo: Lti13Repository;
const ISSUER = 'https://moodle.colegio.example';

beforeAll(async () => {
  db = await createTestDatabase();
  repo = new Lti13Repository(db.sequelize);
});
afterAll(() => db?.drop());

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPlatformCommand(argv, {
    repo,
    keys: new ToolKeys(repo),
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    publicUrl: 'https://kib.example.org',
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const addPlatform = (...extra: string[]) =>
  run(
    'add-platform',
    ISSUER,
    'client-1',
    '--name',
    'Moodle del colegio',
    '--login-url',
    `${ISSUER}/mod/lti/auth.php`,
    '--token-url',
    `${ISSUER}/mod/lti/token.php`,
    '--jwks-url',
    `${ISSUER}/mod/lti/certs.php`,
    ...extra,
  );

describe('npm run lti (LTI 1.3)', () => {
  it("adds a platform with its deployments and prints Kib's URLs", async () => {
    const added = await addPlatform('--origin', ISSUER, '--deployment', '1', '--deployment', '1');
    expect(added.code).toBe(0);
    expect(added.out).toContain('deployments:     1');
    expect(added.out).toContain('login URL:       https://kib.example.org/lti/1.3/login');
    expect(added.out).toContain('redirect URI:    https://kib.example.org/lti/1.3/launch');
    expect(added.out).toContain('public keyset:   https://kib.example.org/lti/1.3/keys');
    expect((await repo.findPlatforms(ISSUER, 'client-1'))[0]).toMatchObject({ allowedOrigins: [ISSUER] });
    expect(await addPlatform()).toMatchObject({
      code: 1,
      err: 'A platform with this issuer and client id is registered already.',
    });
  });

  it('refuses a platform without its endpoints, naming them', async () => {
    const bad = await run('add-platform', ISSUER, 'client-2', '--name', 'X', '--login-url', 'ftp://x');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('auth_login_url: Write a full address that starts with https:// or http://.');
    expect(bad.err).toContain('auth_token_url: This field is required.');
    expect(await repo.findRegistration(ISSUER, 'client-2')).toBeNull();
  });

  it('adds a deployment once, to a platform it names', async () => {
    expect(await run('add-deployment', ISSUER, 'client-1', '2')).toMatchObject({
      code: 0,
      out: `deployment 2 added to ${ISSUER} (client id client-1)`,
    });
    expect(await run('add-deployment', ISSUER, 'client-1', '2')).toMatchObject({
      code: 1,
      err: 'This deployment is registered already for the platform.',
    });
    expect(await run('add-deployment', ISSUER, 'nobody', '3')).toMatchObject({
      code: 1,
      err: 'There is no such LTI 1.3 platform registered.',
    });
    expect((await run('add-deployment', ISSUER)).code).toBe(2);
  });

  it('disables and enables a platform, and lists its deployments and state', async () => {
    const disabled = await run('disable-platform', ISSUER, 'client-1');
    expect(disabled.code).toBe(0);
    expect(disabled.out).toMatch(new RegExp(`^${ISSUER} \\(client id client-1\\): disabled since \\d{4}-`));
    expect(await repo.findPlatforms(ISSUER, 'client-1')).toEqual([]);
    expect(await new LtiRepository(db.sequelize).allowedOrigins()).not.toContain(ISSUER);
    expect((await run('list-platforms')).out).toMatch(
      new RegExp(
        `^${ISSUER}\\tclient-1\\tMoodle del colegio\\t${ISSUER}\\tdeployments: 1 2\\tdisabled since `,
      ),
    );
    expect((await run('enable-platform', ISSUER, 'client-1')).out).toBe(
      `${ISSUER} (client id client-1): enabled`,
    );
    expect(await repo.findPlatforms(ISSUER, 'client-1')).toHaveLength(1);
    expect((await run('list-platforms')).out).toContain('deployments: 1 2\tenabled');
  });

  it('rotates the signing key, and refuses a grace period out of range', async () => {
    const rotated = await run('rotate-key', '--grace-hours', '1');
    expect(rotated.code).toBe(0);
    expect(rotated.out).toMatch(/^new signing key: [\w-]+\nthe previous key stays published for 1 hours$/);
    expect((await run('rotate-key', '--grace-hours', '-1')).code).toBe(2);
    expect((await run('launch-missiles')).code).toBe(2);
  });
});
