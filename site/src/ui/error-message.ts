import { ApiError, NetworkError } from '@kib/api-client';
import type { Translate } from '../i18n/language';

/**
 * What a proxy in front of Kib answers when Kib itself is down or does not answer in time: a bad
 * gateway, unavailable, or a gateway timeout, with a body of its own rather than Kib's JSON error
 * (which always carries a code, so the client's fallback code `error` means Kib did not answer).
 */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * The text for a failed call: the server's own message (it arrives translated), 'server dead :('
 * when nobody answered, or only a proxy in front of the server did (spec 01 §8), a generic apology
 * otherwise.
 */
export function errorMessage(error: unknown, t: Translate): string {
  if (error instanceof NetworkError) return t('site.server-dead');
  if (error instanceof ApiError && error.code === 'error' && GATEWAY_STATUSES.has(error.status))
    return t('site.server-dead');
  if (error instanceof ApiError && error.detail) return error.detail;
  return t('site.error-generic');
}
