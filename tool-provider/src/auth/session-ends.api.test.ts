// @module-tag embedded: session ends are written by triggers and read by version on both databases
import crypto from 'node:crypto';
import { pino } from 'pino';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { startSecondInstance, startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { encodeUid } from './auth.service';
import { SESSION_ENDS_POLL_MS, SessionEnds, SessionKeys } from './session-ends';
import { SessionEndsRepository } from './session-ends.repository';
import { TokenRepository } from './token.repository';

let server: TestServer;
let resetUserId: number;

/**
 * How long a session ended on one instance may keep working on another (ADR 24): one poll, and
 * as long again for the read to get a connection.
 */
const PROPAGATION_BOUND_MS = 2 * SESSION_ENDS_POLL_MS;

beforeAll(async () => {
  server = await startTestServer({ REFRESH_REUSE_GRACE: '0' });
  for (const email of ['sale@demo.kib', 'otra@demo.kib', 'queda@demo.kib', 'dos@demo.kib'])
    await insertUser(server.db.sequelize, { email });
  resetUserId = await insertUser(server.db.sequelize, { email: 'olvida@demo.kib' });
});
afterAll(() => server?.close());

const logIn = (email: string, url = server.url) => new TestClient(url).logIn(email);

/** The status of the caller's account page with `token`, on the instance at `url`. */
async function meStatus(token: string | undefined, url = server.url): Promise<number> {
  const c = new TestClient(url);
  c.token = token;
  return (await c.get('/api/auth/users/me/')).status;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

describe('logout', () => {
  it('refuses the old access token on the very next request (401 session-expired)', async () => {
    const c = await logIn('sale@demo.kib');
    const token = c.token;
    expect(await meStatus(token)).toBe(200);
    expect((await c.post('/api/auth/jwt/logout/')).status).toBe(200);
    c.token = token;
    const after = await c.get('/api/auth/users/me/');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('session-expired');
  });

  it('ends only its own session: the same person’s other session and other people’s go on', async () => {
    const here = await logIn('otra@demo.kib');
    const there = await logIn('otra@demo.kib');
    const someoneElse = await logIn('queda@demo.kib');
    await here.post('/api/auth/jwt/logout/');
    expect(await meStatus(here.token)).toBe(401);
    expect(await meStatus(there.token)).toBe(200);
    expect(await meStatus(someoneElse.token)).toBe(200);
  });

  it('ends the access tokens of every refresh of the session, which all carry its id', async () => {
    const c = await logIn('sale@demo.kib');
    const first = c.token!;
    const refreshed = await c.post('/api/auth/jwt/refresh/');
    expect(refreshed.status).toBe(200);
    const second = String(refreshed.body.access);
    expect(claimsOf(second).sid).toBe(claimsOf(first).sid);
    await c.post('/api/auth/jwt/logout/');
    expect(await meStatus(first)).toBe(401);
    expect(await meStatus(second)).toBe(401);
  });
});

describe('password reset', () => {
  it('refuses every access token of the account at once; other accounts’ are unaffected', async () => {
    const phone = await logIn('olvida@demo.kib');
    const laptop = await logIn('olvida@demo.kib');
    const refreshed = String((await laptop.post('/api/auth/jwt/refresh/')).body.access);
    const other = await logIn('queda@demo.kib');
    const tokens = [phone.token, laptop.token, refreshed];
    for (const token of tokens) expect(await meStatus(token)).toBe(200);

    const link = await new TokenRepository(server.db.sequelize).issueAccountToken(
      resetUserId,
      'password-reset',
      3600,
    );
    const confirmed = await new TestClient(server.url).post('/api/auth/users/reset_password_confirm/', {
      uid: encodeUid(resetUserId),
      token: link,
      new_password: 'nueva1234',
      re_new_password: 'nueva1234',
    });
    expect(confirmed.status).toBe(204);
    for (const token of tokens) expect(await meStatus(token)).toBe(401);
    expect(await meStatus(other.token)).toBe(200);
    // The new password starts a session that works.
    const fresh = await new TestClient(server.url).logIn('olvida@demo.kib', 'nueva1234');
    expect(await meStatus(fresh.token)).toBe(200);
  });
});

describe('another instance on the same database', () => {
  it(`refuses a token logged out on the first within ${PROPAGATION_BOUND_MS} ms`, async () => {
    const second = await startSecondInstance(server);
    try {
      const c = await logIn('dos@demo.kib');
      const token = c.token;
      expect(await meStatus(token, second.url)).toBe(200);
      await c.post('/api/auth/jwt/logout/');
      await expect
        .poll(() => meStatus(token, second.url), { timeout: PROPAGATION_BOUND_MS, interval: 20 })
        .toBe(401);
    } finally {
      await second.close();
    }
  });
});

describe('SessionEnds', () => {
  const cache = (pollMs?: number) =>
    new SessionEnds({
      repo: new SessionEndsRepository(server.db.sequelize),
      kind: server.db.kind,
      logger: pino({ level: 'silent' }),
      keepSeconds: 3600,
      pollMs,
    });

  /** Revokes a new refresh family of the user by SQL, as another process would; answers its key. */
  async function endFamilyElsewhere(email: string): Promise<string> {
    const [user] = await server.db.sequelize.query<{ id: number }>(
      `SELECT id FROM users WHERE email = :email`,
      {
        replacements: { email },
        type: QueryTypes.SELECT,
      },
    );
    const tokens = new TokenRepository(server.db.sequelize);
    const { token, familyId } = await tokens.issueRefresh(user!.id, 60);
    await tokens.revokeByToken(token);
    return SessionKeys.session(familyId);
  }

  it('knows at its first read the sessions that ended before it started', async () => {
    const key = await endFamilyElsewhere('queda@demo.kib');
    const ends = cache();
    expect(ends.hasEnded([key])).toBe(false);
    await ends.catchUp();
    expect(ends.hasEnded([key])).toBe(true);
    expect(ends.hasEnded([SessionKeys.session(crypto.randomUUID())])).toBe(false);
  });

  it.runIf(process.env.DATABASE_URL)(
    'hears of an end recorded elsewhere through NOTIFY, long before its next poll',
    async () => {
      const ends = cache(3_600_000);
      await ends.catchUp();
      ends.start();
      try {
        // Once listening, it reads what it may have missed: seeing this end means it listens.
        const before = await endFamilyElsewhere('queda@demo.kib');
        await expect.poll(() => ends.hasEnded([before]), { timeout: 5_000, interval: 10 }).toBe(true);
        const key = await endFamilyElsewhere('queda@demo.kib');
        await expect.poll(() => ends.hasEnded([key]), { timeout: 1_000, interval: 10 }).toBe(true);
      } finally {
        await ends.stop();
      }
    },
  );

  it('records a session end with a growing version, and prunes those older than the longest token', async () => {
    const repo = new SessionEndsRepository(server.db.sequelize);
    const key = await endFamilyElsewhere('queda@demo.kib');
    const rows = await repo.since(0);
    const row = rows.find((r) => r.key === key)!;
    expect(row.endsAt).toBeLessThanOrEqual(Date.now());
    expect(rows.every((r, i) => i === 0 || r.version > rows[i - 1]!.version)).toBe(true);
    expect(await repo.since(row.version)).not.toContainEqual(expect.objectContaining({ key }));
    expect(await repo.prune(3600)).toBe(0);
    expect(await repo.prune(0)).toBeGreaterThan(0);
    expect(await repo.since(0)).toEqual([]);
  });
});
