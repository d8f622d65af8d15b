import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@kib/api-client';
import { ContactMessageSchema, type ContactMessage } from '@kib/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useApi } from '../../app/api';
import { useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { cleanContactMessage } from '../../forms/clean-contact-text';
import { errorMessage } from '../../ui/error-message';

type FeedbackField = keyof ContactMessage;

const FIELDS: readonly FeedbackField[] = ['name', 'email', 'message'];

/** Longest text each field takes, read from the schema so the form and the server agree. */
const MAX_LENGTH: Record<FeedbackField, number> = {
  name: ContactMessageSchema.shape.name.maxLength ?? 200,
  email: ContactMessageSchema.shape.email.maxLength ?? 254,
  message: ContactMessageSchema.shape.message.maxLength ?? 5000,
};

type Outcome = { sent: true; email: string } | { sent: false; detail: string };

/**
 * /student/feedback: the student writes to Kib. Name and e-mail come filled in from the account; the
 * message is cleaned of HTML and code like the landing's contact form (spec 01 §5) and sent to
 * contact_form/. The outcome appears in an alert that takes the focus.
 */
export function FeedbackPage() {
  const t = useT();
  const api = useApi();
  const user = useUser();
  const messageId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useDocumentTitle(t('student.feedback-title'));
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: {
      name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      email: user?.email ?? '',
      message: '',
    },
  });

  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  const errorText = (field: FeedbackField, error?: FieldError) =>
    !error?.message
      ? undefined
      : error.type === 'server'
        ? error.message
        : t(error.message, { max: MAX_LENGTH[field] });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    const cleaned = ContactMessageSchema.safeParse(cleanContactMessage(values));
    if (!cleaned.success) {
      // Only HTML or code was typed: nothing would be left to send.
      const fields = new Set(cleaned.error.issues.map((issue) => issue.path[0] as FeedbackField));
      const invalid = FIELDS.filter((f) => fields.has(f));
      for (const field of invalid)
        setError(field, { type: 'server', message: t('student.feedback-only-code') });
      if (invalid[0]) setFocus(invalid[0]);
      return;
    }
    try {
      await api.contact(cleaned.data);
      resetField('message');
      setOutcome({ sent: true, email: cleaned.data.email });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.fields[field]?.[0];
          if (message) setError(field, { type: 'server', message });
        }
      }
      setOutcome({ sent: false, detail: errorMessage(error, t) });
    }
  });

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
          maxLength={MAX_LENGTH.name}
          error={errorText('name', errors.name)}
          {...register('name')}
        />
        <Field
          label={t('student.feedback-email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={MAX_LENGTH.email}
          error={errorText('email', errors.email)}
          {...register('email')}
        />
        <div className="field">
          <label htmlFor={messageId}>{t('student.feedback-message')}</label>
          <textarea
            id={messageId}
            rows={6}
            maxLength={MAX_LENGTH.message}
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
