import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TEMP_STUDENT_GROUP } from '../http/access';
import { AccessTokens } from './tokens';

const SECRET = 'a-test-secret-long-enough-for-hs256-signing';
const tokens = new AccessTokens(SECRET, 300);

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

/** A token signed with the right key and claims of our choosing, as a forger with the key would. */
function signRaw(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('kib')
    .setAudience('kib-api')
    .setIssuedAt()
    .setExpirationTime('60s')
    .sign(new TextEncoder().encode(SECRET));
}

describe('AccessTokens', () => {
  it('round-trips an account principal', async () => {
    const principal = { userId: 42, groups: ['Students'] };
    expect(await tokens.verify(await tokens.sign(principal))).toEqual(principal);
  });

  it('round-trips a temporary student principal, without a user_id claim, for the given time', async () => {
    const principal = { userId: 0, groups: [TEMP_STUDENT_GROUP], tempStudent: { id: 7, moduleId: 3 } };
    const token = await tokens.sign(principal, { ttlSeconds: 8 * 3600 });
    expect(await tokens.verify(token)).toEqual(principal);
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ temp_student_id: 7, module_id: 3, sub: 'temp-student:7' });
    expect(claims).not.toHaveProperty('user_id');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(8 * 3600);
  });

  it('refuses a temporary student token without a module, or claiming a user too', async () => {
    const base = { groups: [TEMP_STUDENT_GROUP], token_type: 'access' };
    expect(await tokens.verify(await signRaw({ ...base, temp_student_id: 7 }))).toBeNull();
    expect(
      await tokens.verify(await signRaw({ ...base, temp_student_id: 7, module_id: 3, user_id: 1 })),
    ).toBeNull();
    expect(await tokens.verify(await signRaw({ ...base, temp_student_id: '7', module_id: 3 }))).toBeNull();
  });

  it('refuses a token whose session, student or activity has ended, and no other', async () => {
    const ended = new Set<string>();
    const checked = new AccessTokens(SECRET, 300, { hasEnded: (keys) => keys.some((k) => ended.has(k)) });
    const sid = crypto.randomUUID();
    const account = await checked.sign({ userId: 1, groups: [] }, { session: sid });
    const student = await checked.sign(
      { userId: 0, groups: [TEMP_STUDENT_GROUP], tempStudent: { id: 7, moduleId: 3 } },
      { activity: { key: 'activity:5', closesAt: null } },
    );
    const alive = async () => [
      (await checked.verify(account)) !== null,
      (await checked.verify(student)) !== null,
    ];
    expect(claimsOf(account)).toMatchObject({ sid });
    expect(claimsOf(student)).toMatchObject({ act: 'activity:5' });
    expect(await alive()).toEqual([true, true]);
    ended.add(`session:${sid}`);
    expect(await alive()).toEqual([false, true]);
    ended.clear();
    ended.add('temp-student:7');
    expect(await alive()).toEqual([true, false]);
    ended.clear();
    ended.add('activity:5');
    expect(await alive()).toEqual([true, false]);
  });

  it('expires a token at the close of its activity when that comes first', async () => {
    const closesAt = new Date(Date.now() + 600_000);
    const token = await tokens.sign(
      { userId: 0, groups: [TEMP_STUDENT_GROUP], tempStudent: { id: 7, moduleId: 3 } },
      { ttlSeconds: 8 * 3600, activity: { key: 'module-code:2', closesAt } },
    );
    expect(claimsOf(token).exp).toBe(Math.floor(closesAt.getTime() / 1000));
  });

  it.each([
    ['a sid that is not a family id', { sid: 'everyone' }],
    ['a sid that is not a string', { sid: 1 }],
    ['an act of an unknown kind', { act: 'module:3' }],
    ['an act without an id', { act: 'activity:' }],
  ])('refuses %s', async (_, claims) => {
    expect(
      await tokens.verify(await signRaw({ user_id: 1, groups: [], token_type: 'access', ...claims })),
    ).toBeNull();
  });

  it('refuses a token signed with another key', async () => {
    const other = new AccessTokens('another-secret-that-is-also-long-enough', 300);
    expect(await tokens.verify(await other.sign({ userId: 1, groups: [] }))).toBeNull();
  });
});
