import { useEffect, useState, type ReactNode } from 'react';
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
 * (remembering where the reader was going) when nobody is logged in. A session that expires leaves
 * the page where it expired as it is (the alert of the expired session says so); moving on to
 * another page leaves the session, and the login page says why.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const expired = auth.status === 'authenticated' && auth.expired === true;
  // The address the session expired on: the only page still shown while it is expired. A guard
  // that first shows up with the session already expired is on another page ('' is no address).
  const [expiredOn, setExpiredOn] = useState<string | null>(() => (expired ? '' : null));
  if (expired && expiredOn === null) setExpiredOn(here);
  if (!expired && expiredOn !== null) setExpiredOn(null);
  const movedOn = expired && expiredOn !== null && expiredOn !== here;
  const { leaveExpired } = auth;
  useEffect(() => {
    if (movedOn) leaveExpired();
  }, [movedOn, leaveExpired]);

  if (auth.status === 'loading' || movedOn) return <LoadingScreen />;
  if (auth.status === 'anonymous')
    return <Navigate to="/login" replace state={{ from: here, expired: auth.expired ?? false }} />;
  return children;
}
