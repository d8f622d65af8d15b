import type { ReactNode, Ref } from 'react';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Spinner } from '../../ui/spinner';

/** The teacher's data is on its way. */
export function TeacherLoading() {
  const t = useT();
  return (
    <p className="teacher-loading">
      <Spinner label={t('teacher.loading')} />
      <span aria-hidden="true">{t('teacher.loading')}</span>
    </p>
  );
}

/** The teacher's data could not be loaded: why, and a button that asks again. */
export function TeacherLoadFailed({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <Alert tone="danger">
      <p className="teacher-alert-text">
        {t('teacher.load-failed')} {errorMessage(error, t)}
      </p>
      <button type="button" className="button button-secondary" onClick={onRetry} disabled={retrying}>
        {t('teacher.retry')}
      </button>
    </Alert>
  );
}

/**
 * Where a page says what just happened (saved, deleted, joined): a polite live region that is always
 * there, so each new message is announced, in a box that takes the focus when the page moves it
 * there (`ref`). `onClose` dismisses the message.
 */
export function NoticeRegion({
  notice,
  onClose,
  ref,
}: {
  notice: ReactNode;
  onClose: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const t = useT();
  return (
    <div ref={ref} tabIndex={-1} className="teacher-notice">
      <div role="status">
        {notice ? (
          <div className="alert alert-success">
            <div className="alert-body">{notice}</div>
            <button type="button" className="alert-close" onClick={onClose} aria-label={t('site.close')}>
              ×
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
