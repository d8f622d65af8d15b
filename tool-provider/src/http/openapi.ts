import { FileFormDataSchema, snakeCaseKey, type Access, type AnyEndpoint } from '@kib/core';
import { z, type ZodType } from 'zod';
import type { RegisteredRoute } from './api-router';

/** A JSON Schema, as the OpenAPI document holds it. */
type JsonSchema = Record<string, unknown>;

/** Keywords whose values are data, not schemas: their keys are not renamed. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);

/**
 * The wire form of a camelCase JSON Schema: every property name in snake_case, as the API sends and
 * reads it (the one casing conversion on each side is what makes the wire snake_case).
 */
export function snakeCaseSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(snakeCaseSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === 'properties' && value && typeof value === 'object')
      out[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, schema]) => [
          snakeCaseKey(name),
          snakeCaseSchema(schema),
        ]),
      );
    else if (key === 'required' && Array.isArray(value))
      out[key] = value.map((name) => (typeof name === 'string' ? snakeCaseKey(name) : name));
    else if (key === '$schema') continue;
    else out[key] = DATA_KEYWORDS.has(key) ? value : snakeCaseSchema(value);
  }
  return out;
}

/** The JSON Schema (2020-12, OpenAPI 3.1's dialect) of what travels on the wire for a zod schema. */
function wireSchema(schema: ZodType): JsonSchema {
  return snakeCaseSchema(
    z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }),
  ) as JsonSchema;
}

/** `/lti/modules/:id/` → `/lti/modules/{id}/`, and the names of its parameters. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Anyone.';
    case 'authenticated':
      return access.tempStudents ? 'A logged-in user or a temporary (code) student.' : 'A logged-in user.';
    case 'roles':
      return `A logged-in user in one of the groups: ${access.roles.join(', ')}.`;
  }
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };

/** The operation of a declared endpoint. */
function operation(endpoint: AnyEndpoint, pathParams: string[]): JsonSchema {
  const parameters: JsonSchema[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (endpoint.query) {
    const query = wireSchema(endpoint.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as JsonSchema | undefined) ?? {}))
      parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  const status = String(endpoint.status ?? (endpoint.response === null ? 204 : 200));
  const success =
    endpoint.response === null
      ? { description: 'Done, without a body.' }
      : {
          description: 'Success.',
          content: { 'application/json': { schema: wireSchema(endpoint.response as ZodType) } },
        };
  const responses: JsonSchema = { [endpoint.response === null ? '204' : status]: success };
  if (endpoint.body || endpoint.query || pathParams.length) responses['400'] = ERROR_RESPONSE;
  if (endpoint.access.kind !== 'public') {
    responses['401'] = ERROR_RESPONSE;
    responses['403'] = ERROR_RESPONSE;
  }
  if (pathParams.length) responses['404'] = ERROR_RESPONSE;
  if (endpoint.multipart || endpoint.rawBody) responses['413'] = ERROR_RESPONSE;
  return {
    operationId: endpointName(endpoint),
    summary: endpoint.summary,
    description: `Who may call it: ${describeAccess(endpoint.access)}`,
    tags: [endpoint.tag],
    ...(endpoint.access.kind === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.rawBody
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              endpoint.rawBody.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
            ),
          },
        }
      : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              ...(endpoint.multipart
                ? { 'multipart/form-data': multipartSchema(endpoint, wireSchema(endpoint.body as ZodType)) }
                : {}),
              'application/json': { schema: wireSchema(endpoint.body as ZodType) },
            },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The multipart form of an endpoint that takes files: its body's fields (the JSON ones as JSON
 * text), and each declared file field `{field}_{n}` with its `formdata_{n}` JSON.
 */
function multipartSchema(endpoint: AnyEndpoint, body: JsonSchema): JsonSchema {
  const spec = endpoint.multipart!;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(
    (body.properties as Record<string, JsonSchema> | undefined) ?? {},
  ))
    properties[name] = spec.jsonFields.includes(name)
      ? { type: 'string', contentMediaType: 'application/json', contentSchema: schema }
      : schema;
  const patternProperties: Record<string, JsonSchema> = {
    '^formdata_\\d+$': {
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: wireSchema(FileFormDataSchema),
    },
  };
  for (const file of spec.files)
    patternProperties[`^${file.field}_\\d+$`] = {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: `A ${file.field} of at most ${file.maxBytes} bytes, its type decided by its content`,
    };
  return {
    schema: { type: 'object', properties, required: body.required, patternProperties },
    encoding: Object.fromEntries(spec.jsonFields.map((name) => [name, { contentType: 'application/json' }])),
  };
}

const names = new WeakMap<AnyEndpoint, string>();

/** Names the endpoints for their operation ids (the names of `API`). */
export function nameEndpoints(api: Record<string, AnyEndpoint>): void {
  for (const [name, endpoint] of Object.entries(api)) names.set(endpoint, name);
}

function endpointName(endpoint: AnyEndpoint): string {
  return names.get(endpoint) ?? `${endpoint.method}${endpoint.path.replace(/[^A-Za-z0-9]+/g, '_')}`;
}

/**
 * The OpenAPI 3.1 document of the API: one operation per registered route, from its declaration in
 * `@kib/core` (input and response schemas as they travel, snake_case), with who may call it.
 */
export function openApiDocument(
  routes: readonly RegisteredRoute[],
  options: { version: string; serverUrl: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { path, params } = openApiPath(route.path);
    const item = (paths[path] ??= {});
    item[route.method] = route.endpoint
      ? operation(route.endpoint, params)
      : {
          summary: `${route.method.toUpperCase()} ${route.path}`,
          description: `Who may call it: ${describeAccess(route.access)}`,
          responses: { default: { description: 'The answer of the route.' } },
        };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kib API',
      version: options.version,
      description:
        'The REST API of Kib. Keys are snake_case on the wire. Errors answer `{detail, code, fields?}` in the language of Accept-Language (es or en).',
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: `${options.serverUrl}/api` }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of POST /auth/jwt/create/ (or of an LMS launch).',
        },
      },
      responses: {
        Error: {
          description:
            'Refused: the input (400), the session (401), the rights (403) or an unknown row (404).',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['detail', 'code'],
                properties: {
                  detail: { type: 'string', description: 'What went wrong, translated.' },
                  code: { type: 'string', description: 'A stable error code.' },
                  fields: {
                    type: 'object',
                    description: 'Translated messages by field name.',
                    additionalProperties: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}
