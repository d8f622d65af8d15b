import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LTI_CLI_ENTRY, postSignedLaunch } from '@kib/tool-provider/testing';
import { startKibServer, type KibServer } from '../support/kib-server.ts';

/**
 * `npm run lti` while `npm start` runs on the embedded database: the CLI works on the running
 * Kib's database (through the address it publishes in DATA_DIR), and the running Kib accepts what
 * the CLI registered at once.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

let server: KibServer;
/** The secret `add-consumer` printed. */
let secret = '';

/** `npm run lti -- …args` as an administrator types it, on the server's DATA_DIR and no DATABASE_URL. */
async function lti(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  delete env.PUBLIC_URL;
  delete env.INIT_CWD;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', LTI_CLI_ENTRY, ...args], {
      cwd: ROOT,
      env,
      timeout: 45_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** A learner's launch of the demo module from the CLI's consumer, signed with its secret. */
function launch(): Promise<Response> {
  return postSignedLaunch(
    `${server.url}/lti/1.1/launch`,
    {
      lti_message_type: 'basic-lti-launch-request',
      lti_version: 'LTI-1p0',
      resource_link_id: 'cli-1',
      user_id: 'cli-student',
      roles: 'Learner',
      custom_activity_code: 'DEMO42',
    },
    { consumerKey: 'cli-moodle', secret },
  );
}

beforeAll(async () => {
  // The CLI works on the running Kib's embedded database, whatever DATABASE_URL says.
  server = await startKibServer({ embedded: true });
}, 120_000);
afterAll(() => server?.stop());

describe('npm run lti while npm start runs on the embedded database', () => {
  it("publishes the embedded database's address in DATA_DIR, readable by its owner only", async () => {
    const info = await stat(path.join(server.dataDir, 'embedded.json'));
    expect(info.mode & 0o777).toBe(0o600);
  });

  it("lists the running Kib's consumers, the seeded one included", async () => {
    const listed = await lti('list');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^kib-dev-key\t.*\tenabled$/m);
    expect(listed.stderr).toContain('working on the database of the running Kib');
  });

  it('registers a consumer that the running Kib accepts at once', async () => {
    const added = await lti(
      'add-consumer',
      'cli-moodle',
      'Moodle added by the CLI',
      '--origin',
      'https://moodle.cli.example',
    );
    expect(added.code, added.stderr).toBe(0);
    secret = /shared secret:\s+(\S+)/.exec(added.stdout)?.[1] ?? '';
    expect(secret).toMatch(/^[\w-]{32}$/);

    // The platform admin sees it through the running server's API…
    const login = await fetch(`${server.url}/api/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'platformadmin@demo.kib', password: 'demo1234' }),
    });
    const { access } = (await login.json()) as { access: string };
    const registrations = await fetch(`${server.url}/api/lti/admin/registrations/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    const body = (await registrations.json()) as { consumers: { consumer_key: string; name: string }[] };
    expect(body.consumers).toContainEqual(
      expect.objectContaining({ consumer_key: 'cli-moodle', name: 'Moodle added by the CLI' }),
    );

    // …and the running server verifies launches signed with the secret the CLI printed.
    const launched = await launch();
    expect(launched.status).toBe(303);
    expect(launched.headers.get('location')).toMatch(/^\/moodlelogin\?code=/);
  });

  it('disables the consumer from the CLI, and the running Kib refuses its launches', async () => {
    const disabled = await lti('disable-consumer', 'cli-moodle');
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toMatch(/^cli-moodle: disabled since /);
    expect((await lti('list')).stdout).toMatch(/^cli-moodle\t.*\tdisabled since /m);
    expect((await launch()).status).toBe(401);
  });

  it('keeps serving while commands come and go', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
  });
});
