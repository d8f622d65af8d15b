import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Address ranges that are not the public Internet (RFC 6890 special-purpose and local ranges). */
const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6');

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, `::ffff:a00:1`), or null. */
function mappedIpv4(address: string): string | null {
  const dotted = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function inList(list: net.BlockList, address: string): boolean {
  const v4 = mappedIpv4(address) ?? address;
  if (net.isIPv4(v4)) return list.check(v4, 'ipv4');
  return net.isIPv6(address) && list.check(address, 'ipv6');
}

/** Is the address on the public Internet (not loopback, private, link-local, reserved …)? */
export function isPublicAddress(address: string): boolean {
  return net.isIP(address) !== 0 && !inList(NOT_PUBLIC, address);
}

/** Which addresses a guarded request may connect to. */
export interface AddressPolicy {
  /** Loopback (the local machine): development and tests. */
  loopback: boolean;
  /** Any address: an LMS on the institution's own network. */
  privateNetworks: boolean;
}

/** A request refused because its host is, or resolves to, an address the policy does not allow. */
export class AddressRefusedError extends Error {
  readonly code = 'EADDRREFUSED';
  constructor(readonly host: string) {
    super(`${host} is not on an allowed network`);
  }
}

function allowed(address: string, policy: AddressPolicy): boolean {
  return policy.privateNetworks || isPublicAddress(address) || (policy.loopback && inList(LOOPBACK, address));
}

/**
 * A DNS lookup that fails for a host with any address the policy refuses. Node calls it when it
 * connects, so the address checked is the address connected to (a host cannot answer a public
 * address to a first lookup and a private one to the connection).
 */
function guardedLookup(policy: AddressPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((a) => !allowed(a.address, policy)))
        return callback(new AddressRefusedError(hostname), '', 0);
      if ((options as dns.LookupOptions).all)
        return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** What a guarded request answers: the status and up to `maxBytes` of the body. */
export interface GuardedResponse {
  status: number;
  body: Buffer;
}

/**
 * One HTTP(S) request to a URL chosen by someone else (an LMS registering itself): only to hosts
 * the policy allows, checked at connection time; no redirect followed; `timeoutMs` for the whole
 * exchange; at most `maxBytes` read (more is an error).
 */
export function guardedRequest(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  options: { policy: AddressPolicy; timeoutMs: number; maxBytes: number },
): Promise<GuardedResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An address in the URL is connected to without a lookup: checked here instead.
    if (net.isIP(host) && !allowed(host, options.policy)) return reject(new AddressRefusedError(host));
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: init.method,
        headers:
          init.body === undefined
            ? init.headers
            : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
        lookup: guardedLookup(options.policy),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size <= options.maxBytes) chunks.push(chunk);
          else {
            reject(new Error('the answer is too large'));
            response.destroy();
          }
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
