import fs from 'node:fs/promises';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, signupBody } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { LIMITS, Limiter, LOGIN_SLOWDOWN_MS } from '../http/rate-limit';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from './auth.routes';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ REFRESH_REUSE_GRACE: '0' });
  await insertUser(server.db.sequelize, { email: 'Ana@Demo.Kib', firstName: 'Ana', groups: ['Students'] });
  await insertUser(server.db.sequelize, {
    email: 'teacher@demo.kib',
    firstName: 'Tom',
    groups: ['Teachers', 'Creators'],
  });
});
afterAll(() => server?.close());

const client = () => new TestClient(server.url);

/** Reads the newest message of the outbox addressed to `to` and returns its first link to `route`. */
async function linkFromOutbox(
  to: string,
  route: string,
): Promise<{ uid: string; token: string; text: string }> {
  const files = (await fs.readdir(server.outboxDir)).sort();
  for (const file of files.reverse()) {
    const text = (await fs.readFile(path.join(server.outboxDir, file), 'utf8')).replace(/=\r?\n/g, '');
    if (!text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
    const m = new RegExp(`${route}/([A-Za-z0-9_-]+)/([A-Za-z0-9_-]+)`).exec(text);
    if (m) return { uid: m[1]!, token: m[2]!, text };
  }
  throw new Error(`no mail to ${to} with a ${route} link`);
}

/** The text of the newest message of the outbox to `to` with `subject`. */
async function mailTo(to: string, subject: string): Promise<string> {
  const files = (await fs.readdir(server.outboxDir)).sort().reverse();
  for (const file of files) {
    const text = (await fs.readFile(path.join(server.outboxDir, file), 'utf8')).replace(/=\r?\n/g, '');
    if (text.toLowerCase().includes(`to: ${to.toLowerCase()}`) && text.includes(subject)) return text;
  }
  throw new Error(`no mail to ${to} about ${subject}`);
}

describe('login (auth/jwt/create/)', () => {
  it('returns an access token with user_id, groups and token_type, and sets the refresh cookie', async () => {
    const c = client();
    const res = await c.post('/api/auth/jwt/create/', { email: 'ana@demo.kib', password: 'demo1234' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['access']);
    const claims = JSON.parse(Buffer.from(String(res.body.access).split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ groups: ['Students'], token_type: 'access' });
    expect(typeof claims.user_id).toBe('number');
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith(`${REFRESH_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/jwt\//);
    // Beside it, a readable hint with no secret, so the site knows a session may be restored.
    const hint = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_HINT_COOKIE}=`))!;
    expect(hint).toMatch(/^kib_session=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Path=\/;/);
  });

  it('compares e-mails without regard to case', async () => {
    const res = await client().post('/api/auth/jwt/create/', { email: 'ANA@demo.KIB', password: 'demo1234' });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail alike, with a translated message', async () => {
    const wrong = await client().post('/api/auth/jwt/create/', {
      email: 'ana@demo.kib',
      password: 'nope123',
    });
    const unknown = await client().post(
      '/api/auth/jwt/create/',
      { email: 'nobody@demo.kib', password: 'demo1234' },
      { 'accept-language': 'en' },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      code: 'invalid-credentials',
      detail: 'No hay una cuenta activa con ese correo y contraseña.',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe('No active account found with that e-mail and password.');
  });

  it('answers 400 naming the missing field', async () => {
    const res = await client().post(
      '/api/auth/jwt/create/',
      { email: 'ana@demo.kib' },
      { 'accept-language': 'en' },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation', fields: { password: ['This field is required.'] } });
  });

  it('answers 400 for malformed JSON without a stack trace', async () => {
    const res = await client().post('/api/auth/jwt/create/', '{"email":', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'malformed-json' });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
  });

  it('answers 413 for an oversized body', async () => {
    const res = await client().post('/api/auth/jwt/create/', {
      email: 'a@b.co',
      password: 'x'.repeat(300_000),
    });
    expect(res.status).toBe(413);
  });
});

describe('the session (refresh, me, groups, logout)', () => {
  it('refreshes with the cookie and an empty body, rotating the cookie, and serves me and groups', async () => {
    const c = client();
    await c.post('/api/auth/jwt/create/', { email: 'teacher@demo.kib', password: 'demo1234' });
    const first = c.cookies.get(REFRESH_COOKIE);
    const refreshed = await c.post('/api/auth/jwt/refresh/');
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.body.access).toBe('string');
    expect(c.cookies.get(REFRESH_COOKIE)).not.toBe(first);

    c.token = String(refreshed.body.access);
    const me = await c.get('/api/auth/users/me/');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'teacher@demo.kib',
      first_name: 'Tom',
      groups: ['Teachers', 'Creators'],
    });
    const groups = await c.get('/api/authentication/groups');
    expect(groups.body).toEqual({ groups: ['Teachers', 'Creators'] });
  });

  it('refuses a rotated refresh token and then ends the whole family', async () => {
    const c = client();
    await c.post('/api/auth/jwt/create/', { email: 'teacher@demo.kib', password: 'demo1234' });
    const stolen = c.cookies.get(REFRESH_COOKIE)!;
    expect((await c.post('/api/auth/jwt/refresh/')).status).toBe(200);

    const thief = client();
    thief.cookies.set(REFRESH_COOKIE, stolen);
    const replay = await thief.post('/api/auth/jwt/refresh/');
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('refresh-invalid');
    // The legitimate holder's newer token was revoked with its family.
    expect((await c.post('/api/auth/jwt/refresh/')).status).toBe(401);
  });

  it('refuses a refresh without a cookie', async () => {
    const res = await client().post('/api/auth/jwt/refresh/', {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('refresh-missing');
  });

  it('logs out: the refresh cookie is cleared and no longer works', async () => {
    const c = client();
    await c.post('/api/auth/jwt/create/', { email: 'ana@demo.kib', password: 'demo1234' });
    const token = c.cookies.get(REFRESH_COOKIE)!;
    const out = await c.post('/api/auth/jwt/logout/');
    expect(out.status).toBe(200);
    expect(c.cookies.has(REFRESH_COOKIE)).toBe(false);
    expect(c.cookies.has(SESSION_HINT_COOKIE)).toBe(false);
    c.cookies.set(REFRESH_COOKIE, token);
    expect((await c.post('/api/auth/jwt/refresh/')).status).toBe(401);
  });

  it('refuses me without a token, and with a forged or garbled one', async () => {
    const anon = await client().get('/api/auth/users/me/');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('not-authenticated');
    const c = client();
    const login = await c.post('/api/auth/jwt/create/', { email: 'ana@demo.kib', password: 'demo1234' });
    const [h, p] = String(login.body.access).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), groups: ['Platform Admin'] }),
    ).toString('base64url');
    c.token = `${h}.${forgedPayload}.AAAA`;
    const forged = await c.get('/api/auth/users/me/');
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('session-expired');
    c.token = 'garbage';
    expect((await c.get('/api/auth/users/me/')).status).toBe(401);
  });
});

