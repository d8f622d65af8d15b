import type { ReactNode, Ref } from 'react';
import { useT } from '../i18n/language';

/**
 * A message box: `success` and `info` are polite status messages, `danger` is an alert that screen
 * readers announce at once. `onClose` adds a close button.
 */
export function Alert({
  tone,
  children,
  onClose,
  closeLabel,
}: {
  tone: 'success' | 'danger' | 'info' | 'warning';
  children: ReactNode;
  onClose?: () => void;
  closeLabel?: string;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <div className="alert-body">{children}</div>
      {onClose && (
        <button type="button" className="alert-close" onClick={onClose} aria-label={closeLabel ?? '×'}>
          ×
        </button>
      )}
    </div>
  );
}

/**
 * A page's notice of what just succeeded, closable: the polite live region is always there (so a
 * screen reader hears the notice when it appears), and holds a success box while `notice` is set.
 */
export function StatusNotice({
  notice,
  onClose,
  className,
}: {
  notice: ReactNode;
  onClose: () => void;
  className?: string;
}) {
  const t = useT();
  return (
    <div role="status" className={className}>
      {notice ? (
        <div className="alert alert-success">
          <div className="alert-body">{notice}</div>
          <button type="button" className="alert-close" onClick={onClose} aria-label={t('site.close')}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Where a page says what just happened (saved, deleted, joined): a {@link StatusNotice} (a polite
 * live region that is always there, so each new message is announced) in a box that takes the focus
 * when the page moves it there (`ref`). `onClose` dismisses the message.
 */
export function FocusableNotice({
  notice,
  onClose,
  ref,
  className,
}: {
  notice: ReactNode;
  onClose: () => void;
  ref?: Ref<HTMLDivElement>;
  className: string;
}) {
  return (
    <div ref={ref} tabIndex={-1} className={className}>
      <StatusNotice notice={notice} onClose={onClose} />
    </div>
  );
}
