import { BaseError, ConnectionError, DatabaseError } from 'sequelize';

/**
 * PostgreSQL error classes that mean "the server is not there right now", not "this statement is
 * wrong": 08 connection exception, 57P01..57P03 shutdown or start-up (what a restart sends to its
 * clients), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** Socket errors of a connection whose server went away. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What pg says of a connection that closed under a query or a transaction (it gives no code). */
const TERMINATED = /^(Connection terminated|Client has encountered a connection error|Client was closed)/;

/**
 * Whether an error of a query means that the database cannot be reached (restarting, stopped,
 * unreachable, or the pool found no connection in time), so the request should answer 503 and be
 * tried again later rather than be reported as a bug.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  // Refused, timed out, host not found, access denied while starting, no free connection in time.
  if (err instanceof ConnectionError) return true;
  if (!(err instanceof DatabaseError)) return false;
  const cause = (err as DatabaseError & { parent?: { code?: unknown; message?: unknown } }).parent;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  if (UNAVAILABLE_SQLSTATE.test(code) || SOCKET_CODES.has(code)) return true;
  return typeof cause?.message === 'string' && TERMINATED.test(cause.message);
}
