import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@kib/api-client';
import { PASSWORD_MIN_LENGTH, RegistrationSchema, type RegistrationInput } from '@kib/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
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
import { PasswordStrength } from './password-strength';

/** The fields that show their own errors; server errors on other fields go to the alert. */
const FIELDS = ['email', 'firstName', 'lastName', 'password', 'rePassword'] as const;

/** Failures whose server text helps the reader fix something (bad input, too many tries). */
function isExplained(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && Boolean(error.detail);
}

/**
 * /signup (spec 01 §2, §4, §5): e-mail, names, a password with its strength and its repeat, and the
 * mutually exclusive "I am a student" / "I am a teacher" checkboxes. `?user=schoolAdmin` registers a
 * school administrator instead (no checkboxes). Success replaces the form with 'Check your email
 * for account activation'; the server answers an address that has an account the same way (its owner
 * gets a mail with the links to log in and to reset the password), so the page never says that an
 * address is taken. Failure shows 'Opps something wrong in the server :(', with the server's
 * explanation and its field errors under the fields.
 */
export function SignupPage() {
  const t = useT();
  const api = useApi();
  const [params] = useSearchParams();
  const schoolAdmin = params.get('user') === 'schoolAdmin';
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    // raw: the schema's output drops the repeat and the checkboxes, which the server checks again.
    resolver: zodResolver(RegistrationSchema, undefined, { raw: true }),
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      password: '',
      rePassword: '',
      isStudent: false,
      isTeacher: false,
    },
  });
  const [email, firstName, lastName, password, isStudent, isTeacher] = useWatch({
    control,
    name: ['email', 'firstName', 'lastName', 'password', 'isStudent', 'isTeacher'],
  });
  const userInputs = useMemo(
    () => [email, email?.split('@')[0], firstName, lastName, 'kib'].filter((s): s is string => Boolean(s)),
    [email, firstName, lastName],
  );
  const signup = useMutation({
    mutationFn: (payload: RegistrationInput) => api.endpoints.register({ body: payload }),
    onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
  });

  const onSubmit = handleSubmit((values) => {
    const teacher = !schoolAdmin && Boolean(values.isTeacher);
    const student = !schoolAdmin && Boolean(values.isStudent);
    signup.mutate({
      email: values.email.trim(),
      firstName: (values.firstName ?? '').trim(),
      lastName: (values.lastName ?? '').trim(),
      password: values.password,
      rePassword: values.rePassword,
      isStudent: student,
      isTeacher: teacher,
      userType: schoolAdmin ? 'schoolAdmin' : teacher ? 'teacher' : 'student',
    });
  });

  const title = schoolAdmin ? t('account.signup-school-admin-title') : t('account.signup-title');
  if (signup.isSuccess) {
    return (
      <AccountLayout title={title}>
        <AccountResult>
          <Alert tone="success">
            <p className="account-alert-title">{t('account.signup-success')}</p>
            <p>{t('account.signup-success-detail', { email: signup.variables.email })}</p>
          </Alert>
        </AccountResult>
        <p className="account-switch">
          <Link to="/login">{t('account.go-to-login')}</Link>
        </p>
      </AccountLayout>
    );
  }

  const error = signup.error;
  const onField = serverFieldNames(error).some((name) => (FIELDS as readonly string[]).includes(name));
  return (
    <AccountLayout title={title}>
      {schoolAdmin && <p className="account-lead">{t('account.signup-school-admin-lead')}</p>}
      {signup.isError && (
        <AccountResult key={signup.submittedAt} focus={!onField}>
          <Alert tone="danger">
            <p className="account-alert-title">{t('account.signup-failure')}</p>
            {isExplained(error) && <p>{error.detail}</p>}
          </Alert>
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
          label={t('account.first-name')}
          autoComplete="given-name"
          error={fieldErrorText(errors.firstName, t, 150)}
          {...register('firstName')}
        />
        <Field
          label={t('account.last-name')}
          autoComplete="family-name"
          error={fieldErrorText(errors.lastName, t, 150)}
          {...register('lastName')}
        />
        <Field
          label={t('account.password')}
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrorText(errors.password, t, 256)}
          hint={
            <>
              {t('account.password-hint', { min: PASSWORD_MIN_LENGTH })}
              <PasswordStrength password={password ?? ''} userInputs={userInputs} />
            </>
          }
          {...register('password')}
        />
        <Field
          label={t('account.repeat-password')}
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrorText(errors.rePassword, t, 256)}
          {...register('rePassword')}
        />
        {!schoolAdmin && (
          <fieldset className="checks account-roles">
            <legend>{t('account.role-legend')}</legend>
            <label className="account-check">
              <input type="checkbox" disabled={Boolean(isTeacher)} {...register('isStudent')} />
              {t('account.i-am-student')}
            </label>
            <label className="account-check">
              <input type="checkbox" disabled={Boolean(isStudent)} {...register('isTeacher')} />
              {t('account.i-am-teacher')}
            </label>
          </fieldset>
        )}
        <div className="form-actions">
          <SubmitButton
            pending={signup.isPending}
            label={t('account.signup-submit')}
            pendingLabel={t('account.signup-pending')}
          />
        </div>
      </form>
      <p className="account-switch">
        {t('account.have-account')} <Link to="/login">{t('account.login-link')}</Link>
      </p>
    </AccountLayout>
  );
}
