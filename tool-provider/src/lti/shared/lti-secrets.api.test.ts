import crypto from 'node:crypto';
import { pino } from 'pino';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { initModels } from '../../db/models';
import { seedDevelopment } from '../../seed/dev-seed';
import { postSignedLaunch } from '../../../testing/lti-peer';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { DEV_LTI_CONSUMER } from '../v11/dev-consumer';
import { LtiRepository } from './lti.repository';
import { SecretBox } from './secret-box';

const KEY = crypto.randomBytes(32).toString('base64');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ LTI_SECRETS_KEY: KEY });
  // Seeded after the start: the seed's consumer secret is stored in clear, as before a key was set.
  await seedDevelopment(server.db.sequelize, initModels(server.db.sequelize));
}, 120_000);
afterAll(() => server?.close());

async function select<T extends object>(sql: string): Promise<T[]> {
  return server.db.sequelize.query<T>(sql, { type: QueryTypes.SELECT });
}

async function launch(consumerKey: string, secret: string): Promise<number> {
  const res = await postSignedLaunch(
    `${server.url}/lti/1.1/launch`,
    {
      lti_message_type: 'basic-lti-launch-request',
      lti_version: 'LTI-1p0',
      resource_link_id: 'sealed-1',
      user_id: `u-${consumerKey}`,
      roles: 'Learner',
      custom_activity_code: 'DEMO42',
    },
    { consumerKey, secret },
  );
  return res.status;
}

const start = (env: Record<string, string>) =>
  createApp({
    config: loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: server.config.dataDir,
      ...env,
    }),
    sequelize: server.db.sequelize,
    databaseKind: server.db.kind,
    logger: pino({ level: 'silent' }),
  });

describe('LTI secrets sealed with LTI_SECRETS_KEY', () => {
  it('stores a new consumer secret and Kib’s private key sealed, and still verifies and signs with them', async () => {
    const repo = new LtiRepository(server.db.sequelize, SecretBox.fromBase64(KEY));
    expect(
      await repo.addConsumer({
        consumerKey: 'colegio',
        name: 'Colegio',
        secret: 'colegio-secret-42',
        allowedOrigins: ['http://127.0.0.1:*'],
      }),
    ).toBe(true);
    const [row] = await select<{ secret: string }>(
      `SELECT secret FROM lti11_consumers WHERE consumer_key = 'colegio'`,
    );
    expect(row!.secret).toMatch(/^enc:v1:/);
    expect(row!.secret).not.toContain('colegio-secret-42');
    expect(await launch('colegio', 'colegio-secret-42')).toBe(303);
    expect(await launch('colegio', 'wrong-secret-42')).toBe(401);

    const keys = await select<{ type: string; raw: string }>(
      `SELECT jsonb_typeof(private_jwk) AS type, private_jwk::text AS raw FROM tool_keys`,
    );
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.type).toBe('string');
      expect(key.raw).not.toMatch(/"d"\s*:/);
    }
    const jwks = (await (await fetch(`${server.url}/lti/1.3/keys`)).json()) as { keys: { kid: string }[] };
    const jwt = await server.kib.lti13.keys.sign({ iss: 'kib', aud: 'lms' });
    expect(jwks.keys.map((k) => k.kid)).toContain(
      JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()).kid,
    );
  });

  it('seals, at the next start, the secrets stored in clear before the key was set', async () => {
    const [before] = await select<{ secret: string }>(
      `SELECT secret FROM lti11_consumers WHERE consumer_key = '${DEV_LTI_CONSUMER.consumerKey}'`,
    );
    expect(before!.secret).toBe(DEV_LTI_CONSUMER.secret);
    await start({ LTI_SECRETS_KEY: KEY });
    const [after] = await select<{ secret: string }>(
      `SELECT secret FROM lti11_consumers WHERE consumer_key = '${DEV_LTI_CONSUMER.consumerKey}'`,
    );
    expect(after!.secret).toMatch(/^enc:v1:/);
    expect(await launch(DEV_LTI_CONSUMER.consumerKey, DEV_LTI_CONSUMER.secret)).toBe(303);
  });

  it('does not start with another key or without one once secrets are sealed', async () => {
    await expect(start({ LTI_SECRETS_KEY: crypto.randomBytes(32).toString('base64') })).rejects.toThrow(
      /does not open with LTI_SECRETS_KEY/,
    );
    await expect(start({})).rejects.toThrow(/needs LTI_SECRETS_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'test', LTI_SECRETS_KEY: 'short' })).toThrow(/LTI_SECRETS_KEY/);
  });
});
