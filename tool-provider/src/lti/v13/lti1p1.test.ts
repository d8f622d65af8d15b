import { describe, expect, it } from 'vitest';
import type { IdTokenClaims } from './id-token';
import type { ConsumerRecord } from '../shared/lti.repository';
import { LTI1P1_CLAIM, lti1p1Identity, lti1p1Sign, lti1p1SignBase } from './lti1p1';

/** The example of the 1EdTech LTI 1.3 Migration Guide ("LTI 1.1 migration claim"). */
const SPEC = {
  consumerKey: '179248902',
  deploymentId: '689302',
  issuer: 'https://lmsvendor.com',
  clientId: 'PM48OJSfGDTAzAo',
  exp: 1551290856,
  nonce: '172we8671fd8z',
};
const SPEC_SECRET = 'my-lti11-secret';
const SPEC_SIGN = 'lWd54kFo5qU7xshAna6v8BwoBm6tmUjc6GTax6+12ps=';
const NOW = new Date(1551290800 * 1000);

const claims = (claim: unknown, sub = '3'): IdTokenClaims => ({
  nonce: SPEC.nonce,
  iat: 1551290796,
  exp: SPEC.exp,
  iss: SPEC.issuer,
  aud: SPEC.clientId,
  sub,
  'https://purl.imsglobal.org/spec/lti/claim/deployment_id': SPEC.deploymentId,
  [LTI1P1_CLAIM]: claim,
});

const consumer = (over: Partial<ConsumerRecord> = {}): ConsumerRecord => ({
  consumerKey: SPEC.consumerKey,
  name: 'LMS',
  secret: SPEC_SECRET,
  previousSecret: null,
  previousSecretUntil: null,
  allowedOrigins: [],
  createdAt: NOW,
  ...over,
});

const find = (record: ConsumerRecord | null) => (key: string) =>
  Promise.resolve(record && record.consumerKey === key ? record : null);

describe('the LTI 1.1 migration claim', () => {
  it("signs the Migration Guide's example as the guide does", () => {
    expect(lti1p1SignBase(SPEC)).toBe(
      '179248902&689302&https://lmsvendor.com&PM48OJSfGDTAzAo&1551290856&172we8671fd8z',
    );
    expect(lti1p1Sign(SPEC, SPEC_SECRET)).toBe(SPEC_SIGN);
  });

  it("names the LTI 1.1 identity of the guide's example, by user_id or else by sub", async () => {
    const claim = {
      user_id: '34212',
      oauth_consumer_key: SPEC.consumerKey,
      oauth_consumer_key_sign: SPEC_SIGN,
    };
    expect(await lti1p1Identity(claims(claim), SPEC.clientId, find(consumer()), NOW)).toEqual({
      identity: { kind: '1.1', platform: SPEC.consumerKey, subject: '34212' },
    });
    const { user_id: _omitted, ...withoutUser } = claim;
    expect(await lti1p1Identity(claims(withoutUser), SPEC.clientId, find(consumer()), NOW)).toEqual({
      identity: { kind: '1.1', platform: SPEC.consumerKey, subject: '3' },
    });
  });

  it('accepts the previous secret only until the end of its grace', async () => {
    const rotated = (until: Date) =>
      consumer({ secret: 'new-secret', previousSecret: SPEC_SECRET, previousSecretUntil: until });
    const claim = { oauth_consumer_key: SPEC.consumerKey, oauth_consumer_key_sign: SPEC_SIGN };
    const later = new Date(NOW.getTime() + 60_000);
    expect(await lti1p1Identity(claims(claim), SPEC.clientId, find(rotated(later)), NOW)).toHaveProperty(
      'identity',
    );
    expect(await lti1p1Identity(claims(claim), SPEC.clientId, find(rotated(NOW)), NOW)).toEqual({
      refused: 'sign-invalid',
      consumerKey: SPEC.consumerKey,
    });
  });

  it('refuses a wrong sign, another client id, an unknown consumer and a malformed claim', async () => {
    const claim = { oauth_consumer_key: SPEC.consumerKey, oauth_consumer_key_sign: SPEC_SIGN };
    const wrong = { ...claim, oauth_consumer_key_sign: SPEC_SIGN.replace('lW', 'lX') };
    expect(await lti1p1Identity(claims(wrong), SPEC.clientId, find(consumer()), NOW)).toMatchObject({
      refused: 'sign-invalid',
    });
    // The sign covers the client id: a sign made for another registration does not pass.
    expect(await lti1p1Identity(claims(claim), 'other-client', find(consumer()), NOW)).toMatchObject({
      refused: 'sign-invalid',
    });
    expect(await lti1p1Identity(claims(claim), SPEC.clientId, find(null), NOW)).toEqual({
      refused: 'unknown-consumer',
      consumerKey: SPEC.consumerKey,
    });
    for (const bad of ['text', [claim], { oauth_consumer_key: SPEC.consumerKey }, { ...claim, user_id: 7 }])
      expect(await lti1p1Identity(claims(bad), SPEC.clientId, find(consumer()), NOW)).toEqual({
        refused: 'malformed',
      });
    expect(await lti1p1Identity(claims(undefined), SPEC.clientId, find(consumer()), NOW)).toBeNull();
  });
});
