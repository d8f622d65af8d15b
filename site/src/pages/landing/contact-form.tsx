import { useId, useRef } from 'react';
import { useT } from '../../i18n/language';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { CONTACT_MAX_LENGTH, useContactForm } from '../../forms/use-contact-form';

/**
 * The landing page's contact form (spec 01 §4, §5, §7): name, e-mail and message, cleaned of HTML,
 * script tags and code keywords, then sent to contact_form/. The outcome opens a modal titled
 * "thanks for contacting": the e-mail the answer will go to, or the failure with the server's reason
 * (a rate limit says when to try again).
 */
export function ContactForm() {
  const t = useT();
  const hintId = useId();
  const messageId = useId();
  const submitButton = useRef<HTMLButtonElement>(null);
  const {
    form: {
      register,
      setFocus,
      formState: { errors, isSubmitting },
    },
    errorText,
    onSubmit,
    result,
    setResult,
    firstInvalid,
  } = useContactForm({
    defaultValues: { name: '', email: '', message: '' },
    onlyCodeKey: 'landing.contact-only-code',
    keep: 'nothing',
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
          maxLength={CONTACT_MAX_LENGTH.name}
          error={errorText('name', errors.name)}
          {...register('name')}
        />
        <Field
          label={t('landing.contact-email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={CONTACT_MAX_LENGTH.email}
          error={errorText('email', errors.email)}
          {...register('email')}
        />
        <div className="field">
          <label htmlFor={messageId}>{t('landing.contact-message')}</label>
          <textarea
            id={messageId}
            rows={6}
            maxLength={CONTACT_MAX_LENGTH.message}
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
