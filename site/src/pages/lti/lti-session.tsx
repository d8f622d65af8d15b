import type { ReactNode } from 'react';
import { useAuth } from '../../auth/auth';
import { LoadingScreen } from '../../auth/require-auth';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import './lti.css';

/** The frame of every LMS page: no site navigation (the LMS has its own), one main landmark. */
export function LtiMain({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="lti-main">
      {children}
    </main>
  );
}

/**
 * Guards a page opened from an LMS launch. Its session lives in the page's memory only (no cookie
 * in a third-party frame), so when there is none the way back is the LMS, not Kib's login page.
 */
export function LtiGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const t = useT();
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'anonymous')
    return (
      <LtiMain>
        <h1>{t('lti.login-title')}</h1>
        <Alert tone="warning">{t('lti.session-missing')}</Alert>
      </LtiMain>
    );
  return children;
}

export { idParam } from '../../app/query-id';
