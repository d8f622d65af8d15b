import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import recorded from './fixtures/moodle456-lti11-launch.json' with { type: 'json' };
import { verifyLaunch, type VerifierDeps } from './launch-verifier';
import type { ConsumerRecord } from '../shared/lti.repository';
import {
  baseStringUri,
  bodyHash,
  hmacSha1,
  percentEncode,
  signatureBaseString,
  signaturesEqual,
} from './oauth1';

const MOODLE: ConsumerRecord = {
  consumerKey: 'mathkey',
  name: 'Moodle 4.5.6',
  secret: 'plainsecret123',
  previousSecret: null,
  previousSecretUntil: null,
  allowedOrigins: ['http://127.0.0.1:8081'],
  createdAt: new Date(0),
};
const CAPTURED = new Date(recorded.capturedAt * 1000);

/** The verifier's dependencies with an in-memory nonce set and a fixed clock. */
function deps(now: Date, consumer: ConsumerRecord = MOODLE): VerifierDeps & { nonces: Set<string> } {
  const nonces = new Set<string>();
  return {
    nonces,
    findConsumer: async (key) => (key === consumer.consumerKey ? consumer : null),
    useNonce: async (key, nonce) => {
      const id = `${key}\n${nonce}`;
      if (nonces.has(id)) return false;
      nonces.add(id);
      return true;
    },
    now: () => now,
  };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'accepted';
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.code}`;
    throw err;
  }
}

const launch = { method: 'POST', url: recorded.url, body: recorded.body };

describe('a launch recorded from Moodle 4.5.6', () => {
  it('is accepted at the moment it was captured, against the URL Moodle signed', async () => {
    const verified = await verifyLaunch(launch, deps(CAPTURED));
    expect(verified.consumer.consumerKey).toBe('mathkey');
    expect(verified.params.get('custom_activity_code')).toBe('A7K2');
    expect(verified.params.get('roles')).toBe('Learner');
  });

  it('is accepted 5 minutes either side of its timestamp and refused 5 minutes and 1 second away', async () => {
    const at = (s: number) => new Date(CAPTURED.getTime() + s * 1000);
    expect(await refusal(verifyLaunch(launch, deps(at(300))))).toBe('accepted');
    expect(await refusal(verifyLaunch(launch, deps(at(-300))))).toBe('accepted');
    expect(await refusal(verifyLaunch(launch, deps(at(301))))).toBe('401 lti-launch-expired');
    expect(await refusal(verifyLaunch(launch, deps(at(-301))))).toBe('401 lti-launch-expired');
  });

  it('is refused when any one byte of a parameter changes', async () => {
    // Every value byte of a few parameters, one at a time: A7K2 → B7K2, Learner → Mearner, …
    const targets = ['custom_activity_code=A7K2', 'roles=Learner', 'user_id=4', 'context_id=2'];
    for (const target of targets) {
      const at = recorded.body.indexOf(target) + target.indexOf('=') + 1;
      const changed =
        recorded.body.slice(0, at) +
        String.fromCharCode(recorded.body.charCodeAt(at) + 1) +
        recorded.body.slice(at + 1);
      expect(await refusal(verifyLaunch({ ...launch, body: changed }, deps(CAPTURED)))).toBe(
        '401 lti-signature-invalid',
      );
    }
  });

  it('is refused against another URL, another secret or an added parameter', async () => {
    const other = (patch: Partial<typeof launch>, consumer = MOODLE) =>
      refusal(verifyLaunch({ ...launch, ...patch }, deps(CAPTURED, consumer)));
    expect(await other({ url: 'https://127.0.0.1:3100/lti11/launch' })).toBe('401 lti-signature-invalid');
    expect(await other({ url: 'http://127.0.0.1:3100/lti11/launch?x=1' })).toBe('401 lti-signature-invalid');
    expect(await other({}, { ...MOODLE, secret: 'plainsecret124' })).toBe('401 lti-signature-invalid');
    expect(await other({ body: `${recorded.body}&custom_role=admin` })).toBe('401 lti-signature-invalid');
    expect(
      await other({ body: recorded.body.replace('oauth_consumer_key=mathkey', 'oauth_consumer_key=other') }),
    ).toBe('401 lti-signature-invalid');
  });

  it('is refused the second time (its nonce is spent)', async () => {
    const d = deps(CAPTURED);
    expect(await refusal(verifyLaunch(launch, d))).toBe('accepted');
    expect(await refusal(verifyLaunch(launch, d))).toBe('401 lti-nonce-used');
  });

  it('passes with the previous secret only during the rotation grace period', async () => {
    const rotated = (until: Date): ConsumerRecord => ({
      ...MOODLE,
      secret: 'a-brand-new-secret',
      previousSecret: MOODLE.secret,
      previousSecretUntil: until,
    });
    const later = new Date(CAPTURED.getTime() + 1000);
    expect(await refusal(verifyLaunch(launch, deps(CAPTURED, rotated(later))))).toBe('accepted');
    expect(await refusal(verifyLaunch(launch, deps(CAPTURED, rotated(CAPTURED))))).toBe(
      '401 lti-signature-invalid',
    );
  });

  it('answers 401, not an error, for a signature of another length or alphabet', async () => {
    for (const signature of ['', 'AA%3D%3D', 'x'.repeat(500), '%C3%A9%E2%82%AC']) {
      const body = recorded.body.replace(/oauth_signature=[^&]*/, `oauth_signature=${signature}`);
      const outcome = await refusal(verifyLaunch({ ...launch, body }, deps(CAPTURED)));
      expect(outcome, signature).toMatch(/^40[01] /);
    }
  });

  it('refuses a repeated parameter and a method other than HMAC-SHA1 as malformed (400)', async () => {
    const twice = `${recorded.body}&roles=Instructor`;
    expect(await refusal(verifyLaunch({ ...launch, body: twice }, deps(CAPTURED)))).toBe(
      '400 lti-launch-invalid',
    );
    const plain = recorded.body.replace(
      'oauth_signature_method=HMAC-SHA1',
      'oauth_signature_method=PLAINTEXT',
    );
    expect(await refusal(verifyLaunch({ ...launch, body: plain }, deps(CAPTURED)))).toBe(
      '400 lti-launch-invalid',
    );
  });
});

describe('OAuth 1.0 building blocks (RFC 5849)', () => {
  it('percent-encodes by RFC 3986: only ALPHA, DIGIT and -._~ stay', () => {
    expect(percentEncode("a-._~ !*'()+/=&é")).toBe('a-._~%20%21%2A%27%28%29%2B%2F%3D%26%C3%A9');
  });

  it('builds the base string URI with lower-case scheme and host and no default port', () => {
    expect(baseStringUri('HTTP://Kib.Example:80/lti/1.1/launch?a=1#x')).toBe(
      'http://kib.example/lti/1.1/launch',
    );
    expect(baseStringUri('https://kib.example:443/p')).toBe('https://kib.example/p');
    expect(baseStringUri('https://kib.example:8443/p')).toBe('https://kib.example:8443/p');
  });

  it('signs the example of RFC 5849 §3.4.1.1 as the RFC does', () => {
    // The RFC's request: POST with a query, a form body and OAuth parameters in a header.
    const params: [string, string][] = [
      ['b5', '=%3D'],
      ['a3', 'a'],
      ['c@', ''],
      ['a2', 'r b'],
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
      ['c2', ''],
      ['a3', '2 q'],
    ];
    expect(signatureBaseString('post', 'http://example.com/request', params)).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it('computes HMAC-SHA1 with the key secret&token-secret', () => {
    // RFC 5849 §1.2's example (GET photos, consumer secret kd94hf93k423kf44, token secret pfkkdhi9sl3r4s00).
    const base =
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal';
    expect(hmacSha1(base, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00')).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
  });

  it('compares signatures without throwing on different lengths', () => {
    expect(signaturesEqual('abc=', 'abc=')).toBe(true);
    expect(signaturesEqual('abc=', 'abd=')).toBe(false);
    expect(signaturesEqual('abc=', 'abc==')).toBe(false);
    expect(signaturesEqual('abc=', '')).toBe(false);
  });

  it('hashes a body as plain base64(SHA-1), not as an HMAC', () => {
    // SHA-1("Hello World!") = 2ef7bde608ce5404e97d5f042f95f89f1c232871
    expect(bodyHash('Hello World!')).toBe(
      Buffer.from('2ef7bde608ce5404e97d5f042f95f89f1c232871', 'hex').toString('base64'),
    );
  });
});
