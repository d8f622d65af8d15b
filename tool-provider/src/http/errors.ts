import type { ErrorRequestHandler } from 'express';
import { translate, type Language } from '@kib/i18n';
import type { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { storageFailure } from '../health/storage-failure';
import type { Logger } from '../logger';

/** Error codes the API answers with; each is also the i18n key suffix of its default message. */
export type ErrorCode =
  | 'bad-request'
  | 'validation'
  | 'malformed-json'
  | 'payload-too-large'
  | 'too-deeply-nested'
  | 'too-many-fields'
  | 'not-authenticated'
  | 'session-expired'
  | 'forbidden'
  | 'not-found'
  | 'route-not-found'
  | 'conflict'
  | 'review-problem-not-ready'
  | 'review-problem-in-review'
  | 'ai-not-configured'
  | 'ai-hourly-limit'
  | 'ai-busy'
  | 'ai-timeout'
  | 'ai-failed'
  | 'ai-output-invalid'
  | 'variants-unsupported'
  | 'variants-none-found'
  | 'rate-limited'
  | 'login-busy'
  | 'password-checks-busy'
  | 'internal'
  | 'invalid-credentials'
  | 'account-inactive'
  | 'classroom-code-invalid'
  | 'classroom-name-used'
  | 'subscription-required'
  | 'plan-student-limit'
  | 'classroom-school-full'
  | 'demo-account-limited'
  | 'teacher-code-invalid'
  | 'teacher-code-expired'
  | 'teacher-in-other-school'
  | 'school-already-registered'
  | 'school-code-invalid'
  | 'school-code-used'
  | 'school-code-expired'
  | 'school-code-revoked'
  | 'school-plan-ended'
  | 'module-code-invalid'
  | 'module-code-expired'
  | 'activation-invalid'
  | 'reset-invalid'
  | 'refresh-missing'
  | 'refresh-invalid'
  | 'lti-launch-invalid'
  | 'lti-signature-invalid'
  | 'lti-launch-expired'
  | 'lti-nonce-used'
  | 'lti-token-lifetime'
  | 'lti-role-forbidden'
  | 'lti-activity-unknown'
  | 'lti-code-invalid'
  | 'lti-registration-closed'
  | 'lti-registration-invalid'
  | 'lti-registration-failed'
  | 'lti-registration-disabled'
  | 'lti-storage-unconfirmed'
  | 'lti-consumer-exists'
  | 'lti-platform-exists'
  | 'lti-deployment-exists'
  | 'lti-link-not-teacher'
  | 'file-too-large'
  | 'too-many-files'
  | 'multipart-invalid'
  | 'file-type-invalid'
  | 'numeral-has-results'
  | 'step-has-results'
  | 'upload-token-invalid'
  | 'upload-size-mismatch'
  | 'storage-unavailable'
  | 'spreadsheet-too-large'
  | 'spreadsheet-too-complex'
  | 'picture-too-large'
  | 'parsers-busy'
  | 'handwriting-not-configured'
  | 'handwriting-timeout'
  | 'handwriting-unavailable'
  | 'database-unavailable';

/** A translatable message: an i18n key and its params. */
export interface Message {
  key: string;
  params?: Record<string, unknown>;
}

/**
 * The one error type of the server. `operational` errors are expected outcomes (bad input, a missing
 * row) answered as they are; anything else is a bug, logged with its stack and answered as a bare 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: Message = { key: `errors.${code}` },
    readonly fields?: Record<string, Message[]>,
    readonly headers?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(`${status} ${code}`, options);
    this.name = 'AppError';
  }

  static badRequest(fields: Record<string, Message[]>): AppError {
    return new AppError(400, 'validation', { key: 'errors.validation' }, fields);
  }
  static unauthenticated(code: ErrorCode = 'not-authenticated', key = `errors.${code}`): AppError {
    return new AppError(401, code, { key });
  }
  static forbidden(): AppError {
    return new AppError(403, 'forbidden');
  }
  static notFound(): AppError {
    return new AppError(404, 'not-found');
  }
  static conflict(code: ErrorCode, key: string, field?: string): AppError {
    return new AppError(409, code, { key }, field ? { [field]: [{ key }] } : undefined);
  }
  /** The database cannot be reached (restarting, stopped): try again in a few seconds. */
  static databaseUnavailable(cause?: unknown): AppError {
    return new AppError(
      503,
      'database-unavailable',
      undefined,
      undefined,
      { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      { cause },
    );
  }
  /**
   * The disk or the database cannot store a write (full, read-only): nothing of the request was
   * saved, and it succeeds again once the operator frees space or remounts; try again in a minute.
   */
  static storageUnavailable(cause?: unknown): AppError {
    return new AppError(
      503,
      'storage-unavailable',
      { key: 'errors.storage-not-writable' },
      undefined,
      { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) },
      { cause },
    );
  }
  static tooManyRequests(retryAfterSeconds: number): AppError {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return new AppError(429, 'rate-limited', { key: 'errors.rate-limited', params: { minutes } }, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}

/** What a 503 for a database that does not answer tells clients to wait before trying again. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
/** What a 503 for a full or read-only storage tells clients: space comes back by an operator's hand. */
const STORAGE_RETRY_AFTER_SECONDS = 60;

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Turns a zod error into a 400 AppError naming each bad field by its wire (snake_case) name. */
export function fromZodError(error: ZodError): AppError {
  // No prototype: a field named `constructor` or `__proto__` is a field like any other.
  const fields: Record<string, Message[]> = Object.create(null) as Record<string, Message[]>;
  for (const issue of error.issues) {
    const path = issue.path.length ? issue.path.map((p) => snake(String(p))).join('.') : 'non_field_errors';
    const message = messageOf(issue as unknown as ZodIssueLike);
    if (issue.code === 'unrecognized_keys') {
      for (const key of (issue as { keys: string[] }).keys) (fields[snake(key)] ??= []).push(message);
      continue;
    }
    (fields[path] ??= []).push(message);
  }
  return AppError.badRequest(fields);
}

interface ZodIssueLike {
  code: string;
  message: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

function messageOf(issue: ZodIssueLike): Message {
  const params: Record<string, unknown> = {};
  if (issue.minimum !== undefined) params.min = Number(issue.minimum);
  if (issue.maximum !== undefined) params.max = Number(issue.maximum);
  if (issue.message.startsWith('validation.')) return { key: issue.message, params };
  switch (issue.code) {
    case 'invalid_type':
      return {
        key:
          issue.input === undefined || issue.input === null
            ? 'validation.required'
            : 'validation.invalid-type',
      };
    case 'too_big':
      return { key: 'validation.too-long', params };
    case 'unrecognized_keys':
      return { key: 'validation.unknown-field' };
    default:
      return { key: 'validation.invalid', params };
  }
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  fields?: Record<string, string[]>;
}

/** Renders an AppError in a language. */
export function renderError(err: AppError, lang: Language): ErrorBody {
  const body: ErrorBody = { detail: translate(lang, err.detail.key, err.detail.params), code: err.code };
  if (err.fields) {
    body.fields = Object.fromEntries(
      Object.entries(err.fields).map(([f, msgs]) => [f, msgs.map((m) => translate(lang, m.key, m.params))]),
    );
  }
  return body;
}

/**
 * Maps errors thrown by Express's own parsers, and the outages a request meets (a database that does
 * not answer, a storage that takes no write), to AppErrors.
 */
function normalise(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number; statusCode?: number };
  if (e?.type === 'entity.parse.failed') return new AppError(400, 'malformed-json');
  if (e?.type === 'entity.too.large') return new AppError(413, 'payload-too-large');
  if (e?.type === 'parameters.too.many') return new AppError(413, 'too-many-fields');
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return new AppError(status, 'bad-request');
  // A restarting or unreachable database is an outage to wait out, not a bug: 503, at once.
  if (isDatabaseUnavailable(err)) return AppError.databaseUnavailable(err);
  // A full or read-only disk (DATA_DIR, or the database's own) is the operator's to fix: 503, not a bug.
  if (storageFailure(err)) return AppError.storageUnavailable(err);
  return undefined;
}

/** The central error handler: JSON `{detail, code, fields?}`, translated; never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const lang = req.language;
    const known = normalise(err);
    if (known) {
      if (known.code === 'database-unavailable')
        logger.warn(
          { reason: (known.cause as Error).message, method: req.method, path: req.path },
          'database unavailable',
        );
      // One line per refused request, without a stack: the operator needs the reason, not a trace.
      if (known.code === 'storage-unavailable' && known.cause !== undefined)
        logger.error(
          {
            reason: storageFailure(known.cause),
            err: (known.cause as Error).message,
            method: req.method,
            path: req.path,
          },
          'storage cannot take a write',
        );
      if (known.headers) res.set(known.headers);
      res.status(known.status).json(renderError(known, lang));
      return;
    }
    // One-time codes and tokens in a query string never reach the logs.
    const url = req.originalUrl.replace(/([?&](?:code|access_token|token)=)[^&#]*/gi, '$1[redacted]');
    logger.error({ err, method: req.method, url }, 'unhandled error');
    res.status(500).json(renderError(new AppError(500, 'internal'), lang));
  };
}
