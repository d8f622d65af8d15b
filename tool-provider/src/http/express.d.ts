import type { Language } from '@kib/i18n';
import type { Principal } from './access';
import type { AppError } from './errors';

declare global {
  namespace Express {
    interface Request {
      /** The reader's language: the language cookie, else Accept-Language, else Spanish. */
      language: Language;
      /** The verified caller, or null when the request carries no valid access token. */
      principal: Principal | null;
      /** Why a presented access token was refused (answered only if the route needs a login). */
      authError?: AppError;
    }
  }
}

export {};