describe('sign-up and activation', () => {
  const signup = signupBody('nueva@colegio.edu.co');

  it('creates an inactive account, mails the link, activates it, and then logs in', async () => {
    const c = client();
    const created = await c.post('/api/auth/users/', signup);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: signup.email, first_name: 'Nueva', groups: ['Students'] });

    const early = await c.post('/api/auth/jwt/create/', { email: signup.email, password: 'clave123' });
    expect(early.status).toBe(401);
    expect(early.body).toMatchObject({ code: 'account-inactive' });
    expect(String(early.body.detail)).toMatch(/activad/);

    const { uid, token, text } = await linkFromOutbox(signup.email, '/activate');
    expect(text).toContain(`${server.config.publicUrl}/activate/${uid}/${token}`);
    expect(text).toContain('Activa tu cuenta de Kib');
    const activated = await c.post('/api/auth/users/activation/', { uid, token });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ success: true });
    // Single use.
    expect((await c.post('/api/auth/users/activation/', { uid, token })).status).toBe(400);

    const login = await c.post('/api/auth/jwt/create/', { email: signup.email, password: 'clave123' });
    expect(login.status).toBe(200);
  });

  it('answers a taken address, whatever its case, exactly as a new one, and tells its owner by mail', async () => {
    // Two addresses of the same length, so that even the Content-Length is the same.
    const fresh = await client().post('/api/auth/users/', { ...signup, email: 'new@demo.kib' });
    const taken = await client().post('/api/auth/users/', { ...signup, email: 'ANA@demo.kib' });
    expect(fresh.status).toBe(201);
    const shape = (res: typeof fresh, email: string) => ({
      status: res.status,
      body: JSON.stringify(res.body).replace(email, '<email>'),
      headers: [...res.headers.keys()].filter((name) => !['date', 'etag'].includes(name)),
      length: res.headers.get('content-length'),
      type: res.headers.get('content-type'),
    });
    expect(shape(taken, 'ANA@demo.kib')).toEqual(shape(fresh, 'new@demo.kib'));
    expect(Object.keys(taken.body)).toEqual([
      'email',
      'first_name',
      'last_name',
      'groups',
      'language',
      'is_demo',
    ]);

    // Ana (Spanish) is told, with the links to log in and to choose a new password.
    const mail = await mailTo('ana@demo.kib', 'Ya tienes una cuenta de Kib');
    expect(mail).toContain('crear una cuenta de Kib con este correo, pero ya tienes una');
    expect(mail).toContain(`${server.config.publicUrl}/login`);
    expect(mail).toContain(`${server.config.publicUrl}/password/reset`);
    // Nothing changed in her account: her password still works, and no second account exists.
    expect((await client().logIn('ana@demo.kib')).token).toBeTruthy();
    const accounts = await server.db.sequelize.query<{ id: number }>(
      `SELECT id FROM users WHERE lower(email) = 'ana@demo.kib'`,
      { type: QueryTypes.SELECT },
    );
    expect(accounts).toHaveLength(1);
  });

  it("writes to the owner of a taken address in the account's language, not the visitor's", async () => {
    await insertUser(server.db.sequelize, { email: 'owner-en@demo.kib', language: 'en' });
    const res = await client().post('/api/auth/users/', { ...signup, email: 'owner-en@demo.kib' });
    expect(res.status).toBe(201);
    const mail = await mailTo('owner-en@demo.kib', 'You already have a Kib account');
    expect(mail).toContain('tried to sign up for Kib with this e-mail address');
  });

  it('mails a fresh activation link when the taken address was never activated', async () => {
    const email = 'pending@demo.kib';
    await insertUser(server.db.sequelize, { email, active: false });
    const res = await client().post('/api/auth/users/', { ...signup, email });
    expect(res.status).toBe(201);
    const { uid, token } = await linkFromOutbox(email, '/activate');
    expect((await client().post('/api/auth/users/activation/', { uid, token })).status).toBe(200);
    // The password is still the one of the first sign-up.
    expect((await client().post('/api/auth/jwt/create/', { email, password: 'demo1234' })).status).toBe(200);
  });

  it.each([
    [{ email: 'x@localhost' }, 'email', 'Introduce un correo electrónico válido.'],
    [
      { password: '12345', re_password: '12345' },
      'password',
      'La contraseña debe tener al menos 6 caracteres.',
    ],
    [{ re_password: 'otra123' }, 're_password', 'Las contraseñas no coinciden.'],
    [{ is_teacher: true }, 'is_teacher', 'Elige estudiante o profesor, no ambos.'],
  ])('refuses %j with a message under %s', async (change, field, message) => {
    const res = await client().post('/api/auth/users/', { ...signup, email: 'otra@colegio.co', ...change });
    expect(res.status).toBe(400);
    expect((res.body.fields as Record<string, string[]>)[field]).toContain(message);
  });

  it('puts teachers and school admins in their groups', async () => {
    const t = await client().post('/api/auth/users/', {
      ...signup,
      email: 'profe@colegio.co',
      is_student: false,
      is_teacher: true,
      user_type: 'teacher',
    });
    expect(t.body.groups).toEqual(['Teachers']);
    const a = await client().post('/api/auth/users/', {
      ...signup,
      email: 'rector@colegio.co',
      is_student: false,
      user_type: 'schoolAdmin',
    });
    expect(a.body.groups).toEqual(['School Admin']);
  });

  it('refuses a forged activation link', async () => {
    const res = await client().post('/api/auth/users/activation/', { uid: 'MQ', token: 'x'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('activation-invalid');
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends existing sessions', async () => {
    const email = 'olvido@demo.kib';
    await insertUser(server.db.sequelize, { email, language: 'en' });
    const c = client();
    await c.post('/api/auth/jwt/create/', { email, password: 'demo1234' });
    expect(c.cookies.has(REFRESH_COOKIE)).toBe(true);

    expect((await client().post('/api/auth/users/reset_password/', { email })).status).toBe(204);
    const { uid, token, text } = await linkFromOutbox(email, '/password/reset/confirm');
    expect(text).toContain('Reset your Kib password');
    const mismatch = await client().post('/api/auth/users/reset_password_confirm/', {
      uid,
      token,
      new_password: 'nueva123',
      re_new_password: 'nueva124',
    });
    expect(mismatch.status).toBe(400);
    expect(Object.keys(mismatch.body.fields as object)).toEqual(['re_new_password']);
    const ok = await client().post('/api/auth/users/reset_password_confirm/', {
      uid,
      token,
      new_password: 'nueva123',
      re_new_password: 'nueva123',
    });
    expect(ok.status).toBe(204);
    expect((await c.post('/api/auth/jwt/refresh/')).status).toBe(401);
    expect((await client().post('/api/auth/jwt/create/', { email, password: 'demo1234' })).status).toBe(401);
    expect((await client().post('/api/auth/jwt/create/', { email, password: 'nueva123' })).status).toBe(200);
    const again = await client().post('/api/auth/users/reset_password_confirm/', {
      uid,
      token,
      new_password: 'otra1234',
      re_new_password: 'otra1234',
    });
    expect(again.status).toBe(400);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = (await fs.readdir(server.outboxDir)).length;
    expect((await client().post('/api/auth/users/reset_password/', { email: 'ghost@demo.kib' })).status).toBe(
      204,
    );
    expect((await fs.readdir(server.outboxDir)).length).toBe(before);
  });
});

