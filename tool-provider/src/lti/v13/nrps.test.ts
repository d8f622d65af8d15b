import { describe, expect, it } from 'vitest';
import type { PlatformRecord } from './lti13.repository';
import { MembershipsClient, nextPageUrl } from './nrps';
import type { PlatformTokens } from './platform-tokens';

const PLATFORM: PlatformRecord = {
  id: 1,
  issuer: 'https://lms.example',
  clientId: 'c',
  name: 'LMS',
  authLoginUrl: 'https://lms.example/auth',
  authTokenUrl: 'https://lms.example/token',
  jwksUrl: 'https://lms.example/jwks',
  allowedOrigins: ['https://lms.example'],
};

const tokens = { token: async () => 't', forget: () => undefined } as unknown as PlatformTokens;

function client(pages: Record<string, { body: unknown; link?: string; status?: number }>) {
  const asked: string[] = [];
  const fetch = (async (url: string) => {
    asked.push(url);
    const page = pages[url];
    if (!page) return new Response('', { status: 404 });
    return new Response(JSON.stringify(page.body), {
      status: page.status ?? 200,
      headers: page.link ? { link: page.link } : {},
    });
  }) as unknown as typeof globalThis.fetch;
  return { memberships: new MembershipsClient({ tokens, fetch }), asked };
}

describe('nextPageUrl', () => {
  it('finds rel="next" among other links, quoted or not, with several relation types', () => {
    const base = 'https://lms.example/m?page=1';
    expect(nextPageUrl('<https://lms.example/m?page=2>; rel="next"', base)).toBe(
      'https://lms.example/m?page=2',
    );
    expect(nextPageUrl('<https://lms.example/d>; rel=differences, </m?page=3>; rel=next', base)).toBe(
      'https://lms.example/m?page=3',
    );
    expect(nextPageUrl('<https://lms.example/m?page=2>; rel="prev next"', base)).toBe(
      'https://lms.example/m?page=2',
    );
    expect(nextPageUrl('<https://lms.example/d>; rel="differences"', base)).toBeNull();
    expect(nextPageUrl('<https://lms.example/n>; title="next"', base)).toBeNull();
    expect(nextPageUrl(null, base)).toBeNull();
  });
});

describe('MembershipsClient', () => {
  const url = 'https://lms.example/memberships';
  const first = `${url}?rlid=rl-1`;

  it('reads every page, skips inactive and malformed members and maps roles', async () => {
    const { memberships, asked } = client({
      [first]: {
        body: {
          members: [
            {
              user_id: 'a',
              roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
              name: 'Ana María Gómez',
            },
            { user_id: 'b', roles: ['Instructor'], given_name: 'Luis', family_name: 'Pérez' },
            { user_id: 'c', roles: [], status: 'Inactive' },
            { roles: ['Learner'] },
          ],
        },
        link: `<${url}?p=2>; rel="next"`,
      },
      [`${url}?p=2`]: { body: { members: [{ user_id: 'd' }] } },
    });
    expect(await memberships.members(PLATFORM, url, 'rl-1')).toEqual({
      members: [
        { subject: 'a', firstName: 'Ana', lastName: 'María Gómez', role: 'learner' },
        { subject: 'b', firstName: 'Luis', lastName: 'Pérez', role: 'instructor' },
        { subject: 'd', firstName: '', lastName: '', role: 'learner' },
      ],
      pages: 2,
    });
    expect(asked).toEqual([first, `${url}?p=2`]);
  });

  it('refuses a next page on another origin, a page that is not a container and a failed page', async () => {
    await expect(
      client({
        [first]: { body: { members: [] }, link: '<https://evil.example/m>; rel="next"' },
      }).memberships.members(PLATFORM, url, 'rl-1'),
    ).rejects.toThrow(/not on the platform/);
    await expect(
      client({ [first]: { body: { people: [] } } }).memberships.members(PLATFORM, url, 'rl-1'),
    ).rejects.toThrow(/not a membership container/);
    await expect(
      client({ [first]: { body: {}, status: 500 } }).memberships.members(PLATFORM, url, 'rl-1'),
    ).rejects.toThrow(/HTTP 500/);
  });

  it('stops a roster whose pages never end', async () => {
    const pages: Record<string, { body: unknown; link: string }> = {};
    for (let i = 0; i < 30; i++)
      pages[i === 0 ? first : `${url}?p=${i}`] = {
        body: { members: [] },
        link: `<${url}?p=${i + 1}>; rel="next"`,
      };
    await expect(client(pages).memberships.members(PLATFORM, url, 'rl-1')).rejects.toThrow(
      /more than 20 pages/,
    );
  });
});
