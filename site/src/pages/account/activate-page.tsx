import { ApiError, NetworkError } from '@kib/api-client';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useApi } from '../../app/api';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Spinner } from '../../ui/spinner';
import { AccountLayout, AccountResult } from './account-layout';
import { errorMessage } from '../../ui/error-message';

/** The picture beside a failed activation; decorative, the message says it all. */
function BrokenLinkImage() {
  return (
    <svg className="account-error-image" viewBox="0 0 120 96" aria-hidden="true" focusable="false">
      <circle cx="60" cy="48" r="44" fill="var(--kib-surface-alt)" />
      <path
        d="M42 58l-6 6a10 10 0 0 1-14-14l10-10a10 10 0 0 1 14 0M78 38l6-6a10 10 0 0 1 14 14L88 56a10 10 0 0 1-14 0"
        fill="none"
        stroke="var(--kib-danger)"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path
        d="M52 30l-4-9M60 28v-10M68 30l4-9"
        stroke="var(--kib-muted)"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path
        d="M52 66l-4 9M60 68v10M68 66l4 9"
        stroke="var(--kib-muted)"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Whether the link may still work: the server never answered or failed on its side, so it was not spent. */
function canRetry(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

/**
 * /activate/:uid/:token (spec 03 §2, §4): sends the e-mailed link's uid and token once, shows
 * 'Activating…', then 'Done' with the server's message and the way to log in, or the server's
 * message beside an error picture.
 */
export function ActivatePage() {
  const t = useT();
  const api = useApi();
  const { uid = '', token = '' } = useParams();
  const activation = useMutation({ mutationFn: () => api.endpoints.activate({ body: { uid, token } }) });
  const { mutate } = activation;
  const sent = useRef<string | null>(null);

  // An activation token works once: React's second effect run (StrictMode) must not spend it again.
  useEffect(() => {
    const link = `${uid}/${token}`;
    if (sent.current === link) return;
    sent.current = link;
    mutate();
  }, [uid, token, mutate]);

  return (
    <AccountLayout title={t('account.activate-title')}>
      {activation.isSuccess ? (
        <AccountResult>
          <Alert tone="success">
            <p className="account-alert-title">{t('account.activate-done')}</p>
            {activation.data.detail && <p>{activation.data.detail}</p>}
          </Alert>
          <div className="form-actions">
            <Link className="button button-primary" to="/login">
              {t('account.login-link')}
            </Link>
            <Link className="button button-secondary" to="/">
              {t('site.go-home')}
            </Link>
          </div>
        </AccountResult>
      ) : activation.isError ? (
        <AccountResult>
          <div className="account-failure">
            <BrokenLinkImage />
            <Alert tone="danger">{errorMessage(activation.error, t)}</Alert>
          </div>
          <p>{t('account.activate-failed-help')}</p>
          <div className="form-actions">
            {canRetry(activation.error) && (
              <button type="button" className="button button-secondary" onClick={() => mutate()}>
                {t('account.try-again')}
              </button>
            )}
            <Link className="button button-primary" to="/login">
              {t('account.login-link')}
            </Link>
            <Link className="button button-secondary" to="/">
              {t('site.go-home')}
            </Link>
          </div>
        </AccountResult>
      ) : (
        <p className="account-status">
          <Spinner label={t('account.activate-pending')} />
          <span aria-hidden="true">{t('account.activate-pending')}</span>
        </p>
      )}
    </AccountLayout>
  );
}
