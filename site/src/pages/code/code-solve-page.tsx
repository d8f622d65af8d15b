import { preloadSolver } from '@kib/widgets/preload';
import { ApiBackend, Solver } from '@kib/widgets';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useMediaAddresses } from '../../app/public-config';
import { idParam } from '../../app/query-id';
import { useRecognizeHandwriting } from '../../app/handwriting';
import { usePhonePhoto } from '../../app/phone-photo';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { studentActivityKey, useStudentActivity, useTempStudentApi } from './code-api';
import { readCodeSession, type CodeSession } from './code-session';
import './code.css';

// The solver renders its consoles and the problem's statement with MathLive, which the page's head
// has announced: it starts loading as soon as this module runs, before the problem has arrived, so the
// statement never waits for (or downloads) a second math library.
preloadSolver();

/**
 * /code/student/solve?problem={id}: a problem of the code activity in the widgets' solver, answered
 * with the temporary student's token (their attempts are recorded for the teacher). Back returns to
 * the module view. Without a registered activity in this tab, it goes to the code form.
 */
export function CodeSolvePage() {
  const [session] = useState(readCodeSession);
  if (session?.role !== 'student') return <Navigate to="/code/student" replace />;
  return <CodeSolve session={session} />;
}

function CodeSolve({ session }: { session: Extract<CodeSession, { role: 'student' }> }) {
  const t = useT();
  const { language } = useLanguage();
  const media = useMediaAddresses();
  const recognizeHandwriting = useRecognizeHandwriting();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  // The server refused the token while solving (the activity closed, the teacher removed the
  // student): the activity is read again, is refused too, and the page says the activity ended.
  const tokenRefused = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: studentActivityKey(session) });
  }, [queryClient, session]);
  const api = useTempStudentApi(session.access, tokenRefused);
  const phonePhoto = usePhonePhoto(api);
  const activity = useStudentActivity(session);
  useDocumentTitle(t('code.solve-title'));

  const problemId = idParam(params, 'problem');
  // The code expired or the teacher removed the student: the module view says so and ends the activity.
  const ended =
    activity.isError ||
    (activity.data !== undefined && !activity.data.studentsData.some((s) => s.id === session.tempStudentId));
  const inActivity =
    problemId !== null && activity.data ? activity.data.problems.some((p) => p.id === problemId) : null;
  const backend = useMemo(
    () =>
      problemId === null
        ? null
        : new ApiBackend(api, problemId, { tempStudentId: session.tempStudentId, deadlinePassed: false }),
    [api, problemId, session.tempStudentId],
  );
  // A completed question changes the module view's check marks: read them again on return.
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: studentActivityKey(session) });
  }, [queryClient, session]);

  return (
    <div className="container">
      <div className="page code-solve">
        <h1 className="visually-hidden">{t('code.solve-title')}</h1>
        <Link className="code-back" to="/code/student">
          <span aria-hidden="true">←</span>
          {t('code.solve-back')}
        </Link>
        {ended ? (
          <Alert tone="danger">{t('code.session-ended')}</Alert>
        ) : problemId === null || inActivity === false ? (
          <Alert tone="info">{t('code.solve-not-in-activity')}</Alert>
        ) : backend && inActivity ? (
          <Solver
            key={problemId}
            backend={backend}
            lang={language}
            pictureBaseUrl={media.pictureBaseUrl}
            videoBaseUrl={media.videoBaseUrl}
            tempStudentId={session.tempStudentId}
            recognizeHandwriting={recognizeHandwriting}
            phonePhoto={phonePhoto}
            onNumeralComplete={refresh}
            onComplete={refresh}
          />
        ) : (
          <Spinner label={t('code.loading')} />
        )}
      </div>
    </div>
  );
}
