import { importJWK, type CryptoKey, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import recorded from './fixtures/moodle456-lti13-launch.json' with { type: 'json' };
import { CLOCK_LEEWAY_SECONDS, verifyIdToken, type IdTokenExpectations } from './id-token';

const form = new URLSearchParams(recorded.launch.body);
const ID_TOKEN = form.get('id_token')!;
/** The nonce the recorded tool issued; here it is treated as Kib's. */
const NONCE = 'u5ndkdovyaxc523aimkn8rq7h';
const CAPTURED_AT = recorded.launch.capturedAt;

async function moodleKey(kid: string): Promise<CryptoKey | null> {
  const jwk = recorded.jwks.keys.find((k) => k.kid === kid);
  return jwk ? ((await importJWK(jwk as JWK, 'RS256')) as CryptoKey) : null;
}

function expectations(overrides: Partial<IdTokenExpectations> = {}): IdTokenExpectations {
  return {
    issuer: 'http://127.0.0.1:8081',
    clientId: 'mbieYKMTvEuEDWA',
    nonce: NONCE,
    key: moodleKey,
    deploymentRegistered: (id) => Promise.resolve(id === '2'),
    now: () => new Date(CAPTURED_AT * 1000),
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { status: (err as AppError).status, code: (err as AppError).code };
}

describe('the id_token recorded from Moodle 4.5.6', () => {
  it('is accepted at its capture time, with its claims', async () => {
    const claims = await verifyIdToken(ID_TOKEN, expectations());
    expect(claims).toMatchObject({ iss: 'http://127.0.0.1:8081', aud: 'mbieYKMTvEuEDWA', sub: '4' });
    expect(claims['https://purl.imsglobal.org/spec/lti/claim/custom']).toMatchObject({
      activity_code: 'B9Q4',
    });
  });

  it('is accepted at the end of the leeway and refused one second after', async () => {
    const exp = CAPTURED_AT + 60;
    await expect(
      verifyIdToken(ID_TOKEN, expectations({ now: () => new Date((exp + CLOCK_LEEWAY_SECONDS) * 1000) })),
    ).resolves.toBeTruthy();
    expect(
      await refusal(
        verifyIdToken(
          ID_TOKEN,
          expectations({ now: () => new Date((exp + CLOCK_LEEWAY_SECONDS + 1) * 1000) }),
        ),
      ),
    ).toEqual({ status: 401, code: 'lti-launch-expired' });
  });

  it('is refused with one byte changed in the payload or the signature', async () => {
    const [h, p, s] = ID_TOKEN.split('.') as [string, string, string];
    const flip = (part: string, at: number) =>
      part.slice(0, at) + (part[at] === 'A' ? 'B' : 'A') + part.slice(at + 1);
    expect(await refusal(verifyIdToken(`${h}.${flip(p, 40)}.${s}`, expectations()))).toMatchObject({
      status: 401,
    });
    expect(await refusal(verifyIdToken(`${h}.${p}.${flip(s, 10)}`, expectations()))).toMatchObject({
      status: 401,
    });
  });

  it('is refused for another nonce, issuer, client id or deployment', async () => {
    for (const overrides of [
      { nonce: 'another-nonce' },
      { issuer: 'http://127.0.0.1:8081/' },
      { clientId: 'otherClient' },
      { deploymentRegistered: () => Promise.resolve(false) },
    ])
      expect(await refusal(verifyIdToken(ID_TOKEN, expectations(overrides)))).toEqual({
        status: 400,
        code: 'lti-launch-invalid',
      });
  });
});
