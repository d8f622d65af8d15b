import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Spinner } from '../../ui/spinner';
import { AccountLayout, AccountResult } from './account-layout';
import { reloadHome } from './reload-home';

/**
 * /logout (spec 01 §2, §8): tells the server once; when it answers, goes to / and reloads. When it
 * does not, the session is dropped on this device anyway and the reader is told so, with a way to
 * try again and a link home.
 */
export function LogoutPage() {
  const t = useT();
  const { logout } = useAuth();
  const started = useRef(false);
  const leave = useMutation({
    mutationFn: () => logout(),
    onSuccess: (ok) => {
      if (ok) reloadHome();
    },
  });
  const { mutate } = leave;

  // Once per visit, even when React runs effects twice (StrictMode).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const failed = leave.isError || leave.data === false;
  return (
    <AccountLayout title={t('account.logout-title')}>
      {failed ? (
        <AccountResult key={leave.submittedAt}>
          <Alert tone="danger">{t('account.logout-failed')}</Alert>
          <div className="form-actions">
            <button type="button" className="button button-secondary" onClick={() => mutate()}>
              {t('account.try-again')}
            </button>
            <Link className="button button-primary" to="/">
              {t('site.go-home')}
            </Link>
          </div>
        </AccountResult>
      ) : (
        <p className="account-status">
          <Spinner label={t('account.logout-pending')} />
          <span aria-hidden="true">{t('account.logout-pending')}</span>
        </p>
      )}
    </AccountLayout>
  );
}
