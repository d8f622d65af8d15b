import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@kib/api-client';
import { LoginSchema, type Login } from '@kib/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { useApi } from '../../app/api';
import { homeFor, useAuth } from '../../auth/auth';
import { LoadingScreen } from '../../auth/require-auth';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { AccountLayout, AccountResult, fieldErrorText, SubmitButton } from './account-layout';
import { errorMessage } from '../../ui/error-message';

/** Pages a reader must never be sent back to after logging in. */
const NOT_A_DESTINATION = /^\/(login|logout|signup)(\/|\?|$)/;

/**
 * What RequireAuth left in the navigation state: the private page the reader was sent away from
 * (only a path of this site, never another origin) and whether the session had expired.
 */
function readState(state: unknown): { from?: string; expired: boolean } {
  const s = (state ?? {}) as { from?: unknown; expired?: unknown };
  const from =
    typeof s.from === 'string' &&
    s.from.startsWith('/') &&
    !s.from.startsWith('//') &&
    !NOT_A_DESTINATION.test(s.from)
      ? s.from
      : undefined;
  return { from, expired: s.expired === true };
}

/**
 * /login (spec 01 §2, §4): e-mail and password. Submitting disables the button and shows a spinner;
 * success goes back to the private page the reader was sent away from, else to the home of their
 * first group; failure shows the server's message in a red alert ('server dead :(' when nobody
 * answers), and an account that was never activated can ask for a new activation e-mail.
 */
export function LoginPage() {
  const t = useT();
  const api = useApi();
  const auth = useAuth();
  const location = useLocation();
  const { from, expired } = readState(location.state);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Login>({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } });
  const login = useMutation({ mutationFn: (values: Login) => auth.login(values.email, values.password) });
  const resend = useMutation({
    mutationFn: (email: string) => api.endpoints.resendActivation({ body: { email } }),
  });

  // A session that expired on another page is left here: it needs a new login.
  const sessionExpired = auth.status !== 'loading' && auth.expired === true;
  const { leaveExpired } = auth;
  useEffect(() => {
    if (sessionExpired) leaveExpired();
  }, [sessionExpired, leaveExpired]);

  if (auth.status === 'loading') return <LoadingScreen />;
  // Reached both by a logged-in visitor and right after a successful login (the session updates).
  if (auth.status === 'authenticated' && !sessionExpired)
    return <Navigate to={from ?? homeFor(auth.user)} replace />;

  const onSubmit = handleSubmit((values) => {
    resend.reset();
    login.mutate(values);
  });
  const inactive = login.error instanceof ApiError && login.error.code === 'account-inactive';
  const submittedEmail = login.variables?.email ?? '';

  return (
    <AccountLayout title={t('account.login-title')}>
      {(expired || sessionExpired) && <Alert tone="info">{t('site.session-expired')}</Alert>}
      {login.isError && (
        <AccountResult key={login.submittedAt}>
          <Alert tone="danger">{errorMessage(login.error, t)}</Alert>
          {inactive && (
            <div className="account-resend">
              {resend.isSuccess ? (
                <Alert tone="success">{t('account.resend-done', { email: submittedEmail })}</Alert>
              ) : (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(submittedEmail)}
                >
                  {resend.isPending && <Spinner label={t('account.resend-pending')} />}
                  {t('account.resend-activation')}
                </button>
              )}
              {resend.isError && <Alert tone="danger">{errorMessage(resend.error, t)}</Alert>}
            </div>
          )}
        </AccountResult>
      )}
      <form onSubmit={onSubmit} noValidate className="account-form">
        <Field
          label={t('account.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={fieldErrorText(errors.email, t, 254)}
          {...register('email')}
        />
        <Field
          label={t('account.password')}
          type="password"
          autoComplete="current-password"
          required
          error={fieldErrorText(errors.password, t, 256)}
          {...register('password')}
        />
        <p className="account-aside">
          <Link to="/password/reset">{t('account.forgot-password')}</Link>
        </p>
        <div className="form-actions">
          <SubmitButton
            pending={login.isPending}
            label={t('account.login-submit')}
            pendingLabel={t('account.login-pending')}
          />
        </div>
      </form>
      <p className="account-switch">
        {t('account.no-account')} <Link to="/signup">{t('account.signup-link')}</Link>
      </p>
    </AccountLayout>
  );
}
