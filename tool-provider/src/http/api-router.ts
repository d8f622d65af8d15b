import express, { type Request, type Response, type Router } from 'express';
import {
  toCamelCase,
  toSnakeCase,
  type AnyEndpoint,
  type BodyOf,
  type MultipartSpec,
  type PathParams,
  type QueryOf,
  type ResponseOf,
} from '@kib/core';
import type { ZodType } from 'zod';
import { decide, type Access, type Principal } from './access';
import { guardInput } from './body-guard';
import { AppError, fromZodError } from './errors';
import { isMultipart, readMultipart, removeUploadDir, uploadDir, type UploadedFile } from './multipart';

/** HTTP methods the API uses. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a handler receives: validated input, the caller, and the raw request/response for cookies. */
export interface RouteContext<B, Q> {
  body: B;
  query: Q;
  params: Record<string, string>;
  principal: Principal | null;
  /** The files of a multipart request, in temporary files removed once the handler is done. */
  files: UploadedFile[];
  req: Request;
  res: Response;
}

/**
 * What a handler may answer: a JSON body (sent snake_case, or as it is when `verbatim`) with an
 * optional status, or nothing (204).
 */
export type Reply = { status?: number; body?: unknown; verbatim?: boolean } | void;

/** One API route: path, access rule, input schemas, optional ownership check and the handler. */
export interface RouteDefinition<B = unknown, Q = unknown> {
  method: Method;
  /** Express path below /api, e.g. `/auth/users/me/`. */
  path: string;
  access: Access;
  /** Schema of the camelCased JSON body; a route without one ignores the body. */
  body?: ZodType<B>;
  /** Schema of the camelCased query string. */
  query?: ZodType<Q>;
  /**
   * Ownership: runs after the access rule and input validation; false answers 404, so a caller learns
   * nothing about rows that are not theirs.
   */
  owns?: (ctx: RouteContext<B, Q>) => Promise<boolean>;
  /** Also answers a classroom embed token, for the classroom of the path's `:id` only. */
  embed?: boolean;
  /** Takes multipart/form-data within these limits (its text fields make the body). */
  multipart?: MultipartSpec;
  handle: (ctx: RouteContext<B, Q>) => Promise<Reply> | Reply;
}

/** A registered route as the route × role test sees it, with its declaration when it has one. */
export interface RegisteredRoute {
  method: Method;
  path: string;
  access: Access;
  endpoint?: AnyEndpoint;
}

/** The caller an endpoint's handler sees: anyone for a public endpoint, else a verified principal. */
export type PrincipalFor<E extends AnyEndpoint> = E['access'] extends { kind: 'public' }
  ? Principal | null
  : Principal;

/** What an endpoint's handler receives: the validated input, the caller, the raw request and response. */
export interface EndpointContext<E extends AnyEndpoint> {
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: PathParams<E['path']>;
  principal: PrincipalFor<E>;
  /**
   * The files of a multipart endpoint (its declared `multipart`), each typed by its content and
   * paired with its `formdata_{n}`, in temporary files removed once the handler is done; empty for
   * any other endpoint.
   */
  files: UploadedFile[];
  req: Request;
  res: Response;
}

/** What an endpoint's handler answers: its declared response (and a status), or nothing for a 204. */
export type EndpointAnswer<E extends AnyEndpoint> = E['response'] extends null
  ? void
  : { status?: number; body: ResponseOf<E> };

/** The server's side of a declared endpoint: an optional ownership check, and the handler. */
export interface EndpointHandler<E extends AnyEndpoint> {
  /**
   * Ownership: runs after the access rule and input validation; false answers 404, so a caller learns
   * nothing about rows that are not theirs.
   */
  owns?: (ctx: EndpointContext<E>) => Promise<boolean>;
  handle: (ctx: EndpointContext<E>) => Promise<EndpointAnswer<E>>;
}

/** How the router is made. */
export interface ApiRouterOptions {
  /**
   * Checks every answer of a declared endpoint against its response schema and fails the request
   * (500, logged) when it does not match: on in tests, so an answer that drifts from its contract
   * fails the test that made it.
   */
  checkResponses?: boolean;
}

