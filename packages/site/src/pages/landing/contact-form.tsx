import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@kib/api-client';
import { ContactMessageSchema, type ContactMessage } from '@kib/core';
import { useId, useRef, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useApi } from '../../app/api';
import { useT } from '../../i18n/language';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { errorMessage } from '../../ui/error-message';
import { Spinner } from '../../ui/spinner';
import { cleanContactMessage } from '../../forms/clean-contact-text';

type ContactField = keyof ContactMessage;

const FIELDS: readonly ContactField[] = ['name', 'email', 'message'];

/** Longest text each field takes, read from the schema so the form and the server agree. */
const MAX_LENGTH: Record<ContactField, number> = {
  name: ContactMessageSchema.shape.name.maxLength ?? 200,
  email: ContactMessageSchema.shape.email.maxLength ?? 254,
  message: ContactMessageSchema.shape.message.maxLength ?? 5000,
};

/** What the modal reports after a send (spec 01 §4, keys correctSent and wrongSent). */
type ContactResult = { sent: true; email: string } | { sent: false; detail: string };

/**
 * The landing page's contact form (spec 01 §4, §5, §7): name, e-mail and message, cleaned of HTML,
 * script tags and code keywords, then sent to contact_form/. The outcome opens a modal titled
 * "thanks for contacting": the e-mail the answer will go to, or the failure with the server's reason
 * (a rate limit says when to try again).
 */
export function ContactForm() {
  const t = useT();
  const api = useApi();
  const hintId = useId();
  const messageId = useId();
  const submitButton = useRef<HTMLButtonElement>(null);
  const [result, setResult] = useState<ContactResult | null>(null);
  const firstInvalid = useRef<ContactField | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: { name: '', email: '', message: '' },
  });

  // Schema messages are i18n keys; server messages arrive translated and are shown as they come.
  const errorText = (field: ContactField, error?: FieldError) =>
    !error?.message
      ? undefined
      : error.type === 'server'
        ? error.message
        : t(error.message, { max: MAX_LENGTH[field] });

  const onSubmit = handleSubmit(async (values) => {
    firstInvalid.current = null;
    const cleaned = ContactMessageSchema.safeParse(cleanContactMessage(values));
    if (!cleaned.success) {
      // Only HTML or code was typed: nothing would be left to send.
      const fields = new Set(cleaned.error.issues.map((issue) => issue.path[0] as ContactField));
      const invalid = FIELDS.filter((f) => fields.has(f));
      for (const field of invalid) setError(field, { type: 'cleaned', message: 'landing.contact-only-code' });
      if (invalid[0]) setFocus(invalid[0]);
      return;
    }
    try {
      await api.contact(cleaned.data);
      reset();
      setResult({ sent: true, email: cleaned.data.email });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.fields[field]?.[0];
          if (!message) continue;
          setError(field, { type: 'server', message });
          firstInvalid.current ??= field;
        }
      }
      setResult({
        sent: false,
        detail: errorMessage(error, t),
      });
    }
  });

  const closeResult = () => {
    setResult(null);
    // Back to what the reader needs next: the field the server rejected, else the send button.
    if (firstInvalid.current) setFocus(firstInvalid.current);
    else submitButton.current?.focus();
  };

  const messageError = errorText('message', errors.message);
  const messageDescription = messageError ? `${messageId}-error ${hintId}` : hintId;

  return (
    <>
      <form className="contact-form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('landing.contact-name')}
          autoComplete="name"
          maxLength={MAX_LENGTH.name}
          error={errorText('name', errors.name)}
          {...register('name')}
        />
        <Field
          label={t('landing.contact-email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={MAX_LENGTH.email}
          error={errorText('email', errors.email)}
          {...register('email')}
        />
        <div className="field">
          <label htmlFor={messageId}>{t('landing.contact-message')}</label>
          <textarea
            id={messageId}
            rows={6}
            maxLength={MAX_LENGTH.message}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageDescription}
            {...register('message')}
          />
          <div id={hintId} className="field-hint">
            {t('landing.contact-message-hint')}
          </div>
          {messageError && (
            <div id={`${messageId}-error`} className="field-error">
              {messageError}
            </div>
          )}
        </div>
        <div className="form-actions">
          <button ref={submitButton} type="submit" className="button button-primary" disabled={isSubmitting}>
            {t('landing.contact-send')}
          </button>
          {isSubmitting && <Spinner label={t('landing.contact-sending')} />}
        </div>
      </form>
      <Modal
        open={result !== null}
        title={t('landing.thanks-for-contacting')}
        onClose={closeResult}
        closeLabel={t('site.close')}
      >
        {result?.sent === true && (
          <p className="contact-form-result">{t('landing.correct-sent', { email: result.email })}</p>
        )}
        {result?.sent === false && (
          <>
            <p className="contact-form-result">{t('landing.wrong-sent')}</p>
            <p className="contact-form-result contact-form-detail">{result.detail}</p>
          </>
        )}
      </Modal>
    </>
  );
}
