import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/language';
import { FocusableNotice } from '../../ui/alert';
import { Loading, LoadFailed, QueryWait, type WaitedQuery } from '../../ui/query-wait';
import { TEACHER_HOME } from './teacher-data';

/** The teacher's data is on its way. */
export function TeacherLoading() {
  const t = useT();
  return <Loading label={t('teacher.loading')} />;
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
    <LoadFailed
      text={t('teacher.load-failed')}
      retryLabel={t('teacher.retry')}
      error={error}
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}

/** A query whose data is not here yet: why it failed, with a button that asks again, or that it is on its way. */
export function TeacherQueryWait({ query }: { query: WaitedQuery }) {
  const t = useT();
  return (
    <QueryWait
      query={query}
      texts={{ loading: t('teacher.loading'), failed: t('teacher.load-failed'), retry: t('teacher.retry') }}
    />
  );
}

/** A page of the area whose data is not here yet: its heading, and the wait or the failure of `query`. */
export function TeacherPageWait({ title, query }: { title: string; query: WaitedQuery }) {
  return (
    <div className="teacher-page">
      <h1>{title}</h1>
      <TeacherQueryWait query={query} />
    </div>
  );
}

/**
 * The classroom is not one of the teacher's (deleted, another teacher's, or a wrong address): said,
 * with the way back to the classrooms. `className` is added to the page's.
 */
export function ClassroomNotFound({ className }: { className?: string }) {
  const t = useT();
  return (
    <div className={className ? `teacher-page ${className}` : 'teacher-page'}>
      <h1>{t('teacher.classroom-not-found-title')}</h1>
      <p className="teacher-lead">{t('teacher.classroom-not-found-text')}</p>
      <p>
        <Link to={TEACHER_HOME}>{t('teacher.back-to-classrooms')}</Link>
      </p>
    </div>
  );
}

/**
 * Where a page says what just happened (saved, deleted, joined): a polite live region that is always
 * there, so each new message is announced, in a box that takes the focus when the page moves it
 * there (`ref`). `onClose` dismisses the message.
 */
export function NoticeRegion(props: { notice: ReactNode; onClose: () => void; ref?: Ref<HTMLDivElement> }) {
  return <FocusableNotice {...props} className="teacher-notice" />;
}
