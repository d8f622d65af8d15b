import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordSchema } from '@kib/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useApi } from '../../app/api';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Field } from '../../ui/field';
import { AccountLayout, AccountResult, fieldErrorText, SubmitButton } from './account-layout';
import { errorMessage } from '../../ui/error-message';

/**
 * /password/reset (spec 03 §2, §4): asks for the e-mail and has the reset link sent. The server
 * answers the same whether or not the account exists, so the success message says so; failures
 * show the server's message in a danger alert.
 */
export function ResetPasswordPage() {
  const t = useT();
  const api = useApi();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ResetPasswordSchema), defaultValues: { email: '' } });
  const reset = useMutation({
    mutationFn: (email: string) => api.endpoints.resetPassword({ body: { email } }),
  });
  const onSubmit = handleSubmit((values) => reset.mutate(values.email));

  if (reset.isSuccess) {
    return (
      <AccountLayout title={t('account.reset-title')}>
        <AccountResult>
          <Alert tone="success">
            <p className="account-alert-title">{t('account.reset-done')}</p>
            <p>{t('account.reset-done-detail', { email: reset.variables })}</p>
          </Alert>
        </AccountResult>
        <p className="account-switch">
          <Link to="/login">{t('account.go-to-login')}</Link>
        </p>
      </AccountLayout>
    );
  }

  return (
    <AccountLayout title={t('account.reset-title')}>
      <p className="account-lead">{t('account.reset-lead')}</p>
      {reset.isError && (
        <AccountResult key={reset.submittedAt}>
          <Alert tone="danger">{errorMessage(reset.error, t)}</Alert>
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
        <div className="form-actions">
          <SubmitButton
            pending={reset.isPending}
            label={t('account.reset-submit')}
            pendingLabel={t('account.reset-pending')}
          />
        </div>
      </form>
      <p className="account-switch">
        <Link to="/login">{t('account.back-to-login')}</Link>
      </p>
    </AccountLayout>
  );
}
