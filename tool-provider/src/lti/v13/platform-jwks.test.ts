import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import recorded from './fixtures/moodle456-lti13-launch.json' with { type: 'json' };
import { JWKS_REFETCH_INTERVAL_MS, PlatformKeySets } from './platform-jwks';

const KID = '7d402959f4e86821506c';

/** A platform's JWKS endpoint on a loopback port that counts the requests it answers. */
let platform: http.Server;
let base: string;
const hits = new Map<string, number>();
let answer: { status: number; keys: unknown[] } = { status: 200, keys: recorded.jwks.keys };

beforeAll(async () => {
  platform = http.createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: answer.keys }));
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => platform.close(() => resolve())));
beforeEach(() => {
  hits.clear();
  answer = { status: 200, keys: recorded.jwks.keys };
});

describe('PlatformKeySets', () => {
  it('answers a known kid from memory and fetches for unknown kids at most once a minute per platform', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const sets = new PlatformKeySets({ now: () => clock });
    const one = `${base}/one/certs`;
    const other = `${base}/other/certs`;
    expect(await sets.key(one, KID)).not.toBeNull();
    expect(await sets.key(one, KID)).not.toBeNull();
    expect(hits.get('/one/certs')).toBe(1);

    // A flood of invented kids, each different, in the same minute: no fetch at all.
    for (let i = 0; i < 50; i++) expect(await sets.key(one, `invented-${i}`)).toBeNull();
    expect(hits.get('/one/certs')).toBe(1);
    // Another platform has its own allowance.
    expect(await sets.key(other, 'invented-0')).toBeNull();
    expect(hits.get('/other/certs')).toBe(1);

    clock = new Date(clock.getTime() + JWKS_REFETCH_INTERVAL_MS - 1);
    expect(await sets.key(one, 'invented-x')).toBeNull();
    expect(hits.get('/one/certs')).toBe(1);
    clock = new Date(clock.getTime() + 1);
    expect(await sets.key(one, 'invented-y')).toBeNull();
    expect(await sets.key(one, 'invented-z')).toBeNull();
    expect(hits.get('/one/certs')).toBe(2);
    // The known key still answers without a fetch.
    expect(await sets.key(one, KID)).not.toBeNull();
    expect(hits.get('/one/certs')).toBe(2);
  });

  it('finds a rotated key at the first fetch a minute after the last', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const sets = new PlatformKeySets({ now: () => clock });
    const url = `${base}/rotating/certs`;
    answer = { status: 200, keys: [] };
    expect(await sets.key(url, KID)).toBeNull();
    answer = { status: 200, keys: recorded.jwks.keys };
    expect(await sets.key(url, KID)).toBeNull();
    expect(hits.get('/rotating/certs')).toBe(1);
    clock = new Date(clock.getTime() + JWKS_REFETCH_INTERVAL_MS);
    expect(await sets.key(url, KID)).not.toBeNull();
    expect(hits.get('/rotating/certs')).toBe(2);
  });

  it('shares one fetch between concurrent requests for different kids and survives a failing platform', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const sets = new PlatformKeySets({ now: () => clock });
    const url = `${base}/down/certs`;
    answer = { status: 503, keys: [] };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => sets.key(url, `kid-${i}`)));
    expect(results).toEqual(Array(20).fill(null));
    expect(hits.get('/down/certs')).toBe(1);
    // A platform that is down is not asked again within the minute either.
    expect(await sets.key(url, KID)).toBeNull();
    expect(hits.get('/down/certs')).toBe(1);
    answer = { status: 200, keys: recorded.jwks.keys };
    clock = new Date(clock.getTime() + JWKS_REFETCH_INTERVAL_MS);
    expect(await sets.key(url, KID)).not.toBeNull();
    expect(hits.get('/down/certs')).toBe(2);
  });

  it('gives each fetch a timeout signal', async () => {
    let signal: AbortSignal | null | undefined;
    const sets = new PlatformKeySets({
      fetch: ((url: string, init?: RequestInit) => {
        signal = init?.signal;
        return fetch(url, init);
      }) as typeof fetch,
    });
    expect(await sets.key(`${base}/signal/certs`, KID)).not.toBeNull();
    expect(signal).toBeInstanceOf(AbortSignal);
  });
});
