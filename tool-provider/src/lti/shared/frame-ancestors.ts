import type { RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../logger';
import type { LtiRepository } from './lti.repository';
import { normaliseOriginPattern } from './origins';

/** How long the registered origins are reused before they are read again. */
export const ORIGINS_CACHE_MS = 60 * 1000;

/**
 * The origins of the registered LMS platforms, read from the database at most once a minute per
 * process: they may frame Kib (CSP frame-ancestors) and receive its forms (form-action, for the
 * Content-Item answer). Only well-formed origin patterns are kept, so nothing a consumer row holds
 * can change the rest of the policy.
 */
export class PlatformOrigins {
  private cached: string[] = [];
  private readAt = -Infinity;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly repo: Pick<LtiRepository, 'allowedOrigins'>,
    private readonly logger: Logger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The origins, refreshed when older than {@link ORIGINS_CACHE_MS}; the last known ones on a database error. */
  async current(): Promise<string[]> {
    if (this.clock() - this.readAt >= ORIGINS_CACHE_MS) {
      this.reading ??= this.repo
        .allowedOrigins()
        .then((origins) => {
          this.cached = origins.flatMap((o) => normaliseOriginPattern(o) ?? []);
          this.readAt = this.clock();
        })
        .catch((err: unknown) => this.logger.warn({ err }, 'platform origins not read'))
        .finally(() => (this.reading = null));
      await this.reading;
    }
    return this.cached;
  }

  /** Forgets the cache (after an admin change in this process). */
  invalidate(): void {
    this.readAt = -Infinity;
  }

  /** Middleware that puts the origins in `res.locals.platformOrigins` for the CSP directives. */
  middleware(): RequestHandler {
    return (_req, res, next) => {
      this.current()
        .then((origins) => {
          res.locals.platformOrigins = origins;
          next();
        })
        .catch(next);
    };
  }
}

/** A CSP directive value: 'self' followed by the request's platform origins. */
export function selfAndPlatforms(_req: IncomingMessage, res: ServerResponse): string {
  const locals = (res as ServerResponse & { locals?: Record<string, unknown> }).locals;
  const origins = (locals?.platformOrigins as string[] | undefined) ?? [];
  return ["'self'", ...origins].join(' ');
}
