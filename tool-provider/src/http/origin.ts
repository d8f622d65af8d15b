import type { Request } from 'express';

/** Where a request comes from, for rate limits and the session list. */
export interface Origin {
  ip: string;
  userAgent?: string;
}

/** The origin of a request: its address (as `trust proxy` resolves it) and user agent. */
export function requestOrigin(req: Request): Origin {
  return { ip: req.ip ?? 'unknown', userAgent: req.get('user-agent') ?? undefined };
}
