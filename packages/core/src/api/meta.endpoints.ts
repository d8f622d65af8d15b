import { z } from 'zod';
import { endpoint, PUBLIC } from './contract';

const TAG = 'service';

/** The service's own endpoints: its health and the description of the API. */
export const META_ENDPOINTS = {
  health: endpoint({
    method: 'get',
    path: '/health',
    access: PUBLIC,
    tag: TAG,
    summary: 'Whether the process and its database answer (503 when the database does not)',
    response: z.object({
      status: z.enum(['ok', 'unavailable']),
      database: z.enum(['pglite', 'postgresql']),
    }),
  }),
  openApi: endpoint({
    method: 'get',
    path: '/openapi.json',
    access: PUBLIC,
    tag: TAG,
    summary: 'This API described as OpenAPI 3.1, generated from the declarations of its endpoints',
    response: z.record(z.string(), z.unknown()),
    verbatim: true,
  }),
};
