import type { z, ZodType } from 'zod';
import type { GroupName } from './groups';

/**
 * Who may call an endpoint. Every endpoint declares one; there is no default (default deny).
 * - `public`: anyone, logged in or not;
 * - `authenticated`: any logged-in user (a temporary code student only with `tempStudents`);
 * - `roles`: a logged-in user in at least one of the groups.
 * Ownership (the row belongs to the caller) is a further check of the server's handler.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated'; readonly tempStudents?: boolean }
  | { readonly kind: 'roles'; readonly roles: readonly GroupName[] };

/** Anyone may call the endpoint. */
export const PUBLIC = { kind: 'public' } as const satisfies Access;
/** Any logged-in user may call the endpoint (a temporary code student is not a user: 403). */
export const AUTHENTICATED = { kind: 'authenticated' } as const satisfies Access;
/**
 * Any logged-in user, or a temporary (code) student: the solving endpoints, which such a student
 * needs and which check for themselves what the student may answer.
 */
export const AUTHENTICATED_OR_TEMP_STUDENT = {
  kind: 'authenticated',
  tempStudents: true,
} as const satisfies Access;
/** Only logged-in users in one of these groups may call the endpoint. */
export function roles(...names: [GroupName, ...GroupName[]]): Access & { kind: 'roles' } {
  if (names.length === 0) throw new Error('roles() needs at least one group');
  return { kind: 'roles', roles: names };
}

/** The HTTP methods of the API. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The names of the `:name` parameters of an Express-style path. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters of a path, as strings by name (`{}` for a path without any). */
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

/**
 * One endpoint of the API, declared once: its method and path below `/api`, who may call it, the
 * schemas of its input (the camelCase JSON body and query string) and of its answer (camelCase; the
 * wire is snake_case, converted at one place on each side), and the status of a success.
 * `response: null` is an answer without a body (204).
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  A extends Access = Access,
  B extends ZodType | undefined = ZodType | undefined,
  Q extends ZodType | undefined = ZodType | undefined,
  R extends ZodType | null = ZodType | null,
> {
  readonly method: M;
  readonly path: P;
  readonly access: A;
  /** What the endpoint does, in a line (the OpenAPI summary). */
  readonly summary: string;
  /** The area it belongs to (the OpenAPI tag). */
  readonly tag: string;
  readonly body?: B;
  readonly query?: Q;
  readonly response: R;
  /** The status of a success: 200 unless said (201 for a creation). */
  readonly status?: number;
  /** The answer is a document whose keys are data (an OpenAPI document): sent as it is, not snake_cased. */
  readonly verbatim?: boolean;
  /** The largest JSON body accepted, in bytes, when more than the API's default (a bulk upload). */
  readonly maxBodyBytes?: number;
  /**
   * The endpoint takes `multipart/form-data` instead of JSON: its text fields make the body (those
   * named in `jsonFields` hold JSON text and are parsed first), and its files are streamed to the
   * server's storage within the limits declared here (413 past them, 400 for a file whose content
   * is not of an accepted kind, whatever its name).
   */
  readonly multipart?: MultipartSpec;
  /**
   * The endpoint takes the raw bytes of one file as its body, of one of these content types (an
   * upload to a presigned address); its handler streams the request itself.
   */
  readonly rawBody?: readonly string[];
  /**
   * A classroom dashboard a page outside Kib may read: besides its access rule, it answers a
   * classroom embed token (`kibe_…`) for the classroom of its `:id`, to any origin (CORS, no
   * cookies). Every other endpoint refuses embed tokens.
   */
  readonly embed?: boolean;
}

/** How a multipart endpoint takes its files. */
export interface MultipartSpec {
  /** Text fields that hold JSON (snake_case keys, camelCased like a JSON body). */
  readonly jsonFields: readonly string[];
  /**
   * File fields by name pattern and kind: e.g. `picture_{n}` pictures and `video_{n}` videos, each
   * with the JSON text field `formdata_{n}` naming what it belongs to.
   */
  readonly files: readonly {
    readonly field: 'picture' | 'video';
    readonly maxBytes: number;
  }[];
  /** The most files one request may carry. */
  readonly maxFiles: number;
  /**
   * The most bytes the whole request may carry (files and fields); a larger Content-Length is
   * refused before anything is read. One of each file plus the fields when not said.
   */
  readonly maxTotalBytes?: number;
}

/** Declares an endpoint, keeping its literal types (method, path, access, schemas). */
export function endpoint<
  const M extends HttpMethod,
  const P extends string,
  const A extends Access,
  R extends ZodType | null,
  B extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
>(definition: Endpoint<M, P, A, B, Q, R>): Endpoint<M, P, A, B, Q, R> {
  return definition;
}

/** Any endpoint. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<HttpMethod, string, Access, any, any, any>;

/** The schema of a declared part (body, query), or never when the endpoint has none. */
type Declared<S> = Exclude<S, undefined>;
type Parsed<S> = [Declared<S>] extends [never] ? undefined : z.output<Declared<S> & ZodType>;
type Given<S> = z.input<Declared<S> & ZodType>;
type Has<S> = [Declared<S>] extends [never] ? false : true;

/** The validated body an endpoint's handler receives. */
export type BodyOf<E extends AnyEndpoint> = Parsed<E['body']>;
/** The validated query an endpoint's handler receives. */
export type QueryOf<E extends AnyEndpoint> = Parsed<E['query']>;
/** The answer of an endpoint (camelCase), as its handler gives it and a client receives it. */
export type ResponseOf<E extends AnyEndpoint> = E['response'] extends ZodType ? z.input<E['response']> : void;

/** What a client passes to call an endpoint: its path parameters, body and query, as present. */
export type InputOf<E extends AnyEndpoint> = (PathParamNames<E['path']> extends never
  ? unknown
  : { params: PathParams<E['path']> }) &
  (Has<E['body']> extends true ? { body: Given<E['body']> } : unknown) &
  (Has<E['query']> extends true ? { query: Given<E['query']> } : unknown);

/** True when calling the endpoint needs no input at all. */
export type NeedsNoInput<E extends AnyEndpoint> = unknown extends InputOf<E> ? true : false;

/** The path of a call: the endpoint's path with its parameters filled in, URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
