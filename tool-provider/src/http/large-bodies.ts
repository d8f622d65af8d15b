import type { AnyEndpoint } from '@kib/core';
import express, { type RequestHandler } from 'express';
import { decide } from './access';
import { AppError } from './errors';
import type { Limiter } from './rate-limit';

/** What a 429 for a second large body of one account while the first is read says to wait, s. */
const LARGE_BODY_RETRY_SECONDS = 5;

/**
 * The body parser of an endpoint that declares a larger body than `defaultLimit` (a bulk upload).
 * The larger body is read only for a caller the endpoint's access rule lets in (the principal is
 * known before any body is read), one at a time per account in this process (a second one while
 * the first is read and answered is a 429 at once), within `allowance` (shared through the
 * database). A body within `defaultLimit` is no large body (a few typed rows): read as any other.
 * Anybody else passes on unread, to the default parser's limit and then the access layer.
 */
export function largeBodyParser(
  endpoint: AnyEndpoint & { maxBodyBytes: number },
  defaultLimit: number,
  allowance: Limiter,
): RequestHandler {
  const parse = express.json({ limit: endpoint.maxBodyBytes });
  const reading = new Set<number>();
  return (req, res, next) => {
    const caller = req.principal;
    if (!caller || decide(endpoint.access, caller, endpoint.embed) !== 'allow') return next();
    const length = Number(req.get('content-length'));
    if (Number.isFinite(length) && length <= defaultLimit) return parse(req, res, next);
    if (reading.has(caller.userId)) return next(AppError.tooManyRequests(LARGE_BODY_RETRY_SECONDS));
    reading.add(caller.userId);
    res.once('close', () => reading.delete(caller.userId));
    allowance.hit(`user:${caller.userId}`).then(
      () => parse(req, res, next),
      (err: unknown) => next(err),
    );
  };
}
