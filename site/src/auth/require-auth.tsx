import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useT } from '../i18n/language';
import { useAuth } from './auth';

/** The 'loading...' screen shown while the first token refresh runs (spec 01 §2). */
export function LoadingScreen() {
  const t = useT();
  return (
    <div className="loading-screen" role="status">
      {t('site.loading')}
    </div>
  );
}

/**
 * Guards a private route: 'loading...' while the session is being restored, a redirect to /login
 * (remembering where the reader was going) when nobody is logged in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'anonymous')
    return (
      <Navigate
        to="/login"
        replace
        state={{ from: `${location.pathname}${location.search}`, expired: auth.expired ?? false }}
      />
    );
  return children;
}
