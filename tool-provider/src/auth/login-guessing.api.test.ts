import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type JsonResponse, type TestServer } from '../../testing/test-server';
import { LIMITS, Limiter } from '../http/rate-limit';
import { UserRepository } from '../users/user.repository';
import { LANES_PER_ACCOUNT } from './login-lanes';
import { ARGON2, PasswordBudget, type PasswordWork } from './password-budget';
import { hashPassword } from './passwords';

/**
 * The password checks under way, by stored hash (an account's own hash stands for the account), and
 * the most that were ever under way at once.
 */
class CheckCounter {
  private readonly now = new Map<string, number>();
  private readonly most = new Map<string, number>();

  readonly work: PasswordWork = {
    hash: ARGON2.hash,
    verify: async (hash, password) => {
      const running = (this.now.get(hash) ?? 0) + 1;
      this.now.set(hash, running);
      this.most.set(hash, Math.max(running, this.most.get(hash) ?? 0));
      try {
        return await ARGON2.verify(hash, password);
      } finally {
        this.now.set(hash, this.now.get(hash)! - 1);
      }
    },
  };

  /** The most checks against `hash` that were under way at once. */
  mostAtOnce(hash: string): number {
    return this.most.get(hash) ?? 0;
  }
}

const counter = new CheckCounter();
let server: TestServer;
let users: UserRepository;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      // More threads than an account may use, so that only the account's lines bound its checks.
      passwords: new PasswordBudget({ threads: 8, work: counter.work }),
      loginSlowdownMs: 20,
    },
  );
  users = new UserRepository(server.db.sequelize);
});
afterAll(() => server?.close());

/** An active account with a password (and so a hash) of its own; answers the hash. */
async function accountWithOwnHash(email: string, password: string): Promise<string> {
  const id = await insertUser(server.db.sequelize, { email });
  const hash = await hashPassword(password);
  await users.setPasswordHash(id, hash);
  return hash;
}

const login = (email: string, password: string, address: string) =>
  new TestClient(server.url).post(
    '/api/auth/jwt/create/',
    { email, password },
    { 'x-forwarded-for': address },
  );

/** `count` wrong passwords at `email` at once, each from its own address. */
const guesses = (email: string, count: number, subnet: string) =>
  Array.from({ length: count }, (_, i) =>
    login(email, `guess-${i}`, `${subnet}.${Math.floor(i / 250)}.${(i % 250) + 1}`),
  );

/** The uid and token of the newest reset link mailed to `to`. */
async function resetLink(to: string): Promise<{ uid: string; token: string }> {
  for (const file of (await fs.readdir(server.outboxDir)).sort().reverse()) {
    const text = (await fs.readFile(path.join(server.outboxDir, file), 'utf8')).replace(/=\r?\n/g, '');
    const link = /\/password\/reset\/confirm\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(text);
    if (text.includes(`To: ${to}`) && link) return { uid: link[1]!, token: link[2]! };
  }
  throw new Error(`no reset link mailed to ${to}`);
}

/** The 429s among `answers` are the full line's: translated, with a time to come back. */
function expectBusyAnswers(answers: JsonResponse[]): void {
  for (const busy of answers.filter((a) => a.status === 429)) {
    expect(busy.body.code).toBe('login-busy');
    expect(String(busy.body.detail)).toMatch(/^Hay muchos intentos de entrar a esta cuenta/);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
}

describe('guessing one account from many addresses at once', () => {
  it('checks at most two passwords of the account at once; the rest wait in line or get 429 login-busy', async () => {
    const email = 'guessed@demo.kib';
    const hash = await accountWithOwnHash(email, 'owner-secret-1');
    const answers = await Promise.all(guesses(email, 200, '10.61'));

    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expectBusyAnswers(answers);
    expect(counter.mostAtOnce(hash)).toBeGreaterThanOrEqual(1);
    expect(counter.mostAtOnce(hash)).toBeLessThanOrEqual(LANES_PER_ACCOUNT);
  });

  it('lets the owner in from an address they logged in from before, during the attack, past the ceiling', async () => {
    const email = 'besieged@demo.kib';
    const hash = await accountWithOwnHash(email, 'owner-secret-2');
    expect((await login(email, 'owner-secret-2', '10.50.0.1')).status).toBe(200);
    const ceiling = new Limiter(server.db.sequelize, LIMITS.loginPerAccount);
    for (let i = 0; i < LIMITS.loginPerAccount.points; i++) await ceiling.hit(email);
    expect(await ceiling.exhausted(email)).toBe(true);

    const attack = guesses(email, 200, '10.62');
    const owner = login(email, 'owner-secret-2', '10.50.0.1');
    const answers = await Promise.all(attack);

    expect((await owner).status).toBe(200);
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expectBusyAnswers(answers);
    expect(counter.mostAtOnce(hash)).toBeLessThanOrEqual(LANES_PER_ACCOUNT);
  });

  it('lets the owner in from a new address once they reset the password from it, during the attack', async () => {
    const email = 'forgetful@demo.kib';
    await accountWithOwnHash(email, 'owner-secret-4');
    const ceiling = new Limiter(server.db.sequelize, LIMITS.loginPerAccount);
    for (let i = 0; i < LIMITS.loginPerAccount.points; i++) await ceiling.hit(email);
    const phone = { 'x-forwarded-for': '10.80.0.1' };
    const owner = new TestClient(server.url, phone);
    expect((await owner.post('/api/auth/users/reset_password/', { email })).status).toBe(204);
    const { uid, token } = await resetLink(email);
    const reset = await owner.post('/api/auth/users/reset_password_confirm/', {
      uid,
      token,
      new_password: 'owner-secret-5',
      re_new_password: 'owner-secret-5',
    });
    expect(reset.status).toBe(204);

    const attack = guesses(email, 200, '10.64');
    const login = owner.post('/api/auth/jwt/create/', { email, password: 'owner-secret-5' });
    await Promise.all(attack);
    expect((await login).status).toBe(200);
  });

  it('lets a class of 40 students log in at once from the school address while an account is guessed', async () => {
    const emails = Array.from({ length: 40 }, (_, i) => `class-${i + 1}@demo.kib`);
    for (const email of emails) await insertUser(server.db.sequelize, { email });
    await accountWithOwnHash('teacher-guessed@demo.kib', 'owner-secret-3');

    const attack = guesses('teacher-guessed@demo.kib', 200, '10.63');
    const students = await Promise.all(emails.map((email) => login(email, 'demo1234', '10.70.0.1')));
    await Promise.all(attack);

    expect(students.map((s) => s.status)).toEqual(emails.map(() => 200));
  });
});
