import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { DynamicRegistration } from './dynamic-registration.service';
import { AddressRefusedError, guardedRequest, isPublicAddress } from './guarded-request';
import type { Lti13Repository } from './lti13.repository';

let server: http.Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === '/big') return void res.end('x'.repeat(10_000));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const GET = { method: 'GET' as const, headers: {} };
const options = (loopback: boolean, privateNetworks = false) => ({
  policy: { loopback, privateNetworks },
  timeoutMs: 2000,
  maxBytes: 1000,
});

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, shared, reserved and mapped local addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts public IPv4, IPv6 and mapped public addresses', () => {
    for (const address of ['8.8.8.8', '190.24.1.1', '2800:3f0:4005::200e', '::ffff:8.8.4.4'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('guardedRequest', () => {
  it('connects to the local machine only when the policy allows loopback', async () => {
    const before = hits;
    await expect(guardedRequest(`${base}/`, GET, options(false))).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(
      guardedRequest(base.replace('localhost', '127.0.0.1'), GET, options(false)),
    ).rejects.toBeInstanceOf(AddressRefusedError);
    expect(hits).toBe(before);
    const answer = await guardedRequest(`${base}/`, GET, options(true));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
    expect((await guardedRequest(`${base}/`, GET, options(false, true))).status).toBe(200);
  });

  it('stops reading an answer larger than the bound', async () => {
    await expect(guardedRequest(`${base}/big`, GET, options(true))).rejects.toThrow(/too large/);
  });
});

describe('dynamic registration in production', () => {
  it('refuses, without calling it, a configuration URL on the local network (400)', async () => {
    const registration = new DynamicRegistration({
      repo: {} as Lti13Repository,
      publicUrl: 'https://kib.example',
      open: true,
      allowLocalHttp: true,
      addressPolicy: { loopback: false, privateNetworks: false },
      logger: pino({ level: 'silent' }),
    });
    const before = hits;
    const refused = await registration
      .register({ openid_configuration: `${base}/.well-known/openid-configuration` })
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, code: 'lti-registration-invalid' });
    expect(hits).toBe(before);
  });
});
