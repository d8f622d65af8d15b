import { ApiError, NetworkError } from '@kib/api-client';
import type { Translate } from '../i18n/language';

/**
 * The text for a failed call: the server's own message (it arrives translated), 'server dead :('
 * when nobody answered (spec 01 §8), a generic apology otherwise.
 */
export function errorMessage(error: unknown, t: Translate): string {
  if (error instanceof NetworkError) return t('site.server-dead');
  if (error instanceof ApiError && error.detail) return error.detail;
  return t('site.error-generic');
}
