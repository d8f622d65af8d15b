import { useEffect, useId, useRef } from 'react';
import { useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { CONTACT_MAX_LENGTH, useContactForm } from '../../forms/use-contact-form';

/**
 * /student/feedback: the student writes to Kib. Name and e-mail come filled in from the account; the
 * message is cleaned of HTML and code like the landing's contact form (spec 01 §5) and sent to
 * contact_form/. The outcome appears in an alert that takes the focus.
 */
export function FeedbackPage() {
  const t = useT();
  const user = useUser();
  const messageId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(t('student.feedback-title'));
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    errorText,
    onSubmit,
    result: outcome,
    setResult: setOutcome,
  } = useContactForm({
    defaultValues: {
      name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      email: user?.email ?? '',
      message: '',
    },
    onlyCodeKey: 'student.feedback-only-code',
    keep: 'sender',
  });

  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  const messageError = errorText('message', errors.message);
  return (
    <div className="student-page feedback-page">
      <h1>{t('student.feedback-title')}</h1>
      <p className="student-lead">{t('student.feedback-intro')}</p>
      <div ref={resultRef} tabIndex={-1}>
        {outcome?.sent === true && (
          <Alert tone="success" onClose={() => setOutcome(null)} closeLabel={t('site.close')}>
            {t('student.feedback-sent', { email: outcome.email })}
          </Alert>
        )}
        {outcome?.sent === false && (
          <Alert tone="danger" onClose={() => setOutcome(null)} closeLabel={t('site.close')}>
            <p className="student-alert-text">{t('student.feedback-failed')}</p>
            <p className="student-alert-text">{outcome.detail}</p>
          </Alert>
        )}
      </div>
      <form className="card feedback-form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('student.feedback-name')}
          autoComplete="name"
          maxLength={CONTACT_MAX_LENGTH.name}
          error={errorText('name', errors.name)}
          {...register('name')}
        />
        <Field
          label={t('student.feedback-email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={CONTACT_MAX_LENGTH.email}
          error={errorText('email', errors.email)}
          {...register('email')}
        />
        <div className="field">
          <label htmlFor={messageId}>{t('student.feedback-message')}</label>
          <textarea
            id={messageId}
            rows={6}
            maxLength={CONTACT_MAX_LENGTH.message}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? `${messageId}-error` : undefined}
            {...register('message')}
          />
          {messageError && (
            <div id={`${messageId}-error`} className="field-error">
              {messageError}
            </div>
          )}
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {isSubmitting && <Spinner label={t('student.feedback-sending')} />}
            {t('student.feedback-submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
