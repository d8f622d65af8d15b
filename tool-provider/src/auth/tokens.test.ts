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

  it('refuses a token signed with another key', async () => {
    const other = new AccessTokens('another-secret-that-is-also-long-enough', 300);
    expect(await tokens.verify(await other.sign({ userId: 1, groups: [] }))).toBeNull();
  });
});
