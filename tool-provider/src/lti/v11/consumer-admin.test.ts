// @module-tag embedded: the command line works on a running server's embedded database
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { runConsumerCommand } from './consumer-admin';
import { LtiRepository } from '../shared/lti.repository';
import { normaliseOriginPattern, originAllowed } from '../shared/origins';

let db: TestDatabase;
let repo: LtiRepository;
const NOW = new Date('2030-03-01T12:00:00Z');

beforeAll(async () => {
  db = await createTestDatabase();
  repo = new LtiRepository(db.sequelize);
});
afterAll(() => db?.drop());

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runConsumerCommand(argv, {
    repo,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    now: () => NOW,
    publicUrl: 'https://kib.example.org',
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run lti', () => {
  it('adds a consumer, prints its secret once and lists it without the secret', async () => {
    const added = await run(
      'add-consumer',
      'colegio-moodle',
      'Moodle del colegio',
      '--origin',
      'https://Moodle.Colegio.example/',
    );
    expect(added.code).toBe(0);
    const secret = /shared secret:\s+(\S+)/.exec(added.out)?.[1];
    expect(secret).toMatch(/^[\w-]{32}$/);
    expect(added.out).toContain('tool URL:        https://kib.example.org/lti/1.1/launch');
    const stored = await repo.findConsumer('colegio-moodle');
    expect(stored).toMatchObject({
      secret,
      name: 'Moodle del colegio',
      allowedOrigins: ['https://moodle.colegio.example'],
    });
    const listed = await run('list');
    expect(listed.out).toContain('colegio-moodle\tMoodle del colegio\thttps://moodle.colegio.example');
    expect(listed.out).not.toContain(secret);
    expect((await run('add-consumer', 'colegio-moodle', 'Otra')).code).toBe(1);
  });

  it('rotates a secret and keeps the old one for the grace period', async () => {
    const before = await repo.findConsumer('colegio-moodle');
    const rotated = await run('rotate-secret', 'colegio-moodle', '--grace-hours', '24');
    expect(rotated.code).toBe(0);
    const after = await repo.findConsumer('colegio-moodle');
    expect(after!.secret).not.toBe(before!.secret);
    expect(after!.previousSecret).toBe(before!.secret);
    expect(after!.previousSecretUntil).toEqual(new Date(NOW.getTime() + 24 * 3600 * 1000));
    expect((await run('list')).out).toContain('old secret until 2030-03-02T12:00:00.000Z');
    expect((await run('rotate-secret', 'nobody')).code).toBe(1);
  });

  it('refuses an origin with a path or a directive in it, and unknown commands', async () => {
    expect((await run('add-consumer', 'k2', 'Name', '--origin', 'https://moodle.example/path')).code).toBe(2);
    expect(
      (await run('add-consumer', 'k3', 'Name', '--origin', "https://a.example; script-src 'unsafe-inline'"))
        .code,
    ).toBe(2);
    expect((await run('launch-missiles')).code).toBe(2);
    expect(await repo.findConsumer('k2')).toBeNull();
  });

  it('names what is wrong with the input, as the API does', async () => {
    const bad = await run('add-consumer', 'k4');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('name: This field is required.');
    const origin = await run('add-consumer', 'k5', 'Name', '--origin', 'https://moodle.example/path');
    expect(origin.err).toContain(
      'allowed_origins: https://moodle.example/path is not an origin: write it as https://moodle.example.edu, without a path.',
    );
    const grace = await run('rotate-secret', 'colegio-moodle', '--grace-hours', 'soon');
    expect(grace.code).toBe(2);
    expect(grace.err).toContain('grace_hours: Write a number of hours from 0 to 2160 (90 days).');
    const taken = await run('add-consumer', 'colegio-moodle', 'Otra');
    expect(taken.err).toBe('An LMS with this consumer key is registered already.');
  });

  it('disables and enables a consumer, and lists its state', async () => {
    const disabled = await run('disable-consumer', 'colegio-moodle');
    expect(disabled.code).toBe(0);
    expect(disabled.out).toBe(`colegio-moodle: disabled since ${NOW.toISOString()}`);
    expect(await repo.findConsumer('colegio-moodle')).toBeNull();
    expect(await repo.allowedOrigins()).not.toContain('https://moodle.colegio.example');
    expect((await run('list')).out).toContain(
      `colegio-moodle\tMoodle del colegio\thttps://moodle.colegio.example\tdisabled since ${NOW.toISOString()}`,
    );
    const enabled = await run('enable-consumer', 'colegio-moodle');
    expect(enabled.out).toBe('colegio-moodle: enabled');
    expect(await repo.findConsumer('colegio-moodle')).not.toBeNull();
    expect(await repo.allowedOrigins()).toContain('https://moodle.colegio.example');
    expect((await run('list')).out).toContain('https://moodle.colegio.example\tenabled');
    expect(await run('disable-consumer', 'nobody')).toMatchObject({
      code: 1,
      err: 'There is no LMS registered with this consumer key.',
    });
  });
});

describe('origin patterns', () => {
  it.each([
    ['https://moodle.example', 'https://moodle.example/mod/lti/service.php', true],
    ['https://moodle.example', 'https://moodle.example:443/x', true],
    ['https://moodle.example', 'http://moodle.example/x', false],
    ['https://moodle.example', 'https://moodle.example.evil.org/x', false],
    ['https://*.example.org', 'https://a.b.example.org/x', true],
    ['https://*.example.org', 'https://example.org/x', false],
    ['http://127.0.0.1:*', 'http://127.0.0.1:8081/x', true],
    ['http://127.0.0.1:8081', 'http://127.0.0.1:8082/x', false],
    ['http://localhost:*', 'javascript:alert(1)', false],
  ])('%s allows %s: %s', (pattern, url, allowed) => {
    expect(originAllowed(url, [pattern])).toBe(allowed);
  });

  it('normalises only well-formed patterns', () => {
    expect(normaliseOriginPattern('HTTPS://Moodle.Example:8443/')).toBe('https://moodle.example:8443');
    expect(normaliseOriginPattern('https://moodle.example/x')).toBeNull();
    expect(normaliseOriginPattern('https://a.example,https://b.example')).toBeNull();
    expect(normaliseOriginPattern('https://a.example:99999')).toBeNull();
  });
});