describe('rate limits', () => {
  const login = (email: string, password: string, address: string) =>
    client().post('/api/auth/jwt/create/', { email, password }, { 'x-forwarded-for': address });

  it('locks out the address of repeated failed logins, even with the right password, but not the owner elsewhere', async () => {
    const email = 'bruteforced@demo.kib';
    await insertUser(server.db.sequelize, { email });
    for (let i = 0; i < 10; i++) expect((await login(email, `wrong-${i}`, '10.0.0.9')).status).toBe(401);
    const blocked = await login(email, 'demo1234', '10.0.0.9');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('rate-limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The teacher at school logs in before class as usual.
    expect((await login(email, 'demo1234', '10.0.7.1')).status).toBe(200);
    expect((await login(email, 'demo1234', '10.0.0.9')).status).toBe(429);
  });

  it('slows down, never refuses, the logins from new addresses of an account whose failures from all addresses pass its ceiling', async () => {
    const email = 'targeted@demo.kib';
    await insertUser(server.db.sequelize, { email });
    const ceiling = new Limiter(server.db.sequelize, LIMITS.loginPerAccount);
    for (let i = 0; i < LIMITS.loginPerAccount.points - 1; i++) await ceiling.hit(email);
    // Failures from many addresses, none near its own limit.
    expect((await login(email, 'wrong', '10.0.1.1')).status).toBe(401);
    expect(await ceiling.exhausted(email)).toBe(true);
    const started = Date.now();
    const owner = await login(email, 'demo1234', '10.0.1.2');
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_MS);
    const guess = await login(email, 'wrong-again', '10.0.1.3');
    expect(guess.status).toBe(401);
  });

  it('counts in PostgreSQL, so another app instance on the same database sees the block', async () => {
    const rows = await server.db.sequelize.query<{ key: string; points: number }>(
      `SELECT key, points FROM rate_limits WHERE key LIKE 'login-account%bruteforced@demo.kib%'`,
      { type: QueryTypes.SELECT },
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { key: 'login-account-ip:bruteforced@demo.kib|10.0.0.9', points: 10 },
        { key: 'login-account:bruteforced@demo.kib', points: 10 },
      ]),
    );
  });

  it('counts the failures of an e-mail as long as the contract allows', async () => {
    const email = `${'a'.repeat(240)}@demo.kib`;
    for (let i = 0; i < 10; i++) expect((await login(email, 'wrong', '10.0.2.1')).status).toBe(401);
    expect((await login(email, 'wrong', '10.0.2.1')).status).toBe(429);
  });
});