/** An answer that does not match its endpoint's response schema. */
export class ContractViolation extends Error {
  constructor(endpointName: string, issues: string) {
    super(`the answer of ${endpointName} does not match its response schema: ${issues}`);
    this.name = 'ContractViolation';
  }
}

/**
 * The API router: the only way routes are added, so each has an access rule and validated input. It
 * keeps the list of what it registered for the route × role test.
 */
export class ApiRouter {
  readonly router: Router = express.Router({ strict: true });
  readonly routes: RegisteredRoute[] = [];

  constructor(private readonly options: ApiRouterOptions = {}) {}

  /**
   * Serves a declared endpoint: its access rule (401/403 before any input is read), its body and
   * query parsed by its schemas (400 naming the fields), its ownership check (404), then the handler,
   * whose answer is sent snake_case with the declared status (204 when it has no body).
   */
  handle<E extends AnyEndpoint>(endpoint: E, handler: EndpointHandler<NoInfer<E>>): void {
    const checkResponses = this.options.checkResponses ?? false;
    const status = endpoint.status ?? 200;
    this.define<BodyOf<E>, QueryOf<E>>({
      method: endpoint.method,
      path: endpoint.path,
      access: endpoint.access,
      body: endpoint.body as ZodType<BodyOf<E>> | undefined,
      query: endpoint.query as ZodType<QueryOf<E>> | undefined,
      owns: handler.owns as RouteDefinition<BodyOf<E>, QueryOf<E>>['owns'],
      embed: endpoint.embed,
      multipart: endpoint.multipart,
      handle: async (ctx) => {
        const answer = (await handler.handle(ctx as unknown as EndpointContext<E>)) as
          { status?: number; body: unknown } | undefined;
        if (endpoint.response === null) return;
        if (checkResponses) {
          const checked = (endpoint.response as ZodType).safeParse(answer?.body);
          if (!checked.success)
            throw new ContractViolation(
              `${endpoint.method.toUpperCase()} ${endpoint.path}`,
              JSON.stringify(checked.error.issues),
            );
        }
        return { status: answer?.status ?? status, body: answer?.body, verbatim: endpoint.verbatim };
      },
    });
    this.routes[this.routes.length - 1]!.endpoint = endpoint;
  }

  /** Registers a route; throws at start-up when the access rule is missing. */
  define<B, Q>(def: RouteDefinition<B, Q>): void {
    if (!def.access || !['public', 'authenticated', 'roles'].includes(def.access.kind)) {
      throw new Error(`Route ${def.method.toUpperCase()} ${def.path} has no access rule`);
    }
    this.routes.push({ method: def.method, path: def.path, access: def.access });
    this.router[def.method](def.path, async (req, res, next) => {
      let dir: string | undefined;
      try {
        const principal = req.principal;
        const decision = decide(def.access, principal, def.embed);
        if (decision === 'unauthenticated') throw req.authError ?? AppError.unauthenticated();
        if (decision === 'forbidden') throw AppError.forbidden();
        if (principal?.embed && req.params.id !== String(principal.embed.classroomId))
          throw AppError.notFound();
        // A multipart body is read only now, past the access rule: an anonymous upload is never stored.
        let raw: unknown = req.body ?? {};
        let files: UploadedFile[] = [];
        if (def.multipart && isMultipart(req)) {
          dir = await uploadDir();
          ({ fields: raw, files } = await readMultipart(req, def.multipart, dir));
        }
        if (def.body) guardInput(raw);
        if (def.query) guardInput(req.query);
        const body = def.body ? parse(def.body, toCamelCase(raw)) : (undefined as B);
        const query = def.query ? parse(def.query, toCamelCase({ ...req.query })) : (undefined as Q);
        const ctx: RouteContext<B, Q> = {
          body,
          query,
          params: req.params as Record<string, string>,
          principal,
          files,
          req,
          res,
        };
        if (def.owns && !(await def.owns(ctx))) throw AppError.notFound();
        const reply = await def.handle(ctx);
        if (res.headersSent) return;
        if (!reply || reply.body === undefined) res.status(reply?.status ?? 204).end();
        else res.status(reply.status ?? 200).json(reply.verbatim ? reply.body : toSnakeCase(reply.body));
      } catch (err) {
        next(err);
      } finally {
        if (dir) await removeUploadDir(dir);
      }
    });
  }
}

function parse<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
