import { useId, type ReactNode } from 'react';
import { useT } from '../i18n/language';
import { Modal } from './modal';
import { Spinner } from './spinner';

/**
 * Asks before an action that cannot be taken back (disabling, rotating): Cancel, or the action. The
 * body is a form, so a field in it (a grace period) is sent with Enter too; `pending` keeps the
 * action from being sent twice.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  /** Read by screen readers while the action runs. */
  pendingLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const formId = useId();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('site.cancel')}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={pending}>
            {pending && <Spinner label={pendingLabel} />}
            {confirmLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onConfirm();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
