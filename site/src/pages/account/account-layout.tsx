import { PASSWORD_MIN_LENGTH } from '@kib/core';
import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import type { Translate } from '../../i18n/language';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import './account.css';

export { applyServerFieldErrors, serverFieldNames } from '../../ui/form-errors';

/** The frame of every account screen: a centred card holding the page's one h1, which also names the tab. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="container page account-page">
      <div className="card narrow account-card">
        <h1 className="account-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * Holds the outcome of a submission. It takes the focus when it appears (unless `focus` is false,
 * when a field with a server error took it instead), so keyboard and screen-reader users land on
 * the result rather than on a button that is gone or disabled.
 */
export function AccountResult({ children, focus = true }: { children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} tabIndex={-1} className="account-result">
      {children}
    </div>
  );
}

/** A form's submit button: disabled with a spinner while the request runs, so it is sent once. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button type="submit" className="button button-primary account-submit" disabled={pending}>
      {pending && <Spinner label={pendingLabel} />}
      {label}
    </button>
  );
}

/**
 * The text of a field's error. The core schemas' messages are i18n keys (with `min` and `max`
 * params); the server's arrive translated and are shown as they are.
 */
export function fieldErrorText(error: FieldError | undefined, t: Translate, max: number): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message, { min: PASSWORD_MIN_LENGTH, max });
}
