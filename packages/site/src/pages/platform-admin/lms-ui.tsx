import { ApiError } from '@kib/api-client';
import { formatDateTimeDmy, LTI_DEFAULT_GRACE_HOURS, LTI_MAX_GRACE_HOURS } from '@kib/core';
import { useId, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { CopyButton } from '../../ui/copy-button';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';

/** A date of the admin API (ISO) as the site writes dates: DD-MM-YYYY HH:mm. */
export const dateText = (iso: string) => formatDateTimeDmy(new Date(iso));

/**
 * A table that scrolls sideways inside its own box on a narrow screen (the page never does). The
 * box is focusable and named by the table's caption, so keyboard users can scroll it too.
 */
export function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <div className="lms-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="lms-table">
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** Enabled, or disabled since when. */
export function StateBadge({ disabledAt }: { disabledAt: string | null }) {
  const t = useT();
  return disabledAt === null ? (
    <span className="lms-state lms-state-enabled">{t('platform-admin.state-enabled')}</span>
  ) : (
    <span className="lms-state lms-state-disabled">
      {t('platform-admin.state-disabled', { date: dateText(disabledAt) })}
    </span>
  );
}

/** A list of texts (origins, deployments), or a dash with its meaning for screen readers. */
export function TextList({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{empty}</span>
      </>
    );
  return (
    <ul className="lms-list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * A row's action button: its visible text, and the row it acts on for screen readers ("Disable"
 * becomes "Disable colegio-moodle" when read out of the table).
 */
export function RowButton({ label, row, onClick }: { label: string; row: string; onClick: () => void }) {
  return (
    <button type="button" className="button button-secondary lms-row-button" onClick={onClick}>
      {label}
      <span className="visually-hidden"> {row}</span>
    </button>
  );
}

/** The text of a field error the server sent for `field` (wire name), if any. */
export function serverFieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields[field]?.join(' ') : undefined;
}

/** A failure that is not about a field: the server's explanation (translated), in an alert. */
export function FailureAlert({ error, fields = [] }: { error: unknown; fields?: readonly string[] }) {
  const t = useT();
  if (!error) return null;
  const onField = error instanceof ApiError && fields.some((f) => error.fields[f]);
  if (onField) return null;
  return <Alert tone="danger">{errorMessage(error, t)}</Alert>;
}

/** The grace period of a rotation, in hours (the server checks the range and names the field). */
export function GraceHoursField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint: string;
}) {
  const t = useT();
  return (
    <Field
      label={t('platform-admin.grace-hours')}
      type="number"
      inputMode="numeric"
      min={0}
      max={LTI_MAX_GRACE_HOURS}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
    />
  );
}

/** The grace period as sent: the typed number, or null (the server names it) when none is typed. */
export const graceHoursOf = (value: string) => (value.trim() === '' ? null : Number(value));

/** The grace period a rotation offers first. */
export const DEFAULT_GRACE = String(LTI_DEFAULT_GRACE_HOURS);

/**
 * Shows a consumer's new shared secret, the only time it is ever shown: the secret (selectable),
 * a copy button and the warning that it will not be shown again.
 */
export function SecretDialog({
  shown,
  onClose,
}: {
  shown: { consumerKey: string; secret: string } | null;
  onClose: () => void;
}) {
  const t = useT();
  const secretId = useId();
  return (
    <Modal
      open={shown !== null}
      title={t('platform-admin.secret-title', { key: shown?.consumerKey ?? '' })}
      onClose={onClose}
      closeLabel={t('platform-admin.secret-done')}
    >
      {shown && (
        <>
          <Alert tone="warning">{t('platform-admin.secret-warning')}</Alert>
          <p className="lms-secret-key">
            {t('platform-admin.consumer-key')}: <code>{shown.consumerKey}</code>
          </p>
          <label htmlFor={secretId} className="lms-secret-label">
            {t('platform-admin.shared-secret')}
          </label>
          <input
            id={secretId}
            className="input lms-secret"
            readOnly
            value={shown.secret}
            onFocus={(event) => event.target.select()}
          />
          <div className="lms-secret-actions">
            <CopyButton text={shown.secret}>{t('platform-admin.secret-copy')}</CopyButton>
          </div>
        </>
      )}
    </Modal>
  );
}

/** A textarea's lines (or spaces, or commas) as the list the API takes. */
export const linesOf = (value: unknown) =>
  typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : value;

/**
 * The text of a form field's error: a schema's i18n key, or the server's translated text. A list
 * field (origins, deployments) shows its own error, else its first entry's.
 */
export function useFieldErrorText() {
  const t = useT();
  return (found: unknown, max?: number) => {
    const error = (
      Array.isArray(found) ? found.find((entry) => (entry as FieldError | undefined)?.message) : found
    ) as FieldError | undefined;
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message, { max });
  };
}
