import { describe, expect, it } from 'vitest';
import {
  AddLtiConsumerSchema,
  AddLtiPlatformSchema,
  LTI_DEFAULT_GRACE_HOURS,
  LtiRotationSchema,
} from './lti-admin.schemas';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('AddLtiConsumerSchema', () => {
  it('trims the key and the name, drops blank origins and takes none by default', () => {
    expect(AddLtiConsumerSchema.parse({ consumerKey: ' colegio ', name: ' Moodle ' })).toEqual({
      consumerKey: 'colegio',
      name: 'Moodle',
      allowedOrigins: [],
    });
    expect(
      AddLtiConsumerSchema.parse({ consumerKey: 'k', name: 'n', allowedOrigins: [' https://a.example ', ''] })
        .allowedOrigins,
    ).toEqual(['https://a.example']);
  });

  it.each([
    [{ consumerKey: 'with space', name: 'n' }, { consumerKey: 'validation.lti-consumer-key' }],
    [{ consumerKey: 'k', name: '   ' }, { name: 'validation.required' }],
    [{ consumerKey: 'k'.repeat(256), name: 'n' }, { consumerKey: 'validation.too-long' }],
    [
      { consumerKey: 'k', name: 'n', allowedOrigins: Array(21).fill('https://a.example') },
      { allowedOrigins: 'validation.too-many' },
    ],
  ])('refuses %j naming the field', (input, expected) => {
    expect(messages(AddLtiConsumerSchema.safeParse(input))).toEqual(expected);
  });
});

describe('AddLtiPlatformSchema', () => {
  const platform = {
    issuer: 'https://moodle.example',
    clientId: 'abc',
    name: 'Moodle',
    authLoginUrl: 'https://moodle.example/mod/lti/auth.php',
    authTokenUrl: 'https://moodle.example/mod/lti/token.php',
    jwksUrl: 'https://moodle.example/mod/lti/certs.php',
  };

  it('takes http(s) endpoints only', () => {
    expect(AddLtiPlatformSchema.parse(platform).deployments).toEqual([]);
    expect(
      messages(
        AddLtiPlatformSchema.safeParse({ ...platform, authLoginUrl: 'javascript:alert(1)', jwksUrl: 'x' }),
      ),
    ).toEqual({ authLoginUrl: 'validation.url', jwksUrl: 'validation.url' });
  });
});

describe('LtiRotationSchema', () => {
  it('defaults to 72 hours and keeps the grace period within 0 to 90 days', () => {
    expect(LtiRotationSchema.parse({})).toEqual({ graceHours: LTI_DEFAULT_GRACE_HOURS });
    expect(LtiRotationSchema.parse({ graceHours: 0 })).toEqual({ graceHours: 0 });
    for (const graceHours of [-1, 2161, null, 'soon', Number.NaN])
      expect(messages(LtiRotationSchema.safeParse({ graceHours }))).toEqual({
        graceHours: 'validation.grace-hours',
      });
  });
});
