import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@kib/api-client';
import { PASSWORD_MIN_LENGTH, ResetPasswordConfirmSchema, type ResetPasswordConfirm } from '@kib/core';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useApi } from '../../app/api';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Field } from '../../ui/field';
import {
  AccountLayout,
  AccountResult,
  applyServerFieldErrors,
  fieldErrorText,
  serverFieldNames,
  SubmitButton,
} from './account-layout';
import { errorMessage } from '../../ui/error-message';
import { PasswordStrength } from './password-strength';

/** The fields that show their own errors. */
const FIELDS = ['newPassword', 'reNewPassword'] as const;

/** Only the site's own name is known here; it still counts against the new password. */
const USER_INPUTS = ['kib'];

/**
 * /password/reset/confirm/:uid/:token (spec 03 §2, §4, §5): the new password (with its strength)
 * and its repeat. Success says so and leads to /login; a spent or expired link shows the server's
 * message and leads to a new e-mail.
 */
export function ResetPasswordConfirmPage() {
  const t = useT();
  const api = useApi();
  const { uid = '', token = '' } = useParams();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ResetPasswordConfirm>({
    resolver: zodResolver(ResetPasswordConfirmSchema),
    // The link's uid and token are validated with the passwords but have no inputs of their own.
    values: { uid, token, newPassword: '', reNewPassword: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const password = useWatch({ control, name: 'newPassword' });
  const confirm = useMutation({
    mutationFn: (values: ResetPasswordConfirm) => api.endpoints.confirmPasswordReset({ body: values }),
    onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
  });
  const onSubmit = handleSubmit((values) => confirm.mutate(values));

  if (confirm.isSuccess) {
    return (
      <AccountLayout title={t('account.reset-confirm-title')}>
        <AccountResult>
          <Alert tone="success">
            <p className="account-alert-title">{t('account.reset-confirm-done')}</p>
            <p>{t('account.reset-confirm-done-detail')}</p>
          </Alert>
          <div className="form-actions">
            <Link className="button button-primary" to="/login">
              {t('account.login-link')}
            </Link>
          </div>
        </AccountResult>
      </AccountLayout>
    );
  }

  const error = confirm.error;
  const badLink = Boolean(errors.uid || errors.token);
  const linkSpent = error instanceof ApiError && error.code === 'reset-invalid';
  const onField = serverFieldNames(error).some((name) => (FIELDS as readonly string[]).includes(name));
  return (
    <AccountLayout title={t('account.reset-confirm-title')}>
      {badLink && (
        <AccountResult>
          <Alert tone="danger">{t('account.reset-link-invalid')}</Alert>
        </AccountResult>
      )}
      {confirm.isError && (
        <AccountResult key={confirm.submittedAt} focus={!onField}>
          <Alert tone="danger">{errorMessage(error, t)}</Alert>
        </AccountResult>
      )}
      {(badLink || linkSpent) && (
        <p className="account-switch">
          <Link to="/password/reset">{t('account.request-new-link')}</Link>
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="account-form">
        <Field
          label={t('account.new-password')}
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrorText(errors.newPassword, t, 256)}
          hint={
            <>
              {t('account.password-hint', { min: PASSWORD_MIN_LENGTH })}
              <PasswordStrength password={password} userInputs={USER_INPUTS} />
            </>
          }
          {...register('newPassword')}
        />
        <Field
          label={t('account.repeat-password')}
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrorText(errors.reNewPassword, t, 256)}
          {...register('reNewPassword')}
        />
        <div className="form-actions">
          <SubmitButton
            pending={confirm.isPending}
            label={t('account.reset-confirm-submit')}
            pendingLabel={t('account.reset-confirm-pending')}
          />
        </div>
      </form>
    </AccountLayout>
  );
}
