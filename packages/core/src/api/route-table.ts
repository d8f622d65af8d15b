import type { AnyEndpoint } from './contract';
import type { API, EndpointName } from './endpoints';

/**
 * What a client needs to call an endpoint, without its schemas: the method, the path, whether a
 * success has no body (204) and, for a multipart endpoint, its JSON text fields. A browser bundle
 * calls the API through this table ({@link ROUTES}), so it never downloads zod and the schemas,
 * which only the server runs.
 */
export interface Route<E extends AnyEndpoint = AnyEndpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** The answer of a success has no body (`response: null`). */
  readonly noContent?: true;
  /** The endpoint takes multipart/form-data; these of its text fields hold JSON. */
  readonly jsonFields?: readonly string[];
}

/** A route for every endpoint of {@link API}, its method and path typed from the declaration. */
export type RouteTable = { readonly [K in EndpointName]: Route<(typeof API)[K]> };

/** The route of one declared endpoint. */
export function routeOf(endpoint: AnyEndpoint): Route {
  return {
    method: endpoint.method,
    path: endpoint.path,
    ...(endpoint.response === null ? { noContent: true as const } : {}),
    ...(endpoint.multipart ? { jsonFields: endpoint.multipart.jsonFields } : {}),
  };
}

/** The route table of a set of endpoints, by name, in their order. */
export function routeTable<N extends string>(endpoints: Record<N, AnyEndpoint>): Record<N, Route> {
  return Object.fromEntries(
    Object.entries<AnyEndpoint>(endpoints).map(([name, endpoint]) => [name, routeOf(endpoint)]),
  ) as Record<N, Route>;
}

/** The TypeScript module `routes.ts` holds: {@link ROUTES} as `routeTable(API)` gives it. */
export function routesModule(endpoints: Record<string, AnyEndpoint>): string {
  const entries = Object.entries(routeTable(endpoints)).map(
    ([name, route]) => `  ${name}: ${JSON.stringify(route)},`,
  );
  return [
    '/**',
    ' * The route of every endpoint of `API` (method, path, no-content answer, multipart JSON fields),',
    ' * without its schemas: what the API client calls through. Written from `API` by',
    ' * `npm run routes`; the type checker holds each method and path to its declaration, and a test',
    ' * the whole table.',
    ' */',
    "import type { RouteTable } from './route-table';",
    '',
    'export const ROUTES = {',
    ...entries,
    '} as const satisfies RouteTable;',
    '',
  ].join('\n');
}
