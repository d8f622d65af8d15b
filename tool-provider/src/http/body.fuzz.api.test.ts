import { API, toSnakeCase, type AnyEndpoint, type GroupName } from '@kib/core';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { arbitraryInput, pathsOf, replaceAt } from '../../testing/schema-arbitrary';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { MAX_BODY_DEPTH } from './body-guard';

/*
 * Every endpoint of the contract that takes a body, called by a user its access rule lets in, with
 * arbitrary and hostile bodies: wrong types, huge strings, deep nesting, NULs and lone surrogates,
 * unknown keys, the endpoint's own fields holding any of these, bodies its schema accepts (built from
 * the schema, up to its bounds) and such bodies with one value made hostile. Whatever arrives, the answer is
 * never a 5xx, and it comes: each request completes within the server's own bound.
 */

/** Longest a request may take before the test calls it hung (the server's requests are far shorter). */
const REQUEST_BOUND_MS = 30_000;
/** Random bodies per endpoint, on top of the fixed hostile ones. */
const RUNS_PER_ENDPOINT = 8;

let server: TestServer;
const clients = new Map<string, TestClient>();

const withBody = (Object.values(API) as AnyEndpoint[]).filter((e) => e.body);

/** Who may call an endpoint: nobody logged in, or a user of its first role. */
function callerKey(endpoint: AnyEndpoint): string {
  const access = endpoint.access as { kind: string; roles?: readonly GroupName[] };
  if (access.kind === 'public') return 'public';
  if (access.kind === 'authenticated') return 'Students';
  return access.roles![0]!;
}

/** The top-level field names of a body schema (through refinements, transforms and pipes). */
function fieldsOf(schema: unknown): string[] {
  for (let s = schema, i = 0; s && i < 10; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape as object);
    const def = (s as { def?: { in?: unknown; innerType?: unknown; schema?: unknown } }).def;
    s = def?.in ?? def?.innerType ?? def?.schema;
  }
  return [];
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `[[[…]]]` nested `levels` deep, as JSON text. */
const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff tail',
    '😀',
    '<script>x</script>',
    "'; DROP TABLE users; --",
  ),
  fc.constantFrom('x'.repeat(5_000), 'ñ'.repeat(70_000)),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.5),
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);

/**
 * A body for `endpoint`: one its schema accepts (edge lengths and bounds included), the same with
 * one value anywhere replaced by a hostile one, its fields with arbitrary values and extra keys, or
 * anything at all.
 */
function bodyFor(endpoint: AnyEndpoint): fc.Arbitrary<string> {
  const valid = arbitraryInput(endpoint.body as z.ZodType);
  const mutated = fc.tuple(valid, value, fc.nat()).map(([body, replacement, n]) => {
    const paths = pathsOf(body);
    return paths.length ? replaceAt(body, paths[n % paths.length]!, replacement) : replacement;
  });
  const fields = fieldsOf(endpoint.body).map(snake);
  const shaped = fc
    .tuple(
      fc.subarray(fields),
      fc.array(value, { minLength: fields.length, maxLength: fields.length }),
      fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 2 }),
    )
    .map(([chosen, values, extra]) => {
      const body: Record<string, unknown> = { ...extra };
      chosen.forEach((field, i) => (body[field] = values[i]));
      return body;
    });
  return fc
    .oneof(
      { weight: 3, arbitrary: valid.map((body) => toSnakeCase(body)) },
      { weight: 3, arbitrary: mutated.map((body) => toSnakeCase(body)) },
      { weight: 1, arbitrary: shaped },
      { weight: 1, arbitrary: value },
    )
    .map((body) => JSON.stringify(body) ?? 'null');
}

/** The fixed hostile bodies every endpoint gets. */
function hostileBodies(endpoint: AnyEndpoint): string[] {
  const fields = fieldsOf(endpoint.body).map(snake);
  const each = (v: unknown) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, v])));
  return [
    nested(3_600),
    `{"${fields[0] ?? 'a'}":${nested(MAX_BODY_DEPTH + 1)}}`,
    each('\u0000'),
    each('\ud800'),
    each('x'.repeat(150_000 / Math.max(1, fields.length))),
    each({ nested: { deep: [null] } }),
    each(-1),
    '{"__proto__":{"is_admin":true},"constructor":{"prototype":{"x":1}}}',
    '[]',
    'null',
  ];
}

/**
 * The 503 an endpoint answers by design on a server without its external service (the test server
 * configures no AI model): a well-formed request gets it once its body is valid, so it is the
 * documented answer, not a failure on input.
 */
const UNCONFIGURED: Record<string, string> = { '/create_ai_problem/': 'ai-not-configured' };

function expectNo5xx(endpoint: AnyEndpoint, status: number, text: string, about: string) {
  const code = UNCONFIGURED[endpoint.path];
  if (code && status === 503) {
    expect((JSON.parse(text) as { code?: string }).code, about).toBe(code);
    return;
  }
  expect(status, about).toBeLessThan(500);
}

/** An address for `endpoint` with its path parameters filled in. */
const pathFor = (endpoint: AnyEndpoint, param: string) =>
  `/api${endpoint.path.replace(/:[A-Za-z]+/g, param)}`;
const pathParam = fc.constantFrom('1', '2', '3', '0', '-1', '99999999999', 'abc', '1e3', '%00');

async function send(endpoint: AnyEndpoint, path: string, body: string) {
  const client = clients.get(callerKey(endpoint))!;
  const headers: Record<string, string> = { ...client.defaultHeaders, 'content-type': 'application/json' };
  if (client.token) headers.authorization = `Bearer ${client.token}`;
  const res = await fetch(`${server.url}${path}`, {
    method: endpoint.method.toUpperCase(),
    headers,
    body,
    signal: AbortSignal.timeout(REQUEST_BOUND_MS),
  });
  const text = await res.text();
  return { status: res.status, text };
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  clients.set('public', new TestClient(server.url, { 'accept-language': 'es' }));
  const roles = new Set(withBody.map(callerKey).filter((k) => k !== 'public'));
  for (const role of roles) {
    const email = `fuzz-${role.replace(/\W/g, '').toLowerCase()}@fuzz.test`;
    await insertUser(server.db.sequelize, { email, groups: [role] });
    clients.set(role, await new TestClient(server.url, { 'accept-language': 'es' }).logIn(email));
  }
}, 180_000);
afterAll(() => server?.close());

describe('every body endpoint under arbitrary and hostile bodies', () => {
  it('covers the contract', () => {
    expect(withBody.length).toBeGreaterThan(40);
  });

  it.each(withBody.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    '%s never answers a 5xx',
    async (_name, endpoint) => {
      for (const body of hostileBodies(endpoint)) {
        const { status, text } = await send(endpoint, pathFor(endpoint, '1'), body);
        expectNo5xx(endpoint, status, text, `${body.slice(0, 120)} → ${text.slice(0, 300)}`);
      }
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint), pathParam, async (body, param) => {
          const { status, text } = await send(endpoint, pathFor(endpoint, param), body);
          expectNo5xx(endpoint, status, text, `${param} ${body.slice(0, 200)} → ${text.slice(0, 300)}`);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    },
  );
});
