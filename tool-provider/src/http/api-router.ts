import express, { type Request, type Response, type Router } from 'express';
import { toCamelCase, toSnakeCase } from '@kib/core';
import type { ZodType } from 'zod';
import { decide, type Access, type Principal } from './access';
import { AppError, fromZodError } from './errors';

/** HTTP methods the API uses. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a handler receives: validated input, the caller, and the raw request/response for cookies. */
export interface RouteContext<B, Q> {
  body: B;
  query: Q;
  params: Record<string, string>;
  principal: Principal | null;
  req: Request;
  res: Response;
}

/** What a handler may answer: a JSON body (sent snake_case) with an optional status, or nothing (204). */
export type Reply = { status?: number; body?: unknown } | void;

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
  handle: (ctx: RouteContext<B, Q>) => Promise<Reply> | Reply;
}

/** A registered route as the route × role test sees it. */
export interface RegisteredRoute {
  method: Method;
  path: string;
  access: Access;
}

/**
 * The API router: the only way routes are added, so each has an access rule and validated input. It
 * keeps the list of what it registered for the route × role test.
 */
export class ApiRouter {
  readonly router: Router = express.Router({ strict: true });
  readonly routes: RegisteredRoute[] = [];

  /** Registers a route; throws at start-up when the access rule is missing. */
  define<B, Q>(def: RouteDefinition<B, Q>): void {
    if (!def.access || !['public', 'authenticated', 'roles'].includes(def.access.kind)) {
      throw new Error(`Route ${def.method.toUpperCase()} ${def.path} has no access rule`);
    }
    this.routes.push({ method: def.method, path: def.path, access: def.access });
    this.router[def.method](def.path, async (req, res, next) => {
      try {
        const principal = req.principal;
        const decision = decide(def.access, principal);
        if (decision === 'unauthenticated') throw req.authError ?? AppError.unauthenticated();
        if (decision === 'forbidden') throw AppError.forbidden();
        const body = def.body ? parse(def.body, toCamelCase(req.body ?? {})) : (undefined as B);
        const query = def.query ? parse(def.query, toCamelCase({ ...req.query })) : (undefined as Q);
        const ctx: RouteContext<B, Q> = {
          body,
          query,
          params: req.params as Record<string, string>,
          principal,
          req,
          res,
        };
        if (def.owns && !(await def.owns(ctx))) throw AppError.notFound();
        const reply = await def.handle(ctx);
        if (res.headersSent) return;
        if (!reply || reply.body === undefined) res.status(reply?.status ?? 204).end();
        else res.status(reply.status ?? 200).json(toSnakeCase(reply.body));
      } catch (err) {
        next(err);
      }
    });
  }
}

function parse<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
