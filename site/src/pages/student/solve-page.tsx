import type { ApiClient } from '@kib/api-client';
import { preloadSolver } from '@kib/widgets/preload';
import { ApiBackend, Solver, type SolverBackend } from '@kib/widgets';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useApi } from '../../app/api';
import { useMediaAddresses } from '../../app/public-config';
import { useRecognizeHandwriting } from '../../app/handwriting';
import { usePhonePhoto } from '../../app/phone-photo';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { useDocumentTitle } from '../../ui/use-document-title';
import { takePrefetchedProblem } from './student-prefetch';
import { moduleStatus, STUDENT_CLASSROOMS_KEY, useStudentClassrooms } from './student-data';
import './solve-page.css';
import { idParam } from '../../app/query-id';

// The solver renders its consoles and the problem's statement with MathLive, which the page's head
// has announced: it starts loading as soon as this module runs, before the problem has arrived, so the
// statement never waits for (or downloads) a second math library.
preloadSolver();

/**
 * The solver's backend for one problem: it loads the problem at once (or takes the one its route's
 * loader asked for), and each check or hint is sent with what `deadlinePassed` says at that moment
 * (the student's classrooms may answer after the problem). `onProblem` hears about the problem once
 * it has loaded (for the page title).
 */
function solveBackend(
  api: ApiClient,
  problemId: number,
  demo: boolean,
  deadlinePassed: () => boolean,
  onProblem: (title: string | null) => void,
): SolverBackend {
  const current = () => new ApiBackend(api, problemId, { deadlinePassed: deadlinePassed(), demo });
  return {
    loadProblem: async () => {
      onProblem(null);
      // Asked for by the route's loader when the address was opened; when that failed (or for a
      // retry) the page asks itself, and reports what it gets.
      const early = takePrefetchedProblem(api, problemId);
      const problem = await (early ? early.catch(() => current().loadProblem()) : current().loadProblem());
      onProblem(problem.title);
      return problem;
    },
    completedNumerals: () => current().completedNumerals(),
    check: (input) => current().check(input),
    hints: (input) => current().hints(input),
  };
}

/** Where "back" leads: the page the problem was opened from, when it was one of the student's pages. */
function backPath(state: unknown, fallback: string): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && (from.startsWith('/student/') || from.startsWith('/demo/student'))
    ? from
    : fallback;
}

/**
 * The problem page (/student/solve and, without an account, /demo/student/modules/solve): the
 * widgets' solver against the site's API client. The problem comes from `?problem=`; in a module
 * (`&module=&classroom=`) the deadline is read from the student's classrooms, so answers after it are
 * flagged as not recorded (the server decides in the end). A completed numeral refreshes the
 * classrooms, so the module view shows the progress on return.
 */
export function SolvePage() {
  const t = useT();
  const { language } = useLanguage();
  const api = useApi();
  const media = useMediaAddresses();
  const recognizeHandwriting = useRecognizeHandwriting();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [params] = useSearchParams();
  const [problemTitle, setProblemTitle] = useState<string | null>(null);

  const demo = location.pathname.startsWith('/demo');
  const phonePhoto = usePhonePhoto(api, !demo);
  const problemId = idParam(params, 'problem');
  const numeralId = idParam(params, 'numeral');
  const moduleId = demo ? null : idParam(params, 'module');
  const classroomId = demo ? null : idParam(params, 'classroom');
  const inModule = moduleId !== null && classroomId !== null;

  const classrooms = useStudentClassrooms({ enabled: inModule });
  const status =
    inModule && classrooms.data ? moduleStatus(classrooms.data, moduleId, classroomId, new Date()) : null;
  const known = status ? !status.active : undefined;
  // The URL's flag only stands in when the classrooms cannot say (not loaded yet, or not assigned there).
  const deadlinePassed = known ?? params.get('deadline') === 'passed';
  const deadline = useRef(deadlinePassed);
  useEffect(() => {
    deadline.current = deadlinePassed;
  }, [deadlinePassed]);

  // The problem is asked for at once, beside the classrooms: an answer reads the deadline when sent.
  const backend = useMemo(
    () =>
      problemId === null ? null : solveBackend(api, problemId, demo, () => deadline.current, setProblemTitle),
    [api, problemId, demo],
  );

  // Named after the problem once it has loaded, so tabs and history say which problem this is.
  useDocumentTitle(problemId !== null && problemTitle ? problemTitle : t('student.solve-title'));

  const refreshClassrooms = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: STUDENT_CLASSROOMS_KEY });
  }, [queryClient]);

  const back = inModule
    ? {
        to: `/student/rendermodule?module=${moduleId}&classroom=${classroomId}`,
        label: t('student.solve-back-module'),
      }
    : {
        to: backPath(location.state, demo ? '/demo/student' : '/student/practice'),
        label: t('student.solve-back-problems'),
      };

  if (problemId === null) {
    return (
      <div className="container">
        <div className="page solve">
          <h1>{t('student.solve-heading')}</h1>
          <Alert tone="info">{t('student.solve-invalid-problem')}</Alert>
          <Link className="button button-primary" to={back.to}>
            {back.label}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="container">
      <div className="page solve">
        <h1 className="visually-hidden">{t('student.solve-heading')}</h1>
        <Link className="solve-back" to={back.to}>
          <span aria-hidden="true">←</span>
          {back.label}
        </Link>
        {deadlinePassed ? <Alert tone="warning">{t('student.solve-deadline-passed')}</Alert> : null}
        {backend ? (
          <Solver
            key={problemId}
            backend={backend}
            numeralId={numeralId}
            lang={language}
            pictureBaseUrl={media.pictureBaseUrl}
            videoBaseUrl={media.videoBaseUrl}
            deadlinePassed={deadlinePassed}
            recognizeHandwriting={recognizeHandwriting}
            phonePhoto={phonePhoto}
            onNumeralComplete={refreshClassrooms}
            onComplete={refreshClassrooms}
          />
        ) : null}
      </div>
    </div>
  );
}
