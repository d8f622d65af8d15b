import { zodResolver } from '@hookform/resolvers/zod';
import { LtiAccountLinkSchema, type LtiTeacherModules } from '@kib/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApi } from '../../app/api';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';

const KIB_ACCOUNT_KEY = ['lti-kib-account'] as const;

/**
 * The instructor's own Kib modules in the activity picker: once their LMS account is linked to their
 * Kib teacher account (logging in here once with its e-mail and password), each module is chosen with
 * one button, which sends the module's student activity code (made if it has none) as if typed.
 */
export function KibAccountModules({
  disabled,
  onChoose,
}: {
  disabled: boolean;
  onChoose: (activityCode: string) => void;
}) {
  const t = useT();
  const api = useApi();
  const queryClient = useQueryClient();
  const account = useQuery({ queryKey: KIB_ACCOUNT_KEY, queryFn: () => api.endpoints.ltiKibAccount() });
  const unlink = useMutation({
    mutationFn: () => api.endpoints.unlinkKibAccount(),
    onSuccess: () =>
      queryClient.setQueryData<LtiTeacherModules>(KIB_ACCOUNT_KEY, {
        account: null,
        validSubscription: false,
        modules: [],
      }),
  });
  const choose = useMutation({
    mutationFn: (moduleId: number) => api.endpoints.ltiKibModuleCode({ params: { id: String(moduleId) } }),
    onSuccess: (answer) => onChoose(answer.activityCode),
  });

  if (account.isPending || account.isError) return null;
  const data = account.data;
  return (
    <section className="lti-recent" aria-labelledby="lti-kib-title">
      <h2 id="lti-kib-title">{t('lti.kib-title')}</h2>
      {data.account === null ? (
        <LinkForm />
      ) : (
        <>
          <p className="lti-lead">
            {t('lti.kib-linked', {
              name: `${data.account.firstName} ${data.account.lastName}`.trim() || data.account.email,
              email: data.account.email,
            })}{' '}
            <button
              type="button"
              className="button-link"
              disabled={unlink.isPending}
              onClick={() => unlink.mutate()}
            >
              {t('lti.kib-unlink')}
            </button>
          </p>
          {!data.validSubscription ? (
            <Alert tone="info">{t('lti.kib-no-subscription')}</Alert>
          ) : data.modules.length === 0 ? (
            <p>{t('lti.kib-no-modules')}</p>
          ) : (
            <ul className="lti-problems">
              {data.modules.map((module) => (
                <li key={module.id} className="lti-problem">
                  <div className="lti-problem-main">
                    <span className="lti-problem-title">{module.name}</span>
                    <span className="lti-lead">{t('lti.kib-problems', { count: module.numProblems })}</span>
                  </div>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={disabled || choose.isPending}
                    aria-label={t('lti.teacher-recent-choose-named', { name: module.name })}
                    onClick={() => choose.mutate(module.id)}
                  >
                    {t('lti.teacher-recent-choose')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {choose.isError && <Alert tone="danger">{errorMessage(choose.error, t)}</Alert>}
        </>
      )}
    </section>
  );
}

/** Links the LMS account to a Kib teacher account: the account's e-mail and password, checked once. */
function LinkForm() {
  const t = useT();
  const api = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LtiAccountLinkSchema), defaultValues: { email: '', password: '' } });
  const link = useMutation({
    mutationFn: (body: { email: string; password: string }) => api.endpoints.linkKibAccount({ body }),
    onSuccess: (data) => queryClient.setQueryData(KIB_ACCOUNT_KEY, data),
  });
  return (
    <>
      <p className="lti-lead">{t('lti.kib-intro')}</p>
      <button
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('lti.kib-link')}
      </button>
      <form
        id={formId}
        hidden={!open}
        noValidate
        onSubmit={handleSubmit((values) => link.mutate(values))}
        className="lti-link-form"
      >
        <Field
          label={t('lti.kib-email')}
          type="email"
          autoComplete="username"
          error={errors.email?.message && t(errors.email.message)}
          {...register('email')}
        />
        <Field
          label={t('lti.kib-password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message && t(errors.password.message)}
          {...register('password')}
        />
        {link.isError && <Alert tone="danger">{errorMessage(link.error, t)}</Alert>}
        <div className="lti-actions">
          <button type="submit" className="button button-primary" disabled={link.isPending}>
            {link.isPending ? <Spinner label={t('lti.kib-linking')} /> : t('lti.kib-link-submit')}
          </button>
        </div>
      </form>
    </>
  );
}
