import { Validator } from '@seriousme/openapi-schema-validator';
import { API } from '@kib/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { snakeCaseSchema } from './openapi';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document listing every route of the API', async () => {
    const res = await new TestClient(server.url).get<Document>('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = res.body;
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const routes = server.kib.api.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(listed.sort()).toEqual(routes.sort());
  });

  it('describes the wire: snake_case keys, the declared status, who may call it', async () => {
    const document = (await new TestClient(server.url).get<Document>('/api/openapi.json'))
      .body as Document & {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const me = document.paths['/auth/users/me/']!.get!;
    expect(me.operationId).toBe('me');
    expect(JSON.stringify(me.responses)).toContain('"first_name"');
    expect(JSON.stringify(me.responses)).not.toContain('"firstName"');
    expect(me.description).toContain('A logged-in user');
    const register = document.paths['/auth/users/']!.post!;
    expect(Object.keys(register.responses as object)).toContain('201');
    expect(JSON.stringify(register.requestBody)).toContain('"re_password"');
    expect(document.paths['/auth/users/reset_password/']!.post!.responses).toHaveProperty('204');
  });
});

describe('the declarations', () => {
  it('give every route of the server a response schema (null only for an answer without a body)', () => {
    const undeclared = server.kib.api.routes
      .filter((route) => !route.endpoint)
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(undeclared).toEqual([]);
    for (const route of server.kib.api.routes) expect(route.endpoint!.response).not.toBeUndefined();
  });

  it('name each endpoint once, with a summary and a tag', () => {
    const seen = new Set<string>();
    for (const [name, endpoint] of Object.entries(API)) {
      const key = `${endpoint.method} ${endpoint.path}`;
      expect(seen.has(key), `${name}: ${key} is declared twice`).toBe(false);
      seen.add(key);
      expect(endpoint.summary.length, name).toBeGreaterThan(10);
      expect(endpoint.tag, name).toMatch(/^[a-z-]+$/);
    }
  });
});

describe('snakeCaseSchema', () => {
  it('renames property names and required entries, and leaves data keywords alone', () => {
    expect(
      snakeCaseSchema({
        type: 'object',
        required: ['firstName'],
        properties: {
          firstName: { type: 'string', enum: ['someValue'] },
          nested: { type: 'array', items: { type: 'object', properties: { rIndex: { type: 'number' } } } },
        },
      }),
    ).toEqual({
      type: 'object',
      required: ['first_name'],
      properties: {
        first_name: { type: 'string', enum: ['someValue'] },
        nested: { type: 'array', items: { type: 'object', properties: { r_index: { type: 'number' } } } },
      },
    });
  });
});
