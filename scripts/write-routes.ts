/**
 * Writes `packages/core/src/api/routes.ts`, the route table the API client calls through, from the
 * declaration of every endpoint (`API`). Run it with `npm run routes` after adding, removing or
 * changing an endpoint's method, path, empty answer or multipart fields; the type checker and
 * `routes.test.ts` say when it is due.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { API, routesModule } from '@kib/core';

const target = fileURLToPath(new URL('../packages/core/src/api/routes.ts', import.meta.url));
const options = await resolveConfig(target);
await writeFile(target, await format(routesModule(API), { ...options, filepath: target }));
console.log(`wrote ${target}`);
