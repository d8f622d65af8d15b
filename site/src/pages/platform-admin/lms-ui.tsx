import { ApiError, type ApiClient } from '@kib/api-client';
import { formatDateTimeDmy, LTI_DEFAULT_GRACE_HOURS, LTI_MAX_GRACE_HOURS } from '@kib/core';
import { useId, useState, type FormEventHandler, type ReactNode } from 'react';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { FailureAlert } from '../../ui/form-submit';
import { useRegistrationChange } from './lti-admin-data';

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

/** A section of the LMS page: its heading (which names it, `id`), its lead, then its content. */
export function LmsSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <section className="lms-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="lms-lead">{lead}</p>
      {children}
    </section>
  );
}

/** A column of an {@link LmsTable}: its header and each row's cell. */
export interface LmsColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Keys, issuers, ids: cells that wrap anywhere. */
  code?: boolean;
}

/**
 * Rows as a {@link ScrollTable} of `columns`, the first column each row's header; `empty` instead
 * when it is given and there are no rows.
 */
export function LmsTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: readonly LmsColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  empty?: string;
}) {
  if (empty !== undefined && rows.length === 0) return <p className="lms-empty">{empty}</p>;
  return (
    <ScrollTable caption={caption}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map(({ header, cell, code }, index) => {
              const className = code ? 'lms-code-cell' : undefined;
              return index === 0 ? (
                <th key={header} scope="row" className={className}>
                  {cell(row)}
                </th>
              ) : (
                <td key={header} className={className}>
                  {cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
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

/** The grace period a rotation offers, as typed: `reset` offers the default again. */
export function useGraceHours() {
  const [value, setValue] = useState(String(LTI_DEFAULT_GRACE_HOURS));
  return {
    value,
    setValue,
    reset: () => setValue(String(LTI_DEFAULT_GRACE_HOURS)),
    /**
     * As sent: the typed number, or NaN when none is typed (it travels as JSON's null, which the
     * server refuses naming the field, as it does any text that is not a number).
     */
    hours: value.trim() === '' ? Number.NaN : Number(value),
  };
}

/**
 * The grace period of a rotation, in hours, with the server's refusal of it under it (it checks the
 * range and names the field); any other failure of the rotation in an alert.
 */
export function GraceHoursField({
  grace,
  failure,
  hint,
}: {
  grace: ReturnType<typeof useGraceHours>;
  failure: unknown;
  hint: string;
}) {
  const t = useT();
  return (
    <>
      <Field
        label={t('platform-admin.grace-hours')}
        type="number"
        inputMode="numeric"
        min={0}
        max={LTI_MAX_GRACE_HOURS}
        value={grace.value}
        onChange={(event) => grace.setValue(event.target.value)}
        error={serverFieldError(failure, 'grace_hours')}
        hint={hint}
      />
      <FailureAlert error={failure} fields={['grace_hours']} />
    </>
  );
}

/**
 * A change asked first in a {@link ConfirmDialog}: `ask(target)` opens the dialog (its last failure
 * forgotten); confirming sends `inputOf(target)` once, closes the dialog and calls `onDone`.
 * `dialog` is the dialog's props but its title, its action's label and its text.
 */
export function useConfirmedChange<T, I, O>({
  change,
  inputOf,
  onDone,
}: {
  change: (api: ApiClient, input: I) => Promise<O>;
  inputOf: (target: T) => I;
  onDone: (answer: O, target: T) => void;
}) {
  const t = useT();
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useRegistrationChange(change);
  const confirm = () => {
    if (target === null) return;
    mutation.mutate(inputOf(target), {
      onSuccess: (answer) => {
        setTarget(null);
        onDone(answer, target);
      },
    });
  };
  return {
    target,
    mutation,
    ask: (next: T) => {
      mutation.reset();
      setTarget(next);
    },
    dialog: {
      open: target !== null,
      pendingLabel: t('platform-admin.working'),
      pending: mutation.isPending,
      onConfirm: confirm,
      onCancel: () => setTarget(null),
    },
  };
}

/**
 * Disabling (asked first) and enabling a section's registrations with one change of the API: the
 * row's button, the failure of an enabling (under the table) and the dialog that asks before
 * disabling (with a disabling's failure). Each leaves a `notice` of the registration the server
 * answers (disabled) or of the row (enabled).
 */
export function useEnabledSwitch<R extends { disabledAt: string | null }, I>({
  change,
  inputOf,
  nameOf,
  notice,
  onNotice,
}: {
  change: (api: ApiClient, input: I) => Promise<R>;
  inputOf: (registration: R, enabled: boolean) => I;
  /** The registration's name for screen readers on its row's button, and in the dialog's title. */
  nameOf: (registration: R) => string;
  notice: (name: string, enabled: boolean) => string;
  onNotice: (text: string) => void;
}) {
  const t = useT();
  const disable = useConfirmedChange({
    change,
    inputOf: (registration: R) => inputOf(registration, false),
    onDone: (registration) => onNotice(notice(nameOf(registration), false)),
  });
  const enable = (registration: R) =>
    disable.mutation.mutate(inputOf(registration, true), {
      onSuccess: () => onNotice(notice(nameOf(registration), true)),
    });
  return {
    button: (registration: R) =>
      registration.disabledAt === null ? (
        <RowButton
          label={t('platform-admin.disable')}
          row={nameOf(registration)}
          onClick={() => disable.ask(registration)}
        />
      ) : (
        <RowButton
          label={t('platform-admin.enable')}
          row={nameOf(registration)}
          onClick={() => enable(registration)}
        />
      ),
    failure: disable.target === null && <FailureAlert error={disable.mutation.error} />,
    /** The dialog's title is `title` of the registration's name (empty while it is closed). */
    dialog: (title: (name: string) => string, text: string) => (
      <ConfirmDialog
        {...disable.dialog}
        title={title(disable.target === null ? '' : nameOf(disable.target))}
        confirmLabel={t('platform-admin.disable')}
      >
        <p>{text}</p>
        <FailureAlert error={disable.mutation.error} />
      </ConfirmDialog>
    ),
  };
}

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
 * A form that adds a registration: its heading (which names it, `id`), its fields, a failure that
 * is on none of them, and the submit button, disabled while the form is `pending`.
 */
export function AddForm({
  id,
  title,
  submitLabel,
  onSubmit,
  failure,
  pending,
  children,
}: {
  id: string;
  title: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: unknown;
  pending: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <form className="card lms-form" onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
      <FailureAlert error={failure} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending && <Spinner label={t('platform-admin.working')} />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
